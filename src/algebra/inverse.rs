//! `right_inverse` and `left_inverse`, as in CuTe 4.x.
//!
//! Both start from `coalesce(l)` with its modes as `(stride, shape,
//! prefix product)` triples, sorted by stride with CuTe's exchange sort
//! (which is not stable: the order of equal strides follows CuTe).
//!
//! * `right_inverse` follows the chain of strides from 1: a mode whose
//!   stride equals the extent reached so far adds `shape : prefix product`,
//!   and the extent becomes `shape * stride`. The result is coalesced.
//! * `left_inverse` decodes an offset digit by digit: each non-zero stride
//!   `d` adds the mode `d / size : prefix product` (with `size` the product
//!   of the previous such shapes, and `d % size == 0` required), the first
//!   mode taking stride 0; the last sorted mode's shape closes the result.
//!
//! Strides must be static: the modes' order, and so the result's type,
//! would otherwise depend on runtime values (CuTe's `right_inverse`
//! silently drops runtime-stride modes; use
//! `cute_algebra::dynamic::DynLayout`). Runtime shapes are fine and follow
//! CuTe: after a runtime shape the extent is runtime, so `right_inverse`'s
//! chain stops there (the result is shorter than the largest possible one
//! but still a right inverse); `left_inverse` checks at run time the
//! condition that static shapes check at compile time.

use super::complement::passes;
use super::{BwStart, Coalesce};
use crate::error::LayoutError;
use crate::int::{Int, IntDiv, IntMul, Magnitude, Prod, Quot, RuntimeInt, UDivides};
use crate::layout::Layout;
use crate::tuple::AllStatic;
use crate::tuple::IntTuple;
use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, Cmp, Compare, Equal, Greater, Less, NInt, NonZero, P1, PInt, Unsigned, Z0};

// ---------------------------------------------------------------------------
// Public API

/// CuTe's `right_inverse(layout)`: the largest (in CuTe's sense) `R` with
/// `layout(R(i)) == i` for every `i < size(R)`.
///
/// The layout's strides must be static (a runtime stride does not compile:
/// the result's structure would depend on its value). After a runtime
/// shape the chain of strides stops, as in CuTe.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(right_inverse(layout![(4, 8) : (8, 1)]).to_string(), "(_8,_4):(_4,_1)");
/// assert_eq!(right_inverse(layout![(2, 4, 6) : (4, 1, 8)]).to_string(), "(_4,_2,_6):(_2,_1,_8)");
/// assert_eq!(right_inverse(layout![(4, 2) : (1, 5)]).to_string(), "_4:_1");
/// let n: i32 = 4;
/// assert_eq!(right_inverse(layout![(n, 2) : (1, 4)]).to_string(), "4:_1");
/// ```
///
/// # Panics
/// When a runtime extent is below 1, or the size overflows its type, as
/// `DynLayout` refuses such a layout; [`try_right_inverse`] returns the error.
#[inline(always)]
#[track_caller]
pub fn right_inverse<L: RightInverseLayout>(l: L) -> RightInverse<L>
where
    RightInverse<L>: RightInverseStaticStrides,
{
    crate::error::ok_or_panic(l.try_right_inverse_layout())
}

/// [`right_inverse`] without the panic: a runtime extent below 1 gives
/// [`LayoutError::ZeroSize`], a size beyond its type [`LayoutError::Overflow`].
///
/// ```
/// use cute_algebra::prelude::*;
/// let (ok, neg): (i32, i32) = (4, -2);
/// assert_eq!(try_right_inverse(layout![(ok, 2) : (1, 4)]).unwrap().to_string(), "4:_1");
/// assert!(try_right_inverse(layout![(8, neg) : (1, 8)]).is_err());
/// ```
#[inline(always)]
pub fn try_right_inverse<L: RightInverseLayout>(l: L) -> Result<RightInverse<L>, LayoutError>
where
    RightInverse<L>: RightInverseStaticStrides,
{
    l.try_right_inverse_layout()
}

/// CuTe's `left_inverse(layout)`: an `R` with `layout(R(layout(i))) ==
/// layout(i)` for every `i < size(layout)`.
///
/// The layout's strides must be static, each non-zero stride (in
/// increasing order) must be a multiple of the size gathered below it
/// (CuTe's "Left inverse divisibility condition"), and the modes with
/// non-zero strides must not overlap (where CuTe's result would be wrong).
/// Where the overlap depends on a runtime shape, it is decided at run time:
/// a mode of runtime extent 1 inside the previous one is skipped (it is no
/// part of the layout's function), as `DynLayout` does.
///
/// # Panics
/// When runtime shapes make the modes overlap; [`try_left_inverse`]
/// returns the error instead.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(left_inverse(layout![(4, 8) : (8, 1)]).to_string(), "(_8,_4):(_4,_1)");
/// assert_eq!(left_inverse(layout![4 : 2]).to_string(), "(_2,_4):(_0,_1)");
/// assert_eq!(left_inverse(layout![(2, (2, 3)) : (3, (1, 6))]).to_string(), "(_3,_2,_3):(_2,_1,_4)");
/// let n: i32 = 4;
/// assert_eq!(left_inverse(layout![(n, 2) : (1, 4)]).to_string(), "(_4,_2):(_1,4)");
/// let m: i32 = 1; // CuTe C++: (_4,1):(_1,_8), no left inverse
/// assert_eq!(left_inverse(layout![(8, m) : (1, 4)]).to_string(), "_8:_1");
/// ```
#[inline(always)]
#[track_caller]
pub fn left_inverse<L: LeftInverseLayout>(l: L) -> LeftInverse<L>
where
    LeftInverse<L>: LeftInverseStaticStrides + LeftInverseDivisible + LeftInverseModesDoNotOverlap,
{
    crate::error::ok_or_panic(l.try_left_inverse_layout())
}

