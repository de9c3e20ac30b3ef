//! CuTe's post-conditions on `complement`, checked on a static result:
//! where CuTe's algorithm breaks them (e.g. `complement(2:4, 9)` gives
//! `(4,2):(1,8)`, whose cosize 12 exceeds `round_up(9, 5)`), its answer is
//! not a complement, so `complement` does not compile (`DynLayout` returns
//! the same condition as an error: [`crate::steps::rules::complement_bound_violation`]).
//!
//! With runtime values the same bounds are checked at run time
//! ([`ComplementWithin::check_bounds`]), as `DynLayout` checks them: the
//! result keeps CuTe's mixed structure (runtime size-1 and gap modes stay),
//! and where that structure breaks a bound (a runtime `1:2` with cotarget
//! 71 gives CuTe's `(2,36):(1,2)`, of size 72) the result is an error, not
//! CuTe's layout.

use crate::algebra::verdict::{Admissible, Fail, Pick};
use crate::algebra::{FilterLayout, Filtered};
use crate::error::LayoutError;
use crate::int::{Int, StaticInt};
use crate::int::{IntAdd, IntCeilDiv, IntMul, Prod, Sum};
use crate::layout::{CosizeOf, IntoParts, Layout, LayoutParts, Span};
use crate::tuple::{IntTuple, Size};
use core::marker::PhantomData;
use typenum::{B0, B1, Cmp, Compare, P1};

#[doc(hidden)]
/// `B1` unless `Self < B` for static integers; a runtime operand gives `B1`
/// (its value is checked at run time).
pub trait StaticNotLess<B> {
    /// `B1` or `B0`.
    type Is;
}
crate::int::output_impls! {
    type Is;
    [B] i32 as StaticNotLess<B> => B1;
    [B] i64 as StaticNotLess<B> => B1;
    [A: StaticInt] A as StaticNotLess<i32> => B1;
    [A: StaticInt] A as StaticNotLess<i64> => B1;
    [A: StaticInt + Cmp<B>, B: StaticInt] A as StaticNotLess<B>
        => <Compare<A, B> as Pick<B0, B1, B1>>::Output
        where [Compare<A, B>: Pick<B0, B1, B1>];
}

/// A broken bound `Why`, as a [`Fail`] verdict: reported through
/// [`Admissible`] like every other operation's failure.
pub struct BoundFail<Why>(PhantomData<Why>);

/// Never implemented: the compile error for a broken complement bound.
#[diagnostic::on_unimplemented(
    message = "complement: CuTe's result breaks the complement bound {Self}, so it is not a complement of this layout within this cotarget",
    label = "CuTe returns a layout here that does not meet its own post-conditions",
    note = "use a cotarget the layout's modes tile evenly, or `DynLayout` to get the error at run time"
)]
#[doc(hidden)]
pub trait ComplementBoundFails {}
impl<Why: ComplementBoundFails> Admissible for Fail<BoundFail<Why>> {}

/// A bound `Why` whose static comparison is `Self`: `B1` holds; `B0` holds
/// only if its failure is [`Admissible`], which it never is, so the error
/// is the failure's. (One bound per check, where a verdict projected
/// through [`Pick`] would take two: measured 0.3% more type checking on 100
/// static calls.)
#[doc(hidden)]
pub trait BoundHolds<Why> {}
impl<Why> BoundHolds<Why> for B1 {}
impl<Why> BoundHolds<Why> for B0 where Fail<BoundFail<Why>>: Admissible {}

/// `round_up(M, C) >= R`, by whether `M >= R` (`Self`): then it holds
/// (`round_up(M, C) >= M`), and only otherwise is `M` divided by `C`.
/// The division is the costly part of the four bounds (typenum divides
/// bit by bit), and a complement's result rarely reaches past its
/// cotarget.
#[doc(hidden)]
pub trait RoundUpCovers<M, C, R> {}
impl<M, C, R> RoundUpCovers<M, C, R> for B1 {}
impl<M, C: Int, R> RoundUpCovers<M, C, R> for B0
where
    M: IntCeilDiv<C>,
    M::Output: IntMul<C>,
    Prod<M::Output, C>: StaticNotLess<R>,
    <Prod<M::Output, C> as StaticNotLess<R>>::Is: BoundHolds<CosizeOfRAtMostRoundUp>,
{
}

/// Names of the bounds, as the error message shows them.
pub struct CosizeOfLAndRAtLeastM;
/// `cosize(R) <= round_up(M, cosize(L))`.
pub struct CosizeOfRAtMostRoundUp;
/// `size(R) >= M / size(filter(L))`.
pub struct SizeOfRAtLeastMOverSizeL;
/// `size(R) <= cosize(R)`.
pub struct SizeOfRAtMostCosizeOfR;

