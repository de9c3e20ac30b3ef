//! Tiling and partitioning: `inner_partition` (= `local_tile`),
//! `outer_partition` and `local_partition`, as CuTe defines them on top of
//! `zipped_divide` and slicing.
//!
//! `zipped_divide(t, tiler)` gives `((tile…), (rest…))`. `inner_partition`
//! keeps the tile and slices the rest with a block coordinate (one block's
//! tile); `outer_partition` keeps the rest and slices the tile (one
//! thread's elements, strided over the tiles); `local_partition` takes the
//! thread's coordinate from a thread layout.

use super::TensorTiler;
use super::{Shift, SliceOffset, Tensor, TensorSlice};
use crate::error::{LayoutError, ok_or_panic};
use crate::int::{Int, IntAdd, IntDiv, IntMul, IntRem, Mod, Prod, Quot, Sum};
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

type ZShape<L, T> = <T as TensorTiler<L>>::ZippedShape;
/// The slice coordinate of [`inner_partition`]: `(repeat<R0>(_), coord)`.
pub type InnerCoord<L, T, C> = HCons<<ZShape<L, T> as ZippedModes>::Tile, HCons<C, HNil>>;
/// The slice coordinate of [`outer_partition`]: `(coord, repeat<R1>(_))`.
pub type OuterCoord<L, T, C> = HCons<C, HCons<<ZShape<L, T> as ZippedModes>::Rest, HNil>>;
/// The result of [`inner_partition`] and [`local_tile`].
pub type InnerPartitioned<E, L, T, C> =
    Tensor<E, <<T as TensorTiler<L>>::Zipped as TensorSlice<InnerCoord<L, T, C>>>::Output>;
/// The result of [`outer_partition`].
pub type OuterPartitioned<E, L, T, C> =
    Tensor<E, <<T as TensorTiler<L>>::Zipped as TensorSlice<OuterCoord<L, T, C>>>::Output>;

/// [`inner_partition`] returning the error of a runtime value that breaks
/// the divide's conditions.
pub fn try_inner_partition<E, L, T: TensorTiler<L>, C>(
    t: Tensor<E, L>,
    tiler: T,
    coord: C,
) -> Result<InnerPartitioned<E, L, T, C>, LayoutError>
where
    ZShape<L, T>: ZippedModesValues,
    T::Zipped: TensorSlice<InnerCoord<L, T, C>>,
    E: Shift<SliceOffset<T::Zipped, InnerCoord<L, T, C>>>,
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
pub fn inner_partition<E, L, T: TensorTiler<L>, C>(
    t: Tensor<E, L>,
    tiler: T,
    coord: C,
) -> InnerPartitioned<E, L, T, C>
where
    ZShape<L, T>: ZippedModesValues,
    T::Zipped: TensorSlice<InnerCoord<L, T, C>>,
    E: Shift<SliceOffset<T::Zipped, InnerCoord<L, T, C>>>,
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
pub fn local_tile<E, L, T: TensorTiler<L>, C>(
    t: Tensor<E, L>,
    tiler: T,
    coord: C,
) -> InnerPartitioned<E, L, T, C>
where
    ZShape<L, T>: ZippedModesValues,
    T::Zipped: TensorSlice<InnerCoord<L, T, C>>,
    E: Shift<SliceOffset<T::Zipped, InnerCoord<L, T, C>>>,
{
    ok_or_panic(try_inner_partition(t, tiler, coord))
}

/// [`outer_partition`] returning the error of a runtime value that breaks
/// the divide's conditions.
pub fn try_outer_partition<E, L, T: TensorTiler<L>, C>(
    t: Tensor<E, L>,
    tiler: T,
    coord: C,
) -> Result<OuterPartitioned<E, L, T, C>, LayoutError>
where
    ZShape<L, T>: ZippedModesValues,
    T::Zipped: TensorSlice<OuterCoord<L, T, C>>,
    E: Shift<SliceOffset<T::Zipped, OuterCoord<L, T, C>>>,
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
pub fn outer_partition<E, L, T: TensorTiler<L>, C>(
    t: Tensor<E, L>,
    tiler: T,
    coord: C,
) -> OuterPartitioned<E, L, T, C>
where
    ZShape<L, T>: ZippedModesValues,
    T::Zipped: TensorSlice<OuterCoord<L, T, C>>,
    E: Shift<SliceOffset<T::Zipped, OuterCoord<L, T, C>>>,
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

