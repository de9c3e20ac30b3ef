//! CuTe's projections of a tiler: `local_tile(t, tiler, coord, Step<_1, X, _1>{})`
//! and `local_partition(t, thr, idx, Step<_1, X>{})`.
//!
//! A GEMM's CTA tiler `(BLK_M, BLK_N, BLK_K)` and block coordinate
//! `(m, n, _)` cover three modes, and each operand takes two of them: A the
//! `(M, K)` modes (`Step<_1, X, _1>`), B `(N, K)` (`Step<X, _1, _1>`), C
//! `(M, N)` (`Step<_1, _1, X>`). A step is written as a coordinate: `1` keeps
//! a mode, `_` (CuTe's `X`) drops it, so `Step<_1, X, _1>{}` is
//! `coord![1, _, 1]`. [`local_tile_step`] projects the tiler and the
//! coordinate before tiling; [`local_partition_step`] dices the thread
//! layout (CuTe's `dice(proj, tile)`) before partitioning.
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::tensor::{local_tile_step, make_counting_tensor};
//! // CuTe (tests/data/cute/kernel_author_cases.cpp): the (M, K) = (256, 64)
//! // tile of block m = 1 by (128, 128, 8) projected with Step<_1, X, _1> is
//! // (_128,_8,8):(_1,256,2048) at offset 128.
//! let (m, k, bx): (i32, i32, i32) = (256, 64, 1);
//! let m_a = make_counting_tensor(make_layout(shape![m, k]));
//! let cta_tiler = shape![128, 128, 8];
//! let g_a = local_tile_step(m_a, cta_tiler, coord![bx, _, _], coord![1, _, 1]);
//! assert_eq!(g_a.to_string(), "counting_iter(128) o (_128,_8,8):(_1,256,2048)");
//! ```

use frunk_core::hlist::{HCons, HNil};
use typenum::P1;

use super::engine::Shift;
use super::{
    FlatCoord, InnerCoord, InnerPartitioned, LocalPartitioned, OuterCoord, SliceOffset, Tensor,
    TensorDivide, TensorSlice, ThrCoord, ThrTiler, ZippedModesValues, local_partition, local_tile,
};
use crate::int::IntoInt;
use crate::layout::Underscore;
use crate::layout::{Layout, SliceLayout, SliceMode};
use crate::tuple::cons;
use crate::tuple::{IntTuple, ProductEach};

/// A step's projection of a tuple: the modes where the step is `1` (CuTe's
/// `_1`), in order; a `_` (CuTe's `X`) drops its mode. The modes may be
/// anything (integers, layouts, `_`), so one step projects a tiler and a
/// coordinate alike.
#[diagnostic::on_unimplemented(
    message = "Step projection: the step `{Self}` does not fit the tuple `{T}`",
    label = "a step has one mode per mode of the tiler and of the coordinate: `1` to keep it, `_` (CuTe's X) to drop it"
)]
#[doc(hidden)]
pub trait Project<T> {
    /// The kept modes.
    type Output;
    /// Keeps them.
    fn project(t: T) -> Self::Output;
}
impl Project<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn project(_: HNil) -> HNil {
        HNil
    }
}
impl<ST: Project<TT>, T0, TT> Project<HCons<T0, TT>> for HCons<P1, ST> {
    type Output = HCons<T0, ST::Output>;
    #[inline(always)]
    fn project(t: HCons<T0, TT>) -> Self::Output {
        cons(t.head, ST::project(t.tail))
    }
}
impl<ST: Project<TT>, T0, TT> Project<HCons<T0, TT>> for HCons<Underscore, ST> {
    type Output = ST::Output;
    #[inline(always)]
    fn project(t: HCons<T0, TT>) -> Self::Output {
        ST::project(t.tail)
    }
}

/// The projection of `T` by step `P`.
pub type Projected<P, T> = <P as Project<T>>::Output;

