//! composition: `R(i) = A(B(i))`, and its by-mode form with tilers.
//!
//! CuTe coalesces `A` (keeping its last stride so `A` extends beyond its
//! domain), then maps each leaf `s:d` of `B` through `A`'s modes, one
//! [`composition_step`] per mode. CuTe checks
//! only stride and shape divisibility, which lets two wrong cases through;
//! both are errors here:
//! - a leaf of `B` that crosses into the next mode of `A` without filling the
//!   current one exactly ([`LayoutError::Straddle`]);
//! - leaves of `B` whose offsets, added, carry out of a mode of `A`, or that
//!   mix signs below `A`'s last mode (Shah's disjointness, [`LayoutError::Disjointness`]).
//!
//! Together with CuTe's checks these make the result equal `A(B(i))` on
//! `B`'s domain.

use super::coalesce::{Modes, coalesce_x_flat};
use super::scratch::Scratch;
use super::tiler::{Beyond, TilerRef, by_mode};
use super::{DynLayout, Tok, mul};
use crate::error::LayoutError;
use crate::steps::composition::{Disjointness, composition_step};

const OP: &str = "composition";

/// Compose coalesced `a` with leaf `leaf`, `s:d`, of `B` (CuTe's `composition_impl`),
/// appending the result (a leaf, or a tuple of leaves) to `out`; `buf`
/// (room for `a.len()` modes) collects the leaves first. Every value is
/// static here, so a mode is added exactly where the step's branch adds
/// one, and the leaf lands there.
fn compose_leaf(
    a: &[(i64, i64)],
    s: i64,
    d: i64,
    leaf: usize,
    fp: &mut Disjointness,
    out: &mut DynLayout,
    buf: &mut [(i64, i64)],
) -> Result<(), LayoutError> {
    let last_stride = a[a.len() - 1].1;
    // CuTe's shortcut for a (static) zero stride.
    if d == 0 {
        out.push_leaf(s, 0);
        return Ok(());
    }
    fp.signs(s, d);
    let mut n = 0usize;
    let (mut rest_shape, mut rest_stride) = (s, d);
    for (m, &(c, e)) in a[..a.len() - 1].iter().enumerate() {
        let st = composition_step(c, rest_shape, rest_stride, s).map_err(|x| x.at(OP, m, leaf))?;
        if st.branch.adds_mode() {
            fp.land(m, st.top, c, leaf);
            buf[n] = (st.new_shape, mul(rest_stride, e, OP)?);
            n += 1;
        }
        rest_shape = st.rest_shape;
        rest_stride = st.next_stride;
    }
    // The last mode of `A` takes the rest.
    let tail = mul(rest_stride, last_stride, OP)?;
    if n == 0 || rest_shape != 1 {
        buf[n] = (rest_shape, tail);
        n += 1;
    }
    // A single leaf stands alone (CuTe unwraps a rank-1 result).
    match &buf[..n] {
        &[(s, d)] => out.push_leaf(s, d),
        modes => out.push_tuple(modes),
    }
    Ok(())
}

/// `composition(A, b)` given `a = coalesce_x(A)` (CuTe's `coalesce_x`:
/// the last mode keeps its stride even at size 1).
pub(crate) fn compose_coalesced(a: &[(i64, i64)], b: &DynLayout) -> Result<DynLayout, LayoutError> {
    let mut su = Scratch::new();
    let used = su.take(a.len());
    let mut fp = Disjointness::new(0, used);
    let mut r = DynLayout::blank();
    let mut sb = Modes::new();
    compose_all(a, b, &mut fp, &mut r, sb.take(a.len()))?;
    // Disjointness, once every leaf's steps passed.
    fp.overlap().map_err(|(x, m, leaf)| x.at(OP, m, leaf))?;
    fp.finish(OP)?;
    r.fits(OP)
}

/// Compose coalesced `a` with every leaf of `b`, keeping `b`'s structure.
fn compose_all(
    a: &[(i64, i64)],
    b: &DynLayout,
    fp: &mut Disjointness,
    out: &mut DynLayout,
    buf: &mut [(i64, i64)],
) -> Result<(), LayoutError> {
    let mut leaves = b.flat().iter();
    for t in b.tokens().iter() {
        match t {
            Tok::Open => out.open(),
            Tok::Close => out.close(),
            Tok::Leaf => {
                let &(s, d) = leaves.next().ok_or(LayoutError::NotCongruent { op: OP })?;
                let leaf = fp.next_leaf();
                compose_leaf(a, s, d, leaf, fp, out, buf)?;
            }
        }
    }
    Ok(())
}

impl DynLayout {
    /// `composition(A, B)`: the layout `R` with `B`'s shape (or a refinement
    /// of it) and `R(i) = A(B(i))` for every `i` in `B`'s domain.
    ///
    /// The tiler `B` is a layout (`&DynLayout`), an integer `n` (the tile
    /// `n:1`), or a [`Tiler`](super::Tiler): a tuple tiler composes mode by mode and drops
    /// `A`'s modes beyond it, and `_` keeps a mode.
    ///
    /// ```
    /// use cute_algebra::dynamic::{DynLayout, Tiler};
    /// let a: DynLayout = "(6,2):(8,2)".parse().unwrap();
    /// let b: DynLayout = "(4,3):(3,1)".parse().unwrap();
    /// assert_eq!(a.composition(&b).unwrap().to_string(), "((2,2),3):((24,2),8)");
    /// // CuTe returns (2,2):(6,2) here, which is wrong at i = 3:
    /// let a: DynLayout = "(4,2):(2,1)".parse().unwrap();
    /// let b: DynLayout = "(2,2):(3,1)".parse().unwrap();
    /// assert!(a.composition(&b).is_err());
    /// // By mode, with a shape as the tiler:
    /// let a: DynLayout = "(12,(4,8)):(59,(13,1))".parse().unwrap();
    /// let t = Tiler::from(&"(3,8)".parse().unwrap());
    /// assert_eq!(a.composition(&t).unwrap().to_string(), "(3,(4,2)):(59,(13,1))");
    /// ```
    pub fn composition<'t>(&self, b: impl Into<TilerRef<'t>>) -> Result<DynLayout, LayoutError> {
        // Not generic, so built once, here (see `TilerRef`).
        fn composition(a: &DynLayout, b: TilerRef) -> Result<DynLayout, LayoutError> {
            match b {
                // Each leaf of `B` mapped through `coalesce_x(A)`, whose last
                // mode keeps its stride so `A` extends beyond its domain.
                TilerRef::Layout(b) => compose_coalesced(coalesce_x_flat(a, &mut Modes::new())?, b),
                TilerRef::Underscore => Ok(a.clone()),
                TilerRef::Int(n) if n <= 0 => Err(LayoutError::ZeroSize { op: OP }),
                TilerRef::Int(n) => a.composition(&DynLayout::leaf(n, 1)),
                TilerRef::Tuple(ts) => by_mode(a, ts, OP, Beyond::Drop, |a, t| a.composition(t)),
            }
        }
        composition(self, b.into())
    }
}

/// Check that a tiler of rank `n` fits `a`'s modes.
pub(crate) fn check_tiler_rank(
    a: &DynLayout,
    n: usize,
    op: &'static str,
) -> Result<(), LayoutError> {
    let rank = a.rank();
    if n > rank {
        return Err(LayoutError::TooManyTilerModes {
            op,
            tiler_rank: n,
            layout_rank: rank,
        });
    }
    Ok(())
}