/// [`left_inverse`] without the panic: runtime shapes that make the modes
/// overlap give [`LayoutError::NotInjective`].
///
/// ```
/// use cute_algebra::prelude::*;
/// let (ok, overlap): (i32, i32) = (4, 8);
/// assert_eq!(try_left_inverse(layout![(ok, 2) : (1, 4)]).unwrap().to_string(), "(_4,_2):(_1,4)");
/// assert!(try_left_inverse(layout![(overlap, 2) : (1, 4)]).is_err());
/// ```
#[inline(always)]
pub fn try_left_inverse<L: LeftInverseLayout>(l: L) -> Result<LeftInverse<L>, LayoutError>
where
    LeftInverse<L>: LeftInverseStaticStrides + LeftInverseDivisible + LeftInverseModesDoNotOverlap,
{
    l.try_left_inverse_layout()
}

/// The result type of [`right_inverse`].
///
/// ```
/// use cute_algebra::algebra::RightInverse;
/// use cute_algebra::prelude::*;
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(RightInverse<Layout![(4, 8) : (8, 1)]>, Layout![(8, 4) : (4, 1)]);
/// ```
pub type RightInverse<L> = <L as RightInverseLayout>::Output;

/// The result type of [`left_inverse`].
///
/// ```
/// use cute_algebra::algebra::LeftInverse;
/// use cute_algebra::prelude::*;
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(LeftInverse<Layout![4 : 2]>, Layout![(2, 4) : (0, 1)]);
/// ```
pub type LeftInverse<L> = <L as LeftInverseLayout>::Output;

/// [`right_inverse`] as a trait on the layout. `Output` is the result, or
/// [`RightInverseRuntimeStride`] (rejected by [`RightInverseStaticStrides`]).
///
/// ```
/// use cute_algebra::algebra::RightInverseLayout;
/// use cute_algebra::prelude::*;
/// assert_eq!(layout![(8, 4) : (4, 1)].right_inverse_layout().to_string(), "(_4,_8):(_8,_1)");
/// ```
pub trait RightInverseLayout {
    /// The right inverse, or a marker.
    type Output;
    /// Computes it, without the runtime checks.
    fn right_inverse_layout(self) -> Self::Output;
    /// Computes it, checking that every runtime extent is at least 1 and
    /// that the size fits its type.
    fn try_right_inverse_layout(self) -> Result<Self::Output, LayoutError>;
}
impl<S: IntTuple + Coalesce<D>, D: IntTuple> RightInverseLayout for Layout<S, D>
where
    S::Output: InverseModes,
    <S::Output as InverseModes>::Strides: AllStatic,
    StaticStrides<S::Output>: RightInverseStart<S::Output>,
{
    type Output = <StaticStrides<S::Output> as RightInverseStart<S::Output>>::Output;
    #[inline(always)]
    fn right_inverse_layout(self) -> Self::Output {
        <StaticStrides<S::Output> as RightInverseStart<S::Output>>::start(
            self.shape().coalesce(self.stride()),
        )
    }
    #[inline(always)]
    fn try_right_inverse_layout(self) -> Result<Self::Output, LayoutError> {
        super::check_shape(self.shape(), "right_inverse")?;
        Ok(self.right_inverse_layout())
    }
}

/// [`left_inverse`] as a trait on the layout. `Output` is the result, or a
/// marker naming the broken condition (rejected by the checks).
///
/// ```
/// use cute_algebra::algebra::LeftInverseLayout;
/// use cute_algebra::prelude::*;
/// let r = layout![(4, 2) : (1, 5)].try_left_inverse_layout().unwrap();
/// assert_eq!(r.to_string(), "(_5,_2):(_1,_4)");
/// ```
pub trait LeftInverseLayout {
    /// The left inverse, or a marker.
    type Output;
    /// Computes it, checking runtime values.
    fn try_left_inverse_layout(self) -> Result<Self::Output, LayoutError>;
}
impl<S: IntTuple + Coalesce<D>, D: IntTuple> LeftInverseLayout for Layout<S, D>
where
    S::Output: InverseModes,
    <S::Output as InverseModes>::Strides: AllStatic,
    StaticStrides<S::Output>: LeftInverseStart<S::Output>,
{
    type Output = <StaticStrides<S::Output> as LeftInverseStart<S::Output>>::Output;
    #[inline(always)]
    fn try_left_inverse_layout(self) -> Result<Self::Output, LayoutError> {
        super::check_shape(self.shape(), "left_inverse")?;
        <StaticStrides<S::Output> as LeftInverseStart<S::Output>>::start(
            self.shape().coalesce(self.stride()),
        )
    }
}

/// `B1` when the coalesced layout `L` has static strides only.
type StaticStrides<L> = <<L as InverseModes>::Strides as AllStatic>::Is;

// ---------------------------------------------------------------------------
// Markers and checks

