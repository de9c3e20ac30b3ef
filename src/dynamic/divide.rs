//! logical_divide and its regroupings: zipped, tiled and flat divides.

use super::coalesce::{Modes, coalesce_flat};
use super::complement::complement_raw_modes;
use super::composition::{check_tiler_rank, compose_coalesced};
use super::scratch::Scratch;
use super::{DynLayout, Tiler, charge};
use crate::LayoutError;

/// `zip2_by(f(l, guide), guide)` (CuTe's regrouping of a divide or product
/// into (tiles, rests)) without building `f`'s whole result: a by-mode
/// guide applies `f` mode by mode, sends the two halves of each mode's
/// result to `first` and `second`, and the modes beyond the guide to
/// `second`; any other guide splits `f(l, guide)`, which must have rank 2.
///
/// `family` names `f` (for its tiler-rank check) and `op` the regrouping
/// (charged with a result that overflows `i64`, as in CuTe's call chain).
pub(crate) fn zipped_parts(
    l: &DynLayout,
    guide: &Tiler,
    family: &'static str,
    op: &'static str,
    f: fn(&DynLayout, &Tiler) -> Result<DynLayout, LayoutError>,
) -> Result<(DynLayout, DynLayout), LayoutError> {
    let (mut first, mut second) = (DynLayout::blank(), DynLayout::blank());
    push_zipped(l, guide, family, op, f, &mut first, &mut second).map_err(|e| e.in_op(op))?;
    Ok((first, second))
}

/// [`zipped_parts`], appending the two halves to `first` and `second` as
/// one element each (no intermediate layouts for the halves).
fn push_zipped(
    l: &DynLayout,
    guide: &Tiler,
    family: &'static str,
    op: &'static str,
    f: fn(&DynLayout, &Tiler) -> Result<DynLayout, LayoutError>,
    first: &mut DynLayout,
    second: &mut DynLayout,
) -> Result<(), LayoutError> {
    let Tiler::Tuple(gs) = guide else {
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
            Some(g) => push_zipped(&l.sub(sp), g, family, op, f, first, second)?,
            None => second.push_span(l, sp),
        }
    }
    first.close();
    second.close();
    Ok(())
}

