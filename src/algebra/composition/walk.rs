//! CuTe's `composition_impl` on types: the result's structure and static
//! values, and the static verdict.
//!
//! This is the value-level step [`composition_step`] (which both runtime
//! paths call) on types, branch for branch and with the same names. Each
//! leaf `s:d` of `B` walks the coalesced modes of `A` (a list of
//! [`ModeOfA`] records). A step on mode `c:e` with the
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
//! checks to run time ([`Rt`](super::verdict::Rt)).
//!
//! Shah's disjointness is a separate pass ([`disjoint`]): a step that adds
//! a mode only notes the leaf and its footprint there on the mode's record
//! ([`Landing`]); no step reads them. After the last leaf the pass adds up
//! each mode's footprints, as [`footprint_step`] does, and the sign check
//! follows ([`sign_mix`], [`FinalVerdict`]).
//!
//! ```
//! use cute_algebra::algebra::verdict::Admitted;
//! use cute_algebra::algebra::walk::{ComposeTree, Context, Records, Verdict};
//! use cute_algebra::prelude::*;
//! use cute_algebra::tuple::Z;
//! use cute_algebra::typenum::{B0, P1, P8};
//! use static_assertions::assert_type_eq_all;
//! // The modes of A = (4,2):(2,9) as records; the identity B = 8:1 walks
//! // them and gives A back.
//! type A = <Shape![4, 2] as Records<Stride![2, 9]>>::Output;
//! type C = Context<A, Z, Verdict<Admitted, B0, B0>, B0, B0, Z>;
//! assert_type_eq_all!(<P8 as ComposeTree<P1, C>>::Shape, Shape![4, 2]);
//! assert_type_eq_all!(<P8 as ComposeTree<P1, C>>::Stride, Stride![2, 9]);
//! ```

use super::verdict::{Admitted, Fail, Or, Rt};
use crate::int::SMul;
use crate::int::kind::{IntKind, KindOf, NotOneKind, StaticOne};
#[allow(unused_imports)] // the docs' links
use crate::steps::composition::{CompositionBranch, composition_step, footprint_step, sign_mix};
use crate::tuple::S as Succ;
use core::marker::PhantomData;

mod branch;
pub mod disjoint;
mod tree;
pub use branch::{FillsOrEnds, InsideMode, Neg, Pos, RuntimeRest, Signed, StrideVsMode};
pub use disjoint::{DisjointPass, FirstOverlap, Footprint, Landing, Overlap, SumLandings};
use frunk_core::hlist::{HCons, HNil};
pub use tree::{ComposeTree, Context, FinalVerdict, LeafBy, LeafNotOne, SignFlags, Unwrap};
use typenum::{B0, B1};

/// A coalesced mode of `A` in the walk: shape `C`, stride `D` and the
/// [`Landing`]s of the leaves that added a mode there (`Ls`, a list, the
/// latest first).
pub struct ModeOfA<C, D, Ls>(PhantomData<(C, D, Ls)>);

/// What a walk step reads of the leaf but never changes: whether its shape
/// is not `1` (`SN`) and its index `L`.
pub struct Leaf<SN, L>(PhantomData<(SN, L)>);

/// What the walk carries of its verdicts: the verdict so far `V`, whether
/// a leaf landed below `A`'s last mode (`Bl`), and whether a mode of `A`
/// has two landings (`Tw`: the disjointness pass has sums to check,
/// [`DisjointPass`]).
pub struct Verdict<V, Bl, Tw>(PhantomData<(V, Bl, Tw)>);

/// A step's verdict `W` and whether it landed below `A`'s last mode (`Bl`).
pub struct StepVerdict<W, Bl>(PhantomData<(W, Bl)>);

