//! A static call's result is the only value of its type.
//!
//! When every operand is static, type checking has already computed the
//! result: its type is a layout of static leaves, a zero-sized type with a
//! single value. The operations' value-level walks exist for runtime
//! values. A static call that ran them anyway would make rustc resolve
//! every step of the walk again, for the call's own types, when it builds
//! the program (each step a trait method whose impl's where-clauses hold the
//! rest of the walk), which was most of a release build's time.
//!
//! So the public functions hand the walk, as a closure, to a type-level
//! bit ([`StaticFlag`]): `B1` builds the result from its type and never
//! mentions the closure, so rustc never resolves the walk; `B0` runs it.
//! The bit is a type, not a `const`, because rustc resolves the items a
//! function mentions even in a branch that a constant rules out.
//!
//! The bit is the operands' alone (static operands give a static layout or
//! a marker, and the public functions refuse markers at compile time), and
//! it is an associated type that no where-clause asks for: type checking
//! never computes it, only the build of a program that calls the function
//! does, once per call. The result is built by a constructor that bounds
//! already in place provide (composition's layout step and every outcome
//! carry one), so generic code bound by the operation's trait needs no
//! other bound, and type checking proves next to nothing more.

use typenum::{B0, B1, Bit};

/// `B1` when every leaf of the operand is static, else `B0`, as a type:
/// the dispatch of a public function that must not mention the walk on
/// its static path.
///
/// ```
/// use cute_algebra::algebra::{Leaves, StaticFlag};
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
    /// `walk()` for `B0`; for `B1`, `then(walk)`: a later step, with flags
    /// of its own, decides whether the walk runs.
    fn pick_then<T, W: FnOnce() -> T>(walk: W, then: impl FnOnce(W) -> T) -> T;
}
impl StaticFlag for B0 {
    type And<O: StaticFlag> = B0;
    #[inline(always)]
    fn pick<T>(walk: impl FnOnce() -> T, _: impl FnOnce() -> T) -> T {
        walk()
    }
    #[inline(always)]
    fn pick_then<T, W: FnOnce() -> T>(walk: W, _: impl FnOnce(W) -> T) -> T {
        walk()
    }
}
impl StaticFlag for B1 {
    type And<O: StaticFlag> = O;
    #[inline(always)]
    fn pick<T>(_: impl FnOnce() -> T, built: impl FnOnce() -> T) -> T {
        built()
    }
    #[inline(always)]
    fn pick_then<T, W: FnOnce() -> T>(walk: W, then: impl FnOnce(W) -> T) -> T {
        then(walk)
    }
}

/// The conjunction of four flags (an operation's shapes and strides).
#[doc(hidden)]
pub type And4<A, B, C, D> =
    <<A as StaticFlag>::And<B> as StaticFlag>::And<<C as StaticFlag>::And<D>>;

/// An operation trait's `by_type`: the walk runs, unless the impl names the
/// step (`=> Step`) whose `by_type` decides, down to the step that can build
/// the result from its type. `built` maps the step's result to the caller's
/// (a zipped divide regroups the logical one), so that a form built on
/// another step dispatches through it too.
macro_rules! by_type {
    (@run $walk:ident $built:ident) => {{
        let _ = $built;
        $walk()
    }};
    (@run $walk:ident $built:ident $($to:tt)+) => { $($to)+::by_type($walk, $built) };
    ($(#[$m:meta])* $Out:ident $(=> $($to:tt)+)?) => {
        $(#[$m])*
        #[inline(always)]
        fn by_type<Res>(
            walk: impl FnOnce() -> Result<Res, $crate::error::LayoutError>,
            built: impl FnOnce(Self::$Out) -> Res,
        ) -> Result<Res, $crate::error::LayoutError> {
            $crate::algebra::by_type!(@run walk built $($($to)+)?)
        }
    };
}
pub(crate) use by_type;
