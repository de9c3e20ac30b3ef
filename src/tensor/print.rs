//! CuTe's `print(tensor)`: the engine, then ` o LAYOUT`.

use super::{ArithTupleIter, Array, Counting, RawPtr, Tensor, View, ViewMut};
use core::fmt;

/// How an engine prints before ` o LAYOUT`, as CuTe's `print(tensor)`.
#[doc(hidden)]
pub trait PrintEngine {
    /// Writes the engine's part.
    fn fmt_engine(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}
impl PrintEngine for Counting {
    fn fmt_engine(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "counting_iter({})", self.start())
    }
}
impl<C: fmt::Display> PrintEngine for ArithTupleIter<C> {
    fn fmt_engine(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ArithTuple{}", self.start())
    }
}
impl<T> PrintEngine for View<'_, T> {
    fn fmt_engine(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "view[{}]", self.start())
    }
}
impl<T> PrintEngine for ViewMut<'_, T> {
    fn fmt_engine(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "view[{}]", self.start())
    }
}
impl<T, N: generic_array::ArrayLength> PrintEngine for Array<T, N> {
    fn fmt_engine(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "array[{}]", N::USIZE)
    }
}
impl<T> PrintEngine for RawPtr<T> {
    fn fmt_engine(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ptr[{:p}]", self.ptr())
    }
}

impl<E: PrintEngine, L: fmt::Display> fmt::Display for Tensor<E, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.engine.fmt_engine(f)?;
        write!(f, " o {}", self.layout)
    }
}
