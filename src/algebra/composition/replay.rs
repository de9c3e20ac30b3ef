//! The scalar walk of composition for the typed runtime path: each leaf of
//! `B` through the coalesced modes of `A`, one [`composition_step`] per mode.
//!
//! Each value carries CuTe's static flag: the result *structure* follows
//! CuTe (a mode is skipped only where CuTe knows statically that it has
//! size 1), while the admissibility conditions (the step's, and Shah's
//! disjointness: [`ModeFootprint`], [`sign_mix`]) look at the values.
//! Disjointness is read after the last leaf ([`Overlaps`]), as the
//! type-level pass does: a composition that breaks a step condition and
//! disjointness is reported by the step.

use super::leaves::Leaves;
use crate::error::LayoutError;
use crate::steps::composition::{Disjointness, ModeFootprint, composition_step};
#[allow(unused_imports)] // the docs' links
use crate::steps::composition::{Overlaps, sign_mix};

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

/// An error and where it was met, in the order errors are reported: the
/// walk's `(0, leaf, mode)`, then disjointness's `(1, mode, leaf)`.
pub(crate) struct Failure {
    pub at: (u8, usize, usize),
    pub err: LayoutError,
}

fn overflow() -> LayoutError {
    LayoutError::Overflow { op: OP }
}

fn mul(a: i64, b: i64) -> Result<i64, LayoutError> {
    a.checked_mul(b).ok_or_else(overflow)
}

/// The disjointness verdict of the tracked modes, as a [`Failure`].
fn overlap(fp: &Disjointness<'_>) -> Result<(), Failure> {
    fp.overlap().map_err(|(x, m, leaf)| Failure {
        at: (1, m, leaf),
        err: x.at(OP, m, leaf),
    })
}

/// Composes the coalesced `a` with the next leaf `s:d` of `B`, calling
/// `emit(shape, stride)` for each mode of the result in order: one mode is
/// an integral result, more a tuple.
pub(crate) fn leaf<A: AModes + ?Sized>(
    a: &A,
    s: Val,
    d: Val,
    fp: &mut Disjointness<'_>,
    emit: &mut dyn FnMut(i64, i64) -> Result<(), LayoutError>,
) -> Result<(), Failure> {
    let leaf = fp.next_leaf();
    let mut mode = 0;
    walk(a, s, d, fp, leaf, &mut mode, emit).map_err(|err| Failure {
        at: (0, leaf, mode),
        err,
    })
}

fn walk<A: AModes + ?Sized>(
    a: &A,
    s: Val,
    d: Val,
    fp: &mut Disjointness<'_>,
    leaf: usize,
    mode: &mut usize,
    emit: &mut dyn FnMut(i64, i64) -> Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    // CuTe's shortcut for a static zero stride.
    if d.st && d.v == 0 {
        return emit(s.v, 0);
    }
    fp.signs(s.v, d.v);
    let r = a.len();
    let last_stride = a.mode(r - 1).1;
    let (mut rest_shape, mut rest_stride) = (s, d);
    let mut any = false;
    for m in 0..r - 1 {
        *mode = m;
        let (c, e) = a.mode(m);
        let step = composition_step(c.v, rest_shape.v, rest_stride.v, s.v)
            .map_err(|x| x.at(OP, m, leaf))?;
        if step.branch.adds_mode() {
            fp.land(m, step.top, c.v, leaf);
        }
        // CuTe knows `next_shape` and `next_stride` statically when `c` and
        // the rest stride are static, and skips the mode only where it knows
        // that `next_shape` or `rest_shape` is 1; a runtime value may add a
        // mode of size 1 (the step's `new_shape` is then 1).
        let known = c.st && rest_stride.st;
        let next_shape = Val {
            v: step.next_shape,
            st: known,
        };
        if !(next_shape.is_static_one() || rest_shape.is_static_one()) {
            emit(step.new_shape, mul(rest_stride.v, e.v)?)?;
            any = true;
            rest_shape = Val {
                v: step.rest_shape,
                st: rest_shape.st && known,
            };
        }
        rest_stride = Val {
            v: step.next_stride,
            st: known,
        };
    }
    // The last mode of `A` takes the rest.
    *mode = r - 1;
    let tail = mul(rest_stride.v, last_stride.v)?;
    if !any || !rest_shape.is_static_one() {
        emit(rest_shape.v, tail)?;
    }
    Ok(())
}

