//! `complement(l, cotarget)`: the layout of the offsets `l` does not reach.
//!
//! CuTe's algorithm on `filter(l)`: take the modes by increasing stride;
//! each stride `d` divided by the extent `cur` of what is already covered
//! (`cur` starts at 1 and becomes `d * s`) gives the next result mode
//! `d / cur : cur` (floored, as in CuTe); a last mode
//! `ceil_div(cotarget, cur) : cur` fills up to the cotarget. `d >= cur` is a
//! trait bound: otherwise the layout is not complementable (its modes
//! overlap or interleave, as in `(2,2):(2,3)`).

use super::{Coalesce, FilterLayout, Filtered, LayoutParts};
use crate::int::{Int, IntCeilDiv, IntMul, Prod, StaticInt};
use crate::layout::Layout;
use crate::tuple::IntTuple;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Cmp, Equal, Greater, Less, P1, Z0};

/// Complements the filtered layout `Self:FD` within the integer cotarget `M`.
#[diagnostic::on_unimplemented(
    message = "complement: the layout `{Self}`:`{FD}` (after filter) is not complementable, or has a runtime stride at rank >= 2",
    label = "complement needs each stride, in increasing order, to be at least the previous stride times its shape",
    note = "a stride below that extent means overlapping or interleaved modes, e.g. `(2,2):(2,3)` (CuTe: \"Non-injective Layout detected in complement\")",
    note = "CuTe: \"Dynamic-stride complement only for rank-1 layouts\"; use `DynLayout` for runtime strides",
    note = "the cotarget must be an integer"
)]
pub trait ComplementFiltered<FD, M> {
    /// The complement.
    type Output;
    /// Computes it.
    fn complement_filtered(self, stride: FD, cotarget: M) -> Self::Output;
}
/// An integer filtered layout: dispatch on its stride.
impl<S: Int, FD: ComplementRank1<S, M>, M> ComplementFiltered<FD, M> for S {
    type Output = FD::Output;
    #[inline(always)]
    fn complement_filtered(self, stride: FD, cotarget: M) -> Self::Output {
        stride.complement_rank1(self, cotarget)
    }
}
/// Rank >= 2 (filter returns an integer layout for one mode): static strides.
impl<S0, ST, D0, DT, M> ComplementFiltered<HCons<D0, DT>, M> for HCons<S0, ST>
where
    HCons<D0, DT>: StaticStrides,
    Self: Pairs<HCons<D0, DT>>,
    <Self as Pairs<HCons<D0, DT>>>::Sorted: Fold<P1, M> + Default,
    <<Self as Pairs<HCons<D0, DT>>>::Sorted as Fold<P1, M>>::Shape:
        Coalesce<<<Self as Pairs<HCons<D0, DT>>>::Sorted as Fold<P1, M>>::Stride>,
{
    type Output = <<<Self as Pairs<HCons<D0, DT>>>::Sorted as Fold<P1, M>>::Shape as Coalesce<
        <<Self as Pairs<HCons<D0, DT>>>::Sorted as Fold<P1, M>>::Stride,
    >>::Output;
    #[inline(always)]
    fn complement_filtered(self, _: HCons<D0, DT>, cotarget: M) -> Self::Output {
        let (s, d) = <<Self as Pairs<HCons<D0, DT>>>::Sorted as Default>::default()
            .fold(P1::new(), cotarget);
        s.coalesce(d)
    }
}

