//! Slicing a swizzled [`ComposedLayout`] with `_`: CuTe's
//! `slice_and_offset(coord, Sw o O o L)` (`include/cute/swizzle_layout.hpp`).
//!
//! Fixing some modes fixes some of the swizzle's bits. When the modes kept
//! touch a YYY bit and its ZZZ partner, the slice stays swizzled, with the
//! fixed YYY/ZZZ bits moved into its offset; else CuTe folds the swizzle
//! into the strides, and the slice is a plain layout plus an offset. The
//! choice, the folded strides and the offsets are all computed here at the
//! type level, so a static slice prints as CuTe's does.
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::swizzle::Swizzle;
//! let c = composition(Swizzle::<3, 1, 3>, layout![(8, 32):(32, 1)]);
//! let (s, off) = c.slice_and_offset(coord![_, 2]);
//! assert_eq!((s.to_string(), off.value()), ("((_4,_2)):((_36,_128))".into(), 2));
//! let c = composition(Swizzle::<3, 4, 3>, layout![(8, (2, 32)):(64, (32, 1))]);
//! assert_eq!(c.slice(coord![_, (1, _)]).to_string(), "Sw<3,4,3> o _32 o (_8,_32):(_64,_1)");
//! ```
//!
//! Where CuTe's result is not the layout at the full coordinate (checked
//! over the whole slice at compile time), the slice does not compile:
//!
//! ```compile_fail,E0080
//! use cute_algebra::prelude::*;
//! use cute_algebra::swizzle::Swizzle;
//! let c = composition(Swizzle::<1, 1, 1>, layout![(4, 2):(1, 2)]);
//! let _ = c.slice(coord![_, 1]);
//! ```
//!
//! This file holds the choice (keep the swizzle or fold it) and the
//! [`SliceComposed`] entry point; `geometry` the swizzle's bits as types,
//! `direct` the decision and the fold bit by bit where every kept mode is
//! a power of two (the common case, and the cheap one to type-check),
//! `fold` the fold layout CuTe composes with the other kept modes, `check`
//! the compile-time check.

use core::ops::{BitAnd, BitXor, Shl, Shr, Sub};

use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, Bit, IsEqual, NInt, NonZero, P1, PInt, U0, Unsigned, Z0};

use super::composed::ComposedLayout;
use super::const_eval::{ConstCoord, ConstLayout};
use super::func::{SwizzleApply, SwizzleParams, Swizzled};
use crate::algebra::{Composed, Composition};
use crate::int::{IntAdd, StaticInt, Sum, ToStatic};
use crate::layout::{Crd2Idx, Layout, LayoutParts, OffsetOf, SliceLayout, Sliced, Underscore};
use crate::tuple::{IntTuple, Size};

mod check;
mod direct;
mod fold;
mod geometry;

pub use check::*;
pub use direct::*;
pub use fold::*;
pub use geometry::*;

/// `B1` when every element of a slice coordinate is `_` (CuTe then only
/// reshapes, without trying to fold the swizzle).
#[doc(hidden)]
pub trait AllUnderscore {
    /// The answer.
    type Output: Bit;
}
crate::int::output_impls! {
    [] Underscore as AllUnderscore => B1;
    [] HNil as AllUnderscore => B1;
    [H: AllUnderscore, T: AllUnderscore] HCons<H, T> as AllUnderscore
        => <H::Output as core::ops::BitAnd<T::Output>>::Output
        where [
            H::Output: core::ops::BitAnd<T::Output>,
            <H::Output as core::ops::BitAnd<T::Output>>::Output: Bit,
        ];
}
macro_rules! not_underscore {
    ($($T:ty => [$($g:tt)*];)*) => {$(
        impl<$($g)*> AllUnderscore for $T { type Output = B0; }
    )*};
}
not_underscore! {
    i32 => [];
    i64 => [];
    Z0 => [];
    PInt<U> => [U: Unsigned + NonZero];
    NInt<U> => [U: Unsigned + NonZero];
}

