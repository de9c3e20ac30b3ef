//! coalesce and filter: fewest flat modes computing the same function.

use alloc::vec::Vec;

use super::{DynLayout, IntTree, mul};
use crate::LayoutError;

/// CuTe's `bw_coalesce`, from the back: skip size-1 modes, merge `s0:d0`
/// into a front `s1:s0*d0`, else prepend. `init` is the starting last mode.
pub(crate) fn bw_coalesce(
    flat: &[(i64, i64)],
    init: (i64, i64),
) -> Result<Vec<(i64, i64)>, LayoutError> {
    const OP: &str = "coalesce";
    let mut out: Vec<(i64, i64)> = Vec::with_capacity(flat.len());
    out.push(init);
    for &(s, d) in flat.iter().rev() {
        let front = out.len() - 1;
        if s == 1 {
            continue;
        } else if out.len() == 1 && out[0].0 == 1 {
            out[0] = (s, d);
        } else if mul(s, d, OP)? == out[front].1 {
            out[front] = (mul(s, out[front].0, OP)?, d);
        } else {
            out.push((s, d));
        }
    }
    out.reverse();
    if out.len() == 1 && out[0].0 == 1 {
        out[0] = (1, 0);
    }
    Ok(out)
}

/// The flat modes of `coalesce(l)` (`[(1,0)]` for a trivial layout).
pub(crate) fn coalesce_flat(l: &DynLayout) -> Result<Vec<(i64, i64)>, LayoutError> {
    let flat = l.flat();
    match flat.split_last() {
        Some((&last, rest)) => bw_coalesce(rest, last),
        None => Ok(alloc::vec![(1, 0)]),
    }
}

/// CuTe's `coalesce_x`: like coalesce, but the last mode keeps its stride even
/// at size 1, so the layout extends beyond its domain by that stride.
pub(crate) fn coalesce_x_flat(l: &DynLayout) -> Result<Vec<(i64, i64)>, LayoutError> {
    let flat = l.flat();
    match flat.split_last() {
        Some((&(s, d), rest)) => bw_coalesce(rest, (if s == 1 { 2 } else { s }, d)),
        None => Ok(alloc::vec![(2, 0)]),
    }
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
        Ok(DynLayout::from_modes(&coalesce_flat(self)?))
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
        Ok(DynLayout::from_modes(&filter_flat(self)?))
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
                if p.len() > self.rank() {
                    return Err(LayoutError::TooManyTilerModes {
                        op,
                        tiler_rank: p.len(),
                        layout_rank: self.rank(),
                    });
                }
                let mut modes = Vec::with_capacity(self.rank());
                for (i, m) in self.modes().into_iter().enumerate() {
                    modes.push(match p.get(i) {
                        Some(pi) => m.by_profile(pi, op, f)?,
                        None => m,
                    });
                }
                Ok(DynLayout::concat(&modes))
            }
        }
    }
}

/// The flat modes of `filter(l)`.
pub(crate) fn filter_flat(l: &DynLayout) -> Result<Vec<(i64, i64)>, LayoutError> {
    let flat: Vec<(i64, i64)> = l
        .flat()
        .into_iter()
        .map(|(s, d)| if d == 0 { (1, d) } else { (s, d) })
        .collect();
    match flat.split_last() {
        Some((&last, rest)) => bw_coalesce(rest, last),
        None => Ok(alloc::vec![(1, 0)]),
    }
}
