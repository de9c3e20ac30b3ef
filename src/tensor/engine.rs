//! Engines: what a tensor's layout offsets point into.
//!
//! CuTe's `Tensor` is an iterator composed with a layout. Here the iterator
//! is an *engine*: a borrowed slice view (with a start offset), a raw
//! pointer for device-style code, an owned register array sized by the
//! static cosize, or a counter whose value is the offset itself.
//!
//! Every memory access is checked unless it goes through an `unsafe`
//! `*_unchecked` method: views check against the slice, the raw engine
//! against the range its (unsafe) constructor vouched for.
#![allow(unsafe_code)]

use generic_array::{ArrayLength, GenericArray};

use crate::basis::{BasisAdd, BasisSum};

/// Anything a tensor can sit on. `Value` is what one element is.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::{Engine, Tensor, make_counting_tensor, make_tensor};
/// // Any tensor's element type, named through its engine.
/// fn elem_size<E: Engine, L>(_: &Tensor<E, L>) -> usize { size_of::<E::Value>() }
/// assert_eq!(elem_size(&make_tensor(&[0u16; 8], layout![8 : 1])), 2);
/// assert_eq!(elem_size(&make_counting_tensor(layout![8 : 1])), 8); // counts in `i64`
/// ```
pub trait Engine {
    /// One element.
    type Value;
}

/// An engine whose start can move: slicing and tiling a tensor moves the
/// start by the offset of the fixed coordinates (CuTe's `data() + offset`).
/// `O` is the layout's offset type: `isize` for integer strides; a
/// basis-strided layout's offsets are coordinates (CuTe's `ArithmeticTuple`),
/// which the identity tensor's engine adds up.
#[doc(hidden)]
pub trait Shift<O = isize>: Engine + Sized {
    /// The moved engine: `Self` for memory and counters; for the identity
    /// tensor's engine, the start's type changes, since a static slice
    /// coordinate gives a static start component (CuTe's `ArithTuple(_0,_34)`).
    type Output;
    /// The same engine, started `by` further.
    fn shifted(self, by: O) -> Self::Output;
}

/// An engine that gives values by offset: memory engines copy the element,
/// the counting engine computes it. `O` as in [`Shift`].
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::{Read, Tensor, TensorLayout, make_counting_tensor, make_tensor};
/// // Memory engines copy the element out; the counting engine computes it.
/// fn total<E: Read<Item = i64>, L: TensorLayout<Offset = isize>>(t: &Tensor<E, L>) -> i64 {
///     t.values().sum()
/// }
/// let l = layout![(2, 2) : (1, 4)];
/// assert_eq!(total(&make_counting_tensor(l)), 0 + 1 + 4 + 5);
/// let data: Vec<i64> = (0..8).map(|x| 10 * x).collect();
/// assert_eq!(total(&make_tensor(&data, l)), 100);
/// ```
pub trait Read<O = isize>: Engine {
    /// What a read gives: the element for memory engines; for the identity
    /// tensor's engine, the start plus the offset, whose type depends on
    /// the offset's (a coordinate component is static where both are).
    type Item;
    /// The value at `off`, or `None` outside the engine's range.
    fn read(&self, off: O) -> Option<Self::Item>;
    /// The value at `off`, without the range check.
    ///
    /// # Safety
    /// `off` must be inside the engine's range (for memory engines, an
    /// in-bounds element).
    unsafe fn read_unchecked(&self, off: O) -> Self::Item;
}

/// The value type of reading engine `E` at an offset of type `O`.
pub type ReadItem<E, O> = <E as Read<O>>::Item;

/// An engine over memory: elements can be borrowed.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::{Memory, Tensor, make_tensor};
/// // Elements are lent by reference, so they need not be `Copy`.
/// fn first<E: Memory, L>(t: &Tensor<E, L>) -> Option<&E::Value> { t.engine().slot(0) }
/// let data = ["a", "b", "c", "d"].map(String::from);
/// let column = make_tensor(&data, layout![(2, 2) : (1, 2)]).slice(coord![_, 1]);
/// assert_eq!(first(&column).map(String::as_str), Some("c"));
/// ```
pub trait Memory: Engine {
    /// The element at `off`, or `None` out of bounds.
    fn slot(&self, off: isize) -> Option<&Self::Value>;
    /// The element at `off`, without the bounds check.
    ///
    /// # Safety
    /// `off` must be in bounds.
    unsafe fn slot_unchecked(&self, off: isize) -> &Self::Value;
}