/// `B1` when the active bits `Self` (unsigned) hold a YYY bit together with
/// its ZZZ partner: `active & ~sw(active) != 0`.
#[doc(hidden)]
pub trait Collides<Sw> {
    /// The answer.
    type Output: Bit;
}
type Moved<U, Sw> = <<<U as BitAnd<<Sw as SwizzleParams>::Yyy>>::Output as Shr<
    <Sw as SwizzleParams>::Right,
>>::Output as Shl<<Sw as SwizzleParams>::Left>>::Output;
impl<U, Sw: SwizzleParams> Collides<Sw> for U
where
    U: BitAnd<Sw::Yyy>,
    <U as BitAnd<Sw::Yyy>>::Output: Shr<Sw::Right>,
    <<U as BitAnd<Sw::Yyy>>::Output as Shr<Sw::Right>>::Output: Shl<Sw::Left>,
    U: BitAnd<Moved<U, Sw>>,
    <U as BitAnd<Moved<U, Sw>>>::Output: IsEqual<U0>,
    <<U as BitAnd<Moved<U, Sw>>>::Output as IsEqual<U0>>::Output: core::ops::Not,
    <<<U as BitAnd<Moved<U, Sw>>>::Output as IsEqual<U0>>::Output as core::ops::Not>::Output: Bit,
{
    type Output =
        <<<U as BitAnd<Moved<U, Sw>>>::Output as IsEqual<U0>>::Output as core::ops::Not>::Output;
}

/// The fixed part of `C`, and the composed offset, as unsigned.
type FixedU<C, S, D> = <<C as Crd2Idx<S, D>>::Output as NonNegStatic>::U;
/// `O ^ (fixed & zy)`: the fixed bits that meet the swizzle.
type OnlyZyU<Sw, O, C, S, D> = <<O as NonNegStatic>::U as BitXor<
    <FixedU<C, S, D> as BitAnd<<Sw as SwizzleGeometry>::Zy>>::Output,
>>::Output;
/// `fixed & !zy`: the fixed bits that pass the swizzle by.
type AntiZyU<Sw, C, S, D> = <FixedU<C, S, D> as BitXor<
    <FixedU<C, S, D> as BitAnd<<Sw as SwizzleGeometry>::Zy>>::Output,
>>::Output;
/// The kept layout.
type Kept<C, S, D> = Sliced<C, S, D, true>;
/// Its shape and stride.
type KeptShape<C, S> = <C as crate::layout::SliceMode<S, true>>::Output;
type KeptStride<C, D> = <C as crate::layout::SliceMode<D, true>>::Output;
/// `(P o kept)(size - 1)`: the swizzle bits the kept modes reach.
type Active<Sw, C, S, D> = <OffsetOf<
    Composed<<Sw as SwizzleGeometry>::OnlyZy, Kept<C, S, D>>,
    <<<Kept<C, S, D> as LayoutParts>::Shape as Size>::Size as Sub<P1>>::Output,
> as NonNegStatic>::U;

/// CuTe's `slice_and_offset` of a swizzled composed layout: implemented
/// for `ComposedLayout<Swizzle, O, Layout<S, D>>` with a static offset and a
/// static slice coordinate.
#[diagnostic::on_unimplemented(
    message = "slice of a swizzled layout: `{C}` is not a static slice coordinate of `{Self}`",
    label = "a slice coordinate has the layout's rank and nesting, with `_` where a mode is kept and static integers elsewhere",
    note = "CuTe folds the swizzle into the kept modes by the fixed coordinate's bits, so they must be known at compile time; a tensor over the layout slices at run time (the fixed offset goes inside the swizzle), and so does a `DynComposed`"
)]
#[doc(hidden)]
pub trait SliceComposed<C> {
    /// The slice: a plain layout where the swizzle folds, else a composed one.
    type Output;
    /// The offset of the fixed coordinates, outside the slice.
    type Offset;
    /// Computes both.
    fn slice_and_offset(self, c: C) -> (Self::Output, Self::Offset);
}

