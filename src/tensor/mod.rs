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
//!
//! This file holds [`Tensor`], its constructors and element access;
//! `layout` what a tensor needs of its layout (offsets, reach, slicing,
//! static cosize); `ops` slicing, composition and the divides on tensors;
//! `print` CuTe's print form; `engine` the engines; `partition`,
//! `identity`, `recast` and `algorithm` what kernels build on them.

mod algorithm;
mod composed;
mod divide;
#[cfg(feature = "alloc")]
pub mod dynamic;
pub mod engine;
mod gemm;
mod identity;
mod layout;
mod ops;
mod partition;
mod print;
mod recast;
mod step;

pub use algorithm::*;
pub use divide::{TensorDivide, TensorUnpack};
#[cfg(feature = "alloc")]
pub use dynamic::{DynComposedTensor, DynIdentityTensor, DynTensor, MaybeComposedTensor};
pub use engine::{
    ArithTupleIter, Array, Counting, Engine, Memory, MemoryMut, RawPtr, Read, ReadItem, Shift,
    View, ViewMut,
};
pub use gemm::{GemmLayout, ModeSizes, axpby, gemm, try_axpby, try_gemm};
pub use identity::*;
pub use layout::{
    IntoCoord, IntoTensorLayout, Reach, SliceOffset, StaticCosize, StaticLen, TensorLayout,
    TensorLayoutAt, TensorReach, TensorSlice,
};
pub use ops::{Unpack, flat_divide, logical_divide, tiled_divide, zipped_divide};
pub use partition::*;
pub use print::PrintEngine;
pub use recast::{Element, Recast, RecastLayout, Recasted, RecastedMut};
pub use step::{Project, Projected, local_partition_step, local_tile_step};

use crate::error::{LayoutError, ok_or_panic};
use crate::layout::{Layout, ModeShape};
use crate::tuple::{GetAt, Idx, IntTuple, Size, ToPeano};

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
pub fn try_make_tensor<T, L: IntoTensorLayout<T>>(
    data: &[T],
    layout: L,
) -> Result<Tensor<View<'_, T>, L::Layout>, LayoutError> {
    let layout = layout.into_tensor_layout();
    check_reach(&layout, 0, data.len(), "make_tensor")?;
    Ok(Tensor::from_parts(View::new(data, 0), layout))
}

/// [`try_make_tensor`], panicking when the layout reaches outside `data`.
#[track_caller]
pub fn make_tensor<T, L: IntoTensorLayout<T>>(
    data: &[T],
    layout: L,
) -> Tensor<View<'_, T>, L::Layout> {
    ok_or_panic(try_make_tensor(data, layout))
}

/// A writable tensor over a slice; the layout's reach must fit.
pub fn try_make_tensor_mut<T, L: IntoTensorLayout<T>>(
    data: &mut [T],
    layout: L,
) -> Result<Tensor<ViewMut<'_, T>, L::Layout>, LayoutError> {
    let layout = layout.into_tensor_layout();
    check_reach(&layout, 0, data.len(), "make_tensor")?;
    Ok(Tensor::from_parts(ViewMut::new(data, 0), layout))
}

/// [`try_make_tensor_mut`], panicking when the layout reaches outside `data`.
#[track_caller]
pub fn make_tensor_mut<T, L: IntoTensorLayout<T>>(
    data: &mut [T],
    layout: L,
) -> Tensor<ViewMut<'_, T>, L::Layout> {
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

impl<E, S: IntTuple, D: IntTuple> Tensor<E, Layout<S, D>> {
    /// CuTe's `size<I>(tensor)`: the size of mode `I`
    /// ([`Layout::size_of`]).
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// use cute_algebra::tensor::make_counting_tensor;
    /// let t = make_counting_tensor(layout![(4, (2, 8)) : (1, (4, 8))]);
    /// assert_eq!(t.size_of::<1>().cute_string(), "_16");
    /// assert_eq!(t.shape_of::<1>().to_cute_string(), "(_2,_8)");
    /// assert_eq!(t.stride_of::<0>().cute_string(), "_1");
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn size_of<const I: usize>(&self) -> <ModeShape<I, S> as Size>::Size
    where
        Idx<I>: ToPeano,
        S: GetAt<<Idx<I> as ToPeano>::Peano>,
        ModeShape<I, S>: Size,
    {
        self.layout.size_of::<I>()
    }
    /// CuTe's `shape<I>(tensor)`: the shape of mode `I`.
    #[inline(always)]
    pub fn shape_of<const I: usize>(&self) -> ModeShape<I, S>
    where
        Idx<I>: ToPeano,
        S: GetAt<<Idx<I> as ToPeano>::Peano>,
    {
        self.layout.shape_of::<I>()
    }
    /// CuTe's `stride<I>(tensor)`: the stride of mode `I`.
    #[inline(always)]
    pub fn stride_of<const I: usize>(&self) -> <D as GetAt<<Idx<I> as ToPeano>::Peano>>::Output
    where
        Idx<I>: ToPeano,
        D: GetAt<<Idx<I> as ToPeano>::Peano>,
    {
        self.layout.stride_of::<I>()
    }
}

