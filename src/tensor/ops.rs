//! Operations that keep a tensor's engine and change its layout: slicing
//! with `_` (the engine moves to the fixed coordinates' offset),
//! composition and CuTe's four divides.

use super::{Shift, Tensor, TensorDivide, TensorSlice, TensorUnpack};
use crate::algebra::Composition;
use crate::error::{LayoutError, ok_or_panic};

/// The logical and zipped divides of a tensor: its layout's divide, the
/// engine kept.
macro_rules! divide_methods {
    ($($(#[$doc:meta])* $try_name:ident -> $Out:ty;)*) => {$(
        $(#[$doc])*
        pub fn $try_name<T>(self, tiler: T) -> Result<Tensor<E, $Out>, LayoutError>
        where
            L: TensorDivide<T>,
        {
            Ok(Tensor::from_parts(self.engine, self.layout.$try_name(tiler)?))
        }
    )*};
}

/// The tiled (`false`) and flat (`true`) divides of a tensor: the zipped
/// divide of its layout, regrouped; the engine stays.
macro_rules! unpacked_divide_methods {
    ($($(#[$doc:meta])* $try_name:ident, $flat:literal;)*) => {$(
        $(#[$doc])*
        #[allow(clippy::type_complexity)]
        pub fn $try_name<T>(self, tiler: T) -> Result<Tensor<E, Unpack<L, T, $flat>>, LayoutError>
        where
            L: TensorDivide<T>,
            L::Zipped: TensorUnpack<$flat>,
        {
            let z = self.layout.try_zipped_divide(tiler)?;
            Ok(Tensor::from_parts(self.engine, z.unpack()))
        }
    )*};
}

/// The panicking tiled and flat divides of a tensor, over the methods.
macro_rules! unpacked_divide_fns {
    ($($(#[$doc:meta])* $name:ident / $try_name:ident, $flat:literal;)*) => {$(
        $(#[$doc])*
        #[track_caller]
        pub fn $name<E, L: TensorDivide<T>, T>(
            t: Tensor<E, L>,
            tiler: T,
        ) -> Tensor<E, Unpack<L, T, $flat>>
        where
            L::Zipped: TensorUnpack<$flat>,
        {
            ok_or_panic(t.$try_name(tiler))
        }
    )*};
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
    divide_methods! {
        /// CuTe's `logical_divide(tensor, tiler)`: the layout divided, the same
        /// engine (a divide keeps offset 0 at coordinate 0).
        try_logical_divide -> L::Logical;
        /// CuTe's `zipped_divide(tensor, tiler)`: `((tile…), (rest…))`.
        try_zipped_divide -> L::Zipped;
    }
    unpacked_divide_methods! {
        /// CuTe's `tiled_divide(tensor, tiler)`: `((tile…), rest0, rest1, …)`.
        try_tiled_divide, false;
        /// CuTe's `flat_divide(tensor, tiler)`: `(tile0, tile1, …, rest0, …)`.
        try_flat_divide, true;
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
unpacked_divide_fns! {
    /// CuTe's `tiled_divide(tensor, tiler)`.
    ///
    /// # Panics
    /// As [`logical_divide`].
    tiled_divide / try_tiled_divide, false;
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
    flat_divide / try_flat_divide, true;
}