/// A slice and its offset, as the dispatch below hands them on: one
/// associated type per step, so that each step is normalized once rather
/// than once for the slice and once for the offset.
#[doc(hidden)]
pub trait SlicePair {
    /// The slice.
    type Slice;
    /// The offset.
    type Offset;
    /// The two.
    fn split(self) -> (Self::Slice, Self::Offset);
}
impl<A, B> SlicePair for (A, B) {
    type Slice = A;
    type Offset = B;
    #[inline(always)]
    fn split(self) -> (A, B) {
        self
    }
}
/// The slice and offset of `L` at `C`.
type Cut<L, C> = <<C as AllUnderscore>::Output as SliceBranch<L, C>>::Out;

/// Dispatch on "all `_`" (`Self`), then on the collision of the kept bits.
#[doc(hidden)]
pub trait SliceBranch<L, C> {
    /// The slice and the offset.
    type Out: SlicePair;
    /// Computes both.
    fn run(l: L, c: C) -> Self::Out;
}

impl<Sw, O, S, D, C> SliceComposed<C> for ComposedLayout<Sw, O, Layout<S, D>>
where
    Sw: SwizzleParams,
    O: Copy,
    S: IntTuple,
    D: IntTuple,
    C: SliceLayout<S, D, true> + AllUnderscore,
    <C as AllUnderscore>::Output: SliceBranch<Self, C>,
{
    type Output = <Cut<Self, C> as SlicePair>::Slice;
    type Offset = <Cut<Self, C> as SlicePair>::Offset;
    #[inline(always)]
    fn slice_and_offset(self, c: C) -> (Self::Output, Self::Offset) {
        <<C as AllUnderscore>::Output as SliceBranch<Self, C>>::run(self, c).split()
    }
}

/// All `_`: CuTe only reshapes.
impl<Sw: SwizzleParams, O: Copy, S: IntTuple, D: IntTuple, C: SliceLayout<S, D, true>>
    SliceBranch<ComposedLayout<Sw, O, Layout<S, D>>, C> for B1
{
    type Out = (ComposedLayout<Sw, O, Kept<C, S, D>>, Z0);
    #[inline(always)]
    fn run(l: ComposedLayout<Sw, O, Layout<S, D>>, c: C) -> Self::Out {
        (
            ComposedLayout::new(l.swizzle(), l.offset(), l.layout().slice(c)),
            Z0::new(),
        )
    }
}

/// Some coordinate fixed: the per-bit path where every kept mode is a
/// power of two and they reach disjoint bits (`B1`), else CuTe's
/// compositions (`B0`).
impl<Sw, O, S, D, C> SliceBranch<ComposedLayout<Sw, O, Layout<S, D>>, C> for B0
where
    Sw: SwizzleParams,
    O: Copy,
    S: IntTuple,
    D: IntTuple,
    C: SliceLayout<S, D, true>,
    KeptShape<C, S>: PerBit<KeptStride<C, D>>,
    <KeptShape<C, S> as PerBit<KeptStride<C, D>>>::Output:
        SlicePath<ComposedLayout<Sw, O, Layout<S, D>>, C>,
{
    type Out = <<KeptShape<C, S> as PerBit<KeptStride<C, D>>>::Output as SlicePath<
        ComposedLayout<Sw, O, Layout<S, D>>,
        C,
    >>::Out;
    #[inline(always)]
    fn run(l: ComposedLayout<Sw, O, Layout<S, D>>, c: C) -> Self::Out {
        <<KeptShape<C, S> as PerBit<KeptStride<C, D>>>::Output as SlicePath<_, C>>::run(l, c)
    }
}

/// How to decide and fold a slice with some coordinate fixed: bit by bit
/// (`B1`: every kept mode is `2^a : 2^k` or `2^a : 0`, on bits of its own;
/// see `direct`), or
/// by CuTe's compositions with the kept layout (`B0`).
#[doc(hidden)]
pub trait SlicePath<L, C> {
    /// The slice and the offset.
    type Out: SlicePair;
    /// Computes both.
    fn run(l: L, c: C) -> Self::Out;
}

