//! `complement(l, cotarget)`: the layout of the offsets `l` does not reach.
//!
//! CuTe's algorithm on `filter(l)`: take the modes by increasing stride;
//! each stride `d` divided by the extent `cur` of what is already covered
//! (`cur` starts at 1 and becomes `d * s`) gives the next result mode
//! `d / cur : cur` (floored, as in CuTe); the last modes
//! `coalesce(ceil_div(cotarget, cur)) : compact from cur` fill up to the
//! cotarget, an integer or a shape.
//!
//! Admissibility is decided once, up front, as a type: the computation
//! yields either the result layout or a marker naming the broken condition
//! ([`StrideBelowExtent`], [`NegativeStride`], [`RuntimeStrideStructure`]),
//! and one check trait per condition turns a marker into a compile error
//! whose first line names the operation and the condition. Runtime values
//! are checked at run time: [`try_complement`] returns the [`LayoutError`],
//! [`complement`] panics with it.
//!
//! The result never has mergeable neighbours (each mode ends below the next
//! stride), so CuTe's final `coalesce` only drops static `_1` modes; this
//! module drops them as it goes.

use super::classify::{One, impl_for_not_one};
use super::complement_bounds::ComplementWithin;
use super::{Coalesce, FilterLayout, Filtered, LayoutParts};
use crate::error::LayoutError;
use crate::int::{CeilDiv, Int, IntAdd, IntCeilDiv, IntMul, Prod, RuntimeInt, ToStatic, UFloorDiv};
use crate::layout::{CosizeOf, Layout, Span};
use crate::rules::{ComplementCondition, ComplementGap, complement_step};
use crate::tuple::{AllStatic, Compact, IntTuple, LayoutLeft, ReverseOnto};
use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, Cmp, Compare, Equal, Greater, Less, NInt, NonZero, P1, PInt, Unsigned, Z0};

const OP: &str = "complement";

/// CuTe's `complement(layout, cotarget)`: an ordered layout `R` whose offsets
/// avoid `l`'s image (except 0), such that `(l, R)` reaches the cotarget.
///
/// The cotarget is an integer or a shape (`shape![2, 2]`; CuTe takes
/// `shape(cotarget)`). Static layouts resolve during type checking; a
/// layout that is not complementable does not compile. A layout of rank 2
/// or more (after filter) must have static strides: sorting modes by a
/// runtime stride would make the result's structure depend on runtime
/// values (use `cute_algebra::dynamic::DynLayout` for those).
///
/// # Panics
/// When runtime values break a condition that [`try_complement`] reports:
/// a negative stride or a stride below the extent of the smaller ones, a
/// shape or cotarget below 1, or an overflow (at `i32` width, or at `i64`
/// width where an `i64` value takes part). A runtime zero stride is
/// not an error: `complement(4:0, 8)` is `8:1` as a function (CuTe divides
/// by zero there).
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(complement(layout![4 : 2], int!(24)).to_string(), "(_2,_3):(_1,_8)");
/// assert_eq!(complement(layout![4 : 0], int!(8)).to_string(), "_8:_1");
/// assert_eq!(complement(layout![(2, 3) : (1, 2)], int!(6)).to_string(), "_1:_0");
/// assert_eq!(complement(layout![64 : 1], shape![32, 4, 4]).to_string(), "_8:_64");
/// let (n, m): (i32, i32) = (12, 128);
/// assert_eq!(complement(layout![n : 2], m).to_string(), "(_2,6):(_1,24)");
/// ```
#[inline(always)]
#[track_caller]
pub fn complement<L: Complement<M> + Copy, M: Copy>(l: L, cotarget: M) -> Complemented<L, M>
// The four checks are listed one by one (here, in `try_complement` and in
// the methods): bundled into one trait, rustc reports the bundle, with the
// layout's full type, instead of the failing check's message.
where
    Complemented<L, M>: ComplementModesDoNotOverlap
        + ComplementStridesNotNegative
        + ComplementStructureIsStatic
        + ComplementWithin<L, M>,
{
    crate::error::ok_or_panic(try_complement(l, cotarget))
}

/// [`complement`] without the panic: runtime values that break a condition
/// give the [`LayoutError`] naming it.
///
/// ```
/// use cute_algebra::prelude::*;
/// let (s, d, m): (i32, i32, i32) = (4, 0, 8);
/// let r = try_complement(layout![s : d], m).unwrap();
/// assert_eq!(r.to_string(), "(8,1):(_1,8)"); // 8:1 as a function
/// let neg: i32 = -1;
/// assert!(try_complement(layout![4 : neg], int!(8)).is_err());
/// let zero: i32 = 0;
/// assert!(try_complement(layout![4 : 2], zero).is_err());
/// ```
#[inline(always)]
pub fn try_complement<L: Complement<M> + Copy, M: Copy>(
    l: L,
    cotarget: M,
) -> Result<Complemented<L, M>, LayoutError>
where
    Complemented<L, M>: ComplementModesDoNotOverlap
        + ComplementStridesNotNegative
        + ComplementStructureIsStatic
        + ComplementWithin<L, M>,
{
    let r = l.try_complement_to(cotarget)?;
    r.check_bounds(l, cotarget)?;
    Ok(r)
}

/// The result type of [`complement`]; the cotarget defaults to CuTe's
/// one-argument form, `cosize(filter(L))` ([`Layout::complement`]).
///
/// ```
/// use cute_algebra::algebra::Complemented;
/// use cute_algebra::prelude::*;
/// use cute_algebra::typenum::{P2, P3};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(Complemented<Layout![(2, 2) : (1, 6)]>, Layout<P3, P2>);
/// assert_type_eq_all!(Complemented<Layout![(2, 2) : (1, 6)], Shape![24]>, Layout![(3, 2) : (2, 12)]);
/// ```
pub type Complemented<L, M = <L as FilteredCosize>::Output> = <L as Complement<M>>::Output;

/// `complement(L, M)` as a trait on the layout. Its `Output` is the result
/// layout, or a marker type when the layout is not complementable; the
/// functions then require the three checks ([`ComplementModesDoNotOverlap`],
/// [`ComplementStridesNotNegative`], [`ComplementStructureIsStatic`]), so
/// the failing condition is the first line of the error.
///
/// ```
/// use cute_algebra::algebra::{Complement, NegativeStride};
/// use cute_algebra::prelude::*;
/// use static_assertions::assert_type_eq_all;
/// let r = layout![(2, 2) : (1, 6)].try_complement_to(int!(24)).unwrap();
/// assert_eq!(r.to_string(), "(_3,_2):(_2,_12)");
/// // Not complementable: the outcome is a marker, which the functions reject.
/// assert_type_eq_all!(<Layout![4 : -1] as Complement<Shape![8]>>::Output, NegativeStride);
/// ```
pub trait Complement<M> {
    /// The complement.
    type Output;
    /// Computes it, checking runtime values.
    fn try_complement_to(self, cotarget: M) -> Result<Self::Output, LayoutError>;
}
impl<S: IntTuple, D: IntTuple, M: IntTuple> Complement<M> for Layout<S, D>
where
    Layout<S, D>: FilterLayout,
    Filtered<Layout<S, D>>: LayoutParts,
    <Filtered<Layout<S, D>> as LayoutParts>::Shape:
        ComplementShape<<Filtered<Layout<S, D>> as LayoutParts>::Stride, M>,
{
    type Output = ComplementOf<Layout<S, D>, M>;
    #[inline(always)]
    fn try_complement_to(self, cotarget: M) -> Result<Self::Output, LayoutError> {
        let (s, d) = super::filter_any(self).parts();
        s.complement_shape(d, cotarget)
    }
}