/// An engine over writable memory.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::{MemoryMut, Tensor, TensorLayoutAt, make_tensor_mut};
/// // Writes through any writable engine: a slice view, a raw pointer, a register array.
/// fn zero_diag<E, L>(t: &mut Tensor<E, L>, n: i32)
/// where E: MemoryMut<Value = f32>, L: TensorLayoutAt<Coord![i32, i32], Offset = isize> {
///     (0..n).for_each(|i| *t.at_mut(coord![i, i]) = 0.0);
/// }
/// let mut m = [1.0f32; 9];
/// zero_diag(&mut make_tensor_mut(&mut m, layout![(3, 3) : (3, 1)]), 3);
/// assert_eq!(m, [0., 1., 1., 1., 0., 1., 1., 1., 0.]);
/// ```
pub trait MemoryMut: Memory {
    /// The element at `off`, mutably, or `None` out of bounds.
    fn slot_mut(&mut self, off: isize) -> Option<&mut Self::Value>;
    /// The element at `off`, mutably, without the bounds check.
    ///
    /// # Safety
    /// `off` must be in bounds.
    unsafe fn slot_unchecked_mut(&mut self, off: isize) -> &mut Self::Value;
}

impl<E: Memory> Read for E
where
    E::Value: Copy,
{
    type Item = E::Value;
    #[inline(always)]
    fn read(&self, off: isize) -> Option<E::Value> {
        self.slot(off).copied()
    }
    #[inline(always)]
    unsafe fn read_unchecked(&self, off: isize) -> E::Value {
        // SAFETY: forwarded to the caller.
        unsafe { *self.slot_unchecked(off) }
    }
}

/// `start + off` as a slice index, if it is one.
#[inline(always)]
fn index(start: isize, off: isize, len: usize) -> Option<usize> {
    let i = start.checked_add(off)?;
    (i >= 0 && (i as usize) < len).then_some(i as usize)
}

/// A borrowed, read-only view: a slice and a start offset.
#[derive(Clone, Copy, Debug)]
pub struct View<'a, T> {
    data: &'a [T],
    start: isize,
}

/// A borrowed, writable view: a slice and a start offset.
#[derive(Debug)]
pub struct ViewMut<'a, T> {
    data: &'a mut [T],
    start: isize,
}

impl<'a, T> View<'a, T> {
    /// A view of `data` starting at element `start`.
    pub fn new(data: &'a [T], start: isize) -> Self {
        View { data, start }
    }
    /// The start offset into the slice.
    pub fn start(&self) -> isize {
        self.start
    }
    /// The whole slice.
    pub fn data(&self) -> &'a [T] {
        self.data
    }
}
impl<'a, T> ViewMut<'a, T> {
    /// A writable view of `data` starting at element `start`.
    pub fn new(data: &'a mut [T], start: isize) -> Self {
        ViewMut { data, start }
    }
    /// The start offset into the slice.
    pub fn start(&self) -> isize {
        self.start
    }
    /// The whole slice, giving up the view.
    pub fn into_data(self) -> &'a mut [T] {
        self.data
    }
    /// A shorter-lived view of the same elements.
    pub fn reborrow(&mut self) -> ViewMut<'_, T> {
        ViewMut {
            data: self.data,
            start: self.start,
        }
    }
    /// A read-only view of the same elements.
    pub fn as_view(&self) -> View<'_, T> {
        View {
            data: self.data,
            start: self.start,
        }
    }
}

/// What a read-only and a writable view share: both read the same way
/// and move their start the same way.
macro_rules! view_engine {
    ($($View:ident),*) => {$(
        impl<T> Engine for $View<'_, T> {
            type Value = T;
        }
        impl<T> Shift for $View<'_, T> {
            type Output = Self;
            #[inline(always)]
            fn shifted(self, by: isize) -> Self {
                $View {
                    data: self.data,
                    start: self.start.wrapping_add(by),
                }
            }
        }
        impl<T> Memory for $View<'_, T> {
            #[inline(always)]
            fn slot(&self, off: isize) -> Option<&T> {
                index(self.start, off, self.data.len()).map(|i| &self.data[i])
            }
            #[inline(always)]
            unsafe fn slot_unchecked(&self, off: isize) -> &T {
                // SAFETY: the caller vouches that `start + off` is in bounds.
                unsafe { &*self.data.as_ptr().offset(self.start + off) }
            }
        }
    )*};
}
view_engine!(View, ViewMut);
impl<T> MemoryMut for ViewMut<'_, T> {
    #[inline(always)]
    fn slot_mut(&mut self, off: isize) -> Option<&mut T> {
        index(self.start, off, self.data.len()).map(|i| &mut self.data[i])
    }
    #[inline(always)]
    unsafe fn slot_unchecked_mut(&mut self, off: isize) -> &mut T {
        // SAFETY: the caller vouches that `start + off` is in bounds.
        unsafe { &mut *self.data.as_mut_ptr().offset(self.start + off) }
    }
}

