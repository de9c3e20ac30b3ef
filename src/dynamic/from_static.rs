//! From the typed [`Layout`] to [`DynLayout`]: [`Layout::to_dyn`],
//! [`Layout::try_to_dyn`] and `DynLayout::from(&layout)`.
//!
//! Static and runtime values alike become plain `i64`s, so a static result
//! and the runtime path's result for the same input compare equal:
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::dynamic::DynLayout;
//! let r = coalesce(layout![(2, (1, 6)) : (1, (6, 2))]);
//! let d: DynLayout = "(2,(1,6)):(1,(6,2))".parse().unwrap();
//! assert_eq!(r.to_dyn(), d.coalesce().unwrap());
//! ```

use alloc::vec::Vec;

use frunk_core::hlist::{HCons, HNil};

use super::{DynLayout, IntTree};
use crate::error::LayoutError;
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;

/// An IntTuple (typenum or `i32` leaves, HList tuples) as an [`IntTree`].
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::dynamic::ToIntTree;
/// let n: i32 = 3;
/// assert_eq!(shape![2, (n, 4)].to_int_tree().to_string(), "(2,(3,4))");
/// ```
pub trait ToIntTree: Copy {
    /// The same tuple with `i64` leaves.
    fn to_int_tree(self) -> IntTree;
}

/// The elements of an HList tuple, in order.
#[doc(hidden)]
pub trait ToIntTreeElems: Copy {
    /// Appends the elements' trees to `out`.
    fn push_elems(self, out: &mut Vec<IntTree>);
}

impl<T: Int> ToIntTree for T {
    fn to_int_tree(self) -> IntTree {
        IntTree::Int(self.wide())
    }
}

impl ToIntTree for HNil {
    fn to_int_tree(self) -> IntTree {
        IntTree::Tuple(Vec::new())
    }
}

impl<H: ToIntTree, T: ToIntTreeElems> ToIntTree for HCons<H, T> {
    fn to_int_tree(self) -> IntTree {
        let mut v = Vec::new();
        self.push_elems(&mut v);
        IntTree::Tuple(v)
    }
}

impl ToIntTreeElems for HNil {
    fn push_elems(self, _: &mut Vec<IntTree>) {}
}

impl<H: ToIntTree, T: ToIntTreeElems> ToIntTreeElems for HCons<H, T> {
    fn push_elems(self, out: &mut Vec<IntTree>) {
        out.push(self.head.to_int_tree());
        self.tail.push_elems(out);
    }
}

impl<S: IntTuple + ToIntTree, D: IntTuple + ToIntTree> Layout<S, D> {
    /// The same layout as a [`DynLayout`], checked as [`DynLayout::new`]
    /// checks: an error for a runtime extent `<= 0`, nesting deeper than
    /// [`MAX_DEPTH`](super::MAX_DEPTH), or a size or cosize beyond `i64`.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let n: i32 = 4;
    /// assert_eq!(layout![(2, n) : (n, 1)].try_to_dyn().unwrap().to_string(), "(2,4):(4,1)");
    /// let zero: i32 = 0;
    /// assert!(layout![(2, zero) : (1, 2)].try_to_dyn().is_err());
    /// ```
    pub fn try_to_dyn(&self) -> Result<DynLayout, LayoutError> {
        DynLayout::new(self.shape().to_int_tree(), self.stride().to_int_tree())
    }

    /// The same layout as a [`DynLayout`] (static markers dropped).
    ///
    /// # Panics
    ///
    /// Where [`try_to_dyn`](Self::try_to_dyn) errs: a runtime extent `<= 0`,
    /// or a size or cosize beyond `i64`. A fully static layout with positive
    /// extents never panics.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let l = layout![(2, (2, 2)) : (4, (2, 1))];
    /// assert_eq!(l.to_dyn().to_string(), "(2,(2,2)):(4,(2,1))");
    /// assert_eq!(l.to_dyn().at(5), Ok(l.crd2idx(5i32).wide()));
    /// ```
    pub fn to_dyn(&self) -> DynLayout {
        match self.try_to_dyn() {
            Ok(l) => l,
            Err(e) => panic!("to_dyn: {e}"),
        }
    }
}

impl<S: IntTuple + ToIntTree, D: IntTuple + ToIntTree> From<&Layout<S, D>> for DynLayout {
    /// [`Layout::to_dyn`] (which panics on a runtime extent `<= 0`).
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// use cute_algebra::dynamic::DynLayout;
    /// let l = layout![(4, 8) : (8, 1)];
    /// assert_eq!(DynLayout::from(&l), "(4,8):(8,1)".parse().unwrap());
    /// ```
    fn from(l: &Layout<S, D>) -> Self {
        l.to_dyn()
    }
}