/// The outcome of the computation: the result layout or a marker.
type ComplementOf<L, M> = <<Filtered<L> as LayoutParts>::Shape as ComplementShape<
    <Filtered<L> as LayoutParts>::Stride,
    M,
>>::Output;

/// CuTe's default cotarget of `complement(layout)`: `cosize(filter(layout))`.
///
/// ```
/// use cute_algebra::algebra::FilteredCosize;
/// use cute_algebra::prelude::*;
/// assert_eq!(layout![(2, 3, 2) : (1, 0, 6)].filtered_cosize().value(), 8);
/// ```
pub trait FilteredCosize {
    /// The cotarget.
    type Output: IntTuple;
    /// Computes it; a runtime overflow panics.
    fn filtered_cosize(self) -> Self::Output;
    /// Computes it, or [`LayoutError::Overflow`] where a runtime value overflows its type.
    fn try_filtered_cosize(self) -> Result<Self::Output, LayoutError>;
}
impl<S: IntTuple, D: IntTuple> FilteredCosize for Layout<S, D>
where
    Layout<S, D>: FilterLayout,
    Filtered<Layout<S, D>>: LayoutParts,
    <Filtered<Layout<S, D>> as LayoutParts>::Shape:
        Span<<Filtered<Layout<S, D>> as LayoutParts>::Stride>,
    <<Filtered<Layout<S, D>> as LayoutParts>::Shape as Span<
        <Filtered<Layout<S, D>> as LayoutParts>::Stride,
    >>::Output: IntAdd<P1>,
{
    type Output = CosizeOf<
        <Filtered<Layout<S, D>> as LayoutParts>::Shape,
        <Filtered<Layout<S, D>> as LayoutParts>::Stride,
    >;
    #[inline(always)]
    #[track_caller]
    fn filtered_cosize(self) -> Self::Output {
        crate::error::ok_or_panic(self.try_filtered_cosize())
    }
    #[inline(always)]
    fn try_filtered_cosize(self) -> Result<Self::Output, LayoutError> {
        let (s, d) = super::filter_any(self).parts();
        s.span_checked(d)
            .and_then(|v| v.add_checked(P1::new()))
            .ok_or(LayoutError::Overflow { op: OP })
    }
}

impl<S: IntTuple, D: IntTuple> Layout<S, D> {
    /// CuTe's one-argument `complement(layout)`: the cotarget is
    /// `cosize(filter(layout))`, so the result fills the gaps inside the
    /// layout's own image.
    ///
    /// # Panics
    /// As [`complement`]; [`Layout::try_complement`] returns the error.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// assert_eq!(layout![(2, 2) : (1, 6)].complement().to_string(), "_3:_2");
    /// assert_eq!(layout![(2, 4) : (1, 2)].complement().to_string(), "_1:_0");
    /// ```
    #[inline(always)]
    pub fn complement(self) -> Complemented<Self>
    where
        Self: FilteredCosize + Complement<<Self as FilteredCosize>::Output>,
        Complemented<Self>: ComplementModesDoNotOverlap
            + ComplementStridesNotNegative
            + ComplementStructureIsStatic
            + ComplementWithin<Self, <Self as FilteredCosize>::Output>,
    {
        complement(self, self.filtered_cosize())
    }

    /// [`Layout::complement`] without the panic.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let d: i32 = 3;
    /// assert_eq!(layout![4 : d].try_complement().unwrap().to_string(), "(3,1):(_1,12)");
    /// let neg: i32 = -3;
    /// assert!(layout![4 : neg].try_complement().is_err());
    /// ```
    #[inline(always)]
    pub fn try_complement(self) -> Result<Complemented<Self>, LayoutError>
    where
        Self: FilteredCosize + Complement<<Self as FilteredCosize>::Output>,
        Complemented<Self>: ComplementModesDoNotOverlap
            + ComplementStridesNotNegative
            + ComplementStructureIsStatic
            + ComplementWithin<Self, <Self as FilteredCosize>::Output>,
    {
        try_complement(self, self.try_filtered_cosize()?)
    }
}

// ---------------------------------------------------------------------------
// Markers and checks

/// Marker outcome: after sorting by stride, a stride is below the extent
/// (stride × shape) of the mode before it. Never constructed: the check
/// [`ComplementModesDoNotOverlap`] rejects it at compile time.
///
/// ```
/// use cute_algebra::algebra::{Complemented, StrideBelowExtent};
/// use cute_algebra::prelude::*;
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(Complemented<Layout![(2, 2) : (2, 3)], Shape![12]>, StrideBelowExtent);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct StrideBelowExtent;
/// Marker outcome: a negative stride (see [`ComplementStridesNotNegative`]).
///
/// ```
/// use cute_algebra::algebra::{Complemented, NegativeStride};
/// use cute_algebra::prelude::*;
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(Complemented<Layout![(2, 4) : (1, -2)], Shape![16]>, NegativeStride);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NegativeStride;
/// Marker outcome: a runtime stride in a layout of rank >= 2 (see
/// [`ComplementStructureIsStatic`]).
///
/// ```
/// use cute_algebra::algebra::{Complemented, RuntimeStrideStructure};
/// use cute_algebra::prelude::*;
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(Complemented<Layout<Shape![2, 2], HList![P1, i32]>, Shape![16]>, RuntimeStrideStructure);
/// # use cute_algebra::typenum::P1;
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct RuntimeStrideStructure;

/// The markers print the condition they stand for. They are never built by
/// `complement` (its checks refuse them at compile time); printing a
/// refused result must not add a second error after the first.
macro_rules! marker_display {
    ($($T:ty => $msg:literal),*) => {$(
        impl core::fmt::Display for $T {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str($msg)
            }
        }
    )*};
}
marker_display!(
    StrideBelowExtent => "complement: not complementable (a stride is below the extent of the modes with smaller strides)",
    NegativeStride => "complement: not complementable (a negative stride)",
    RuntimeStrideStructure => "complement: a runtime stride in a layout of rank >= 2"
);

