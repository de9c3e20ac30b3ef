//! Runtime-structured layouts: [`DynLayout`], whose shape and stride are
//! [`IntTree`]s known only at run time.
//!
//! Every value is known, so each operation behaves as CuTe C++ does when
//! every integer is static (`Int<N>`), and prints the same result without the
//! `_` markers. Where CuTe would return a layout that breaks the operation's
//! defining property, the operation returns a named [`LayoutError`] instead;
//! no input panics.
//!
//! ```
//! use cute_algebra::dynamic::DynLayout;
//! let a: DynLayout = "(4,2,3):(2,1,8)".parse().unwrap();
//! let b: DynLayout = "4:2".parse().unwrap();
//! assert_eq!(a.logical_divide(&b).unwrap().to_string(), "((2,2),(2,3)):((4,1),(2,8))");
//! ```

mod coalesce;
mod complement;
mod composition;
mod divide;
pub mod eval;
mod inverse;
mod make;
mod parse;
mod print;
mod product;
mod tree;

use alloc::vec::Vec;

pub use composition::Tiler;
pub use tree::{CoordTree, IntTree, MAX_DEPTH};

use crate::LayoutError;

/// A layout `shape:stride` whose structure is a run-time value.
///
/// Build one with [`DynLayout::new`] or by parsing CuTe notation; a bare
/// shape means LayoutLeft (column-major), and CuTe's `_` static markers are
/// accepted, so printed CuTe output can be pasted as it is.
///
/// ```
/// use cute_algebra::dynamic::DynLayout;
/// let l: DynLayout = "(_2,_4):(_1,_2)".parse().unwrap();
/// assert_eq!(l.to_string(), "(2,4):(1,2)");
/// let left: DynLayout = "(2,(3,4))".parse().unwrap();
/// assert_eq!(left.to_string(), "(2,(3,4)):(1,(2,6))");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DynLayout {
    shape: IntTree,
    stride: IntTree,
}

/// Checked multiplication naming the operation on overflow.
pub(crate) fn mul(a: i64, b: i64, op: &'static str) -> Result<i64, LayoutError> {
    a.checked_mul(b).ok_or(LayoutError::Overflow { op })
}

/// Checked addition naming the operation on overflow.
pub(crate) fn add(a: i64, b: i64, op: &'static str) -> Result<i64, LayoutError> {
    a.checked_add(b).ok_or(LayoutError::Overflow { op })
}

impl DynLayout {
    /// A layout from congruent shape and stride trees.
    ///
    /// Errors: shapes and strides that are not congruent, a shape extent
    /// `<= 0`, nesting deeper than [`MAX_DEPTH`], or a size or cosize that
    /// overflows `i64`.
    ///
    /// ```
    /// use cute_algebra::dynamic::{DynLayout, IntTree};
    /// let l = DynLayout::new("(2,3)".parse().unwrap(), "(3,1)".parse().unwrap()).unwrap();
    /// assert_eq!(l.to_string(), "(2,3):(3,1)");
    /// assert!(DynLayout::new(IntTree::Int(0), IntTree::Int(1)).is_err());
    /// assert!(DynLayout::new("(2,3)".parse().unwrap(), IntTree::Int(1)).is_err());
    /// ```
    pub fn new(shape: IntTree, stride: IntTree) -> Result<Self, LayoutError> {
        const OP: &str = "make_layout";
        shape.check_depth()?;
        if !shape.congruent(&stride) {
            return Err(LayoutError::NotCongruent { op: OP });
        }
        let l = DynLayout { shape, stride };
        let mut size = 1i64;
        let mut span = 0i64;
        for (s, d) in l.flat() {
            if s <= 0 {
                return Err(LayoutError::ZeroSize { op: OP });
            }
            size = mul(size, s, OP)?;
            let abs = d.checked_abs().ok_or(LayoutError::Overflow { op: OP })?;
            span = add(span, mul(s - 1, abs, OP)?, OP)?;
        }
        add(span, 1, OP)?;
        Ok(l)
    }

    /// Shape and stride taken as they are, for results built by the algebra.
    pub(crate) fn from_parts(shape: IntTree, stride: IntTree) -> Self {
        DynLayout { shape, stride }
    }

