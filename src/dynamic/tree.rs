//! [`IntTree`]: CuTe's nested integer tuple, with every value known at run time.

use alloc::vec::Vec;

use crate::error::LayoutError;

/// Deepest nesting accepted from outside (parser and [`DynLayout::new`](super::DynLayout::new)).
///
/// It bounds the recursion of every operation, so no input can exhaust the stack.
pub const MAX_DEPTH: usize = 32;

/// An integer or a tuple of `IntTree`s: the shape, stride or coordinate of a layout.
///
/// ```
/// use cute_algebra::dynamic::IntTree;
/// let t: IntTree = "(2,(3,4))".parse().unwrap();
/// assert_eq!(t.rank(), 2);
/// assert_eq!(t.depth(), 2);
/// assert_eq!(t.product(), Some(24));
/// assert_eq!(t.to_string(), "(2,(3,4))");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntTree {
    /// A single integer (CuTe's `int` or `Int<N>`).
    Int(i64),
    /// A tuple of sub-trees; `(4)` is a rank-1 tuple, `()` the empty one.
    Tuple(Vec<IntTree>),
}

impl From<i64> for IntTree {
    fn from(v: i64) -> Self {
        IntTree::Int(v)
    }
}

impl IntTree {
    /// Number of top-level modes; an integer has rank 1.
    ///
    /// ```
    /// use cute_algebra::dynamic::IntTree;
    /// assert_eq!(IntTree::Int(7).rank(), 1);
    /// ```
    pub fn rank(&self) -> usize {
        match self {
            IntTree::Int(_) => 1,
            IntTree::Tuple(v) => v.len(),
        }
    }

    /// Nesting depth; an integer has depth 0, `(1,2)` depth 1.
    ///
    /// ```
    /// use cute_algebra::dynamic::IntTree;
    /// assert_eq!(IntTree::Int(7).depth(), 0);
    /// ```
    pub fn depth(&self) -> usize {
        match self {
            IntTree::Int(_) => 0,
            IntTree::Tuple(v) => 1 + v.iter().map(IntTree::depth).max().unwrap_or(0),
        }
    }

    /// Mode `i` (an integer is its own mode 0), or `None` when out of range.
    ///
    /// ```
    /// use cute_algebra::dynamic::IntTree;
    /// let t: IntTree = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(t.mode(1).unwrap().to_string(), "(3,4)");
    /// ```
    pub fn mode(&self, i: usize) -> Option<&IntTree> {
        match self {
            IntTree::Int(_) if i == 0 => Some(self),
            IntTree::Int(_) => None,
            IntTree::Tuple(v) => v.get(i),
        }
    }

    /// The leaves in order (CuTe's `flatten`).
    ///
    /// ```
    /// use cute_algebra::dynamic::IntTree;
    /// let t: IntTree = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(t.leaves(), vec![2, 3, 4]);
    /// ```
    pub fn leaves(&self) -> Vec<i64> {
        let mut out = Vec::new();
        self.push_leaves(&mut out);
        out
    }

    pub(crate) fn push_leaves(&self, out: &mut Vec<i64>) {
        match self {
            IntTree::Int(v) => out.push(*v),
            IntTree::Tuple(v) => v.iter().for_each(|t| t.push_leaves(out)),
        }
    }

    /// Product of the leaves, `None` on overflow (CuTe's `product`/`size`).
    ///
    /// ```
    /// use cute_algebra::dynamic::IntTree;
    /// assert_eq!(IntTree::Tuple(vec![]).product(), Some(1));
    /// ```
    pub fn product(&self) -> Option<i64> {
        match self {
            IntTree::Int(v) => Some(*v),
            IntTree::Tuple(v) => v
                .iter()
                .try_fold(1i64, |acc, t| acc.checked_mul(t.product()?)),
        }
    }

    /// `true` when both trees have the same tuple structure.
    ///
    /// ```
    /// use cute_algebra::dynamic::IntTree;
    /// let a: IntTree = "(2,(3,4))".parse().unwrap();
    /// let b: IntTree = "(1,(1,1))".parse().unwrap();
    /// assert!(a.congruent(&b));
    /// ```
    pub fn congruent(&self, other: &IntTree) -> bool {
        match (self, other) {
            (IntTree::Int(_), IntTree::Int(_)) => true,
            (IntTree::Tuple(a), IntTree::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.congruent(y))
            }
            _ => false,
        }
    }

    /// Check the documented depth limit.
    pub(crate) fn check_depth(&self) -> Result<(), LayoutError> {
        if self.depth() > MAX_DEPTH {
            Err(LayoutError::TooDeep { limit: MAX_DEPTH })
        } else {
            Ok(())
        }
    }
}

/// A coordinate that may hold CuTe's underscore `_`, as `slice` takes.
///
/// ```
/// use cute_algebra::dynamic::CoordTree;
/// let c: CoordTree = "(_,(1,_))".parse().unwrap();
/// assert_eq!(c.to_string(), "(_,(1,_))");
/// assert!(c.to_int_tree().is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CoordTree {
    /// A known integer.
    Int(i64),
    /// CuTe's `_`: keep this mode.
    Underscore,
    /// A tuple of sub-coordinates.
    Tuple(Vec<CoordTree>),
}

impl CoordTree {
    /// The same tree without underscores, or `None` if it has one.
    pub fn to_int_tree(&self) -> Option<IntTree> {
        match self {
            CoordTree::Int(v) => Some(IntTree::Int(*v)),
            CoordTree::Underscore => None,
            CoordTree::Tuple(v) => Some(IntTree::Tuple(
                v.iter()
                    .map(CoordTree::to_int_tree)
                    .collect::<Option<_>>()?,
            )),
        }
    }
}

impl From<&IntTree> for CoordTree {
    fn from(t: &IntTree) -> Self {
        match t {
            IntTree::Int(v) => CoordTree::Int(*v),
            IntTree::Tuple(v) => CoordTree::Tuple(v.iter().map(CoordTree::from).collect()),
        }
    }
}
