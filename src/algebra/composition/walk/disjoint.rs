//! Shah's disjointness, as a pass of its own after the walk: the
//! type-level [`footprint_step`].
//!
//! A step that adds a mode of the result notes on the record of that mode
//! of `A` the leaf and its footprint there (a [`Landing`]); the walk never
//! reads them. After the last leaf, [`FirstOverlap`] goes over `A`'s modes
//! and adds up each mode's footprints in leaf order ([`SumLandings`]):
//! the sum must stay below the mode's shape, or two leaves' offsets
//! overlap, and the sum becomes that [`Overlap`] for good. The verdict is
//! the overlap in the lowest mode. The walk's own conditions come first: a
//! composition that breaks a step condition and disjointness is reported
//! by the step (the value-level paths agree).
//!
//! What this costs was measured (rustc instructions under cachegrind, on
//! the generated crates of `benches/compile_time`): the landings travel
//! on the records the walk rebuilds anyway, as one more field of the
//! step's one [`Emitted`](super::Emitted) output, and the pass reads the
//! records once per composition, and only when a mode has a second
//! landing (`Tw`, [`DisjointPass`]). A pass after every leaf, carrying
//! the footprints and a verdict from leaf to leaf, cost 11% to 25% more
//! on composition-heavy code; this one costs less than the walk did when
//! it added up the footprints itself, because a mode with one landing
//! needs no typenum arithmetic at all ([`AddFootprint`]).
//!
//! ```
//! use cute_algebra::algebra::verdict::{Admitted, DisjointFail, Fail};
//! use cute_algebra::algebra::walk::{FirstOverlap, Footprint, Landing, SumLandings, ModeOfA, Overlap};
//! use cute_algebra::tuple::{S, Z};
//! use cute_algebra::typenum::{P1, P4, P8, U1, U2, U3};
//! use frunk_core::hlist::{HCons, HNil};
//! use static_assertions::assert_type_eq_all;
//! // A mode of shape 4 where leaf 0 landed with footprint 2 (offsets 0
//! // and 2 of a leaf 2:2), then leaf 1 with footprint 1: 2 + 1 < 4.
//! type Ls = HCons<Landing<S<Z>, U1>, HCons<Landing<Z, U2>, HNil>>;
//! assert_type_eq_all!(<Ls as SumLandings<P4>>::Output, Footprint<U3, Z>);
//! // Footprint 2 for leaf 1 too reaches 4: leaves 0 and 1 overlap.
//! type Ov = HCons<Landing<S<Z>, U2>, HCons<Landing<Z, U2>, HNil>>;
//! assert_type_eq_all!(<Ov as SumLandings<P4>>::Output, Footprint<Overlap<Z, S<Z>>, Z>);
//! type A = HCons<ModeOfA<P4, P1, Ls>, HCons<ModeOfA<P8, P4, HNil>, HNil>>;
//! assert_type_eq_all!(<A as FirstOverlap>::Output, Admitted);
//! type B = HCons<ModeOfA<P4, P1, Ov>, HCons<ModeOfA<P8, P4, HNil>, HNil>>;
//! assert_type_eq_all!(<B as FirstOverlap>::Output, Fail<DisjointFail<Z, S<Z>>>);
//! ```

use super::super::verdict::{Admitted, DisjointFail, Fail, Pick, Rt, Then};
use super::ModeOfA;
#[allow(unused_imports)] // the docs' links
use crate::steps::composition::footprint_step;
use core::marker::PhantomData;
use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, Cmp, Compare, Diff, NonZero, PInt, Prod, Sub1, Sum, UInt, Unsigned};

/// Where leaf `L` added a mode of the result, with its footprint `Top` in
/// the mode of `A` (an unsigned, or [`Rt`]).
pub struct Landing<L, Top>(PhantomData<(L, Top)>);

