//! [`Scratch`]: working space for the algebra, on the stack when small.
//!
//! The operations work on flat `(shape, stride)` modes in slices whose
//! length is known up front (an output never has more modes than its input
//! plus one), so a realistic layout needs no allocation: [`Scratch::take`]
//! hands out its inline array, and only larger inputs use the heap.

use alloc::vec::Vec;

/// Inline capacity of a [`Scratch`].
const INLINE: usize = 8;

/// Up to [`INLINE`] elements on the stack, more on the heap.
pub(crate) struct Scratch<T: Copy + Default> {
    small: [T; INLINE],
    heap: Vec<T>,
}

impl<T: Copy + Default> Scratch<T> {
    /// Empty working space (no allocation).
    #[inline(always)]
    pub(crate) fn new() -> Self {
        Scratch {
            small: [T::default(); INLINE],
            heap: Vec::new(),
        }
    }

    /// A slice of `n` elements (default values, or left over from earlier use).
    #[inline(always)]
    pub(crate) fn take(&mut self, n: usize) -> &mut [T] {
        if n <= INLINE {
            &mut self.small[..n]
        } else {
            self.heap.resize(n, T::default());
            &mut self.heap
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{INLINE, Scratch};

    #[test]
    fn small_on_the_stack_large_on_the_heap() {
        let mut s: Scratch<i64> = Scratch::new();
        s.take(INLINE).fill(1);
        assert_eq!(s.take(INLINE), [1; INLINE]);
        assert!(s.heap.is_empty());
        assert_eq!(s.take(INLINE + 3).len(), INLINE + 3);
        assert_eq!(s.heap.len(), INLINE + 3);
    }
}