/// Per bit: the fixed coordinate's offset, computed once and handed on
/// (with the kept shape and stride) as plain types, so that the bounds
/// below it name small types rather than the projections that compute
/// them.
impl<Sw, O, S, D, C> SlicePath<ComposedLayout<Sw, O, Layout<S, D>>, C> for B1
where
    Sw: SwizzleParams,
    O: Copy,
    S: IntTuple,
    D: IntTuple,
    C: SliceLayout<S, D, true>,
    <C as Crd2Idx<S, D>>::Output: NonNegStatic,
    FixedU<C, S, D>:
        SliceBits<ComposedLayout<Sw, O, Layout<S, D>>, C, KeptShape<C, S>, KeptStride<C, D>>,
{
    type Out = <FixedU<C, S, D> as SliceBits<
        ComposedLayout<Sw, O, Layout<S, D>>,
        C,
        KeptShape<C, S>,
        KeptStride<C, D>,
    >>::Out;
    #[inline(always)]
    fn run(l: ComposedLayout<Sw, O, Layout<S, D>>, c: C) -> Self::Out {
        <FixedU<C, S, D> as SliceBits<_, C, KeptShape<C, S>, KeptStride<C, D>>>::run(l, c)
    }
}

/// The per-bit path once the fixed offset `Self` (unsigned) and the kept
/// shape `KS` and stride `KD` are known: the offset's YYY/ZZZ part and the
/// rest, and the decision from the kept modes' active bits.
#[doc(hidden)]
pub trait SliceBits<L, C, KS, KD> {
    /// The slice and the offset.
    type Out: SlicePair;
    /// Computes both.
    fn run(l: L, c: C) -> Self::Out;
}

/// `a ^ b` on unsigned types.
type Xor<A, B> = <A as BitXor<B>>::Output;
/// Whether the kept bits hold a YYY bit together with its ZZZ partner.
type CollideOf<KS, KD, Sw> =
    <<Sw as SwizzleGeometry>::Outer as CollideIn<Sw, <KS as KeptModes<KD>>::Bits>>::Output;

/// The fixed bits that meet the swizzle, moved into the composed offset,
/// and the rest.
type OnlyOf<O, Fx, Zy> = Xor<<O as NonNegStatic>::U, <Fx as SplitZy<Zy>>::Only>;
type AntiOf<Fx, Zy> = <Fx as SplitZy<Zy>>::Anti;

impl<Sw, O, S, D, C, KS, KD, Fx> SliceBits<ComposedLayout<Sw, O, Layout<S, D>>, C, KS, KD> for Fx
where
    Sw: SwizzleGeometry,
    O: NonNegStatic,
    Fx: SplitZy<Sw::Zy>,
    O::U: BitXor<<Fx as SplitZy<Sw::Zy>>::Only>,
    KS: KeptModes<KD>,
    Sw::Outer: CollideIn<Sw, KS::Bits>,
    CollideOf<KS, KD, Sw>: SliceWay<
            ComposedLayout<Sw, O, Layout<S, D>>,
            C,
            Layout<KS, KD>,
            OnlyOf<O, Fx, Sw::Zy>,
            AntiOf<Fx, Sw::Zy>,
        >,
{
    type Out = <CollideOf<KS, KD, Sw> as SliceWay<
        ComposedLayout<Sw, O, Layout<S, D>>,
        C,
        Layout<KS, KD>,
        OnlyOf<O, Fx, Sw::Zy>,
        AntiOf<Fx, Sw::Zy>,
    >>::Out;
    #[inline(always)]
    fn run(l: ComposedLayout<Sw, O, Layout<S, D>>, c: C) -> Self::Out {
        <CollideOf<KS, KD, Sw> as SliceWay<
            _,
            C,
            Layout<KS, KD>,
            OnlyOf<O, Fx, Sw::Zy>,
            AntiOf<Fx, Sw::Zy>,
        >>::run(l, c)
    }
}

