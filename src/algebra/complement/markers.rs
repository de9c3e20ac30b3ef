//! The conditions complement can fail, as verdicts: the walk's outcome is
//! the result layout or one of the markers here, [`Outcome`] turns it into
//! [`Admitted`] or [`Fail`](crate::algebra::verdict::Fail)`<marker>`, and `Admissible` on a failure asks
//! for a never-implemented trait whose message is the compile error (the
//! mechanism of composition's `verdict`).

use crate::algebra::Leaves;
use crate::algebra::verdict::Admitted;
use crate::layout::Layout;

// ---------------------------------------------------------------------------
// Verdicts

/// The verdict an operation's outcome carries: a layout is [`Admitted`], a
/// marker naming a broken condition is [`Fail`](crate::algebra::verdict::Fail)`<marker>`. Complement and
/// the inverses bound on `<outcome as Outcome>::Verdict: Admissible`.
#[doc(hidden)]
pub trait Outcome {
    /// [`Admitted`] or [`Fail`](crate::algebra::verdict::Fail).
    type Verdict;
    /// The outcome built from its type: a static result's only value (a
    /// runtime leaf is 0), for the public functions' static path
    /// ([`StaticFlag`](crate::algebra::StaticFlag)), which the bound on the
    /// verdict already makes available without another bound.
    fn blank() -> Self;
}
impl<S: Leaves, D: Leaves> Outcome for Layout<S, D> {
    type Verdict = Admitted;
    #[inline(always)]
    fn blank() -> Self {
        Layout::from_parts(S::blank(), D::blank())
    }
}
/// The verdict of the outcome `T`.
#[doc(hidden)]
pub type VerdictOf<T> = <T as Outcome>::Verdict;

/// Each marker fails with its condition: `Admissible` for `Fail<marker>`
/// needs the never-implemented trait that names it. (`for<'a>` keeps the
/// bound, which never holds, from being rejected as trivially false.)
macro_rules! conditions {
    ($($T:ty => $Error:ident),* $(,)?) => {$(
        impl $crate::algebra::complement::Outcome for $T {
            type Verdict = $crate::algebra::verdict::Fail<$T>;
            fn blank() -> Self {
                Self {}
            }
        }
        impl $crate::algebra::verdict::Admissible for $crate::algebra::verdict::Fail<$T>
        where
            for<'a> $T: $Error,
        {
        }
    )*};
}
pub(crate) use conditions;
conditions!(
    StrideBelowExtent => ComplementModesDoNotOverlap,
    NegativeStride => ComplementStridesNotNegative,
    RuntimeStrideStructure => ComplementStructureIsStatic,
);

// ---------------------------------------------------------------------------
// Markers and their errors

/// Marker outcome: after sorting by stride, a stride is below the extent
/// (stride × shape) of the mode before it. Never constructed: its verdict
/// `Fail<StrideBelowExtent>` is not `Admissible`, so `complement` does not
/// compile.
///
/// ```
/// use cute_algebra::algebra::{Complemented, StrideBelowExtent};
/// use cute_algebra::prelude::*;
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(Complemented<Layout![(2, 2) : (2, 3)], Shape![12]>, StrideBelowExtent);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct StrideBelowExtent;
/// Marker outcome: a negative stride (its verdict fails with `ComplementStridesNotNegative`).
///
/// ```
/// use cute_algebra::algebra::{Complemented, NegativeStride};
/// use cute_algebra::prelude::*;
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(Complemented<Layout![(2, 4) : (1, -2)], Shape![16]>, NegativeStride);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NegativeStride;
/// Marker outcome: a runtime stride in a layout of rank >= 2 (its verdict
/// fails with `ComplementStructureIsStatic`).
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

/// Never implemented: the error for [`StrideBelowExtent`] (the layout's
/// modes overlap or interleave).
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
#[doc(hidden)]
pub trait ComplementModesDoNotOverlap {}
/// Never implemented: the error for [`NegativeStride`].
///
/// ```compile_fail
/// use cute_algebra::prelude::*;
/// let _ = complement(layout![4 : -1], int!(8)); // a negative stride
/// ```
#[diagnostic::on_unimplemented(
    message = "complement: the layout is not complementable: it has a negative stride",
    label = "complement needs non-negative strides"
)]
#[doc(hidden)]
pub trait ComplementStridesNotNegative {}
/// Never implemented: the error for [`RuntimeStrideStructure`] (a layout
/// of rank >= 2 with a runtime stride).
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
#[doc(hidden)]
pub trait ComplementStructureIsStatic {}
