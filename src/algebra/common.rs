//! `max_common_layout` and `max_common_vector`: how many elements two
//! layouts agree on contiguously, as CuTe uses them to pick vector widths
//! for copies. Both read `common = coalesce(composition(a, right_inverse(b)))`:
//! its first mode, when it is a static shape with stride `_1`, is the run
//! of indices where `a` and `b` agree.

use super::complement::Outcome;
use super::verdict::Admissible;
use super::{Coalesce, Composition, RightInverse, RightInverseLayout};
use crate::error::LayoutError;
use crate::error::ok_or_panic;
use crate::int::{Int, StaticEq};
use crate::layout::{IntoParts, Layout, LayoutParts};
use crate::tuple::{AllStatic, Size};
use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, P1, Z0};

#[doc(hidden)]
/// Mode 0 of a coalesced layout `Self:D` (the whole layout when it is an
/// integer layout).
pub trait FirstMode<D> {
    /// Mode 0's shape.
    type Shape;
    /// Mode 0's stride.
    type Stride;
    /// Takes it.
    fn first_mode(self, d: D) -> Layout<Self::Shape, Self::Stride>;
}
impl<S0, ST, D0, DT> FirstMode<HCons<D0, DT>> for HCons<S0, ST> {
    type Shape = S0;
    type Stride = D0;
    #[inline(always)]
    fn first_mode(self, d: HCons<D0, DT>) -> Layout<S0, D0> {
        Layout::from_parts(self.head, d.head)
    }
}
impl<D, I: crate::int::Int> FirstMode<D> for I {
    type Shape = I;
    type Stride = D;
    #[inline(always)]
    fn first_mode(self, d: D) -> Layout<I, D> {
        Layout::from_parts(self, d)
    }
}

#[doc(hidden)]
/// CuTe's test on the first mode `Self:D` of the common layout: a static
/// shape with the static stride `_1`.
pub trait IsVector<D> {
    /// `B1` or `B0`.
    type Is;
}
impl<S: AllStatic, D: StaticEq<P1>> IsVector<D> for S
where
    S::Is: core::ops::BitAnd<<D as StaticEq<P1>>::Output>,
{
    type Is = <S::Is as core::ops::BitAnd<<D as StaticEq<P1>>::Output>>::Output;
}

#[doc(hidden)]
/// The branch on [`IsVector`]: `B1` keeps `composition(inv_b, mode 0)`,
/// `B0` gives `_1:_0`.
pub trait CommonBy<M, InvB> {
    /// The common layout.
    type Output;
    /// Computes it.
    fn common_by(mode: M, inv_b: InvB) -> Result<Self::Output, LayoutError>;
}
impl<M, InvB> CommonBy<M, InvB> for B0 {
    type Output = Layout<P1, Z0>;
    #[inline(always)]
    fn common_by(_: M, _: InvB) -> Result<Self::Output, LayoutError> {
        Ok(Layout::from_parts(P1::new(), Z0::new()))
    }
}
impl<M, InvB: Composition<M>> CommonBy<M, InvB> for B1 {
    type Output = InvB::Output;
    #[inline(always)]
    fn common_by(mode: M, inv_b: InvB) -> Result<Self::Output, LayoutError> {
        inv_b.try_compose(mode)
    }
}

/// `coalesce(composition(a, right_inverse(b)))` for `a = Self`.
type Common<A, B> =
    <<<A as Composition<RightInverse<B>>>::Output as LayoutParts>::Shape as Coalesce<
        <<A as Composition<RightInverse<B>>>::Output as LayoutParts>::Stride,
    >>::Output;
/// Its first mode's shape and stride.
type Mode0<C> = <<C as LayoutParts>::Shape as FirstMode<<C as LayoutParts>::Stride>>::Shape;
type Mode0D<C> = <<C as LayoutParts>::Shape as FirstMode<<C as LayoutParts>::Stride>>::Stride;
/// The verdict of [`IsVector`] on it.
type Verdict<C> = <Mode0<C> as IsVector<Mode0D<C>>>::Is;

/// CuTe's `max_common_layout(a, b)` with `a = Self`.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::algebra::MaxCommonLayout;
/// // How far a copy from `a` to `b` can vectorize, in generic code.
/// fn common<A: MaxCommonLayout<B>, B>(a: A, b: B) -> A::Output {
///     a.try_max_common_layout(b).unwrap()
/// }
/// assert_eq!(common(layout![(4, 8) : (1, 4)], layout![(4, 8) : (1, 8)]).to_string(), "_4:_1");
/// ```
pub trait MaxCommonLayout<B>: crate::int::sealed::Operand {
    /// The common layout.
    type Output;
    /// Computes it, checking runtime values.
    fn try_max_common_layout(self, b: B) -> Result<Self::Output, LayoutError>;
}
impl<SA, DA, B> MaxCommonLayout<B> for Layout<SA, DA>
where
    B: RightInverseLayout,
    RightInverse<B>: Outcome<Verdict: Admissible> + Copy,
    Self: Composition<RightInverse<B>>,
    <Self as Composition<RightInverse<B>>>::Output: IntoParts,
    <<Self as Composition<RightInverse<B>>>::Output as LayoutParts>::Shape:
        Coalesce<<<Self as Composition<RightInverse<B>>>::Output as LayoutParts>::Stride>,
    Common<Self, B>: IntoParts,
    <Common<Self, B> as LayoutParts>::Shape: FirstMode<<Common<Self, B> as LayoutParts>::Stride>,
    Mode0<Common<Self, B>>: IsVector<Mode0D<Common<Self, B>>>,
    Verdict<Common<Self, B>>:
        CommonBy<Layout<Mode0<Common<Self, B>>, Mode0D<Common<Self, B>>>, RightInverse<B>>,
{
    type Output = <Verdict<Common<Self, B>> as CommonBy<
        Layout<Mode0<Common<Self, B>>, Mode0D<Common<Self, B>>>,
        RightInverse<B>,
    >>::Output;
    #[inline]
    fn try_max_common_layout(self, b: B) -> Result<Self::Output, LayoutError> {
        let inv_b = b.right_inverse_layout();
        let (s, d) = self.try_compose(inv_b)?.parts();
        let (cs, cd) = s.coalesce(d).parts();
        <Verdict<Common<Self, B>>>::common_by(cs.first_mode(cd), inv_b)
    }
}

