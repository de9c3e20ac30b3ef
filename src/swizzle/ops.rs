//! The operations CuTe defines on a swizzled `ComposedLayout`
//! (`include/cute/layout_composed.hpp`, `swizzle_layout.hpp`): most act on
//! the inner layout and keep the swizzle and the offset.
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::swizzle::{Swizzle, get_nonswizzle_portion, get_swizzle_portion};
//! let c = composition(Swizzle::<3, 2, 3>, layout![(8, 64):(64, 1)]);
//! let t = tile_to_shape(c, shape![16, 128]);
//! assert_eq!(t.to_string(), "Sw<3,2,3> o _0 o ((_8,_2),(_64,_2)):((_64,_512),(_1,_1024))");
//! let d = c.logical_divide(shape![2, 1]);
//! assert_eq!(d.to_string(), "Sw<3,2,3> o _0 o ((_2,_4),(_1,_64)):((_64,_128),(_0,_1))");
//! assert_eq!(composition(c, layout![8 : 1]).to_string(), "Sw<3,2,3> o _0 o _8:_64");
//! assert_eq!(get_swizzle_portion(c).to_string(), "Sw<3,2,3>");
//! assert_eq!(get_nonswizzle_portion(c).to_string(), "(_8,_64):(_64,_1)");
//! assert_eq!(c.cosize().value(), 512);
//! ```

use super::composed::ComposedLayout;
use super::func::{Swizzle, SwizzleParams};
use crate::algebra::{
    ApplyTiler, ApplyZipped, Coalesce, ComposeStatic, Composition, Divide, FilterZeros, Filtered,
    FlatDivided, LogicalDivided, TileToShape, TiledDivided, Unpacked, ZippedDivided, coalesce,
    filter, flat_divide, logical_divide, tiled_divide, zipped_divide,
};
use crate::error::LayoutError;
use crate::int::IntAdd;
use crate::layout::{CosizeOf, Layout, LayoutParts, Span};
use crate::tuple::IntTuple;
use typenum::{P1, Z0};

/// `composition(Swizzle, layout)`: the composed layout `Sw o _0 o layout`,
/// or `layout` itself for a swizzle of zero bits (CuTe's "ignore identity
/// case").
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::swizzle::Swizzle;
/// assert_eq!(composition(Swizzle::<0, 4, 3>, layout![8 : 1]).to_string(), "_8:_1");
/// ```
impl<Sw: SwizzleParams + crate::int::sealed::Operand, SL, DL> Composition<Layout<SL, DL>> for Sw
where
    Sw::Bits: SwizzleOrIdentity<Sw, Layout<SL, DL>>,
{
    type Output = <Sw::Bits as SwizzleOrIdentity<Sw, Layout<SL, DL>>>::Output;
    #[inline(always)]
    fn try_compose(self, b: Layout<SL, DL>) -> Result<Self::Output, LayoutError> {
        Ok(<Sw::Bits as SwizzleOrIdentity<Sw, Layout<SL, DL>>>::compose(self, b))
    }
}
impl<Sw: SwizzleParams, B, R> ComposeStatic<B, R> for Sw {
    #[inline(always)]
    fn by_type<Res>(
        walk: impl FnOnce() -> Result<Res, LayoutError>,
        _: impl FnOnce(R) -> Res,
    ) -> Result<Res, LayoutError> {
        walk()
    }
}

/// Chooses by the swizzle's number of bits: `0` gives the layout alone.
#[doc(hidden)]
pub trait SwizzleOrIdentity<Sw, L> {
    /// `L` or `ComposedLayout<Sw, _0, L>`.
    type Output;
    /// Builds it.
    fn compose(sw: Sw, l: L) -> Self::Output;
}
impl<Sw, L> SwizzleOrIdentity<Sw, L> for typenum::UTerm {
    type Output = L;
    #[inline(always)]
    fn compose(_: Sw, l: L) -> L {
        l
    }
}
impl<Sw, L, U, B> SwizzleOrIdentity<Sw, L> for typenum::UInt<U, B> {
    type Output = ComposedLayout<Sw, Z0, L>;
    #[inline(always)]
    fn compose(sw: Sw, l: L) -> Self::Output {
        ComposedLayout::new(sw, Z0, l)
    }
}