/// Holds unless the layout's modes overlap or interleave.
///
/// ```compile_fail
/// use cute_algebra::prelude::*;
/// let _ = complement(layout![(2, 2) : (2, 3)], int!(19)); // not complementable
/// ```
#[diagnostic::on_unimplemented(
    message = "complement: the layout is not complementable: sorted by stride, a mode starts below the extent (stride * shape) of the mode before it",
    label = "its modes overlap or interleave, so no layout fills the gaps between them",
    note = "e.g. `(2,2):(2,3)`: the stride-3 mode starts inside the extent 4 of the stride-2 mode (CuTe says \"Non-injective Layout detected in complement\", though such a layout can be injective)"
)]
pub trait ComplementModesDoNotOverlap {}
/// Holds unless the layout has a negative stride.
///
/// ```compile_fail
/// use cute_algebra::prelude::*;
/// let _ = complement(layout![4 : -1], int!(8)); // a negative stride
/// ```
#[diagnostic::on_unimplemented(
    message = "complement: the layout is not complementable: it has a negative stride",
    label = "complement needs non-negative strides"
)]
pub trait ComplementStridesNotNegative {}
/// Holds unless a layout of rank >= 2 has a runtime stride.
///
/// ```compile_fail
/// use cute_algebra::prelude::*;
/// let d: i32 = 4;
/// let _ = complement(layout![(2, 2) : (1, d)], int!(16)); // use DynLayout
/// ```
#[diagnostic::on_unimplemented(
    message = "complement: the result's structure would depend on runtime values: a layout of rank >= 2 (after filter) has a runtime stride",
    label = "the order of the modes, and so the result's type, depends on the runtime stride",
    note = "CuTe: \"Dynamic-stride complement only for rank-1 layouts\"; use `DynLayout` (cute_algebra::dynamic) for runtime strides"
)]
pub trait ComplementStructureIsStatic {}

/// Implements a check trait for every layout and for the other markers.
macro_rules! passes {
    ($Check:ident: $($T:ty),*) => {
        #[diagnostic::do_not_recommend]
        impl<S, D> $Check for Layout<S, D> {}
        $(
            #[diagnostic::do_not_recommend]
            impl $Check for $T {}
        )*
    };
}
pub(crate) use passes;
passes!(ComplementModesDoNotOverlap: NegativeStride, RuntimeStrideStructure);
passes!(ComplementStridesNotNegative: StrideBelowExtent, RuntimeStrideStructure);
passes!(ComplementStructureIsStatic: StrideBelowExtent, NegativeStride);

// ---------------------------------------------------------------------------
// Runtime checks (all constant for static values)

/// `a * b`, checked at the width of the result's type: `i32` (CuTe's
/// `int`) for static and `i32` operands, `i64` where an `i64` takes part.
#[inline(always)]
fn checked_mul<A: IntMul<B>, B: Int>(a: A, b: B) -> Result<Prod<A, B>, LayoutError> {
    fits_product::<<Prod<A, B> as Int>::Value>(a.wide(), b.wide()).map(|()| a.mul_wrapping(b))
}

/// The next extent `s * d` of a mode `s:d`, checked: `s >= 1` and no overflow.
#[inline(always)]
fn next_extent<S: IntMul<D>, D: Int>(s: S, d: D) -> Result<Prod<S, D>, LayoutError> {
    positive(s.wide())?;
    checked_mul(s, d)
}

/// `a * b` fits the runtime type `W`.
#[inline(always)]
fn fits_product<W: RuntimeInt>(a: i64, b: i64) -> Result<(), LayoutError> {
    a.checked_mul(b)
        .and_then(W::from_i64)
        .map(|_| ())
        .ok_or(LayoutError::Overflow { op: OP })
}

/// `v` as the runtime (or static) integer `J`, or [`LayoutError::Overflow`].
#[inline(always)]
fn narrow<J: Int>(v: i64) -> Result<J, LayoutError> {
    J::from_i64(v).ok_or(LayoutError::Overflow { op: OP })
}

#[inline(always)]
fn positive(v: i64) -> Result<i64, LayoutError> {
    if v >= 1 {
        Ok(v)
    } else {
        Err(LayoutError::ZeroSize { op: OP })
    }
}

/// [`complement_step`] on runtime values, its condition named at `mode`
/// (in stride order).
#[inline(always)]
fn runtime_step(s: i64, d: i64, extent: i64, mode: usize) -> Result<ComplementGap, LayoutError> {
    complement_step(s, d, extent).map_err(|c| c.at(OP, mode))
}

// ---------------------------------------------------------------------------
// Dispatch on the filtered layout

/// The complement of the filtered layout `Self:FD` within `M`.
#[doc(hidden)]
pub trait ComplementShape<FD, M> {
    /// The complement, or a marker naming the broken condition.
    type Output;
    /// Computes it.
    fn complement_shape(self, stride: FD, cotarget: M) -> Result<Self::Output, LayoutError>;
}
/// One mode: by its stride.
impl<S: Int, FD: ComplementRank1<S, M>, M> ComplementShape<FD, M> for S {
    type Output = FD::Output;
    #[inline(always)]
    fn complement_shape(self, stride: FD, cotarget: M) -> Result<Self::Output, LayoutError> {
        stride.complement_rank1(self, cotarget)
    }
}
/// Rank >= 2 (filter returns an integer layout for one mode): static strides only.
impl<S0, ST, D0, DT, M> ComplementShape<HCons<D0, DT>, M> for HCons<S0, ST>
where
    HCons<D0, DT>: AllStatic,
    <HCons<D0, DT> as AllStatic>::Is: ComplementRankN<Self, HCons<D0, DT>, M>,
{
    type Output =
        <<HCons<D0, DT> as AllStatic>::Is as ComplementRankN<Self, HCons<D0, DT>, M>>::Output;
    #[inline(always)]
    fn complement_shape(
        self,
        stride: HCons<D0, DT>,
        cotarget: M,
    ) -> Result<Self::Output, LayoutError> {
        <<HCons<D0, DT> as AllStatic>::Is as ComplementRankN<Self, HCons<D0, DT>, M>>::complement_rank_n(
            self, stride, cotarget,
        )
    }
}

/// Rank >= 2, by the verdict of [`AllStatic`] on the strides.
#[doc(hidden)]
pub trait ComplementRankN<S, D, M> {
    /// The complement, or a marker.
    type Output;
    /// Computes it.
    fn complement_rank_n(shape: S, stride: D, cotarget: M) -> Result<Self::Output, LayoutError>;
}
impl<S, D, M> ComplementRankN<S, D, M> for B0 {
    type Output = RuntimeStrideStructure;
    #[inline(always)]
    fn complement_rank_n(_: S, _: D, _: M) -> Result<Self::Output, LayoutError> {
        Err(LayoutError::BadArgument {
            op: OP,
            msg: "a runtime stride in a layout of rank >= 2",
        })
    }
}
impl<S: Pairs<D>, D, M> ComplementRankN<S, D, M> for B1
where
    S::Sorted: ComplementFold<P1, M, HNil, HNil>,
{
    type Output = <S::Sorted as ComplementFold<P1, M, HNil, HNil>>::Output;
    #[inline(always)]
    fn complement_rank_n(shape: S, stride: D, cotarget: M) -> Result<Self::Output, LayoutError> {
        shape.sort(stride).fold(P1::new(), cotarget, HNil, HNil, 0)
    }
}

