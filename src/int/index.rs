//! The integer types accepted where CuTe takes a coordinate or an index.

use super::Int;

/// An integer usable as a coordinate or an index: every CuTe integer is
/// itself, a `u32` reads as an `i32` and a `usize` as an `i64`.
///
/// A thread or block index arrives as a `u32` (CUDA's `threadIdx.x` is an
/// `unsigned`, and so are the `nvptx` intrinsics), and a Rust length or
/// loop index is a `usize`. Rather than making them integer kinds of their
/// own (every walk and every pair of the mixing rule would grow, and with
/// them the type checker's work on every call), they convert once, where
/// they enter: a macro's named leaf (`coord![bx, _]`), a tensor's
/// coordinate (`t.at(i)`), a thread index (`local_partition(t, thr, tid)`).
///
/// - a `u32` reads as the `i32` of the same bits: the offset arithmetic is
///   then exactly an `i32` index's (the same instructions), and CUDA's
///   indices all fit (they are below 2^31). Offsets wrap modulo 2^32 as
///   CuTe's `unsigned` arithmetic does;
/// - a `usize` reads as an `i64`, which holds every index of a slice.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::int::IntoInt;
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<u32 as IntoInt>::Int, i32);
/// assert_type_eq_all!(<usize as IntoInt>::Int, i64);
/// assert_type_eq_all!(<cute_algebra::typenum::P8 as IntoInt>::Int, cute_algebra::typenum::P8);
/// let tid: u32 = 5;
/// let c = coord![tid, 2];
/// assert_eq!(c.head, 5i32);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a CuTe coordinate or index",
    label = "expected an integer: `i32`, `i64`, `u32`, `usize`, or a static one (`int!(3)`)",
    note = "convert it first (e.g. `i32::try_from(x)`), or pass a tuple of integers as `coord![..]`"
)]
pub trait IntoInt: Copy {
    /// The CuTe integer it reads as.
    type Int: Int;
    /// Converts it.
    fn into_int(self) -> Self::Int;
}

/// Every CuTe integer is its own index.
impl<I: Int> IntoInt for I {
    type Int = I;
    #[inline(always)]
    fn into_int(self) -> I {
        self
    }
}

impl IntoInt for u32 {
    type Int = i32;
    #[inline(always)]
    fn into_int(self) -> i32 {
        // The same bits: see the module docs.
        self as i32
    }
}

impl IntoInt for usize {
    type Int = i64;
    #[inline(always)]
    fn into_int(self) -> i64 {
        // Every index of a slice is at most `isize::MAX`.
        self as i64
    }
}
