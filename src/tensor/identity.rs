//! Identity tensors: CuTe's `make_identity_tensor(shape)`, whose value at
//! each coordinate is the coordinate.
//!
//! The engine is an [`ArithTupleIter`] (CuTe's `ArithmeticTupleIterator`)
//! and the layout `make_identity_layout(shape)`, whose strides are bases
//! (`(_4,_8):(_1@0,_1@1)`). Its offsets are coordinates, so slicing and
//! tiling move the iterator's start by a coordinate: block `(0, 24)`'s
//! `(8, 2)` tile of an identity tensor starts at `ArithTuple(_0,_48)`, and
//! its values are the global coordinates of its elements. Kernels compare
//! them with the tensor's extent to predicate the edge tiles.
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::tensor::{local_partition, local_tile, make_identity_tensor};
//! let id = make_identity_tensor(shape![8, 64]);
//! assert_eq!(id.to_string(), "ArithTuple(_0,_0) o (_8,_64):(_1@0,_1@1)");
//! let tile = local_tile(id, shape![8, 2], coord![0, 24]);
//! assert_eq!(tile.to_string(), "ArithTuple(_0,_48) o (_8,_2):(_1@0,_1@1)");
//! assert_eq!(tile.at(coord![3, 1]).to_string(), "(3,49)");
//! let part = local_partition(tile, layout![(4, 2) : (1, 4)], 5i32); // thread 5
//! assert_eq!(part.to_string(), "ArithTuple(1,49) o (_2,_1):(_4@0,_0)");
//! // Predicate: which of thread 5's elements lie inside a (4, 64) tensor.
//! let (m, n): (i32, i32) = (4, 64);
//! let inside: Vec<bool> = part.values().map(|c| c.0.head < m && c.0.tail.head < n).collect();
//! assert_eq!(inside, [true, false]); // (1,49) is inside, (5,49) is not
//! ```

use frunk_core::hlist::{HCons, HNil};
use typenum::{U0, Z0};

use super::{ArithTupleIter, Tensor, TensorLayout, TensorLayoutAt, TensorSlice};
use crate::basis::{
    Agree, ArithTuple, BasisCrd2Idx, BasisLayout, BasisSliced, BasisTuple, Enc, EncodeStrides, F1,
    F2, IdentityLayout, IdentityStrides, ScaledBasis, make_identity_layout,
};
use crate::int::Int;
use crate::layout::{SliceLayout, Sliced};
use crate::tuple::cons;
use crate::tuple::{IntTuple, Size};

/// The offset type of a basis-strided layout's 1-D index (a runtime
/// index): what [`TensorLayout::offset_at`] gives, and what every
/// coordinate's value is converted to by [`TensorLayoutAt`].
pub type BasisIndexValue<S, D> = <i32 as BasisCrd2Idx<S, D>>::Output;

impl<S: Size, D: BasisTuple> TensorLayout for BasisLayout<S, D>
where
    i32: BasisCrd2Idx<S, D>,
{
    type Offset = BasisIndexValue<S, D>;
    #[inline(always)]
    fn len(&self) -> usize {
        self.size().wide() as usize
    }
    #[inline(always)]
    fn offset_at(&self, i: usize) -> Self::Offset {
        (i as i32).bcrd2idx(self.shape(), self.stride())
    }
}

/// A value of a basis-strided layout in the form of its 1-D index's
/// value `T`: each static component becomes runtime where `T`'s is, so
/// that `t.at(c)` has one type for every coordinate, as
/// [`TensorLayoutAt`] asks.
#[doc(hidden)]
pub trait IntoIndexValue<T> {
    /// Converts.
    fn into_index_value(self) -> T;
}
impl IntoIndexValue<Z0> for Z0 {
    #[inline(always)]
    fn into_index_value(self) -> Z0 {
        self
    }
}
/// Wraps an `i64` value, as offsets do (the module docs of `int`).
impl<X: Int> IntoIndexValue<i32> for X {
    #[inline(always)]
    fn into_index_value(self) -> i32 {
        self.wide() as i32
    }
}
impl<V: Int + IntoIndexValue<W>, W: Int, M: typenum::Unsigned> IntoIndexValue<ScaledBasis<W, M>>
    for ScaledBasis<V, M>
{
    #[inline(always)]
    fn into_index_value(self) -> ScaledBasis<W, M> {
        ScaledBasis::new(self.value().into_index_value())
    }
}
impl<L: IntoIndexValue<R>, R> IntoIndexValue<ArithTuple<R>> for ArithTuple<L> {
    #[inline(always)]
    fn into_index_value(self) -> ArithTuple<R> {
        ArithTuple(self.0.into_index_value())
    }
}
impl IntoIndexValue<HNil> for HNil {
    #[inline(always)]
    fn into_index_value(self) -> HNil {
        HNil
    }
}
impl<H: IntoIndexValue<H2>, T: IntoIndexValue<T2>, H2, T2> IntoIndexValue<HCons<H2, T2>>
    for HCons<H, T>
{
    #[inline(always)]
    fn into_index_value(self) -> HCons<H2, T2> {
        cons(self.head.into_index_value(), self.tail.into_index_value())
    }
}

