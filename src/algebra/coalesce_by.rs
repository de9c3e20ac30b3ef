//! `coalesce_by`: CuTe's `coalesce(layout, trg_profile)`, coalescing by mode.

use super::Coalesce;
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use frunk_core::hlist::{HCons, HNil};

#[doc(hidden)]
/// A layout's shape and stride, both [`IntTuple`]s, by type and by value:
/// the result of coalescing one mode, nested into the result by mode.
/// (`layout::LayoutParts` names the parts of any layout, without the
/// `IntTuple` bounds this nesting needs.)
pub trait IntTupleParts {
    /// The shape.
    type Shape: IntTuple;
    /// The stride.
    type Stride: IntTuple;
    /// Splits the layout.
    fn parts(self) -> (Self::Shape, Self::Stride);
}
impl<S: IntTuple, D: IntTuple> IntTupleParts for Layout<S, D> {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn parts(self) -> (S, D) {
        (self.shape(), self.stride())
    }
}

/// Coalesces the layout `S:D` at the terminals of the profile `Self`: an
/// integer coalesces the whole mode, a tuple recurses by mode, and modes
/// beyond the profile stay unchanged.
#[diagnostic::on_unimplemented(
    message = "coalesce_by: the profile does not fit the layout's shape: a tuple profile may have at most the layout's rank, mode by mode",
    note = "a tuple profile needs no more modes than the layout (CuTe: `tuple_size<IntTuple> <= rank`)"
)]
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::algebra::CoalesceBy;
/// let l = layout![(2, (1, 6)) : (1, (6, 2))];
/// // The profile `(1,1)` coalesces each top-level mode on its own; `1` the whole layout.
/// assert_eq!(shape![1, 1].coalesce_by(l.shape(), l.stride()).to_string(), "(_2,_6):(_1,_2)");
/// assert_eq!(int!(1).coalesce_by(l.shape(), l.stride()).to_string(), "_12:_1");
/// ```
pub trait CoalesceBy<S, D>: crate::int::sealed::Operand {
    /// The result.
    type Output: IntTupleParts;
    /// Computes it.
    fn coalesce_by(self, shape: S, stride: D) -> Self::Output;
}
impl<P: Int, S: Coalesce<D>, D> CoalesceBy<S, D> for P
where
    S::Output: IntTupleParts,
{
    type Output = S::Output;
    #[inline(always)]
    fn coalesce_by(self, shape: S, stride: D) -> Self::Output {
        shape.coalesce(stride)
    }
}
impl<S: IntTuple, D: IntTuple> CoalesceBy<S, D> for HNil {
    type Output = Layout<S, D>;
    #[inline(always)]
    fn coalesce_by(self, shape: S, stride: D) -> Self::Output {
        Layout::from_parts(shape, stride)
    }
}
impl<P0, PT, S0, ST, D0, DT> CoalesceBy<HCons<S0, ST>, HCons<D0, DT>> for HCons<P0, PT>
where
    P0: CoalesceBy<S0, D0>,
    PT: CoalesceBy<ST, DT>,
    HCons<<P0::Output as IntTupleParts>::Shape, <PT::Output as IntTupleParts>::Shape>: IntTuple,
    HCons<<P0::Output as IntTupleParts>::Stride, <PT::Output as IntTupleParts>::Stride>: IntTuple,
{
    #[allow(clippy::type_complexity)]
    type Output = Layout<
        HCons<<P0::Output as IntTupleParts>::Shape, <PT::Output as IntTupleParts>::Shape>,
        HCons<<P0::Output as IntTupleParts>::Stride, <PT::Output as IntTupleParts>::Stride>,
    >;
    #[inline(always)]
    fn coalesce_by(self, shape: HCons<S0, ST>, stride: HCons<D0, DT>) -> Self::Output {
        let (s0, d0) = self.head.coalesce_by(shape.head, stride.head).parts();
        let (st, dt) = self.tail.coalesce_by(shape.tail, stride.tail).parts();
        Layout::from_parts(HCons { head: s0, tail: st }, HCons { head: d0, tail: dt })
    }
}

/// CuTe's `coalesce(layout, trg_profile)`.
///
/// ```
/// use cute_algebra::prelude::*;
/// let l = layout![(2, (1, 6)) : (1, (6, 2))];
/// assert_eq!(coalesce_by(l, shape![1, 1]).to_string(), "(_2,_6):(_1,_2)");
/// assert_eq!(coalesce_by(l, shape![1]).to_string(), "(_2,(_1,_6)):(_1,(_6,_2))");
/// ```
#[inline(always)]
pub fn coalesce_by<S: IntTuple, D: IntTuple, P: CoalesceBy<S, D>>(
    l: Layout<S, D>,
    profile: P,
) -> P::Output {
    profile.coalesce_by(l.shape(), l.stride())
}

/// The result type of [`coalesce_by`].
pub type CoalescedBy<L, P> =
    <P as CoalesceBy<<L as IntTupleParts>::Shape, <L as IntTupleParts>::Stride>>::Output;
