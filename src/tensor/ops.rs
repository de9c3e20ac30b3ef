//! Operations that keep a tensor's engine and change its layout: slicing
//! with `_` (the engine moves to the fixed coordinates' offset),
//! composition and CuTe's four divides.

use super::{Shift, Tensor, TensorDivide, TensorSlice, TensorUnpack};
use crate::algebra::Composition;
use crate::error::{LayoutError, ok_or_panic};

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