/// The divide's (tiles, rests) halves for `op`.
fn divided(
    a: &DynLayout,
    t: &Tiler,
    op: &'static str,
) -> Result<(DynLayout, DynLayout), LayoutError> {
    zipped_parts(a, t, "logical_divide", op, DynLayout::logical_divide_tiler)
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

impl DynLayout {
    /// `logical_divide(A, B)`: `A ∘ (B, complement(B, shape(coalesce(A))))`,
    /// a rank-2 layout of (tile, rest).
    ///
    /// Errors where the tile does not divide `A`'s modes in a way a layout can
    /// express (CuTe returns a wrong layout there, e.g. `(3,5):(1,7)` by `2`).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let a: DynLayout = "(4,2,3):(2,1,8)".parse().unwrap();
    /// assert_eq!(a.logical_divide(&"4:2".parse().unwrap()).unwrap().to_string(), "((2,2),(2,3)):((4,1),(2,8))");
    /// let bad: DynLayout = "(3,5):(1,7)".parse().unwrap();
    /// assert!(bad.logical_divide(&"2:1".parse().unwrap()).is_err());
    /// ```
    pub fn logical_divide(&self, b: &DynLayout) -> Result<DynLayout, LayoutError> {
        self.logical_divide_unnamed(b)
            .map_err(|e| e.in_op("logical_divide"))
    }

    fn logical_divide_unnamed(&self, b: &DynLayout) -> Result<DynLayout, LayoutError> {
        let mut sc = Modes::new();
        let modes = coalesce_flat(self, &mut sc)?;
        let mut scot = Scratch::new();
        let cot = scot.take(modes.len());
        for (c, m) in cot.iter_mut().zip(modes.iter()) {
            *c = m.0;
        }
        let mut bc = DynLayout::blank();
        bc.open();
        bc.push_layout(b);
        // CuTe's complement with its assertions; its bounds (which
        // `complement` checks) are not needed for a correct divide.
        bc.push_modes(complement_raw_modes(b, cot, &mut Modes::new())?.0);
        bc.close();
        // coalesce_x(A) is coalesce(A) unless A's last leaf has size 1.
        match self.flat().last() {
            Some(&(s, _)) if s != 1 => compose_coalesced(modes, &bc),
            _ => self.composition(&bc),
        }
        .map_err(charge("logical_divide"))
    }

    /// `logical_divide(A, tiler)`: by mode for a tuple tiler (later modes
    /// kept), `_` keeps `A`, an integer `n` is the tile `make_layout(n)`.
    ///
    /// ```
    /// use cute_algebra::dynamic::{DynLayout, Tiler};
    /// let a: DynLayout = "(8,6):(1,8)".parse().unwrap();
    /// let t = Tiler::Tuple(vec![Tiler::Layout("4:1".parse().unwrap()), Tiler::Layout("3:1".parse().unwrap())]);
    /// assert_eq!(a.logical_divide_tiler(&t).unwrap().to_string(), "((4,2),(3,2)):((1,4),(8,24))");
    /// ```
    pub fn logical_divide_tiler(&self, t: &Tiler) -> Result<DynLayout, LayoutError> {
        match t {
            Tiler::Layout(b) => self.logical_divide(b),
            Tiler::Underscore => Ok(self.clone()),
            Tiler::Int(n) => match self.divide_leaf_evenly(*n) {
                Some(r) => Ok(r),
                None => self.logical_divide(&DynLayout::int_tile(*n)?),
            },
            Tiler::Tuple(ts) => {
                check_tiler_rank(self, ts.len(), "logical_divide")?;
                let mut out = DynLayout::blank();
                out.open();
                for (i, sp) in self.kids(self.whole()).enumerate() {
                    match ts.get(i) {
                        Some(t) => out.push_layout(&self.sub(sp).logical_divide_tiler(t)?),
                        None => out.push_span(self, sp),
                    }
                }
                out.close();
                out.fits("logical_divide")
            }
        }
    }

    /// `logical_divide(s:d, n)` where `n` cuts `s` into at least two tiles
    /// of at least two elements: `(n, s/n):(d, n·d)`, what the complement
    /// and the composition of the general path give, without building
    /// them. This is the common case of a by-mode divide by a shape (each
    /// mode of a matrix cut by a tile extent); `None` leaves every other
    /// case, and any overflow, to the general path.
    fn divide_leaf_evenly(&self, n: i64) -> Option<DynLayout> {
        let &[(s, d)] = self.flat() else {
            return None;
        };
        if !self.is_integral() || n < 2 || s % n != 0 || s / n < 2 {
            return None;
        }
        Some(DynLayout::from_modes(&[(n, d), (s / n, n.checked_mul(d)?)]))
    }

    /// `zipped_divide(A, tiler)`: `((tiles...), (rests...))`.
    ///
    /// ```
    /// use cute_algebra::dynamic::{DynLayout, Tiler};
    /// let a: DynLayout = "(9,(4,8)):(59,(13,1))".parse().unwrap();
    /// let t = Tiler::Tuple(vec![Tiler::Layout("3:3".parse().unwrap()), Tiler::Layout("(2,4):(1,8)".parse().unwrap())]);
    /// assert_eq!(a.zipped_divide(&t).unwrap().to_string(), "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))");
    /// ```
    pub fn zipped_divide(&self, t: &Tiler) -> Result<DynLayout, LayoutError> {
        let (a, b) = divided(self, t, "zipped_divide")?;
        DynLayout::pair(&a, &b).fits("zipped_divide")
    }

    /// `tiled_divide(A, tiler)`: `((tiles...), rest0, rest1, ...)`.
    ///
    /// ```
    /// use cute_algebra::dynamic::{DynLayout, Tiler};
    /// let a: DynLayout = "(9,(4,8)):(59,(13,1))".parse().unwrap();
    /// let t = Tiler::Tuple(vec![Tiler::Layout("3:3".parse().unwrap()), Tiler::Layout("(2,4):(1,8)".parse().unwrap())]);
    /// assert_eq!(a.tiled_divide(&t).unwrap().to_string(), "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))");
    /// ```
    pub fn tiled_divide(&self, t: &Tiler) -> Result<DynLayout, LayoutError> {
        let (a, b) = divided(self, t, "tiled_divide")?;
        tiled(&a, &b).fits("tiled_divide")
    }

    /// `flat_divide(A, tiler)`: `(tile0, tile1, ..., rest0, rest1, ...)`.
    ///
    /// ```
    /// use cute_algebra::dynamic::{DynLayout, Tiler};
    /// let a: DynLayout = "(9,(4,8)):(59,(13,1))".parse().unwrap();
    /// let t = Tiler::Tuple(vec![Tiler::Layout("3:3".parse().unwrap()), Tiler::Layout("(2,4):(1,8)".parse().unwrap())]);
    /// assert_eq!(a.flat_divide(&t).unwrap().to_string(), "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))");
    /// ```
    pub fn flat_divide(&self, t: &Tiler) -> Result<DynLayout, LayoutError> {
        let (a, b) = divided(self, t, "flat_divide")?;
        flat(&a, &b).fits("flat_divide")
    }
}
