//! Composition's step: one leaf `s:d` of `B` against one mode of the
//! coalesced `A`, as CuTe's `composition_impl` takes it.
//!
//! CuTe maps a leaf through the modes `c:e` of coalesced `A` (all but the
//! last) with a fold whose state is the leaf's rest `rest_shape:rest_stride`
//! (starting at `s:d`). Each step computes
//! `next_shape = ceil_div(c, |rest_stride|)` and
//! `next_stride = ceil_div(|rest_stride|, c) * signum(rest_stride)`; where
//! `next_shape` or `rest_shape` is 1 the mode is skipped, otherwise it adds
//! the mode `new_shape : rest_stride * e` with
//! `new_shape = min(next_shape, rest_shape)` and the rest shrinks to
//! `rest_shape / new_shape`. The last mode of `A` takes what is left:
//! `rest_shape : rest_stride * e_last`.
//!
//! [`composition_step`] names the branches of that fold by comparing
//! `|rest_stride|` with `c` (the type-level walk in
//! `algebra::composition::walk` branches the same way, with the same names):
//!
//! | branch | when | effect |
//! |---|---|---|
//! | [`ZeroStride`](CompositionBranch::ZeroStride) | `rest_stride == 0` (a runtime zero; a static zero is CuTe's leaf shortcut) | skip |
//! | [`PastMode`](CompositionBranch::PastMode) | `\|rest_stride\| > c` | skip; stride divisibility: `c` divides `\|rest_stride\|` |
//! | [`AtMode`](CompositionBranch::AtMode) | `\|rest_stride\| == c` | skip, the next stride is `±1` |
//! | [`RestIsOne`](CompositionBranch::RestIsOne) | `\|rest_stride\| < c`, `rest_shape == 1` | skip |
//! | [`FillsMode`](CompositionBranch::FillsMode) | `\|rest_stride\| < c`, `next_shape < rest_shape` | add `next_shape`; shape divisibility; no straddle |
//! | [`EndsInMode`](CompositionBranch::EndsInMode) | `\|rest_stride\| < c`, `next_shape >= rest_shape` | add the whole rest |
//!
//! CuTe checks stride and shape divisibility only. Two more conditions make
//! the result equal `A(B(i))` on `B`'s domain, and both are refused here:
//! a leaf that continues into the next mode must first fill the current one
//! exactly ([`Straddle`](CompositionCondition::Straddle)), and the leaves
//! must land in disjoint digits of `A` (Shah's
//! [`Disjointness`](CompositionCondition::Disjointness): [`footprint_step`]
//! per mode, read after the walk ([`Overlaps`]), [`sign_mix`] after
//! the last leaf). Stride divisibility is
//! checked on `|rest_stride|`: CuTe's `stride < shape` lets every negative
//! stride through, and `composition((4,2):(1,5), 2:-6)` would give `2:-10`
//! where `A(-6) = -7`.

use crate::error::LayoutError;
use crate::steps::rules::{checked_ceil_div, checked_shape_div, divides, signum};

mod disjoint;
pub(crate) use disjoint::Disjointness;
pub use disjoint::{ModeFootprint, Overlaps, footprint_step, leaf_signs, sign_mix};

/// Why a composition is not admissible (see [`CompositionCondition::at`] for
/// the [`LayoutError`] each becomes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompositionCondition {
    /// CuTe's "Stride Divisibility Condition": `|stride|` is neither a
    /// multiple of nor smaller than the mode's `shape`.
    StrideDivisibility {
        /// The leaf's rest stride at the mode.
        stride: i64,
        /// The mode's shape.
        shape: i64,
    },
    /// CuTe's "Shape Divisibility Condition": `shape` (what the mode takes)
    /// does not divide what remains of the leaf (`rest`).
    ShapeDivisibility {
        /// `new_shape`.
        shape: i64,
        /// `rest_shape`.
        rest: i64,
    },
    /// The leaf continues into the next mode of `A` without filling this
    /// one exactly.
    Straddle,
    /// Shah's disjointness: this leaf's offsets overlap those of
    /// `first_leaf` (added, they carry out of a mode of `A`, or leaves of
    /// both signs land below `A`'s last mode).
    Disjointness {
        /// The first leaf of `B` that landed in the mode (0 for mixed signs).
        first_leaf: usize,
    },
    /// A value leaves `i64`.
    Overflow,
}

