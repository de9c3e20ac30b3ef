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
//! A runtime coordinate, such as a thread index, slices too: the fixed
//! part's offset goes inside the swizzle (`Sw o 5 o …` below), so each
//! thread's partition holds the elements CuTe's does.
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::swizzle::Swizzle;
//! use cute_algebra::tensor::{local_partition, make_tensor_mut};
//! let mut smem = vec![0u16; 32 * 64];
//! let tile = composition(Swizzle::<3, 3, 3>, tile_to_shape(layout![(8, 64):(64, 1)], shape![32, 64]));
//! let tid: i32 = 13; // threadIdx.x
//! let mut part = local_partition(make_tensor_mut(&mut smem, tile), layout![(16, 8):(8, 1)], tid);
//! assert_eq!(part.layout().to_string(), "Sw<3,3,3> o 69 o (_2,_8):(_1024,_8)");
//! // Thread 13 is thread (1, 5) of the (16, 8) thread layout, so its value
//! // (1, 3) is element (16 + 1, 8 * 3 + 5) of the (32, 64) tile, whose
//! // (8, 64) atoms are K-major and stacked in M: offset 1024 + 64 + 29.
//! *part.at_mut(coord![1, 3]) = 7;
//! let o = 1024 + 64 + 29;
//! assert_eq!(smem[o ^ ((o & 0x1c0) >> 3)], 7);
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
use core::ops::BitAnd;

use typenum::{B0, B1};

use crate::int::{Int, IntAdd, StaticInt, Sum};
use crate::layout::{Crd2Idx, Layout, SliceLayout, Sliced};
use crate::swizzle::{ComposedLayout, SliceComposed, SwizzleApply, SwizzleParams};
use crate::tuple::{AllStatic, IntTuple, Size};

impl<Sw: SwizzleParams, O: Int, S: Size, D: IntTuple> TensorLayout
    for ComposedLayout<Sw, O, Layout<S, D>>
where
    i32: Crd2Idx<S, D, Output = i32>,
    O: IntAdd<i32, Output = i32>,
{
    super::layout::linear_offsets!();
}

impl<Sw: SwizzleParams, O: Int, S: Size, D: IntTuple, C> TensorLayoutAt<C>
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

/// Slicing a swizzled tensor. With a static coordinate and offset, CuTe's
/// `slice_and_offset` (the swizzle folded into strides where it can be, the
/// fixed part's offset moving the engine). With a runtime coordinate, such
/// as a thread index, the fixed part's offset joins the composed layout's
/// own offset, inside the swizzle: `Sw o (O + L_fixed(c)) o L_kept`, the
/// form CuTe gives its `smem_ptr_flag` layouts. Every element is the one
/// the full coordinate names (CuTe's decay to runtime strides can carry a
/// fixed offset bit into a swizzled bit), at the cost of one swizzle per
/// access, which shared-memory addressing pays anyway.
impl<Sw, O, S, D, C> TensorSlice<C> for ComposedLayout<Sw, O, Layout<S, D>>
where
    C: AllStatic,
    O: AllStatic,
    C::Is: BitAnd<O::Is>,
    And<C::Is, O::Is>: SwizzledSlice<Self, C>,
{
    type Output = <And<C::Is, O::Is> as SwizzledSlice<Self, C>>::Output;
    type Offset = isize;
    #[inline(always)]
    fn slice_and_offset(&self, c: C) -> (Self::Output, isize) {
        <And<C::Is, O::Is> as SwizzledSlice<Self, C>>::run(self, c)
    }
}

type And<A, B> = <A as BitAnd<B>>::Output;

/// The two ways of slicing a swizzled tensor's layout, chosen by whether
/// the coordinate and the composed offset are static (`B1`) or not (`B0`).
#[doc(hidden)]
pub trait SwizzledSlice<L, C> {
    /// The kept layout.
    type Output;
    /// The kept layout and the engine's move.
    fn run(l: &L, c: C) -> (Self::Output, isize);
}

impl<L: SliceComposed<C> + Copy, C> SwizzledSlice<L, C> for B1
where
    <L as SliceComposed<C>>::Offset: StaticInt,
{
    type Output = <L as SliceComposed<C>>::Output;
    #[inline(always)]
    fn run(l: &L, c: C) -> (Self::Output, isize) {
        let (l, off) = SliceComposed::slice_and_offset(*l, c);
        (l, off.wide() as isize)
    }
}

impl<Sw, O, S, D, C> SwizzledSlice<ComposedLayout<Sw, O, Layout<S, D>>, C> for B0
where
    Sw: SwizzleParams,
    O: Int + IntAdd<<C as Crd2Idx<S, D>>::Output>,
    S: IntTuple,
    D: IntTuple,
    C: SliceLayout<S, D, true>,
{
    type Output = ComposedLayout<Sw, Sum<O, <C as Crd2Idx<S, D>>::Output>, Sliced<C, S, D, true>>;
    #[inline(always)]
    fn run(l: &ComposedLayout<Sw, O, Layout<S, D>>, c: C) -> (Self::Output, isize) {
        let (kept, off) = l.layout().slice_and_offset(c);
        (
            ComposedLayout::new(l.swizzle(), l.offset().add(off), kept),
            0,
        )
    }
}

/// A bound on the offsets of a swizzled layout: the swizzle XORs bits `t`
/// of its ZZZ mask `z` into an offset `x`, so `|sw(x) - x| <= z`, a
/// non-negative `x` stays non-negative, and `sw(x)` never sets a bit above
/// both `x`'s highest bit and `z`'s. Exact for the usual power-of-two tiles.
impl<Sw: SwizzleParams, O: Int, S: Size + Reach<D>, D: IntTuple> TensorReach
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
