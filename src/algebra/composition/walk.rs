//! CuTe's `composition_impl` on types: the result's structure and static
//! values, and the static verdict.
//!
//! This is the value-level step [`composition_step`] (which both runtime
//! paths call) on types, branch for branch and with the same names. Each
//! leaf `s:d` of `B` walks the coalesced modes of `A` (a list of
//! [`ModeOfA`] records, which also carry the disjointness footprint from
//! leaf to leaf, as [`footprint_step`] does). A step on mode `c:e` with the
//! rest `rs:rd` of the leaf ([`LeafState`]) computes CuTe's
//! `next_shape = ceil_div(c, |rd|)` and
//! `next_stride = ceil_div(|rd|, c) * signum(rd)` with one comparison of
//! `|rd|` with `c` ([`StrideVsMode`]): `Greater` is
//! [`PastMode`](CompositionBranch::PastMode) and `Equal`
//! [`AtMode`](CompositionBranch::AtMode) (`next_shape` is `_1`, the mode is
//! skipped); `Less` goes on by the rest ([`InsideMode`]):
//! [`RestIsOne`](CompositionBranch::RestIsOne) for `rs = _1`, else by
//! comparing `next_shape` with `rs` ([`FillsOrEnds`]):
//! [`FillsMode`](CompositionBranch::FillsMode) and
//! [`EndsInMode`](CompositionBranch::EndsInMode) add the mode
//! `min(next_shape, rs) : rd * e` ([`StepOut`]). A static zero stride is
//! CuTe's leaf shortcut ([`LeafBy`]), so the value-level
//! [`ZeroStride`](CompositionBranch::ZeroStride) branch (a runtime zero) has
//! no static twin. Runtime values give runtime results and leave their
//! checks to run time ([`Rt`](super::verdict::Rt)). The sign check after the last leaf is
//! [`sign_mix`] ([`FinalVerdict`]).
//!
//! ```
//! use cute_algebra::algebra::verdict::Admitted;
//! use cute_algebra::algebra::walk::{ComposeTree, Context, Records};
//! use cute_algebra::prelude::*;
//! use cute_algebra::tuple::Z;
//! use cute_algebra::typenum::{B0, P1, P8};
//! use static_assertions::assert_type_eq_all;
//! // The modes of A = (4,2):(2,9) as records; the identity B = 8:1 walks
//! // them and gives A back.
//! type A = <Shape![4, 2] as Records<Stride![2, 9]>>::Output;
//! type C = Context<A, Z, Admitted, B0, B0, B0, Z>;
//! assert_type_eq_all!(<P8 as ComposeTree<P1, C>>::Shape, Shape![4, 2]);
//! assert_type_eq_all!(<P8 as ComposeTree<P1, C>>::Stride, Stride![2, 9]);
//! ```

use super::verdict::{NoLeaf, Or, Then};
use crate::int::SMul;
use crate::int::kind::{IntKind, KindOf, Runtime, StaticOne, StaticPos};
#[allow(unused_imports)] // the docs' links
use crate::steps::composition::{CompositionBranch, composition_step, footprint_step, sign_mix};
use crate::tuple::S as Succ;
use core::marker::PhantomData;

mod branch;
mod tree;
pub use branch::{FillsOrEnds, InsideMode, Neg, Pos, RuntimeRest, Signed, StrideVsMode};
use frunk_core::hlist::{HCons, HNil};
pub use tree::{ComposeTree, Context, FinalVerdict, LeafBy, NotOne, SignFlags, Unwrap};
use typenum::{B0, B1, UTerm};

/// A coalesced mode of `A` in the walk: shape `C`, stride `D`, the sum `U`
/// of the footprints of the leaves in it, and the first leaf `F` there.
pub struct ModeOfA<C, D, U, F>(PhantomData<(C, D, U, F)>);

/// The modes with shapes `Self` and strides `D` as walk records.
pub trait Records<D> {
    /// The records.
    type Output;
}
impl Records<HNil> for HNil {
    type Output = HNil;
}
impl<C, CT: Records<DT>, D, DT> Records<HCons<D, DT>> for HCons<C, CT> {
    type Output = HCons<ModeOfA<C, D, UTerm, NoLeaf>, CT::Output>;
}

/// The state of a leaf's walk: rest `RS:RD`, whether the leaf's shape is not
/// `1` (`SN`), the mode `M` and leaf `L` indices, whether a mode has been
/// emitted (`Any`), the verdict `V` and whether a leaf landed below `A`'s
/// last mode (`Bl`).
#[allow(clippy::type_complexity)]
pub struct LeafState<RS, RD, SN, M, L, Any, V, Bl>(PhantomData<(RS, RD, SN, M, L, Any, V, Bl)>);

/// A walk's result: the leaf's modes `Sh:Sd` (a list), the updated records
/// `Ms`, the verdict `V` and the below-last flag `Bl`.
pub struct WalkResult<Sh, Sd, Ms, V, Bl>(PhantomData<(Sh, Sd, Ms, V, Bl)>);

/// Walks the records `Self` (the remaining modes of `A`) in state `State`.
pub trait Walk<State> {
    /// An [`WalkResult`].
    type Output;
}
impl<A0, T: WalkNext<A0, State>, State> Walk<State> for HCons<A0, T> {
    type Output = T::Output;
}

/// The walk at mode `A0`, by what follows it (`Self`): `HNil` for the last mode.
pub trait WalkNext<A0, State> {
    /// An [`WalkResult`].
    type Output;
}
/// The last mode contributes only its stride: `rs : rd * e`, unless modes
/// were emitted and `rs` is the static `_1`.
impl<C, D, U, F, RS, RD, SN, M, L, Any, V, Bl>
    WalkNext<ModeOfA<C, D, U, F>, LeafState<RS, RD, SN, M, L, Any, V, Bl>> for HNil