/// CuTe's `local_tile(tensor, tiler, coord, Step<…>{})`: [`local_tile`] by
/// the modes of `tiler` and `coord` that `step` keeps.
///
/// # Panics
/// As [`local_tile`], when a runtime value breaks the divide's conditions.
#[inline(always)]
#[track_caller]
pub fn local_tile_step<E, L, T, C, P>(
    t: Tensor<E, L>,
    tiler: T,
    coord: C,
    _step: P,
) -> InnerPartitioned<E, L, Projected<P, T>, Projected<P, C>>
where
    P: Project<T> + Project<C>,
    L: TensorDivide<Projected<P, T>>,
    <L as TensorDivide<Projected<P, T>>>::ZippedShape: ZippedModesValues,
    <L as TensorDivide<Projected<P, T>>>::Zipped:
        TensorSlice<InnerCoord<L, Projected<P, T>, Projected<P, C>>>,
    E: Shift<
        SliceOffset<
            <L as TensorDivide<Projected<P, T>>>::Zipped,
            InnerCoord<L, Projected<P, T>, Projected<P, C>>,
        >,
    >,
{
    local_tile(
        t,
        <P as Project<T>>::project(tiler),
        <P as Project<C>>::project(coord),
    )
}

/// The thread layout `TS:TD` diced by step `P` (CuTe's `dice(proj, tile)`).
type DS<P, TS> = <P as SliceMode<TS, false>>::Output;

/// CuTe's `local_partition(tensor, thr, idx, Step<…>{})`:
/// [`local_partition`] by the modes of the thread layout that `step` keeps,
/// as CuTe dices the thread layout by the projection.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::{local_partition_step, make_counting_tensor};
/// // CuTe: sA (_128,_8), tC (_16,_16), thread 17: Step<_1, X> reads its
/// // coordinate through (_16):(_1) (start 1), Step<X, _1> through
/// // (_16):(_16) (start 1); both give (_8,_8):(_16,_128).
/// let s_a = make_counting_tensor(layout![(128, 8)]);
/// let t_c = layout![(16, 16)];
/// let p = local_partition_step(s_a, t_c, 17, coord![1, _]);
/// assert_eq!(p.to_string(), "counting_iter(1) o (_8,_8):(_16,_128)");
/// let q = local_partition_step(s_a, t_c, 3, coord![_, 1]);
/// assert_eq!(q.to_string(), "counting_iter(0) o (_8,_8):(_16,_128)");
/// ```
///
/// # Panics
/// As [`local_partition`].
#[inline(always)]
#[track_caller]
pub fn local_partition_step<E, L, TS, TD, I, J, P>(
    t: Tensor<E, L>,
    thr: Layout<TS, TD>,
    idx: I,
    step: P,
) -> LocalPartitioned<E, L, DS<P, TS>, DS<P, TD>, J>
where
    I: IntoInt<Int = J>,
    TS: IntTuple,
    TD: IntTuple,
    P: SliceLayout<TS, TD, false>,
    DS<P, TS>: ProductEach + FlatCoord<DS<P, TD>, J> + Copy,
    DS<P, TD>: Copy,
    L: TensorDivide<ThrTiler<DS<P, TS>>>,
    <L as TensorDivide<ThrTiler<DS<P, TS>>>>::ZippedShape: ZippedModesValues,
    <L as TensorDivide<ThrTiler<DS<P, TS>>>>::Zipped:
        TensorSlice<OuterCoord<L, ThrTiler<DS<P, TS>>, ThrCoord<DS<P, TS>, DS<P, TD>, J>>>,
    E: Shift<
        SliceOffset<
            <L as TensorDivide<ThrTiler<DS<P, TS>>>>::Zipped,
            OuterCoord<L, ThrTiler<DS<P, TS>>, ThrCoord<DS<P, TS>, DS<P, TD>, J>>,
        >,
    >,
{
    local_partition(t, thr.dice(step), idx)
}