/// Marker outcome of [`right_inverse`]: a runtime stride.
///
/// ```
/// use cute_algebra::algebra::{RightInverse, RightInverseRuntimeStride};
/// use cute_algebra::prelude::*;
/// use cute_algebra::typenum::P1;
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(RightInverse<Layout<Shape![4, 2], HList![P1, i32]>>, RightInverseRuntimeStride);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct RightInverseRuntimeStride;
/// Marker outcome of [`left_inverse`]: a runtime stride.
///
/// ```
/// use cute_algebra::algebra::{LeftInverse, LeftInverseRuntimeStride};
/// use cute_algebra::prelude::*;
/// use cute_algebra::typenum::P1;
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(LeftInverse<Layout<Shape![4, 2], HList![P1, i32]>>, LeftInverseRuntimeStride);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct LeftInverseRuntimeStride;
/// Marker outcome of [`left_inverse`]: a stride not a multiple of the size below it.
///
/// ```
/// use cute_algebra::algebra::{LeftInverse, LeftInverseNotDivisible};
/// use cute_algebra::prelude::*;
/// use cute_algebra::typenum::P1;
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(LeftInverse<Layout![(2, 2) : (2, 5)]>, LeftInverseNotDivisible);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct LeftInverseNotDivisible;
/// Marker outcome of [`left_inverse`]: overlapping or interleaved modes.
///
/// ```
/// use cute_algebra::algebra::{LeftInverse, LeftInverseOverlap};
/// use cute_algebra::prelude::*;
/// use cute_algebra::typenum::P1;
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(LeftInverse<Layout![(2, 6) : (30, 6)]>, LeftInverseOverlap);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct LeftInverseOverlap;

/// Holds unless the layout has a runtime stride.
///
/// ```compile_fail
/// use cute_algebra::prelude::*;
/// let d: i32 = 4;
/// let _ = right_inverse(layout![(4, 2) : (1, d)]); // use DynLayout
/// ```
#[diagnostic::on_unimplemented(
    message = "right_inverse: the result's structure would depend on runtime values: the layout has a runtime stride",
    label = "which modes chain up from stride 1, and in which order, depends on the runtime stride",
    note = "CuTe silently leaves out the modes with runtime strides; use `DynLayout` (cute_algebra::dynamic) for runtime strides"
)]
pub trait RightInverseStaticStrides {}
passes!(RightInverseStaticStrides:);

/// Holds unless the layout has a runtime stride.
///
/// ```compile_fail
/// use cute_algebra::prelude::*;
/// let d: i32 = 8;
/// let _ = left_inverse(layout![(4, 8) : (d, 1)]); // use DynLayout
/// ```
#[diagnostic::on_unimplemented(
    message = "left_inverse: the result's structure would depend on runtime values: the layout has a runtime stride",
    label = "the order of the modes, and so the result's type, depends on the runtime stride",
    note = "CuTe: \"Left inverse requires static strides.\"; use `DynLayout` (cute_algebra::dynamic) for runtime strides"
)]
pub trait LeftInverseStaticStrides {}
/// Holds unless a stride breaks the divisibility condition.
///
/// ```compile_fail
/// use cute_algebra::prelude::*;
/// let _ = left_inverse(layout![(2, 2) : (2, 5)]); // 5 is not a multiple of 2
/// ```
#[diagnostic::on_unimplemented(
    message = "left_inverse: divisibility condition fails: sorted by stride, a non-zero stride is not a multiple of the product of the result's shapes below it",
    label = "offsets cannot be decoded digit by digit",
    note = "CuTe: \"Left inverse divisibility condition\""
)]
pub trait LeftInverseDivisible {}
/// Holds unless the modes with non-zero strides overlap.
///
/// ```compile_fail
/// use cute_algebra::prelude::*;
/// let _ = left_inverse(layout![(2, 6) : (30, 6)]); // 30 < 6 * 6
/// ```
#[diagnostic::on_unimplemented(
    message = "left_inverse: the layout's modes overlap or interleave: sorted by stride, a non-zero stride is below the previous stride times its shape (or follows a negative stride)",
    label = "no layout R gives L(R(L(i))) == L(i) by decoding offsets digit by digit",
    note = "CuTe returns a layout that breaks L(R(L(i))) == L(i) here, e.g. for `(2,6):(30,6)`"
)]
pub trait LeftInverseModesDoNotOverlap {}

passes!(LeftInverseStaticStrides: LeftInverseNotDivisible, LeftInverseOverlap);
passes!(LeftInverseDivisible: LeftInverseRuntimeStride, LeftInverseOverlap);
passes!(LeftInverseModesDoNotOverlap: LeftInverseRuntimeStride, LeftInverseNotDivisible);

// ---------------------------------------------------------------------------
// The coalesced modes as (stride, shape, prefix product) triples

/// The coalesced layout's modes: strides, and `(stride, shape, prefix
/// product)` triples (CuTe's `wrap` of an integer layout, then
/// `preprod_shape`).
///
/// ```
/// use cute_algebra::algebra::InverseModes;
/// use cute_algebra::prelude::*;
/// let t = layout![(2, 4) : (4, 1)].triples();
/// assert_eq!(t.head, (int!(4), int!(2), int!(1)));
/// assert_eq!(t.tail.head, (int!(1), int!(4), int!(2)));
/// ```
pub trait InverseModes {
    /// The strides, as a flat tuple.
    type Strides;
    /// The triples.
    type Triples;
    /// Builds the triples.
    fn triples(self) -> Self::Triples;
}
impl<S: Int, D: Int> InverseModes for Layout<S, D> {
    type Strides = HCons<D, HNil>;
    type Triples = HCons<(D, S, P1), HNil>;
    #[inline(always)]
    fn triples(self) -> Self::Triples {
        HCons {
            head: (self.stride(), self.shape(), P1::new()),
            tail: HNil,
        }
    }
}
impl<S0, ST, D0, DT> InverseModes for Layout<HCons<S0, ST>, HCons<D0, DT>>
where
    HCons<S0, ST>: IntTuple + Triples<HCons<D0, DT>, P1>,
    HCons<D0, DT>: IntTuple,
{
    type Strides = HCons<D0, DT>;
    type Triples = <HCons<S0, ST> as Triples<HCons<D0, DT>, P1>>::Output;
    #[inline(always)]
    fn triples(self) -> Self::Triples {
        self.shape().triples(self.stride(), P1::new())
    }
}

