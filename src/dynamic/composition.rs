//! composition: `R(i) = A(B(i))`, and its by-mode form with tilers.
//!
//! CuTe coalesces `A` (keeping its last stride so `A` extends beyond its
//! domain), then maps each leaf `s:d` of `B` through `A`'s modes. CuTe checks
//! only stride and shape divisibility, which lets two wrong cases through;
//! both are errors here:
//! - a leaf of `B` that crosses into the next mode of `A` without filling the
//!   current one exactly ([`LayoutError::Straddle`]);
//! - leaves of `B` whose offsets, added, carry out of a mode of `A`, or that
//!   mix signs below `A`'s last mode (Shah's disjointness, [`LayoutError::Disjointness`]).
//!
//! Together with CuTe's checks these make the result equal `A(B(i))` on
//! `B`'s domain.

use alloc::vec;
use alloc::vec::Vec;

use super::coalesce::coalesce_x_flat;
use super::{DynLayout, IntTree, mul};
use crate::LayoutError;
use crate::rules::{checked_ceil_div, signum};

const OP: &str = "composition";

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

/// Where the leaves of `B` land in `A`'s digits, for the disjointness check.
struct Footprint {
    /// Per mode of `A`: sum of the leaves' largest digit, and the first leaf there.
    used: Vec<(i64, Option<usize>)>,
    pos: bool,
    neg: bool,
    below_last: bool,
    leaf: usize,
}

impl Footprint {
    fn touch(&mut self, a: &[(i64, i64)], m: usize, r: i64, n: i64) -> Result<(), LayoutError> {
        let last = m + 1 == a.len();
        self.below_last |= !last;
        let top = mul(r, n - 1, OP)?;
        let (sum, first) = &mut self.used[m];
        *sum = sum
            .checked_add(top)
            .ok_or(LayoutError::Overflow { op: OP })?;
        let mode_b = *first.get_or_insert(self.leaf);
        if !last && *sum >= a[m].0 {
            return Err(LayoutError::Disjointness {
                op: OP,
                mode_a: mode_b,
                mode_b: self.leaf,
            });
        }
        Ok(())
    }
}

/// Compose coalesced `a` with one leaf `s:d` of `B` (CuTe's `composition_impl`).
fn compose_leaf(
    a: &[(i64, i64)],
    s: i64,
    d: i64,
    fp: &mut Footprint,
) -> Result<(IntTree, IntTree), LayoutError> {
    let last_stride = a[a.len() - 1].1;
    if d == 0 {
        return Ok((IntTree::Int(s), IntTree::Int(0)));
    }
    if s != 1 {
        fp.pos |= d > 0;
        fp.neg |= d < 0;
    }
    if a.len() == 1 {
        return Ok((IntTree::Int(s), IntTree::Int(mul(d, last_stride, OP)?)));
    }
    let cdiv = |x, y| checked_ceil_div(x, y).ok_or(LayoutError::Overflow { op: OP });
    let (mut shapes, mut strides) = (Vec::new(), Vec::new());
    let (mut rest_shape, mut rest_stride) = (s, d);
    for (m, &(cs, cd)) in a[..a.len() - 1].iter().enumerate() {
        if s != 1 && !(rest_stride % cs == 0 || rest_stride < cs) {
            return Err(LayoutError::StrideDivisibility {
                op: OP,
                mode: m,
                stride: rest_stride,
                shape: cs,
            });
        }
        let abs = rest_stride
            .checked_abs()
            .ok_or(LayoutError::Overflow { op: OP })?;
        let next_shape = cdiv(cs, abs)?;
        let next_stride = cdiv(abs, cs)? * signum(rest_stride);
        if next_shape != 1 && rest_shape != 1 {
            let new_shape = next_shape.min(rest_shape);
            if rest_shape % new_shape != 0 {
                return Err(LayoutError::ShapeDivisibility {
                    op: OP,
                    mode: m,
                    shape: new_shape,
                    rest: rest_shape,
                });
            }
            if new_shape < rest_shape && mul(new_shape, abs, OP)? != cs {
                return Err(LayoutError::Straddle {
                    op: OP,
                    mode_a: m,
                    mode_b: fp.leaf,
                });
            }
            fp.touch(a, m, abs, new_shape)?;
            shapes.push(IntTree::Int(new_shape));
            strides.push(IntTree::Int(mul(rest_stride, cd, OP)?));
            rest_shape /= new_shape;
        }
        rest_stride = next_stride;
    }
    let tail = mul(rest_stride, last_stride, OP)?;
    if shapes.is_empty() {
        if rest_shape != 1 {
            fp.touch(a, a.len() - 1, rest_stride.abs(), rest_shape)?;
        }
        return Ok((IntTree::Int(rest_shape), IntTree::Int(tail)));
    }
    if rest_shape != 1 {
        fp.touch(a, a.len() - 1, rest_stride.abs(), rest_shape)?;
        shapes.push(IntTree::Int(rest_shape));
        strides.push(IntTree::Int(tail));
    }
    Ok((
        IntTree::Tuple(shapes).unwrap_single(),
        IntTree::Tuple(strides).unwrap_single(),
    ))
}

fn compose_tree(
    a: &[(i64, i64)],
    s: &IntTree,
    d: &IntTree,
    fp: &mut Footprint,
) -> Result<(IntTree, IntTree), LayoutError> {
    match (s, d) {
        (IntTree::Int(s), IntTree::Int(d)) => {
            let r = compose_leaf(a, *s, *d, fp);
            fp.leaf += 1;
            r
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
        let mut fp = Footprint {
            used: vec![(0, None); a.len()],
            pos: false,
            neg: false,
            below_last: false,
            leaf: 0,
        };
        let (s, d) = compose_tree(&a, b.shape(), b.stride(), &mut fp)?;
        if fp.pos && fp.neg && fp.below_last {
            return Err(LayoutError::Disjointness {
                op: OP,
                mode_a: 0,
                mode_b: fp.leaf.saturating_sub(1),
            });
        }
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