/// The value (or the element) at a coordinate, and its panicking twin:
/// the engine's `read` or `slot_mut` at the layout's offset, an error
/// outside the engine's range.
macro_rules! coord_access {
    ($(#[$try_doc:meta])* $try_name:ident / $(#[$doc:meta])* $name:ident($($mut:tt)?) -> $R:ty = $read:ident;) => {
        $(#[$try_doc])*
        #[inline(always)]
        pub fn $try_name<C: IntoCoord>(&$($mut)? self, c: C) -> Result<$R, LayoutError>
        where
            L: TensorLayoutAt<C::Coord>,
        {
            self.engine
                .$read(self.layout.offset(c.into_coord()))
                .ok_or(LayoutError::OutOfRange {
                    op: "tensor(coord)",
                })
        }
        $(#[$doc])*
        #[inline(always)]
        #[track_caller]
        pub fn $name<C: IntoCoord>(&$($mut)? self, c: C) -> $R
        where
            L: TensorLayoutAt<C::Coord>,
        {
            ok_or_panic(self.$try_name(c))
        }
    };
}

impl<E: Read<L::Offset>, L: TensorLayout> Tensor<E, L> {
    coord_access! {
        /// The value at a coordinate (an integer, or a tuple of the shape's
        /// profile), or an error outside the engine's range.
        try_at /
        /// The value at a coordinate.
        ///
        /// # Panics
        /// Outside the engine's range; [`Tensor::try_at`] returns the error.
        at() -> E::Item = read;
    }
    /// The value at a coordinate, without the bounds check: the offset
    /// arithmetic and one load.
    ///
    /// # Safety
    /// `c`'s offset must be inside the engine's range.
    #[allow(unsafe_code)]
    #[inline(always)]
    pub unsafe fn at_unchecked<C: IntoCoord>(&self, c: C) -> E::Item
    where
        L: TensorLayoutAt<C::Coord>,
    {
        // SAFETY: forwarded to the caller.
        unsafe {
            self.engine
                .read_unchecked(self.layout.offset(c.into_coord()))
        }
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
    coord_access! {
        /// The element at a coordinate, mutably, or an error out of bounds.
        try_at_mut /
        /// The element at a coordinate, mutably.
        ///
        /// # Panics
        /// Out of bounds; [`Tensor::try_at_mut`] returns the error.
        at_mut(mut) -> &mut E::Value = slot_mut;
    }
    /// The element at a coordinate, mutably, without the bounds check.
    ///
    /// # Safety
    /// `c`'s offset must be in bounds.
    #[allow(unsafe_code)]
    #[inline(always)]
    pub unsafe fn at_unchecked_mut<C: IntoCoord>(&mut self, c: C) -> &mut E::Value
    where
        L: TensorLayoutAt<C::Coord>,
    {
        let off = self.layout.offset(c.into_coord());
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

impl<E: Memory, L: TensorLayoutAt<C::Coord, Offset = isize>, C: IntoCoord> core::ops::Index<C>
    for Tensor<E, L>
{
    type Output = E::Value;
    #[inline(always)]
    #[track_caller]
    fn index(&self, c: C) -> &E::Value {
        ok_or_panic(self.engine.slot(self.layout.offset(c.into_coord())).ok_or(
            LayoutError::OutOfRange {
                op: "tensor[coord]",
            },
        ))
    }
}
impl<E: MemoryMut, L: TensorLayoutAt<C::Coord, Offset = isize>, C: IntoCoord> core::ops::IndexMut<C>
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
