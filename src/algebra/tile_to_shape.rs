//! `tile_to_shape(block, target, order)`: repeat a block layout until it
//! covers a target shape.

use super::product::{BlockProduct, ChoosePair, PadPair};
use super::verdict::ShowInt;
use crate::error::LayoutError;
use crate::int::UDivides;
use crate::int::{CeilDiv, Int, IntCeilDiv};
use crate::layout::{CompactOrder, Layout};
use crate::tuple::{Compact, IntTuple, LayoutLeft, ProductEach};
use crate::tuple::{IntoModes, RankIsOne};
use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, NonZero, P1, PInt, Unsigned};

/// The block must not have more modes than the target shape. Never
/// implemented: it is the bound of [`TileToShapeIf`]'s failing verdict,
/// and exists to carry the message.
#[diagnostic::on_unimplemented(
    message = "tile_to_shape: the block has more modes than the target shape",
    label = "CuTe: \"Rank of layout must be <= rank of target shape.\""
)]
#[doc(hidden)]
pub trait BlockRankFits<Trg> {}

/// Whether the block's mode list `Self` is no longer than the target `Trg`:
/// `B1` or `B0`. [`TileToShape`] dispatches on it, so that a block that is
/// too long reaches [`BlockRankFits`]'s message without normalizing the
/// rest of the operation (whose by-mode traits would otherwise unify the
/// target with a longer list and report a type mismatch instead).
#[doc(hidden)]
pub trait BlockRankVerdict<Trg> {
    /// `B1` when the block fits.
    type Fits;
}
crate::int::output_impls! {
    type Fits;
    [Trg] HNil as BlockRankVerdict<Trg> => B1;
    [BH, BT] HCons<BH, BT> as BlockRankVerdict<HNil> => B0;
    [BH, BT: BlockRankVerdict<TT>, TH, TT] HCons<BH, BT> as BlockRankVerdict<HCons<TH, TT>>
        => BT::Fits;
}

#[doc(hidden)]
/// `target / block` per mode: the number of blocks. Each block size must
/// divide its target size: a trait bound when both are static, a runtime
/// check otherwise.
pub trait BlockCounts<Trg> {
    /// The counts.
    type Output: IntTuple;
    /// Computes them, or names the first mode the block does not divide.
    fn try_block_counts(self, target: Trg, mode: usize) -> Result<Self::Output, LayoutError>;
}
impl BlockCounts<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn try_block_counts(self, _: HNil, _: usize) -> Result<HNil, LayoutError> {
        Ok(HNil)
    }
}
impl<B0, BT, T0: Int, TT> BlockCounts<HCons<T0, TT>> for HCons<B0, BT>
where
    B0: BlockDivides<T0>,
    BT: BlockCounts<TT>,
    HCons<B0::Count, BT::Output>: IntTuple,
{
    type Output = HCons<B0::Count, BT::Output>;
    #[inline]
    fn try_block_counts(
        self,
        target: HCons<T0, TT>,
        mode: usize,
    ) -> Result<Self::Output, LayoutError> {
        let (b, t) = (self.head.wide(), target.head.wide());
        if b <= 0 || !crate::steps::rules::divides(t, b) {
            return Err(LayoutError::BlockDoesNotDivide {
                mode,
                block: b,
                target: t,
            });
        }
        Ok(HCons {
            head: self.head.count(target.head).ok_or(LayoutError::Overflow {
                op: "tile_to_shape",
            })?,
            tail: self.tail.try_block_counts(target.tail, mode + 1)?,
        })
    }
}