/// A mode's footprint: the sum `U` of its leaves' footprints
/// ([`footprint_step`]; [`Rt`] at run time, [`Overlap`] once two overlap)
/// and the first leaf `F` there.
pub struct Footprint<U, F>(PhantomData<(U, F)>);

/// The sum of a mode where leaves `F` and `L` overlap: it stays so.
pub struct Overlap<F, L>(PhantomData<(F, L)>);

/// The [`Footprint`] of a mode of shape `C` whose landings are `Self` (a
/// list, the latest first, so the recursion adds them from the first).
pub trait SumLandings<C> {
    /// A [`Footprint`].
    type Output;
}
crate::int::output_impls! {
    /// The first landing: its leaf is the mode's first, its footprint the sum,
    /// below `c` by construction.
    [C, L, Top] HCons<Landing<L, Top>, HNil> as SumLandings<C> => Footprint<Top, L>;
    /// A later landing ([`AddFootprint`]).
    [C, L, Top, X, T, U, F] HCons<Landing<L, Top>, HCons<X, T>> as SumLandings<C>
        => Footprint<U::Output, F>
        where [
            HCons<X, T>: SumLandings<C, Output = Footprint<U, F>>,
            U: AddFootprint<Top, C, F, L>,
        ];
}

/// A leaf's footprint in a mode it fills: `c - |rd|`, computed only when
/// the mode has another landing ([`Eval`]).
pub struct FillTop<Cu, Ru>(PhantomData<(Cu, Ru)>);
/// A leaf's footprint in a mode it ends in: `|rd| * (su - 1)`, computed
/// only when the mode has another landing ([`Eval`]).
pub struct EndTop<Su, Ru>(PhantomData<(Su, Ru)>);

/// A footprint's or a sum's value: a non-zero unsigned as it is, a
/// [`FillTop`] or an [`EndTop`] computed.
pub trait Eval {
    /// The unsigned.
    type Output;
}
crate::int::output_impls! {
    [Ub, Bb] UInt<Ub, Bb> as Eval => Self;
    [Cu: core::ops::Sub<Ru>, Ru] FillTop<Cu, Ru> as Eval => Diff<Cu, Ru>;
    [Su: core::ops::Sub<B1, Output: core::ops::Mul<Ru>>, Ru] EndTop<Su, Ru> as Eval
        => Prod<Sub1<Su>, Ru>;
}

/// A mode's sum `Self` after leaf `L` adds the footprint `Top`, in a mode
/// of shape `C` whose first leaf is `F`: the new sum if it stays below
/// `C`, else [`Overlap`].
///
/// The first landing in a mode needs no arithmetic ([`SumLandings`]): its
/// footprint is below `c` by construction (`c - |rd|`, or
/// `|rd| * (su - 1)` with `su <= ceil(c / |rd|)`), and it is kept as the
/// step's values ([`FillTop`], [`EndTop`]); typenum arithmetic is the
/// costly part of the check, and most modes have one landing.
pub trait AddFootprint<Top, C, F, L> {
    /// The new sum.
    type Output;
}
crate::int::output_impls! {
    [Top, C, F, L] Rt as AddFootprint<Top, C, F, L> => Rt;
    [Top, C, F, L, F0, L0] Overlap<F0, L0> as AddFootprint<Top, C, F, L> => Self;
    /// A sum so far ([`Eval`]): grown by `Top` and compared with `C`.
    [S: Eval, Top, C, F, L, U2] S as AddFootprint<Top, C, F, L>
        => U2::Output
        where [Top: Grow<S::Output, Output = U2>, U2: BelowOr<C, F, L>];
}

/// A mode's sum `U` grown by the footprint `Self` ([`Rt`] absorbs).
pub trait Grow<U> {
    /// The new sum.
    type Output;
}
crate::int::output_impls! {
    [U] Rt as Grow<U> => Rt;
    [X: Eval, U: core::ops::Add<X::Output>] X as Grow<U> => Sum<U, X::Output>;
}