/// The rank-1 cases, by the stride `Self` of the filtered mode `S`.
#[doc(hidden)]
pub trait ComplementRank1<S, M> {
    /// The complement, or a marker.
    type Output;
    /// Computes it.
    fn complement_rank1(self, shape: S, cotarget: M) -> Result<Self::Output, LayoutError>;
}
/// `filter` left `_1:_0`: the complement is `make_layout(coalesce(cotarget))`.
impl<S, M: StrideZeroCotarget> ComplementRank1<S, M> for Z0 {
    type Output = M::Output;
    #[inline(always)]
    fn complement_rank1(self, _: S, cotarget: M) -> Result<Self::Output, LayoutError> {
        cotarget.whole()
    }
}
impl<S, M, U: Unsigned + NonZero> ComplementRank1<S, M> for NInt<U> {
    type Output = NegativeStride;
    #[inline(always)]
    fn complement_rank1(self, _: S, _: M) -> Result<Self::Output, LayoutError> {
        Err(ComplementCondition::NegativeStride.at(OP, 0))
    }
}
macro_rules! rank1_fold {
    ($([$($g:tt)*] $T:ty),*) => {$(
        /// One mode `s:d`: the general fold over one pair.
        impl<S, M, $($g)*> ComplementRank1<S, M> for $T
        where
            HCons<($T, S), HNil>: ComplementFold<P1, M, HNil, HNil>,
        {
            type Output = <HCons<($T, S), HNil> as ComplementFold<P1, M, HNil, HNil>>::Output;
            #[inline(always)]
            fn complement_rank1(self, shape: S, cotarget: M) -> Result<Self::Output, LayoutError> {
                HCons { head: (self, shape), tail: HNil }.fold(P1::new(), cotarget, HNil, HNil, 0)
            }
        }
    )*};
}
rank1_fold!([] i32, [] i64, [U: Unsigned + NonZero] PInt<U>);

// ---------------------------------------------------------------------------
// Sorting by stride

/// The modes of `Self:D` as `(stride, shape)` pairs sorted by stride
/// (a stable insertion sort, as CuTe's repeated first minimum: one `Cmp`
/// per comparison).
///
/// ```
/// use cute_algebra::algebra::Pairs;
/// use cute_algebra::prelude::*;
/// let sorted = shape![2, 3, 4].sort(stride![8, 1, 2]);
/// assert_eq!(sorted.head, (int!(1), int!(3)));
/// assert_eq!(sorted.tail.head, (int!(2), int!(4)));
/// ```
pub trait Pairs<D> {
    /// The sorted pairs.
    type Sorted;
    /// Sorts.
    fn sort(self, stride: D) -> Self::Sorted;
}
impl Pairs<HNil> for HNil {
    type Sorted = HNil;
    #[inline(always)]
    fn sort(self, _: HNil) -> HNil {
        HNil
    }
}
impl<S0, ST: Pairs<DT>, D0, DT> Pairs<HCons<D0, DT>> for HCons<S0, ST>
where
    ST::Sorted: Insert<D0, S0>,
{
    type Sorted = <ST::Sorted as Insert<D0, S0>>::Output;
    #[inline(always)]
    fn sort(self, stride: HCons<D0, DT>) -> Self::Sorted {
        self.tail.sort(stride.tail).insert(stride.head, self.head)
    }
}

/// Inserts the mode `S:D` into the sorted list `Self`.
#[doc(hidden)]
pub trait Insert<D, S> {
    /// The list with the mode in place.
    type Output;
    /// Inserts.
    fn insert(self, d: D, s: S) -> Self::Output;
}
impl<D, S> Insert<D, S> for HNil {
    type Output = HCons<(D, S), HNil>;
    #[inline(always)]
    fn insert(self, d: D, s: S) -> Self::Output {
        HCons {
            head: (d, s),
            tail: HNil,
        }
    }
}
impl<D: Cmp<HD>, S, HD, HS, T> Insert<D, S> for HCons<(HD, HS), T>
where
    Compare<D, HD>: InsertAt<D, S, HD, HS, T>,
{
    type Output = <Compare<D, HD> as InsertAt<D, S, HD, HS, T>>::Output;
    #[inline(always)]
    fn insert(self, d: D, s: S) -> Self::Output {
        <Compare<D, HD> as InsertAt<D, S, HD, HS, T>>::insert_at(d, s, self.head, self.tail)
    }
}
/// The lazy branch of [`Insert`], chosen by the comparison.
#[doc(hidden)]
pub trait InsertAt<D, S, HD, HS, T> {
    /// The list with the mode in place.
    type Output;
    /// Inserts.
    fn insert_at(d: D, s: S, head: (HD, HS), tail: T) -> Self::Output;
}
impl<D, S, HD, HS, T> InsertAt<D, S, HD, HS, T> for Less {
    type Output = HCons<(D, S), HCons<(HD, HS), T>>;
    #[inline(always)]
    fn insert_at(d: D, s: S, head: (HD, HS), tail: T) -> Self::Output {
        HCons {
            head: (d, s),
            tail: HCons { head, tail },
        }
    }
}
macro_rules! insert_later {
    ($($O:ty),*) => {$(
        impl<D, S, HD, HS, T: Insert<D, S>> InsertAt<D, S, HD, HS, T> for $O {
            type Output = HCons<(HD, HS), T::Output>;
            #[inline(always)]
            fn insert_at(d: D, s: S, head: (HD, HS), tail: T) -> Self::Output {
                HCons { head, tail: tail.insert(d, s) }
            }
        }
    )*};
}
insert_later!(Equal, Greater);

// ---------------------------------------------------------------------------
// The fold over the sorted modes