/// `composition(A o O o L, rhs)` is `A o O o composition(L, rhs)`.
impl<A, O, L: Composition<R>, R> Composition<R> for ComposedLayout<A, O, L>
where
    A: Copy,
    O: Copy,
    L: Copy,
{
    type Output = ComposedLayout<A, O, L::Output>;
    #[inline(always)]
    fn try_compose(self, rhs: R) -> Result<Self::Output, LayoutError> {
        Ok(ComposedLayout::new(
            self.swizzle(),
            self.offset(),
            self.layout().try_compose(rhs)?,
        ))
    }
}
crate::algebra::composition::walk_static!(
    impl<A, O, L, B, R> ComposeStatic<B, R> for ComposedLayout<A, O, L>
);

/// `tile_to_shape(A o O o L, shape)` is `A o O o tile_to_shape(L, shape)`.
impl<A: Copy, O: Copy, L: TileToShape<Trg, Ord> + Copy, Trg, Ord> TileToShape<Trg, Ord>
    for ComposedLayout<A, O, L>
{
    type Output = ComposedLayout<A, O, L::Output>;
    #[inline]
    fn try_tile_to_shape(self, target: Trg, order: Ord) -> Result<Self::Output, LayoutError> {
        Ok(ComposedLayout::new(
            self.swizzle(),
            self.offset(),
            self.layout().try_tile_to_shape(target, order)?,
        ))
    }
}

/// A composed layout with the inner layout replaced.
pub type WithLayout<C, L> = ComposedLayout<<C as ComposedParts>::A, <C as ComposedParts>::O, L>;
/// The result of `c.logical_divide(t)` on a composed layout `C`.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::swizzle::{ComposedLogicalDivided, Swizzle};
/// use static_assertions::assert_type_eq_all;
/// type C = cute_algebra::swizzle::ComposedLayout<Swizzle<3, 4, 3>, cute_algebra::typenum::Z0, Layout![(8, 64) : (64, 1)]>;
/// assert_type_eq_all!(
///     ComposedLogicalDivided<C, Shape![8, 8]>,
///     cute_algebra::swizzle::ComposedLayout<Swizzle<3, 4, 3>, cute_algebra::typenum::Z0, Layout![((8, 1), (8, 8)) : ((64, 0), (1, 8))]>
/// );
/// ```
pub type ComposedLogicalDivided<C, T> = WithLayout<C, LogicalDivided<<C as ComposedParts>::B, T>>;
/// The result of `c.zipped_divide(t)` on a composed layout `C`.
pub type ComposedZippedDivided<C, T> = WithLayout<C, ZippedDivided<<C as ComposedParts>::B, T>>;
/// The result of `c.tiled_divide(t)` on a composed layout `C`.
pub type ComposedTiledDivided<C, T> = WithLayout<C, TiledDivided<<C as ComposedParts>::B, T>>;
/// The result of `c.flat_divide(t)` on a composed layout `C`.
pub type ComposedFlatDivided<C, T> = WithLayout<C, FlatDivided<<C as ComposedParts>::B, T>>;
/// The result of `get_swizzle_portion(l)`.
pub type SwizzlePortion<L> = <L as SwizzlePortions>::Swizzle;
/// The result of `get_nonswizzle_portion(l)`.
pub type NonSwizzlePortion<L> = <L as SwizzlePortions>::Layout;

/// Names a composed layout's parts.
#[doc(hidden)]
pub trait ComposedParts {
    /// The swizzle.
    type A;
    /// The offset.
    type O;
    /// The inner layout.
    type B;
}
impl<A, O, B> ComposedParts for ComposedLayout<A, O, B> {
    type A = A;
    type O = O;
    type B = B;
}

/// The four divides of a swizzled layout: the divide of the inner layout,
/// the swizzle and offset kept. They differ in the divide's `Apply*` trait,
/// its admissibility check and, for the unpacked forms, the flattening.
macro_rules! composed_divides {
    ($($name:ident -> $Res:ident = $Apply:ident<$Op:ty>, $Fits:ident $(, unpacked $flat:literal)?;)*) => {$(
        #[doc = concat!("`", stringify!($name), "` of the inner layout, keeping the swizzle and offset.")]
        #[inline]
        #[track_caller]
        pub fn $name<T>(&self, tiler: T) -> ComposedLayout<A, O, $Res<Layout<S, D>, T>>
        where
            T: $Apply<$Op, Layout<S, D>> + crate::algebra::named::$Fits<S>,
            $(
            <crate::algebra::ZippedDividedAs<Layout<S, D>, T, crate::algebra::names::$name> as LayoutParts>::Shape: Unpacked<$flat>,
            <crate::algebra::ZippedDividedAs<Layout<S, D>, T, crate::algebra::names::$name> as LayoutParts>::Stride: Unpacked<$flat>,
            )?
        {
            self.with($name(self.layout(), tiler))
        }
    )*};
}

