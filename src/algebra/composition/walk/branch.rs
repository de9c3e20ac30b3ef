//! The branches of the type-level step ([`StepBranch`] on [`StepIn`]),
//! named as [`composition_step`]'s: one comparison of `|rd|` with `c`
//! ([`StrideVsMode`]), then by the rest ([`InsideMode`], [`FillsOrEnds`]);
//! runtime values give runtime results ([`RuntimeRest`]).

use super::super::verdict::{Admitted, Fail, Pick, Rt, ShapeFail, StraddleFail, StrideFail, Then};
use super::disjoint::{EndTop, FillTop};
use super::{AddMode, Leaf, Skip, StepBranch, StepIn, StepOut, StepVerdict};
use crate::int::CeilDivExact;
use crate::int::classify::One;
use crate::int::kind::{IntKind, KindOf, NotOneKind, Runtime, StaticOne, StaticPos};
#[allow(unused_imports)] // the docs' links
use crate::steps::composition::{CompositionBranch, composition_step};
use typenum::{B0, B1, Cmp, Compare, Equal, Greater, Less, NInt, NonZero, PInt, U1, Unsigned};

/// `ceil(A / B)`, static (CuTe's `ceil_div`).
type CeilQuot<A, B> = <A as CeilDivExact<B>>::Quot;
/// Whether `B` divides `A`, static.
type IsMultiple<A, B> = <A as CeilDivExact<B>>::Exact;
/// The verdict of a check whose outcome is the bit `B`: admitted, or failure `X`.
type Check<B, X> = <B as Pick<Admitted, Fail<X>, Admitted>>::Output;

/// The sign of a static stride.
pub struct Pos;
/// The sign of a static stride.
pub struct Neg;
/// `Self` (a sign) applied to the unsigned `Q`.
pub trait Signed<Q> {
    /// `±Q`.
    type Output;
}
crate::int::output_impls! {
    [Q: Unsigned + NonZero] Pos as Signed<Q> => PInt<Q>;
    [Q: Unsigned + NonZero] Neg as Signed<Q> => NInt<Q>;
}

macro_rules! static_step {
    ($($RD:ident => $Sg:ident),*) => {$(
        /// Static shape and stride: one comparison of `|rd|` with `c`.
        impl<Cu, RS, Ru, SN, M, L> StepBranch for StepIn<PInt<Cu>, RS, $RD<Ru>, Leaf<SN, L>, M>
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
        impl<Cu: Unsigned + NonZero, RS, Lf, M> StepBranch for StepIn<PInt<Cu>, RS, $R, Lf, M>
        where
            RS: IntKind<Kind: RuntimeRest>,
        {
            type Output = <KindOf<RS> as RuntimeRest>::Output;
        }
        impl<RS, RD, Lf, M> StepBranch for StepIn<$R, RS, RD, Lf, M>
        where
            RS: IntKind<Kind: RuntimeRest>,
        {
            type Output = <KindOf<RS> as RuntimeRest>::Output;
        }
    )*};
}
runtime_step!(i32, i64);

/// A runtime next shape: skip if the rest is `_1`, else emit a runtime
/// mode (with a runtime footprint). Implemented on the rest's kind
/// ([`KindOf`]).
pub trait RuntimeRest {
    /// A [`StepOut`].
    type Output;
}
crate::int::output_impls! {
    [] StaticOne as RuntimeRest => StepOut<Skip, One, i32, StepVerdict<Admitted, B0>>;
    /// Any other rest: a runtime mode.
    [K: NotOneKind] K as RuntimeRest
        => StepOut<AddMode<i32, Rt>, i32, i32, StepVerdict<Admitted, Rt>>;
}

/// The branch of a static step, by `compare(|rd|, c)` (`Self`).
pub trait StrideVsMode<Sg, Ru, I> {
    /// A [`StepOut`].
    type Output;
}
crate::int::output_impls! {
    /// [`PastMode`](CompositionBranch::PastMode), `|rd| > c`: skip; stride
    /// divisibility needs `c` to divide `|rd|`.
    [Sg, Ru, Cu, RS, RD, SN, M, L] Greater as StrideVsMode<Sg, Ru, StepIn<PInt<Cu>, RS, RD, Leaf<SN, L>, M>>
        => StepOut<Skip, RS, <Sg as Signed<CeilQuot<Ru, Cu>>>::Output, StepVerdict<<SN as Pick<Check<IsMultiple<Ru, Cu>, StrideFail<M, RD, PInt<Cu>>>, Admitted, Admitted>>::Output, B0>>
        where [
            Cu: Unsigned + NonZero,
            Ru: CeilDivExact<Cu>,
            Sg: Signed<CeilQuot<Ru, Cu>>,
            IsMultiple<Ru, Cu>: Pick<Admitted, Fail<StrideFail<M, RD, PInt<Cu>>>, Admitted>,
            SN: Pick<Check<IsMultiple<Ru, Cu>, StrideFail<M, RD, PInt<Cu>>>, Admitted, Admitted>,
        ];
    /// [`AtMode`](CompositionBranch::AtMode), `|rd| == c`: skip, the next stride is `±1`.
    [Sg: Signed<U1>, Ru, Cu, RS, RD, Lf, M] Equal as StrideVsMode<Sg, Ru, StepIn<PInt<Cu>, RS, RD, Lf, M>>
        => StepOut<Skip, RS, Sg::Output, StepVerdict<Admitted, B0>>
        where [Cu: Unsigned + NonZero];
    /// `|rd| < c`: the next stride is `±1`; the branch depends on the rest ([`InsideMode`]).
    [Sg, Ru, Cu, RS, RD, SN, M, L] Less as StrideVsMode<Sg, Ru, StepIn<PInt<Cu>, RS, RD, Leaf<SN, L>, M>>
        => <KindOf<RS> as InsideMode<Sg, Ru, Cu, M, L>>::Output
        where [Cu: Unsigned + NonZero, RS: IntKind<Kind: InsideMode<Sg, Ru, Cu, M, L>>];
}

