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

use super::verdict::{Admitted, Fail, NoLeaf, Or, Rt};
use crate::int::SMul;
use crate::int::kind::{IntKind, KindOf, NotOneKind, StaticOne};
#[allow(unused_imports)] // the docs' links
use crate::steps::composition::{CompositionBranch, composition_step, footprint_step, sign_mix};
use crate::tuple::S as Succ;
use core::marker::PhantomData;

mod branch;
mod tree;
pub use branch::{FillsOrEnds, InsideMode, Neg, Pos, RuntimeRest, Signed, StrideVsMode};
use frunk_core::hlist::{HCons, HNil};
pub use tree::{ComposeTree, Context, FinalVerdict, LeafBy, LeafNotOne, SignFlags, Unwrap};
use typenum::{B0, B1, UTerm};

/// A coalesced mode of `A` in the walk: shape `C`, stride `D` and its
/// [`Footprint`] `Fp`.
pub struct ModeOfA<C, D, Fp>(PhantomData<(C, D, Fp)>);

/// The disjointness record of a mode of `A`: the sum `U` of the footprints
/// of the leaves in it ([`footprint_step`]), and the first leaf `F` there.
pub struct Footprint<U, F>(PhantomData<(U, F)>);

/// What a walk step reads of the leaf but never changes: whether its shape
/// is not `1` (`SN`) and its index `L`.
pub struct Leaf<SN, L>(PhantomData<(SN, L)>);

/// The verdict so far `V` and whether a leaf landed below `A`'s last mode
/// (`Bl`), carried together and joined by [`JoinVerdict`].
pub struct Verdict<V, Bl>(PhantomData<(V, Bl)>);

/// A verdict and a step's verdict `W`: the first failure wins (as
/// [`Then`](super::verdict::Then)), the below-last flags are or-ed (as
/// [`Or`]). Written per case rather than as `Then` and `Or` side by side:
/// after a failure the flag no longer matters, and a static flag decides
/// the `or` by itself, so most steps take one impl and no further bound.
pub trait JoinVerdict<W> {
    /// The joined [`Verdict`].
    type Output;
}
impl<X, Bl, W> JoinVerdict<W> for Verdict<Fail<X>, Bl> {
    type Output = Self;
}
impl<W, BA> JoinVerdict<Verdict<W, BA>> for Verdict<Admitted, B0> {
    type Output = Verdict<W, BA>;
}
impl<W, BA> JoinVerdict<Verdict<W, BA>> for Verdict<Admitted, B1> {
    type Output = Verdict<W, B1>;
}
impl<W, BA> JoinVerdict<Verdict<W, BA>> for Verdict<Admitted, Rt>
where
    Rt: Or<BA>,
{
    type Output = Verdict<W, <Rt as Or<BA>>::Output>;
}

/// The modes with shapes `Self` and strides `D` as walk records.
pub trait Records<D> {
    /// The records.
    type Output;
}
impl Records<HNil> for HNil {
    type Output = HNil;
}
impl<C, CT: Records<DT>, D, DT> Records<HCons<D, DT>> for HCons<C, CT> {
    type Output = HCons<ModeOfA<C, D, Footprint<UTerm, NoLeaf>>, CT::Output>;
}

/// The state of a leaf's walk: rest `RS:RD` (CuTe's
/// `rest_shape:rest_stride`), the [`Leaf`] `Lf`, the mode index `M`,
/// whether a mode has been emitted (`Any`) and the [`Verdict`] `Vd`.
pub struct LeafState<RS, RD, Lf, M, Any, Vd>(PhantomData<(RS, RD, Lf, M, Any, Vd)>);

/// A walk's result: the leaf's modes `Sh:Sd` (a list), the updated records
/// `Ms` and the [`Verdict`] `Vd`.
pub struct WalkResult<Sh, Sd, Ms, Vd>(PhantomData<(Sh, Sd, Ms, Vd)>);

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
impl<C, D, Fp, RS, RD, Lf, M, Any, Vd>
    WalkNext<ModeOfA<C, D, Fp>, LeafState<RS, RD, Lf, M, Any, Vd>> for HNil
where
    RD: SMul<D>,
    Any: FinalRest<RS, RD::Output>,
{
    type Output = WalkResult<
        <Any as FinalRest<RS, RD::Output>>::Shape,
        <Any as FinalRest<RS, RD::Output>>::Stride,
        HCons<ModeOfA<C, D, Fp>, HNil>,
        Vd,
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
/// Any other rest (a static ≥ 2 or a runtime value) is kept.
impl<RS, X, K: NotOneKind> KeepRest<RS, X> for K {
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
/// [`Footprint`] `Fp` and the step's [`Verdict`] `Wd`.
pub struct StepOut<E, NRS, NRD, Fp, Wd>(PhantomData<(E, NRS, NRD, Fp, Wd)>);

/// The inputs of a step: mode shape `C`, rest `RS:RD`, the [`Leaf`] `Lf`,
/// the mode's [`Footprint`] `Fp` and the mode index `M`.
pub struct StepIn<C, RS, RD, Lf, Fp, M>(PhantomData<(C, RS, RD, Lf, Fp, M)>);

/// A step on mode `Self.0` in state `Self.1`, then the rest `T` of the walk.
pub trait StepTo<T> {
    /// An [`WalkResult`].
    type Output;
}
/// The step ([`StepBranch`]), its verdict joined to the leaf's
/// ([`JoinVerdict`]), its mode (if any) put in front of what the rest of
/// the walk emits ([`Emitted`], [`Prepend`]). The parameters are the
/// fields of the records it reads and builds: each bundle that the step
/// passes on unread (`Fp`, `Lf`, `Vd`) is one parameter; bundling the rest
/// too (`RS:RD` as one) cost type-checking time (measured with cachegrind,
/// 0.1% on 100 static calls).
impl<C, D, Fp, RS, RD, Lf, M, Any, Vd, T, E, NRS, NRD, Fp2, Wd, Vd2, Any2, Em, Sh, Sd, Ms, Vd3>
    StepTo<T> for (ModeOfA<C, D, Fp>, LeafState<RS, RD, Lf, M, Any, Vd>)
where
    StepIn<C, RS, RD, Lf, Fp, M>: StepBranch<Output = StepOut<E, NRS, NRD, Fp2, Wd>>,
    Vd: JoinVerdict<Wd, Output = Vd2>,
    E: Emitted<RD, D, Any, Emit = Em, Any = Any2>,
    T: Walk<LeafState<NRS, NRD, Lf, Succ<M>, Any2, Vd2>, Output = WalkResult<Sh, Sd, Ms, Vd3>>,
    Em: Prepend<Sh, Sd>,
{
    type Output = WalkResult<Em::Shape, Em::Stride, HCons<ModeOfA<C, D, Fp2>, Ms>, Vd3>;
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