/// The per-bit path's two ways, given the kept layout `K` and the fixed
/// offset's YYY/ZZZ part `Only` and the rest `Anti` (unsigned): keep the
/// swizzle (`B1`), or fold it into the kept strides bit by bit (`B0`).
#[doc(hidden)]
pub trait SliceWay<L, C, K, Only, Anti> {
    /// The slice and the offset.
    type Out: SlicePair;
    /// Computes both.
    fn run(l: L, c: C) -> Self::Out;
}

impl<Sw, O, S, D, C, K, Only, Anti> SliceWay<ComposedLayout<Sw, O, Layout<S, D>>, C, K, Only, Anti>
    for B1
where
    Sw: SwizzleParams,
    O: StaticInt,
    S: ConstLayout<D>,
    C: ConstCoord<S>,
    K: Default,
    Only: ToStatic,
    Anti: ToStatic,
    ComposedLayout<Sw, St<Only>, K>: ConstRepr,
{
    type Out = (ComposedLayout<Sw, St<Only>, K>, St<Anti>);
    #[inline(always)]
    fn run(l: ComposedLayout<Sw, O, Layout<S, D>>, c: C) -> Self::Out {
        #[allow(clippy::let_unit_value)]
        let () = SliceCheck::<
            ComposedLayout<Sw, O, Layout<S, D>>,
            C,
            <Self::Out as SlicePair>::Slice,
            <Self::Out as SlicePair>::Offset,
        >::OK;
        // Every kept mode is static: the kept layout is its type's value.
        let _ = (l, c);
        (
            ComposedLayout::new(Sw::default(), Default::default(), Default::default()),
            Default::default(),
        )
    }
}

/// The fold bit by bit: the kept layout walked through the fold layout's
/// bits (what CuTe's `composition(fold, kept)` gives for these modes).
/// `sw(Only)`, unsigned.
type SwOnly<Sw, Only> = <Only as SwizzleBits<
    <Sw as SwizzleGeometry>::Z,
    <Sw as SwizzleGeometry>::Y,
    <<Sw as SwizzleParams>::Bits as Exp2>::U,
>>::Output;
type FoldedBits<Sw, KS, KD, Only> = <KS as FoldKept<KD, <Sw as FoldBits<Only>>::Output>>::Out;

impl<Sw, O, S, D, C, KS, KD, Only, Anti>
    SliceWay<ComposedLayout<Sw, O, Layout<S, D>>, C, Layout<KS, KD>, Only, Anti> for B0
where
    Sw: SwizzleGeometry + FoldBits<Only>,
    O: StaticInt,
    S: ConstLayout<D>,
    C: ConstCoord<S>,
    KS: FoldKept<KD, <Sw as FoldBits<Only>>::Output>,
    FoldedBits<Sw, KS, KD, Only>: ConstRepr + Default,
    Sw::Bits: Exp2,
    Only: SwizzleBits<Sw::Z, Sw::Y, <Sw::Bits as Exp2>::U>,
    SwOnly<Sw, Only>: core::ops::Add<Anti>,
    <SwOnly<Sw, Only> as core::ops::Add<Anti>>::Output: ToStatic,
    St<<SwOnly<Sw, Only> as core::ops::Add<Anti>>::Output>: StaticInt,
{
    type Out = (
        FoldedBits<Sw, KS, KD, Only>,
        St<<SwOnly<Sw, Only> as core::ops::Add<Anti>>::Output>,
    );
    #[inline(always)]
    fn run(l: ComposedLayout<Sw, O, Layout<S, D>>, c: C) -> Self::Out {
        #[allow(clippy::let_unit_value)]
        let () = SliceCheck::<
            ComposedLayout<Sw, O, Layout<S, D>>,
            C,
            <Self::Out as SlicePair>::Slice,
            <Self::Out as SlicePair>::Offset,
        >::OK;
        // Every operand is static: the folded layout is a zero-sized type
        // that the bounds have already computed.
        let _ = (l, c);
        (Default::default(), Default::default())
    }
}