/// The block size `Self` divides the target size `T`.
#[diagnostic::on_unimplemented(
    message = "tile_to_shape: block shape does not divide the target shape",
    label = "each mode of the target must be a multiple of the block's mode (CuTe: \"tile_to_shape: block shape does not divide the target shape.\")"
)]
#[doc(hidden)]
pub trait BlockDivides<T>: Int {
    /// `T / Self`.
    type Count: Int;
    /// Computes it, or `None` where a runtime value overflows.
    fn count(self, target: T) -> Option<Self::Count>;
}
impl<UB: Unsigned + NonZero, UT: Unsigned + NonZero> BlockDivides<PInt<UT>> for PInt<UB>
where
    UT: UDivides<UB>,
    <UT as UDivides<UB>>::Output: DividesVerdict<PInt<UB>, PInt<UT>>,
    PInt<UT>: IntCeilDiv<PInt<UB>>,
    Self: Int,
{
    type Count = CeilDiv<PInt<UT>, PInt<UB>>;
    #[inline(always)]
    fn count(self, target: PInt<UT>) -> Option<Self::Count> {
        Some(target.ceil_div(self))
    }
}
#[doc(hidden)]
/// The static verdict of [`BlockDivides`]: `B1` passes; `B0` reports the
/// two sizes through [`BlockModeDoesNotDivide`].
pub trait DividesVerdict<B, T> {}
impl<B, T> DividesVerdict<B, T> for typenum::B1 {}
impl<B: ShowInt, T: ShowInt> DividesVerdict<B, T> for typenum::B0 where
    B::Output: BlockModeDoesNotDivide<T::Output>
{
}

/// Never implemented: the compile error for a block that does not divide
/// the target.
#[diagnostic::on_unimplemented(
    message = "tile_to_shape: block shape does not divide the target shape: a block mode of size {Self} does not divide {T}",
    label = "CuTe: \"tile_to_shape: block shape does not divide the target shape.\"",
    note = "each mode of the target must be a multiple of the size of the block's mode"
)]
#[doc(hidden)]
pub trait BlockModeDoesNotDivide<T> {}

macro_rules! runtime_divides {
    ($($B:ty, $T:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)*> BlockDivides<$T> for $B
        where
            $T: IntCeilDiv<$B>,
            $B: Int,
        {
            type Count = CeilDiv<$T, $B>;
            #[inline(always)]
            fn count(self, target: $T) -> Option<Self::Count> {
                target.ceil_div_checked(self)
            }
        }
    )*};
}
runtime_divides!(
    i32, i32 => [],
    i32, i64 => [],
    i64, i32 => [],
    i64, i64 => [],
    i32, PInt<U> => [U: Unsigned + NonZero],
    i64, PInt<U> => [U: Unsigned + NonZero],
    PInt<U>, i32 => [U: Unsigned + NonZero],
    PInt<U>, i64 => [U: Unsigned + NonZero]
);

#[doc(hidden)]
/// The layout of the block counts: column-major ([`LayoutLeft`]) or
/// ordered by an order tuple (CuTe's `make_ordered_layout`).
pub trait CountsOrder<C> {
    /// Its strides.
    type Stride;
    /// Computes them.
    fn counts_stride(self, counts: C) -> Self::Stride;
}
impl<C: Compact<LayoutLeft, P1>> CountsOrder<C> for LayoutLeft {
    type Stride = C::Stride;
    #[inline(always)]
    fn counts_stride(self, counts: C) -> C::Stride {
        counts.compact(P1::new()).0
    }
}
impl<C: CompactOrder<HCons<O0, OT>>, O0, OT> CountsOrder<C> for HCons<O0, OT> {
    type Stride = C::Stride;
    #[inline(always)]
    fn counts_stride(self, counts: C) -> C::Stride {
        counts.compact_order(self)
    }
}

