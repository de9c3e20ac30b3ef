//! The right operand of a composition that is not a layout: `_`, an
//! integer `n` (the layout `n:_1`), or a by-mode tiler (`tile![..]` or a
//! shape), whose mode `i` composes with mode `i` of the left operand.

use super::{ComposeAfterStatic, Composition, CompositionRhs};
use crate::error::LayoutError;
use crate::layout::{Layout, Underscore};
use crate::tuple::cons;
use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, NonZero, P1, PInt, Unsigned, Z0};

/// `_`: the layout as it is.
impl<S, D> CompositionRhs<S, D> for Underscore {
    type Output = Layout<S, D>;
    #[inline(always)]
    fn compose_after(self, a: Layout<S, D>) -> Result<Self::Output, LayoutError> {
        Ok(a)
    }
}
crate::algebra::composition::walk_static!(impl<S, D, R> ComposeAfterStatic<S, D, R> for Underscore);

macro_rules! int_rhs {
    ($([$($g:tt)*] $N:ty),*) => {$(
        /// An integer `n`: the layout `n:_1`.
        impl<S, D, $($g)*> CompositionRhs<S, D> for $N
        where
            Layout<$N, P1>: CompositionRhs<S, D>,
        {
            type Output = <Layout<$N, P1> as CompositionRhs<S, D>>::Output;
            #[inline(always)]
            fn compose_after(self, a: Layout<S, D>) -> Result<Self::Output, LayoutError> {
                Layout::from_parts(self, P1::new()).compose_after(a)
            }
        }
        impl<S, D, R, $($g)*> ComposeAfterStatic<S, D, R> for $N
        where
            Layout<$N, P1>: ComposeAfterStatic<S, D, R>,
        {
            #[inline(always)]
            fn by_type<Res>(
                walk: impl FnOnce() -> Result<Res, LayoutError>,
                built: impl FnOnce(R) -> Res,
            ) -> Result<Res, LayoutError> {
                <Layout<$N, P1> as ComposeAfterStatic<S, D, R>>::by_type(walk, built)
            }
        }
    )*};
}
int_rhs!(
    [] i32,
    [] i64,
    [] Z0,
    [U: Unsigned + NonZero] PInt<U>,
    [U: Unsigned + NonZero] NInt<U>
);

/// A by-mode tiler: mode `i` of the result is `composition(mode i of A, tiler_i)`;
/// `A`'s modes beyond the tiler are dropped.
impl<S, D, T0, TT> CompositionRhs<S, D> for HCons<T0, TT>
where
    S: TopModes<D>,
    HCons<T0, TT>: ByMode<S::Shapes, S::Strides>,
{
    type Output = Layout<
        <HCons<T0, TT> as ByMode<S::Shapes, S::Strides>>::Shapes,
        <HCons<T0, TT> as ByMode<S::Shapes, S::Strides>>::Strides,
    >;
    #[inline(always)]
    fn compose_after(self, a: Layout<S, D>) -> Result<Self::Output, LayoutError> {
        let (s, d) = a.into_parts();
        let (s, d) = s.top_modes(d);
        let (rs, rd) = self.by_mode(s, d)?;
        Ok(Layout::from_parts(rs, rd))
    }
}
crate::algebra::composition::walk_static!(
    impl<S, D, R, T0, TT> ComposeAfterStatic<S, D, R> for HCons<T0, TT>
);

/// A layout's top-level modes as lists of shapes and strides (an integral
/// layout is its own single mode).
///
/// ```
/// use cute_algebra::algebra::TopModes;
/// use cute_algebra::prelude::*;
/// let (s, d) = int!(8).top_modes(int!(2));
/// assert_eq!((s.to_cute_string(), d.to_cute_string()), ("(_8)".into(), "(_2)".into()));
/// ```
pub trait TopModes<D> {
    /// The modes' shapes.
    type Shapes;
    /// The modes' strides.
    type Strides;
    /// Splits.
    fn top_modes(self, d: D) -> (Self::Shapes, Self::Strides);
}
impl<S: crate::int::Int, D> TopModes<D> for S {
    type Shapes = HCons<S, HNil>;
    type Strides = HCons<D, HNil>;
    #[inline(always)]
    fn top_modes(self, d: D) -> (Self::Shapes, Self::Strides) {
        (cons(self, HNil), cons(d, HNil))
    }
}
impl<H, T, D> TopModes<D> for HCons<H, T> {
    type Shapes = Self;
    type Strides = D;
    #[inline(always)]
    fn top_modes(self, d: D) -> (Self, D) {
        (self, d)
    }
}

/// The tiler `Self` applied to the modes `SL:DL`, mode by mode.
///
/// ```
/// use cute_algebra::algebra::ByMode;
/// use cute_algebra::prelude::*;
/// // composition((12,(4,8)):(59,(13,1)), (3,8)), by mode.
/// let (s, d) = shape![3, 8].by_mode(shape![12, (4, 8)], stride![59, (13, 1)]).unwrap();
/// assert_eq!((s.to_cute_string(), d.to_cute_string()), ("(_3,(_4,_2))".into(), "(_59,(_13,_1))".into()));
/// ```
#[diagnostic::on_unimplemented(
    message = "composition: the tiler has more modes than the layout it tiles",
    label = "CuTe: static_assert(tuple_size<Tiler>::value <= Layout::rank)"
)]
pub trait ByMode<SL, DL> {
    /// The result modes' shapes.
    type Shapes;
    /// The result modes' strides.
    type Strides;
    /// Composes each mode.
    fn by_mode(self, s: SL, d: DL) -> Result<(Self::Shapes, Self::Strides), LayoutError>;
}
impl<SL, DL> ByMode<SL, DL> for HNil {
    type Shapes = HNil;
    type Strides = HNil;
    #[inline(always)]
    fn by_mode(self, _: SL, _: DL) -> Result<(HNil, HNil), LayoutError> {
        Ok((HNil, HNil))
    }
}
impl<T0, TT, S0, ST, D0, DT, RS, RD> ByMode<HCons<S0, ST>, HCons<D0, DT>> for HCons<T0, TT>
where
    Layout<S0, D0>: Composition<T0, Output = Layout<RS, RD>>,
    TT: ByMode<ST, DT>,
{
    type Shapes = HCons<RS, TT::Shapes>;
    type Strides = HCons<RD, TT::Strides>;
    #[inline(always)]
    fn by_mode(
        self,
        s: HCons<S0, ST>,
        d: HCons<D0, DT>,
    ) -> Result<(Self::Shapes, Self::Strides), LayoutError> {
        let (rs, rd) = Layout::from_parts(s.head, d.head)
            .try_compose(self.head)?
            .into_parts();
        let (ts, td) = self.tail.by_mode(s.tail, d.tail)?;
        Ok((HCons { head: rs, tail: ts }, HCons { head: rd, tail: td }))
    }
}