/// The rank-1 cases, by the stride `Self` of the filtered mode `S`.
pub trait ComplementRank1<S, M> {
    /// The complement.
    type Output;
    /// Computes it.
    fn complement_rank1(self, shape: S, cotarget: M) -> Self::Output;
}
/// `filter` left `_1:_0`: the complement is the whole cotarget, `M:_1`.
impl<S, M: Int + Coalesce<P1>> ComplementRank1<S, M> for Z0 {
    type Output = M::Output;
    #[inline(always)]
    fn complement_rank1(self, _: S, cotarget: M) -> Self::Output {
        cotarget.coalesce(P1::new())
    }
}
macro_rules! rank1 {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        /// One mode `s:d`: the result is `(d, ceil_div(M, d*s)) : (1, d*s)`, coalesced.
        impl<S: Int, M: Int, $($g)*> ComplementRank1<S, M> for $T
        where
            $T: IntMul<S>,
            M: IntCeilDiv<Prod<$T, S>>,
            HCons<$T, HCons<<M as IntCeilDiv<Prod<$T, S>>>::Output, HNil>>:
                IntTuple + Coalesce<HCons<P1, HCons<Prod<$T, S>, HNil>>>,
            HCons<P1, HCons<Prod<$T, S>, HNil>>: IntTuple,
        {
            type Output = <HCons<$T, HCons<<M as IntCeilDiv<Prod<$T, S>>>::Output, HNil>> as Coalesce<
                HCons<P1, HCons<Prod<$T, S>, HNil>>,
            >>::Output;
            #[inline(always)]
            fn complement_rank1(self, shape: S, cotarget: M) -> Self::Output {
                let next = self.mul(shape);
                let rest = cotarget.ceil_div(next);
                let s = HCons { head: self, tail: HCons { head: rest, tail: HNil } };
                let d = HCons { head: P1::new(), tail: HCons { head: next, tail: HNil } };
                s.coalesce(d)
            }
        }
    )*};
}
rank1!(
    i32 => [],
    typenum::PInt<U> => [U: typenum::Unsigned + typenum::NonZero + Copy + core::fmt::Debug + Default + 'static]
);

/// Every stride of a rank >= 2 layout must be static for the sort.
#[diagnostic::on_unimplemented(
    message = "complement: dynamic-stride complement only for rank-1 layouts (strides `{Self}`)",
    label = "a runtime stride in a layout of rank >= 2",
    note = "sorting modes by stride needs static strides; use `DynLayout` for runtime strides"
)]
pub trait StaticStrides {}
impl StaticStrides for HNil {}
impl<H: StaticInt, T: StaticStrides> StaticStrides for HCons<H, T> {}

/// The modes of `Self:D` as `(stride, shape)` pairs sorted by stride
/// (a stable insertion sort: one `Cmp` per comparison).
pub trait Pairs<D> {
    /// The sorted pairs.
    type Sorted;
}
impl Pairs<HNil> for HNil {
    type Sorted = HNil;
}
impl<S0, ST: Pairs<DT>, D0, DT> Pairs<HCons<D0, DT>> for HCons<S0, ST>
where
    ST::Sorted: Insert<D0, S0>,
{
    type Sorted = <ST::Sorted as Insert<D0, S0>>::Output;
}

/// Inserts the mode `S:D` into the sorted list `Self`.
pub trait Insert<D, S> {
    /// The list with the mode in place.
    type Output;
}
impl<D, S> Insert<D, S> for HNil {
    type Output = HCons<(D, S), HNil>;
}
impl<D: Cmp<HD>, S, HD, HS, T> Insert<D, S> for HCons<(HD, HS), T>
where
    <D as Cmp<HD>>::Output: InsertAt<D, S, HD, HS, T>,
{
    type Output = <<D as Cmp<HD>>::Output as InsertAt<D, S, HD, HS, T>>::Output;
}
/// The lazy branch of [`Insert`], chosen by the comparison.
pub trait InsertAt<D, S, HD, HS, T> {
    /// The list with the mode in place.
    type Output;
}
impl<D, S, HD, HS, T> InsertAt<D, S, HD, HS, T> for Less {
    type Output = HCons<(D, S), HCons<(HD, HS), T>>;
}
impl<D, S, HD, HS, T: Insert<D, S>> InsertAt<D, S, HD, HS, T> for Equal {
    type Output = HCons<(HD, HS), T::Output>;
}
impl<D, S, HD, HS, T: Insert<D, S>> InsertAt<D, S, HD, HS, T> for Greater {
    type Output = HCons<(HD, HS), T::Output>;
}

