//! A type-level "every leaf is static" bit that dispatches at no cost:
//! the integers' `Static` flag, joined over a tuple's leaves, and the
//! choice between a walk and a value built from a type that the
//! operations' static paths make on it (`algebra::static_result` says why).

use typenum::{B0, B1, Bit};

/// `B1` when every leaf of the operand is static, else `B0`, as a type:
/// the dispatch of a public function that must not mention the walk on
/// its static path.
///
/// ```
/// use cute_algebra::algebra::Leaves;
/// use cute_algebra::int::StaticFlag;
/// use cute_algebra::prelude::*;
/// use cute_algebra::typenum::{B0, B1};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<Shape![2, (3, 4)] as Leaves>::Static, B1);
/// assert_type_eq_all!(<<Shape![2, (3, 4)] as Leaves>::Static as StaticFlag>::And<B0>, B0);
/// let n: i32 = 4;
/// let r = <B0 as StaticFlag>::pick(|| n + 1, || unreachable!("runtime: the walk runs"));
/// assert_eq!(r, 5);
/// let r = <B1 as StaticFlag>::pick(|| unreachable!("static: not run"), || 7);
/// assert_eq!(r, 7);
/// ```
#[doc(hidden)]
pub trait StaticFlag: Bit {
    /// `Self && O`; a bound-free conjunction, so that a flag over a tuple's
    /// leaves needs no where-clause on the tuple's impl.
    type And<O: StaticFlag>: StaticFlag;
    /// `walk()` for `B0`; `built()` for `B1`, which never mentions `walk`.
    fn pick<T>(walk: impl FnOnce() -> T, built: impl FnOnce() -> T) -> T;
}
impl StaticFlag for B0 {
    type And<O: StaticFlag> = B0;
    #[inline(always)]
    fn pick<T>(walk: impl FnOnce() -> T, _: impl FnOnce() -> T) -> T {
        walk()
    }
}
impl StaticFlag for B1 {
    type And<O: StaticFlag> = O;
    #[inline(always)]
    fn pick<T>(_: impl FnOnce() -> T, built: impl FnOnce() -> T) -> T {
        built()
    }
}

/// The conjunction of four flags (an operation's shapes and strides).
#[doc(hidden)]
pub type And4<A, B, C, D> =
    <<A as StaticFlag>::And<B> as StaticFlag>::And<<C as StaticFlag>::And<D>>;
