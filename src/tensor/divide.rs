//! The divides of a tensor's layout, whatever kind of layout it is.
//!
//! A tensor divide keeps the engine and divides the layout (offset 0 stays
//! at coordinate 0). Plain layouts divide through the typed algebra
//! ([`ApplyTiler`], [`ApplyZipped`]); basis-strided layouts (the identity
//! tensor's) through [`crate::basis`]'s encoding; a swizzled
//! `ComposedLayout` divides its inner layout and keeps the swizzle and the
//! offset, as CuTe's `layout_composed.hpp` does. These traits are the one
//! place the tensor functions ask for either, so `local_tile` and
//! `local_partition` work on both.

use crate::algebra::named::LocalTileFits;
use crate::algebra::{ApplyTiler, ApplyZipped, Divide, TilerModesFit, Unpacked, UnpackedLayout};
use crate::basis::{
    Agree, BasisLayout, BasisTuple, DecodeLayout, Decoded, Enc, EncodeStrides, Encoded, F1, F2,
};
use crate::error::LayoutError;
use crate::layout::{Layout, LayoutParts};
use crate::swizzle::ComposedLayout;
use crate::tuple::IntTuple;

/// `logical_divide` and `zipped_divide` of a layout by tiler `T`.
#[diagnostic::on_unimplemented(
    message = "tensor divide: the layout `{Self}` cannot be divided by the tiler `{T}`",
    label = "a tiler is a shape, a layout or a by-mode tile with at most the layout's modes",
    note = "a basis-strided layout (an identity tensor's) is divided by shapes and tiles of shapes"
)]
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::basis::make_identity_layout;
/// use cute_algebra::tensor::TensorDivide;
/// // Plain and basis-strided (identity) layouts divide alike.
/// fn tiles<L: TensorDivide<T>, T>(l: L, t: T) -> L::Zipped { l.try_zipped_divide(t).unwrap() }
/// let t = tiles(layout![(8, 6) : (1, 8)], shape![4, 3]);
/// assert_eq!(t.to_string(), "((_4,_3),(_2,_2)):((_1,_8),(_4,_24))");
/// let id = tiles(make_identity_layout(shape![8, 6]), shape![4, 3]);
/// assert_eq!(id.to_string(), "((_4,_3),(_2,_2)):((_1@0,_1@1),(_4@0,_3@1))");
/// ```
pub trait TensorDivide<T>: Sized {
    /// `logical_divide(self, t)`.
    type Logical;
    /// `zipped_divide(self, t)`: `((tile…), (rest…))`.
    type Zipped;
    /// The shape of [`TensorDivide::Zipped`] (a composed layout's is its
    /// inner layout's: the swizzle acts on offsets only).
    type ZippedShape;
    /// The logical divide, checking runtime values.
    fn try_logical_divide(self, t: T) -> Result<Self::Logical, LayoutError>;
    /// The zipped divide, checking runtime values.
    fn try_zipped_divide(self, t: T) -> Result<Self::Zipped, LayoutError>;
}

/// The tiled (`false`) or flat (`true`) regrouping of a zipped layout.
#[doc(hidden)]
pub trait TensorUnpack<const FLAT: bool> {
    /// The regrouped layout.
    type Output;
    /// Regroups.
    fn unpack(self) -> Self::Output;
}

impl<S, D> LayoutParts for BasisLayout<S, D> {
    type Shape = S;
    type Stride = D;
}

impl<S, D, const FLAT: bool> TensorUnpack<FLAT> for Layout<S, D>
where
    S: Unpacked<FLAT>,
    D: Unpacked<FLAT>,
{
    type Output = UnpackedLayout<S, D, FLAT>;
    #[inline(always)]
    fn unpack(self) -> Self::Output {
        crate::algebra::unpack_layout(self)
    }
}

/// Regrouping moves modes and computes nothing, so the encoded strides
/// read back exactly (no second width is needed).
impl<S: IntTuple, D: BasisTuple, const FLAT: bool> TensorUnpack<FLAT> for BasisLayout<S, D>
where
    D: EncodeStrides<F1>,
    Enc<D, F1>: IntTuple,
    Encoded<S, D, F1>: TensorUnpack<FLAT>,
    <Encoded<S, D, F1> as TensorUnpack<FLAT>>::Output: DecodeLayout<F1>,
{
    type Output = Decoded<<Encoded<S, D, F1> as TensorUnpack<FLAT>>::Output>;
    #[inline(always)]
    fn unpack(self) -> Self::Output {
        self.encoded::<F1>().unpack().decode()
    }
}

