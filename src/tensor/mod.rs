//! CuTe's `Tensor`: an engine (memory, or a counter) composed with a layout.
//!
//! Kernel code never indexes raw memory: it tiles the whole tensor per
//! block, takes the block's tile, and partitions that tile among threads.
//! The tile's layout stays static; only the engine's start offset is
//! runtime, so indexing a tile costs what hand-written pointer arithmetic
//! costs.
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::tensor::{local_partition, local_tile, make_tensor};
//!
//! let data: Vec<i32> = (0..16 * 8).collect();
//! let (m, n): (i32, i32) = (16, 8);
//! let a = make_tensor(&data, make_layout(shape![m, n])); // column-major (m, n)
//! let tile = local_tile(a, shape![8, 4], coord![1, 1]); // block (1, 1)
//! assert_eq!(tile.layout().to_string(), "(_8,_4):(_1,16)");
//! let part = local_partition(tile, layout![(4, 2) : (1, 4)], 5); // thread 5
//! assert_eq!(part.layout().to_string(), "(_2,_2):(_4,32)");
//! assert_eq!(part.at(coord![1, 1]), 8 + 1 + 4 + 16 * (4 + 1 + 2));
//! ```

mod algorithm;
mod composed;
mod divide;
pub mod engine;
mod identity;
mod partition;
mod recast;

pub use algorithm::*;
pub use divide::{TensorDivide, TensorUnpack};
pub use engine::{
    ArithTupleIter, Array, Counting, Engine, Memory, MemoryMut, RawPtr, Read, ReadItem, Shift,
    View, ViewMut,
};
pub use identity::*;
pub use partition::*;
pub use recast::{Element, Recast, RecastLayout, Recasted, RecastedMut};

use crate::algebra::Composition;
use crate::error::{LayoutError, ok_or_panic};
use crate::int::{Int, IntAdd};
use crate::layout::{CosizeOf, Crd2Idx, Layout, SliceLayout, Sliced, Span};
use crate::tuple::IntTuple;
use core::fmt;
use frunk_core::hlist::{HCons, HNil};
use typenum::P1;

/// What a tensor needs of its layout: its size and the offset of each
/// index in colexicographic order. Plain layouts implement it here, with
/// `isize` offsets; composed (swizzled) layouts plug in the same way, and
/// basis-strided layouts with coordinate offsets (CuTe's `ArithmeticTuple`),
/// which the identity tensor's engine reads.
pub trait TensorLayout: Copy {
    /// What the layout maps a coordinate to: `isize` for integer strides.
    type Offset: Copy;
    /// The number of coordinates (CuTe's `size`).
    fn len(&self) -> usize;
    /// `true` for a layout with no coordinates (never, for CuTe layouts).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The offset of the `i`-th coordinate, `L(i)`.
    fn offset_at(&self, i: usize) -> Self::Offset;
}

/// The smallest and largest offset over a layout's domain: what a memory
/// engine must hold (checked when a tensor is built on a slice).
pub trait TensorReach: TensorLayout<Offset = isize> {
    /// `(smallest, largest)` offset.
    fn reach(&self) -> (isize, isize);
}

/// The offset of a coordinate `C`: `L(c)`.
#[diagnostic::on_unimplemented(
    message = "tensor indexing: the coordinate `{C}` does not fit the layout `{Self}`",
    label = "a coordinate is an integer, or a tuple with the rank and nesting of the tensor's shape"
)]
pub trait TensorLayoutAt<C>: TensorLayout {
    /// Computes the offset.
    fn offset(&self, c: C) -> Self::Offset;
}

/// Slicing a tensor's layout with `_`: the kept layout and the offset of
/// the fixed coordinates.
#[diagnostic::on_unimplemented(
    message = "tensor slice: the coordinate `{C}` does not fit the layout `{Self}`",
    label = "a slice coordinate has the tensor's rank and nesting, with `_` where a mode is kept"
)]
pub trait TensorSlice<C> {
    /// The kept layout.
    type Output;
    /// The offset type (the layout's [`TensorLayout::Offset`]).
    type Offset;
    /// The kept layout and the offset of the fixed part.
    fn slice_and_offset(&self, c: C) -> (Self::Output, Self::Offset);
}