/// CuTe's `max_common_layout(a, b)`: the layout of the longest contiguous
/// run of offsets that `a` and `b` map alike, as coordinates of `b`. It is
/// `composition(right_inverse(b), m)`, where `m` is the first mode of
/// `coalesce(composition(a, right_inverse(b)))` when that mode is a static
/// shape with stride `_1`, and `_1:_0` otherwise.
///
/// # Panics
/// When a runtime value breaks composition's conditions;
/// [`try_max_common_layout`] returns the error.
///
/// ```
/// use cute_algebra::prelude::*;
/// let a = layout![(4, 8) : (1, 4)];
/// assert_eq!(max_common_layout(a, a).to_string(), "_32:_1");
/// let b = layout![(4, 8) : (8, 1)];
/// assert_eq!(max_common_layout(a, b).to_string(), "_1:_0");
/// ```
#[inline]
#[track_caller]
pub fn max_common_layout<A: MaxCommonLayout<B>, B>(a: A, b: B) -> A::Output {
    ok_or_panic(a.try_max_common_layout(b))
}

/// [`max_common_layout`], returning a runtime condition's failure.
#[inline]
pub fn try_max_common_layout<A: MaxCommonLayout<B>, B>(
    a: A,
    b: B,
) -> Result<A::Output, LayoutError> {
    a.try_max_common_layout(b)
}

/// CuTe's `max_common_vector(a, b)` with `a = Self`: the size of
/// [`max_common_layout`] when both layouts are fully static, else `_1`.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::algebra::MaxCommonVector;
/// use cute_algebra::typenum::{P1, P4};
/// use static_assertions::assert_type_eq_all;
/// // The vector width is a type: a kernel can pick its copy instruction from it.
/// type A = Layout![(4, 8) : (1, 4)];
/// assert_type_eq_all!(<A as MaxCommonVector<Layout![(4, 8) : (1, 8)]>>::Output, P4);
/// // A runtime value anywhere gives `_1`.
/// assert_type_eq_all!(<A as MaxCommonVector<Layout![(i32, 8) : (1, 4)]>>::Output, P1);
/// ```
pub trait MaxCommonVector<B>: crate::int::sealed::Operand {
    /// The vector width, a static integer.
    type Output: Int;
}
impl<SA, DA, SB, DB> MaxCommonVector<Layout<SB, DB>> for Layout<SA, DA>
where
    HCons<SA, HCons<DA, HCons<SB, HCons<DB, HNil>>>>: AllStatic,
    <HCons<SA, HCons<DA, HCons<SB, HCons<DB, HNil>>>> as AllStatic>::Is:
        VectorBy<Self, Layout<SB, DB>>,
{
    type Output =
        <<HCons<SA, HCons<DA, HCons<SB, HCons<DB, HNil>>>> as AllStatic>::Is as VectorBy<
            Self,
            Layout<SB, DB>,
        >>::Output;
}
#[doc(hidden)]
/// The branch of [`MaxCommonVector`] on "both layouts are static".
pub trait VectorBy<A, B> {
    /// The vector width.
    type Output: Int;
}
crate::int::output_impls! {
    [A, B] B0 as VectorBy<A, B> => P1;
    [A: MaxCommonLayout<B>, B] B1 as VectorBy<A, B>
        => <<A::Output as LayoutParts>::Shape as Size>::Size
        where [A::Output: IntoParts, <A::Output as LayoutParts>::Shape: Size];
}

/// CuTe's `max_common_vector(a, b)`: how many contiguous elements `a` and
/// `b` agree on, as a static integer (always `_1` unless both layouts are
/// fully static).
///
/// ```
/// use cute_algebra::prelude::*;
/// let a = layout![(4, 8) : (1, 4)];
/// assert_eq!(max_common_vector(a, layout![(4, 8) : (1, 4)]).value(), 32);
/// assert_eq!(max_common_vector(a, layout![(4, 8) : (1, 8)]).value(), 4);
/// let n: i32 = 4;
/// assert_eq!(max_common_vector(a, layout![(n, 8) : (1, 4)]).cute_string(), "_1");
/// ```
#[inline(always)]
pub fn max_common_vector<A: MaxCommonVector<B>, B>(_: A, _: B) -> A::Output
where
    A::Output: Default,
{
    A::Output::default()
}
