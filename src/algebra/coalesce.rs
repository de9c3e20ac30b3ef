//! `coalesce`: the simplest layout with the same function on its domain.
//!
//! CuTe's `bw_coalesce`: flatten, then walk the modes from the last to the
//! first, keeping a stack of result modes. A static `_1` mode is dropped;
//! a mode `s:d` merges into the front `s1:d1` of the stack when
//! `s * d == d1` is *statically* true and `s1` is static; otherwise it is
//! prepended. Runtime modes therefore never merge, as in CuTe. An all-`_1`
//! layout becomes `_1:_0`, and a single remaining mode is an integer layout.
//!
//! The walk itself lives in `layout` (`crd2idx` needs its `coalesce_x`
//! form); this module is the operation.

use crate::layout::Layout;
use crate::layout::bw_coalesce::BwStart;
use frunk_core::hlist::HNil;

pub use crate::layout::CoalesceX;
// The walk's pieces, by their paths from before the walk moved to `layout`.
#[doc(hidden)]
pub use crate::layout::bw_coalesce::{
    AsIs, Bw, ExtendLast, FinishOne, FinishTail, Front, LastMode, LastX, MergeIf, Mergeable, Step,
};
#[doc(hidden)]
pub use crate::tuple::FlatRevOnto;

/// Coalesces the layout with shape `Self` and stride `D`.
#[diagnostic::on_unimplemented(
    message = "coalesce: `{Self}` with stride `{D}` is not a layout CuTe can coalesce",
    note = "shape and stride must be congruent IntTuples with at least one mode"
)]
#[doc(hidden)]
pub trait Coalesce<D> {
    /// The coalesced layout.
    type Output;
    /// Computes it.
    fn coalesce(self, stride: D) -> Self::Output;
}
impl<S: FlatRevOnto<HNil>, D: FlatRevOnto<HNil>> Coalesce<D> for S
where
    S::Output: BwStart<D::Output>,
{
    type Output = <S::Output as BwStart<D::Output>>::Output;
    #[inline(always)]
    fn coalesce(self, stride: D) -> Self::Output {
        self.flat_rev_onto(HNil)
            .bw_start(stride.flat_rev_onto(HNil))
    }
}

/// The result type of [`coalesce`].
pub type Coalesced<L> = <L as CoalesceLayout>::Output;

/// [`Coalesce`] seen from the layout, for the [`Coalesced`] alias.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::algebra::{CoalesceLayout, Coalesced};
/// use static_assertions::assert_type_eq_all;
/// // Names a coalesced layout's type without building it, e.g. for a struct field.
/// assert_type_eq_all!(<Layout![(2, 4) : (1, 2)] as CoalesceLayout>::Output, Layout![8 : 1]);
/// let l = Coalesced::<Layout![(2, 1, 3) : (3, 0, 1)]>::default();
/// assert_eq!(l.to_string(), "(_2,_3):(_3,_1)");
/// ```
pub trait CoalesceLayout: crate::int::sealed::Operand {
    /// The coalesced layout.
    type Output;
}
impl<S: Coalesce<D>, D> CoalesceLayout for Layout<S, D> {
    type Output = S::Output;
}

/// CuTe's `coalesce(layout)`: flatten and merge what is statically mergeable.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(coalesce(layout![(2, 4) : (1, 2)]).to_string(), "_8:_1");
/// assert_eq!(coalesce(layout![(2, 1, 3) : (3, 0, 1)]).to_string(), "(_2,_3):(_3,_1)");
/// let n: i32 = 6;
/// assert_eq!(coalesce(layout![(2, 4, n) : (1, 2, 8)]).to_string(), "(_8,6):(_1,_8)");
/// ```
#[inline(always)]
pub fn coalesce<S: Coalesce<D>, D>(l: Layout<S, D>) -> S::Output {
    let (s, d) = l.into_parts();
    s.coalesce(d)
}