/// A [`Verdict`] and a step's ([`StepVerdict`]): the first failure wins (as
/// [`Then`](super::verdict::Then)), the below-last flags are or-ed (as
/// [`Or`]). Written per case rather than as `Then` and `Or` side by side:
/// after a failure the flag no longer matters, and a static flag decides
/// the `or` by itself, so most steps take one impl and no further bound.
pub trait JoinVerdict<W> {
    /// The joined [`Verdict`].
    type Output;
}
crate::int::output_impls! {
    [X, Bl, Tw, W] Verdict<Fail<X>, Bl, Tw> as JoinVerdict<W> => Self;
    [W, BA, Tw] Verdict<Admitted, B0, Tw> as JoinVerdict<StepVerdict<W, BA>> => Verdict<W, BA, Tw>;
    [W, BA, Tw] Verdict<Admitted, B1, Tw> as JoinVerdict<StepVerdict<W, BA>> => Verdict<W, B1, Tw>;
    [W, BA, Tw] Verdict<Admitted, Rt, Tw> as JoinVerdict<StepVerdict<W, BA>>
        => Verdict<W, <Rt as Or<BA>>::Output, Tw>
        where [Rt: Or<BA>];
}

/// The modes with shapes `Self` and strides `D` as walk records.
pub trait Records<D> {
    /// The records.
    type Output;
}
crate::int::output_impls! {
    [] HNil as Records<HNil> => HNil;
    [C, CT: Records<DT>, D, DT] HCons<C, CT> as Records<HCons<D, DT>>
        => HCons<ModeOfA<C, D, HNil>, CT::Output>;
}

/// The state of a leaf's walk: rest `RS:RD` (CuTe's
/// `rest_shape:rest_stride`), the [`Leaf`] `Lf`, the mode index `M`,
/// whether a mode has been emitted (`Any`) and the [`Verdict`] `Vd`.
pub struct LeafState<RS, RD, Lf, M, Any, Vd>(PhantomData<(RS, RD, Lf, M, Any, Vd)>);

/// A walk's result: the leaf's modes `Sh:Sd` (a list), the records `Ms`
/// with the leaf's landings and the [`Verdict`] `Vd`.
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
crate::int::output_impls! {
    /// The last mode contributes only its stride: `rs : rd * e`, unless modes
    /// were emitted and `rs` is the static `_1`. No leaf lands there.
    [C, D, Ls, RS, RD, Lf, M, Any, Vd] HNil as WalkNext<ModeOfA<C, D, Ls>, LeafState<RS, RD, Lf, M, Any, Vd>>
        => <<Any as FinalRest<RS, RD::Output>>::Output as LastMode<C, D, Ls, Vd>>::Output
        where [
            RD: SMul<D>,
            Any: FinalRest<RS, RD::Output>,
            <Any as FinalRest<RS, RD::Output>>::Output: LastMode<C, D, Ls, Vd>,
        ];
    [A0, State, H, TT] HCons<H, TT> as WalkNext<A0, State>
        => <(A0, State) as StepTo<HCons<H, TT>>>::Output
        where [(A0, State): StepTo<HCons<H, TT>>];
}

/// The walk's result after the last mode `C:D` of `A` (its landings `Ls`)
/// from the final rest's modes `Self`.
#[doc(hidden)]
pub trait LastMode<C, D, Ls, Vd> {
    /// The [`WalkResult`].
    type Output;
}
crate::int::output_impls! {
    [Sh, Sd, C, D, Ls, Vd] Modes<Sh, Sd> as LastMode<C, D, Ls, Vd>
        => WalkResult<Sh, Sd, HCons<ModeOfA<C, D, Ls>, HNil>, Vd>;
}
/// The final mode's contribution ([`Modes`]), by whether modes were
/// emitted (`Self`).
pub trait FinalRest<RS, X> {
    /// The [`Modes`].
    type Output;
}
crate::int::output_impls! {
    [RS, X] B0 as FinalRest<RS, X> => Modes<HCons<RS, HNil>, HCons<X, HNil>>;
    [RS: IntKind<Kind: KeepRest<RS, X>>, X] B1 as FinalRest<RS, X>
        => <KindOf<RS> as KeepRest<RS, X>>::Output;
}
/// After emitted modes, the rest `RS : X` is kept unless it is `_1`; by
/// the rest's kind (`Self`).
pub trait KeepRest<RS, X> {
    /// The [`Modes`].
    type Output;
}
crate::int::output_impls! {
    [RS, X] StaticOne as KeepRest<RS, X> => Modes<HNil, HNil>;
    /// Any other rest (a static ≥ 2 or a runtime value) is kept.
    [RS, X, K: NotOneKind] K as KeepRest<RS, X> => Modes<HCons<RS, HNil>, HCons<X, HNil>>;
}

