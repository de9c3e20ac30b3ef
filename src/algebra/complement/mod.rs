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
//! whose verdict (`Admitted` or `Fail<marker>`, as composition's) must be
//! `Admissible`: a failure's compile error names the operation and the
//! condition. Runtime values
//! are checked at run time: [`try_complement`] returns the [`LayoutError`],
//! [`complement`] panics with it.
//!
//! The result never has mergeable neighbours (each mode ends below the next
//! stride), so CuTe's final `coalesce` only drops static `_1` modes; this
//! module drops them as it goes.

mod bounds;
mod checked;
mod markers;
mod rest;
mod walk;

pub use bounds::*;
pub(crate) use markers::conditions;
pub use markers::*;
pub use rest::*;
// The sort by stride moved to `tuple`; its old paths here.
#[doc(hidden)]
pub use crate::tuple::{Insert, InsertAt, Pairs};
pub use walk::*;

use super::StaticFlag;
use super::verdict::Admissible;
use super::{FilterLayout, Filtered, IntTupleParts};
use crate::error::LayoutError;
use crate::int::IntAdd;
use crate::layout::{CosizeOf, Layout, Span};
use crate::tuple::IntTuple;
use typenum::P1;

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
// The verdict (`Admissible`) reports the broken condition's own message;
// `ComplementWithin` checks CuTe's post-conditions on the result.
where
    Complemented<L, M>: Outcome<Verdict: Admissible> + ComplementWithin<L, M>,
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
    Complemented<L, M>: Outcome<Verdict: Admissible> + ComplementWithin<L, M>,
{
    let walk = || {
        let r = l.try_complement_to(cotarget)?;
        r.check_bounds(l, cotarget)?;
        Ok(r)
    };
    <L::Static as StaticFlag>::pick(walk, || Ok(Complemented::<L, M>::blank()))
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
/// layout, or a marker type when the layout is not complementable; its
/// [`Outcome::Verdict`] is `Admitted` or `Fail<marker>`, and the functions
/// require it to be `Admissible`, so the failing condition is the first
/// line of the error.
///
/// ```
/// use cute_algebra::algebra::{Complement, NegativeStride};
/// use cute_algebra::prelude::*;
/// use static_assertions::assert_type_eq_all;
/// let r = layout![(2, 2) : (1, 6)].try_complement_to(int!(24)).unwrap();
/// assert_eq!(r.to_string(), "(_3,_2):(_2,_12)");
/// // Not complementable: the outcome is a marker, which the functions reject.
/// assert_type_eq_all!(<Layout![4 : -1] as Complement<Shape![8]>>::Output, NegativeStride);
/// assert_type_eq_all!(<NegativeStride as Outcome>::Verdict, Fail<NegativeStride>);
/// # use cute_algebra::algebra::{Outcome, verdict::Fail};
/// ```
pub trait Complement<M>: crate::int::sealed::Operand {
    /// The complement, or a marker naming the broken condition.
    type Output;
    /// `B1` when the layout and the cotarget are static: the public
    /// functions then build the result from its type
    /// ([`StaticFlag`](crate::algebra::StaticFlag)).
    #[doc(hidden)]
    type Static: StaticFlag;
    /// Computes it, checking runtime values.
    fn try_complement_to(self, cotarget: M) -> Result<Self::Output, LayoutError>;
}
impl<S: IntTuple, D: IntTuple, M: IntTuple> Complement<M> for Layout<S, D>
where
    Layout<S, D>: FilterLayout,
    Filtered<Layout<S, D>>: IntTupleParts,
    <Filtered<Layout<S, D>> as IntTupleParts>::Shape:
        ComplementShape<<Filtered<Layout<S, D>> as IntTupleParts>::Stride, M>,
{
    type Output = ComplementOf<Layout<S, D>, M>;
    type Static = <<S::Static as StaticFlag>::And<D::Static> as StaticFlag>::And<M::Static>;
    #[inline(always)]
    fn try_complement_to(self, cotarget: M) -> Result<Self::Output, LayoutError> {
        let (s, d) = super::filter_any(self).parts();
        s.complement_shape(d, cotarget)
    }
}

/// The outcome of the computation: the result layout or a marker.
type ComplementOf<L, M> = <<Filtered<L> as IntTupleParts>::Shape as ComplementShape<
    <Filtered<L> as IntTupleParts>::Stride,
    M,
>>::Output;

/// CuTe's default cotarget of `complement(layout)`: `cosize(filter(layout))`.
///
/// ```
/// use cute_algebra::algebra::FilteredCosize;
/// use cute_algebra::prelude::*;
/// assert_eq!(layout![(2, 3, 2) : (1, 0, 6)].filtered_cosize().value(), 8);
/// ```
#[doc(hidden)]
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
    Filtered<Layout<S, D>>: IntTupleParts,
    <Filtered<Layout<S, D>> as IntTupleParts>::Shape:
        Span<<Filtered<Layout<S, D>> as IntTupleParts>::Stride>,
    <<Filtered<Layout<S, D>> as IntTupleParts>::Shape as Span<
        <Filtered<Layout<S, D>> as IntTupleParts>::Stride,
    >>::Output: IntAdd<P1>,
{
    type Output = CosizeOf<
        <Filtered<Layout<S, D>> as IntTupleParts>::Shape,
        <Filtered<Layout<S, D>> as IntTupleParts>::Stride,
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
        Complemented<Self>:
            Outcome<Verdict: Admissible> + ComplementWithin<Self, <Self as FilteredCosize>::Output>,
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
        Complemented<Self>:
            Outcome<Verdict: Admissible> + ComplementWithin<Self, <Self as FilteredCosize>::Output>,
    {
        try_complement(self, self.try_filtered_cosize()?)
    }
}
