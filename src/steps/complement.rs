//! Complement's step: one mode of CuTe's `complement` walk over the
//! filtered modes sorted by stride, and the conditions that stop it.
//!
//! [`DynLayout`](crate::dynamic::DynLayout) and the typed layouts' runtime
//! values take [`complement_step`]; the type-level walk
//! (`algebra/complement/walk.rs`) mirrors it with the same branches, and
//! `tests/complement_steps.rs` checks that the two agree.

/// Why a mode of `complement`'s walk fails ([`complement_step`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComplementCondition {
    /// The mode's stride is negative (the type-level marker
    /// `algebra::NegativeStride`).
    Negative,
    /// Sorted by stride, the mode's stride is below the extent
    /// (stride × shape) of the modes before it: they overlap or interleave
    /// (CuTe: "Non-injective Layout detected in complement"; the type-level
    /// marker `algebra::StrideBelowExtent`).
    BelowExtent,
    /// The next extent `stride × shape` overflows `i64`.
    Overflow,
}

impl ComplementCondition {
    /// The condition as a [`LayoutError`](crate::error::LayoutError) of `op` at
    /// `mode` (counted in stride order).
    #[inline]
    pub const fn at(self, op: &'static str, mode: usize) -> crate::error::LayoutError {
        let reason = match self {
            ComplementCondition::Negative => "its stride is negative",
            ComplementCondition::BelowExtent => {
                "its stride is below the extent (stride * shape) of the modes with smaller strides (modes counted in stride order)"
            }
            ComplementCondition::Overflow => return crate::error::LayoutError::Overflow { op },
        };
        crate::error::LayoutError::NotComplementable { op, mode, reason }
    }
}

/// One result mode of `complement`'s walk: the gap `shape : stride` below
/// the next sorted mode, and the extent the walk continues from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComplementGap {
    /// `⌊d / extent⌋`: how many copies of the covered extent fit below `d`.
    pub shape: i64,
    /// The covered extent so far.
    pub stride: i64,
    /// `d × s`: the extent covered once the mode is added.
    pub next: i64,
}

/// One step of CuTe's `complement` over the filtered modes sorted by
/// stride: the mode `s : d` against the extent `extent` (at least 1)
/// covered by the modes before it. Both runtime paths (the typed layouts'
/// runtime values and `DynLayout`) take this step; the type-level walk
/// mirrors it with the same branches (`StaticGap`: `Less` is
/// [`ComplementCondition::BelowExtent`], `Equal` leaves no gap,
/// `Greater` the gap `⌊d / extent⌋ : extent`).
///
/// ```
/// use cute_algebra::steps::complement::{ComplementCondition, ComplementGap, complement_step};
/// // (2,2):(1,6): after 2:1 (extent 2), the mode 2:6 leaves the gap 3:2.
/// assert_eq!(complement_step(2, 6, 2), Ok(ComplementGap { shape: 3, stride: 2, next: 12 }));
/// // (2,2):(2,3): the stride 3 lies inside the extent 4 of 2:2.
/// assert_eq!(complement_step(2, 3, 4), Err(ComplementCondition::BelowExtent));
/// assert_eq!(complement_step(2, -1, 1), Err(ComplementCondition::Negative));
/// ```
#[inline]
pub const fn complement_step(
    s: i64,
    d: i64,
    extent: i64,
) -> Result<ComplementGap, ComplementCondition> {
    if d < 0 {
        return Err(ComplementCondition::Negative);
    }
    if d < extent {
        return Err(ComplementCondition::BelowExtent);
    }
    // Extents are mostly powers of two: shift rather than divide.
    // (The walk's extent is at least 1; a zero one reads as an overflow.)
    let shape = if extent > 0 && extent & (extent - 1) == 0 {
        d >> extent.trailing_zeros()
    } else {
        match d.checked_div(extent) {
            Some(q) => q,
            None => return Err(ComplementCondition::Overflow),
        }
    };
    match d.checked_mul(s) {
        Some(next) => Ok(ComplementGap {
            shape,
            stride: extent,
            next,
        }),
        None => Err(ComplementCondition::Overflow),
    }
}