/// The triples of the shapes `Self` with strides `D`, the prefix product
/// starting at `P`.
#[doc(hidden)]
pub trait Triples<D, P> {
    /// The triples.
    type Output;
    /// Builds them.
    fn triples(self, stride: D, prefix: P) -> Self::Output;
}
impl<P> Triples<HNil, P> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn triples(self, _: HNil, _: P) -> HNil {
        HNil
    }
}
impl<S0: IntMul<P>, ST: Triples<DT, Prod<S0, P>>, D0, DT, P: Int> Triples<HCons<D0, DT>, P>
    for HCons<S0, ST>
{
    type Output = HCons<(D0, S0, P), ST::Output>;
    #[inline(always)]
    fn triples(self, stride: HCons<D0, DT>, prefix: P) -> Self::Output {
        HCons {
            head: (stride.head, self.head, prefix),
            // Wrapping: the inverses check first that the size fits, and
            // a prefix product never exceeds it.
            tail: self
                .tail
                .triples(stride.tail, self.head.mul_wrapping(prefix)),
        }
    }
}

// ---------------------------------------------------------------------------
// CuTe's exchange sort by stride

/// CuTe's `exchange_sort` of the triples by stride: for each position, every
/// later triple with a smaller stride is swapped in. (Not stable: CuTe's
/// order of equal strides, which `right_inverse` can observe.)
///
/// ```
/// use cute_algebra::algebra::{ExchangeSort, InverseModes};
/// use cute_algebra::prelude::*;
/// // Strides (2, 2, 1): CuTe's order is the third mode, then the second, then the first.
/// let sorted = layout![(3, 5, 2) : (2, 2, 1)].triples().exchange_sort();
/// assert_eq!(sorted.head.1.value(), 2);
/// assert_eq!(sorted.tail.head.1.value(), 5);
/// assert_eq!(sorted.tail.tail.head.1.value(), 3);
/// ```
pub trait ExchangeSort {
    /// The sorted triples.
    type Output;
    /// Sorts.
    fn exchange_sort(self) -> Self::Output;
}
impl ExchangeSort for HNil {
    type Output = HNil;
    #[inline(always)]
    fn exchange_sort(self) -> HNil {
        HNil
    }
}
impl<H, T: ExchangePass<H>> ExchangeSort for HCons<H, T>
where
    T::Rest: ExchangeSort,
{
    type Output = HCons<T::Min, <T::Rest as ExchangeSort>::Output>;
    #[inline(always)]
    fn exchange_sort(self) -> Self::Output {
        let (min, rest) = self.tail.pass(self.head);
        HCons {
            head: min,
            tail: rest.exchange_sort(),
        }
    }
}

/// One row of the exchange sort: `H` at the current position meets each
/// triple of `Self`, swapping with a smaller one.
#[doc(hidden)]
pub trait ExchangePass<H> {
    /// What ends at the current position.
    type Min;
    /// The rest of the list after the row.
    type Rest;
    /// Runs the row.
    fn pass(self, h: H) -> (Self::Min, Self::Rest);
}
impl<H> ExchangePass<H> for HNil {
    type Min = H;
    type Rest = HNil;
    #[inline(always)]
    fn pass(self, h: H) -> (H, HNil) {
        (h, HNil)
    }
}
impl<HD, HS, HP, XD: Cmp<HD>, XS, XP, T> ExchangePass<(HD, HS, HP)> for HCons<(XD, XS, XP), T>
where
    Compare<XD, HD>: SwapIf<(HD, HS, HP), (XD, XS, XP), T>,
{
    type Min = <Compare<XD, HD> as SwapIf<(HD, HS, HP), (XD, XS, XP), T>>::Min;
    type Rest = <Compare<XD, HD> as SwapIf<(HD, HS, HP), (XD, XS, XP), T>>::Rest;
    #[inline(always)]
    fn pass(self, h: (HD, HS, HP)) -> (Self::Min, Self::Rest) {
        <Compare<XD, HD> as SwapIf<(HD, HS, HP), (XD, XS, XP), T>>::swap_if(h, self.head, self.tail)
    }
}
/// The comparison's branch of [`ExchangePass`]: `Less` swaps.
#[doc(hidden)]
pub trait SwapIf<H, X, T> {
    /// What ends at the current position.
    type Min;
    /// The rest of the list after the row.
    type Rest;
    /// Continues the row.
    fn swap_if(h: H, x: X, rest: T) -> (Self::Min, Self::Rest);
}
impl<H, X, T: ExchangePass<X>> SwapIf<H, X, T> for Less {
    type Min = T::Min;
    type Rest = HCons<H, T::Rest>;
    #[inline(always)]
    fn swap_if(h: H, x: X, rest: T) -> (Self::Min, Self::Rest) {
        let (min, rest) = rest.pass(x);
        (
            min,
            HCons {
                head: h,
                tail: rest,
            },
        )
    }
}
macro_rules! keep {
    ($($O:ty),*) => {$(
        impl<H, X, T: ExchangePass<H>> SwapIf<H, X, T> for $O {
            type Min = T::Min;
            type Rest = HCons<X, T::Rest>;
            #[inline(always)]
            fn swap_if(h: H, x: X, rest: T) -> (Self::Min, Self::Rest) {
                let (min, rest) = rest.pass(h);
                (min, HCons { head: x, tail: rest })
            }
        }
    )*};
}
keep!(Equal, Greater);

// ---------------------------------------------------------------------------
// right_inverse

