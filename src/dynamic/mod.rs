//! Runtime-structured layouts: [`DynLayout`], whose shape and stride are
//! nested integer tuples known only at run time.
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
//!
//! # Representation
//!
//! A `DynLayout` is flat: its `(shape, stride)` leaves in order, and its tuple
//! structure as a token string (`(`, leaf, `)`, two bits each), which shape
//! and stride share since they are congruent. Both live inline, in a
//! 112-byte value, up to [`LEAVES_INLINE`] leaves and 32 tokens, so the
//! algebra on realistic layouts allocates nothing; larger layouts spill to
//! the heap, with no limit but memory (and [`MAX_DEPTH`] on nesting). The
//! operations work on flat modes in stack scratch space. [`IntTree`] (a tree
//! of `Vec`s) remains the type of coordinates, profiles, cotargets and of
//! [`DynLayout::shape`].

mod arith;
mod basis;
mod cast;
mod coalesce;
mod complement;
mod composed;
mod composed_slice;
mod composed_tensor;
mod composition;
mod divide;
pub mod eval;
mod from_static;
pub mod identity_tensor;
mod inverse;
mod make;
mod modes;
mod parse;
mod print;
mod product;
mod repr;
mod scratch;
pub mod tensor;
mod tiler;
mod tree;

use alloc::vec::Vec;

pub use basis::{ArithValue, BasisStride, BasisTree, DynBasisLayout, MAX_BASIS_MODES};
pub use composed::{DynComposed, MaybeComposed};
pub use composed_tensor::DynComposedTensor;
pub use from_static::{ToIntTree, ToIntTreeElems};
pub use print::MAX_PRINT_CELLS;
pub use repr::LEAVES_INLINE;
use repr::{Repr, TokIter, Toks};
pub use tiler::{Tiler, TilerRef};
pub use tree::{CoordTree, IntTree, MAX_DEPTH};

use crate::LayoutError;

/// One token of a layout's tuple structure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) enum Tok {
    /// The next `(shape, stride)` leaf.
    #[default]
    Leaf,
    /// `(`
    Open,
    /// `)`
    Close,
}

/// A layout `shape:stride` whose structure is a run-time value.
///
/// Build one with [`DynLayout::new`] or by parsing CuTe notation; a bare
/// shape means LayoutLeft (column-major), and CuTe's `_` static markers are
/// accepted, so printed CuTe output can be pasted as it is. Equality and
/// hashing compare structure and values.
///
/// ```
/// use cute_algebra::dynamic::DynLayout;
/// let l: DynLayout = "(_2,_4):(_1,_2)".parse().unwrap();
/// assert_eq!(l.to_string(), "(2,4):(1,2)");
/// let left: DynLayout = "(2,(3,4))".parse().unwrap();
/// assert_eq!(left.to_string(), "(2,(3,4)):(1,(2,6))");
/// assert_eq!(left, "(2,(3,4)):(1,(2,6))".parse().unwrap());
/// ```
#[derive(Clone)]
pub struct DynLayout {
    repr: Repr,
}

impl PartialEq for DynLayout {
    fn eq(&self, other: &Self) -> bool {
        self.tokens().iter().eq(other.tokens().iter()) && self.flat() == other.flat()
    }
}

impl Eq for DynLayout {}

impl core::hash::Hash for DynLayout {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.tokens().iter().for_each(|t| t.hash(h));
        self.flat().hash(h);
    }
}

/// A node of a layout: its tokens `t0..t1` and its leaves `l0..l1`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span {
    t0: usize,
    t1: usize,
    l0: usize,
    l1: usize,
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

/// Checked multiplication naming the operation on overflow.
pub(crate) fn mul(a: i64, b: i64, op: &'static str) -> Result<i64, LayoutError> {
    a.checked_mul(b).ok_or(LayoutError::Overflow { op })
}

/// `e`, with a result that overflows `i64` charged to `op`, the operation
/// the user called, rather than the one it is built on.
pub(crate) fn charge(op: &'static str) -> impl Fn(LayoutError) -> LayoutError {
    move |e| match e {
        LayoutError::SizeOverflow { what, .. } => LayoutError::SizeOverflow { op, what },
        e => e,
    }
}

/// Checked addition naming the operation on overflow.
pub(crate) fn add(a: i64, b: i64, op: &'static str) -> Result<i64, LayoutError> {
    a.checked_add(b).ok_or(LayoutError::Overflow { op })
}

/// `(a / p, a % p)`: an error for `p == 0` or `i64::MIN / -1`.
fn div_rem(a: i64, p: i64, op: &'static str) -> Result<(i64, i64), LayoutError> {
    match (arith::div(a, p), arith::rem(a, p)) {
        (Some(q), Some(r)) => Ok((q, r)),
        _ if p == 0 => Err(LayoutError::DivisionByZero { op }),
        _ => Err(LayoutError::Overflow { op }),
    }
}

/// Product of the shapes of flat modes, naming the operation on overflow.
pub(crate) fn size_of(modes: &[(i64, i64)], op: &'static str) -> Result<i64, LayoutError> {
    modes.iter().try_fold(1i64, |p, m| mul(p, m.0, op))
}

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

    /// Node `sp`'s shape (`use_stride == false`) or stride as a tree.
    fn tree(&self, sp: Span, use_stride: bool) -> IntTree {
        if self.is_leaf(sp) {
            let (s, d) = self.flat()[sp.l0];
            IntTree::Int(if use_stride { d } else { s })
        } else {
            IntTree::Tuple(self.kids(sp).map(|k| self.tree(k, use_stride)).collect())
        }
    }
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

/// `(size, cosize)` of flat modes in one pass.
pub(crate) fn size_cosize(
    modes: &[(i64, i64)],
    op: &'static str,
) -> Result<(i64, i64), LayoutError> {
    let (mut size, mut acc) = (1i64, 1i64);
    for &(s, d) in modes {
        size = mul(size, s, op)?;
        let abs = d.checked_abs().ok_or(LayoutError::Overflow { op })?;
        let s1 = s.checked_sub(1).ok_or(LayoutError::Overflow { op })?;
        acc = add(acc, mul(s1, abs, op)?, op)?;
    }
    Ok((size, acc))
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
