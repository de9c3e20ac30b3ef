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
use crate::error::{LayoutError, ok_or_panic};
use crate::int::Int;
use crate::layout::LayoutParts;
use crate::layout::{Layout, Underscore};
use crate::tuple::ProductEach;
use frunk_core::hlist::{HCons, HNil};

/// CuTe's `repeat<rank(mode)>(_)`: one `_` per top-level mode (a single `_`
/// for an integer mode), so that slicing keeps the mode's structure.
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
impl Underscores for HNil {
    type Output = HNil;
    #[inline(always)]
    fn underscores() -> HNil {
        HNil
    }
}
impl<H, T: Underscores> Underscores for HCons<H, T> {
    type Output = HCons<Underscore, T::Output>;
    #[inline(always)]
    fn underscores() -> Self::Output {
        HCons {
            head: Underscore,
            tail: T::underscores(),
        }
    }
}

/// The two modes of a zipped shape `((tile…), (rest…))`.
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
type ZShape<L, T> = <Zip<L, T> as LayoutParts>::Shape;
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

/// [`inner_partition`] returning the error of a runtime value that breaks
/// the divide's conditions.
pub fn try_inner_partition<E, L, T, C>(
    t: Tensor<E, L>,
    tiler: T,
    coord: C,
) -> Result<InnerPartitioned<E, L, T, C>, LayoutError>
where
    L: TensorDivide<T>,
    ZShape<L, T>: ZippedModesValues,
    Zip<L, T>: TensorSlice<InnerCoord<L, T, C>>,
    E: Shift<SliceOffset<Zip<L, T>, InnerCoord<L, T, C>>>,
{
    Ok(t.try_zipped_divide(tiler)?.slice(HCons {
        head: <ZShape<L, T> as ZippedModesValues>::tile(),
        tail: HCons {
            head: coord,
            tail: HNil,
        },
    }))
}

/// The values of [`ZippedModes`].
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
#[track_caller]
pub fn inner_partition<E, L, T, C>(
    t: Tensor<E, L>,
    tiler: T,
    coord: C,
) -> InnerPartitioned<E, L, T, C>
where
    L: TensorDivide<T>,
    ZShape<L, T>: ZippedModesValues,
    Zip<L, T>: TensorSlice<InnerCoord<L, T, C>>,
    E: Shift<SliceOffset<Zip<L, T>, InnerCoord<L, T, C>>>,
{
    ok_or_panic(try_inner_partition(t, tiler, coord))
}

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
#[track_caller]
pub fn local_tile<E, L, T, C>(t: Tensor<E, L>, tiler: T, coord: C) -> InnerPartitioned<E, L, T, C>
where
    L: TensorDivide<T>,
    ZShape<L, T>: ZippedModesValues,
    Zip<L, T>: TensorSlice<InnerCoord<L, T, C>>,
    E: Shift<SliceOffset<Zip<L, T>, InnerCoord<L, T, C>>>,
{
    ok_or_panic(try_inner_partition(t, tiler, coord))
}

/// [`outer_partition`] returning the error of a runtime value that breaks
/// the divide's conditions.
pub fn try_outer_partition<E, L, T, C>(
    t: Tensor<E, L>,
    tiler: T,
    coord: C,
) -> Result<OuterPartitioned<E, L, T, C>, LayoutError>
where
    L: TensorDivide<T>,
    ZShape<L, T>: ZippedModesValues,
    Zip<L, T>: TensorSlice<OuterCoord<L, T, C>>,
    E: Shift<SliceOffset<Zip<L, T>, OuterCoord<L, T, C>>>,
{
    Ok(t.try_zipped_divide(tiler)?.slice(HCons {
        head: coord,
        tail: HCons {
            head: <ZShape<L, T> as ZippedModesValues>::rest(),
            tail: HNil,
        },
    }))
}

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
#[track_caller]
pub fn outer_partition<E, L, T, C>(
    t: Tensor<E, L>,
    tiler: T,
    coord: C,
) -> OuterPartitioned<E, L, T, C>
where
    L: TensorDivide<T>,
    ZShape<L, T>: ZippedModesValues,
    Zip<L, T>: TensorSlice<OuterCoord<L, T, C>>,
    E: Shift<SliceOffset<Zip<L, T>, OuterCoord<L, T, C>>>,
{
    ok_or_panic(try_outer_partition(t, tiler, coord))
}