/// By CuTe's compositions: fold or keep by the kept modes' active bits.
impl<Sw, O, S, D, C> SlicePath<ComposedLayout<Sw, O, Layout<S, D>>, C> for B0
where
    Sw: SwizzleGeometry,
    O: Copy,
    S: IntTuple,
    D: IntTuple,
    C: SliceLayout<S, D, true>,
    Kept<C, S, D>: LayoutParts,
    <Kept<C, S, D> as LayoutParts>::Shape: Size,
    <<Kept<C, S, D> as LayoutParts>::Shape as Size>::Size: Sub<P1>,
    Sw::OnlyZy: Composition<Kept<C, S, D>>,
    Composed<Sw::OnlyZy, Kept<C, S, D>>: LayoutParts,
    <<<Kept<C, S, D> as LayoutParts>::Shape as Size>::Size as Sub<P1>>::Output: Crd2Idx<
            <Composed<Sw::OnlyZy, Kept<C, S, D>> as LayoutParts>::Shape,
            <Composed<Sw::OnlyZy, Kept<C, S, D>> as LayoutParts>::Stride,
        >,
    OffsetOf<
        Composed<Sw::OnlyZy, Kept<C, S, D>>,
        <<<Kept<C, S, D> as LayoutParts>::Shape as Size>::Size as Sub<P1>>::Output,
    >: NonNegStatic,
    Active<Sw, C, S, D>: Collides<Sw>,
    <Active<Sw, C, S, D> as Collides<Sw>>::Output:
        SliceFold<ComposedLayout<Sw, O, Layout<S, D>>, C>,
{
    type Out = <<Active<Sw, C, S, D> as Collides<Sw>>::Output as SliceFold<
        ComposedLayout<Sw, O, Layout<S, D>>,
        C,
    >>::Out;
    #[inline(always)]
    fn run(l: ComposedLayout<Sw, O, Layout<S, D>>, c: C) -> Self::Out {
        <<Active<Sw, C, S, D> as Collides<Sw>>::Output as SliceFold<_, C>>::run(l, c)
    }
}

/// Keep the swizzle (`B1`: the kept modes reach a YYY bit and its ZZZ
/// partner) or fold it into strides (`B0`).
#[doc(hidden)]
pub trait SliceFold<L, C> {
    /// The slice and the offset.
    type Out: SlicePair;
    /// Computes both.
    fn run(l: L, c: C) -> Self::Out;
}

/// The two ways of slicing `Sw o O o L` (the swizzle kept whole, `B1`,
/// or folded into the kept strides, `B0`) need the same bounds on the
/// fixed part of the coordinate; each adds its own.
macro_rules! slice_fold {
    ($Flag:ty, [$($sw:tt)*], [$($extra:tt)*] { $($body:tt)* }) => {
        impl<Sw, O, S, D, C> SliceFold<ComposedLayout<Sw, O, Layout<S, D>>, C> for $Flag
        where
            Sw: $($sw)*,
            O: NonNegStatic + StaticInt,
            S: IntTuple + ConstLayout<D>,
            D: IntTuple,
            C: SliceLayout<S, D, true> + ConstCoord<S>,
            <C as Crd2Idx<S, D>>::Output: NonNegStatic,
            FixedU<C, S, D>: BitAnd<Sw::Zy>,
            O::U: BitXor<<FixedU<C, S, D> as BitAnd<Sw::Zy>>::Output>,
            FixedU<C, S, D>: BitXor<<FixedU<C, S, D> as BitAnd<Sw::Zy>>::Output>,
            OnlyZyU<Sw, O, C, S, D>: ToStatic,
            AntiZyU<Sw, C, S, D>: ToStatic,
            $($extra)*
        {
            $($body)*
        }
    };
}