where
    RD: SMul<D>,
    Any: FinalRest<RS, RD::Output>,
{
    type Output = WalkResult<
        <Any as FinalRest<RS, RD::Output>>::Shape,
        <Any as FinalRest<RS, RD::Output>>::Stride,
        HCons<ModeOfA<C, D, U, F>, HNil>,
        V,
        Bl,
    >;
}
impl<A0, State, H, TT> WalkNext<A0, State> for HCons<H, TT>
where
    (A0, State): StepTo<HCons<H, TT>>,
{
    type Output = <(A0, State) as StepTo<HCons<H, TT>>>::Output;
}

/// The final mode's contribution, by whether modes were emitted (`Self`).
pub trait FinalRest<RS, X> {
    /// Shapes.
    type Shape;
    /// Strides.
    type Stride;
}
impl<RS, X> FinalRest<RS, X> for B0 {
    type Shape = HCons<RS, HNil>;
    type Stride = HCons<X, HNil>;
}
impl<RS: IntKind<Kind: KeepRest<RS, X>>, X> FinalRest<RS, X> for B1 {
    type Shape = <KindOf<RS> as KeepRest<RS, X>>::Shape;
    type Stride = <KindOf<RS> as KeepRest<RS, X>>::Stride;
}
/// After emitted modes, the rest `RS : X` is kept unless it is `_1`; by
/// the rest's kind (`Self`).
pub trait KeepRest<RS, X> {
    /// Shapes.
    type Shape;
    /// Strides.
    type Stride;
}
impl<RS, X> KeepRest<RS, X> for StaticOne {
    type Shape = HNil;
    type Stride = HNil;
}
impl<RS, X, T> KeepRest<RS, X> for Runtime<T> {
    type Shape = HCons<RS, HNil>;
    type Stride = HCons<X, HNil>;
}
impl<RS, X, U> KeepRest<RS, X> for StaticPos<U> {
    type Shape = HCons<RS, HNil>;
    type Stride = HCons<X, HNil>;
}

/// Skip the mode.
pub struct Skip;
/// Emit a mode of shape `N` (its stride is `rd * e`).
pub struct AddMode<N>(PhantomData<N>);
/// An emitted mode `N : X`.
pub struct Added<N, X>(PhantomData<(N, X)>);

/// A step's effect: emission `E`, the new rest `NRS:NRD`, the mode's new
/// footprint `U2`, `F2`, the verdict `W` and the below-last flag `BA`.
pub struct StepOut<E, NRS, NRD, U2, F2, W, BA>(PhantomData<(E, NRS, NRD, U2, F2, W, BA)>);

/// The inputs of a step: mode shape `C`, rest `RS:RD`, `SN`, the mode's
/// footprint `U`, `F`, and the indices `M`, `L`.
#[allow(clippy::type_complexity)]
pub struct StepIn<C, RS, RD, SN, U, F, M, L>(PhantomData<(C, RS, RD, SN, U, F, M, L)>);

/// A step on mode `Self.0` in state `Self.1`, then the rest `T` of the walk.
pub trait StepTo<T> {
    /// An [`WalkResult`].
    type Output;
}
impl<
    C,
    D,
    U,
    F,
    RS,
    RD,
    SN,
    M,
    L,
    Any,
    V,
    Bl,
    T,
    E,
    NRS,
    NRD,
    U2,
    F2,
    W,
    BA,
    V2,
    Bl2,
    Any2,
    Em,
    Sh,
    Sd,
    Ms,
    V3,
    Bl3,
> StepTo<T> for (ModeOfA<C, D, U, F>, LeafState<RS, RD, SN, M, L, Any, V, Bl>)
where
    StepIn<C, RS, RD, SN, U, F, M, L>: StepBranch<Output = StepOut<E, NRS, NRD, U2, F2, W, BA>>,
    V: Then<W, Output = V2>,
    Bl: Or<BA, Output = Bl2>,
    E: Emitted<RD, D, Any, Emit = Em, Any = Any2>,
    T: Walk<
            LeafState<NRS, NRD, SN, Succ<M>, L, Any2, V2, Bl2>,
            Output = WalkResult<Sh, Sd, Ms, V3, Bl3>,
        >,
    Em: Prepend<Sh, Sd>,
{
    type Output = WalkResult<Em::Shape, Em::Stride, HCons<ModeOfA<C, D, U2, F2>, Ms>, V3, Bl3>;
}

/// [`Skip`] or [`AddMode`] as what the step emits, and the new `Any` flag.
pub trait Emitted<RD, D, Any> {
    /// [`Skip`] or [`Added`].
    type Emit;
    /// Whether any mode has been emitted.
    type Any;
}
impl<RD, D, Any> Emitted<RD, D, Any> for Skip {
    type Emit = Skip;
    type Any = Any;
}
impl<N, RD: SMul<D>, D, Any> Emitted<RD, D, Any> for AddMode<N> {
    type Emit = Added<N, RD::Output>;
    type Any = B1;
}

/// Puts the emitted mode (if any) in front of the rest's modes `Sh:Sd`.
pub trait Prepend<Sh, Sd> {
    /// Shapes.
    type Shape;
    /// Strides.
    type Stride;
}
impl<Sh, Sd> Prepend<Sh, Sd> for Skip {
    type Shape = Sh;
    type Stride = Sd;
}
impl<Sh, Sd, N, X> Prepend<Sh, Sd> for Added<N, X> {
    type Shape = HCons<N, Sh>;
    type Stride = HCons<X, Sd>;
}

/// A step's effect ([`StepOut`]), by the kinds of its inputs: the
/// type-level [`composition_step`].
pub trait StepBranch {
    /// A [`StepOut`].
    type Output;
}
