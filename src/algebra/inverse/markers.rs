//! The markers of a layout without an inverse here, and the
//! never-implemented traits whose messages are their compile errors: a
//! marker's verdict is `Fail<marker>` (`complement`'s [`Outcome`]), and
//! `Admissible` for it needs the trait that names its condition.
//!
//! [`Outcome`]: crate::algebra::Outcome

use crate::algebra::complement::conditions;

// ---------------------------------------------------------------------------
// Markers and checks

/// Marker outcome of [`right_inverse`](super::right_inverse): a runtime stride.
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
/// Marker outcome of [`left_inverse`](super::left_inverse): a runtime stride.
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
/// Marker outcome of [`left_inverse`](super::left_inverse): a stride not a multiple of the size below it.
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
/// Marker outcome of [`left_inverse`](super::left_inverse): overlapping or interleaved modes.
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

/// The never-implemented traits whose messages are the inverses' compile
/// errors, as rows: name, then the message, the label and a note.
macro_rules! never_implemented {
    ($($(#[$doc:meta])* $name:ident => $msg:literal, $label:literal $(, $note:literal)?;)*) => {$(
        $(#[$doc])*
        #[diagnostic::on_unimplemented(message = $msg, label = $label $(, note = $note)?)]
        #[doc(hidden)]
        pub trait $name {}
    )*};
}

never_implemented! {
    /// Never implemented: the error for [`RightInverseRuntimeStride`].
    ///
    /// ```compile_fail
    /// use cute_algebra::prelude::*;
    /// let d: i32 = 4;
    /// let _ = right_inverse(layout![(4, 2) : (1, d)]); // use DynLayout
    /// ```
    RightInverseStaticStrides => "right_inverse: the result's structure would depend on runtime values: the layout has a runtime stride",
        "which modes chain up from stride 1, and in which order, depends on the runtime stride",
        "CuTe silently leaves out the modes with runtime strides; use `DynLayout` (cute_algebra::dynamic) for runtime strides";

    /// Never implemented: the error for [`LeftInverseRuntimeStride`].
    ///
    /// ```compile_fail
    /// use cute_algebra::prelude::*;
    /// let d: i32 = 8;
    /// let _ = left_inverse(layout![(4, 8) : (d, 1)]); // use DynLayout
    /// ```
    LeftInverseStaticStrides => "left_inverse: the result's structure would depend on runtime values: the layout has a runtime stride",
        "the order of the modes, and so the result's type, depends on the runtime stride",
        "CuTe: \"Left inverse requires static strides.\"; use `DynLayout` (cute_algebra::dynamic) for runtime strides";

    /// Never implemented: the error for [`LeftInverseNotDivisible`].
    ///
    /// ```compile_fail
    /// use cute_algebra::prelude::*;
    /// let _ = left_inverse(layout![(2, 2) : (2, 5)]); // 5 is not a multiple of 2
    /// ```
    LeftInverseDivisible => "left_inverse: divisibility condition fails: sorted by stride, a non-zero stride is not a multiple of the product of the result's shapes below it",
        "offsets cannot be decoded digit by digit",
        "CuTe: \"Left inverse divisibility condition\"";

    /// Never implemented: the error for [`LeftInverseOverlap`] (the modes with
    /// non-zero strides overlap).
    ///
    /// ```compile_fail
    /// use cute_algebra::prelude::*;
    /// let _ = left_inverse(layout![(2, 6) : (30, 6)]); // 30 < 6 * 6
    /// ```
    LeftInverseModesDoNotOverlap => "left_inverse: the layout's modes overlap or interleave: sorted by stride, a non-zero stride is below the previous stride times its shape (or follows a negative stride)",
        "no layout R gives L(R(L(i))) == L(i) by decoding offsets digit by digit",
        "CuTe returns a layout that breaks L(R(L(i))) == L(i) here, e.g. for `(2,6):(30,6)`";
}

conditions!(
    RightInverseRuntimeStride => RightInverseStaticStrides,
    LeftInverseRuntimeStride => LeftInverseStaticStrides,
    LeftInverseNotDivisible => LeftInverseDivisible,
    LeftInverseOverlap => LeftInverseModesDoNotOverlap,
);
