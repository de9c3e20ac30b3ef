//! coalesce and filter: fewest flat modes computing the same function.

use super::scratch::Scratch;
use super::{DynLayout, IntTree, mul};
use crate::error::LayoutError;

/// Working space for flat `(shape, stride)` modes.
pub(crate) type Modes = Scratch<(i64, i64)>;

/// CuTe's `bw_coalesce` on the first `n` modes of `m`, in place: skip
/// size-1 modes and merge `s0:d0, s1:s0*d0` into `s0*s1:d0`; `[(1,0)]` when
/// nothing is left (`m` has room for it). Returns the number of modes.
///
/// CuTe walks from the back; walking from the front merges the same pairs
/// (a chain `s_i:d_i .. s_k:d_k` has extent `s_i*...*s_k*d_i == s_k*d_k`, so
/// each test compares the same numbers) and needs no reversal.
pub(crate) fn coalesce_modes(m: &mut [(i64, i64)], n: usize) -> Result<usize, LayoutError> {
    coalesce_core(m, None, n, |x| x)
}

/// [`coalesce_modes`] reading mode `r` from `src[r]` (through `map`) when
/// `src` is given, else from `m[r]`; the output goes to `m`.
#[inline(always)]
fn coalesce_core(
    m: &mut [(i64, i64)],
    src: Option<&[(i64, i64)]>,
    n: usize,
    map: impl Fn((i64, i64)) -> (i64, i64),
) -> Result<usize, LayoutError> {
    const OP: &str = "coalesce";
    let Some(m) = m.get_mut(..n.max(1)) else {
        return Err(LayoutError::Overflow { op: OP });
    };
    // `back` is the last mode written (at `w - 1`), kept in registers; a
    // write never passes the read position, so in place is safe.
    let (mut w, mut back) = (0usize, (1i64, 0i64));
    for r in 0..n {
        let (s, d) = map(match src {
            Some(src) => src[r],
            None => m[r],
        });
        if s == 1 {
            continue;
        }
        if w > 0 && mul(back.0, back.1, OP)? == d {
            back.0 = mul(back.0, s, OP)?;
        } else {
            if w > 0 {
                m[w - 1] = back;
            }
            back = (s, d);
            w += 1;
        }
    }
    m[w.max(1) - 1] = back;
    Ok(w.max(1))
}

/// The leaves of `l`, each passed through `f`, coalesced in `sc`.
#[inline(always)]
fn coalesced_with<'a>(
    l: &DynLayout,
    sc: &'a mut Modes,
    f: impl Fn((i64, i64)) -> (i64, i64),
) -> Result<&'a mut [(i64, i64)], LayoutError> {
    let flat = l.flat();
    let m = sc.take(flat.len().max(1));
    let n = coalesce_core(m, Some(flat), flat.len(), f)?;
    Ok(&mut m[..n])
}

/// The flat modes of `coalesce(l)` (`[(1,0)]` for a trivial layout).
pub(crate) fn coalesce_flat<'a>(
    l: &DynLayout,
    sc: &'a mut Modes,
) -> Result<&'a mut [(i64, i64)], LayoutError> {
    coalesced_with(l, sc, |m| m)
}

/// The flat modes of `filter(l)`: stride-0 leaves count as size 1.
pub(crate) fn filter_flat<'a>(
    l: &DynLayout,
    sc: &'a mut Modes,
) -> Result<&'a mut [(i64, i64)], LayoutError> {
    let m = sc.take(l.flat().len().max(1));
    let n = filter_into(l, m)?;
    Ok(&mut m[..n])
}

/// [`filter_flat`] into the front of `m` (room for `max(leaves, 1)` modes),
/// returning the number of modes.
pub(crate) fn filter_into(l: &DynLayout, m: &mut [(i64, i64)]) -> Result<usize, LayoutError> {
    let flat = l.flat();
    coalesce_core(m, Some(flat), flat.len(), |(s, d)| {
        if d == 0 { (1, d) } else { (s, d) }
    })
}