slice_fold! {
    B1,
    [SwizzleGeometry],
    [
        ComposedLayout<Sw, St<OnlyZyU<Sw, O, C, S, D>>, Kept<C, S, D>>: ConstRepr,
    ] {
        type Out = (ComposedLayout<Sw, St<OnlyZyU<Sw, O, C, S, D>>, Kept<C, S, D>>, St<AntiZyU<Sw, C, S, D>>);
        #[inline(always)]
        fn run(l: ComposedLayout<Sw, O, Layout<S, D>>, c: C) -> Self::Out {
            #[allow(clippy::let_unit_value)]
            let () =
                SliceCheck::<ComposedLayout<Sw, O, Layout<S, D>>, C, <Self::Out as SlicePair>::Slice, <Self::Out as SlicePair>::Offset>::OK;
            (
                ComposedLayout::new(l.swizzle(), Default::default(), l.layout().slice(c)),
                Default::default(),
            )
        }
    }
}

/// The folded layout of a slice.
type Folded<Sw, O, C, S, D> =
    Composed<<Sw as FoldLayout<OnlyZyU<Sw, O, C, S, D>>>::Output, Kept<C, S, D>>;

slice_fold! {
    B0,
    [SwizzleGeometry + FoldLayout<OnlyZyU<Sw, O, C, S, D>>],
    [
        <Sw as FoldLayout<OnlyZyU<Sw, O, C, S, D>>>::Output: Composition<Kept<C, S, D>> + Default,
        Folded<Sw, O, C, S, D>: ConstRepr + Default,
        Sw: SwizzleApply<St<OnlyZyU<Sw, O, C, S, D>>>,
        Swizzled<Sw, St<OnlyZyU<Sw, O, C, S, D>>>: IntAdd<St<AntiZyU<Sw, C, S, D>>>,
        Sum<Swizzled<Sw, St<OnlyZyU<Sw, O, C, S, D>>>, St<AntiZyU<Sw, C, S, D>>>: StaticInt,
    ] {
        type Out = (Folded<Sw, O, C, S, D>, Sum<Swizzled<Sw, St<OnlyZyU<Sw, O, C, S, D>>>, St<AntiZyU<Sw, C, S, D>>>);
        #[inline(always)]
        fn run(l: ComposedLayout<Sw, O, Layout<S, D>>, c: C) -> Self::Out {
            #[allow(clippy::let_unit_value)]
            let () =
                SliceCheck::<ComposedLayout<Sw, O, Layout<S, D>>, C, <Self::Out as SlicePair>::Slice, <Self::Out as SlicePair>::Offset>::OK;
            // Every operand is static, so the folded layout is a zero-sized
            // type that the bounds have already computed: building it through
            // the runtime composition would only instantiate the composition's
            // replay (a quarter of this call's build time).
            let _ = (l, c);
            (Default::default(), Default::default())
        }
    }
}

impl<Sw: SwizzleParams, O: Copy, S: IntTuple, D: IntTuple> ComposedLayout<Sw, O, Layout<S, D>> {
    /// CuTe's `slice_and_offset(c, Sw o O o L)`: the kept modes (the
    /// swizzle folded into their strides where it can be) and the offset of
    /// the fixed coordinates.
    #[inline(always)]
    pub fn slice_and_offset<C>(
        &self,
        c: C,
    ) -> (
        <Self as SliceComposed<C>>::Output,
        <Self as SliceComposed<C>>::Offset,
    )
    where
        Self: SliceComposed<C>,
    {
        SliceComposed::slice_and_offset(*self, c)
    }

    /// CuTe's `slice(c, Sw o O o L)`: the first part of
    /// [`slice_and_offset`](Self::slice_and_offset) (CuTe drops the offset).
    #[inline(always)]
    pub fn slice<C>(&self, c: C) -> <Self as SliceComposed<C>>::Output
    where
        Self: SliceComposed<C>,
    {
        SliceComposed::slice_and_offset(*self, c).0
    }
}