/// CuTe's `get_flat_coord(idx)` for a static thread index `I`: the same
/// per-leaf `(idx / d) % s` (a size-1 leaf giving `_0`) with CuTe's mixing
/// rule, so that a static thread index over a static thread layout gives a
/// static coordinate, as in CuTe. One top-level mode: `(coordinate, size)`.
pub trait StaticModeIndex<D, I> {
    /// The mode's coordinate.
    type C: Int;
    /// The mode's size.
    type N: Int;
    /// Computes them; `None` where CuTe divides by zero.
    fn mode_index_at(self, d: D, idx: I) -> Option<(Self::C, Self::N)>;
}
impl<D, I> StaticModeIndex<D, I> for typenum::P1 {
    type C = typenum::Z0;
    type N = typenum::P1;
    #[inline(always)]
    fn mode_index_at(self, _: D, _: I) -> Option<(Self::C, Self::N)> {
        Some(Default::default())
    }
}
impl<U: typenum::Unsigned, B: typenum::Bit, Bc: typenum::Bit, D, I> StaticModeIndex<D, I>
    for typenum::PInt<typenum::UInt<typenum::UInt<U, B>, Bc>>
where
    Self: Int,
    D: Int,
    I: IntDiv<D>,
    Quot<I, D>: IntRem<Self>,
{
    type C = Mod<Quot<I, D>, Self>;
    type N = Self;
    #[inline(always)]
    fn mode_index_at(self, d: D, idx: I) -> Option<(Self::C, Self)> {
        if d.value() == 0 {
            return None;
        }
        Some((idx.div(d).rem(self), self))
    }
}
impl<D: Int, I: Int> StaticModeIndex<D, I> for i32 {
    type C = i32;
    type N = i32;
    #[inline(always)]
    fn mode_index_at(self, d: D, idx: I) -> Option<(i32, i32)> {
        self.mode_index(d, idx.value())
    }
}
impl<D, I> StaticModeIndex<D, I> for HNil {
    type C = typenum::Z0;
    type N = typenum::P1;
    #[inline(always)]
    fn mode_index_at(self, _: D, _: I) -> Option<(Self::C, Self::N)> {
        Some(Default::default())
    }
}
impl<S0: StaticModeIndex<D0, I>, ST: StaticModeIndex<DT, I>, D0, DT, I: Copy>
    StaticModeIndex<HCons<D0, DT>, I> for HCons<S0, ST>
where
    S0::N: IntMul<ST::C> + IntMul<ST::N>,
    S0::C: IntAdd<Prod<S0::N, ST::C>>,
{
    type C = Sum<S0::C, Prod<S0::N, ST::C>>;
    type N = Prod<S0::N, ST::N>;
    #[inline(always)]
    fn mode_index_at(self, d: HCons<D0, DT>, idx: I) -> Option<(Self::C, Self::N)> {
        let (c0, n0) = self.head.mode_index_at(d.head, idx)?;
        let (ct, nt) = self.tail.mode_index_at(d.tail, idx)?;
        Some((c0.add(n0.mul(ct)), n0.mul(nt)))
    }
}

/// `get_flat_coord(idx)` with a static `I`: one integer per top-level mode
/// of the thread layout `Self:D`, static where the mode is.
pub trait StaticFlatCoord<D, I> {
    /// The coordinate.
    type Output: Copy;
    /// Computes it.
    fn flat_coord_at(self, d: D, idx: I) -> Option<Self::Output>;
}
impl<I> StaticFlatCoord<HNil, I> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn flat_coord_at(self, _: HNil, _: I) -> Option<HNil> {
        Some(HNil)
    }
}
impl<S0: StaticModeIndex<D0, I>, ST: StaticFlatCoord<DT, I>, D0, DT, I: Copy>
    StaticFlatCoord<HCons<D0, DT>, I> for HCons<S0, ST>
{
    type Output = HCons<S0::C, ST::Output>;
    #[inline(always)]
    fn flat_coord_at(self, d: HCons<D0, DT>, idx: I) -> Option<Self::Output> {
        Some(HCons {
            head: self.head.mode_index_at(d.head, idx)?.0,
            tail: self.tail.flat_coord_at(d.tail, idx)?,
        })
    }
}