/// A raw pointer with the offset range its creator vouched for, for
/// device-style code (one buffer shared by many "threads"). Not `Clone`:
/// a second handle to the same memory comes only from the `unsafe`
/// [`RawPtr::alias`], whose caller promises that the handles write
/// disjoint elements.
#[derive(Debug)]
pub struct RawPtr<T> {
    ptr: *mut T,
    /// Valid offsets are `lo..hi`, relative to `ptr`.
    lo: isize,
    hi: isize,
}

// SAFETY: a `RawPtr` is a unique handle (not `Clone`) to memory its unsafe
// constructor vouched for; sending it moves that access to another thread,
// as sending a `&mut [T]` would.
unsafe impl<T: Send> Send for RawPtr<T> {}
// SAFETY: through `&RawPtr` only reads are possible, as through `&[T]`.
unsafe impl<T: Sync> Sync for RawPtr<T> {}

impl<T> RawPtr<T> {
    /// A raw engine at `ptr` whose valid offsets are `lo..hi`.
    ///
    /// # Safety
    /// For the engine's whole life, `ptr.offset(k)` for every `k` in
    /// `lo..hi` must be valid for reads and writes of a `T`, and no other
    /// reference may access those elements while this engine (or an alias
    /// of it) writes them.
    pub unsafe fn new(ptr: *mut T, lo: isize, hi: isize) -> Self {
        RawPtr { ptr, lo, hi }
    }
    /// A second handle to the same memory.
    ///
    /// # Safety
    /// The two handles must never access the same element while one of them
    /// writes it (CuTe's threads: each one writes its own partition).
    pub unsafe fn alias(&self) -> Self {
        RawPtr {
            ptr: self.ptr,
            lo: self.lo,
            hi: self.hi,
        }
    }
    /// The pointer at the current start.
    pub fn ptr(&self) -> *mut T {
        self.ptr
    }
    #[inline(always)]
    fn check(&self, off: isize) -> bool {
        self.lo <= off && off < self.hi
    }
}
impl<T> Engine for RawPtr<T> {
    type Value = T;
}
impl<T> Shift for RawPtr<T> {
    type Output = Self;
    #[inline(always)]
    fn shifted(self, by: isize) -> Self {
        RawPtr {
            ptr: self.ptr.wrapping_offset(by),
            lo: self.lo.wrapping_sub(by),
            hi: self.hi.wrapping_sub(by),
        }
    }
}
impl<T> Memory for RawPtr<T> {
    #[inline(always)]
    fn slot(&self, off: isize) -> Option<&T> {
        // SAFETY: `off` is in the range the constructor vouched for. The
        // start may have wandered outside the allocation while shifting, so
        // the address is formed with wrapping arithmetic, which keeps the
        // allocation's provenance.
        self.check(off)
            .then(|| unsafe { &*self.ptr.wrapping_offset(off) })
    }
    #[inline(always)]
    unsafe fn slot_unchecked(&self, off: isize) -> &T {
        // SAFETY: the caller vouches that `off` is in range.
        unsafe { &*self.ptr.wrapping_offset(off) }
    }
}
impl<T> MemoryMut for RawPtr<T> {
    #[inline(always)]
    fn slot_mut(&mut self, off: isize) -> Option<&mut T> {
        // SAFETY: `off` is in the range the constructor vouched for. The
        // start may have wandered outside the allocation while shifting, so
        // the address is formed with wrapping arithmetic, which keeps the
        // allocation's provenance.
        self.check(off)
            .then(|| unsafe { &mut *self.ptr.wrapping_offset(off) })
    }
    #[inline(always)]
    unsafe fn slot_unchecked_mut(&mut self, off: isize) -> &mut T {
        // SAFETY: the caller vouches that `off` is in range.
        unsafe { &mut *self.ptr.wrapping_offset(off) }
    }
}