/// `t.at(c)` on an identity tensor: the coordinate, with the components
/// a stride reaches as runtime integers whatever `c` is. CuTe keeps a
/// static coordinate's value static (`id(_2,_3)` prints `(_2,_3)`, here
/// `(2,3)`): the value is the same, but one type per layout is what
/// [`TensorLayoutAt`] allows. Slicing keeps static starts static.
impl<S: Size, D: BasisTuple, C> TensorLayoutAt<C> for BasisLayout<S, D>
where
    i32: BasisCrd2Idx<S, D>,
    C: BasisCrd2Idx<S, D>,
    C::Output: IntoIndexValue<BasisIndexValue<S, D>>,
{
    #[inline(always)]
    fn offset(&self, c: C) -> Self::Offset {
        c.bcrd2idx(self.shape(), self.stride()).into_index_value()
    }
}

impl<S: IntTuple, D: BasisTuple, C> TensorSlice<C> for BasisLayout<S, D>
where
    D: EncodeStrides<F1> + EncodeStrides<F2>,
    Enc<D, F1>: IntTuple,
    Enc<D, F2>: IntTuple,
    C: SliceLayout<S, Enc<D, F1>, true> + SliceLayout<S, Enc<D, F2>, true> + BasisCrd2Idx<S, D>,
    Sliced<C, S, Enc<D, F1>, true>: Agree<Sliced<C, S, Enc<D, F2>, true>>,
{
    type Output = BasisSliced<C, S, D>;
    type Offset = <C as BasisCrd2Idx<S, D>>::Output;
    #[inline(always)]
    fn slice_and_offset(&self, c: C) -> (Self::Output, Self::Offset) {
        (self.slice(c), c.bcrd2idx(self.shape(), self.stride()))
    }
}

/// `_0` for each top-level mode: the identity tensor's first coordinate.
#[doc(hidden)]
pub trait ZerosLike {
    /// The components.
    type Output: Copy;
    /// Builds them.
    fn zeros() -> Self::Output;
}
crate::tuple::fill_hlist!(ZerosLike::zeros, Z0 = Z0::new());

/// The type of [`make_identity_tensor`] over shape `S`.
pub type IdentityTensor<S> =
    Tensor<ArithTupleIter<ArithTuple<<S as ZerosLike>::Output>>, IdentityLayout<S>>;

/// CuTe's `make_identity_tensor(shape)`: the tensor whose value at each
/// coordinate is that coordinate, an [`ArithTuple`]. It starts at
/// `ArithTuple(_0,_0,…)` over `make_identity_layout(shape)`.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::make_identity_tensor;
/// let id = make_identity_tensor(shape![4, 8]);
/// assert_eq!(id.to_string(), "ArithTuple(_0,_0) o (_4,_8):(_1@0,_1@1)");
/// assert_eq!(id.at(coord![2, 3]).to_string(), "(2,3)");
/// assert_eq!(id.at(13).to_string(), "(1,3)");
/// assert_eq!(core::mem::size_of_val(&id), 0);
/// ```
#[inline(always)]
pub fn make_identity_tensor<S>(shape: S) -> IdentityTensor<S>
where
    S: IntTuple + IdentityStrides<U0> + ZerosLike,
{
    Tensor::from_parts(
        ArithTupleIter::new(ArithTuple(S::zeros())),
        make_identity_layout(shape),
    )
}