/// Starts `right_inverse` on the coalesced layout `L`, by the verdict of
/// [`AllStatic`] on its strides.
#[doc(hidden)]
pub trait RightInverseStart<L> {
    /// The right inverse, or a marker.
    type Output;
    /// Computes it.
    fn start(l: L) -> Self::Output;
}
impl<L> RightInverseStart<L> for B0 {
    type Output = RightInverseRuntimeStride;
    #[inline(always)]
    fn start(_: L) -> Self::Output {
        RightInverseRuntimeStride
    }
}
impl<L: InverseModes> RightInverseStart<L> for B1
where
    L::Triples: ExchangeSort,
    <L::Triples as ExchangeSort>::Output: RightInverseFold<P1, HCons<P1, HNil>, HCons<Z0, HNil>>,
{
    type Output = <<L::Triples as ExchangeSort>::Output as RightInverseFold<
        P1,
        HCons<P1, HNil>,
        HCons<Z0, HNil>,
    >>::Output;
    #[inline(always)]
    fn start(l: L) -> Self::Output {
        let acc_s = HCons {
            head: P1::new(),
            tail: HNil,
        };
        let acc_d = HCons {
            head: Z0::new(),
            tail: HNil,
        };
        l.triples().exchange_sort().fold(P1::new(), acc_s, acc_d)
    }
}

/// Walks the sorted triples with the extent `Curr`, collecting the modes
/// `shape : prefix product` of the chain on the reversed lists `AS:AD`;
/// the result is their coalesced layout.
#[doc(hidden)]
pub trait RightInverseFold<Curr, AS, AD> {
    /// The right inverse.
    type Output;
    /// Continues the walk.
    fn fold(self, curr: Curr, acc_s: AS, acc_d: AD) -> Self::Output;
}
impl<Curr, AS: BwStart<AD>, AD> RightInverseFold<Curr, AS, AD> for HNil {
    type Output = AS::Output;
    #[inline(always)]
    fn fold(self, _: Curr, acc_s: AS, acc_d: AD) -> Self::Output {
        acc_s.bw_start(acc_d)
    }
}
impl<X, T, Curr: RightInverseStep<X, T, AS, AD>, AS, AD> RightInverseFold<Curr, AS, AD>
    for HCons<X, T>
{
    type Output = Curr::Output;
    #[inline(always)]
    fn fold(self, curr: Curr, acc_s: AS, acc_d: AD) -> Self::Output {
        curr.step(self.head, self.tail, acc_s, acc_d)
    }
}

/// The triple `X` against the extent `Self`: a static extent compares, a
/// runtime one ends the chain (CuTe's `is_constant<stride, curr>` is false).
#[doc(hidden)]
pub trait RightInverseStep<X, T, AS, AD> {
    /// The right inverse.
    type Output;
    /// Continues the walk over `rest`.
    fn step(self, x: X, rest: T, acc_s: AS, acc_d: AD) -> Self::Output;
}
impl<R: RuntimeInt, X, T, AS: BwStart<AD>, AD> RightInverseStep<X, T, AS, AD> for R {
    type Output = AS::Output;
    #[inline(always)]
    fn step(self, _: X, _: T, acc_s: AS, acc_d: AD) -> Self::Output {
        acc_s.bw_start(acc_d)
    }
}
impl<U: Unsigned + NonZero, D: Cmp<PInt<U>>, S, P, T, AS, AD> RightInverseStep<(D, S, P), T, AS, AD>
    for PInt<U>
where
    Compare<D, PInt<U>>: RightInverseLink<PInt<U>, (D, S, P), T, AS, AD>,
{
    type Output = <Compare<D, PInt<U>> as RightInverseLink<PInt<U>, (D, S, P), T, AS, AD>>::Output;
    #[inline(always)]
    fn step(self, x: (D, S, P), rest: T, acc_s: AS, acc_d: AD) -> Self::Output {
        <Compare<D, PInt<U>> as RightInverseLink<PInt<U>, (D, S, P), T, AS, AD>>::link(
            self, x, rest, acc_s, acc_d,
        )
    }
}

/// The branch of a static step: an equal stride links the mode into the chain.
#[doc(hidden)]
pub trait RightInverseLink<Curr, X, T, AS, AD> {
    /// The right inverse.
    type Output;
    /// Continues the walk.
    fn link(curr: Curr, x: X, rest: T, acc_s: AS, acc_d: AD) -> Self::Output;
}
impl<Curr, D: Int, S: IntMul<D>, P, T, AS, AD> RightInverseLink<Curr, (D, S, P), T, AS, AD>
    for Equal
where
    T: RightInverseFold<Prod<S, D>, HCons<S, AS>, HCons<P, AD>>,
{
    type Output = T::Output;
    #[inline(always)]
    fn link(_: Curr, (d, s, p): (D, S, P), rest: T, acc_s: AS, acc_d: AD) -> Self::Output {
        let acc_s = HCons {
            head: s,
            tail: acc_s,
        };
        rest.fold(
            // Wrapping: a runtime extent ends the chain unused (only a
            // static one is compared with the next stride).
            s.mul_wrapping(d),
            acc_s,
            HCons {
                head: p,
                tail: acc_d,
            },
        )
    }
}
macro_rules! skip {
    ($($O:ty),*) => {$(
        impl<Curr, X, T: RightInverseFold<Curr, AS, AD>, AS, AD> RightInverseLink<Curr, X, T, AS, AD> for $O {
            type Output = T::Output;
            #[inline(always)]
            fn link(curr: Curr, _: X, rest: T, acc_s: AS, acc_d: AD) -> Self::Output {
                rest.fold(curr, acc_s, acc_d)
            }
        }
    )*};
}
skip!(Less, Greater);

// ---------------------------------------------------------------------------
// left_inverse