impl<S, D, T> TensorDivide<T> for Layout<S, D>
where
    // A tensor's tiler has at most the tensor's modes, as the layout
    // divides ask: a shape tiler's extra modes would otherwise be dropped,
    // and `local_tile` of an `(M, K)` tensor by a three-mode CTA tiler would
    // tile by its first two.
    T: ApplyZipped<Divide, Layout<S, D>> + LocalTileFits<S>,
{
    type Logical = <T as ApplyTiler<Divide, Layout<S, D>>>::Output;
    type Zipped = T::Zipped;
    type ZippedShape = <T::Zipped as LayoutParts>::Shape;
    #[inline(always)]
    fn try_logical_divide(self, t: T) -> Result<Self::Logical, LayoutError> {
        t.try_apply(self)
    }
    #[inline(always)]
    fn try_zipped_divide(self, t: T) -> Result<Self::Zipped, LayoutError> {
        t.try_zipped(self)
    }
}

/// Divides of a basis-strided layout: the plain divide of the encoded
/// layout, read back; the wider encoding must read back the same.
impl<S, D, T> TensorDivide<T> for BasisLayout<S, D>
where
    S: IntTuple,
    D: BasisTuple + EncodeStrides<F1> + EncodeStrides<F2>,
    Enc<D, F1>: IntTuple,
    T: ApplyZipped<Divide, Encoded<S, D, F1>>
        + ApplyZipped<Divide, Encoded<S, D, F2>>
        + TilerModesFit<S>,
    <T as ApplyTiler<Divide, Encoded<S, D, F1>>>::Output:
        Agree<<T as ApplyTiler<Divide, Encoded<S, D, F2>>>::Output>,
    <T as ApplyZipped<Divide, Encoded<S, D, F1>>>::Zipped:
        Agree<<T as ApplyZipped<Divide, Encoded<S, D, F2>>>::Zipped>,
    Decoded<<T as ApplyZipped<Divide, Encoded<S, D, F1>>>::Zipped>: LayoutParts,
{
    type Logical = Decoded<<T as ApplyTiler<Divide, Encoded<S, D, F1>>>::Output>;
    type Zipped = Decoded<<T as ApplyZipped<Divide, Encoded<S, D, F1>>>::Zipped>;
    type ZippedShape = <Self::Zipped as LayoutParts>::Shape;
    #[inline(always)]
    fn try_logical_divide(self, t: T) -> Result<Self::Logical, LayoutError> {
        Ok(t.try_apply(self.encoded::<F1>())?.decode())
    }
    #[inline(always)]
    fn try_zipped_divide(self, t: T) -> Result<Self::Zipped, LayoutError> {
        Ok(t.try_zipped(self.encoded::<F1>())?.decode())
    }
}

/// Divides of `A ∘ O ∘ B`: `A ∘ O ∘ divide(B, t)`.
impl<A: Copy, O: Copy, B: TensorDivide<T> + Copy, T> TensorDivide<T> for ComposedLayout<A, O, B> {
    type Logical = ComposedLayout<A, O, B::Logical>;
    type Zipped = ComposedLayout<A, O, B::Zipped>;
    type ZippedShape = B::ZippedShape;
    #[inline(always)]
    fn try_logical_divide(self, t: T) -> Result<Self::Logical, LayoutError> {
        let inner = self.layout().try_logical_divide(t)?;
        Ok(ComposedLayout::new(self.swizzle(), self.offset(), inner))
    }
    #[inline(always)]
    fn try_zipped_divide(self, t: T) -> Result<Self::Zipped, LayoutError> {
        let inner = self.layout().try_zipped_divide(t)?;
        Ok(ComposedLayout::new(self.swizzle(), self.offset(), inner))
    }
}

/// Regrouping `A ∘ O ∘ Z` regroups `Z`.
impl<A: Copy, O: Copy, Z: TensorUnpack<FLAT> + Copy, const FLAT: bool> TensorUnpack<FLAT>
    for ComposedLayout<A, O, Z>
{
    type Output = ComposedLayout<A, O, Z::Output>;
    #[inline(always)]
    fn unpack(self) -> Self::Output {
        ComposedLayout::new(self.swizzle(), self.offset(), self.layout().unpack())
    }
}