    /// A layout from flat `(shape, stride)` modes: one mode gives an integral
    /// layout `s:d`, several a flat tuple, none `1:0` (as CuTe's coalesce).
    pub(crate) fn from_modes(modes: &[(i64, i64)]) -> Self {
        match modes {
            [] => DynLayout::from_parts(IntTree::Int(1), IntTree::Int(0)),
            [(s, d)] => DynLayout::from_parts(IntTree::Int(*s), IntTree::Int(*d)),
            _ => DynLayout::from_parts(
                IntTree::Tuple(modes.iter().map(|m| IntTree::Int(m.0)).collect()),
                IntTree::Tuple(modes.iter().map(|m| IntTree::Int(m.1)).collect()),
            ),
        }
    }

    /// Concatenate layouts into the modes of a new one (CuTe's `make_layout(L0, L1, ...)`).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let a: DynLayout = "2:1".parse().unwrap();
    /// let b: DynLayout = "(3,4):(2,6)".parse().unwrap();
    /// assert_eq!(DynLayout::concat(&[a, b]).to_string(), "(2,(3,4)):(1,(2,6))");
    /// ```
    pub fn concat(layouts: &[DynLayout]) -> DynLayout {
        DynLayout::from_parts(
            IntTree::Tuple(layouts.iter().map(|l| l.shape.clone()).collect()),
            IntTree::Tuple(layouts.iter().map(|l| l.stride.clone()).collect()),
        )
    }

    /// The shape tree.
    pub fn shape(&self) -> &IntTree {
        &self.shape
    }

    /// The stride tree.
    pub fn stride(&self) -> &IntTree {
        &self.stride
    }

    /// The flattened `(shape, stride)` leaves.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(3,4)):(1,(2,6))".parse().unwrap();
    /// assert_eq!(l.flat(), vec![(2, 1), (3, 2), (4, 6)]);
    /// ```
    pub fn flat(&self) -> Vec<(i64, i64)> {
        let mut out = Vec::with_capacity(4);
        push_pairs(&self.shape, &self.stride, &mut out);
        out
    }

    /// Sub-layout of mode `i` (CuTe's `layout<i>`); an integral layout is its own mode 0.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(3,4)):(1,(2,6))".parse().unwrap();
    /// assert_eq!(l.mode(1).unwrap().to_string(), "(3,4):(2,6)");
    /// ```
    pub fn mode(&self, i: usize) -> Result<DynLayout, LayoutError> {
        match (self.shape.mode(i), self.stride.mode(i)) {
            (Some(s), Some(d)) => Ok(DynLayout::from_parts(s.clone(), d.clone())),
            _ => Err(LayoutError::RankMismatch {
                op: "layout<I>",
                expected: i + 1,
                found: self.rank(),
            }),
        }
    }

    /// The modes as sub-layouts (an integral layout is one mode).
    pub(crate) fn modes(&self) -> Vec<DynLayout> {
        (0..self.rank()).filter_map(|i| self.mode(i).ok()).collect()
    }

    /// Number of elements in the domain: the product of the shape.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(3,4)):(1,(2,6))".parse().unwrap();
    /// assert_eq!(l.size(), Ok(24));
    /// ```
    pub fn size(&self) -> Result<i64, LayoutError> {
        self.shape
            .product()
            .ok_or(LayoutError::Overflow { op: "size" })
    }

    /// Codomain extent: `sum((s-1)*|d|) + 1` over the leaves.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// assert_eq!("(2,2):(-1,4)".parse::<DynLayout>().unwrap().cosize(), Ok(6));
    /// ```
    pub fn cosize(&self) -> Result<i64, LayoutError> {
        cosize_of(&self.flat(), "cosize")
    }

    /// Number of top-level modes (an integral layout has rank 1).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// assert_eq!("(2,(3,4)):(1,(2,6))".parse::<DynLayout>().unwrap().rank(), 2);
    /// ```
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// Nesting depth of the shape (an integral layout has depth 0).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// assert_eq!("(2,(3,4)):(1,(2,6))".parse::<DynLayout>().unwrap().depth(), 2);
    /// ```
    pub fn depth(&self) -> usize {
        self.shape.depth()
    }

    /// Evaluate at an index, splitting it colexicographically (last mode unbounded).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(2,2)):(4,(2,1))".parse().unwrap();
    /// assert_eq!(l.at(5), Ok(5));
    /// ```
    pub fn at(&self, i: i64) -> Result<i64, LayoutError> {
        self.crd2idx(&IntTree::Int(i))
    }

