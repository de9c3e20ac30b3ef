//! `left_inverse`'s step: one mode of CuTe's digit-by-digit decoding over
//! the coalesced modes sorted by stride, and the conditions that stop it.
//!
//! [`DynLayout`](crate::dynamic::DynLayout) takes [`left_inverse_step`] for
//! every mode; the typed layouts' runtime values take its overlap check
//! [`left_inverse_overlap`] where the previous extent is a runtime value
//! (their strides are static, so divisibility is decided by type). The
//! type-level walk (`algebra/inverse/left.rs`) mirrors the branches:
//! `Z0` is [`LeftInverseStep::ZeroStride`], `LeftInverseDivides` for `B0`
//! is [`LeftInverseCondition::NotDivisible`], `LeftInverseAfter` and
//! `LeftInverseNotBelow` are [`LeftInverseCondition::Overlap`], and
//! `LeftInversePush` is [`LeftInverseStep::Digit`]; `tests/inverse_steps.rs`
//! checks that the two agree.
//!
//! `right_inverse` has no such step to share: its typed walk is decided by
//! type alone (a runtime shape ends the chain of strides), so only
//! `DynLayout` follows the chain at run time.

use crate::error::LayoutError;

/// Why a mode of `left_inverse`'s walk fails ([`left_inverse_step`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeftInverseCondition {
    /// Sorted by stride, the mode's stride is below the extent (shape ×
    /// stride) of the previous non-zero-stride mode, or follows a negative
    /// stride: offsets cannot be decoded digit by digit (the type-level
    /// marker `algebra::LeftInverseOverlap`).
    Overlap,
    /// The stride is not a multiple of the size gathered below it (CuTe's
    /// "Left inverse divisibility condition"; the marker
    /// `algebra::LeftInverseNotDivisible`).
    NotDivisible,
    /// An extent or the size gathered so far overflows `i64`.
    Overflow,
}

impl LeftInverseCondition {
    /// The condition as a [`LayoutError`] of `op` at the sorted mode `mode`
    /// of stride `stride`, with `size` gathered below it.
    #[inline]
    pub const fn at(self, op: &'static str, mode: usize, stride: i64, size: i64) -> LayoutError {
        match self {
            LeftInverseCondition::Overlap => LayoutError::NotInjective { op },
            LeftInverseCondition::NotDivisible => LayoutError::StrideDivisibility {
                op,
                mode,
                stride,
                shape: size,
            },
            LeftInverseCondition::Overflow => LayoutError::Overflow { op },
        }
    }
}

/// What one mode adds to the left inverse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeftInverseStep {
    /// A zero stride: the mode adds no digit.
    ZeroStride,
    /// The digit `shape : prefix product of the mode`, and the size
    /// gathered once it is added (`size × shape`, which is the stride).
    Digit {
        /// `stride / size`.
        shape: i64,
        /// `size × shape`.
        size: i64,
    },
}

/// The overlap check of the stride `d` against the previous
/// non-zero-stride mode `prev = (shape, stride)` (`None` for the first):
/// after a negative stride, or below the previous extent, the modes
/// overlap.
///
/// ```
/// use cute_algebra::steps::inverse::{LeftInverseCondition, left_inverse_overlap};
/// assert_eq!(left_inverse_overlap(None, 5), Ok(()));
/// assert_eq!(left_inverse_overlap(Some((2, 6)), 12), Ok(()));
/// assert_eq!(left_inverse_overlap(Some((6, 6)), 30), Err(LeftInverseCondition::Overlap));
/// assert_eq!(left_inverse_overlap(Some((2, -1)), 4), Err(LeftInverseCondition::Overlap));
/// ```
#[inline]
pub const fn left_inverse_overlap(
    prev: Option<(i64, i64)>,
    d: i64,
) -> Result<(), LeftInverseCondition> {
    match prev {
        None => Ok(()),
        Some((_, pd)) if pd < 0 => Err(LeftInverseCondition::Overlap),
        Some((ps, pd)) => match ps.checked_mul(pd) {
            None => Err(LeftInverseCondition::Overflow),
            Some(extent) if d < extent => Err(LeftInverseCondition::Overlap),
            Some(_) => Ok(()),
        },
    }
}

/// One step of CuTe's `left_inverse` over the coalesced modes sorted by
/// stride: the mode of stride `d` after the previous non-zero-stride mode
/// `prev`, with `size` (at least 1) gathered below it.
///
/// ```
/// use cute_algebra::steps::inverse::{LeftInverseCondition, LeftInverseStep, left_inverse_step};
/// assert_eq!(left_inverse_step(0, None, 1), Ok(LeftInverseStep::ZeroStride));
/// assert_eq!(left_inverse_step(6, Some((2, 3)), 2), Ok(LeftInverseStep::Digit { shape: 3, size: 6 }));
/// assert_eq!(left_inverse_step(5, Some((2, 2)), 2), Err(LeftInverseCondition::NotDivisible));
/// assert_eq!(left_inverse_step(6, Some((6, 30)), 1), Err(LeftInverseCondition::Overlap));
/// ```
#[inline]
pub const fn left_inverse_step(
    d: i64,
    prev: Option<(i64, i64)>,
    size: i64,
) -> Result<LeftInverseStep, LeftInverseCondition> {
    if d == 0 {
        return Ok(LeftInverseStep::ZeroStride);
    }
    if let Err(c) = left_inverse_overlap(prev, d) {
        return Err(c);
    }
    if size <= 0 || d % size != 0 {
        return Err(LeftInverseCondition::NotDivisible);
    }
    let shape = d / size;
    match size.checked_mul(shape) {
        Some(size) => Ok(LeftInverseStep::Digit { shape, size }),
        None => Err(LeftInverseCondition::Overflow),
    }
}