/// An owned array of `N` elements (a typenum length), CuTe's register
/// fragment (`ArrayEngine`). Slicing goes through a view of it
/// ([`crate::tensor::Tensor::view`]).
#[derive(Clone, Debug)]
pub struct Array<T, N: ArrayLength> {
    data: GenericArray<T, N>,
}
impl<T: Default, N: ArrayLength> Default for Array<T, N> {
    fn default() -> Self {
        Array {
            data: GenericArray::default(),
        }
    }
}
impl<T, N: ArrayLength> Array<T, N> {
    /// The elements.
    pub fn as_slice(&self) -> &[T] {
        &self.data
    }
    /// The elements, mutably.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.data
    }
}
impl<T, N: ArrayLength> Engine for Array<T, N> {
    type Value = T;
}
impl<T, N: ArrayLength> Memory for Array<T, N> {
    #[inline(always)]
    fn slot(&self, off: isize) -> Option<&T> {
        index(0, off, N::USIZE).map(|i| &self.data[i])
    }
    #[inline(always)]
    unsafe fn slot_unchecked(&self, off: isize) -> &T {
        // SAFETY: the caller vouches that `off` is in bounds.
        unsafe { self.data.get_unchecked(off as usize) }
    }
}
impl<T, N: ArrayLength> MemoryMut for Array<T, N> {
    #[inline(always)]
    fn slot_mut(&mut self, off: isize) -> Option<&mut T> {
        index(0, off, N::USIZE).map(|i| &mut self.data[i])
    }
    #[inline(always)]
    unsafe fn slot_unchecked_mut(&mut self, off: isize) -> &mut T {
        // SAFETY: the caller vouches that `off` is in bounds.
        unsafe { self.data.get_unchecked_mut(off as usize) }
    }
}

/// CuTe's `counting_iterator`: the value at an offset is `start + offset`.
/// It prints `counting_iter(start)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counting {
    start: i64,
}
impl Counting {
    /// A counter starting at `start`.
    pub fn new(start: i64) -> Self {
        Counting { start }
    }
    /// The start value.
    pub fn start(&self) -> i64 {
        self.start
    }
}
impl Engine for Counting {
    type Value = i64;
}
impl Shift for Counting {
    type Output = Self;
    #[inline(always)]
    fn shifted(self, by: isize) -> Self {
        Counting {
            start: self.start.wrapping_add(by as i64),
        }
    }
}
impl Read for Counting {
    type Item = i64;
    #[inline(always)]
    fn read(&self, off: isize) -> Option<i64> {
        self.start.checked_add(off as i64)
    }
    #[inline(always)]
    unsafe fn read_unchecked(&self, off: isize) -> i64 {
        self.start.wrapping_add(off as i64)
    }
}

/// CuTe's `ArithmeticTupleIterator`, the engine of `make_identity_tensor`:
/// the value at an offset is `start + offset`, where offsets are the
/// values of a basis-strided layout (coordinates, CuTe's `ArithmeticTuple`)
/// and `+` is CuTe's (`BasisAdd`: static where both sides are). It prints
/// `ArithTuple(start)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ArithTupleIter<C> {
    start: C,
}
impl<C> ArithTupleIter<C> {
    /// An iterator starting at coordinate `start`.
    pub fn new(start: C) -> Self {
        ArithTupleIter { start }
    }
    /// The start coordinate.
    pub fn start(&self) -> &C {
        &self.start
    }
}
impl<C> Engine for ArithTupleIter<C> {
    type Value = C;
}
impl<C: BasisAdd<O>, O> Shift<O> for ArithTupleIter<C> {
    type Output = ArithTupleIter<BasisSum<C, O>>;
    #[inline(always)]
    fn shifted(self, by: O) -> Self::Output {
        ArithTupleIter {
            start: self.start.badd(by),
        }
    }
}
impl<C: Copy + BasisAdd<O>, O> Read<O> for ArithTupleIter<C> {
    type Item = BasisSum<C, O>;
    #[inline(always)]
    fn read(&self, off: O) -> Option<Self::Item> {
        Some(self.start.badd(off))
    }
    #[inline(always)]
    unsafe fn read_unchecked(&self, off: O) -> Self::Item {
        self.start.badd(off)
    }
}