/// The offset type by which slicing `L` with `C` moves the engine.
pub type SliceOffset<L, C> = <L as TensorSlice<C>>::Offset;

/// `Σ min(0, (s-1)d)` and `Σ max(0, (s-1)d)` over the leaves: the reach of
/// a layout with shape `Self` and stride `D`.
pub trait Reach<D> {
    /// `(smallest, largest)` offset.
    fn reach(self, stride: D) -> (isize, isize);
}
impl<S: Int, D: Int> Reach<D> for S {
    #[inline(always)]
    fn reach(self, d: D) -> (isize, isize) {
        let e = (self.wide() as isize - 1) * d.wide() as isize;
        (e.min(0), e.max(0))
    }
}
impl Reach<HNil> for HNil {
    #[inline(always)]
    fn reach(self, _: HNil) -> (isize, isize) {
        (0, 0)
    }
}
impl<S0: Reach<D0>, ST: Reach<DT>, D0, DT> Reach<HCons<D0, DT>> for HCons<S0, ST> {
    #[inline(always)]
    fn reach(self, d: HCons<D0, DT>) -> (isize, isize) {
        let (a, b) = self.head.reach(d.head);
        let (c, e) = self.tail.reach(d.tail);
        (a + c, b + e)
    }
}

impl<S: IntTuple, D: IntTuple> TensorLayout for Layout<S, D>
where
    i32: Crd2Idx<S, D>,
{
    type Offset = isize;
    #[inline(always)]
    fn len(&self) -> usize {
        self.size().wide() as usize
    }
    #[inline(always)]
    fn offset_at(&self, i: usize) -> isize {
        self.crd2idx(i as i32).wide() as isize
    }
}
impl<S: IntTuple + Reach<D>, D: IntTuple> TensorReach for Layout<S, D>
where
    i32: Crd2Idx<S, D>,
{
    #[inline(always)]
    fn reach(&self) -> (isize, isize) {
        self.shape().reach(self.stride())
    }
}
impl<S: IntTuple, D: IntTuple, C: Crd2Idx<S, D>> TensorLayoutAt<C> for Layout<S, D>
where
    i32: Crd2Idx<S, D>,
{
    #[inline(always)]
    fn offset(&self, c: C) -> isize {
        self.crd2idx(c).wide() as isize
    }
}
impl<S: IntTuple, D: IntTuple, C: SliceLayout<S, D, true>> TensorSlice<C> for Layout<S, D> {
    type Output = Sliced<C, S, D, true>;
    type Offset = isize;
    #[inline(always)]
    fn slice_and_offset(&self, c: C) -> (Self::Output, isize) {
        let (l, off) = Layout::slice_and_offset(self, c);
        (l, off.wide() as isize)
    }
}

/// CuTe's `Tensor<Engine, Layout>`: the value at coordinate `c` is the
/// engine's element at offset `layout(c)`.
#[derive(Clone, Copy, Debug)]
pub struct Tensor<E, L> {
    engine: E,
    layout: L,
}

impl<E, L> Tensor<E, L> {
    /// A tensor from an engine and a layout, unchecked: only for engines
    /// that check every access (or count).
    #[inline(always)]
    pub(crate) fn from_parts(engine: E, layout: L) -> Self {
        Tensor { engine, layout }
    }
    /// The engine.
    #[inline(always)]
    pub fn engine(&self) -> &E {
        &self.engine
    }
    /// The layout.
    #[inline(always)]
    pub fn layout(&self) -> L
    where
        L: Copy,
    {
        self.layout
    }
    /// Engine and layout.
    #[inline(always)]
    pub fn into_parts(self) -> (E, L) {
        (self.engine, self.layout)
    }
}

/// Checks that a layout's reach, started at `start`, fits `len` elements.
fn check_reach<L: TensorReach>(
    layout: &L,
    start: isize,
    len: usize,
    op: &'static str,
) -> Result<(), LayoutError> {
    let (lo, hi) = layout.reach();
    let fits = start
        .checked_add(lo)
        .zip(start.checked_add(hi))
        .is_some_and(|(a, b)| a >= 0 && (b as usize) < len);
    if fits {
        Ok(())
    } else {
        Err(LayoutError::OutOfRange { op })
    }
}