/// CuTe's `coalesce_x`: like coalesce, but the last mode keeps its stride even
/// at size 1 (as if it had size 2), so the layout extends beyond its domain.
pub(crate) fn coalesce_x_flat<'a>(
    l: &DynLayout,
    sc: &'a mut Modes,
) -> Result<&'a mut [(i64, i64)], LayoutError> {
    let flat = l.flat();
    let m = sc.take(flat.len().max(1));
    m[..flat.len()].copy_from_slice(flat);
    match m[..flat.len()].last_mut() {
        Some(last) if last.0 == 1 => last.0 = 2,
        Some(_) => {}
        None => m[0] = (2, 0),
    }
    let n = coalesce_modes(m, flat.len().max(1))?;
    Ok(&mut m[..n])
}

impl DynLayout {
    /// `coalesce(L)`: same size and same function on the domain, depth <= 1,
    /// fewest modes. Size-1 modes vanish and `s0:d0, s1:s0*d0` merge.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(1,6)):(1,(6,2))".parse().unwrap();
    /// assert_eq!(l.coalesce().unwrap().to_string(), "12:1");
    /// let r: DynLayout = "(2,4):(4,1)".parse().unwrap();
    /// assert_eq!(r.coalesce().unwrap().to_string(), "(2,4):(4,1)");
    /// ```
    pub fn coalesce(&self) -> Result<DynLayout, LayoutError> {
        Ok(DynLayout::from_modes(coalesce_flat(
            self,
            &mut Modes::new(),
        )?))
    }

    /// `coalesce(L, profile)`: a tuple profile recurses into the modes it
    /// covers (later modes stay as they are); an integer coalesces that mode.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(1,6)):(1,(6,2))".parse().unwrap();
    /// assert_eq!(l.coalesce_by(&"(1,1)".parse().unwrap()).unwrap().to_string(), "(2,6):(1,2)");
    /// ```
    pub fn coalesce_by(&self, profile: &IntTree) -> Result<DynLayout, LayoutError> {
        self.by_profile(profile, "coalesce", &|l| l.coalesce())
    }

    /// `filter(L)`: coalesce after giving every stride-0 leaf size 1, so only
    /// the modes that move remain (`1:0` if none).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(1,6)):(0,(6,2))".parse().unwrap();
    /// assert_eq!(l.filter().unwrap().to_string(), "6:2");
    /// ```
    pub fn filter(&self) -> Result<DynLayout, LayoutError> {
        Ok(DynLayout::from_modes(filter_flat(self, &mut Modes::new())?))
    }

    /// `filter(L, profile)`, by mode as [`coalesce_by`](Self::coalesce_by).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "((2,3),(1,6)):((0,1),(6,2))".parse().unwrap();
    /// assert_eq!(l.filter_by(&"(1,1)".parse().unwrap()).unwrap().to_string(), "(3,6):(1,2)");
    /// ```
    pub fn filter_by(&self, profile: &IntTree) -> Result<DynLayout, LayoutError> {
        self.by_profile(profile, "filter", &|l| l.filter())
    }

    fn by_profile(
        &self,
        profile: &IntTree,
        op: &'static str,
        f: &dyn Fn(&DynLayout) -> Result<DynLayout, LayoutError>,
    ) -> Result<DynLayout, LayoutError> {
        match profile {
            IntTree::Int(_) => f(self),
            IntTree::Tuple(p) => {
                let rank = self.rank();
                if p.len() > rank {
                    return Err(LayoutError::TooManyProfileModes {
                        op,
                        profile_rank: p.len(),
                        layout_rank: rank,
                    });
                }
                let mut out = DynLayout::blank();
                out.open();
                for (i, sp) in self.kids(self.whole()).enumerate() {
                    match p.get(i) {
                        Some(pi) => out.push_layout(&self.sub(sp).by_profile(pi, op, f)?),
                        None => out.push_span(self, sp),
                    }
                }
                out.close();
                Ok(out)
            }
        }
    }
}
