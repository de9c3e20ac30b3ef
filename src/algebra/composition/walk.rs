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
//! checks to run time ([`Rt`]). The sign check after the last leaf is
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

use super::verdict::{
    AddTop, Admitted, AndRt, Below, Fail, FirstLeaf, NoLeaf, Or, Pick, Rt, ShapeFail, SignMix,
    StraddleFail, StrideFail, Then,
};
use crate::algebra::classify::One;
use crate::int::{CeilDivExact, SMul};
#[allow(unused_imports)] // the docs' links
use crate::steps::composition::{CompositionBranch, composition_step, footprint_step, sign_mix};
use crate::tuple::{S as Succ, Z};
use core::marker::PhantomData;
use frunk_core::hlist::{HCons, HNil};
use typenum::{
    B0, B1, Cmp, Compare, Diff, Equal, Greater, Less, NInt, NonZero, PInt, Prod as UProd, Sub1, U1,
    UInt, UTerm, Unsigned, Z0,
};

/// `ceil(A / B)`, static (CuTe's `ceil_div`).
type CeilQuot<A, B> = <A as CeilDivExact<B>>::Quot;
/// Whether `B` divides `A`, static.
type IsMultiple<A, B> = <A as CeilDivExact<B>>::Exact;
/// The verdict of a check whose outcome is the bit `B`: admitted, or failure `X`.
type Check<B, X> = <B as Pick<Admitted, Fail<X>, Admitted>>::Output;

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
impl<RS: KeepRest<X>, X> FinalRest<RS, X> for B1 {
    type Shape = RS::Shape;
    type Stride = RS::Stride;
}
/// After emitted modes, the rest `Self : X` is kept unless it is `_1`.
pub trait KeepRest<X> {
    /// Shapes.
    type Shape;
    /// Strides.
    type Stride;
}
impl<X> KeepRest<X> for One {
    type Shape = HNil;
    type Stride = HNil;
}
impl<X> KeepRest<X> for i32 {
    type Shape = HCons<i32, HNil>;
    type Stride = HCons<X, HNil>;
}
impl<X> KeepRest<X> for i64 {
    type Shape = HCons<i64, HNil>;
    type Stride = HCons<X, HNil>;
}
impl<X, A, B, C> KeepRest<X> for PInt<UInt<UInt<A, B>, C>>
where
    UInt<UInt<A, B>, C>: Unsigned + NonZero,
{
    type Shape = HCons<Self, HNil>;
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

/// The sign of a static stride.
pub struct Pos;
/// The sign of a static stride.
pub struct Neg;
/// `Self` (a sign) applied to the unsigned `Q`.
pub trait Signed<Q> {
    /// `±Q`.
    type Output;
}
impl<Q: Unsigned + NonZero> Signed<Q> for Pos {
    type Output = PInt<Q>;
}
impl<Q: Unsigned + NonZero> Signed<Q> for Neg {
    type Output = NInt<Q>;
}

macro_rules! static_step {
    ($($RD:ident => $Sg:ident),*) => {$(
        /// Static shape and stride: one comparison of `|rd|` with `c`.
        impl<Cu, RS, Ru, SN, U, F, M, L> StepBranch for StepIn<PInt<Cu>, RS, $RD<Ru>, SN, U, F, M, L>
        where
            Cu: Unsigned + NonZero,
            Ru: Unsigned + NonZero + Cmp<Cu>,
            Compare<Ru, Cu>: StrideVsMode<$Sg, Ru, Self>,
        {
            type Output = <Compare<Ru, Cu> as StrideVsMode<$Sg, Ru, Self>>::Output;
        }
    )*};
}
static_step!(PInt => Pos, NInt => Neg);

/// A runtime stride or shape: CuTe's next shape and stride are runtime.
/// (The walk's runtime results are `i32`; an `i64` operand widens them
/// afterwards, `WidenIf`.)
macro_rules! runtime_step {
    ($($R:ty),*) => {$(
        impl<Cu: Unsigned + NonZero, RS, SN, U, F, M, L> StepBranch for StepIn<PInt<Cu>, RS, $R, SN, U, F, M, L>
        where
            RS: RuntimeRest<F, L>,
        {
            type Output = RS::Output;
        }
        impl<RS, RD, SN, U, F, M, L> StepBranch for StepIn<$R, RS, RD, SN, U, F, M, L>
        where
            RS: RuntimeRest<F, L>,
        {
            type Output = RS::Output;
        }
    )*};
}
runtime_step!(i32, i64);

/// A runtime next shape: skip if the rest is `_1`, else emit a runtime mode.
pub trait RuntimeRest<F, L> {
    /// A [`StepOut`].
    type Output;
}
impl<F, L> RuntimeRest<F, L> for One {
    type Output = StepOut<Skip, One, i32, Rt, F, Admitted, B0>;
}
impl<F: FirstLeaf<L>, L> RuntimeRest<F, L> for i32 {
    type Output = StepOut<AddMode<i32>, i32, i32, Rt, F::Output, Admitted, Rt>;
}
impl<F: FirstLeaf<L>, L> RuntimeRest<F, L> for i64 {
    type Output = StepOut<AddMode<i32>, i32, i32, Rt, F::Output, Admitted, Rt>;
}
impl<F: FirstLeaf<L>, L, A, B, C> RuntimeRest<F, L> for PInt<UInt<UInt<A, B>, C>>
where
    UInt<UInt<A, B>, C>: Unsigned + NonZero,
{
    type Output = StepOut<AddMode<i32>, i32, i32, Rt, F::Output, Admitted, Rt>;
}

/// The branch of a static step, by `compare(|rd|, c)` (`Self`).
pub trait StrideVsMode<Sg, Ru, I> {
    /// A [`StepOut`].
    type Output;
}
/// [`PastMode`](CompositionBranch::PastMode), `|rd| > c`: skip; stride
/// divisibility needs `c` to divide `|rd|`.
impl<Sg, Ru, Cu, RS, RD, SN, U, F, M, L>
    StrideVsMode<Sg, Ru, StepIn<PInt<Cu>, RS, RD, SN, U, F, M, L>> for Greater
where
    Cu: Unsigned + NonZero,
    Ru: CeilDivExact<Cu>,
    Sg: Signed<CeilQuot<Ru, Cu>>,
    IsMultiple<Ru, Cu>: Pick<Admitted, Fail<StrideFail<M, RD, PInt<Cu>>>, Admitted>,
    SN: Pick<Check<IsMultiple<Ru, Cu>, StrideFail<M, RD, PInt<Cu>>>, Admitted, Admitted>,
{
    type Output =
        StepOut<
            Skip,
            RS,
            <Sg as Signed<CeilQuot<Ru, Cu>>>::Output,
            U,
            F,
            <SN as Pick<
                Check<IsMultiple<Ru, Cu>, StrideFail<M, RD, PInt<Cu>>>,
                Admitted,
                Admitted,
            >>::Output,
            B0,
        >;
}
/// [`AtMode`](CompositionBranch::AtMode), `|rd| == c`: skip, the next stride is `±1`.
impl<Sg: Signed<U1>, Ru, Cu, RS, RD, SN, U, F, M, L>
    StrideVsMode<Sg, Ru, StepIn<PInt<Cu>, RS, RD, SN, U, F, M, L>> for Equal
where
    Cu: Unsigned + NonZero,
{
    type Output = StepOut<Skip, RS, Sg::Output, U, F, Admitted, B0>;
}
/// `|rd| < c`: the next stride is `±1`; the branch depends on the rest ([`InsideMode`]).
impl<Sg, Ru, Cu, RS, RD, SN, U, F, M, L>
    StrideVsMode<Sg, Ru, StepIn<PInt<Cu>, RS, RD, SN, U, F, M, L>> for Less
where
    Cu: Unsigned + NonZero,
    RS: InsideMode<Sg, Ru, Cu, U, F, M, L>,
{
    type Output = RS::Output;
}

/// A static step with `|rd| < c`, by the rest's shape (`Self`).
pub trait InsideMode<Sg, Ru, Cu, U, F, M, L> {
    /// A [`StepOut`].
    type Output;
}
/// [`RestIsOne`](CompositionBranch::RestIsOne): nothing is left of the leaf; skip.
impl<Sg: Signed<U1>, Ru, Cu, U, F, M, L> InsideMode<Sg, Ru, Cu, U, F, M, L> for One {
    type Output = StepOut<Skip, One, Sg::Output, U, F, Admitted, B0>;
}
/// A runtime rest: CuTe emits a runtime mode; the checks wait for run time.
impl<Sg: Signed<U1>, Ru, Cu, U, F: FirstLeaf<L>, M, L> InsideMode<Sg, Ru, Cu, U, F, M, L> for i32 {
    type Output = StepOut<AddMode<i32>, i32, Sg::Output, Rt, F::Output, Admitted, Rt>;
}
impl<Sg: Signed<U1>, Ru, Cu, U, F: FirstLeaf<L>, M, L> InsideMode<Sg, Ru, Cu, U, F, M, L> for i64 {
    type Output = StepOut<AddMode<i32>, i32, Sg::Output, Rt, F::Output, Admitted, Rt>;
}
/// A static rest `su >= 2`: `n = ceil(c / |rd|)`, compared with `su`.
impl<Sg, Ru, Cu, U, F, M, L, X, Y, Bt> InsideMode<Sg, Ru, Cu, U, F, M, L>
    for PInt<UInt<UInt<X, Y>, Bt>>
where
    UInt<UInt<X, Y>, Bt>: Unsigned + NonZero,
    Cu: CeilDivExact<Ru>,
    CeilQuot<Cu, Ru>: Cmp<UInt<UInt<X, Y>, Bt>>,
    Compare<CeilQuot<Cu, Ru>, UInt<UInt<X, Y>, Bt>>: FillsOrEnds<
            Sg,
            Ru,
            Cu,
            U,
            F,
            M,
            L,
            CeilQuot<Cu, Ru>,
            IsMultiple<Cu, Ru>,
            UInt<UInt<X, Y>, Bt>,
        >,
{
    type Output = <Compare<CeilQuot<Cu, Ru>, UInt<UInt<X, Y>, Bt>> as FillsOrEnds<
        Sg,
        Ru,
        Cu,
        U,
        F,
        M,
        L,
        CeilQuot<Cu, Ru>,
        IsMultiple<Cu, Ru>,
        UInt<UInt<X, Y>, Bt>,
    >>::Output;
}

/// A static step emitting a mode, by `compare(n, su)` (`Self`); `Es` says
/// whether `|rd|` divides `c`.
pub trait FillsOrEnds<Sg, Ru, Cu, U, F, M, L, N, Es, Su> {
    /// A [`StepOut`].
    type Output;
}
/// [`FillsMode`](CompositionBranch::FillsMode), `n < su`: emit `n`; the
/// rest `su / n` must be exact (shape divisibility),
/// the leaf must fill the mode (`|rd|` divides `c`), and the footprint
/// grows by `c - |rd|` (disjointness: it stays below `c`).
impl<Sg, Ru, Cu, U, F, M, L, N, Es, Su> FillsOrEnds<Sg, Ru, Cu, U, F, M, L, N, Es, Su> for Less
where
    Sg: Signed<U1>,
    N: Unsigned + NonZero,
    Su: Unsigned + NonZero + CeilDivExact<N>,
    CeilQuot<Su, N>: NonZero,
    IsMultiple<Su, N>: Pick<Admitted, Fail<ShapeFail<M, PInt<N>, PInt<Su>>>, Admitted>,
    Es: Pick<Admitted, Fail<StraddleFail<M, L>>, Admitted>,
    F: FirstLeaf<L>,
    U: Below<Ru, F::Output, L> + AddTop<Diff<Cu, Ru>>,
    Cu: core::ops::Sub<Ru>,
    Check<Es, StraddleFail<M, L>>: Then<<U as Below<Ru, F::Output, L>>::Output>,
    Check<IsMultiple<Su, N>, ShapeFail<M, PInt<N>, PInt<Su>>>: Then<
        <Check<Es, StraddleFail<M, L>> as Then<<U as Below<Ru, F::Output, L>>::Output>>::Output,
    >,
{
    type Output = StepOut<
        AddMode<PInt<N>>,
        PInt<CeilQuot<Su, N>>,
        Sg::Output,
        <U as AddTop<Diff<Cu, Ru>>>::Output,
        F::Output,
        <Check<IsMultiple<Su, N>, ShapeFail<M, PInt<N>, PInt<Su>>> as Then<
            <Check<Es, StraddleFail<M, L>> as Then<<U as Below<Ru, F::Output, L>>::Output>>::Output,
        >>::Output,
        B1,
    >;
}
macro_rules! ends_in_mode {
    ($($Ord:ident),*) => {$(
        /// [`EndsInMode`](CompositionBranch::EndsInMode), `n >= su`: emit
        /// the whole rest `su`; the footprint grows by
        /// `|rd| * (su - 1)` and must stay below `c` (disjointness).
        impl<Sg, Ru, Cu, U, F, M, L, N, Es, Su> FillsOrEnds<Sg, Ru, Cu, U, F, M, L, N, Es, Su> for $Ord
        where
            Sg: Signed<U1>,
            Su: Unsigned + NonZero + core::ops::Sub<B1>,
            Sub1<Su>: core::ops::Mul<Ru>,
            F: FirstLeaf<L>,
            U: AddTop<UProd<Sub1<Su>, Ru>>,
            <U as AddTop<UProd<Sub1<Su>, Ru>>>::Output: Below<Cu, F::Output, L>,
        {
            type Output = StepOut<
                AddMode<PInt<Su>>,
                One,
                Sg::Output,
                <U as AddTop<UProd<Sub1<Su>, Ru>>>::Output,
                F::Output,
                <<U as AddTop<UProd<Sub1<Su>, Ru>>>::Output as Below<Cu, F::Output, L>>::Output,
                B1,
            >;
        }
    )*};
}
ends_in_mode!(Equal, Greater);

// ---- Leaves and the tree of B ----

/// The walk's context between leaves: the records `AL`, the next leaf `L`,
/// the verdict `V`, the flags below-last `Bl`, positive `P` and negative `N`
/// strides, and the last leaf `La`.
pub struct Context<AL, L, V, Bl, P, N, La>(PhantomData<(AL, L, V, Bl, P, N, La)>);

/// Composes coalesced `A` with `B` = `Self:D`, leaf by leaf in context `Ctx`.
pub trait ComposeTree<D, Ctx> {
    /// The result's shape.
    type Shape;
    /// The result's stride.
    type Stride;
    /// The context after the last leaf.
    type After;
}
macro_rules! leaf_tree {
    ($([$($g:tt)*] $S:ty),*) => {$(
        impl<D: LeafBy<$S, Ctx>, Ctx, $($g)*> ComposeTree<D, Ctx> for $S {
            type Shape = D::Shape;
            type Stride = D::Stride;
            type After = D::After;
        }
    )*};
}
leaf_tree!(
    [U: Unsigned + NonZero] PInt<U>,
    [U: Unsigned + NonZero] NInt<U>,
    [] Z0,
    [] i32,
    [] i64
);
impl<Ctx> ComposeTree<HNil, Ctx> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    type After = Ctx;
}
impl<H, T, DH, DT, Ctx> ComposeTree<HCons<DH, DT>, Ctx> for HCons<H, T>
where
    H: ComposeTree<DH, Ctx>,
    T: ComposeTree<DT, H::After>,
{
    type Shape = HCons<H::Shape, T::Shape>;
    type Stride = HCons<H::Stride, T::Stride>;
    type After = T::After;
}