/// Walks the sorted `(stride, shape)` pairs `Self` with the covered extent
/// `Cur`, pushing result modes onto the reversed lists `AS:AD`, then
/// appends the rest of the cotarget `M`.
#[doc(hidden)]
pub trait ComplementFold<Cur, M, AS, AD> {
    /// The complement, or a marker.
    type Output;
    /// Continues the walk; `mode` counts the pairs in stride order.
    fn fold(
        self,
        cur: Cur,
        cotarget: M,
        acc_s: AS,
        acc_d: AD,
        mode: usize,
    ) -> Result<Self::Output, LayoutError>;
}
impl<Cur, M: ComplementRest<Cur, AS, AD>, AS, AD> ComplementFold<Cur, M, AS, AD> for HNil {
    type Output = M::Output;
    #[inline(always)]
    fn fold(
        self,
        cur: Cur,
        m: M,
        acc_s: AS,
        acc_d: AD,
        _: usize,
    ) -> Result<M::Output, LayoutError> {
        m.rest(cur, acc_s, acc_d)
    }
}
impl<D, S, T, Cur, M, AS, AD> ComplementFold<Cur, M, AS, AD> for HCons<(D, S), T>
where
    D: ComplementStep<S, Cur, Walk<T, M, AS, AD>>,
{
    type Output = D::Output;
    #[inline(always)]
    fn fold(
        self,
        cur: Cur,
        m: M,
        acc_s: AS,
        acc_d: AD,
        mode: usize,
    ) -> Result<D::Output, LayoutError> {
        let (d, s) = self.head;
        let rest = self.tail;
        d.step(
            s,
            cur,
            Walk {
                rest,
                m,
                acc_s,
                acc_d,
                mode,
            },
        )
    }
}

/// The walk around one mode: the pairs still to visit, the cotarget, the
/// reversed result lists and the mode's position in stride order.
#[derive(Clone, Copy, Debug)]
#[doc(hidden)]
pub struct Walk<T, M, AS, AD> {
    rest: T,
    m: M,
    acc_s: AS,
    acc_d: AD,
    mode: usize,
}
impl<T, M, AS, AD> Walk<T, M, AS, AD> {
    /// Pushes the gap `q : cur` and continues with the extent `next`.
    #[inline(always)]
    fn next<N, Q, C>(self, next: N, q: Q, cur: C) -> Result<T::Output, LayoutError>
    where
        Q: PushMode<C, AS, AD>,
        T: ComplementFold<N, M, Q::S, Q::D>,
    {
        let (acc_s, acc_d) = q.push(cur, self.acc_s, self.acc_d);
        self.rest.fold(next, self.m, acc_s, acc_d, self.mode + 1)
    }
    /// [`Walk::next`] for a runtime gap `q`, which is never the static `_1`
    /// and so is always pushed.
    #[inline(always)]
    fn next_runtime<N, Q, C>(self, next: N, q: Q, cur: C) -> Result<T::Output, LayoutError>
    where
        T: ComplementFold<N, M, HCons<Q, AS>, HCons<C, AD>>,
    {
        let acc_s = HCons {
            head: q,
            tail: self.acc_s,
        };
        let acc_d = HCons {
            head: cur,
            tail: self.acc_d,
        };
        self.rest.fold(next, self.m, acc_s, acc_d, self.mode + 1)
    }
}

/// One mode `S:Self` of the fold against the extent `Cur`, by its stride.
#[doc(hidden)]
pub trait ComplementStep<S, Cur, W> {
    /// The complement, or a marker.
    type Output;
    /// Pushes the mode's gap and continues the walk `w`.
    fn step(self, s: S, cur: Cur, w: W) -> Result<Self::Output, LayoutError>;
}
impl<U: Unsigned + NonZero, S, Cur, W> ComplementStep<S, Cur, W> for NInt<U> {
    type Output = NegativeStride;
    #[inline(always)]
    fn step(self, _: S, _: Cur, _: W) -> Result<NegativeStride, LayoutError> {
        Err(ComplementCondition::NegativeStride.at(OP, 0))
    }
}
/// A static positive stride: by the extent, static or runtime.
impl<U: Unsigned + NonZero, S, Cur: StaticStrideStep<U, S, W>, W> ComplementStep<S, Cur, W>
    for PInt<U>
{
    type Output = Cur::Output;
    #[inline(always)]
    fn step(self, s: S, cur: Cur, w: W) -> Result<Self::Output, LayoutError> {
        cur.static_step(s, w)
    }
}
/// A runtime stride (rank 1 only, so `cur` is `_1`): the gap is `d : cur`.
/// A zero stride (or a runtime shape of 1) covers nothing: the complement is the whole cotarget,
/// here as `size(M) : cur` followed by the cotarget's modes of size 1.
/// The gap and the extent take the widest runtime type among the stride,
/// the shape and the cotarget (`RuntimeGap`), as both branches must fit it.
impl<R: RuntimeInt, S: Int, Cur: Int, T, M: CheckedSize + Copy, AS, AD>
    ComplementStep<S, Cur, Walk<T, M, AS, AD>> for R
where
    R: IntMul<S>,
    Prod<R, S>: IntMul<M::Width>,
    T: ComplementFold<RuntimeGap<R, S, M>, M, HCons<RuntimeGap<R, S, M>, AS>, HCons<Cur, AD>>,
{
    type Output = T::Output;
    #[inline(always)]
    fn step(self, s: S, cur: Cur, w: Walk<T, M, AS, AD>) -> Result<T::Output, LayoutError> {
        let d = self.wide();
        let s = positive(s.wide())?;
        // A runtime extent of 1 covers nothing either: `DynLayout`'s filter
        // drops that mode, whatever its stride.
        let (q, next) = if d == 0 || s == 1 {
            let m = w.m.checked_size()?;
            (m, m)
        } else {
            let gap = runtime_step(s, d, cur.wide(), w.mode)?;
            (gap.shape, gap.next)
        };
        let gap = narrow::<RuntimeGap<R, S, M>>;
        w.next_runtime(gap(next)?, gap(q)?, cur)
    }
}
/// The type of a runtime stride's gap and extent: the stride `R`, the
/// shape `S` and the cotarget `M`'s widest runtime type, mixed.
type RuntimeGap<R, S, M> = Prod<Prod<R, S>, <M as CheckedSize>::Width>;

/// A static stride `PInt<U>` against the extent `Self`.
#[doc(hidden)]
pub trait StaticStrideStep<U, S, W> {
    /// The complement, or a marker.
    type Output;
    /// Pushes the gap and continues.
    fn static_step(self, s: S, w: W) -> Result<Self::Output, LayoutError>;
}
/// A static extent: one comparison, then a lazy branch.
impl<V: Unsigned + NonZero, U: Unsigned + NonZero + Cmp<V>, S, W> StaticStrideStep<U, S, W>
    for PInt<V>
where
    Compare<U, V>: StaticGap<U, V, S, W>,
{
    type Output = <Compare<U, V> as StaticGap<U, V, S, W>>::Output;
    #[inline(always)]
    fn static_step(self, s: S, w: W) -> Result<Self::Output, LayoutError> {
        <Compare<U, V> as StaticGap<U, V, S, W>>::gap(s, w)
    }
}
/// A runtime extent: the gap `d / cur` is runtime, checked at run time.
impl<U: Unsigned + NonZero, S: Int, R: RuntimeInt, T, M, AS, AD>
    StaticStrideStep<U, S, Walk<T, M, AS, AD>> for R