/// `tile_to_shape` of the block `Self` to the target shape `Trg`, with the
/// blocks ordered by `Ord`.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::algebra::TileToShape;
/// use cute_algebra::tuple::LayoutLeft;
/// // Any block, repeated column-major (`LayoutLeft`) over an 8x6 tile.
/// fn smem<B: TileToShape<Shape![8, 6], LayoutLeft>>(block: B) -> B::Output {
///     tile_to_shape(block, shape![8, 6])
/// }
/// let l = smem(layout![(2, 2) : (1, 2)]);
/// assert_eq!(l.to_string(), "((_2,_4),(_2,_3)):((_1,_4),(_2,_16))");
/// ```
pub trait TileToShape<Trg, Ord>: crate::int::sealed::Operand {
    /// The tiled layout.
    type Output;
    /// Tiles, or names the mode the block does not divide.
    fn try_tile_to_shape(self, target: Trg, order: Ord) -> Result<Self::Output, LayoutError>;
}
/// The padded block's shape and stride.
type PadS<S, D, Trg> = <<S as IntoModes>::Modes as PadPair<<D as IntoModes>::Modes, Trg, Trg>>::AS;
type PadD<S, D, Trg> = <<S as IntoModes>::Modes as PadPair<<D as IntoModes>::Modes, Trg, Trg>>::AD;
/// The number of blocks per mode.
type Counts<S, D, Trg> =
    <<PadS<S, D, Trg> as ProductEach>::Output as BlockCounts<<Trg as ProductEach>::Output>>::Output;

/// The block the product takes: padded to the target's rank, except at
/// rank 1, where CuTe's `append<1>` leaves it as it is.
type Block<S, D, Trg> = <<Trg as RankIsOne>::Is as ChoosePair<
    Layout<S, D>,
    Layout<PadS<S, D, Trg>, PadD<S, D, Trg>>,
>>::Pair;

impl<S, D, Trg, Ord> TileToShape<Trg, Ord> for Layout<S, D>
where
    S: IntoModes,
    S::Modes: BlockRankVerdict<Trg>,
    <S::Modes as BlockRankVerdict<Trg>>::Fits: TileToShapeIf<Layout<S, D>, Trg, Ord>,
{
    type Output = <<S::Modes as BlockRankVerdict<Trg>>::Fits as TileToShapeIf<
        Layout<S, D>,
        Trg,
        Ord,
    >>::Output;
    #[inline(always)]
    fn try_tile_to_shape(self, target: Trg, order: Ord) -> Result<Self::Output, LayoutError> {
        <S::Modes as BlockRankVerdict<Trg>>::Fits::try_tile(self, target, order)
    }
}

/// [`TileToShape`] once the block's rank is decided: `B1` tiles, `B0`
/// reports [`BlockRankFits`].
#[doc(hidden)]
pub trait TileToShapeIf<L, Trg, Ord> {
    /// The tiled layout.
    type Output;
    /// Tiles.
    fn try_tile(l: L, target: Trg, order: Ord) -> Result<Self::Output, LayoutError>;
}
impl<S, D, Trg, Ord> TileToShapeIf<Layout<S, D>, Trg, Ord> for B0
where
    S: IntoModes,
    S::Modes: BlockRankFits<Trg>,
{
    type Output = Layout<S, D>;
    fn try_tile(l: Layout<S, D>, _: Trg, _: Ord) -> Result<Self::Output, LayoutError> {
        Ok(l)
    }
}
impl<S, D, Trg, Ord> TileToShapeIf<Layout<S, D>, Trg, Ord> for B1
where
    S: IntoModes + IntTuple + Copy,
    S::Static: super::SizeFits<S>,
    D: IntoModes + Copy,
    S::Modes: PadPair<D::Modes, Trg, Trg>,
    Trg: ProductEach + Copy,
    <Trg as ProductEach>::Output: IntTuple,
    <<Trg as ProductEach>::Output as IntTuple>::Static:
        super::SizeFits<<Trg as ProductEach>::Output>,
    PadS<S, D, Trg>: ProductEach + Copy,
    <PadS<S, D, Trg> as ProductEach>::Output: BlockCounts<<Trg as ProductEach>::Output>,
    Ord: CountsOrder<Counts<S, D, Trg>>,
    Trg: RankIsOne,
    <Trg as RankIsOne>::Is: ChoosePair<Layout<S, D>, Layout<PadS<S, D, Trg>, PadD<S, D, Trg>>>,
    Block<S, D, Trg>: BlockProduct<Layout<Counts<S, D, Trg>, Ord::Stride>, false>,
{
    type Output =
        <Block<S, D, Trg> as BlockProduct<Layout<Counts<S, D, Trg>, Ord::Stride>, false>>::Output;
    #[inline]
    fn try_tile(l: Layout<S, D>, target: Trg, order: Ord) -> Result<Self::Output, LayoutError> {
        let (s, d) = l.into_parts();
        // As DynLayout: extents of at least 1, sizes that fit (then every
        // block count, and its compact strides, fit too).
        super::check_shape(s, "tile_to_shape")?;
        super::check_shape(target.product_each(), "tile_to_shape")?;
        let (ps, pd, _, _) = s.into_modes().pad(d.into_modes(), target, target);
        let counts = ps
            .product_each()
            .try_block_counts(target.product_each(), 0)?;
        let reps = Layout::from_parts(counts, order.counts_stride(counts));
        let block = <Trg as RankIsOne>::Is::choose(l, Layout::from_parts(ps, pd));
        block.try_block_product(reps)
    }
}

