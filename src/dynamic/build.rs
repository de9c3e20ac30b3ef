//! Building a layout: token by token and leaf by leaf (the algebra's
//! results), and from the user's trees, with the checks that make it one.

use super::repr::Repr;
use super::{DynLayout, IntTree, Span, Tok, size_cosize, size_of};
use crate::error::LayoutError;

// Building blocks: a layout is built token by token, leaf by leaf.
impl DynLayout {
    /// No tokens and no leaves: not a layout until something is pushed.
    #[inline]
    pub(crate) fn blank() -> Self {
        DynLayout { repr: Repr::new() }
    }

    /// The integral layout `s:d`.
    #[inline]
    pub(crate) fn leaf(s: i64, d: i64) -> Self {
        DynLayout {
            repr: Repr::leaf(s, d),
        }
    }

    #[inline]
    pub(crate) fn open(&mut self) {
        self.repr.push_tok(Tok::Open);
    }

    #[inline]
    pub(crate) fn close(&mut self) {
        self.repr.push_tok(Tok::Close);
    }

    #[inline]
    pub(crate) fn push_leaf(&mut self, s: i64, d: i64) {
        self.repr.push_leaf(s, d);
    }

    /// Append the layout of flat `modes` (as [`from_modes`](Self::from_modes)).
    #[inline]
    pub(crate) fn push_modes(&mut self, modes: &[(i64, i64)]) {
        match modes {
            [] => self.push_leaf(1, 0),
            &[(s, d)] => self.push_leaf(s, d),
            _ => self.push_tuple(modes),
        }
    }

    /// Append the flat tuple of `modes` as the next element.
    #[inline]
    pub(crate) fn push_tuple(&mut self, modes: &[(i64, i64)]) {
        self.repr.push_tuple(modes);
    }

    /// Append node `sp` of `src` as the next element.
    #[inline]
    pub(crate) fn push_span(&mut self, src: &DynLayout, sp: Span) {
        self.repr
            .extend(src.tokens().range(sp.t0, sp.t1), &src.flat()[sp.l0..sp.l1]);
    }

    /// Append the whole of `src` as the next element.
    #[inline]
    pub(crate) fn push_layout(&mut self, src: &DynLayout) {
        self.repr.extend(src.tokens(), src.flat());
    }

    /// The tuple `(a, b)`.
    #[inline]
    pub(crate) fn pair(a: &DynLayout, b: &DynLayout) -> Self {
        let mut l = DynLayout::blank();
        l.open();
        l.push_layout(a);
        l.push_layout(b);
        l.close();
        l
    }

    /// Shape and stride trees taken as they are (congruent, from the algebra).
    pub(crate) fn from_trees(shape: &IntTree, stride: &IntTree) -> Self {
        fn go(l: &mut DynLayout, s: &IntTree, d: &IntTree) {
            match (s, d) {
                (IntTree::Tuple(sv), IntTree::Tuple(dv)) => {
                    l.open();
                    sv.iter().zip(dv).for_each(|(s, d)| go(l, s, d));
                    l.close();
                }
                (IntTree::Int(s), IntTree::Int(d)) => l.push_leaf(*s, *d),
                _ => {}
            }
        }
        let mut l = DynLayout::blank();
        go(&mut l, shape, stride);
        l
    }
}

impl DynLayout {
    /// A layout from congruent shape and stride trees.
    ///
    /// Errors: shapes and strides that are not congruent, a shape extent
    /// `<= 0`, nesting deeper than [`MAX_DEPTH`](super::MAX_DEPTH), or a size or cosize that
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
        shape.check_depth()?;
        if !shape.congruent(&stride) {
            return Err(LayoutError::NotCongruent { op: "make_layout" });
        }
        DynLayout::from_trees(&shape, &stride).checked()
    }

    /// Check extents `> 0` and that size and cosize fit in `i64`.
    pub(crate) fn checked(self) -> Result<Self, LayoutError> {
        if self.flat().iter().any(|m| m.0 <= 0) {
            return Err(LayoutError::ZeroSize { op: "" });
        }
        self.fits("")
    }

    /// `self` if its size and cosize fit in `i64` (so it prints and parses
    /// back, and every index and offset is an `i64`); else
    /// [`LayoutError::SizeOverflow`] naming `op`, the operation that built it.
    pub(crate) fn fits(self, op: &'static str) -> Result<Self, LayoutError> {
        let what = match size_cosize(self.flat(), op) {
            Ok(_) => return Ok(self),
            Err(_) if size_of(self.flat(), op).is_err() => "size",
            Err(_) => "cosize",
        };
        Err(LayoutError::SizeOverflow { op, what })
    }

    /// A layout from flat `(shape, stride)` modes: one mode gives an integral
    /// layout `s:d`, several a flat tuple, none `1:0` (as CuTe's coalesce).
    #[inline]
    pub(crate) fn from_modes(modes: &[(i64, i64)]) -> Self {
        match modes {
            [] => DynLayout::leaf(1, 0),
            [(s, d)] => DynLayout::leaf(*s, *d),
            _ => DynLayout {
                repr: Repr::tuple(modes),
            },
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
        let mut l = DynLayout::blank();
        l.open();
        layouts.iter().for_each(|m| l.push_layout(m));
        l.close();
        l
    }
}
