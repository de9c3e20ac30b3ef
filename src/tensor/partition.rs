//! Tiling and partitioning: `inner_partition` (= `local_tile`),
//! `outer_partition` and `local_partition`, as CuTe defines them on top of
//! `zipped_divide` and slicing.
//!
//! `zipped_divide(t, tiler)` gives `((tile…), (rest…))`. `inner_partition`
//! keeps the tile and slices the rest with a block coordinate (one block's
//! tile); `outer_partition` keeps the rest and slices the tile (one
//! thread's elements, strided over the tiles); `local_partition` takes the
//! thread's coordinate from a thread layout.

use super::{Shift, SliceOffset, Tensor, TensorDivide, TensorSlice};
use crate::error::{LayoutError, ok_or_panic, try_and_panicking};
use crate::int::kind::{IntKind, StaticPos};
use crate::int::{Int, IntAdd, IntDiv, IntMul, IntRem, IntoInt, Mod, Prod, Quot, Sum};
use crate::layout::{Layout, Underscore};
use crate::tuple::ProductEach;
use crate::tuple::cons;
use frunk_core::hlist::{HCons, HNil};
use typenum::{NonZero, P1, PInt, Unsigned, Z0};

/// CuTe's `repeat<rank(mode)>(_)`: one `_` per top-level mode (a single `_`
/// for an integer mode), so that slicing keeps the mode's structure.
#[doc(hidden)]
pub trait Underscores {
    /// The coordinate of `_`s.
    type Output: Copy;
    /// Builds it.
    fn underscores() -> Self::Output;
}
impl<I: Int> Underscores for I {
    type Output = Underscore;
    #[inline(always)]
    fn underscores() -> Underscore {
        Underscore
    }
}
crate::tuple::fill_hlist!(Underscores::underscores, Underscore = Underscore);

/// The two modes of a zipped shape `((tile…), (rest…))`.
#[doc(hidden)]
pub trait ZippedModes {
    /// `_`s over the tile mode.
    type Tile: Copy;
    /// `_`s over the rest mode.
    type Rest: Copy;
}
impl<A: Underscores, B: Underscores> ZippedModes for HCons<A, HCons<B, HNil>> {
    type Tile = A::Output;
    type Rest = B::Output;
}

/// The zipped divide of layout `L` by tiler `T`.
type Zip<L, T> = <L as TensorDivide<T>>::Zipped;
type ZShape<L, T> = <L as TensorDivide<T>>::ZippedShape;
/// The slice coordinate of [`inner_partition`]: `(repeat<R0>(_), coord)`.
pub type InnerCoord<L, T, C> = HCons<<ZShape<L, T> as ZippedModes>::Tile, HCons<C, HNil>>;
/// The slice coordinate of [`outer_partition`]: `(coord, repeat<R1>(_))`.
pub type OuterCoord<L, T, C> = HCons<C, HCons<<ZShape<L, T> as ZippedModes>::Rest, HNil>>;
/// The result of slicing the zipped tensor with coordinate `K`: the engine
/// moved by the fixed part's offset.
pub type ZipSliced<E, L, T, K> =
    Tensor<<E as Shift<SliceOffset<Zip<L, T>, K>>>::Output, <Zip<L, T> as TensorSlice<K>>::Output>;
/// The result of [`inner_partition`] and [`local_tile`].
pub type InnerPartitioned<E, L, T, C> = ZipSliced<E, L, T, InnerCoord<L, T, C>>;
/// The result of [`outer_partition`].
pub type OuterPartitioned<E, L, T, C> = ZipSliced<E, L, T, OuterCoord<L, T, C>>;

/// The slice coordinate of [`inner_partition`], built.
#[inline(always)]
fn inner_coord<L: TensorDivide<T>, T, C>(coord: C) -> InnerCoord<L, T, C>
where
    ZShape<L, T>: ZippedModesValues,
{
    cons(
        <ZShape<L, T> as ZippedModesValues>::tile(),
        cons(coord, HNil),
    )
}

/// The slice coordinate of [`outer_partition`], built.
#[inline(always)]
fn outer_coord<L: TensorDivide<T>, T, C>(coord: C) -> OuterCoord<L, T, C>
where
    ZShape<L, T>: ZippedModesValues,
{
    cons(
        coord,
        cons(<ZShape<L, T> as ZippedModesValues>::rest(), HNil),
    )
}

