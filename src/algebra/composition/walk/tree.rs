//! The tree of `B`: each leaf walks the modes of `A` ([`Walk`]) in a
//! [`Context`] carried from leaf to leaf; a static zero stride is CuTe's
//! leaf shortcut. After the last leaf come the disjointness pass
//! ([`DisjointPass`]) and the sign check ([`FinalVerdict`]).

use super::super::verdict::{AndRt, Or, Rt, SignMix, Then};
use super::{DisjointPass, Leaf, LeafState, Verdict, Walk, WalkResult};
use crate::int::kind::{IntKind, Runtime, StaticNotOneKind, StaticOne};
use crate::tuple::{S as Succ, Z};
use core::marker::PhantomData;
use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, NInt, NonZero, PInt, Unsigned, Z0};

/// The walk's context between leaves: the records `AL`, the next leaf `L`,
/// the [`Verdict`] `Vd`, the flags positive `P` and negative `N` strides,
/// and the last leaf `La`.
pub struct Context<AL, L, Vd, P, N, La>(PhantomData<(AL, L, Vd, P, N, La)>);

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
crate::int::assoc_impls! {
    [Ctx] HNil as ComposeTree<HNil, Ctx> => { Shape = HNil, Stride = HNil, After = Ctx };
    [H, T, DH, DT, Ctx] HCons<H, T> as ComposeTree<HCons<DH, DT>, Ctx>
        => {
            Shape = HCons<H::Shape, T::Shape>,
            Stride = HCons<H::Stride, T::Stride>,
            After = T::After,
        }
        where [H: ComposeTree<DH, Ctx>, T: ComposeTree<DT, H::After>];
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
impl<S, AL, L, Vd, P, N, La> LeafBy<S, Context<AL, L, Vd, P, N, La>> for Z0 {
    type Shape = S;
    type Stride = Z0;
    type After = Context<AL, Succ<L>, Vd, P, N, L>;
}
macro_rules! leaf_by {
    ($([$($g:tt)*] $D:ty),*) => {$(
        /// A non-zero (or runtime) stride: walk the modes of `A`.
        impl<S, AL, L, Vd, P, N, La, $($g)*>
            LeafBy<S, Context<AL, L, Vd, P, N, La>> for $D
        where
            S: IntKind<Kind: LeafNotOne>,
            $D: SignFlags<NotOne<S>>,
            AL: Walk<LeafState<S, $D, Leaf<NotOne<S>, L>, Z, B0, Vd>>,
            <AL as Walk<LeafState<S, $D, Leaf<NotOne<S>, L>, Z, B0, Vd>>>::Output: LeafDone<
                L,
                P,
                N,
                <$D as SignFlags<NotOne<S>>>::Pos,
                <$D as SignFlags<NotOne<S>>>::Neg,
            >,
        {
            type Shape = <<AL as Walk<LeafState<S, $D, Leaf<NotOne<S>, L>, Z, B0, Vd>>>::Output as LeafDone<
                L,
                P,
                N,
                <$D as SignFlags<NotOne<S>>>::Pos,
                <$D as SignFlags<NotOne<S>>>::Neg,
            >>::Shape;
            type Stride = <<AL as Walk<LeafState<S, $D, Leaf<NotOne<S>, L>, Z, B0, Vd>>>::Output as LeafDone<
                L,
                P,
                N,
                <$D as SignFlags<NotOne<S>>>::Pos,
                <$D as SignFlags<NotOne<S>>>::Neg,
            >>::Stride;
            type After = <<AL as Walk<LeafState<S, $D, Leaf<NotOne<S>, L>, Z, B0, Vd>>>::Output as LeafDone<
                L,
                P,
                N,
                <$D as SignFlags<NotOne<S>>>::Pos,
                <$D as SignFlags<NotOne<S>>>::Neg,
            >>::After;
        }
    )*};
}
/// [`LeafNotOne`] of a leaf shape.
type NotOne<S> = <<S as IntKind>::Kind as LeafNotOne>::Output;

/// A leaf's result from its walk's result (`Self`, a [`WalkResult`]): the
/// walk is read as an associated type, so the next leaf walks the modes
/// this one left, computed, not inference variables for them.
#[doc(hidden)]
pub trait LeafDone<L, P, N, Pp, Nn> {
    /// The result's shape.
    type Shape;
    /// The result's stride.
    type Stride;
    /// The context after this leaf.
    type After;
}
impl<Sh: Unwrap, Sd: Unwrap, Ms, Vd2, L, P: Or<Pp>, N: Or<Nn>, Pp, Nn> LeafDone<L, P, N, Pp, Nn>
    for WalkResult<Sh, Sd, Ms, Vd2>
{
    type Shape = Sh::Output;
    type Stride = Sd::Output;
    type After = Context<Ms, Succ<L>, Vd2, P::Output, N::Output, L>;
}
leaf_by!(
    [U: Unsigned + NonZero] PInt<U>,
    [U: Unsigned + NonZero] NInt<U>,
    [] i32,
    [] i64
);

/// `B1` when a leaf shape of kind `Self` is statically not `1`, `B0` for
/// `_1`, [`Rt`] at run time.
pub trait LeafNotOne {
    /// The flag.
    type Output;
}
crate::int::output_impls! {
    [] StaticOne as LeafNotOne => B0;
    [T] Runtime<T> as LeafNotOne => Rt;
    [K: StaticNotOneKind] K as LeafNotOne => B1;
}

/// The sign flags of a leaf with stride `Self` and shape-not-one flag `SN`.
pub trait SignFlags<SN> {
    /// Positive stride on a leaf of size > 1.
    type Pos;
    /// Negative stride on a leaf of size > 1.
    type Neg;
}
crate::int::assoc_impls! {
    [SN, U: Unsigned + NonZero] PInt<U> as SignFlags<SN> => { Pos = SN, Neg = B0 };
    [SN, U: Unsigned + NonZero] NInt<U> as SignFlags<SN> => { Pos = B0, Neg = SN };
    [SN: AndRt] i32 as SignFlags<SN> => { Pos = SN::Output, Neg = SN::Output };
    [SN: AndRt] i64 as SignFlags<SN> => { Pos = SN::Output, Neg = SN::Output };
}

/// A leaf's result list: one mode is an integral result, more a tuple.
pub trait Unwrap {
    /// The result.
    type Output;
}
crate::int::output_impls! {
    [X] HCons<X, HNil> as Unwrap => X;
    [X, Y, T] HCons<X, HCons<Y, T>> as Unwrap => Self;
}

/// The verdict after the last leaf: the walk's, then the disjointness
/// pass's ([`DisjointPass`]), then the sign check.
pub trait FinalVerdict {
    /// The verdict.
    type Output;
}
impl<AL, L, V, Bl, Tw, P, N, La> FinalVerdict for Context<AL, L, Verdict<V, Bl, Tw>, P, N, La>
where
    P: SignMix<N, Bl, La>,
    Tw: DisjointPass<AL>,
    <Tw as DisjointPass<AL>>::Output: Then<<P as SignMix<N, Bl, La>>::Output>,
    V: Then<<<Tw as DisjointPass<AL>>::Output as Then<<P as SignMix<N, Bl, La>>::Output>>::Output>,
{
    type Output = V::Output;
}