/// The result type of [`tile_to_shape`].
pub type TiledToShape<L, Trg> = <L as TileToShape<Trg, LayoutLeft>>::Output;

/// CuTe's `tile_to_shape(block, target)`: the block repeated, column-major,
/// until it covers `target`; the block is padded with `_1:_0` modes to the
/// target's rank, and each of its modes must divide the target's.
///
/// # Panics
/// When a runtime block mode does not divide the target (a static one does
/// not compile); [`try_tile_to_shape`] returns the error.
///
/// ```
/// use cute_algebra::prelude::*;
/// let l = tile_to_shape(layout![(2, 2) : (1, 2)], shape![8, 6, 2]);
/// assert_eq!(l.to_string(), "((_2,_4),(_2,_3),(_1,_2)):((_1,_4),(_2,_16),(_0,_48))");
/// ```
#[inline]
#[track_caller]
pub fn tile_to_shape<L: TileToShape<Trg, LayoutLeft>, Trg>(
    block: L,
    target: Trg,
) -> TiledToShape<L, Trg> {
    crate::error::ok_or_panic(block.try_tile_to_shape(target, LayoutLeft))
}

/// [`tile_to_shape`] with the blocks ordered by `order` (CuTe's third
/// argument, as in `make_ordered_layout`).
///
/// # Panics
/// As [`tile_to_shape`].
///
/// ```
/// use cute_algebra::prelude::*;
/// let l = tile_to_shape_ordered(layout![((2, 2), 2) : ((1, 2), 4)], shape![8, 6], shape![1, 0]);
/// assert_eq!(l.to_string(), "(((_2,_2),_2),(_2,_3)):(((_1,_2),_24),(_4,_8))");
/// ```
#[inline]
#[track_caller]
pub fn tile_to_shape_ordered<L: TileToShape<Trg, Ord>, Trg, Ord>(
    block: L,
    target: Trg,
    order: Ord,
) -> L::Output {
    crate::error::ok_or_panic(block.try_tile_to_shape(target, order))
}

/// [`tile_to_shape`], returning a runtime block mode that does not divide
/// the target as an error.
///
/// ```
/// use cute_algebra::prelude::*;
/// let m: i32 = 7;
/// assert!(try_tile_to_shape(layout![(2, 2) : (1, 2)], shape![m, 6]).is_err());
/// ```
#[inline]
pub fn try_tile_to_shape<L: TileToShape<Trg, LayoutLeft>, Trg>(
    block: L,
    target: Trg,
) -> Result<TiledToShape<L, Trg>, LayoutError> {
    block.try_tile_to_shape(target, LayoutLeft)
}