where
    PInt<U>: Int,
    S: IntMul<PInt<U>>,
    T: ComplementFold<Prod<S, PInt<U>>, M, HCons<R, AS>, HCons<R, AD>>,
{
    type Output = T::Output;
    #[inline(always)]
    fn static_step(self, s: S, w: Walk<T, M, AS, AD>) -> Result<T::Output, LayoutError> {
        let d = PInt::<U>::new();
        if s.wide() == 1 {
            // DynLayout's filter drops a runtime size-1 mode: no gap, and
            // the extent stays.
            return w.next_runtime(narrow(self.wide())?, R::narrow(1), self);
        }
        let gap = runtime_step(positive(s.wide())?, d.wide(), self.wide(), w.mode)?;
        w.next_runtime(narrow(gap.next)?, R::narrow(gap.shape), self)
    }
}

/// The branch of a static step, chosen by comparing the stride `U` with
/// the extent `V`: below is an error marker, equal leaves no gap, above
/// leaves the gap `⌊U / V⌋ : V`. These are the branches of
/// [`complement_step`], which the runtime values take.
#[doc(hidden)]
pub trait StaticGap<U, V, S, W> {
    /// The complement, or a marker.
    type Output;
    /// Pushes the gap and continues.
    fn gap(s: S, w: W) -> Result<Self::Output, LayoutError>;
}
impl<U, V, S, W> StaticGap<U, V, S, W> for Less {
    type Output = StrideBelowExtent;
    #[inline(always)]
    fn gap(_: S, _: W) -> Result<StrideBelowExtent, LayoutError> {
        Err(ComplementCondition::StrideBelowExtent.at(OP, 0))
    }
}
impl<U: Unsigned + NonZero, V, S: Int, T, M, AS, AD> StaticGap<U, V, S, Walk<T, M, AS, AD>>
    for Equal
where
    PInt<U>: Int,
    S: IntMul<PInt<U>>,
    T: ComplementFold<Prod<S, PInt<U>>, M, AS, AD>,
{
    type Output = T::Output;
    #[inline(always)]
    fn gap(s: S, w: Walk<T, M, AS, AD>) -> Result<T::Output, LayoutError> {
        let d = PInt::<U>::new();
        w.next(next_extent(s, d)?, One::new(), d)
    }
}
impl<U, V, S: Int, T, M, AS, AD> StaticGap<U, V, S, Walk<T, M, AS, AD>> for Greater
where
    U: Unsigned + NonZero + UFloorDiv<V>,
    V: Unsigned + NonZero,
    PInt<U>: Int,
    S: IntMul<PInt<U>>,
    <U as UFloorDiv<V>>::Output: ToStatic,
    Gap<U, V>: PushMode<PInt<V>, AS, AD>,
    T: ComplementFold<
            Prod<S, PInt<U>>,
            M,
            <Gap<U, V> as PushMode<PInt<V>, AS, AD>>::S,
            <Gap<U, V> as PushMode<PInt<V>, AS, AD>>::D,
        >,
{
    type Output = T::Output;
    #[inline(always)]
    fn gap(s: S, w: Walk<T, M, AS, AD>) -> Result<T::Output, LayoutError> {
        let d = PInt::<U>::new();
        if s.wide() == 1 {
            // DynLayout's filter drops a runtime size-1 mode. The gap
            // `U / V` is static: where it is 1 (no mode) the extent just
            // stays `V`; a wider gap cannot be dropped from the result.
            if Gap::<U, V>::default().wide() != 1 {
                return Err(runtime_one_gap(w.mode));
            }
            let same = Int::from_i64(V::I64).ok_or(LayoutError::Overflow { op: OP })?;
            return w.next(same, Gap::<U, V>::default(), PInt::<V>::new());
        }
        w.next(next_extent(s, d)?, Gap::<U, V>::default(), PInt::<V>::new())
    }
}
/// A runtime extent of 1 on a mode whose static stride leaves a gap: the
/// result's structure (fixed by the static values) keeps the gap, which
/// the mode, absent, no longer bounds.
fn runtime_one_gap(mode: usize) -> LayoutError {
    LayoutError::NotComplementable {
        op: OP,
        mode,
        reason: "its runtime extent is 1, and the gap below its static stride cannot leave the result's structure (use DynLayout)",
    }
}

/// The gap `⌊U / V⌋` as a static integer.
type Gap<U, V> = <<U as UFloorDiv<V>>::Output as ToStatic>::Output;

/// Pushes the mode `Self:D` onto the reversed lists, unless `Self` is the
/// static `_1` (CuTe's final coalesce drops it).
#[doc(hidden)]
pub trait PushMode<D, AS, AD> {
    /// The shapes after the push.
    type S;
    /// The strides after the push.
    type D;
    /// Pushes.
    fn push(self, d: D, acc_s: AS, acc_d: AD) -> (Self::S, Self::D);
}
impl<D, AS, AD> PushMode<D, AS, AD> for One {
    type S = AS;
    type D = AD;
    #[inline(always)]
    fn push(self, _: D, acc_s: AS, acc_d: AD) -> (AS, AD) {
        (acc_s, acc_d)
    }
}
impl_for_not_one! {
    impl<D, AS, AD> PushMode<D, AS, AD> {
        type S = HCons<Self, AS>;
        type D = HCons<D, AD>;
        #[inline(always)]
        fn push(self, d: D, acc_s: AS, acc_d: AD) -> (Self::S, Self::D) {
            (HCons { head: self, tail: acc_s }, HCons { head: d, tail: acc_d })
        }
    }
}

// ---------------------------------------------------------------------------
// The rest of the cotarget

