//! `ToRuntime`: the same tuple with every static leaf made a runtime
//! `i32`, behind `Layout::to_runtime`.

use crate::int::Int;

/// Every leaf as a runtime `i32`: the runtime-valued twin of a static tuple.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tuple::ToRuntime;
/// // Same profile and values, every leaf an `i32`: the `_` markers go.
/// let s: Shape![i32, (i32, i32)] = shape![4, (2, 3)].to_runtime();
/// assert_eq!(s.to_cute_string(), "(4,(2,3))");
/// ```
pub trait ToRuntime {
    /// The same profile with `i32` leaves.
    type Output;
    /// Converts.
    fn to_runtime(self) -> Self::Output;
}
/// A static leaf becomes `i32` (CuTe's `int`); a runtime one keeps its type.
impl<A: Int + ToRuntimeLeaf> ToRuntime for A {
    type Output = A::Runtime;
    #[inline(always)]
    fn to_runtime(self) -> A::Runtime {
        self.to_runtime_leaf()
    }
}

/// One leaf of [`ToRuntime`].
#[doc(hidden)]
pub trait ToRuntimeLeaf {
    /// `i32` for a static leaf, the leaf's own type for a runtime one.
    type Runtime;
    /// Converts.
    fn to_runtime_leaf(self) -> Self::Runtime;
}
impl<X: crate::int::StaticInt> ToRuntimeLeaf for X {
    type Runtime = i32;
    #[inline(always)]
    fn to_runtime_leaf(self) -> i32 {
        self.wide() as i32
    }
}
impl ToRuntimeLeaf for i32 {
    type Runtime = i32;
    #[inline(always)]
    fn to_runtime_leaf(self) -> i32 {
        self
    }
}
impl ToRuntimeLeaf for i64 {
    type Runtime = i64;
    #[inline(always)]
    fn to_runtime_leaf(self) -> i64 {
        self
    }
}
crate::tuple::map_hlist!(ToRuntime::to_runtime);