/// The partitions slice the zipped divide with a coordinate `K` (built by
/// `$make`), so they share their bounds; each panicking form (with
/// `local_tile`, CuTe's other name for `inner_partition`) unwraps its
/// `try_` twin.
macro_rules! partition_fns {
    ($($(#[$try_doc:meta])* $try_name:ident -> $Res:ident, $K:ident, $make:ident
        { $($(#[$doc:meta])* $name:ident)* })*) => {$(
        $(#[$try_doc])*
        pub fn $try_name<E, L, T, C>(
            t: Tensor<E, L>,
            tiler: T,
            coord: C,
        ) -> Result<$Res<E, L, T, C>, LayoutError>
        where
            L: TensorDivide<T>,
            ZShape<L, T>: ZippedModesValues,
            Zip<L, T>: TensorSlice<$K<L, T, C>>,
            E: Shift<SliceOffset<Zip<L, T>, $K<L, T, C>>>,
        {
            Ok(t.try_zipped_divide(tiler)?.slice($make::<L, T, C>(coord)))
        }
        $(
        $(#[$doc])*
        #[track_caller]
        pub fn $name<E, L, T, C>(t: Tensor<E, L>, tiler: T, coord: C) -> $Res<E, L, T, C>
        where
            L: TensorDivide<T>,
            ZShape<L, T>: ZippedModesValues,
            Zip<L, T>: TensorSlice<$K<L, T, C>>,
            E: Shift<SliceOffset<Zip<L, T>, $K<L, T, C>>>,
        {
            ok_or_panic($try_name(t, tiler, coord))
        }
        )*
    )*};
}

partition_fns! {
    /// [`inner_partition`] returning the error of a runtime value that breaks
    /// the divide's conditions.
    try_inner_partition -> InnerPartitioned, InnerCoord, inner_coord {
        /// CuTe's `inner_partition(tensor, tiler, coord)`: the tile of the tiles
        /// at `coord` (a coordinate into the rest mode, an integer or a tuple of
        /// its rank). `local_tile` is the same function.
        ///
        /// ```
        /// use cute_algebra::prelude::*;
        /// use cute_algebra::tensor::{inner_partition, make_counting_tensor};
        /// let t = make_counting_tensor(layout![(64, 64) : (1, 64)]);
        /// let p = inner_partition(t, shape![2, 2], coord![2, 16]);
        /// assert_eq!(p.to_string(), "counting_iter(2052) o (_2,_2):(_1,_64)");
        /// ```
        ///
        /// # Panics
        /// When a runtime value breaks the divide's conditions;
        /// [`try_inner_partition`] returns the error.
        inner_partition
        /// CuTe's `local_tile(tensor, tiler, coord)`: block `coord`'s tile. The
        /// tile's layout keeps the tiler's static shape; only the start offset
        /// depends on the (runtime) block coordinate.
        ///
        /// ```
        /// use cute_algebra::prelude::*;
        /// use cute_algebra::tensor::{local_tile, make_counting_tensor};
        /// let (bx, by): (i32, i32) = (7, 4);
        /// let t = local_tile(make_counting_tensor(layout![(16, 16) : (1, 16)]), shape![2, 2], coord![bx, by]);
        /// assert_eq!(t.to_string(), "counting_iter(142) o (_2,_2):(_1,_16)");
        /// ```
        ///
        /// # Panics
        /// As [`inner_partition`].
        local_tile
    }
    /// [`outer_partition`] returning the error of a runtime value that breaks
    /// the divide's conditions.
    try_outer_partition -> OuterPartitioned, OuterCoord, outer_coord {
        /// CuTe's `outer_partition(tensor, tiler, coord)`: the element at `coord`
        /// of every tile.
        ///
        /// ```
        /// use cute_algebra::prelude::*;
        /// use cute_algebra::tensor::{make_counting_tensor, outer_partition};
        /// let t = make_counting_tensor(layout![(32, 32) : (32, 1)]);
        /// let p = outer_partition(t, shape![4, 8], coord![5, 3]);
        /// assert_eq!(p.to_string(), "counting_iter(163) o (_8,_4):(_128,_8)");
        /// ```
        ///
        /// # Panics
        /// As [`inner_partition`].
        outer_partition
    }
}

/// The values of [`ZippedModes`].
#[doc(hidden)]
pub trait ZippedModesValues: ZippedModes {
    /// `_`s over the tile mode.
    fn tile() -> Self::Tile;
    /// `_`s over the rest mode.
    fn rest() -> Self::Rest;
}
impl<A: Underscores, B: Underscores> ZippedModesValues for HCons<A, HCons<B, HNil>> {
    #[inline(always)]
    fn tile() -> A::Output {
        A::underscores()
    }
    #[inline(always)]
    fn rest() -> B::Output {
        B::underscores()
    }
}

/// One leaf's coordinate of index `idx` in CuTe's `get_flat_coord`:
/// `(idx / d) % s`, and `_0` for a static size-1 leaf. Static when index,
/// stride and size are (a static thread index gives a static coordinate,
/// as in CuTe, which an identity tensor's start shows: `ArithTuple(_0,_1)`).
#[doc(hidden)]
pub trait LeafIndex<D, I> {
    /// The coordinate.
    type Coord: Int;
    /// Computes it; [`ModeIndex::divides_by_zero`] has been checked.
    fn leaf_index(self, d: D, idx: I) -> Self::Coord;
}
impl<D, I> LeafIndex<D, I> for P1 {
    type Coord = Z0;
    #[inline(always)]
    fn leaf_index(self, _: D, _: I) -> Z0 {
        Z0::new()
    }
}
/// A static extent ≥ 2 (told apart from `_1` by its kind).
impl<U: Unsigned + NonZero, D: Int, I: IntDiv<D>> LeafIndex<D, I> for PInt<U>
where
    Self: Int + IntKind<Kind = StaticPos<U>>,
    Quot<I, D>: IntRem<Self>,
{
    type Coord = Mod<Quot<I, D>, Self>;
    #[inline(always)]
    fn leaf_index(self, d: D, idx: I) -> Self::Coord {
        idx.div(d).rem(self)
    }
}
/// A runtime extent: the coordinate's type follows the mixing rule (an
/// `i32` index into an `i32` layout computes in `i32`, as before `i64`).
macro_rules! runtime_leaf_index {
    ($($T:ty),*) => {$(
        impl<D: Int, I: IntDiv<D>> LeafIndex<D, I> for $T
        where
            Quot<I, D>: IntRem<$T>,
        {
            type Coord = Mod<Quot<I, D>, $T>;
            #[inline(always)]
            fn leaf_index(self, d: D, idx: I) -> Self::Coord {
                if self == 1 {
                    // Zero is a value of every runtime type and of `Z0`.
                    match <Self::Coord as Int>::from_i64(0) {
                        Some(z) => z,
                        None => idx.div(d).rem(self),
                    }
                } else {
                    idx.div(d).rem(self)
                }
            }
        }
    )*};
}
runtime_leaf_index!(i32, i64);

/// One top-level mode's share of CuTe's `get_flat_coord`: the mode's
/// coordinate of index `idx` (per leaf, [`LeafIndex`]), folded
/// colexicographically into one integer; and the mode's size.
#[doc(hidden)]
pub trait ModeIndex<D, I> {
    /// The mode's coordinate.
    type Coord: Int;
    /// The mode's size.
    type Size: Int;
    /// `true` where CuTe divides by zero (a stride-0 leaf of size above 1)
    /// or overflows (`i32::MIN / -1`): a runtime check, constant for static
    /// layouts.
    fn divides_by_zero(self, stride: D, idx: I) -> bool;
    /// `(coordinate, size)`, once [`ModeIndex::divides_by_zero`] is `false`.
    fn mode_index(self, stride: D, idx: I) -> (Self::Coord, Self::Size);
}
impl<S: Int + LeafIndex<D, I>, D: Int, I: Int> ModeIndex<D, I> for S {
    type Coord = S::Coord;
    type Size = S;
    #[inline(always)]
    fn divides_by_zero(self, d: D, idx: I) -> bool {
        self.wide() != 1
            && (d.wide() == 0
                || (d.wide() == -1
                    && !I::IS_STATIC
                    && I::from_i64(idx.wide().wrapping_neg()).is_none())
                || (d.wide() == -1 && idx.wide() == i64::MIN))
    }
    #[inline(always)]
    fn mode_index(self, d: D, idx: I) -> (S::Coord, S) {
        (self.leaf_index(d, idx), self)
    }
}
impl<I> ModeIndex<HNil, I> for HNil {
    type Coord = Z0;
    type Size = P1;
    #[inline(always)]
    fn divides_by_zero(self, _: HNil, _: I) -> bool {
        false
    }
    #[inline(always)]
    fn mode_index(self, _: HNil, _: I) -> (Z0, P1) {
        (Z0::new(), P1::new())
    }
}
impl<S0, ST, D0, DT, I: Copy> ModeIndex<HCons<D0, DT>, I> for HCons<S0, ST>
where
    S0: ModeIndex<D0, I>,
    ST: ModeIndex<DT, I>,
    S0::Size: IntMul<ST::Coord> + IntMul<ST::Size>,
    S0::Coord: IntAdd<Prod<S0::Size, ST::Coord>>,
{
    type Coord = Sum<S0::Coord, Prod<S0::Size, ST::Coord>>;
    type Size = Prod<S0::Size, ST::Size>;
    #[inline(always)]
    fn divides_by_zero(self, d: HCons<D0, DT>, idx: I) -> bool {
        self.head.divides_by_zero(d.head, idx) || self.tail.divides_by_zero(d.tail, idx)
    }
    #[inline(always)]
    fn mode_index(self, d: HCons<D0, DT>, idx: I) -> (Self::Coord, Self::Size) {
        let (c0, s0) = self.head.mode_index(d.head, idx);
        let (ct, st) = self.tail.mode_index(d.tail, idx);
        (c0.add(s0.mul(ct)), s0.mul(st))
    }
}

/// CuTe's `layout.get_flat_coord(idx)` on a thread layout with shape
/// `Self` and stride `D`: one integer per top-level mode (static where the
/// index and the layout are).
#[doc(hidden)]
pub trait FlatCoord<D, I> {
    /// The coordinate.
    type Output: Copy;
    /// Computes it; `None` where CuTe divides by zero.
    fn flat_coord(self, stride: D, idx: I) -> Option<Self::Output>;
}
impl<I> FlatCoord<HNil, I> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn flat_coord(self, _: HNil, _: I) -> Option<HNil> {
        Some(HNil)
    }
}
impl<S0: ModeIndex<D0, I> + Copy, ST: FlatCoord<DT, I>, D0: Copy, DT, I: Copy>
    FlatCoord<HCons<D0, DT>, I> for HCons<S0, ST>
{
    type Output = HCons<S0::Coord, ST::Output>;
    #[inline(always)]
    fn flat_coord(self, d: HCons<D0, DT>, idx: I) -> Option<Self::Output> {
        if self.head.divides_by_zero(d.head, idx) {
            return None;
        }
        Some(cons(
            self.head.mode_index(d.head, idx).0,
            self.tail.flat_coord(d.tail, idx)?,
        ))
    }
}

/// The result of [`local_partition`] over a thread layout `TS:TD`.
pub type LocalPartitioned<E, L, TS, TD, I> =
    OuterPartitioned<E, L, ThrTiler<TS>, ThrCoord<TS, TD, I>>;
/// The tiler of [`local_partition`]: `product_each(shape(thr))`.
pub type ThrTiler<TS> = <TS as ProductEach>::Output;
/// The coordinate of [`local_partition`]: `thr.get_flat_coord(idx)`, for
/// an index of type `I` (a CuTe integer: a `u32` index reads as an `i32`,
/// a `usize` as an `i64`).
pub type ThrCoord<TS, TD, I> = <TS as FlatCoord<TD, I>>::Output;

try_and_panicking! {
    /// CuTe's `local_partition(tensor, thr_layout, thr_idx)`: thread `idx`'s
    /// elements when the threads of `thr` (coordinate -> thread index) tile the
    /// tensor: `outer_partition(t, product_each(shape(thr)),
    /// thr.get_flat_coord(idx))`.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// use cute_algebra::tensor::{local_partition, make_counting_tensor};
    /// let t = make_counting_tensor(layout![(64, 64) : (1, 64)]);
    /// let p = local_partition(t, layout![(8, 8) : (1, 8)], 39);
    /// assert_eq!(p.to_string(), "counting_iter(263) o (_8,_8):(_8,_512)");
    /// // A thread index as CUDA gives it (`u32`), or a Rust `usize`.
    /// assert_eq!(local_partition(t, layout![(8, 8) : (1, 8)], 39u32).to_string(), p.to_string());
    /// assert_eq!(local_partition(t, layout![(8, 8) : (1, 8)], 39usize).to_string(), p.to_string());
    /// ```
    ///
    /// # Panics
    /// Where [`try_local_partition`] returns an error.
    pub fn local_partition;
    /// [`local_partition`] returning an error for a runtime value that breaks
    /// the divide, or a thread layout whose coordinate CuTe cannot compute (a
    /// stride-0 mode of size above 1).
    pub fn try_local_partition<E, L, TS, TD, I, J>(t: Tensor<E, L>, thr: Layout<TS, TD>, idx: I)
        -> LocalPartitioned<E, L, TS, TD, J>
    where {
        // The index converts to the CuTe integer `J` once: the bounds
        // below name `J`, a plain parameter, not a projection (the type
        // checker's work per call does not grow with the conversion).
        I: IntoInt<Int = J>,
        TS: ProductEach + FlatCoord<TD, J> + Copy,
        TD: Copy,
        L: TensorDivide<ThrTiler<TS>>,
        ZShape<L, ThrTiler<TS>>: ZippedModesValues,
        Zip<L, ThrTiler<TS>>: TensorSlice<OuterCoord<L, ThrTiler<TS>, ThrCoord<TS, TD, J>>>,
        E: Shift<SliceOffset<Zip<L, ThrTiler<TS>>, OuterCoord<L, ThrTiler<TS>, ThrCoord<TS, TD, J>>>>,
    }
    {
        let (ts, td) = thr.into_parts();
        let coord = ts.flat_coord(td, idx.into_int()).ok_or(LayoutError::DivisionByZero {
            op: "local_partition",
        })?;
        try_outer_partition(t, ts.product_each(), coord)
    }
}