/// `d >= cur`: the next stride is not inside the extent already covered,
/// so `d / cur` (floored, as in CuTe) is a mode of at least one element.
#[diagnostic::on_unimplemented(
    message = "complement: the layout is not complementable: stride `{Self}` is below `{Cur}`, the extent (stride * shape) of the modes with smaller strides",
    label = "its modes overlap or interleave (CuTe: \"Non-injective Layout detected in complement\")",
    note = "complement needs each stride, in increasing order, to be at least the previous stride times its shape"
)]
pub trait StrideNotBelow<Cur> {
    /// `Self / Cur`, floored.
    type Output: StaticInt;
}
impl<D, Cur> StrideNotBelow<Cur> for D
where
    D: StaticInt + Cmp<Cur> + core::ops::Div<Cur>,
    <D as Cmp<Cur>>::Output: NotLess,
    <D as core::ops::Div<Cur>>::Output: StaticInt,
{
    type Output = <D as core::ops::Div<Cur>>::Output;
}

/// `Greater` or `Equal`.
pub trait NotLess {}
impl NotLess for Greater {}
impl NotLess for Equal {}

/// Walks the sorted modes with the covered extent `Cur`, then appends the
/// rest of the cotarget `M`: the flat result modes, before coalescing.
pub trait Fold<Cur, M> {
    /// The result shapes.
    type Shape;
    /// The result strides.
    type Stride;
    /// Computes them.
    fn fold(self, cur: Cur, cotarget: M) -> (Self::Shape, Self::Stride);
}
impl<Cur: Int, M: IntCeilDiv<Cur>> Fold<Cur, M> for HNil {
    type Shape = HCons<M::Output, HNil>;
    type Stride = HCons<Cur, HNil>;
    #[inline(always)]
    fn fold(self, cur: Cur, cotarget: M) -> (Self::Shape, Self::Stride) {
        let rest = cotarget.ceil_div(cur);
        (
            HCons {
                head: rest,
                tail: HNil,
            },
            HCons {
                head: cur,
                tail: HNil,
            },
        )
    }
}
impl<D, S: Int, T, Cur: Int, M> Fold<Cur, M> for HCons<(D, S), T>
where
    D: StrideNotBelow<Cur> + IntMul<S>,
    T: Fold<Prod<D, S>, M>,
{
    type Shape = HCons<<D as StrideNotBelow<Cur>>::Output, T::Shape>;
    type Stride = HCons<Cur, T::Stride>;
    #[inline(always)]
    fn fold(self, cur: Cur, cotarget: M) -> (Self::Shape, Self::Stride) {
        let (d, s) = self.head;
        let (ts, td) = self.tail.fold(d.mul(s), cotarget);
        (
            HCons {
                head: <D as StrideNotBelow<Cur>>::Output::default(),
                tail: ts,
            },
            HCons {
                head: cur,
                tail: td,
            },
        )
    }
}

/// CuTe's `complement(layout, cotarget)` for an integer cotarget.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(complement(layout![4 : 2], int!(24)).to_string(), "(_2,_3):(_1,_8)");
/// assert_eq!(complement(layout![4 : 0], int!(8)).to_string(), "_8:_1");
/// assert_eq!(complement(layout![(2, 3) : (1, 2)], int!(6)).to_string(), "_1:_0");
/// ```
#[inline(always)]
pub fn complement<S, D, M>(l: Layout<S, D>, cotarget: M) -> Complemented<Layout<S, D>, M>
where
    S: IntTuple,
    D: IntTuple,
    Layout<S, D>: FilterLayout,
    Filtered<Layout<S, D>>: LayoutParts + ComplementLayout<M>,
{
    super::filter_any(l).complement_layout(cotarget)
}

/// The result type of [`complement`].
pub type Complemented<L, M> = <Filtered<L> as ComplementLayout<M>>::Output;

/// [`ComplementFiltered`] seen from the filtered layout.
pub trait ComplementLayout<M> {
    /// The complement.
    type Output;
    /// Computes it.
    fn complement_layout(self, cotarget: M) -> Self::Output;
}
impl<FS: ComplementFiltered<FD, M> + IntTuple, FD: IntTuple, M> ComplementLayout<M>
    for Layout<FS, FD>
{
    type Output = FS::Output;
    #[inline(always)]
    fn complement_layout(self, cotarget: M) -> Self::Output {
        self.shape().complement_filtered(self.stride(), cotarget)
    }
}
