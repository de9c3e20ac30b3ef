//! Paths the macros expand to. Not public API.

pub use crate::basis::{BasisLayout, ScaledBasis};
pub use crate::layout::{Layout, LayoutLeftOf as LayoutLeft, Underscore, make_layout};
pub use frunk_core::hlist::{HCons, HNil};
pub use typenum::{B0, B1, NInt, PInt, UInt, UTerm, Z0, consts};

/// The typenum mode `N` of a basis stride `k@N`.
pub type Mode<const N: usize> = typenum::U<N>;

/// A static integer value of type `T`.
#[inline(always)]
pub fn st<T: Default>() -> T {
    T::default()
}

/// A named integer in a macro (`shape![m, bk]`): a runtime `i32` or `i64`,
/// or a static integer bound to a variable (`let bk = int!(8);`), which
/// stays static as CuTe's `auto bK = Int<8>{}` does; a `u32` (a thread
/// index) reads as an `i32`, a `usize` as an `i64`. An untyped literal
/// expression falls back to `i32`.
#[inline(always)]
pub fn rt<T: crate::int::IntoInt>(x: T) -> T::Int {
    x.into_int()
}

/// A runtime integer value: pins the type to `i32` or `i64`.
#[inline(always)]
pub const fn rt_runtime<T: crate::int::RuntimeInt>(x: T) -> T {
    x
}

/// `Layout::new`, for `layout![S : D]`. Bounded by congruence only: the
/// macro writes integers and tuples of them, so both are IntTuples by
/// construction, and not proving it here spares every layout written the
/// proof (for a static tuple, a typenum product of its leaves and a
/// flattening), which most operations then prove anyway only where they
/// need it.
#[inline(always)]
pub fn layout_new<S, D>(shape: S, stride: D) -> Layout<S, D>
where
    S: crate::tuple::Congruent<D>,
{
    Layout::from_parts(shape, stride)
}