/// A static step with `|rd| < c`, by the kind of the rest's shape (`Self`).
pub trait InsideMode<Sg, Ru, Cu, M, L> {
    /// A [`StepOut`].
    type Output;
}
crate::int::output_impls! {
    /// [`RestIsOne`](CompositionBranch::RestIsOne): nothing is left of the leaf; skip.
    [Sg: Signed<U1>, Ru, Cu, M, L] StaticOne as InsideMode<Sg, Ru, Cu, M, L>
        => StepOut<Skip, One, Sg::Output, StepVerdict<Admitted, B0>>;
    /// A runtime rest: CuTe emits a runtime mode; the checks wait for run time.
    [Sg: Signed<U1>, Ru, Cu, M, L, T] Runtime<T> as InsideMode<Sg, Ru, Cu, M, L>
        => StepOut<AddMode<i32, Rt>, i32, Sg::Output, StepVerdict<Admitted, Rt>>;
    /// A static rest `su >= 2`: `n = ceil(c / |rd|)`, compared with `su`.
    [Sg, Ru, Cu, M, L, Su] StaticPos<Su> as InsideMode<Sg, Ru, Cu, M, L>
        => <Compare<CeilQuot<Cu, Ru>, Su> as FillsOrEnds<Sg, Ru, Cu, M, L, CeilQuot<Cu, Ru>, IsMultiple<Cu, Ru>, Su>>::Output
        where [
            Cu: CeilDivExact<Ru>,
            CeilQuot<Cu, Ru>: Cmp<Su>,
            Compare<CeilQuot<Cu, Ru>, Su>: FillsOrEnds<Sg, Ru, Cu, M, L, CeilQuot<Cu, Ru>, IsMultiple<Cu, Ru>, Su>,
        ];
}

/// A static step emitting a mode, by `compare(n, su)` (`Self`); `Es` says
/// whether `|rd|` divides `c`.
pub trait FillsOrEnds<Sg, Ru, Cu, M, L, N, Es, Su> {
    /// A [`StepOut`].
    type Output;
}
/// [`FillsMode`](CompositionBranch::FillsMode), `n < su`: emit `n`; the
/// rest `su / n` must be exact (shape divisibility) and the leaf must fill
/// the mode (`|rd|` divides `c`). Its footprint is `c - |rd|` (the
/// disjointness pass, [`disjoint`](super::disjoint), checks it).
impl<Sg, Ru, Cu, M, L, N, Es, Su> FillsOrEnds<Sg, Ru, Cu, M, L, N, Es, Su> for Less
where
    Sg: Signed<U1>,
    N: Unsigned + NonZero,
    Su: Unsigned + NonZero + CeilDivExact<N>,
    CeilQuot<Su, N>: NonZero,
    IsMultiple<Su, N>: Pick<Admitted, Fail<ShapeFail<M, PInt<N>, PInt<Su>>>, Admitted>,
    Es: Pick<Admitted, Fail<StraddleFail<M, L>>, Admitted>,
    Check<IsMultiple<Su, N>, ShapeFail<M, PInt<N>, PInt<Su>>>: Then<Check<Es, StraddleFail<M, L>>>,
{
    type Output = StepOut<
        AddMode<PInt<N>, FillTop<Cu, Ru>>,
        PInt<CeilQuot<Su, N>>,
        Sg::Output,
        StepVerdict<
            <Check<IsMultiple<Su, N>, ShapeFail<M, PInt<N>, PInt<Su>>> as Then<
                Check<Es, StraddleFail<M, L>>,
            >>::Output,
            B1,
        >,
    >;
}
macro_rules! ends_in_mode {
    ($($Ord:ident),*) => {$(
        /// [`EndsInMode`](CompositionBranch::EndsInMode), `n >= su`: emit
        /// the whole rest `su`; its footprint is `|rd| * (su - 1)` (the
        /// disjointness pass, [`disjoint`](super::disjoint), checks it).
        impl<Sg, Ru, Cu, M, L, N, Es, Su> FillsOrEnds<Sg, Ru, Cu, M, L, N, Es, Su> for $Ord
        where
            Sg: Signed<U1>,
            Su: Unsigned + NonZero,
        {
            type Output = StepOut<AddMode<PInt<Su>, EndTop<Su, Ru>>, One, Sg::Output, StepVerdict<Admitted, B1>>;
        }
    )*};
}
ends_in_mode!(Equal, Greater);