impl CompositionCondition {
    /// The condition as a [`LayoutError`] of `op`, met at mode `mode` of the
    /// coalesced `A` by leaf `leaf` of `B`.
    #[inline]
    pub const fn at(self, op: &'static str, mode: usize, leaf: usize) -> LayoutError {
        match self {
            CompositionCondition::StrideDivisibility { stride, shape } => {
                LayoutError::StrideDivisibility {
                    op,
                    mode,
                    stride,
                    shape,
                }
            }
            CompositionCondition::ShapeDivisibility { shape, rest } => {
                LayoutError::ShapeDivisibility {
                    op,
                    mode,
                    shape,
                    rest,
                }
            }
            CompositionCondition::Straddle => LayoutError::Straddle {
                op,
                mode_a: mode,
                mode_b: leaf,
            },
            CompositionCondition::Disjointness { first_leaf } => LayoutError::Disjointness {
                op,
                mode_a: first_leaf,
                mode_b: leaf,
            },
            CompositionCondition::Overflow => LayoutError::Overflow { op },
        }
    }
}

/// Which branch of CuTe's fold a step took (see the module's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompositionBranch {
    /// A runtime zero stride: every mode is skipped (CuTe would divide by it).
    ZeroStride,
    /// `|rest_stride| > c`: the leaf steps over the whole mode.
    PastMode,
    /// `|rest_stride| == c`: the leaf steps over the mode, the next stride is `±1`.
    AtMode,
    /// `|rest_stride| < c` but nothing is left of the leaf.
    RestIsOne,
    /// `|rest_stride| < c` and the leaf fills the mode and goes on.
    FillsMode,
    /// `|rest_stride| < c` and the leaf ends in the mode.
    EndsInMode,
}

impl CompositionBranch {
    /// Whether the step adds a mode to the leaf's result (by value: a
    /// runtime value may still add a mode of size 1 where CuTe does not
    /// know statically that it is 1).
    #[inline]
    pub const fn adds_mode(self) -> bool {
        matches!(
            self,
            CompositionBranch::FillsMode | CompositionBranch::EndsInMode
        )
    }
}

/// One step of the fold: CuTe's values after mode `c` of `A`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompositionStep {
    /// The branch taken.
    pub branch: CompositionBranch,
    /// CuTe's `next_shape = ceil_div(c, |rest_stride|)` (1 for a zero stride).
    pub next_shape: i64,
    /// CuTe's `next_stride = ceil_div(|rest_stride|, c) * signum(rest_stride)`:
    /// the rest stride for the next mode.
    pub next_stride: i64,
    /// CuTe's `new_shape = min(next_shape, rest_shape)`: the shape of the
    /// mode added (its stride is `rest_stride * e`); 1 where none is added.
    pub new_shape: i64,
    /// What remains of the leaf: `rest_shape / new_shape`.
    pub rest_shape: i64,
    /// The leaf's largest offset within the mode, in units of the mode's
    /// stride: `|rest_stride| * (new_shape - 1)` (its footprint, for
    /// [`footprint_step`]; 0 where no mode is added).
    pub top: i64,
}

