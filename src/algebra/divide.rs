//! The divides: `logical_divide` and its zipped, tiled and flat forms.
//!
//! CuTe's `logical_divide(l, t)` for a layout tiler is
//! `composition(l, make_layout(t, complement(t, shape(coalesce(l)))))`:
//! the tile `t`, then the layout of the tile's repetitions over `l`'s
//! (coalesced) domain. A by-mode tiler divides mode by mode and keeps the
//! modes it does not reach; `_` keeps the whole mode; an integer `n` is the
//! tile `n:1`. The other forms regroup the result (see [`Zip2By`] and
//! [`Unpacked`]).

use super::{
    Coalesce, Complement, Composition, TileUnzipped, Unpacked, UnpackedLayout, Zip2By, tile_unzip,
    unpack_layout,
};
use crate::error::LayoutError;
use crate::layout::{IntoParts, Layout, LayoutParts, MakeLayout, Underscore};
use crate::tuple::IntTuple;
use frunk_core::hlist::{HCons, HNil};

/// Divides the layout `L` by the tiler `Self`.
#[diagnostic::on_unimplemented(
    message = "logical_divide: `{Self}` cannot divide this layout",
    label = "a tiler is a layout, an integer, `_`, or a tuple of those with at most the layout's rank",
    note = "composition(l, make_layout(t, complement(t, shape(coalesce(l))))) must be admissible"
)]
pub trait DivideBy<L> {
    /// The divided layout.
    type Output: IntoParts;
    /// Divides, reporting a runtime value that breaks a condition.
    fn try_divide(self, l: L) -> Result<Self::Output, LayoutError>;
}

/// `make_layout(t, complement(t, domain))`: the tile `Self`, then the
/// layout of its repetitions over the domain shape `Dom`.
pub trait TileAndRest<Dom> {
    /// The two-mode layout.
    type Output;
    /// Builds it, checking runtime values.
    fn try_tile_and_rest(self, domain: Dom) -> Result<Self::Output, LayoutError>;
}
impl<TS: Copy, TD: Copy, Dom> TileAndRest<Dom> for Layout<TS, TD>
where
    Self: Complement<Dom>,
    <Self as Complement<Dom>>::Output: IntoParts,
{
    type Output = Layout<
        HCons<TS, HCons<<<Self as Complement<Dom>>::Output as LayoutParts>::Shape, HNil>>,
        HCons<TD, HCons<<<Self as Complement<Dom>>::Output as LayoutParts>::Stride, HNil>>,
    >;
    #[inline]
    fn try_tile_and_rest(self, domain: Dom) -> Result<Self::Output, LayoutError> {
        let (ts, td) = self.into_parts();
        let (rs, rd) = self.try_complement_to(domain)?.parts();
        Ok(Layout::from_parts(
            HCons {
                head: ts,
                tail: HCons {
                    head: rs,
                    tail: HNil,
                },
            },
            HCons {
                head: td,
                tail: HCons {
                    head: rd,
                    tail: HNil,
                },
            },
        ))
    }
}

/// `shape(coalesce(S:D))`.
type Domain<S, D> = <<S as Coalesce<D>>::Output as LayoutParts>::Shape;
/// The tile of a layout tiler `T` over the layout `S:D`.
type Tile<T, S, D> = <T as TileAndRest<Domain<S, D>>>::Output;

impl<S, D, TS, TD> DivideBy<Layout<S, D>> for Layout<TS, TD>
where
    S: IntTuple + Coalesce<D>,
    D: IntTuple,
    S::Output: IntoParts,
    Self: TileAndRest<Domain<S, D>>,
    Layout<S, D>: Composition<Tile<Self, S, D>>,
    <Layout<S, D> as Composition<Tile<Self, S, D>>>::Output: IntoParts,
{
    type Output = <Layout<S, D> as Composition<Tile<Self, S, D>>>::Output;
    #[inline]
    fn try_divide(self, l: Layout<S, D>) -> Result<Self::Output, LayoutError> {
        let domain = super::coalesce(l).parts().0;
        l.try_compose(self.try_tile_and_rest(domain)?)
    }
}
impl<L: IntoParts> DivideBy<L> for Underscore {
    type Output = L;
    #[inline(always)]
    fn try_divide(self, l: L) -> Result<L, LayoutError> {
        Ok(l)
    }
}
/// An integer tiler `n` is the tile `make_layout(n)`.
macro_rules! int_tiler {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<L, $($g)*> DivideBy<L> for $T
        where
            $T: MakeLayout,
            <$T as MakeLayout>::Output: DivideBy<L>,
        {
            type Output = <<$T as MakeLayout>::Output as DivideBy<L>>::Output;
            #[inline(always)]
            fn try_divide(self, l: L) -> Result<Self::Output, LayoutError> {
                self.make_layout().try_divide(l)
            }
        }
    )*};
}
crate::int::for_int_kinds!(int_tiler);
/// A by-mode tiler: the modes are divided one by one, and the layout's
/// modes beyond the tiler are kept.
impl<T0, TT, S, D> DivideBy<Layout<S, D>> for HCons<T0, TT>
where
    Self: DivideModes<S, D>,
    Layout<<Self as DivideModes<S, D>>::Shapes, <Self as DivideModes<S, D>>::Strides>: IntoParts,
{
    type Output = Layout<<Self as DivideModes<S, D>>::Shapes, <Self as DivideModes<S, D>>::Strides>;
    #[inline]
    fn try_divide(self, l: Layout<S, D>) -> Result<Self::Output, LayoutError> {
        let (s, d) = l.into_parts();
        let (s, d) = self.try_divide_modes(s, d)?;
        Ok(Layout::from_parts(s, d))
    }
}

