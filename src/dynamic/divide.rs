//! logical_divide and its regroupings: zipped, tiled and flat divides.
//!
//! Each public method reads as CuTe's definition; the private helpers do the
//! work on flat modes in stack scratch space, so a realistic divide
//! allocates nothing.

use super::coalesce::{Modes, coalesce_flat};
use super::complement::complement_raw_modes;
use super::composition::{check_tiler_rank, compose_coalesced};
use super::scratch::Scratch;
use super::tiler::{Beyond, TilerRef, by_mode};
use super::{DynLayout, charge};
use crate::error::LayoutError;

/// The function a regrouping is built on: `logical_divide` or `logical_product`.
pub(crate) type ByTiler = fn(&DynLayout, TilerRef) -> Result<DynLayout, LayoutError>;

/// CuTe's `zip2_by(f(l, guide), guide)`: the regrouping of a divide or
/// product into (tiles, rests), without building `f`'s whole result. A
/// by-mode guide applies `f` mode by mode, sends the two halves of each
/// mode's result to `first` and `second`, and the modes beyond the guide to
/// `second`; any other guide splits `f(l, guide)`, which must have rank 2.
///
/// `family` names `f` (for its tiler-rank check) and `op` the regrouping
/// (charged with a result that overflows `i64`, as in CuTe's call chain).
pub(crate) fn zip2_by(
    l: &DynLayout,
    guide: TilerRef,
    family: &'static str,
    op: &'static str,
    f: ByTiler,
) -> Result<(DynLayout, DynLayout), LayoutError> {
    let (mut first, mut second) = (DynLayout::blank(), DynLayout::blank());
    push_zipped(l, guide, family, op, f, &mut first, &mut second).map_err(|e| e.in_op(op))?;
    Ok((first, second))
}

/// [`zip2_by`], appending the two halves to `first` and `second` as
/// one element each (no intermediate layouts for the halves).
fn push_zipped(
    l: &DynLayout,
    guide: TilerRef,
    family: &'static str,
    op: &'static str,
    f: ByTiler,
    first: &mut DynLayout,
    second: &mut DynLayout,
) -> Result<(), LayoutError> {
    let TilerRef::Tuple(gs) = guide else {
        let r = f(l, guide).map_err(charge(op))?;
        let mut k = r.kids(r.whole());
        return match (r.is_integral(), k.next(), k.next(), k.next()) {
            (false, Some(a), Some(b), None) => {
                first.push_span(&r, a);
                second.push_span(&r, b);
                Ok(())
            }
            _ => Err(LayoutError::RankMismatch {
                op,
                expected: 2,
                found: r.rank(),
            }),
        };
    };
    check_tiler_rank(l, gs.len(), family)?;
    first.open();
    second.open();
    for (i, sp) in l.kids(l.whole()).enumerate() {
        match gs.get(i) {
            Some(g) => push_zipped(&l.sub(sp), g.into(), family, op, f, first, second)?,
            None => second.push_span(l, sp),
        }
    }
    first.close();
    second.close();
    Ok(())
}

/// `logical_divide` as the function the regroupings apply.
fn divide(l: &DynLayout, t: TilerRef) -> Result<DynLayout, LayoutError> {
    l.logical_divide(t)
}

/// The shapes of flat modes, in `sc` (a shape as a cotarget).
#[inline]
fn shape_of<'a>(modes: &[(i64, i64)], sc: &'a mut Scratch<i64>) -> &'a [i64] {
    let out = sc.take(modes.len());
    for (o, m) in out.iter_mut().zip(modes) {
        *o = m.0;
    }
    out
}

/// `composition(a, b)` given `coalesced = coalesce(a)`, which is reused as
/// `coalesce_x(a)` where the two agree: unless `a`'s last leaf has size 1.
#[inline]
fn composition_given_coalesced(
    a: &DynLayout,
    coalesced: &[(i64, i64)],
    b: &DynLayout,
) -> Result<DynLayout, LayoutError> {
    match a.flat().last() {
        Some(&(s, _)) if s != 1 => compose_coalesced(coalesced, b),
        _ => a.composition(b),
    }
}

/// Append the modes of `z` as `slice(repeat<rank(z)>(_), z)` gives them: a
/// rank-1 `z` stays whole.
pub(crate) fn push_splat(out: &mut DynLayout, z: &DynLayout) {
    if z.rank() == 1 {
        out.push_layout(z);
    } else {
        z.kids(z.whole()).for_each(|sp| out.push_span(z, sp));
    }
}