/// Skip the mode.
pub struct Skip;
/// Emit a mode of shape `N` (its stride is `rd * e`); the leaf's footprint
/// in the mode is `Top` (CuTe's largest offset there in units of the mode's
/// stride, [`CompositionStep::top`](crate::steps::composition::CompositionStep::top),
/// or [`Rt`]).
pub struct AddMode<N, Top>(PhantomData<(N, Top)>);
/// An emitted mode `N : X`.
pub struct Added<N, X>(PhantomData<(N, X)>);

/// A step's effect: emission `E`, the new rest `NRS:NRD` and the step's
/// [`Verdict`] `Wd`.
pub struct StepOut<E, NRS, NRD, Wd>(PhantomData<(E, NRS, NRD, Wd)>);

/// The inputs of a step: mode shape `C`, rest `RS:RD`, the [`Leaf`] `Lf`
/// and the mode index `M`.
pub struct StepIn<C, RS, RD, Lf, M>(PhantomData<(C, RS, RD, Lf, M)>);

/// A step on mode `Self.0` in state `Self.1`, then the rest `T` of the walk.
pub trait StepTo<T> {
    /// An [`WalkResult`].
    type Output;
}
/// The step ([`StepBranch`]), its verdict joined to the leaf's
/// ([`JoinVerdict`]), its mode (if any) put in front of what the rest of
/// the walk emits and its landing on the mode's record ([`Emitted`],
/// [`Prepend`]). The parameters are the fields of the records it reads and
/// builds: each bundle that the step hands on whole (`Lf`, `Vd`) is one
/// parameter; bundling the rest too (`RS:RD` as one) cost type-checking
/// time (measured with cachegrind, 0.1% on 100 static calls). Each trait
/// it asks has one output ([`StepOut`], [`Emission`], [`Modes`]): every
/// associated type is normalized on its own, and giving [`Emitted`] and
/// [`Prepend`] one output each saved about 3% on composition-heavy code.
impl<C, D, Ls, RS, RD, Lf, M, Any, Vd, T> StepTo<T>
    for (ModeOfA<C, D, Ls>, LeafState<RS, RD, Lf, M, Any, Vd>)
where
    StepIn<C, RS, RD, Lf, M>: StepBranch,
    <StepIn<C, RS, RD, Lf, M> as StepBranch>::Output: StepThen<T, C, D, Ls, RD, Lf, M, Any, Vd>,
{
    type Output = <<StepIn<C, RS, RD, Lf, M> as StepBranch>::Output as StepThen<
        T,
        C,
        D,
        Ls,
        RD,
        Lf,
        M,
        Any,
        Vd,
    >>::Output;
}

/// The step after its branch (`Self`, a [`StepOut`]): the verdict, the
/// emitted mode, then the walk of the modes `T` after this one. Each stage
/// reads the previous one's result as an associated type, so it is
/// computed before the next stage starts, never guessed with inference
/// variables (which made the walk of the later modes and leaves run on
/// unknowns and cost superlinear time in type checking).
#[doc(hidden)]
pub trait StepThen<T, C, D, Ls, RD, Lf, M, Any, Vd> {
    /// The [`WalkResult`].
    type Output;
}
impl<E, NRS, NRD, Wd, T, C, D, Ls, RD, Lf, M, Any, Vd> StepThen<T, C, D, Ls, RD, Lf, M, Any, Vd>
    for StepOut<E, NRS, NRD, Wd>
where
    Vd: JoinVerdict<Wd>,
    E: Emitted<RD, D, Any, Lf, Ls, <Vd as JoinVerdict<Wd>>::Output>,
    <E as Emitted<RD, D, Any, Lf, Ls, <Vd as JoinVerdict<Wd>>::Output>>::Output:
        EmitThen<T, NRS, NRD, Lf, M, C, D>,
{
    type Output =
        <<E as Emitted<RD, D, Any, Lf, Ls, <Vd as JoinVerdict<Wd>>::Output>>::Output as EmitThen<
            T,
            NRS,
            NRD,
            Lf,
            M,
            C,
            D,
        >>::Output;
}