/// A tiler may have at most as many modes as the layout, at every level.
///
/// The divide and product functions check this as a bound of their own,
/// beside a walk that tolerates extra modes, so that a tiler that is too
/// long is one error.
#[diagnostic::on_unimplemented(
    message = "too many modes in tiler: the tiler has more modes than the layout",
    label = "CuTe: \"Too many modes in tiler\"",
    note = "a by-mode tiler `tile![..]` divides (or multiplies) mode i of the layout by its mode i"
)]
pub trait TilerFits<S> {}
impl<S> TilerFits<S> for HNil {}
impl<T0: TilerFits<S0>, TT: TilerFits<ST>, S0, ST> TilerFits<HCons<S0, ST>> for HCons<T0, TT> {}
impl<S, TS, TD> TilerFits<S> for Layout<TS, TD> {}
impl<S> TilerFits<S> for Underscore {}
macro_rules! int_fits {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<S, $($g)*> TilerFits<S> for $T {}
    )*};
}
crate::int::for_int_kinds!(int_fits);

/// The by-mode walk of a tuple tiler over the modes `S:D`. Lengths that
/// do not fit are reported by [`TilerFits`]; here the extra tiler modes
/// are dropped so that there is one error.
pub trait DivideModes<S, D> {
    /// The result's shapes.
    type Shapes;
    /// The result's strides.
    type Strides;
    /// Divides mode by mode.
    fn try_divide_modes(self, s: S, d: D) -> Result<(Self::Shapes, Self::Strides), LayoutError>;
}
impl<S, D> DivideModes<S, D> for HNil {
    type Shapes = S;
    type Strides = D;
    #[inline(always)]
    fn try_divide_modes(self, s: S, d: D) -> Result<(S, D), LayoutError> {
        Ok((s, d))
    }
}
impl<T0, TT> DivideModes<HNil, HNil> for HCons<T0, TT> {
    type Shapes = HNil;
    type Strides = HNil;
    #[inline(always)]
    fn try_divide_modes(self, _: HNil, _: HNil) -> Result<(HNil, HNil), LayoutError> {
        Ok((HNil, HNil))
    }
}
impl<T0, TT, S0, ST, D0, DT> DivideModes<HCons<S0, ST>, HCons<D0, DT>> for HCons<T0, TT>
where
    T0: DivideBy<Layout<S0, D0>>,
    TT: DivideModes<ST, DT>,
{
    type Shapes = HCons<<T0::Output as LayoutParts>::Shape, TT::Shapes>;
    type Strides = HCons<<T0::Output as LayoutParts>::Stride, TT::Strides>;
    #[inline]
    fn try_divide_modes(
        self,
        s: HCons<S0, ST>,
        d: HCons<D0, DT>,
    ) -> Result<(Self::Shapes, Self::Strides), LayoutError> {
        let (s0, d0) = self
            .head
            .try_divide(Layout::from_parts(s.head, d.head))?
            .parts();
        let (st, dt) = self.tail.try_divide_modes(s.tail, d.tail)?;
        Ok((HCons { head: s0, tail: st }, HCons { head: d0, tail: dt }))
    }
}

/// The result type of [`logical_divide`].
pub type LogicalDivided<L, T> = <T as DivideBy<L>>::Output;
/// The result type of [`zipped_divide`].
pub type ZippedDivided<L, T> = <T as ZippedDivide<L>>::Zipped;
/// The result type of [`tiled_divide`].
pub type TiledDivided<L, T> = UnpackedLayout<
    <ZippedDivided<L, T> as LayoutParts>::Shape,
    <ZippedDivided<L, T> as LayoutParts>::Stride,
    false,
>;
/// The result type of [`flat_divide`].
pub type FlatDivided<L, T> = UnpackedLayout<
    <ZippedDivided<L, T> as LayoutParts>::Shape,
    <ZippedDivided<L, T> as LayoutParts>::Stride,
    true,
>;

/// Panics with the error of a runtime value (the `try_` forms return it).
#[track_caller]
pub(crate) fn ok_or_panic<T>(r: Result<T, LayoutError>) -> T {
    match r {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    }
}