/// Starts `left_inverse` on the coalesced layout `L`, by the verdict of
/// [`AllStatic`] on its strides.
#[doc(hidden)]
pub trait LeftInverseStart<L> {
    /// The left inverse, or a marker.
    type Output;
    /// Computes it.
    fn start(l: L) -> Result<Self::Output, LayoutError>;
}
impl<L> LeftInverseStart<L> for B0 {
    type Output = LeftInverseRuntimeStride;
    #[inline(always)]
    fn start(_: L) -> Result<Self::Output, LayoutError> {
        Err(LayoutError::BadArgument {
            op: "left_inverse",
            msg: "a runtime stride",
        })
    }
}
impl<L: InverseModes> LeftInverseStart<L> for B1
where
    L::Triples: ExchangeSort,
    <L::Triples as ExchangeSort>::Output:
        LeftInverseFold<NoPrev, NoPrev, P1, HNil, HCons<Z0, HNil>>,
{
    type Output = <<L::Triples as ExchangeSort>::Output as LeftInverseFold<
        NoPrev,
        NoPrev,
        P1,
        HNil,
        HCons<Z0, HNil>,
    >>::Output;
    #[inline(always)]
    fn start(l: L) -> Result<Self::Output, LayoutError> {
        let acc_d = HCons {
            head: Z0::new(),
            tail: HNil,
        };
        let w = LeftWalk {
            rest: (),
            size: P1::new(),
            acc_s: HNil,
            acc_d,
        };
        l.triples().exchange_sort().fold(NoPrev, NoPrev, w)
    }
}

/// No previous mode with a non-zero stride yet (and no last shape yet).
#[derive(Clone, Copy, Debug, Default)]
#[doc(hidden)]
pub struct NoPrev;

/// Walks the sorted triples with the previous non-zero-stride mode `Prev`
/// (as `(shape, stride)`), the last shape seen `Last`, the product `Size`
/// of the result's shapes so far and the reversed result lists `AS:AD`.
#[doc(hidden)]
pub trait LeftInverseFold<Prev, Last, Size, AS, AD> {
    /// The left inverse, or a marker.
    type Output;
    /// Continues the walk.
    fn fold(
        self,
        prev: Prev,
        last: Last,
        w: LeftWalk<(), Size, AS, AD>,
    ) -> Result<Self::Output, LayoutError>;
}
/// The end: the last sorted mode's shape closes the result, then coalesce.
impl<Prev, Last, Size, AS, AD> LeftInverseFold<Prev, Last, Size, AS, AD> for HNil
where
    HCons<Last, AS>: BwStart<AD>,
{
    type Output = <HCons<Last, AS> as BwStart<AD>>::Output;
    #[inline(always)]
    fn fold(
        self,
        _: Prev,
        last: Last,
        w: LeftWalk<(), Size, AS, AD>,
    ) -> Result<Self::Output, LayoutError> {
        Ok(HCons {
            head: last,
            tail: w.acc_s,
        }
        .bw_start(w.acc_d))
    }
}
impl<D, S, P, T, Prev, Last, Size, AS, AD> LeftInverseFold<Prev, Last, Size, AS, AD>
    for HCons<(D, S, P), T>
where
    D: LeftInverseStep<(S, P), Prev, LeftWalk<T, Size, AS, AD>>,
{
    type Output = D::Output;
    #[inline(always)]
    fn fold(
        self,
        prev: Prev,
        _: Last,
        w: LeftWalk<(), Size, AS, AD>,
    ) -> Result<Self::Output, LayoutError> {
        let (d, s, p) = self.head;
        let LeftWalk {
            size, acc_s, acc_d, ..
        } = w;
        d.step(
            (s, p),
            prev,
            LeftWalk {
                rest: self.tail,
                size,
                acc_s,
                acc_d,
            },
        )
    }
}

/// The walk around one triple: the triples still to visit, the product of
/// the result's shapes so far, and the reversed result lists.
#[derive(Clone, Copy, Debug)]
#[doc(hidden)]
pub struct LeftWalk<T, Size, AS, AD> {
    rest: T,
    size: Size,
    acc_s: AS,
    acc_d: AD,
}

/// One triple `(Self, S, P)`, by its stride `Self`: zero is skipped,
/// anything else must be a multiple of the size so far and must not
/// overlap `Prev`.
#[doc(hidden)]
pub trait LeftInverseStep<SP, Prev, W> {
    /// The left inverse, or a marker.
    type Output;
    /// Continues the walk.
    fn step(self, sp: SP, prev: Prev, w: W) -> Result<Self::Output, LayoutError>;
}
impl<S, P, Prev, T, Size, AS, AD> LeftInverseStep<(S, P), Prev, LeftWalk<T, Size, AS, AD>> for Z0
where
    T: LeftInverseFold<Prev, S, Size, AS, AD>,
{
    type Output = T::Output;
    #[inline(always)]
    fn step(
        self,
        (s, _): (S, P),
        prev: Prev,
        w: LeftWalk<T, Size, AS, AD>,
    ) -> Result<T::Output, LayoutError> {
        let LeftWalk {
            rest,
            size,
            acc_s,
            acc_d,
        } = w;
        rest.fold(
            prev,
            s,
            LeftWalk {
                rest: (),
                size,
                acc_s,
                acc_d,
            },
        )
    }
}
macro_rules! nonzero_step {
    ($($T:ident),*) => {$(
        /// A non-zero static stride: the divisibility verdict on the magnitudes.
        impl<U: Unsigned + NonZero, SP, Prev, T, Size: Magnitude, AS, AD>
            LeftInverseStep<SP, Prev, LeftWalk<T, Size, AS, AD>> for $T<U>
        where
            U: UDivides<<Size as Magnitude>::Output>,
            Divides<U, Size>: LeftInverseDivides<$T<U>, SP, Prev, LeftWalk<T, Size, AS, AD>>,
        {
            type Output =
                <Divides<U, Size> as LeftInverseDivides<$T<U>, SP, Prev, LeftWalk<T, Size, AS, AD>>>::Output;
            #[inline(always)]
            fn step(self, sp: SP, prev: Prev, w: LeftWalk<T, Size, AS, AD>) -> Result<Self::Output, LayoutError> {
                <Divides<U, Size> as LeftInverseDivides<$T<U>, SP, Prev, LeftWalk<T, Size, AS, AD>>>::divides(
                    self, sp, prev, w,
                )
            }
        }
    )*};
}
nonzero_step!(PInt, NInt);
/// `B1` when the magnitude `U` is a multiple of `|Size|`.
type Divides<U, Size> = <U as UDivides<<Size as Magnitude>::Output>>::Output;

