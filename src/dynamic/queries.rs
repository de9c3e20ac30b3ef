//! Whole-layout queries: shape, stride, leaves, modes, size, cosize, rank
//! and depth.

use alloc::vec::Vec;

use super::{DynLayout, IntTree, Tok, cosize_of, size_of};
use crate::error::LayoutError;

impl DynLayout {
    /// The shape as a tree.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(3,4)):(1,(2,6))".parse().unwrap();
    /// assert_eq!(l.shape().to_string(), "(2,(3,4))");
    /// ```
    pub fn shape(&self) -> IntTree {
        self.tree(self.whole(), false)
    }

    /// The stride as a tree.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(3,4)):(1,(2,6))".parse().unwrap();
    /// assert_eq!(l.stride().to_string(), "(1,(2,6))");
    /// ```
    pub fn stride(&self) -> IntTree {
        self.tree(self.whole(), true)
    }

    /// The flattened `(shape, stride)` leaves.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(3,4)):(1,(2,6))".parse().unwrap();
    /// assert_eq!(l.flat(), [(2, 1), (3, 2), (4, 6)]);
    /// ```
    #[inline]
    pub fn flat(&self) -> &[(i64, i64)] {
        self.repr.leaves()
    }

    /// `true` for an integral layout `s:d` (rank 1, no tuple).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// assert!("4:2".parse::<DynLayout>().unwrap().is_integral());
    /// assert!(!"(4):(2)".parse::<DynLayout>().unwrap().is_integral());
    /// ```
    #[inline]
    pub fn is_integral(&self) -> bool {
        self.is_leaf(self.whole())
    }

    /// Sub-layout of mode `i` (CuTe's `layout<i>`); an integral layout is its own mode 0.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(3,4)):(1,(2,6))".parse().unwrap();
    /// assert_eq!(l.mode(1).unwrap().to_string(), "(3,4):(2,6)");
    /// ```
    pub fn mode(&self, i: usize) -> Result<DynLayout, LayoutError> {
        match self.kids(self.whole()).nth(i) {
            Some(sp) => Ok(self.sub(sp)),
            None => Err(LayoutError::RankMismatch {
                op: "layout<I>",
                expected: i + 1,
                found: self.rank(),
            }),
        }
    }

    /// The modes as sub-layouts (an integral layout is one mode).
    pub(crate) fn modes(&self) -> Vec<DynLayout> {
        self.kids(self.whole()).map(|sp| self.sub(sp)).collect()
    }

    /// Number of elements in the domain: the product of the shape.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(3,4)):(1,(2,6))".parse().unwrap();
    /// assert_eq!(l.size(), Ok(24));
    /// ```
    pub fn size(&self) -> Result<i64, LayoutError> {
        size_of(self.flat(), "size")
    }

    /// Codomain extent: `sum((s-1)*|d|) + 1` over the leaves.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// assert_eq!("(2,2):(-1,4)".parse::<DynLayout>().unwrap().cosize(), Ok(6));
    /// ```
    pub fn cosize(&self) -> Result<i64, LayoutError> {
        cosize_of(self.flat(), "cosize")
    }

    /// Number of top-level modes (an integral layout has rank 1).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// assert_eq!("(2,(3,4)):(1,(2,6))".parse::<DynLayout>().unwrap().rank(), 2);
    /// ```
    pub fn rank(&self) -> usize {
        self.kids(self.whole()).count()
    }

    /// Nesting depth of the shape (an integral layout has depth 0).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// assert_eq!("(2,(3,4)):(1,(2,6))".parse::<DynLayout>().unwrap().depth(), 2);
    /// ```
    pub fn depth(&self) -> usize {
        let (mut d, mut max) = (0usize, 0usize);
        for t in self.tokens().iter() {
            match t {
                Tok::Open => {
                    d += 1;
                    max = max.max(d);
                }
                Tok::Close => d = d.saturating_sub(1),
                Tok::Leaf => {}
            }
        }
        max
    }
}