/// CuTe's `make_tensor(ptr, layout)` over a slice: checks that every offset
/// of the layout (its reach) lies inside `data`.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::try_make_tensor;
/// let data = [0u8; 12];
/// assert!(try_make_tensor(&data, layout![(3, 4) : (1, 3)]).is_ok());
/// assert!(try_make_tensor(&data, layout![(3, 4) : (4, 1)]).is_ok()); // reaches 2*4 + 3 = 11
/// assert!(try_make_tensor(&data, layout![(3, 4) : (5, 1)]).is_err()); // reaches 2*5 + 3 = 13
/// ```
pub fn try_make_tensor<T, L: TensorReach>(
    data: &[T],
    layout: L,
) -> Result<Tensor<View<'_, T>, L>, LayoutError> {
    check_reach(&layout, 0, data.len(), "make_tensor")?;
    Ok(Tensor::from_parts(View::new(data, 0), layout))
}

/// [`try_make_tensor`], panicking when the layout reaches outside `data`.
#[track_caller]
pub fn make_tensor<T, L: TensorReach>(data: &[T], layout: L) -> Tensor<View<'_, T>, L> {
    ok_or_panic(try_make_tensor(data, layout))
}

/// A writable tensor over a slice; the layout's reach must fit.
pub fn try_make_tensor_mut<T, L: TensorReach>(
    data: &mut [T],
    layout: L,
) -> Result<Tensor<ViewMut<'_, T>, L>, LayoutError> {
    check_reach(&layout, 0, data.len(), "make_tensor")?;
    Ok(Tensor::from_parts(ViewMut::new(data, 0), layout))
}

/// [`try_make_tensor_mut`], panicking when the layout reaches outside `data`.
#[track_caller]
pub fn make_tensor_mut<T, L: TensorReach>(data: &mut [T], layout: L) -> Tensor<ViewMut<'_, T>, L> {
    ok_or_panic(try_make_tensor_mut(data, layout))
}

/// A tensor on a raw pointer, for device-style code. Every access is still
/// checked against the layout's reach, unless it goes through the
/// `unsafe` unchecked forms.
///
/// # Safety
/// Every offset in the layout's reach, from `ptr`, must be valid for reads
/// and writes for as long as the tensor (or anything sliced from it)
/// lives, with no other access to those elements while it writes them.
#[allow(unsafe_code)]
pub unsafe fn make_tensor_raw<T, L: TensorReach>(ptr: *mut T, layout: L) -> Tensor<RawPtr<T>, L> {
    let (lo, hi) = layout.reach();
    // SAFETY: forwarded to the caller.
    Tensor::from_parts(unsafe { RawPtr::new(ptr, lo, hi + 1) }, layout)
}

/// CuTe's `make_tensor(counting_iterator<int>{0}, layout)`: the value at
/// each coordinate is its offset.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::make_counting_tensor;
/// let t = make_counting_tensor(layout![(4, 8) : (1, 16)]).slice(coord![_, 2]);
/// assert_eq!(t.to_string(), "counting_iter(32) o (_4):(_1)");
/// assert_eq!(t.at(3), 35);
/// ```
pub fn make_counting_tensor<L: TensorLayout<Offset = isize>>(layout: L) -> Tensor<Counting, L> {
    Tensor::from_parts(Counting::new(0), layout)
}

impl<E, L: TensorLayout> Tensor<E, L> {
    /// The number of coordinates.
    #[inline(always)]
    pub fn size(&self) -> usize {
        self.layout.len()
    }
}