/// The step after its emission (`Self`, an [`Emission`]): the walk of the
/// modes `T` after this one, then the emitted mode in front of its result.
#[doc(hidden)]
pub trait EmitThen<T, NRS, NRD, Lf, M, C, D> {
    /// The [`WalkResult`].
    type Output;
}
impl<Em, Any2, Ls2, Vd3, T, NRS, NRD, Lf, M, C, D> EmitThen<T, NRS, NRD, Lf, M, C, D>
    for Emission<Em, Any2, Ls2, Vd3>
where
    T: Walk<LeafState<NRS, NRD, Lf, Succ<M>, Any2, Vd3>>,
    Em: PrependWalk<<T as Walk<LeafState<NRS, NRD, Lf, Succ<M>, Any2, Vd3>>>::Output, C, D, Ls2>,
{
    type Output = <Em as PrependWalk<
        <T as Walk<LeafState<NRS, NRD, Lf, Succ<M>, Any2, Vd3>>>::Output,
        C,
        D,
        Ls2,
    >>::Output;
}

/// The emitted mode (`Self`: [`Skip`] or [`Added`]) in front of the walk's
/// result `W`, and this mode `C:D` of `A` with its landings `Ls2` in front
/// of the walked modes.
#[doc(hidden)]
pub trait PrependWalk<W, C, D, Ls2> {
    /// The [`WalkResult`].
    type Output;
}
crate::int::output_impls! {
    [Sh, Sd, Ms, Vd4, C, D, Ls2] Skip as PrependWalk<WalkResult<Sh, Sd, Ms, Vd4>, C, D, Ls2>
        => WalkResult<Sh, Sd, HCons<ModeOfA<C, D, Ls2>, Ms>, Vd4>;
    [N, X, Sh, Sd, Ms, Vd4, C, D, Ls2] Added<N, X> as PrependWalk<WalkResult<Sh, Sd, Ms, Vd4>, C, D, Ls2>
        => WalkResult<HCons<N, Sh>, HCons<X, Sd>, HCons<ModeOfA<C, D, Ls2>, Ms>, Vd4>;
}

/// What a step emits: [`Skip`] or [`Added`] (`E`), whether the leaf has
/// emitted a mode (`Any`), the mode's [`Landing`]s (`Ls`) and the
/// [`Verdict`] (`Vd`).
pub struct Emission<E, Any, Ls, Vd>(PhantomData<(E, Any, Ls, Vd)>);

/// [`Skip`] or [`AddMode`] as an [`Emission`]: the mode (if any), the new
/// `Any` flag, the mode's landings (`Ls`, with leaf `L` of [`Leaf`] `Lf`
/// noted if it added the mode) and the [`Verdict`] `Vd` (with `Tw` set on
/// a mode's second landing). One output, not one per field: each
/// associated type is normalized on its own.
pub trait Emitted<RD, D, Any, Lf, Ls, Vd> {
    /// An [`Emission`].
    type Output;
}
crate::int::output_impls! {
    [RD, D, Any, Lf, Ls, Vd] Skip as Emitted<RD, D, Any, Lf, Ls, Vd> => Emission<Skip, Any, Ls, Vd>;
    /// The first landing in the mode.
    [N, Top, RD: SMul<D>, D, Any, SN, L, Vd] AddMode<N, Top> as Emitted<RD, D, Any, Leaf<SN, L>, HNil, Vd>
        => Emission<Added<N, RD::Output>, B1, HCons<Landing<L, Top>, HNil>, Vd>;
    /// Another landing in the mode: the disjointness pass has a sum to check.
    [N, Top, RD: SMul<D>, D, Any, SN, L, X, T, V, Bl, Tw] AddMode<N, Top> as Emitted<RD, D, Any, Leaf<SN, L>, HCons<X, T>, Verdict<V, Bl, Tw>>
        => Emission<Added<N, RD::Output>, B1, HCons<Landing<L, Top>, HCons<X, T>>, Verdict<V, Bl, B1>>;
}

/// A leaf's modes so far: shapes `Sh`, strides `Sd` (lists).
pub struct Modes<Sh, Sd>(PhantomData<(Sh, Sd)>);

/// A step's effect ([`StepOut`]), by the kinds of its inputs: the
/// type-level [`composition_step`].
pub trait StepBranch {
    /// A [`StepOut`].
    type Output;
}