/// One top-level mode's share of CuTe's `get_flat_coord`: the mode's
/// coordinate of index `idx` (per leaf `(idx / d) % s`, a size-1 leaf
/// giving 0), folded colexicographically into one integer; and the mode's
/// size. `None` where CuTe divides by zero (a stride-0 leaf of size > 1).
pub trait ModeIndex<D> {
    /// `(coordinate, size)`.
    fn mode_index(self, stride: D, idx: i32) -> Option<(i32, i32)>;
}
impl<S: Int, D: Int> ModeIndex<D> for S {
    #[inline(always)]
    fn mode_index(self, d: D, idx: i32) -> Option<(i32, i32)> {
        let s = self.value();
        if s == 1 {
            return Some((0, 1));
        }
        Some((idx.checked_div(d.value())?.checked_rem(s)?, s))
    }
}
impl ModeIndex<HNil> for HNil {
    #[inline(always)]
    fn mode_index(self, _: HNil, _: i32) -> Option<(i32, i32)> {
        Some((0, 1))
    }
}
impl<S0: ModeIndex<D0>, ST: ModeIndex<DT>, D0, DT> ModeIndex<HCons<D0, DT>> for HCons<S0, ST> {
    #[inline(always)]
    fn mode_index(self, d: HCons<D0, DT>, idx: i32) -> Option<(i32, i32)> {
        let (c0, s0) = self.head.mode_index(d.head, idx)?;
        let (ct, st) = self.tail.mode_index(d.tail, idx)?;
        Some((c0 + s0 * ct, s0 * st))
    }
}

/// CuTe's `layout.get_flat_coord(idx)` on a thread layout with shape
/// `Self` and stride `D`: one runtime integer per top-level mode.
pub trait FlatCoord<D> {
    /// The coordinate, `(i32, i32, …)`.
    type Output: Copy;
    /// Computes it.
    fn flat_coord(self, stride: D, idx: i32) -> Option<Self::Output>;
}
impl FlatCoord<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn flat_coord(self, _: HNil, _: i32) -> Option<HNil> {
        Some(HNil)
    }
}
impl<S0: ModeIndex<D0>, ST: FlatCoord<DT>, D0, DT> FlatCoord<HCons<D0, DT>> for HCons<S0, ST> {
    type Output = HCons<i32, ST::Output>;
    #[inline(always)]
    fn flat_coord(self, d: HCons<D0, DT>, idx: i32) -> Option<Self::Output> {
        Some(HCons {
            head: self.head.mode_index(d.head, idx)?.0,
            tail: self.tail.flat_coord(d.tail, idx)?,
        })
    }
}

/// The result of [`local_partition`] over a thread layout `TS:TD`.
pub type LocalPartitioned<E, L, TS, TD> = OuterPartitioned<E, L, ThrTiler<TS>, ThrCoord<TS, TD>>;
/// The tiler of [`local_partition`]: `product_each(shape(thr))`.
pub type ThrTiler<TS> = <TS as ProductEach>::Output;
/// The coordinate of [`local_partition`]: `thr.get_flat_coord(idx)`.
pub type ThrCoord<TS, TD> = <TS as FlatCoord<TD>>::Output;

/// [`local_partition`] returning an error for a runtime value that breaks
/// the divide, or a thread layout whose coordinate CuTe cannot compute (a
/// stride-0 mode of size above 1).
pub fn try_local_partition<E, L, TS, TD, I: Int>(
    t: Tensor<E, L>,
    thr: Layout<TS, TD>,
    idx: I,
) -> Result<LocalPartitioned<E, L, TS, TD>, LayoutError>
where
    TS: ProductEach + FlatCoord<TD> + Copy,
    TD: Copy,
    L: TensorDivide<ThrTiler<TS>>,
    ZShape<L, ThrTiler<TS>>: ZippedModesValues,
    Zip<L, ThrTiler<TS>>: TensorSlice<OuterCoord<L, ThrTiler<TS>, ThrCoord<TS, TD>>>,
    E: Shift<SliceOffset<Zip<L, ThrTiler<TS>>, OuterCoord<L, ThrTiler<TS>, ThrCoord<TS, TD>>>>,
{
    let (ts, td) = thr.into_parts();
    let coord = ts
        .flat_coord(td, idx.value())
        .ok_or(LayoutError::DivisionByZero {
            op: "local_partition",
        })?;
    try_outer_partition(t, ts.product_each(), coord)
}

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
/// ```
///
/// # Panics
/// Where [`try_local_partition`] returns an error.
#[track_caller]
pub fn local_partition<E, L, TS, TD, I: Int>(
    t: Tensor<E, L>,
    thr: Layout<TS, TD>,
    idx: I,
) -> LocalPartitioned<E, L, TS, TD>
where
    TS: ProductEach + FlatCoord<TD> + Copy,
    TD: Copy,
    L: TensorDivide<ThrTiler<TS>>,
    ZShape<L, ThrTiler<TS>>: ZippedModesValues,
    Zip<L, ThrTiler<TS>>: TensorSlice<OuterCoord<L, ThrTiler<TS>, ThrCoord<TS, TD>>>,
    E: Shift<SliceOffset<Zip<L, ThrTiler<TS>>, OuterCoord<L, ThrTiler<TS>, ThrCoord<TS, TD>>>>,
{
    ok_or_panic(try_local_partition(t, thr, idx))
}
