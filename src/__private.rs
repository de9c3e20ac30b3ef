//! STAND-IN for the macros' output contract, on branch `macros` only.
//!
//! The lead's `src/__private.rs` on main replaces this file wholesale; it
//! exists so the macro integration and UI tests can compile meanwhile.
//! Everything here is what `cute-algebra-macros` emits paths to.

pub use frunk_core::hlist::{HCons, HNil};
pub use typenum::{B0, B1, NInt, PInt, UInt, UTerm, Z0};

/// Stand-in for the `_` slice/skip marker.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Underscore;

/// The value of a static integer type.
pub fn st<T: Default>() -> T {
    T::default()
}

/// Pins a runtime value to `i32`.
pub const fn rt(x: i32) -> i32 {
    x
}

/// Stand-in layout: shape and stride side by side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layout<S, D> {
    /// The extents.
    pub shape: S,
    /// The steps.
    pub stride: D,
}

/// Stand-in for the LayoutLeft layout type of shape `S` (an alias on main).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LayoutLeft<S> {
    /// The extents; the stride is implied (column-major compact).
    pub shape: S,
}

/// `shape : stride`.
pub fn layout_new<S, D>(shape: S, stride: D) -> Layout<S, D> {
    Layout { shape, stride }
}

/// The column-major compact layout of `shape`.
pub fn make_layout<S>(shape: S) -> LayoutLeft<S> {
    LayoutLeft { shape }
}