    /// `L(c)`: the offset of coordinate `c`. An integer coordinate (at any
    /// level) is split colexicographically across that level's modes, with
    /// the last mode not reduced, as CuTe does.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(2,2)):(4,(2,1))".parse().unwrap();
    /// assert_eq!(l.crd2idx(&"(1,(1,0))".parse().unwrap()), Ok(6));
    /// assert_eq!(l.crd2idx(&"(1,3)".parse().unwrap()), Ok(7));
    /// ```
    pub fn crd2idx(&self, coord: &IntTree) -> Result<i64, LayoutError> {
        crd2idx_rec(coord, &self.shape, &self.stride)
    }

    /// The coordinate of index `i`: per leaf `(i / d) % s`, and `0` for a
    /// size-1 leaf (CuTe's `idx2crd(i, shape, stride)`).
    ///
    /// Errors where CuTe divides by zero: a stride-0 leaf of size > 1.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(2,2)):(1,(2,4))".parse().unwrap();
    /// assert_eq!(l.idx2crd(5).unwrap().to_string(), "(1,(0,1))");
    /// assert!("(4,2):(1,0)".parse::<DynLayout>().unwrap().idx2crd(6).is_err());
    /// ```
    pub fn idx2crd(&self, i: i64) -> Result<IntTree, LayoutError> {
        idx2crd_strided(i, &self.shape, &self.stride)
    }

    /// The sub-layout of the modes that `coord` marks with `_`, flattened one
    /// level per tuple (CuTe's `slice(c, L)`).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(2,2)):(4,(2,1))".parse().unwrap();
    /// assert_eq!(l.slice(&"(_,(1,_))".parse().unwrap()).unwrap().to_string(), "(2,2):(4,1)");
    /// ```
    pub fn slice(&self, coord: &CoordTree) -> Result<DynLayout, LayoutError> {
        match coord {
            CoordTree::Underscore => Ok(self.clone()),
            CoordTree::Int(_) => Ok(DynLayout::from_parts(
                IntTree::Tuple(Vec::new()),
                IntTree::Tuple(Vec::new()),
            )),
            CoordTree::Tuple(_) => {
                let (mut s, mut d) = (Vec::new(), Vec::new());
                slice_rec(coord, &self.shape, &self.stride, &mut s, &mut d)?;
                Ok(DynLayout::from_parts(IntTree::Tuple(s), IntTree::Tuple(d)))
            }
        }
    }
}

/// Leaves of congruent trees, paired, in one pass.
fn push_pairs(s: &IntTree, d: &IntTree, out: &mut Vec<(i64, i64)>) {
    match (s, d) {
        (IntTree::Int(a), IntTree::Int(b)) => out.push((*a, *b)),
        (IntTree::Tuple(a), IntTree::Tuple(b)) => {
            a.iter().zip(b).for_each(|(x, y)| push_pairs(x, y, out))
        }
        _ => {}
    }
}

/// `sum((s-1)*|d|) + 1` over flat modes.
pub(crate) fn cosize_of(modes: &[(i64, i64)], op: &'static str) -> Result<i64, LayoutError> {
    let mut acc = 1i64;
    for &(s, d) in modes {
        let abs = d.checked_abs().ok_or(LayoutError::Overflow { op })?;
        let s1 = s.checked_sub(1).ok_or(LayoutError::Overflow { op })?;
        acc = add(acc, mul(s1, abs, op)?, op)?;
    }
    Ok(acc)
}