impl<E: Read<L::Offset>, L: TensorLayout> Tensor<E, L> {
    /// The value at a coordinate (an integer, or a tuple of the shape's
    /// profile), or an error outside the engine's range.
    #[inline(always)]
    pub fn try_at<C>(&self, c: C) -> Result<E::Item, LayoutError>
    where
        L: TensorLayoutAt<C>,
    {
        self.engine
            .read(self.layout.offset(c))
            .ok_or(LayoutError::OutOfRange {
                op: "tensor(coord)",
            })
    }
    /// The value at a coordinate.
    ///
    /// # Panics
    /// Outside the engine's range; [`Tensor::try_at`] returns the error.
    #[inline(always)]
    #[track_caller]
    pub fn at<C>(&self, c: C) -> E::Item
    where
        L: TensorLayoutAt<C>,
    {
        ok_or_panic(self.try_at(c))
    }
    /// The value at a coordinate, without the bounds check: the offset
    /// arithmetic and one load.
    ///
    /// # Safety
    /// `c`'s offset must be inside the engine's range.
    #[allow(unsafe_code)]
    #[inline(always)]
    pub unsafe fn at_unchecked<C>(&self, c: C) -> E::Item
    where
        L: TensorLayoutAt<C>,
    {
        // SAFETY: forwarded to the caller.
        unsafe { self.engine.read_unchecked(self.layout.offset(c)) }
    }
    /// The values at indices `0..size` (CuTe's `tensor(i)`), in order.
    pub fn values(&self) -> impl Iterator<Item = E::Item> + '_ {
        (0..self.size()).map(|i| ok_or_panic(self.read_index(i)))
    }
    /// The value at 1-D index `i`.
    #[inline(always)]
    pub(crate) fn read_index(&self, i: usize) -> Result<E::Item, LayoutError> {
        self.engine
            .read(self.layout.offset_at(i))
            .ok_or(LayoutError::OutOfRange { op: "tensor(i)" })
    }
}

impl<E: MemoryMut, L: TensorLayout<Offset = isize>> Tensor<E, L> {
    /// The element at a coordinate, mutably, or an error out of bounds.
    #[inline(always)]
    pub fn try_at_mut<C>(&mut self, c: C) -> Result<&mut E::Value, LayoutError>
    where
        L: TensorLayoutAt<C>,
    {
        self.engine
            .slot_mut(self.layout.offset(c))
            .ok_or(LayoutError::OutOfRange {
                op: "tensor(coord)",
            })
    }
    /// The element at a coordinate, mutably.
    ///
    /// # Panics
    /// Out of bounds; [`Tensor::try_at_mut`] returns the error.
    #[inline(always)]
    #[track_caller]
    pub fn at_mut<C>(&mut self, c: C) -> &mut E::Value
    where
        L: TensorLayoutAt<C>,
    {
        ok_or_panic(self.try_at_mut(c))
    }
    /// The element at a coordinate, mutably, without the bounds check.
    ///
    /// # Safety
    /// `c`'s offset must be in bounds.
    #[allow(unsafe_code)]
    #[inline(always)]
    pub unsafe fn at_unchecked_mut<C>(&mut self, c: C) -> &mut E::Value
    where
        L: TensorLayoutAt<C>,
    {
        let off = self.layout.offset(c);
        // SAFETY: forwarded to the caller.
        unsafe { self.engine.slot_unchecked_mut(off) }
    }
    /// The element at 1-D index `i`, mutably.
    #[inline(always)]
    pub(crate) fn slot_index(&mut self, i: usize) -> Result<&mut E::Value, LayoutError> {
        self.engine
            .slot_mut(self.layout.offset_at(i))
            .ok_or(LayoutError::OutOfRange { op: "tensor(i)" })
    }
}

impl<E: Memory, L: TensorLayoutAt<C, Offset = isize>, C> core::ops::Index<C> for Tensor<E, L> {
    type Output = E::Value;
    #[inline(always)]
    #[track_caller]
    fn index(&self, c: C) -> &E::Value {
        ok_or_panic(
            self.engine
                .slot(self.layout.offset(c))
                .ok_or(LayoutError::OutOfRange {
                    op: "tensor[coord]",
                }),
        )
    }
}
impl<E: MemoryMut, L: TensorLayoutAt<C, Offset = isize>, C> core::ops::IndexMut<C>
    for Tensor<E, L>
{
    #[inline(always)]
    #[track_caller]
    fn index_mut(&mut self, c: C) -> &mut E::Value {
        ok_or_panic(self.try_at_mut(c))
    }
}

impl<'a, T, L: Copy> Tensor<ViewMut<'a, T>, L> {
    /// A shorter-lived writable tensor over the same elements, so that the
    /// tensor can be tiled and partitioned more than once.
    pub fn reborrow(&mut self) -> Tensor<ViewMut<'_, T>, L> {
        Tensor::from_parts(self.engine.reborrow(), self.layout)
    }
    /// A read-only tensor over the same elements.
    pub fn as_view(&self) -> Tensor<View<'_, T>, L> {
        Tensor::from_parts(self.engine.as_view(), self.layout)
    }
}