/// A grown sum `Self`, kept if below the mode's shape `C`, else the
/// [`Overlap`] of leaves `F` and `L`.
pub trait BelowOr<C, F, L> {
    /// The sum or the overlap.
    type Output;
}
crate::int::output_impls! {
    [C, F, L] Rt as BelowOr<C, F, L> => Rt;
    [U: Unsigned + Cmp<Cu>, Cu: Unsigned + NonZero, F, L] U as BelowOr<PInt<Cu>, F, L>
        => <Compare<U, Cu> as Pick<U, Overlap<F, L>, U>>::Output
        where [Compare<U, Cu>: Pick<U, Overlap<F, L>, U>];
}

/// The disjointness pass over the records `A` after the last leaf, by
/// whether a mode has two landings (`Self`): without, there is nothing to
/// add up ([`Admitted`], no pass); with, [`FirstOverlap`].
///
/// The flag could be read off the records, but it also orders the work:
/// rustc takes this bound up only once the flag is known, that is once the
/// walk is done. Asked on the records directly (`A: FirstOverlap` in
/// [`FinalVerdict`](super::FinalVerdict)), the pass was evaluated while
/// their landing lists were still inference variables, and rustc
/// overflowed (`E0275` on `SumLandings` in `tests/algebra_static.rs` and
/// `tests/try_never_panics.rs`); it also cost 0.4% more.
pub trait DisjointPass<A> {
    /// [`Admitted`] or a [`DisjointFail`].
    type Output;
}
crate::int::output_impls! {
    [A] B0 as DisjointPass<A> => Admitted;
    [A: FirstOverlap] B1 as DisjointPass<A> => A::Output;
}

/// The disjointness verdict of the records `Self` after the last leaf: the
/// overlap in the lowest mode, if any.
pub trait FirstOverlap {
    /// [`Admitted`] or a [`DisjointFail`].
    type Output;
}
crate::int::output_impls! {
    [] HNil as FirstOverlap => Admitted;
    /// A mode with no landing, or one: nothing to add up (a step's footprint
    /// is below the mode's shape).
    [C, D, T: FirstOverlap] HCons<ModeOfA<C, D, HNil>, T> as FirstOverlap => T::Output;
    [C, D, X, T: FirstOverlap] HCons<ModeOfA<C, D, HCons<X, HNil>>, T> as FirstOverlap
        => T::Output;
    /// Two landings or more: their sum ([`SumLandings`]).
    [C, D, X, Y, Ls, T] HCons<ModeOfA<C, D, HCons<X, HCons<Y, Ls>>>, T> as FirstOverlap
        => <<HCons<X, HCons<Y, Ls>> as SumLandings<C>>::Output as FootprintThen<T::Output>>::Output
        where [
            HCons<X, HCons<Y, Ls>>: SumLandings<C>,
            T: FirstOverlap,
            <HCons<X, HCons<Y, Ls>> as SumLandings<C>>::Output: FootprintThen<T::Output>,
        ];
}

/// A mode's summed footprint (`Self`) as a verdict, then the verdict `O`
/// of the modes above it.
#[doc(hidden)]
pub trait FootprintThen<O> {
    /// [`Admitted`] or a [`DisjointFail`].
    type Output;
}
crate::int::output_impls! {
    [U: OverlapVerdict<Output: Then<O>>, F, O] Footprint<U, F> as FootprintThen<O>
        => <U::Output as Then<O>>::Output;
}

/// A mode's sum as a verdict: [`Overlap`] fails, anything else is admitted.
pub trait OverlapVerdict {
    /// The verdict.
    type Output;
}
crate::int::output_impls! {
    [F, L] Overlap<F, L> as OverlapVerdict => Fail<DisjointFail<F, L>>;
    [] Rt as OverlapVerdict => Admitted;
    [U: Unsigned] U as OverlapVerdict => Admitted;
}