fn crd2idx_rec(c: &IntTree, s: &IntTree, d: &IntTree) -> Result<i64, LayoutError> {
    const OP: &str = "crd2idx";
    match (c, s, d) {
        (IntTree::Tuple(cv), IntTree::Tuple(sv), IntTree::Tuple(dv)) => {
            if cv.len() != sv.len() {
                return Err(LayoutError::RankMismatch {
                    op: OP,
                    expected: sv.len(),
                    found: cv.len(),
                });
            }
            let mut acc = 0i64;
            for ((ci, si), di) in cv.iter().zip(sv).zip(dv) {
                acc = add(acc, crd2idx_rec(ci, si, di)?, OP)?;
            }
            Ok(acc)
        }
        (IntTree::Tuple(_), _, _) => Err(LayoutError::NotCongruent { op: OP }),
        (IntTree::Int(ci), IntTree::Tuple(sv), IntTree::Tuple(dv)) => {
            let mut rest = *ci;
            let mut acc = 0i64;
            for (k, (si, di)) in sv.iter().zip(dv).enumerate() {
                if k + 1 == sv.len() {
                    return add(acc, crd2idx_rec(&IntTree::Int(rest), si, di)?, OP);
                }
                let p = si.product().ok_or(LayoutError::Overflow { op: OP })?;
                if p == 0 {
                    return Err(LayoutError::DivisionByZero { op: OP });
                }
                acc = add(acc, crd2idx_rec(&IntTree::Int(rest % p), si, di)?, OP)?;
                rest /= p;
            }
            Ok(acc)
        }
        (IntTree::Int(ci), _, IntTree::Int(di)) => mul(*ci, *di, OP),
        _ => Err(LayoutError::NotCongruent { op: OP }),
    }
}

fn idx2crd_strided(i: i64, s: &IntTree, d: &IntTree) -> Result<IntTree, LayoutError> {
    const OP: &str = "idx2crd";
    match (s, d) {
        (IntTree::Tuple(sv), IntTree::Tuple(dv)) => Ok(IntTree::Tuple(
            sv.iter()
                .zip(dv)
                .map(|(si, di)| idx2crd_strided(i, si, di))
                .collect::<Result<_, _>>()?,
        )),
        (IntTree::Int(1), _) => Ok(IntTree::Int(0)),
        (IntTree::Int(si), IntTree::Int(di)) => {
            let q = i
                .checked_div(*di)
                .ok_or(LayoutError::DivisionByZero { op: OP })?;
            Ok(IntTree::Int(
                q.checked_rem(*si)
                    .ok_or(LayoutError::DivisionByZero { op: OP })?,
            ))
        }
        _ => Err(LayoutError::NotCongruent { op: OP }),
    }
}

/// `idx2crd(i, shape)`: colexicographic split of `i`, the last mode of each level unbounded.
///
/// ```
/// use cute_algebra::dynamic::{idx2crd_shape, IntTree};
/// let s: IntTree = "(2,(3,4))".parse().unwrap();
/// assert_eq!(idx2crd_shape(17, &s).unwrap().to_string(), "(1,(2,2))");
/// assert_eq!(idx2crd_shape(30, &s).unwrap().to_string(), "(0,(0,5))");
/// ```
pub fn idx2crd_shape(i: i64, s: &IntTree) -> Result<IntTree, LayoutError> {
    match s {
        IntTree::Int(_) => Ok(IntTree::Int(i)),
        IntTree::Tuple(sv) => {
            let mut rest = i;
            let mut out = Vec::with_capacity(sv.len());
            for (k, si) in sv.iter().enumerate() {
                if k + 1 == sv.len() {
                    out.push(idx2crd_shape(rest, si)?);
                } else {
                    let p = si
                        .product()
                        .ok_or(LayoutError::Overflow { op: "idx2crd" })?;
                    if p == 0 {
                        return Err(LayoutError::DivisionByZero { op: "idx2crd" });
                    }
                    out.push(idx2crd_shape(rest % p, si)?);
                    rest /= p;
                }
            }
            Ok(IntTree::Tuple(out))
        }
    }
}

fn slice_rec(
    c: &CoordTree,
    s: &IntTree,
    d: &IntTree,
    out_s: &mut Vec<IntTree>,
    out_d: &mut Vec<IntTree>,
) -> Result<(), LayoutError> {
    match (c, s, d) {
        (CoordTree::Underscore, _, _) => {
            out_s.push(s.clone());
            out_d.push(d.clone());
            Ok(())
        }
        (CoordTree::Int(_), _, _) => Ok(()),
        (CoordTree::Tuple(cv), IntTree::Tuple(sv), IntTree::Tuple(dv)) if cv.len() == sv.len() => {
            for ((ci, si), di) in cv.iter().zip(sv).zip(dv) {
                slice_rec(ci, si, di, out_s, out_d)?;
            }
            Ok(())
        }
        _ => Err(LayoutError::NotCongruent { op: "slice" }),
    }
}