impl<T, L: Copy> Tensor<RawPtr<T>, L> {
    /// A second tensor over the same memory, e.g. one per CPU thread that
    /// plays a CUDA block.
    ///
    /// # Safety
    /// The two tensors (and what is sliced from them) must never access the
    /// same element while one of them writes it.
    #[allow(unsafe_code)]
    pub unsafe fn alias(&self) -> Self {
        // SAFETY: forwarded to the caller.
        Tensor::from_parts(unsafe { self.engine.alias() }, self.layout)
    }
}

impl<T, N: generic_array::ArrayLength, L: Copy> Tensor<Array<T, N>, L> {
    /// A read-only view of the owned fragment, for slicing and tiling.
    pub fn view(&self) -> Tensor<View<'_, T>, L> {
        Tensor::from_parts(View::new(self.engine.as_slice(), 0), self.layout)
    }
    /// A writable view of the owned fragment.
    pub fn view_mut(&mut self) -> Tensor<ViewMut<'_, T>, L> {
        Tensor::from_parts(ViewMut::new(self.engine.as_mut_slice(), 0), self.layout)
    }
}

impl<E, L> Tensor<E, L> {
    /// CuTe's `tensor(coord)` with `_` in the coordinate: the modes marked
    /// `_`, with the engine started at the offset of the fixed ones.
    #[inline(always)]
    pub fn slice<C>(self, c: C) -> Tensor<E::Output, L::Output>
    where
        L: TensorSlice<C>,
        E: Shift<L::Offset>,
    {
        let (layout, off) = self.layout.slice_and_offset(c);
        Tensor::from_parts(self.engine.shifted(off), layout)
    }
    /// CuTe's `tensor.compose(layout)`: the same engine, the layout
    /// composed with `b` (a layout, or a by-mode tiler).
    #[track_caller]
    pub fn compose<B>(self, b: B) -> Tensor<E, L::Output>
    where
        L: Composition<B>,
    {
        ok_or_panic(self.try_compose(b))
    }
    /// [`Tensor::compose`] returning the error of a runtime value that
    /// breaks composition's conditions.
    pub fn try_compose<B>(self, b: B) -> Result<Tensor<E, L::Output>, LayoutError>
    where
        L: Composition<B>,
    {
        Ok(Tensor::from_parts(self.engine, self.layout.try_compose(b)?))
    }
    /// CuTe's `logical_divide(tensor, tiler)`: the layout divided, the same
    /// engine (a divide keeps offset 0 at coordinate 0).
    pub fn try_logical_divide<T>(self, tiler: T) -> Result<Tensor<E, L::Logical>, LayoutError>
    where
        L: TensorDivide<T>,
    {
        Ok(Tensor::from_parts(
            self.engine,
            self.layout.try_logical_divide(tiler)?,
        ))
    }
    /// CuTe's `zipped_divide(tensor, tiler)`: `((tile…), (rest…))`.
    pub fn try_zipped_divide<T>(self, tiler: T) -> Result<Tensor<E, L::Zipped>, LayoutError>
    where
        L: TensorDivide<T>,
    {
        Ok(Tensor::from_parts(
            self.engine,
            self.layout.try_zipped_divide(tiler)?,
        ))
    }
    /// CuTe's `tiled_divide(tensor, tiler)`: `((tile…), rest0, rest1, …)`.
    #[allow(clippy::type_complexity)]
    pub fn try_tiled_divide<T>(
        self,
        tiler: T,
    ) -> Result<Tensor<E, Unpack<L, T, false>>, LayoutError>
    where
        L: TensorDivide<T>,
        L::Zipped: TensorUnpack<false>,
    {
        let z = self.layout.try_zipped_divide(tiler)?;
        Ok(Tensor::from_parts(self.engine, z.unpack()))
    }
    /// CuTe's `flat_divide(tensor, tiler)`: `(tile0, tile1, …, rest0, …)`.
    #[allow(clippy::type_complexity)]
    pub fn try_flat_divide<T>(self, tiler: T) -> Result<Tensor<E, Unpack<L, T, true>>, LayoutError>
    where
        L: TensorDivide<T>,
        L::Zipped: TensorUnpack<true>,
    {
        let z = self.layout.try_zipped_divide(tiler)?;
        Ok(Tensor::from_parts(self.engine, z.unpack()))
    }
}