/// The modes that fill up to the cotarget `Self` from the extent `Cur`,
/// pushed after the gaps `AS:AD`; then the result is built.
#[doc(hidden)]
pub trait ComplementRest<Cur, AS, AD> {
    /// The complement.
    type Output;
    /// Computes it.
    fn rest(self, cur: Cur, acc_s: AS, acc_d: AD) -> Result<Self::Output, LayoutError>;
}
/// An integer cotarget: one mode `ceil_div(M, cur) : cur`.
impl<M: Int + IntCeilDiv<Cur>, Cur: Int, AS, AD> ComplementRest<Cur, AS, AD> for M
where
    CeilDiv<M, Cur>: PushMode<Cur, AS, AD>,
    <CeilDiv<M, Cur> as PushMode<Cur, AS, AD>>::S:
        FinishModes<<CeilDiv<M, Cur> as PushMode<Cur, AS, AD>>::D>,
{
    type Output = <<CeilDiv<M, Cur> as PushMode<Cur, AS, AD>>::S as FinishModes<
        <CeilDiv<M, Cur> as PushMode<Cur, AS, AD>>::D,
    >>::Output;
    #[inline(always)]
    fn rest(self, cur: Cur, acc_s: AS, acc_d: AD) -> Result<Self::Output, LayoutError> {
        positive(self.wide())?;
        let q = self
            .ceil_div_checked(cur)
            .ok_or(LayoutError::Overflow { op: OP })?;
        // The result reaches `q * cur` (the cotarget rounded up): it must
        // fit, as the extents of a shape cotarget's modes do.
        fits_product::<<CeilDiv<M, Cur> as Int>::Value>(q.wide(), cur.wide())?;
        let (s, d) = q.push(cur, acc_s, acc_d);
        Ok(s.finish(d))
    }
}
/// A shape cotarget: `coalesce(ceil_div(M, cur))` with compact strides from `cur`.
impl<H, T, Cur: Int, AS, AD> ComplementRest<Cur, AS, AD> for HCons<H, T>
where
    Self: IntTuple,
    <Self as IntTuple>::Flat: CeilDivLeaves<Cur>,
    <<Self as IntTuple>::Flat as CeilDivLeaves<Cur>>::Output: CoalesceRuns,
    <<<Self as IntTuple>::Flat as CeilDivLeaves<Cur>>::Output as CoalesceRuns>::Output:
        CompactPush<Cur, AS, AD>,
{
    type Output = <<<<Self as IntTuple>::Flat as CeilDivLeaves<Cur>>::Output as CoalesceRuns>::Output as CompactPush<
        Cur,
        AS,
        AD,
    >>::Output;
    #[inline(always)]
    fn rest(self, cur: Cur, acc_s: AS, acc_d: AD) -> Result<Self::Output, LayoutError> {
        self.flatten()
            .ceil_div_leaves(cur)?
            .coalesce_runs()?
            .compact_push(cur, acc_s, acc_d)
    }
}

/// CuTe's `ceil_div(tuple, b)` on the flat leaves `Self`: each leaf `a`
/// becomes `ceil_div(a, b)` and `b` becomes `ceil_div(b, a)`. (On a nested
/// tuple CuTe divides by whole modes, which gives the same leaves, as
/// `⌈⌈x / a⌉ / b⌉ = ⌈x / ab⌉`.)
///
/// ```
/// use cute_algebra::algebra::CeilDivLeaves;
/// use cute_algebra::prelude::*;
/// // CuTe: ceil_div((32,4,4), 64) = (_1,_2,_4)
/// let r = shape![32, 4, 4].ceil_div_leaves(int!(64)).unwrap();
/// assert_eq!(r.to_cute_string(), "(_1,_2,_4)");
/// ```
pub trait CeilDivLeaves<B> {
    /// The flat result.
    type Output;
    /// Computes it; every leaf must be at least 1.
    fn ceil_div_leaves(self, b: B) -> Result<Self::Output, LayoutError>;
}
impl<B> CeilDivLeaves<B> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn ceil_div_leaves(self, _: B) -> Result<HNil, LayoutError> {
        Ok(HNil)
    }
}
impl<A: IntCeilDiv<B>, B: IntCeilDiv<A>, T: CeilDivLeaves<CeilDiv<B, A>>> CeilDivLeaves<B>
    for HCons<A, T>
{
    type Output = HCons<CeilDiv<A, B>, T::Output>;
    #[inline(always)]
    fn ceil_div_leaves(self, b: B) -> Result<Self::Output, LayoutError> {
        positive(self.head.wide())?;
        let overflow = LayoutError::Overflow { op: OP };
        Ok(HCons {
            head: self.head.ceil_div_checked(b).ok_or(overflow)?,
            tail: self
                .tail
                .ceil_div_leaves(b.ceil_div_checked(self.head).ok_or(overflow)?)?,
        })
    }
}

/// CuTe's `coalesce(shape)` on flat leaves: neighbours that are both static
/// or both runtime multiply into one run.
///
/// ```
/// use cute_algebra::algebra::CoalesceRuns;
/// use cute_algebra::prelude::*;
/// let n: i32 = 3;
/// assert_eq!(shape![1, 2, n, n, 4].coalesce_runs().unwrap().to_cute_string(), "(_2,9,_4)");
/// ```
pub trait CoalesceRuns {
    /// The runs, as a flat tuple.
    type Output;
    /// Computes them, checking the products for overflow.
    fn coalesce_runs(self) -> Result<Self::Output, LayoutError>;
}
impl<F, T: RunsFrom<F>> CoalesceRuns for HCons<F, T> {
    type Output = T::Output;
    #[inline(always)]
    fn coalesce_runs(self) -> Result<Self::Output, LayoutError> {
        self.tail.runs_from(self.head)
    }
}
/// Continues the runs over `Self` with the current run `F`.
#[doc(hidden)]
pub trait RunsFrom<F> {
    /// The runs.
    type Output;
    /// Computes them.
    fn runs_from(self, front: F) -> Result<Self::Output, LayoutError>;
}
impl<F> RunsFrom<F> for HNil {
    type Output = HCons<F, HNil>;
    #[inline(always)]
    fn runs_from(self, front: F) -> Result<Self::Output, LayoutError> {
        Ok(HCons {
            head: front,
            tail: HNil,
        })
    }
}
impl<F: AllStatic, X: AllStatic, T> RunsFrom<F> for HCons<X, T>
where
    (F::Is, X::Is): RunJoin<F, X, T>,
{
    type Output = <(F::Is, X::Is) as RunJoin<F, X, T>>::Output;
    #[inline(always)]
    fn runs_from(self, front: F) -> Result<Self::Output, LayoutError> {
        <(F::Is, X::Is) as RunJoin<F, X, T>>::join(front, self.head, self.tail)
    }
}
/// Merge `X` into the run `F` when both are static or both runtime.
#[doc(hidden)]
pub trait RunJoin<F, X, T> {
    /// The runs.
    type Output;
    /// Continues.
    fn join(front: F, x: X, rest: T) -> Result<Self::Output, LayoutError>;
}
macro_rules! run_join {
    (merge $($K:ty),*) => {$(
        impl<F: IntMul<X>, X: Int, T: RunsFrom<Prod<F, X>>> RunJoin<F, X, T> for ($K, $K) {
            type Output = T::Output;
            #[inline(always)]
            fn join(front: F, x: X, rest: T) -> Result<Self::Output, LayoutError> {
                rest.runs_from(checked_mul(front, x)?)
            }
        }
    )*};
    (split $(($A:ty, $B:ty)),*) => {$(
        impl<F, X, T: RunsFrom<X>> RunJoin<F, X, T> for ($A, $B) {
            type Output = HCons<F, T::Output>;
            #[inline(always)]
            fn join(front: F, x: X, rest: T) -> Result<Self::Output, LayoutError> {
                Ok(HCons { head: front, tail: rest.runs_from(x)? })
            }
        }
    )*};
}
run_join!(merge B0, B1);
run_join!(split(B0, B1), (B1, B0));