impl<A: Copy, O: Copy, S: IntTuple, D: IntTuple> ComposedLayout<A, O, Layout<S, D>> {
    fn with<L>(&self, l: L) -> ComposedLayout<A, O, L> {
        ComposedLayout::new(self.swizzle(), self.offset(), l)
    }

    composed_divides! {
        logical_divide -> LogicalDivided = ApplyTiler<Divide>, LogicalDivideFits;
        zipped_divide -> ZippedDivided
            = ApplyZipped<Divide<crate::algebra::names::zipped_divide>>, ZippedDivideFits;
        tiled_divide -> TiledDivided
            = ApplyZipped<Divide<crate::algebra::names::tiled_divide>>, TiledDivideFits, unpacked false;
        flat_divide -> FlatDivided
            = ApplyZipped<Divide<crate::algebra::names::flat_divide>>, FlatDivideFits, unpacked true;
    }

    /// `coalesce` of the inner layout, keeping the swizzle and offset.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// use cute_algebra::swizzle::Swizzle;
    /// let c = composition(Swizzle::<2, 3, 3>, layout![(8, (4, 8)) : (32, (1, 4))]);
    /// assert_eq!(c.coalesce().to_string(), "Sw<2,3,3> o _0 o (_8,_32):(_32,_1)");
    /// assert_eq!(c.filter().to_string(), "Sw<2,3,3> o _0 o (_8,_32):(_32,_1)");
    /// ```
    #[inline(always)]
    pub fn coalesce(&self) -> ComposedLayout<A, O, <S as Coalesce<D>>::Output>
    where
        S: Coalesce<D>,
    {
        self.with(coalesce(self.layout()))
    }

    /// `filter` of the inner layout, keeping the swizzle and offset.
    #[inline(always)]
    pub fn filter(&self) -> ComposedLayout<A, O, Filtered<Layout<S, D>>>
    where
        S: FilterZeros<D>,
        <S as FilterZeros<D>>::Output: Coalesce<D>,
    {
        self.with(filter(self.layout()))
    }

    /// The codomain size: the inner layout's cosize (as in CuTe, a swizzle
    /// permutes within its period and does not grow it here).
    #[inline(always)]
    pub fn cosize(&self) -> CosizeOf<S, D>
    where
        S: Span<D>,
        S::Output: IntAdd<P1>,
    {
        self.layout().cosize()
    }
}

/// The swizzle of a layout (CuTe's `get_swizzle_portion`): a plain layout's
/// is the identity `Swizzle<0,4,3>`.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::swizzle::{Swizzle, SwizzlePortions};
/// let (sw, l) = composition(Swizzle::<3, 3, 3>, layout![(8, 64) : (64, 1)]).portions();
/// assert_eq!(format!("{sw} and {l}"), "Sw<3,3,3> and (_8,_64):(_64,_1)");
/// // A plain layout's swizzle is the identity.
/// assert_eq!(layout![(8, 64) : (64, 1)].portions().0.to_string(), "Sw<0,4,3>");
/// ```
pub trait SwizzlePortions {
    /// The swizzle part.
    type Swizzle;
    /// The layout part.
    type Layout;
    /// Both parts.
    fn portions(self) -> (Self::Swizzle, Self::Layout);
}
impl<A: SwizzleParams, O, L> SwizzlePortions for ComposedLayout<A, O, L>
where
    O: Copy,
    L: Copy,
{
    type Swizzle = A;
    type Layout = L;
    #[inline(always)]
    fn portions(self) -> (A, L) {
        (self.swizzle(), self.layout())
    }
}
impl<S, D> SwizzlePortions for Layout<S, D> {
    type Swizzle = Swizzle<0, 4, 3>;
    type Layout = Self;
    #[inline(always)]
    fn portions(self) -> (Swizzle<0, 4, 3>, Self) {
        (Swizzle, self)
    }
}

/// CuTe's `get_swizzle_portion`.
#[inline(always)]
pub fn get_swizzle_portion<L: SwizzlePortions>(l: L) -> L::Swizzle {
    l.portions().0
}
/// CuTe's `get_nonswizzle_portion`.
#[inline(always)]
pub fn get_nonswizzle_portion<L: SwizzlePortions>(l: L) -> L::Layout {
    l.portions().1
}