/// A thread index of `local_partition` over the thread layout `TS:TD`: a
/// runtime `i32` gives a runtime coordinate, a static index a static one.
#[diagnostic::on_unimplemented(
    message = "local_partition: `{Self}` is not a thread index",
    label = "a thread index is a runtime `i32` or a static non-negative integer"
)]
pub trait ThrIndex<TS, TD>: Int {
    /// The thread's coordinate.
    type Coord: Copy;
    /// Computes it; `None` where CuTe divides by zero.
    fn thr_coord(self, ts: TS, td: TD) -> Option<Self::Coord>;
}
impl<TS: FlatCoord<TD>, TD> ThrIndex<TS, TD> for i32 {
    type Coord = TS::Output;
    #[inline(always)]
    fn thr_coord(self, ts: TS, td: TD) -> Option<Self::Coord> {
        ts.flat_coord(td, self)
    }
}
impl<TS: StaticFlatCoord<TD, Self>, TD> ThrIndex<TS, TD> for typenum::Z0 {
    type Coord = TS::Output;
    #[inline(always)]
    fn thr_coord(self, ts: TS, td: TD) -> Option<Self::Coord> {
        ts.flat_coord_at(td, self)
    }
}
impl<U: typenum::Unsigned + typenum::NonZero, TS: StaticFlatCoord<TD, Self>, TD> ThrIndex<TS, TD>
    for typenum::PInt<U>
where
    Self: Int,
{
    type Coord = TS::Output;
    #[inline(always)]
    fn thr_coord(self, ts: TS, td: TD) -> Option<Self::Coord> {
        ts.flat_coord_at(td, self)
    }
}

/// The result of [`local_partition`] over a thread layout `TS:TD` with a
/// thread index of type `I`.
pub type LocalPartitioned<E, L, TS, TD, I> =
    OuterPartitioned<E, L, ThrTiler<TS>, ThrCoord<TS, TD, I>>;
/// The tiler of [`local_partition`]: `product_each(shape(thr))`.
pub type ThrTiler<TS> = <TS as ProductEach>::Output;
/// The coordinate of [`local_partition`]: `thr.get_flat_coord(idx)`.
pub type ThrCoord<TS, TD, I> = <I as ThrIndex<TS, TD>>::Coord;

/// [`local_partition`] returning an error for a runtime value that breaks
/// the divide, or a thread layout whose coordinate CuTe cannot compute (a
/// stride-0 mode of size above 1).
pub fn try_local_partition<E, L, TS, TD, I: ThrIndex<TS, TD>>(
    t: Tensor<E, L>,
    thr: Layout<TS, TD>,
    idx: I,
) -> Result<LocalPartitioned<E, L, TS, TD, I>, LayoutError>
where
    TS: ProductEach + Copy,
    TD: Copy,
    ThrTiler<TS>: TensorTiler<L>,
    ZShape<L, ThrTiler<TS>>: ZippedModesValues,
    <ThrTiler<TS> as TensorTiler<L>>::Zipped:
        TensorSlice<OuterCoord<L, ThrTiler<TS>, ThrCoord<TS, TD, I>>>,
    E: Shift<
        SliceOffset<
            <ThrTiler<TS> as TensorTiler<L>>::Zipped,
            OuterCoord<L, ThrTiler<TS>, ThrCoord<TS, TD, I>>,
        >,
    >,
{
    let (ts, td) = thr.into_parts();
    let coord = idx.thr_coord(ts, td).ok_or(LayoutError::DivisionByZero {
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
pub fn local_partition<E, L, TS, TD, I: ThrIndex<TS, TD>>(
    t: Tensor<E, L>,
    thr: Layout<TS, TD>,
    idx: I,
) -> LocalPartitioned<E, L, TS, TD, I>
where
    TS: ProductEach + Copy,
    TD: Copy,
    ThrTiler<TS>: TensorTiler<L>,
    ZShape<L, ThrTiler<TS>>: ZippedModesValues,
    <ThrTiler<TS> as TensorTiler<L>>::Zipped:
        TensorSlice<OuterCoord<L, ThrTiler<TS>, ThrCoord<TS, TD, I>>>,
    E: Shift<
        SliceOffset<
            <ThrTiler<TS> as TensorTiler<L>>::Zipped,
            OuterCoord<L, ThrTiler<TS>, ThrCoord<TS, TD, I>>,
        >,
    >,
{
    ok_or_panic(try_local_partition(t, thr, idx))
}