/// One leaf `S:Self`, by its stride.
pub trait LeafBy<S, Ctx> {
    /// The result's shape.
    type Shape;
    /// The result's stride.
    type Stride;
    /// The context after this leaf.
    type After;
}
/// A static zero stride: the leaf as it is (CuTe's shortcut).
impl<S, AL, L, V, Bl, P, N, La> LeafBy<S, Context<AL, L, V, Bl, P, N, La>> for Z0 {
    type Shape = S;
    type Stride = Z0;
    type After = Context<AL, Succ<L>, V, Bl, P, N, L>;
}
macro_rules! leaf_by {
    ($([$($g:tt)*] $D:ty),*) => {$(
        /// A non-zero (or runtime) stride: walk the modes of `A`.
        impl<S, AL, L, V, Bl, P, N, La, SN, Pp, Nn, Sh, Sd, Ms, V2, Bl2, P2, N2, $($g)*>
            LeafBy<S, Context<AL, L, V, Bl, P, N, La>> for $D
        where
            S: NotOne<Output = SN>,
            $D: SignFlags<SN, Pos = Pp, Neg = Nn>,
            AL: Walk<LeafState<S, $D, SN, Z, L, B0, V, Bl>, Output = WalkResult<Sh, Sd, Ms, V2, Bl2>>,
            Sh: Unwrap,
            Sd: Unwrap,
            P: Or<Pp, Output = P2>,
            N: Or<Nn, Output = N2>,
        {
            type Shape = Sh::Output;
            type Stride = Sd::Output;
            type After = Context<Ms, Succ<L>, V2, Bl2, P2, N2, L>;
        }
    )*};
}
leaf_by!(
    [U: Unsigned + NonZero] PInt<U>,
    [U: Unsigned + NonZero] NInt<U>,
    [] i32,
    [] i64
);