#[doc(hidden)]
/// The four bounds on the static result `Self` of `complement(L, M)`, as
/// trait bounds (each holds trivially for runtime values), and the same
/// bounds on the values, checked at run time.
pub trait ComplementWithin<L, M> {
    /// The bounds on the values (`DynLayout`'s check): the first that
    /// fails, as [`LayoutError::ComplementBound`].
    fn check_bounds(&self, l: L, m: M) -> Result<(), LayoutError>;
}
type Fl<L> = Filtered<L>;
type CosL<L> = CosizeOf<<Fl<L> as LayoutParts>::Shape, <Fl<L> as LayoutParts>::Stride>;
type SizeF<L> = <<Fl<L> as LayoutParts>::Shape as Size>::Size;
impl<RS, RD, L, M> ComplementWithin<L, M> for Layout<RS, RD>
where
    RS: Size + Span<RD>,
    RD: IntTuple,
    RS::Output: IntAdd<P1>,
    M: Size,
    L: FilterLayout,
    Fl<L>: IntoParts,
    <Fl<L> as LayoutParts>::Shape: Size + Span<<Fl<L> as LayoutParts>::Stride>,
    <Fl<L> as LayoutParts>::Stride: IntTuple,
    <<Fl<L> as LayoutParts>::Shape as Span<<Fl<L> as LayoutParts>::Stride>>::Output: IntAdd<P1>,
    // cosize(L) + cosize(R) >= M + 1
    CosL<L>: IntAdd<CosizeOf<RS, RD>>,
    M::Size: IntAdd<P1>,
    Sum<CosL<L>, CosizeOf<RS, RD>>: StaticNotLess<Sum<M::Size, P1>>,
    <Sum<CosL<L>, CosizeOf<RS, RD>> as StaticNotLess<Sum<M::Size, P1>>>::Is:
        BoundHolds<CosizeOfLAndRAtLeastM>,
    // round_up(M, cosize(L)) >= cosize(R), divided out only where M < cosize(R)
    M::Size: StaticNotLess<CosizeOf<RS, RD>>,
    <M::Size as StaticNotLess<CosizeOf<RS, RD>>>::Is:
        RoundUpCovers<M::Size, CosL<L>, CosizeOf<RS, RD>>,
    // (size(R) + 1) * size(filter(L)) >= M + 1
    RS::Size: IntAdd<P1>,
    Sum<RS::Size, P1>: IntMul<SizeF<L>>,
    Prod<Sum<RS::Size, P1>, SizeF<L>>: StaticNotLess<Sum<M::Size, P1>>,
    <Prod<Sum<RS::Size, P1>, SizeF<L>> as StaticNotLess<Sum<M::Size, P1>>>::Is:
        BoundHolds<SizeOfRAtLeastMOverSizeL>,
    // cosize(R) >= size(R)
    CosizeOf<RS, RD>: StaticNotLess<RS::Size>,
    <CosizeOf<RS, RD> as StaticNotLess<RS::Size>>::Is: BoundHolds<SizeOfRAtMostCosizeOfR>,
{
    fn check_bounds(&self, l: L, m: M) -> Result<(), LayoutError> {
        const OP: &str = "complement";
        let overflow = LayoutError::Overflow { op: OP };
        let (fs, fd) = l.filter_layout().parts();
        let cos_l = fs
            .span_checked(fd)
            .ok_or(overflow)?
            .wide()
            .checked_add(1)
            .ok_or(overflow)?;
        let size_f = fs.size_checked().ok_or(overflow)?.wide();
        let m = m.size_checked().ok_or(overflow)?.wide();
        let (size_r, cos_r) = (self.try_size()?.wide(), self.try_cosize()?.wide());
        match crate::steps::rules::complement_bound_violation(cos_l, size_f, cos_r, size_r, m) {
            None => Ok(()),
            Some(reason) => Err(LayoutError::ComplementBound {
                op: OP,
                cotarget: m,
                reason,
            }),
        }
    }
}

/// Not complementable: the other checks report it.
macro_rules! no_bounds_for_markers {
    ($($T:ty),*) => {$(
        impl<L, M> ComplementWithin<L, M> for $T {
            fn check_bounds(&self, _: L, _: M) -> Result<(), LayoutError> {
                Ok(())
            }
        }
    )*};
}
no_bounds_for_markers!(
    super::NegativeStride,
    super::StrideBelowExtent,
    super::RuntimeStrideStructure
);