/// Pushes the runs `Self` with compact strides from `C` (static `_1`
/// runs dropped), then builds the result.
#[doc(hidden)]
pub trait CompactPush<C, AS, AD> {
    /// The complement.
    type Output;
    /// Computes it.
    fn compact_push(self, c: C, acc_s: AS, acc_d: AD) -> Result<Self::Output, LayoutError>;
}
impl<C, AS: FinishModes<AD>, AD> CompactPush<C, AS, AD> for HNil {
    type Output = AS::Output;
    #[inline(always)]
    fn compact_push(self, _: C, acc_s: AS, acc_d: AD) -> Result<Self::Output, LayoutError> {
        Ok(acc_s.finish(acc_d))
    }
}
impl<R, T, C, AS, AD> CompactPush<C, AS, AD> for HCons<R, T>
where
    R: Int + PushMode<C, AS, AD>,
    C: Int + IntMul<R>,
    T: CompactPush<Prod<C, R>, R::S, R::D>,
{
    type Output = T::Output;
    #[inline(always)]
    fn compact_push(self, c: C, acc_s: AS, acc_d: AD) -> Result<Self::Output, LayoutError> {
        let next = checked_mul(c, self.head)?;
        let (s, d) = self.head.push(c, acc_s, acc_d);
        self.tail.compact_push(next, s, d)
    }
}

/// Builds the result from the reversed modes `Self:AD`: none is `_1:_0`,
/// one is an integer layout, more are a flat tuple.
#[doc(hidden)]
pub trait FinishModes<AD> {
    /// The layout.
    type Output;
    /// Builds it.
    fn finish(self, acc_d: AD) -> Self::Output;
}
impl FinishModes<HNil> for HNil {
    type Output = Layout<P1, Z0>;
    #[inline(always)]
    fn finish(self, _: HNil) -> Self::Output {
        Layout::from_parts(P1::new(), Z0::new())
    }
}
impl<A, DA> FinishModes<HCons<DA, HNil>> for HCons<A, HNil> {
    type Output = Layout<A, DA>;
    #[inline(always)]
    fn finish(self, acc_d: HCons<DA, HNil>) -> Self::Output {
        Layout::from_parts(self.head, acc_d.head)
    }
}
impl<A, B, T, DA, DB, DT> FinishModes<HCons<DA, HCons<DB, DT>>> for HCons<A, HCons<B, T>>
where
    Self: ReverseOnto<HNil>,
    HCons<DA, HCons<DB, DT>>: ReverseOnto<HNil>,
{
    type Output = Layout<
        <Self as ReverseOnto<HNil>>::Output,
        <HCons<DA, HCons<DB, DT>> as ReverseOnto<HNil>>::Output,
    >;
    #[inline(always)]
    fn finish(self, acc_d: HCons<DA, HCons<DB, DT>>) -> Self::Output {
        Layout::from_parts(self.reverse_onto(HNil), acc_d.reverse_onto(HNil))
    }
}

/// The cotarget of a stride-0 layout: CuTe's `make_layout(coalesce(cotarget))`.
#[doc(hidden)]
pub trait StrideZeroCotarget {
    /// The complement.
    type Output;
    /// Computes it.
    fn whole(self) -> Result<Self::Output, LayoutError>;
}
impl<M: Int + Coalesce<P1>> StrideZeroCotarget for M {
    type Output = M::Output;
    #[inline(always)]
    fn whole(self) -> Result<Self::Output, LayoutError> {
        positive(self.wide())?;
        Ok(self.coalesce(P1::new()))
    }
}
impl<H, T> StrideZeroCotarget for HCons<H, T>
where
    Self: IntTuple + CheckedSize,
    <Self as IntTuple>::Flat: CoalesceRuns,
    <<Self as IntTuple>::Flat as CoalesceRuns>::Output: IntIfSingle,
    <<<Self as IntTuple>::Flat as CoalesceRuns>::Output as IntIfSingle>::Output:
        Compact<LayoutLeft, P1>,
{
    type Output = Layout<
        <<<Self as IntTuple>::Flat as CoalesceRuns>::Output as IntIfSingle>::Output,
        <<<<Self as IntTuple>::Flat as CoalesceRuns>::Output as IntIfSingle>::Output as Compact<
            LayoutLeft,
            P1,
        >>::Stride,
    >;
    #[inline(always)]
    fn whole(self) -> Result<Self::Output, LayoutError> {
        self.checked_size()?;
        let shape = self.flatten().coalesce_runs()?.int_if_single();
        Ok(Layout::from_parts(shape, shape.compact(P1::new()).0))
    }
}

/// A one-element tuple as its element (CuTe's `fold_first` result).
#[doc(hidden)]
pub trait IntIfSingle {
    /// The element, or the tuple.
    type Output;
    /// Unwraps.
    fn int_if_single(self) -> Self::Output;
}
impl<A> IntIfSingle for HCons<A, HNil> {
    type Output = A;
    #[inline(always)]
    fn int_if_single(self) -> A {
        self.head
    }
}
impl<A, B, T> IntIfSingle for HCons<A, HCons<B, T>> {
    type Output = Self;
    #[inline(always)]
    fn int_if_single(self) -> Self {
        self
    }
}

/// The product of the leaves, checked: each at least 1, and no overflow at
/// the width of the widest leaf (`i32` unless an `i64` takes part).
///
/// ```
/// use cute_algebra::algebra::CheckedSize;
/// use cute_algebra::prelude::*;
/// assert_eq!(shape![2, (3, 4)].checked_size(), Ok(24));
/// let (zero, big): (i32, i32) = (0, 1 << 20);
/// assert!(shape![2, zero].checked_size().is_err());
/// assert!(shape![big, big].checked_size().is_err());
/// let wide: i64 = 1 << 20;
/// assert_eq!(shape![big, wide].checked_size(), Ok(1 << 40));
/// ```
pub trait CheckedSize {
    /// The widest runtime type among the leaves (`i32` when all are static).
    type Width: RuntimeInt;
    /// The product.
    fn checked_size(self) -> Result<i64, LayoutError>;
}
impl<I: Int> CheckedSize for I {
    type Width = I::Value;
    #[inline(always)]
    fn checked_size(self) -> Result<i64, LayoutError> {
        positive(self.wide())
    }
}
impl CheckedSize for HNil {
    type Width = i32;
    #[inline(always)]
    fn checked_size(self) -> Result<i64, LayoutError> {
        Ok(1)
    }
}
impl<H: CheckedSize, T: CheckedSize> CheckedSize for HCons<H, T>
where
    H::Width: IntMul<T::Width>,
    Prod<H::Width, T::Width>: RuntimeInt,
{
    type Width = Prod<H::Width, T::Width>;
    #[inline(always)]
    fn checked_size(self) -> Result<i64, LayoutError> {
        let (h, t) = (self.head.checked_size()?, self.tail.checked_size()?);
        fits_product::<Self::Width>(h, t).map(|()| h * t)
    }
}