/// The divisibility verdict's branch.
#[doc(hidden)]
pub trait LeftInverseDivides<D, SP, Prev, W> {
    /// The left inverse, or a marker.
    type Output;
    /// Continues the walk.
    fn divides(d: D, sp: SP, prev: Prev, w: W) -> Result<Self::Output, LayoutError>;
}
impl<D, SP, Prev, W> LeftInverseDivides<D, SP, Prev, W> for B0 {
    type Output = LeftInverseNotDivisible;
    #[inline(always)]
    fn divides(_: D, _: SP, _: Prev, _: W) -> Result<Self::Output, LayoutError> {
        Err(LayoutError::BadArgument {
            op: "left_inverse",
            msg: "divisibility condition",
        })
    }
}
impl<D, SP, Prev: LeftInverseAfter<D, SP, W>, W> LeftInverseDivides<D, SP, Prev, W> for B1 {
    type Output = Prev::Output;
    #[inline(always)]
    fn divides(d: D, sp: SP, prev: Prev, w: W) -> Result<Self::Output, LayoutError> {
        prev.after(d, sp, w)
    }
}

/// The overlap check of the stride `D` against the previous non-zero-stride
/// mode `Self`, then the push.
#[doc(hidden)]
pub trait LeftInverseAfter<D, SP, W> {
    /// The left inverse, or a marker.
    type Output;
    /// Continues the walk.
    fn after(self, d: D, sp: SP, w: W) -> Result<Self::Output, LayoutError>;
}
impl<D: LeftInversePush<SP, W>, SP, W> LeftInverseAfter<D, SP, W> for NoPrev {
    type Output = D::Output;
    #[inline(always)]
    fn after(self, d: D, sp: SP, w: W) -> Result<Self::Output, LayoutError> {
        d.push(sp, w)
    }
}
/// After a negative stride, any further non-zero stride overlaps.
impl<PS, U: Unsigned + NonZero, D, SP, W> LeftInverseAfter<D, SP, W> for (PS, NInt<U>) {
    type Output = LeftInverseOverlap;
    #[inline(always)]
    fn after(self, _: D, _: SP, _: W) -> Result<Self::Output, LayoutError> {
        Err(LayoutError::NotInjective { op: "left_inverse" })
    }
}
/// A positive previous stride: `d >= ps * pd`, checked by type for a
/// static `ps`, at run time for a runtime one.
impl<PS, U: Unsigned + NonZero, D, SP, W> LeftInverseAfter<D, SP, W> for (PS, PInt<U>)
where
    PInt<U>: Int,
    PS: IntMul<PInt<U>>,
    Prod<PS, PInt<U>>: LeftInverseExtent<(PS, PInt<U>), D, SP, W>,
{
    type Output = <Prod<PS, PInt<U>> as LeftInverseExtent<(PS, PInt<U>), D, SP, W>>::Output;
    #[inline(always)]
    fn after(self, d: D, sp: SP, w: W) -> Result<Self::Output, LayoutError> {
        self.0
            .mul_checked(self.1)
            .ok_or(LayoutError::Overflow { op: "left_inverse" })?
            .extent(self, d, sp, w)
    }
}

/// The stride `D` against the previous mode's extent `Self` (the previous
/// mode is `Prev`, as `(shape, stride)`).
#[doc(hidden)]
pub trait LeftInverseExtent<Prev, D, SP, W> {
    /// The left inverse, or a marker.
    type Output;
    /// Continues the walk.
    fn extent(self, prev: Prev, d: D, sp: SP, w: W) -> Result<Self::Output, LayoutError>;
}
impl<R: RuntimeInt, Prev, D: Int + LeftInversePush<(S, P), W>, S: Int, P, W>
    LeftInverseExtent<Prev, D, (S, P), W> for R
{
    type Output = D::Output;
    #[inline(always)]
    fn extent(self, _: Prev, d: D, sp: (S, P), w: W) -> Result<Self::Output, LayoutError> {
        if d.wide() < self.wide() {
            if sp.0.wide() == 1 {
                // A runtime extent of 1 overlaps nothing, but the result's
                // structure keeps its digit (DynLayout drops the mode).
                return Err(LayoutError::BadArgument {
                    op: "left_inverse",
                    msg: "a runtime extent of 1 on a mode inside the previous one: the result's structure keeps its digit (use DynLayout)",
                });
            }
            return Err(LayoutError::NotInjective { op: "left_inverse" });
        }
        d.push(sp, w)
    }
}
impl<Prev, V: Unsigned + NonZero, D: Cmp<PInt<V>>, SP, W> LeftInverseExtent<Prev, D, SP, W>
    for PInt<V>
