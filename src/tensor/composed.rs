//! Tensors over a swizzled [`ComposedLayout`]: CuTe's
//! `make_tensor(ptr, composition(Swizzle, layout))`, the shape of every
//! shared-memory tile. Indexing applies the swizzle; slicing goes through
//! CuTe's swizzled `slice_and_offset`, which folds the swizzle into plain
//! strides where it can, and moves the engine by the fixed part's offset.
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::swizzle::Swizzle;
//! use cute_algebra::tensor::{local_tile, make_counting_tensor};
//! let t = make_counting_tensor(composition(Swizzle::<3, 1, 3>, layout![(8, 32):(32, 1)]));
//! assert_eq!(t.slice(coord![_, 2]).to_string(), "counting_iter(2) o ((_4,_2)):((_36,_128))");
//! let t = make_counting_tensor(composition(Swizzle::<2, 3, 4>, layout![(32, 8):(8, 1)]));
//! assert_eq!(local_tile(t, shape![8, 4], coord![0, 1]).to_string(), "counting_iter(4) o (_8,_4):(_8,_1)");
//! ```

use super::{TensorLayout, TensorLayoutAt, TensorSlice};
use crate::int::{Int, IntAdd, StaticInt, Sum};
use crate::layout::{Crd2Idx, Layout};
use crate::swizzle::{ComposedLayout, SliceComposed, SwizzleApply, SwizzleParams};
use crate::tuple::IntTuple;

impl<Sw: SwizzleParams, O: Int, S: IntTuple, D: IntTuple> TensorLayout
    for ComposedLayout<Sw, O, Layout<S, D>>
where
    i32: Crd2Idx<S, D, Output = i32>,
    O: IntAdd<i32, Output = i32>,
{
    type Offset = isize;
    #[inline(always)]
    fn len(&self) -> usize {
        self.size().value() as usize
    }
    #[inline(always)]
    fn offset_at(&self, i: usize) -> isize {
        self.crd2idx(i as i32) as isize
    }
}

impl<Sw: SwizzleParams, O: Int, S: IntTuple, D: IntTuple, C> TensorLayoutAt<C>
    for ComposedLayout<Sw, O, Layout<S, D>>
where
    Self: TensorLayout<Offset = isize>,
    C: Crd2Idx<S, D>,
    O: IntAdd<C::Output>,
    Sw: SwizzleApply<Sum<O, C::Output>>,
{
    #[inline(always)]
    fn offset(&self, c: C) -> isize {
        self.crd2idx(c).value() as isize
    }
}

impl<A, O, B, C> TensorSlice<C> for ComposedLayout<A, O, B>
where
    Self: SliceComposed<C> + Copy,
    <Self as SliceComposed<C>>::Offset: StaticInt,
{
    type Output = <Self as SliceComposed<C>>::Output;
    type Offset = isize;
    #[inline(always)]
    fn slice_and_offset(&self, c: C) -> (Self::Output, isize) {
        let (l, off) = SliceComposed::slice_and_offset(*self, c);
        (l, off.value() as isize)
    }
}
