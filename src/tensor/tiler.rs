//! [`TensorTiler`]: what a tensor's divides ask of its tiler and layout.
//! A plain layout divides through [`ApplyZipped`]; a swizzled
//! `ComposedLayout` divides its inner layout and keeps the swizzle and the
//! offset, as CuTe's `layout_composed.hpp` does.

use crate::algebra::{ApplyTiler, ApplyZipped, Divide, Unpacked, UnpackedLayout, unpack_layout};
use crate::error::LayoutError;
use crate::layout::{Layout, LayoutParts};
use crate::swizzle::ComposedLayout;

/// A tiler `Self` that divides a tensor layout `L`.
#[diagnostic::on_unimplemented(
    message = "tensor divide: `{Self}` does not tile the layout `{L}`",
    label = "a tiler is a layout, a shape, or a by-mode tuple with no more modes than the tensor"
)]
pub trait TensorTiler<L> {
    /// `logical_divide(L, Self)`.
    type Logical;
    /// `zipped_divide(L, Self)`: `((tile…), (rest…))`.
    type Zipped;
    /// The shape of the zipped layout (the inner layout's for a composed one).
    type ZippedShape;
    /// Divides.
    fn try_tensor_logical(self, l: L) -> Result<Self::Logical, LayoutError>;
    /// Divides and zips.
    fn try_tensor_zipped(self, l: L) -> Result<Self::Zipped, LayoutError>;
}

impl<T: ApplyZipped<Divide, Layout<S, D>>, S, D> TensorTiler<Layout<S, D>> for T {
    type Logical = <T as ApplyTiler<Divide, Layout<S, D>>>::Output;
    type Zipped = T::Zipped;
    type ZippedShape = <T::Zipped as LayoutParts>::Shape;
    #[inline(always)]
    fn try_tensor_logical(self, l: Layout<S, D>) -> Result<Self::Logical, LayoutError> {
        self.try_apply(l)
    }
    #[inline(always)]
    fn try_tensor_zipped(self, l: Layout<S, D>) -> Result<Self::Zipped, LayoutError> {
        self.try_zipped(l)
    }
}

impl<T: TensorTiler<B>, A: Copy, O: Copy, B: Copy> TensorTiler<ComposedLayout<A, O, B>> for T {
    type Logical = ComposedLayout<A, O, T::Logical>;
    type Zipped = ComposedLayout<A, O, T::Zipped>;
    type ZippedShape = T::ZippedShape;
    #[inline(always)]
    fn try_tensor_logical(self, l: ComposedLayout<A, O, B>) -> Result<Self::Logical, LayoutError> {
        let inner = self.try_tensor_logical(l.layout())?;
        Ok(ComposedLayout::new(l.swizzle(), l.offset(), inner))
    }
    #[inline(always)]
    fn try_tensor_zipped(self, l: ComposedLayout<A, O, B>) -> Result<Self::Zipped, LayoutError> {
        let inner = self.try_tensor_zipped(l.layout())?;
        Ok(ComposedLayout::new(l.swizzle(), l.offset(), inner))
    }
}

/// Regroups a zipped layout `((tile…), (rest…))` as `tiled_divide`
/// (`FLAT = false`: `((tile…), rest0, …)`) or `flat_divide` (`true`).
pub trait Unzip<const FLAT: bool> {
    /// The regrouped layout.
    type Output;
    /// Regroups.
    fn unzip(self) -> Self::Output;
}
impl<S: Unpacked<FLAT>, D: Unpacked<FLAT>, const FLAT: bool> Unzip<FLAT> for Layout<S, D> {
    type Output = UnpackedLayout<S, D, FLAT>;
    #[inline(always)]
    fn unzip(self) -> Self::Output {
        unpack_layout(self)
    }
}
impl<A: Copy, O: Copy, B: Unzip<FLAT> + Copy, const FLAT: bool> Unzip<FLAT>
    for ComposedLayout<A, O, B>
{
    type Output = ComposedLayout<A, O, B::Output>;
    #[inline(always)]
    fn unzip(self) -> Self::Output {
        ComposedLayout::new(self.swizzle(), self.offset(), self.layout().unzip())
    }
}
