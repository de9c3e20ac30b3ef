//! composition: `R(i) = A(B(i))`, and its by-mode form with tilers.
//!
//! CuTe coalesces `A` (keeping its last stride so `A` extends beyond its
//! domain), then maps each leaf `s:d` of `B` through `A`'s modes. The walk
//! and its admissibility checks are shared with the typed layouts
//! (`algebra::composition`); see there for the conditions beyond CuTe's.

use alloc::vec;
use alloc::vec::Vec;

use super::coalesce::coalesce_x_flat;
use super::{DynLayout, IntTree};
use crate::LayoutError;
use crate::algebra::composition::replay::{self, Footprint, OP, Val};

/// The right operand of a by-mode operation: CuTe's `Tiler`.
///
/// ```
/// use cute_algebra::dynamic::{DynLayout, Tiler};
/// let a: DynLayout = "(12,(4,8)):(59,(13,1))".parse().unwrap();
/// let t = Tiler::Tuple(vec![Tiler::Layout("3:4".parse().unwrap()), Tiler::Layout("8:2".parse().unwrap())]);
/// assert_eq!(a.composition_tiler(&t).unwrap().to_string(), "(3,(2,4)):(236,(26,1))");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tiler {
    /// A layout, applied to the whole (sub-)layout.
    Layout(DynLayout),
    /// An integer `n`: the tile `n:1`.
    Int(i64),
    /// `_`: keep the mode as it is.
    Underscore,
    /// By-mode tiler (`make_tile(a, b, ...)` or a shape `(a, b, ...)`).
    Tuple(Vec<Tiler>),
}

impl From<&IntTree> for Tiler {
    /// A shape as a tiler: `(3,8)` is `make_shape(3, 8)`, by mode.
    fn from(t: &IntTree) -> Self {
        match t {
            IntTree::Int(v) => Tiler::Int(*v),
            IntTree::Tuple(v) => Tiler::Tuple(v.iter().map(Tiler::from).collect()),
        }
    }
}

fn compose_tree(
    a: &[(i64, i64)],
    s: &IntTree,
    d: &IntTree,
    fp: &mut Footprint<'_>,
) -> Result<(IntTree, IntTree), LayoutError> {
    match (s, d) {
        (IntTree::Int(s), IntTree::Int(d)) => {
            let mut modes = Vec::new();
            let st = |v| Val { v, st: true };
            replay::leaf(a, st(*s), st(*d), fp, &mut |s, d| {
                modes.push((IntTree::Int(s), IntTree::Int(d)));
                Ok(())
            })
            .map_err(|f| f.err)?;
            let (shapes, strides): (Vec<_>, Vec<_>) = modes.into_iter().unzip();
            Ok((
                IntTree::Tuple(shapes).unwrap_single(),
                IntTree::Tuple(strides).unwrap_single(),
            ))
        }
        (IntTree::Tuple(sv), IntTree::Tuple(dv)) => {
            let (mut rs, mut rd) = (Vec::with_capacity(sv.len()), Vec::with_capacity(sv.len()));
            for (si, di) in sv.iter().zip(dv) {
                let (x, y) = compose_tree(a, si, di, fp)?;
                rs.push(x);
                rd.push(y);
            }
            Ok((IntTree::Tuple(rs), IntTree::Tuple(rd)))
        }
        _ => Err(LayoutError::NotCongruent { op: OP }),
    }
}

impl DynLayout {
    /// `composition(A, B)`: the layout `R` with `B`'s shape (or a refinement
    /// of it) and `R(i) = A(B(i))` for every `i` in `B`'s domain.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let a: DynLayout = "(6,2):(8,2)".parse().unwrap();
    /// let b: DynLayout = "(4,3):(3,1)".parse().unwrap();
    /// assert_eq!(a.composition(&b).unwrap().to_string(), "((2,2),3):((24,2),8)");
    /// // CuTe returns (2,2):(6,2) here, which is wrong at i = 3:
    /// let a: DynLayout = "(4,2):(2,1)".parse().unwrap();
    /// assert!(a.composition(&"(2,2):(3,1)".parse().unwrap()).is_err());
    /// ```
    pub fn composition(&self, b: &DynLayout) -> Result<DynLayout, LayoutError> {
        let a = coalesce_x_flat(self)?;
        let mut used = vec![(0, None); a.len()];
        let mut fp = Footprint::new(0, &mut used);
        let (s, d) = compose_tree(&a, b.shape(), b.stride(), &mut fp)?;
        fp.finish()?;
        Ok(DynLayout::from_parts(s, d))
    }

    /// `composition(A, tiler)`: a tuple tiler composes mode by mode and drops
    /// `A`'s modes beyond it; `_` keeps a mode; an integer `n` means `n:1`.
    ///
    /// ```
    /// use cute_algebra::dynamic::{DynLayout, Tiler};
    /// let a: DynLayout = "(12,(4,8)):(59,(13,1))".parse().unwrap();
    /// let t = Tiler::from(&"(3,8)".parse().unwrap());
    /// assert_eq!(a.composition_tiler(&t).unwrap().to_string(), "(3,(4,2)):(59,(13,1))");
    /// ```
    pub fn composition_tiler(&self, t: &Tiler) -> Result<DynLayout, LayoutError> {
        match t {
            Tiler::Layout(b) => self.composition(b),
            Tiler::Underscore => Ok(self.clone()),
            Tiler::Int(n) if *n <= 0 => Err(LayoutError::ZeroSize { op: OP }),
            Tiler::Int(n) => self.composition(&DynLayout::from_modes(&[(*n, 1)])),
            Tiler::Tuple(ts) => {
                let modes = by_mode(self, ts.len(), OP)?;
                let out = modes
                    .iter()
                    .zip(ts)
                    .map(|(m, t)| m.composition_tiler(t))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(DynLayout::concat(&out))
            }
        }
    }
}

/// `A`'s modes, checking that a tiler of rank `n` fits.
pub(crate) fn by_mode(
    a: &DynLayout,
    n: usize,
    op: &'static str,
) -> Result<Vec<DynLayout>, LayoutError> {
    if n > a.rank() {
        return Err(LayoutError::TooManyTilerModes {
            op,
            tiler_rank: n,
            layout_rank: a.rank(),
        });
    }
    Ok(a.modes())
}