/// `B1` when the leaf shape `Self` is statically not `1`, `B0` for `_1`,
/// [`Rt`] at run time.
pub trait NotOne {
    /// The flag.
    type Output;
}
impl NotOne for One {
    type Output = B0;
}
impl NotOne for i32 {
    type Output = Rt;
}
impl NotOne for i64 {
    type Output = Rt;
}
impl<A, B, C> NotOne for PInt<UInt<UInt<A, B>, C>>
where
    UInt<UInt<A, B>, C>: Unsigned + NonZero,
{
    type Output = B1;
}
impl<U: Unsigned + NonZero> NotOne for NInt<U> {
    type Output = B1;
}
impl NotOne for Z0 {
    type Output = B1;
}

/// The sign flags of a leaf with stride `Self` and shape-not-one flag `SN`.
pub trait SignFlags<SN> {
    /// Positive stride on a leaf of size > 1.
    type Pos;
    /// Negative stride on a leaf of size > 1.
    type Neg;
}
impl<SN, U: Unsigned + NonZero> SignFlags<SN> for PInt<U> {
    type Pos = SN;
    type Neg = B0;
}
impl<SN, U: Unsigned + NonZero> SignFlags<SN> for NInt<U> {
    type Pos = B0;
    type Neg = SN;
}
impl<SN: AndRt> SignFlags<SN> for i32 {
    type Pos = SN::Output;
    type Neg = SN::Output;
}
impl<SN: AndRt> SignFlags<SN> for i64 {
    type Pos = SN::Output;
    type Neg = SN::Output;
}

/// A leaf's result list: one mode is an integral result, more a tuple.
pub trait Unwrap {
    /// The result.
    type Output;
}
impl<X> Unwrap for HCons<X, HNil> {
    type Output = X;
}
impl<X, Y, T> Unwrap for HCons<X, HCons<Y, T>> {
    type Output = Self;
}

/// The verdict after the last leaf: the walk's, then the sign check.
pub trait FinalVerdict {
    /// The verdict.
    type Output;
}
impl<AL, L, V, Bl, P, N, La> FinalVerdict for Context<AL, L, V, Bl, P, N, La>
where
    P: SignMix<N, Bl, La>,
    V: Then<<P as SignMix<N, Bl, La>>::Output>,
{
    type Output = <V as Then<<P as SignMix<N, Bl, La>>::Output>>::Output;
}
