//! Coordinates: a layout evaluated at an index or a coordinate, an index
//! split into a coordinate, and slicing by a coordinate with `_`.

use alloc::vec::Vec;

use super::{CoordTree, DynLayout, IntTree, Span, add, arith, mul};
use crate::error::LayoutError;

/// `(a / p, a % p)`: an error for `p == 0` or `i64::MIN / -1`.
fn div_rem(a: i64, p: i64, op: &'static str) -> Result<(i64, i64), LayoutError> {
    match (arith::div(a, p), arith::rem(a, p)) {
        (Some(q), Some(r)) => Ok((q, r)),
        _ if p == 0 => Err(LayoutError::DivisionByZero { op }),
        _ => Err(LayoutError::Overflow { op }),
    }
}

impl DynLayout {
    /// Evaluate at an index, splitting it colexicographically (last mode unbounded).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(2,2)):(4,(2,1))".parse().unwrap();
    /// assert_eq!(l.at(5), Ok(5));
    /// ```
    pub fn at(&self, i: i64) -> Result<i64, LayoutError> {
        self.int_crd2idx(i, self.whole())
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
        self.crd2idx_span(coord, self.whole())
    }

    fn crd2idx_span(&self, c: &IntTree, sp: Span) -> Result<i64, LayoutError> {
        const OP: &str = "crd2idx";
        match c {
            IntTree::Int(i) => self.int_crd2idx(*i, sp),
            IntTree::Tuple(cv) if self.is_leaf(sp) => Err(LayoutError::RankMismatch {
                op: OP,
                expected: 1,
                found: cv.len(),
            }),
            IntTree::Tuple(cv) => {
                let rank = self.kids(sp).count();
                if cv.len() != rank {
                    return Err(LayoutError::RankMismatch {
                        op: OP,
                        expected: rank,
                        found: cv.len(),
                    });
                }
                let mut acc = 0i64;
                for (ci, k) in cv.iter().zip(self.kids(sp)) {
                    acc = add(acc, self.crd2idx_span(ci, k)?, OP)?;
                }
                Ok(acc)
            }
        }
    }

    /// An integer coordinate into node `sp`.
    fn int_crd2idx(&self, i: i64, sp: Span) -> Result<i64, LayoutError> {
        const OP: &str = "crd2idx";
        if self.is_leaf(sp) {
            return mul(i, self.flat()[sp.l0].1, OP);
        }
        let mut rest = i;
        let mut acc = 0i64;
        let mut kids = self.kids(sp).peekable();
        while let Some(k) = kids.next() {
            if kids.peek().is_none() {
                return add(acc, self.int_crd2idx(rest, k)?, OP);
            }
            let p = self.span_size(k, OP)?;
            let (q, r) = div_rem(rest, p, OP)?;
            acc = add(acc, self.int_crd2idx(r, k)?, OP)?;
            rest = q;
        }
        Ok(acc)
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
        self.idx2crd_span(i, self.whole())
    }

    /// [`idx2crd`](Self::idx2crd) without building a tree: the coordinate's
    /// leaves, one per leaf of the layout and in its order, written to the
    /// front of `out`; returns how many. (The coordinate's structure is the
    /// layout's shape.) No allocation.
    ///
    /// Errors as `idx2crd`, and [`LayoutError::RankMismatch`] when `out`
    /// has fewer elements than the layout has leaves.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(2,2)):(1,(2,4))".parse().unwrap();
    /// let mut c = [0i64; 6];
    /// let n = l.idx2crd_into(5, &mut c).unwrap();
    /// assert_eq!(c[..n], [1, 0, 1]);
    /// ```
    pub fn idx2crd_into(&self, i: i64, out: &mut [i64]) -> Result<usize, LayoutError> {
        const OP: &str = "idx2crd";
        let flat = self.flat();
        let Some(out) = out.get_mut(..flat.len()) else {
            return Err(LayoutError::RankMismatch {
                op: OP,
                expected: flat.len(),
                found: out.len(),
            });
        };
        for (k, (o, &m)) in out.iter_mut().zip(flat).enumerate() {
            *o = leaf_idx2crd(i, m, k)?;
        }
        Ok(flat.len())
    }

    fn idx2crd_span(&self, i: i64, sp: Span) -> Result<IntTree, LayoutError> {
        if !self.is_leaf(sp) {
            return Ok(IntTree::Tuple(
                self.kids(sp)
                    .map(|k| self.idx2crd_span(i, k))
                    .collect::<Result<_, _>>()?,
            ));
        }
        leaf_idx2crd(i, self.flat()[sp.l0], sp.l0).map(IntTree::Int)
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
            CoordTree::Int(_) => Ok(DynLayout::concat(&[])),
            CoordTree::Tuple(_) => {
                let mut out = DynLayout::blank();
                out.open();
                self.slice_span(coord, self.whole(), &mut out)?;
                out.close();
                Ok(out)
            }
        }
    }

    fn slice_span(&self, c: &CoordTree, sp: Span, out: &mut DynLayout) -> Result<(), LayoutError> {
        match c {
            CoordTree::Underscore => {
                out.push_span(self, sp);
                Ok(())
            }
            CoordTree::Int(_) => Ok(()),
            CoordTree::Tuple(cv) if !self.is_leaf(sp) && cv.len() == self.kids(sp).count() => {
                for (ci, k) in cv.iter().zip(self.kids(sp)) {
                    self.slice_span(ci, k, out)?;
                }
                Ok(())
            }
            CoordTree::Tuple(cv) => Err(LayoutError::RankMismatch {
                op: "slice",
                expected: self.kids(sp).count(),
                found: cv.len(),
            }),
        }
    }
}

/// The coordinate of index `i` in leaf `k`, `(s, d)`: `(i / d) % s`, and 0
/// for `s == 1`; an error for a stride-0 leaf of size > 1.
fn leaf_idx2crd(i: i64, (s, d): (i64, i64), k: usize) -> Result<i64, LayoutError> {
    const OP: &str = "idx2crd";
    match (s, d) {
        (1, _) => Ok(0),
        (s, 0) => Err(LayoutError::ZeroStrideMode {
            op: OP,
            mode: k,
            shape: s,
        }),
        (s, d) => arith::div(i, d)
            .and_then(|q| arith::rem(q, s))
            .ok_or(LayoutError::Overflow { op: OP }),
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
                    let (q, r) = div_rem(rest, p, "idx2crd")?;
                    out.push(idx2crd_shape(r, si)?);
                    rest = q;
                }
            }
            Ok(IntTree::Tuple(out))
        }
    }
}