/// Composition's step: the leaf's rest `rest_shape:rest_stride` against a
/// mode of shape `c` (not the last) of the coalesced `A`. `leaf_shape` is
/// the leaf's own shape: a leaf of shape 1 only ever reads offset 0, so
/// stride divisibility is not asked of it.
///
/// ```
/// use cute_algebra::steps::composition::{
///     CompositionBranch, CompositionCondition, CompositionStep, composition_step,
/// };
/// // A leaf 4:3 fills a mode of 6 in 2 steps and goes on with 2:1.
/// let st = composition_step(6, 4, 3, 4).unwrap();
/// assert_eq!(st.branch, CompositionBranch::FillsMode);
/// assert_eq!((st.new_shape, st.rest_shape, st.next_stride, st.top), (2, 2, 1, 3));
/// // Stride 2 in a mode of 6 holds the whole leaf of 3.
/// assert_eq!(composition_step(6, 3, 2, 3).unwrap().branch, CompositionBranch::EndsInMode);
/// // Stride 4 in a mode of 6 passes CuTe's check (4 < 6): a leaf of 2 ends
/// // in the mode, reaching offset 4.
/// assert_eq!(
///     composition_step(6, 2, 4, 2),
///     Ok(CompositionStep {
///         branch: CompositionBranch::EndsInMode,
///         next_shape: 2,
///         next_stride: 1,
///         new_shape: 2,
///         rest_shape: 1,
///         top: 4,
///     })
/// );
/// assert_eq!(
///     composition_step(4, 2, 6, 2),
///     Err(CompositionCondition::StrideDivisibility { stride: 6, shape: 4 })
/// );
/// ```
#[inline]
pub const fn composition_step(
    c: i64,
    rest_shape: i64,
    rest_stride: i64,
    leaf_shape: i64,
) -> Result<CompositionStep, CompositionCondition> {
    use CompositionBranch::*;
    use CompositionCondition::*;
    let Some(abs) = rest_stride.checked_abs() else {
        return Err(Overflow);
    };
    // Stride divisibility, as CuTe asks it before the step (on |stride|).
    if leaf_shape != 1 && !(abs < c || divides(abs, c)) {
        return Err(StrideDivisibility {
            stride: rest_stride,
            shape: c,
        });
    }
    let next_shape = if abs == 0 {
        1
    } else {
        match checked_ceil_div(c, abs) {
            Some(n) => n,
            None => return Err(Overflow),
        }
    };
    let next_stride = match checked_ceil_div(abs, c) {
        Some(q) => q * signum(rest_stride),
        None => return Err(Overflow),
    };
    // CuTe's first branch: `next_shape` or `rest_shape` is 1, the mode is skipped.
    let skipped = if abs == 0 {
        Some(ZeroStride)
    } else if abs > c {
        Some(PastMode)
    } else if abs == c {
        Some(AtMode)
    } else if rest_shape == 1 {
        Some(RestIsOne)
    } else {
        None
    };
    if let Some(branch) = skipped {
        return Ok(CompositionStep {
            branch,
            next_shape,
            next_stride,
            new_shape: 1,
            rest_shape,
            top: 0,
        });
    }
    if next_shape < rest_shape {
        // The mode takes `next_shape`; the rest must be a whole number of them.
        if !divides(rest_shape, next_shape) {
            return Err(ShapeDivisibility {
                shape: next_shape,
                rest: rest_shape,
            });
        }
        // Going on into the next mode, the leaf must have covered `c` exactly.
        match next_shape.checked_mul(abs) {
            Some(p) if p == c => {}
            Some(_) => return Err(Straddle),
            None => return Err(Overflow),
        }
        let Some(rest) = checked_shape_div(rest_shape, next_shape) else {
            return Err(Overflow);
        };
        return Ok(CompositionStep {
            branch: FillsMode,
            next_shape,
            next_stride,
            new_shape: next_shape,
            rest_shape: rest,
            top: c - abs,
        });
    }
    // The mode takes the whole rest.
    let Some(top) = abs.checked_mul(rest_shape - 1) else {
        return Err(Overflow);
    };
    Ok(CompositionStep {
        branch: EndsInMode,
        next_shape,
        next_stride,
        new_shape: rest_shape,
        rest_shape: 1,
        top,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use CompositionBranch::*;

    fn branch(c: i64, rs: i64, rd: i64) -> CompositionBranch {
        composition_step(c, rs, rd, rs).unwrap().branch
    }

    #[test]
    fn every_branch() {
        assert_eq!(branch(4, 2, 0), ZeroStride);
        assert_eq!(branch(4, 2, 8), PastMode);
        assert_eq!(branch(4, 2, -8), PastMode);
        assert_eq!(branch(4, 2, 4), AtMode);
        assert_eq!(branch(4, 1, 2), RestIsOne);
        assert_eq!(branch(4, 4, 2), FillsMode);
        assert_eq!(branch(4, 2, 2), EndsInMode);
        assert_eq!(branch(4, 2, 1), EndsInMode);
    }

    #[test]
    fn next_stride_keeps_the_sign() {
        let st = composition_step(4, 2, -8, 2).unwrap();
        assert_eq!((st.next_shape, st.next_stride), (1, -2));
        let st = composition_step(4, 2, -1, 2).unwrap();
        assert_eq!((st.new_shape, st.next_stride, st.top), (2, -1, 1));
    }

    #[test]
    fn conditions() {
        // Stride 6 in a mode of 4; a leaf of one element is not asked.
        assert!(matches!(
            composition_step(4, 2, 6, 2),
            Err(CompositionCondition::StrideDivisibility {
                stride: 6,
                shape: 4
            })
        ));
        assert!(composition_step(4, 1, 6, 1).is_ok());
        // Stride 1 in a mode of 4, rest 6: 4 does not divide 6.
        assert_eq!(
            composition_step(4, 6, 1, 6),
            Err(CompositionCondition::ShapeDivisibility { shape: 4, rest: 6 })
        );
        // Stride 3 in a mode of 4: 2 steps reach 6, past 4 (straddle).
        assert_eq!(
            composition_step(4, 4, 3, 4),
            Err(CompositionCondition::Straddle)
        );
        assert_eq!(
            composition_step(4, 2, i64::MIN, 2),
            Err(CompositionCondition::Overflow)
        );
        assert_eq!(
            footprint_step(i64::MAX, 1, 4, 0),
            Err(CompositionCondition::Overflow)
        );
    }

    #[test]
    fn conditions_as_errors() {
        let e = CompositionCondition::Disjointness { first_leaf: 1 }.at("composition", 0, 3);
        assert_eq!(
            e,
            LayoutError::Disjointness {
                op: "composition",
                mode_a: 1,
                mode_b: 3
            }
        );
        let e = CompositionCondition::Straddle.at("composition", 2, 3);
        assert_eq!(
            e,
            LayoutError::Straddle {
                op: "composition",
                mode_a: 2,
                mode_b: 3
            }
        );
    }
}
