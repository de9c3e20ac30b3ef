//! The scalar walk of composition, shared by the typed runtime path and
//! [`DynLayout`](crate::dynamic::DynLayout).
//!
//! CuTe's `composition_impl` maps one leaf `s:d` of `B` through the
//! coalesced modes of `A`. Each value carries CuTe's static flag: the result
//! *structure* follows CuTe (a mode is skipped only where CuTe knows
//! statically that it has size 1), while the admissibility checks look at the
//! values. `DynLayout` passes every value as static, so there the structure is
//! CuTe's all-static one.
//!
//! CuTe checks stride and shape divisibility; two more conditions make the
//! result equal `A(B(i))` on `B`'s domain:
//! - a leaf of `B` that crosses into the next mode of `A` must fill the
//!   current one exactly ([`LayoutError::Straddle`]);
//! - leaves whose offsets, added, carry out of a mode of `A`, or that mix
//!   signs below `A`'s last mode, overlap (Shah's disjointness,
//!   [`LayoutError::Disjointness`]).
//!
//! Stride divisibility is checked on `|stride|`: CuTe's `stride < shape` lets
//! every negative stride through, and `composition((4,2):(1,5), 2:-6)` would
//! give `2:-10` where `A(-6) = -7`.

use crate::LayoutError;
use crate::rules::{checked_ceil_div, signum};

/// The operation's name in errors.
pub(crate) const OP: &str = "composition";

/// An integer and whether CuTe knows it statically.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Val {
    pub v: i64,
    pub st: bool,
}

impl Val {
    /// CuTe's `is_constant<1, T>`.
    fn is_static_one(self) -> bool {
        self.st && self.v == 1
    }
}

/// The coalesced modes of `A`, as `(shape, stride)`.
pub(crate) trait AModes {
    /// Number of modes (at least 1).
    fn len(&self) -> usize;
    /// Mode `i < len()`.
    fn mode(&self, i: usize) -> (Val, Val);
}

impl AModes for [(i64, i64)] {
    fn len(&self) -> usize {
        <[(i64, i64)]>::len(self)
    }
    fn mode(&self, i: usize) -> (Val, Val) {
        let (s, d) = self[i];
        (Val { v: s, st: true }, Val { v: d, st: true })
    }
}

/// Where the leaves of `B` land in `A`'s modes, for the disjointness check.
///
/// Modes `lo .. lo + used.len()` are tracked (all of them for `DynLayout`;
/// the allocation-free typed path tracks a window per run).
pub(crate) struct Footprint<'a> {
    lo: usize,
    /// Per tracked mode: sum of the leaves' largest digit, and the first leaf there.
    used: &'a mut [(i64, Option<usize>)],
    pos: bool,
    neg: bool,
    below_last: bool,
    leaf: usize,
}

/// An error and where the walk met it: `(leaf, mode)`.
pub(crate) struct Failure {
    pub at: (usize, usize),
    pub err: LayoutError,
}

fn overflow() -> LayoutError {
    LayoutError::Overflow { op: OP }
}

fn mul(a: i64, b: i64) -> Result<i64, LayoutError> {
    a.checked_mul(b).ok_or_else(overflow)
}

fn cdiv(a: i64, b: i64) -> Result<i64, LayoutError> {
    checked_ceil_div(a, b).ok_or_else(overflow)
}

impl<'a> Footprint<'a> {
    /// A footprint tracking modes `lo ..`, one per slot of `used` (all `(0, None)`).
    pub(crate) fn new(lo: usize, used: &'a mut [(i64, Option<usize>)]) -> Self {
        Footprint {
            lo,
            used,
            pos: false,
            neg: false,
            below_last: false,
            leaf: 0,
        }
    }

    /// Leaf `leaf` covers `n` digits of step `r` in mode `m` (not the last) of shape `shape`.
    fn touch(
        &mut self,
        m: usize,
        r: i64,
        n: i64,
        shape: i64,
        leaf: usize,
    ) -> Result<(), LayoutError> {
        self.below_last = true;
        let Some(slot) = m.checked_sub(self.lo).and_then(|k| self.used.get_mut(k)) else {
            return Ok(());
        };
        let top = mul(r, n - 1)?;
        slot.0 = slot.0.checked_add(top).ok_or_else(overflow)?;
        let mode_a = *slot.1.get_or_insert(leaf);
        if slot.0 >= shape {
            return Err(LayoutError::Disjointness {
                op: OP,
                mode_a,
                mode_b: leaf,
            });
        }
        Ok(())
    }