/// The tiled (`false`) or flat (`true`) regrouping of `L` divided by `T`.
pub type Unpack<L, T, const FLAT: bool> =
    <<L as TensorDivide<T>>::Zipped as TensorUnpack<FLAT>>::Output;

/// CuTe's `logical_divide(tensor, tiler)`.
///
/// # Panics
/// When a runtime value breaks the divide's conditions (static values are
/// checked at compile time); [`Tensor::try_logical_divide`] returns it.
#[track_caller]
pub fn logical_divide<E, L: TensorDivide<T>, T>(
    t: Tensor<E, L>,
    tiler: T,
) -> Tensor<E, L::Logical> {
    ok_or_panic(t.try_logical_divide(tiler))
}
/// CuTe's `zipped_divide(tensor, tiler)`.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::{make_counting_tensor, zipped_divide};
/// let t = zipped_divide(make_counting_tensor(layout![(8, 16) : (16, 1)]), shape![4, 8]);
/// assert_eq!(t.slice(coord![_, (1, 1)]).to_string(), "counting_iter(72) o ((_4,_8)):((_16,_1))");
/// ```
///
/// # Panics
/// As [`logical_divide`].
#[track_caller]
pub fn zipped_divide<E, L: TensorDivide<T>, T>(t: Tensor<E, L>, tiler: T) -> Tensor<E, L::Zipped> {
    ok_or_panic(t.try_zipped_divide(tiler))
}
/// CuTe's `tiled_divide(tensor, tiler)`.
///
/// # Panics
/// As [`logical_divide`].
#[track_caller]
pub fn tiled_divide<E, L: TensorDivide<T>, T>(
    t: Tensor<E, L>,
    tiler: T,
) -> Tensor<E, Unpack<L, T, false>>
where
    L::Zipped: TensorUnpack<false>,
{
    ok_or_panic(t.try_tiled_divide(tiler))
}
/// CuTe's `flat_divide(tensor, tiler)`.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::{flat_divide, make_counting_tensor};
/// let t = flat_divide(make_counting_tensor(layout![(32, 8) : (1, 32)]), shape![4, 2]);
/// assert_eq!(t.to_string(), "counting_iter(0) o (_4,_2,_8,_4):(_1,_32,_4,_64)");
/// ```
///
/// # Panics
/// As [`logical_divide`].
#[track_caller]
pub fn flat_divide<E, L: TensorDivide<T>, T>(
    t: Tensor<E, L>,
    tiler: T,
) -> Tensor<E, Unpack<L, T, true>>
where
    L::Zipped: TensorUnpack<true>,
{
    ok_or_panic(t.try_flat_divide(tiler))
}

/// How an engine prints before ` o LAYOUT`, as CuTe's `print(tensor)`.
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

/// A static, positive integer as a `generic-array` length.
#[diagnostic::on_unimplemented(
    message = "make_fragment_like: the fragment's cosize `{Self}` is not a static integer",
    label = "an owned register fragment needs its length at compile time",
    note = "the tensor's shape must be static (its strides may be runtime), as CuTe's register fragments need"
)]
pub trait StaticLen {
    /// The length, a typenum unsigned.
    type Len: generic_array::ArrayLength;
}
impl<U: generic_array::ArrayLength + typenum::NonZero> StaticLen for typenum::PInt<U> {
    type Len = U;
}

/// The static cosize of a layout as a `generic-array` length: the owned
/// fragment's element count, known at compile time.
pub trait StaticCosize {
    /// The length, a typenum unsigned.
    type Len: generic_array::ArrayLength;
}
impl<S: IntTuple + Span<D>, D: IntTuple> StaticCosize for Layout<S, D>
where
    S::Output: IntAdd<P1>,
    CosizeOf<S, D>: StaticLen,
{
    type Len = <CosizeOf<S, D> as StaticLen>::Len;
}
