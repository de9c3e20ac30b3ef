//! Paths the macros expand to. Not public API.

pub use crate::basis::{BasisLayout, ScaledBasis};
pub use crate::layout::{Layout, LayoutLeftOf as LayoutLeft, Underscore, make_layout};
pub use frunk_core::hlist::{HCons, HNil};
pub use typenum::{B0, B1, NInt, PInt, UInt, UTerm, Z0};

/// The typenum mode `N` of a basis stride `k@N`.
pub type Mode<const N: usize> = typenum::U<N>;

/// A static integer value of type `T`.
#[inline(always)]
pub fn st<T: Default>() -> T {
    T::default()
}

/// A runtime integer value: pins the type to `i32` or `i64` (an untyped
/// literal expression falls back to `i32`).
#[inline(always)]
pub const fn rt<T: crate::int::RuntimeInt>(x: T) -> T {
    x
}

/// `Layout::new`, for `layout![S : D]`.
#[inline(always)]
pub fn layout_new<S, D>(shape: S, stride: D) -> Layout<S, D>
where
    S: crate::tuple::IntTuple + crate::tuple::Congruent<D>,
    D: crate::tuple::IntTuple,
{
    Layout::new(shape, stride)
}