where
    Compare<D, PInt<V>>: LeftInverseNotBelow<Prev, D, SP, W>,
{
    type Output = <Compare<D, PInt<V>> as LeftInverseNotBelow<Prev, D, SP, W>>::Output;
    #[inline(always)]
    fn extent(self, prev: Prev, d: D, sp: SP, w: W) -> Result<Self::Output, LayoutError> {
        <Compare<D, PInt<V>> as LeftInverseNotBelow<Prev, D, SP, W>>::not_below(prev, d, sp, w)
    }
}

/// The comparison's branch: below the previous extent is an overlap, unless
/// the mode's shape is a runtime 1 (decided by [`LeftInverseInsidePrev`]).
#[doc(hidden)]
pub trait LeftInverseNotBelow<Prev, D, SP, W> {
    /// The left inverse, or a marker.
    type Output;
    /// Continues the walk.
    fn not_below(prev: Prev, d: D, sp: SP, w: W) -> Result<Self::Output, LayoutError>;
}
impl<Prev, D, S: LeftInverseInsidePrev<Prev, W>, P, W> LeftInverseNotBelow<Prev, D, (S, P), W>
    for Less
{
    type Output = S::Output;
    #[inline(always)]
    fn not_below(prev: Prev, _: D, (s, _): (S, P), w: W) -> Result<Self::Output, LayoutError> {
        s.inside_prev(prev, w)
    }
}
macro_rules! not_below {
    ($($O:ty),*) => {$(
        impl<Prev, D: LeftInversePush<SP, W>, SP, W> LeftInverseNotBelow<Prev, D, SP, W> for $O {
            type Output = D::Output;
            #[inline(always)]
            fn not_below(_: Prev, d: D, sp: SP, w: W) -> Result<Self::Output, LayoutError> {
                d.push(sp, w)
            }
        }
    )*};
}
not_below!(Equal, Greater);

/// A mode whose static stride lies inside the previous mode's static
/// extent, by its shape `Self`. A static shape overlaps (every shape is at
/// least 1 and a static 1 was coalesced away). A runtime shape is decided
/// at run time: of 2 or more it overlaps ([`LayoutError::NotInjective`]);
/// of 1 the mode is no part of the layout's function (coalesce keeps
/// runtime modes), so the walk skips it, and the result is the left inverse
/// of the layout without it, as `DynLayout` computes (issue 17: `(8,m):(1,4)`
/// with `m = 1` gives `8:1`; CuTe C++ returns `(_4,1):(_1,_8)`, which is no
/// left inverse, `tests/data/cute/runtime_one_modes.cpp`).
#[doc(hidden)]
pub trait LeftInverseInsidePrev<Prev, W> {
    /// The left inverse, or a marker.
    type Output;
    /// Continues the walk, or refuses.
    fn inside_prev(self, prev: Prev, w: W) -> Result<Self::Output, LayoutError>;
}
macro_rules! inside_prev_static {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* Prev, W> LeftInverseInsidePrev<Prev, W> for $T {
            type Output = LeftInverseOverlap;
            #[inline(always)]
            fn inside_prev(self, _: Prev, _: W) -> Result<Self::Output, LayoutError> {
                Err(LayoutError::NotInjective { op: "left_inverse" })
            }
        }
    )*};
}
inside_prev_static!(PInt<U> => [U: Unsigned + NonZero,], NInt<U> => [U: Unsigned + NonZero,], Z0 => []);
/// The previous mode `(PS, PD)` has a positive stride, so every mode sorted
/// between it and this one has a positive stride too: the last shape seen
/// stays `PS`.
impl<R: RuntimeInt, PS: Copy, PD, T, Size, AS, AD>
    LeftInverseInsidePrev<(PS, PD), LeftWalk<T, Size, AS, AD>> for R
where
    T: LeftInverseFold<(PS, PD), PS, Size, AS, AD>,
{
    type Output = T::Output;
    #[inline(always)]
    fn inside_prev(
        self,
        prev: (PS, PD),
        w: LeftWalk<T, Size, AS, AD>,
    ) -> Result<Self::Output, LayoutError> {
        if self.wide() != 1 {
            return Err(LayoutError::NotInjective { op: "left_inverse" });
        }
        let LeftWalk {
            rest,
            size,
            acc_s,
            acc_d,
        } = w;
        let last = prev.0;
        rest.fold(
            prev,
            last,
            LeftWalk {
                rest: (),
                size,
                acc_s,
                acc_d,
            },
        )
    }
}

/// Pushes `Self / Size : P` and continues with `Size * (Self / Size)`.
#[doc(hidden)]
pub trait LeftInversePush<SP, W> {
    /// The left inverse, or a marker.
    type Output;
    /// Continues the walk.
    fn push(self, sp: SP, w: W) -> Result<Self::Output, LayoutError>;
}
impl<D, S: Copy, P, T, Size, AS, AD> LeftInversePush<(S, P), LeftWalk<T, Size, AS, AD>> for D
where
    D: Int + IntDiv<Size>,
    Size: IntMul<Quot<D, Size>>,
    T: LeftInverseFold<
            (S, D),
            S,
            Prod<Size, Quot<D, Size>>,
            HCons<Quot<D, Size>, AS>,
            HCons<P, AD>,
        >,
{
    type Output = T::Output;
    #[inline(always)]
    fn push(self, (s, p): (S, P), w: LeftWalk<T, Size, AS, AD>) -> Result<T::Output, LayoutError> {
        let q = self.div(w.size);
        let next = LeftWalk {
            rest: (),
            size: w.size.mul(q),
            acc_s: HCons {
                head: q,
                tail: w.acc_s,
            },
            acc_d: HCons {
                head: p,
                tail: w.acc_d,
            },
        };
        w.rest.fold((s, self), s, next)
    }
}
