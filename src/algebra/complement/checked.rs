//! The runtime checks of the walk (all constant for static values), at
//! the width of the values: `i32` (CuTe's `int`) unless an `i64` takes part.

use super::OP;
use crate::error::LayoutError;
use crate::int::{Int, IntMul, Prod, RuntimeInt};
use crate::steps::complement::{ComplementGap, complement_step};

// ---------------------------------------------------------------------------
// Runtime checks (all constant for static values)

/// `a * b`, checked at the width of the result's type: `i32` (CuTe's
/// `int`) for static and `i32` operands, `i64` where an `i64` takes part.
#[inline(always)]
pub(super) fn checked_mul<A: IntMul<B>, B: Int>(a: A, b: B) -> Result<Prod<A, B>, LayoutError> {
    fits_product::<<Prod<A, B> as Int>::Value>(a.wide(), b.wide()).map(|()| a.mul_wrapping(b))
}

/// The next extent `s * d` of a mode `s:d`, checked: `s >= 1` and no overflow.
#[inline(always)]
pub(super) fn next_extent<S: IntMul<D>, D: Int>(s: S, d: D) -> Result<Prod<S, D>, LayoutError> {
    positive(s.wide())?;
    checked_mul(s, d)
}

/// `a * b` fits the runtime type `W`.
#[inline(always)]
pub(super) fn fits_product<W: RuntimeInt>(a: i64, b: i64) -> Result<(), LayoutError> {
    a.checked_mul(b)
        .and_then(W::from_i64)
        .map(|_| ())
        .ok_or(LayoutError::Overflow { op: OP })
}

/// `v` as the runtime (or static) integer `J`, or [`LayoutError::Overflow`].
#[inline(always)]
pub(super) fn narrow<J: Int>(v: i64) -> Result<J, LayoutError> {
    J::from_i64(v).ok_or(LayoutError::Overflow { op: OP })
}

#[inline(always)]
pub(super) fn positive(v: i64) -> Result<i64, LayoutError> {
    if v >= 1 {
        Ok(v)
    } else {
        Err(LayoutError::ZeroSize { op: OP })
    }
}

/// [`complement_step`] on runtime values, its condition named at `mode`
/// (in stride order).
#[inline(always)]
pub(super) fn runtime_step(
    s: i64,
    d: i64,
    extent: i64,
    mode: usize,
) -> Result<ComplementGap, LayoutError> {
    complement_step(s, d, extent).map_err(|c| c.at(OP, mode))
}