// ---- The typed operands ----

/// Every shape leaf must be positive (`DynLayout::new` checks the same).
pub(super) fn positive<T: Leaves>(t: &T) -> Result<(), LayoutError> {
    for j in 0.. {
        match t.leaf(&mut { j }) {
            Some((v, _)) if v <= 0 => return Err(LayoutError::ZeroSize { op: OP }),
            Some(_) => {}
            None => break,
        }
    }
    Ok(())
}

pub(super) fn count<T: Leaves>(t: &T) -> usize {
    (0..).take_while(|&j| t.leaf(&mut { j }).is_some()).count()
}

/// The coalesced modes of a typed `A` for the scalar walk.
pub(super) struct TypedModes<'a, CS, CD> {
    pub(super) len: usize,
    pub(super) shapes: &'a CS,
    pub(super) strides: &'a CD,
}
impl<CS: Leaves, CD: Leaves> AModes for TypedModes<'_, CS, CD> {
    fn len(&self) -> usize {
        self.len
    }
    fn mode(&self, i: usize) -> (Val, Val) {
        let val = |x: Option<(i64, bool)>| {
            let (v, st) = x.unwrap_or((1, true));
            Val { v, st }
        };
        (
            val(self.shapes.leaf(&mut { i })),
            val(self.strides.leaf(&mut { i })),
        )
    }
}

/// How many of `A`'s modes one run of the scalar walk tracks for the
/// disjointness footprint; more modes take more runs (no allocation).
const WINDOW: usize = 16;

/// Runs the scalar walk over `B`'s leaves: the checks, and the result's
/// values written into `shape:stride` (whose leaves come in the same order).
pub(super) fn replay_typed<A: AModes, SB: Leaves, DB: Leaves, RS: Leaves, RD: Leaves>(
    a: &A,
    sb: &SB,
    db: &DB,
    shape: &mut RS,
    stride: &mut RD,
) -> Result<(), LayoutError> {
    let tracked = a.len() - 1;
    let mut first: Option<Failure> = None;
    let mut lo = 0;
    loop {
        let mut used = [ModeFootprint::default(); WINDOW];
        let mut fp = Disjointness::new(lo, &mut used);
        let mut k = 0usize;
        let mut emit = |s: i64, d: i64| -> Result<(), LayoutError> {
            if lo == 0 {
                set(shape, k, s)?;
                set(stride, k, d)?;
            }
            k += 1;
            Ok(())
        };
        let mut run = || -> Result<(), Failure> {
            for j in 0.. {
                let (Some(s), Some(d)) = (sb.leaf(&mut { j }), db.leaf(&mut { j })) else {
                    break;
                };
                let v = |(v, st)| Val { v, st };
                leaf(a, v(s), v(d), &mut fp, &mut emit)?;
            }
            Ok(())
        };
        if let Err(f) = run().and_then(|()| overlap(&fp))
            && first.as_ref().is_none_or(|g| f.at < g.at)
        {
            first = Some(f);
        }
        lo += WINDOW;
        if lo >= tracked {
            return match first {
                Some(f) => Err(f.err),
                None => fp.finish(OP),
            };
        }
    }
}

fn set<T: Leaves>(t: &mut T, k: usize, v: i64) -> Result<(), LayoutError> {
    match t.set_leaf(&mut { k }, v) {
        Some(_) => Ok(()),
        None => Err(LayoutError::Overflow { op: OP }),
    }
}
