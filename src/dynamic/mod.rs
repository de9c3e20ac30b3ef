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
//!
//! The type and its checked arithmetic live here; building a layout token
//! by token in `build`, walking its nodes in `nodes`, whole-layout queries
//! in `queries`, coordinates in `coords`, and each operation of the
//! algebra in a file of its own.

pub(crate) mod arith;
mod build;
mod cast;
pub(crate) mod coalesce;
pub(crate) mod complement;
pub(crate) mod composition;
mod coords;
mod divide;
mod from_static;
mod inverse;
mod make;
mod modes;
mod nodes;
pub(crate) mod parse;
pub(crate) mod print;
mod product;
mod queries;
mod repr;
mod scratch;
mod tiler;
mod tree;

pub use coords::idx2crd_shape;
pub use from_static::{ToIntTree, ToIntTreeElems};
pub(crate) use nodes::Span;
pub(crate) use print::values_bound;
pub use print::{MAX_PRINT_CELLS, MAX_VALUES};
pub use repr::LEAVES_INLINE;
use repr::Repr;
pub use tiler::{Tiler, TilerRef};
pub use tree::{CoordTree, IntTree, MAX_DEPTH};

use crate::error::LayoutError;

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

/// Product of the shapes of flat modes, naming the operation on overflow.
pub(crate) fn size_of(modes: &[(i64, i64)], op: &'static str) -> Result<i64, LayoutError> {
    modes.iter().try_fold(1i64, |p, m| mul(p, m.0, op))
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