/// CuTe's `logical_divide(l, tiler)`: `(tile, rest)` for a layout or
/// integer tiler, and mode by mode for a tuple tiler.
///
/// # Panics
/// When a runtime value breaks composition's conditions (static values are
/// checked at compile time); [`try_logical_divide`] returns the error.
///
/// ```
/// use cute_algebra::prelude::*;
/// let l = logical_divide(layout![(4, 2, 3) : (2, 1, 8)], layout![4 : 2]);
/// assert_eq!(l.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// ```
#[inline]
#[track_caller]
pub fn logical_divide<S, D, T: DivideBy<Layout<S, D>> + TilerFits<S>>(
    l: Layout<S, D>,
    tiler: T,
) -> LogicalDivided<Layout<S, D>, T> {
    ok_or_panic(tiler.try_divide(l))
}

/// [`logical_divide`], returning a runtime condition's failure as an error.
///
/// ```
/// use cute_algebra::prelude::*;
/// let n: i32 = 6;
/// assert!(try_logical_divide(layout![(n, 4) : (1, 7)], layout![8 : 1]).is_err());
/// ```
#[inline]
pub fn try_logical_divide<S, D, T: DivideBy<Layout<S, D>> + TilerFits<S>>(
    l: Layout<S, D>,
    tiler: T,
) -> Result<LogicalDivided<Layout<S, D>, T>, LayoutError> {
    tiler.try_divide(l)
}

/// The bounds shared by the zipped, tiled and flat divides.
pub trait ZippedDivide<L>: DivideBy<L> + Sized {
    /// The zipped result.
    type Zipped: IntoParts;
    /// Divides and zips.
    fn try_zipped(self, l: L) -> Result<Self::Zipped, LayoutError>;
}
impl<L, T> ZippedDivide<L> for T
where
    T: DivideBy<L>,
    <T::Output as LayoutParts>::Shape: Zip2By<T>,
    <T::Output as LayoutParts>::Stride: Zip2By<T>,
{
    type Zipped =
        TileUnzipped<<T::Output as LayoutParts>::Shape, <T::Output as LayoutParts>::Stride, T>;
    #[inline]
    fn try_zipped(self, l: L) -> Result<Self::Zipped, LayoutError> {
        let (s, d) = self.try_divide(l)?.parts();
        Ok(tile_unzip::<_, _, T>(Layout::from_parts(s, d)))
    }
}

/// CuTe's `zipped_divide(l, tiler)`: `((tiles…), (rests…, other modes…))`.
///
/// # Panics
/// As [`logical_divide`].
///
/// ```
/// use cute_algebra::prelude::*;
/// let l = zipped_divide(layout![(9, (4, 8)) : (59, (13, 1))], tile![3:3, (2,4):(1,8)]);
/// assert_eq!(l.to_string(), "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))");
/// ```
#[inline]
#[track_caller]
pub fn zipped_divide<S, D, T: ZippedDivide<Layout<S, D>> + TilerFits<S>>(
    l: Layout<S, D>,
    tiler: T,
) -> ZippedDivided<Layout<S, D>, T> {
    ok_or_panic(tiler.try_zipped(l))
}

/// CuTe's `tiled_divide(l, tiler)`: `((tiles…), rest0, rest1, …)`.
///
/// # Panics
/// As [`logical_divide`].
///
/// ```
/// use cute_algebra::prelude::*;
/// let (m, n) = (256, 512);
/// let l = tiled_divide(make_layout(shape![m, n]), shape![128, 64]);
/// assert_eq!(l.to_string(), "((_128,_64),2,8):((_1,256),_128,16384)");
/// ```
#[inline]
#[track_caller]
pub fn tiled_divide<S, D, T: ZippedDivide<Layout<S, D>> + TilerFits<S>>(
    l: Layout<S, D>,
    tiler: T,
) -> TiledDivided<Layout<S, D>, T>
where
    <ZippedDivided<Layout<S, D>, T> as LayoutParts>::Shape: Unpacked<false>,
    <ZippedDivided<Layout<S, D>, T> as LayoutParts>::Stride: Unpacked<false>,
{
    unpack_layout(zipped_divide(l, tiler))
}

/// CuTe's `flat_divide(l, tiler)`: `(tile0, tile1, …, rest0, rest1, …)`.
///
/// # Panics
/// As [`logical_divide`].
///
/// ```
/// use cute_algebra::prelude::*;
/// let l = flat_divide(layout![(8, 6) : (1, 8)], shape![2, 3]);
/// assert_eq!(l.to_string(), "(_2,_3,_4,_2):(_1,_8,_2,_24)");
/// ```
#[inline]
#[track_caller]
pub fn flat_divide<S, D, T: ZippedDivide<Layout<S, D>> + TilerFits<S>>(
    l: Layout<S, D>,
    tiler: T,
) -> FlatDivided<Layout<S, D>, T>
where
    <ZippedDivided<Layout<S, D>, T> as LayoutParts>::Shape: Unpacked<true>,
    <ZippedDivided<Layout<S, D>, T> as LayoutParts>::Stride: Unpacked<true>,
{
    unpack_layout(zipped_divide(l, tiler))
}
