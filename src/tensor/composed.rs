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
//!
//! Over memory, a swizzled tile is a view like any other: its reach must
//! fit the data, and every access is checked.
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::swizzle::Swizzle;
//! use cute_algebra::tensor::{make_tensor, try_make_tensor};
//! let smem: Vec<i32> = (0..512).collect();
//! let tile = composition(Swizzle::<3, 4, 3>, layout![(8, 64):(64, 1)]);
//! let t = make_tensor(&smem, tile);
//! let o = 5 * 64 + 17;
//! assert_eq!(t.at(coord![5, 17]), o ^ ((o & 0x380) >> 3));
//! assert!(try_make_tensor(&smem[..511], tile).is_err());
//! ```

use super::{Reach, TensorLayout, TensorLayoutAt, TensorReach, TensorSlice};
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
    super::layout::linear_offsets!();
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
        self.crd2idx(c).wide() as isize
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
        (l, off.wide() as isize)
    }
}

/// A bound on the offsets of a swizzled layout: the swizzle XORs bits `t`
/// of its ZZZ mask `z` into an offset `x`, so `|sw(x) - x| <= z`, a
/// non-negative `x` stays non-negative, and `sw(x)` never sets a bit above
/// both `x`'s highest bit and `z`'s. Exact for the usual power-of-two tiles.
impl<Sw: SwizzleParams, O: Int, S: IntTuple + Reach<D>, D: IntTuple> TensorReach
    for ComposedLayout<Sw, O, Layout<S, D>>
where
    Self: TensorLayout<Offset = isize>,
{
    #[inline(always)]
    fn reach(&self) -> (isize, isize) {
        let l = self.layout();
        let (lo, hi) = l.shape().reach(l.stride());
        let o = self.offset().wide() as isize;
        let z = Sw::RUNTIME.zzz_msk() as isize;
        let (lo, hi) = (o.saturating_add(lo), o.saturating_add(hi));
        let lo = if lo >= 0 {
            0.max(lo - z)
        } else {
            lo.saturating_sub(z)
        };
        let smear = |h: isize| {
            if h <= 0 {
                h
            } else {
                isize::MAX >> (h.leading_zeros() - 1)
            }
        };
        let hi = if hi >= 0 {
            hi.saturating_add(z).min(smear(hi) | z)
        } else {
            hi.saturating_add(z)
        };
        (lo, hi)
    }
}
