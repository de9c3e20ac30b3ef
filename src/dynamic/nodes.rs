//! A layout's nodes: the spans of its token string that are its modes,
//! and the walk over a tuple node's children.

use super::repr::{TokIter, Toks};
use super::{DynLayout, IntTree, Tok, size_of};
use crate::error::LayoutError;

/// A node of a layout: its tokens `t0..t1` and its leaves `l0..l1`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span {
    pub(super) t0: usize,
    pub(super) t1: usize,
    pub(super) l0: usize,
    pub(super) l1: usize,
}

/// The child nodes of a tuple node (a leaf node is its own only child).
pub(crate) struct Children<'a> {
    toks: TokIter<'a>,
    t: usize,
    l: usize,
}

impl Iterator for Children<'_> {
    type Item = Span;
    #[inline]
    fn next(&mut self) -> Option<Span> {
        let (t0, l0) = (self.t, self.l);
        let mut depth = 0usize;
        for tok in self.toks.by_ref() {
            self.t += 1;
            match tok {
                Tok::Leaf => self.l += 1,
                Tok::Open => depth += 1,
                Tok::Close => depth = depth.saturating_sub(1),
            }
            if depth == 0 {
                break;
            }
        }
        (self.t > t0).then_some(Span {
            t0,
            t1: self.t,
            l0,
            l1: self.l,
        })
    }
}

impl DynLayout {
    /// The structure tokens.
    #[inline]
    pub(crate) fn tokens(&self) -> Toks<'_> {
        self.repr.toks()
    }

    /// The whole layout as a node.
    #[inline]
    pub(crate) fn whole(&self) -> Span {
        Span {
            t0: 0,
            t1: self.tokens().len(),
            l0: 0,
            l1: self.flat().len(),
        }
    }

    /// `true` when node `sp` is a leaf (an integer, not a tuple).
    #[inline]
    pub(crate) fn is_leaf(&self, sp: Span) -> bool {
        self.tokens().get(sp.t0) == Some(Tok::Leaf)
    }

    /// The modes of node `sp`; a leaf is its own mode 0.
    #[inline]
    pub(crate) fn kids(&self, sp: Span) -> Children<'_> {
        let inner = usize::from(!self.is_leaf(sp));
        let (t0, t1) = (sp.t0 + inner, sp.t1 - inner.min(sp.t1));
        Children {
            toks: self.tokens().range(t0, t1).iter(),
            t: t0,
            l: sp.l0,
        }
    }

    /// Node `sp` as a layout of its own.
    pub(crate) fn sub(&self, sp: Span) -> DynLayout {
        let mut l = DynLayout::blank();
        l.push_span(self, sp);
        l
    }

    /// Product of the shapes of node `sp`.
    #[inline]
    pub(crate) fn span_size(&self, sp: Span, op: &'static str) -> Result<i64, LayoutError> {
        size_of(&self.flat()[sp.l0..sp.l1], op)
    }

    /// Node `sp`'s shape (`use_stride == false`) or stride as a tree.
    pub(super) fn tree(&self, sp: Span, use_stride: bool) -> IntTree {
        if self.is_leaf(sp) {
            let (s, d) = self.flat()[sp.l0];
            IntTree::Int(if use_stride { d } else { s })
        } else {
            IntTree::Tuple(self.kids(sp).map(|k| self.tree(k, use_stride)).collect())
        }
    }
}