/// The zipped, tiled and flat forms of a divide or product, as methods:
/// [`zip2_by`] of the logical form (`family`, run by `f`), regrouped by the
/// form's join (`DynLayout::pair`, [`tiled`] or [`flat`]) and named in the
/// error of a result that overflows.
macro_rules! zipped_forms {
    ($family:literal, $f:ident; $($(#[$doc:meta])* $name:ident => $join:path;)*) => {$(
        $(#[$doc])*
        pub fn $name<'t>(&self, t: impl Into<TilerRef<'t>>) -> Result<DynLayout, LayoutError> {
            let (a, b) = zip2_by(self, t.into(), $family, stringify!($name), $f)?;
            $join(&a, &b).fits(stringify!($name))
        }
    )*};
}
pub(crate) use zipped_forms;

/// `(a, b...)`: `a` whole, then `b` splat (the tiled regrouping).
pub(crate) fn tiled(a: &DynLayout, b: &DynLayout) -> DynLayout {
    let mut out = DynLayout::blank();
    out.open();
    out.push_layout(a);
    push_splat(&mut out, b);
    out.close();
    out
}

/// `(a..., b...)`: both splat (the flat regrouping).
pub(crate) fn flat(a: &DynLayout, b: &DynLayout) -> DynLayout {
    let mut out = DynLayout::blank();
    out.open();
    push_splat(&mut out, a);
    push_splat(&mut out, b);
    out.close();
    out
}

/// `logical_divide(A, B)` by a layout `B`: `composition(A, make_layout(B,
/// complement(B, shape(coalesce(A)))))`, on flat modes in stack scratch
/// space. It keeps a frame of its own: inlined into the by-tiler dispatch,
/// with its scratch arrays, the divide ran about 10% slower
/// (`benches/dynamic.rs`).
#[inline(never)]
fn divide_by_layout(a: &DynLayout, b: &DynLayout) -> Result<DynLayout, LayoutError> {
    const OP: &str = "logical_divide";
    let in_op = |e: LayoutError| e.in_op(OP);
    let (mut sc, mut ss, mut sr) = (Modes::new(), Scratch::new(), Modes::new());
    let coalesced = coalesce_flat(a, &mut sc).map_err(in_op)?;
    // make_layout(B, complement(B, shape(coalesce(A)))): CuTe's complement
    // with its assertions; its bounds (which `complement` checks) are not
    // needed for a correct divide.
    let mut tile_rest = DynLayout::blank();
    tile_rest.open();
    tile_rest.push_layout(b);
    let rest = complement_raw_modes(b, shape_of(coalesced, &mut ss), &mut sr).map_err(in_op)?;
    tile_rest.push_modes(rest.0);
    tile_rest.close();
    // One `map_err`: each moves the whole `Result<DynLayout, _>`, and a
    // second one made the divide about 10% slower.
    composition_given_coalesced(a, coalesced, &tile_rest).map_err(|e| in_op(charge(OP)(e)))
}

impl DynLayout {
    /// `logical_divide(A, B)`: `composition(A, make_layout(B, complement(B,
    /// shape(coalesce(A)))))`, a rank-2 layout of (tile, rest).
    ///
    /// The tiler `B` is a layout (`&DynLayout`), an integer `n` (the tile
    /// `make_layout(n)`), or a [`Tiler`](super::Tiler): a tuple tiler divides
    /// mode by mode and keeps `A`'s modes beyond it, and `_` keeps a mode.
    ///
    /// Errors where the tile does not divide `A`'s modes in a way a layout can
    /// express (CuTe returns a wrong layout there, e.g. `(3,5):(1,7)` by `2`).
    ///
    /// ```
    /// use cute_algebra::dynamic::{DynLayout, Tiler};
    /// let a: DynLayout = "(4,2,3):(2,1,8)".parse().unwrap();
    /// let b: DynLayout = "4:2".parse().unwrap();
    /// assert_eq!(a.logical_divide(&b).unwrap().to_string(), "((2,2),(2,3)):((4,1),(2,8))");
    /// let bad: DynLayout = "(3,5):(1,7)".parse().unwrap();
    /// assert!(bad.logical_divide(2).is_err());
    /// // By mode:
    /// let a: DynLayout = "(8,6):(1,8)".parse().unwrap();
    /// let t = Tiler::Tuple(vec![4.into(), 3.into()]);
    /// assert_eq!(a.logical_divide(&t).unwrap().to_string(), "((4,2),(3,2)):((1,4),(8,24))");
    /// ```
    pub fn logical_divide<'t>(&self, b: impl Into<TilerRef<'t>>) -> Result<DynLayout, LayoutError> {
        // Not generic, so built once, here (see `TilerRef`).
        fn logical_divide(a: &DynLayout, b: TilerRef) -> Result<DynLayout, LayoutError> {
            const OP: &str = "logical_divide";
            match b {
                // composition(A, make_layout(B, complement(B, shape(coalesce(A)))))
                TilerRef::Layout(b) => divide_by_layout(a, b),
                TilerRef::Underscore => Ok(a.clone()),
                // Fast path: a leaf cut evenly by an integer (see `divide_leaf_evenly`).
                TilerRef::Int(n) => match a.divide_leaf_evenly(n) {
                    Some(r) => Ok(r),
                    None => a.logical_divide(&DynLayout::int_tile(n)?),
                },
                TilerRef::Tuple(ts) => by_mode(a, ts, OP, Beyond::Keep, |a, t| a.logical_divide(t)),
            }
        }
        logical_divide(self, b.into())
    }

    /// The fast path of `logical_divide(s:d, n)`, where `n` cuts `s` into at
    /// least two tiles of at least two elements: `(n, s/n):(d, n·d)`, what
    /// the complement and the composition of the general path give, without
    /// building them. This is the common case of a by-mode divide by a shape
    /// (each mode of a matrix cut by a tile extent); `None` leaves every
    /// other case, and any overflow, to the general path.
    fn divide_leaf_evenly(&self, n: i64) -> Option<DynLayout> {
        let &[(s, d)] = self.flat() else {
            return None;
        };
        if !self.is_integral() || n < 2 || s % n != 0 || s / n < 2 {
            return None;
        }
        Some(DynLayout::from_modes(&[(n, d), (s / n, n.checked_mul(d)?)]))
    }

    zipped_forms! {
        "logical_divide", divide;
        /// `zipped_divide(A, tiler)`: `((tiles...), (rests...))`, CuTe's
        /// `zip2_by(logical_divide(A, tiler), tiler)`. Takes the tilers
        /// [`logical_divide`](Self::logical_divide) takes.
        ///
        /// ```
        /// use cute_algebra::dynamic::{DynLayout, Tiler};
        /// let a: DynLayout = "(9,(4,8)):(59,(13,1))".parse().unwrap();
        /// let t = Tiler::Tuple(vec![Tiler::Layout("3:3".parse().unwrap()), Tiler::Layout("(2,4):(1,8)".parse().unwrap())]);
        /// assert_eq!(a.zipped_divide(&t).unwrap().to_string(), "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))");
        /// ```
        zipped_divide => DynLayout::pair;
        /// `tiled_divide(A, tiler)`: `((tiles...), rest0, rest1, ...)`, the
        /// zipped divide with its rests splat. Takes the tilers
        /// [`logical_divide`](Self::logical_divide) takes.
        ///
        /// ```
        /// use cute_algebra::dynamic::{DynLayout, Tiler};
        /// let a: DynLayout = "(9,(4,8)):(59,(13,1))".parse().unwrap();
        /// let t = Tiler::Tuple(vec![Tiler::Layout("3:3".parse().unwrap()), Tiler::Layout("(2,4):(1,8)".parse().unwrap())]);
        /// assert_eq!(a.tiled_divide(&t).unwrap().to_string(), "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))");
        /// ```
        tiled_divide => tiled;
        /// `flat_divide(A, tiler)`: `(tile0, tile1, ..., rest0, rest1, ...)`, the
        /// zipped divide with both halves splat. Takes the tilers
        /// [`logical_divide`](Self::logical_divide) takes.
        ///
        /// ```
        /// use cute_algebra::dynamic::{DynLayout, Tiler};
        /// let a: DynLayout = "(9,(4,8)):(59,(13,1))".parse().unwrap();
        /// let t = Tiler::Tuple(vec![Tiler::Layout("3:3".parse().unwrap()), Tiler::Layout("(2,4):(1,8)".parse().unwrap())]);
        /// assert_eq!(a.flat_divide(&t).unwrap().to_string(), "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))");
        /// ```
        flat_divide => flat;
    }
}
