//! The right operand of the by-mode operations: CuTe's `Tiler`, owned
//! ([`Tiler`]) or borrowed ([`TilerRef`]), and the by-mode rule they share.
//!
//! Each operation is one method named after CuTe's function, taking
//! `impl Into<TilerRef>`: `a.composition(&b)` with a layout,
//! `a.logical_divide(8)` with an integer, `a.zipped_divide(&tiler)` with a
//! [`Tiler`]. The argument is borrowed, not converted into an owned
//! [`Tiler`]: cloning a by-mode tiler would allocate, and these operations
//! allocate nothing on realistic layouts (`tests/no_alloc.rs`).
//!
//! Each method converts its argument and calls a non-generic body, built
//! once in this crate (a generic body would be built again in each
//! caller's crate, where this crate's private helpers are not inlined).

use alloc::vec::Vec;
use core::fmt;

use super::composition::check_tiler_rank;
use super::{DynLayout, IntTree};
use crate::error::LayoutError;

/// The right operand of a by-mode operation: CuTe's `Tiler`.
///
/// ```
/// use cute_algebra::dynamic::{DynLayout, Tiler};
/// let a: DynLayout = "(12,(4,8)):(59,(13,1))".parse().unwrap();
/// let t = Tiler::Tuple(vec!["3:4".parse::<DynLayout>().unwrap().into(), "8:2".parse::<DynLayout>().unwrap().into()]);
/// assert_eq!(a.composition(&t).unwrap().to_string(), "(3,(2,4)):(236,(26,1))");
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

impl From<DynLayout> for Tiler {
    /// A layout as a tiler (a mode of `make_tile(a, b, ...)`).
    fn from(l: DynLayout) -> Self {
        Tiler::Layout(l)
    }
}

impl From<i64> for Tiler {
    /// An integer tile `n`, CuTe's `Int<n>` or `n` in a tiler.
    fn from(n: i64) -> Self {
        Tiler::Int(n)
    }
}

/// A borrowed [`Tiler`]: what the by-mode operations take, so that
/// `a.composition(&b)`, `a.zipped_divide(&tiler)` and `a.logical_divide(8)`
/// copy nothing.
///
/// ```
/// use cute_algebra::dynamic::{DynLayout, Tiler, TilerRef};
/// let b: DynLayout = "4:2".parse().unwrap();
/// assert!(matches!(TilerRef::from(&b), TilerRef::Layout(_)));
/// assert_eq!(TilerRef::from(&Tiler::Int(8)), TilerRef::from(8));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TilerRef<'a> {
    /// A layout, applied to the whole (sub-)layout.
    Layout(&'a DynLayout),
    /// An integer `n`: the tile `n:1`.
    Int(i64),
    /// `_`: keep the mode as it is.
    Underscore,
    /// By-mode tiler.
    Tuple(&'a [Tiler]),
}

impl<'a> From<&'a Tiler> for TilerRef<'a> {
    #[inline]
    fn from(t: &'a Tiler) -> Self {
        match t {
            Tiler::Layout(l) => TilerRef::Layout(l),
            Tiler::Int(n) => TilerRef::Int(*n),
            Tiler::Underscore => TilerRef::Underscore,
            Tiler::Tuple(ts) => TilerRef::Tuple(ts),
        }
    }
}

impl<'a> From<&'a DynLayout> for TilerRef<'a> {
    #[inline]
    fn from(l: &'a DynLayout) -> Self {
        TilerRef::Layout(l)
    }
}

impl From<i64> for TilerRef<'_> {
    #[inline]
    fn from(n: i64) -> Self {
        TilerRef::Int(n)
    }
}

/// What a by-mode operation does with the modes of `A` beyond the tiler.
#[derive(Clone, Copy)]
pub(crate) enum Beyond {
    /// Drop them (composition: `R` has the tiler's rank).
    Drop,
    /// Keep them as they are (the divides and products).
    Keep,
}

/// CuTe's by-mode rule, `make_layout(f(layout<0>(A), t0), f(layout<1>(A), t1), ...)`:
/// `f` applied to each mode of `a` with its tiler mode, the modes beyond the
/// tiler dropped or kept; a tiler of more modes than `a` is an error.
pub(crate) fn by_mode(
    a: &DynLayout,
    ts: &[Tiler],
    op: &'static str,
    beyond: Beyond,
    f: impl Fn(&DynLayout, &Tiler) -> Result<DynLayout, LayoutError>,
) -> Result<DynLayout, LayoutError> {
    check_tiler_rank(a, ts.len(), op)?;
    let mut out = DynLayout::blank();
    out.open();
    for (i, sp) in a.kids(a.whole()).enumerate() {
        match (ts.get(i), beyond) {
            (Some(t), _) => out.push_layout(&f(&a.sub(sp), t)?),
            (None, Beyond::Keep) => out.push_span(a, sp),
            (None, Beyond::Drop) => break,
        }
    }
    out.close();
    out.fits(op)
}

impl fmt::Display for Tiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tiler::Layout(l) => write!(f, "{l}"),
            Tiler::Int(v) => write!(f, "{v}"),
            Tiler::Underscore => f.write_str("_"),
            Tiler::Tuple(v) => crate::dynamic::print::write_seq(f, ["<", ", ", ">"], v),
        }
    }
}