    /// The check after the last leaf: leaves of both signs below `A`'s last mode.
    pub(crate) fn finish(&self) -> Result<(), LayoutError> {
        if self.pos && self.neg && self.below_last {
            return Err(LayoutError::Disjointness {
                op: OP,
                mode_a: 0,
                mode_b: self.leaf.saturating_sub(1),
            });
        }
        Ok(())
    }
}

/// Composes the coalesced `a` with the next leaf `s:d` of `B`, calling
/// `emit(shape, stride)` for each mode of the result in order: one mode is
/// an integral result, more a tuple.
pub(crate) fn leaf<A: AModes + ?Sized>(
    a: &A,
    s: Val,
    d: Val,
    fp: &mut Footprint<'_>,
    emit: &mut dyn FnMut(i64, i64) -> Result<(), LayoutError>,
) -> Result<(), Failure> {
    let leaf = fp.leaf;
    fp.leaf += 1;
    let mut mode = 0;
    walk(a, s, d, fp, leaf, &mut mode, emit).map_err(|err| Failure {
        at: (leaf, mode),
        err,
    })
}

fn walk<A: AModes + ?Sized>(
    a: &A,
    s: Val,
    d: Val,
    fp: &mut Footprint<'_>,
    leaf: usize,
    mode: &mut usize,
    emit: &mut dyn FnMut(i64, i64) -> Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    if d.st && d.v == 0 {
        return emit(s.v, 0);
    }
    // A zero stride maps the leaf to offset 0: nothing to check.
    let checks = d.v != 0;
    if checks && s.v != 1 {
        fp.pos |= d.v > 0;
        fp.neg |= d.v < 0;
    }
    let r = a.len();
    let last_stride = a.mode(r - 1).1;
    let (mut rest_shape, mut rest_stride) = (s, d);
    let mut any = false;
    for m in 0..r - 1 {
        *mode = m;
        let (cs, cd) = a.mode(m);
        let abs = rest_stride.v.checked_abs().ok_or_else(overflow)?;
        if checks && s.v != 1 && !(abs % cs.v == 0 || abs < cs.v) {
            return Err(LayoutError::StrideDivisibility {
                op: OP,
                mode: m,
                stride: rest_stride.v,
                shape: cs.v,
            });
        }
        let st = cs.st && rest_stride.st;
        // A runtime zero stride (CuTe divides by it) keeps every mode at size 1.
        let next_shape = Val {
            v: if abs == 0 { 1 } else { cdiv(cs.v, abs)? },
            st,
        };
        let next_stride = Val {
            v: cdiv(abs, cs.v)? * signum(rest_stride.v),
            st,
        };
        if checks && next_shape.v != 1 && rest_shape.v != 1 {
            let new_shape = next_shape.v.min(rest_shape.v);
            if rest_shape.v % new_shape != 0 {
                return Err(LayoutError::ShapeDivisibility {
                    op: OP,
                    mode: m,
                    shape: new_shape,
                    rest: rest_shape.v,
                });
            }
            if new_shape < rest_shape.v && mul(new_shape, abs)? != cs.v {
                return Err(LayoutError::Straddle {
                    op: OP,
                    mode_a: m,
                    mode_b: leaf,
                });
            }
            fp.touch(m, abs, new_shape, cs.v, leaf)?;
        }
        if !(next_shape.is_static_one() || rest_shape.is_static_one()) {
            let new_shape = Val {
                v: next_shape.v.min(rest_shape.v),
                st: next_shape.st && rest_shape.st,
            };
            emit(new_shape.v, mul(rest_stride.v, cd.v)?)?;
            any = true;
            rest_shape = Val {
                v: rest_shape.v / new_shape.v,
                st: rest_shape.st && new_shape.st,
            };
        }
        rest_stride = next_stride;
    }
    *mode = r - 1;
    let tail = mul(rest_stride.v, last_stride.v)?;
    if !any || !rest_shape.is_static_one() {
        emit(rest_shape.v, tail)?;
    }
    Ok(())
}
