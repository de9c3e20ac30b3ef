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

use core::ops::{Add, BitAnd, BitOr, BitXor, Shl, Shr, Sub};

use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, Bit, IsEqual, NInt, NonZero, P1, PInt, U0, UInt, UTerm, Unsigned, Z0};

use super::composed::ComposedLayout;
use super::const_eval::{ConstCoord, ConstLayout, FlatCoord, FlatLayout};
use super::func::{SwizzleApply, SwizzleParams, Swizzled};
use crate::algebra::{Composed, Composition};
use crate::int::{IntAdd, StaticInt, Sum, ToStatic};
use crate::layout::{Crd2Idx, Layout, LayoutParts, OffsetOf, SliceLayout, Sliced, Underscore};
use crate::swizzle::DynSwizzle;
use crate::tuple::IntTuple;

/// `2^N` for a typenum exponent `N` in `0..=30`, by table: a generic
/// `U1: Shl<N>` bound sends the trait solver into a loop.
pub trait Exp2 {
    /// `2^N`, unsigned.
    type U: Unsigned + NonZero;
    /// `2^N`, a static integer.
    type S: StaticInt;
}
macro_rules! exp2 {
    ($($n:ident $u:ident $p:ident)*) => { $(impl Exp2 for typenum::consts::$n { type U = typenum::consts::$u; type S = typenum::consts::$p; })* };
}
exp2!(U0 U1 P1 U1 U2 P2 U2 U4 P4 U3 U8 P8 U4 U16 P16 U5 U32 P32 U6 U64 P64 U7 U128 P128 U8 U256 P256 U9 U512 P512 U10 U1024 P1024 U11 U2048 P2048 U12 U4096 P4096 U13 U8192 P8192 U14 U16384 P16384 U15 U32768 P32768 U16 U65536 P65536 U17 U131072 P131072 U18 U262144 P262144 U19 U524288 P524288 U20 U1048576 P1048576 U21 U2097152 P2097152 U22 U4194304 P4194304 U23 U8388608 P8388608 U24 U16777216 P16777216 U25 U33554432 P33554432 U26 U67108864 P67108864 U27 U134217728 P134217728 U28 U268435456 P268435456 U29 U536870912 P536870912 U30 U1073741824 P1073741824);
/// `2^N` as a static integer.
type Pw<N> = <N as Exp2>::S;
/// `2^N`, unsigned.
type PwU<N> = <N as Exp2>::U;
/// A typenum unsigned as a static integer.
type St<U> = <U as ToStatic>::Output;

/// A non-negative static integer as a typenum unsigned.
#[diagnostic::on_unimplemented(
    message = "slice of a swizzled layout: `{Self}` is not a static non-negative offset",
    label = "CuTe's swizzle slicing needs static offsets here",
    note = "a runtime coordinate or offset makes CuTe track the swizzle's bits as `MixedBits`; slice a `DynComposed` for those"
)]
pub trait NonNegStatic {
    /// The value, unsigned.
    type U: Unsigned;
}
impl NonNegStatic for Z0 {
    type U = U0;
}
impl<U: Unsigned + NonZero> NonNegStatic for PInt<U> {
    type U = U;
}

/// The type-level geometry of a swizzle that slicing needs.
pub trait SwizzleGeometry: SwizzleParams {
    /// The projection onto the YYY and ZZZ bits, as CuTe builds it:
    /// `(2^M, 2^B, 2^(|S|-B), 2^B, 1):(0, 2^M, 0, 2^(M+|S|), 0)`.
    type OnlyZy;
    /// The YYY and ZZZ bits.
    type Zy: Unsigned;
    /// The ZZZ bits (CuTe's `zzz_msk`).
    type Zzz: Unsigned;
    /// The lowest ZZZ bit.
    type Z: Unsigned;
    /// The lowest YYY bit.
    type Y: Unsigned;
    /// The extents and strides around the folded modes:
    /// `(2^M, 2^(|S|-B), 2^(M+B), 2^(M+B+|S|))`, static.
    type Outer;
    /// `B1` when the low group of bits is the ZZZ group (`S > 0`).
    type LowIsZ: Bit;
}

/// The static integers around the folded modes.
pub struct Outer<PM, PSB, PMB, PMBS>(PM, PSB, PMB, PMBS);

/// [`SwizzleGeometry`] computed on the typenum parameters `(B, M, R, L, Yyy)`
/// (`R = max(0, S)`, `L = max(0, -S)`).
pub trait Geometry {
    /// See [`SwizzleGeometry::OnlyZy`].
    type OnlyZy;
    /// See [`SwizzleGeometry::Zy`].
    type Zy: Unsigned;
    /// See [`SwizzleGeometry::Zzz`].
    type Zzz: Unsigned;
    /// See [`SwizzleGeometry::Z`].
    type Z: Unsigned;
    /// See [`SwizzleGeometry::Y`].
    type Y: Unsigned;
    /// See [`SwizzleGeometry::Outer`].
    type Outer;
    /// See [`SwizzleGeometry::LowIsZ`].
    type LowIsZ: Bit;
}

impl<B, M, R, L, Yyy> Geometry for (B, M, R, L, Yyy)
where
    R: Add<L>,
    <R as Add<L>>::Output: Sub<B>,
    M: Add<<R as Add<L>>::Output> + Add<B> + Add<L> + Add<R> + Exp2,
    <M as Add<B>>::Output: Add<<R as Add<L>>::Output> + Exp2,
    B: Exp2,
    <<R as Add<L>>::Output as Sub<B>>::Output: Exp2,
    <M as Add<<R as Add<L>>::Output>>::Output: Exp2,
    <<M as Add<B>>::Output as Add<<R as Add<L>>::Output>>::Output: Exp2,
    <M as Add<L>>::Output: Exp2,
    <M as Add<R>>::Output: Exp2,
    Yyy: Shr<R>,
    <Yyy as Shr<R>>::Output: Shl<L>,
    Yyy: BitOr<<<Yyy as Shr<R>>::Output as Shl<L>>::Output>,
    <Yyy as BitOr<<<Yyy as Shr<R>>::Output as Shl<L>>::Output>>::Output: Unsigned,
    <<Yyy as Shr<R>>::Output as Shl<L>>::Output: Unsigned,
    L: IsEqual<U0>,
    <L as IsEqual<U0>>::Output: Bit,
{
    type OnlyZy = Layout<
        HCons<
            Pw<M>,
            HCons<
                Pw<B>,
                HCons<Pw<<<R as Add<L>>::Output as Sub<B>>::Output>, HCons<Pw<B>, HCons<P1, HNil>>>,
            >,
        >,
        HCons<
            Z0,
            HCons<
                Pw<M>,
                HCons<Z0, HCons<Pw<<M as Add<<R as Add<L>>::Output>>::Output>, HCons<Z0, HNil>>>,
            >,
        >,
    >;
    type Zy = <Yyy as BitOr<<<Yyy as Shr<R>>::Output as Shl<L>>::Output>>::Output;
    type Zzz = <<Yyy as Shr<R>>::Output as Shl<L>>::Output;
    type Z = PwU<<M as Add<L>>::Output>;
    type Y = PwU<<M as Add<R>>::Output>;
    type Outer = Outer<
        Pw<M>,
        Pw<<<R as Add<L>>::Output as Sub<B>>::Output>,
        Pw<<M as Add<B>>::Output>,
        Pw<<<M as Add<B>>::Output as Add<<R as Add<L>>::Output>>::Output>,
    >;
    type LowIsZ = <L as IsEqual<U0>>::Output;
}

type Params<Sw> = (
    <Sw as SwizzleParams>::Bits,
    <Sw as SwizzleParams>::Base,
    <Sw as SwizzleParams>::Right,
    <Sw as SwizzleParams>::Left,
    <Sw as SwizzleParams>::Yyy,
);

impl<Sw: SwizzleParams> SwizzleGeometry for Sw
where
    Params<Sw>: Geometry,
{
    type OnlyZy = <Params<Sw> as Geometry>::OnlyZy;
    type Zy = <Params<Sw> as Geometry>::Zy;
    type Zzz = <Params<Sw> as Geometry>::Zzz;
    type Z = <Params<Sw> as Geometry>::Z;
    type Y = <Params<Sw> as Geometry>::Y;
    type Outer = <Params<Sw> as Geometry>::Outer;
    type LowIsZ = <Params<Sw> as Geometry>::LowIsZ;
}

/// `B1` when every element of a slice coordinate is `_` (CuTe then only
/// reshapes, without trying to fold the swizzle).
pub trait AllUnderscore {
    /// The answer.
    type Output: Bit;
}
impl AllUnderscore for Underscore {
    type Output = B1;
}
impl AllUnderscore for HNil {
    type Output = B1;
}
impl<H: AllUnderscore, T: AllUnderscore> AllUnderscore for HCons<H, T>
where
    H::Output: core::ops::BitAnd<T::Output>,
    <H::Output as core::ops::BitAnd<T::Output>>::Output: Bit,
{
    type Output = <H::Output as core::ops::BitAnd<T::Output>>::Output;
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

/// `if C { T } else { F }` on a typenum bit.
pub trait Select<T, F> {
    /// The chosen type.
    type Output;
}
impl<T, F> Select<T, F> for B1 {
    type Output = T;
}
impl<T, F> Select<T, F> for B0 {
    type Output = F;
}
type If<C, T, F> = <C as Select<T, F>>::Output;

/// One folded mode's stride: the ZZZ form (`±Z·2^i`, by the partner YYY
/// bit of the offset) for `B1`, the YYY form (`(Y±Z)·2^i`, by the partner
/// ZZZ bit) for `B0`. `Zi`, `Yi` are `Z·2^i`, `Y·2^i`.
pub trait FoldStride<Off, Zi, Yi> {
    /// The stride, a static integer.
    type Output;
}
impl<Off, Zi: NonZero + Unsigned, Yi> FoldStride<Off, Zi, Yi> for B1
where
    Off: BitAnd<Yi>,
    <Off as BitAnd<Yi>>::Output: IsEqual<U0>,
    <<Off as BitAnd<Yi>>::Output as IsEqual<U0>>::Output: Select<PInt<Zi>, NInt<Zi>>,
{
    type Output = If<<<Off as BitAnd<Yi>>::Output as IsEqual<U0>>::Output, PInt<Zi>, NInt<Zi>>;
}
impl<Off, Zi: NonZero + Unsigned, Yi: NonZero + Unsigned> FoldStride<Off, Zi, Yi> for B0
where
    Off: BitAnd<Zi>,
    <Off as BitAnd<Zi>>::Output: IsEqual<U0>,
    Yi: Add<Zi>,
    <Yi as Add<Zi>>::Output: ToStatic,
    PInt<Yi>: Sub<PInt<Zi>>,
    <<Off as BitAnd<Zi>>::Output as IsEqual<U0>>::Output:
        Select<St<<Yi as Add<Zi>>::Output>, <PInt<Yi> as Sub<PInt<Zi>>>::Output>,
{
    type Output = If<
        <<Off as BitAnd<Zi>>::Output as IsEqual<U0>>::Output,
        St<<Yi as Add<Zi>>::Output>,
        <PInt<Yi> as Sub<PInt<Zi>>>::Output,
    >;
}

/// The `B` folded modes of one group of bits: extents `2`, strides by
/// [`FoldStride`]. Recurses on the count (a typenum unsigned).
pub trait FoldModes<Off, Zi, Yi, Form> {
    /// `(_2, _2, …)`.
    type Shape;
    /// Their strides.
    type Stride;
}
impl<Off, Zi, Yi, Form> FoldModes<Off, Zi, Yi, Form> for UTerm {
    type Shape = HNil;
    type Stride = HNil;
}
impl<U, Bt, Off, Zi, Yi, Form> FoldModes<Off, Zi, Yi, Form> for UInt<U, Bt>
where
    UInt<U, Bt>: Sub<B1>,
    <UInt<U, Bt> as Sub<B1>>::Output: FoldModes<Off, UInt<Zi, B0>, UInt<Yi, B0>, Form>,
    Form: FoldStride<Off, Zi, Yi>,
{
    type Shape =
        HCons<
            typenum::P2,
            <<UInt<U, Bt> as Sub<B1>>::Output as FoldModes<
                Off,
                UInt<Zi, B0>,
                UInt<Yi, B0>,
                Form,
            >>::Shape,
        >;
    type Stride =
        HCons<
            <Form as FoldStride<Off, Zi, Yi>>::Output,
            <<UInt<U, Bt> as Sub<B1>>::Output as FoldModes<
                Off,
                UInt<Zi, B0>,
                UInt<Yi, B0>,
                Form,
            >>::Stride,
        >;
}

/// The layout CuTe composes with the kept modes to fold the swizzle:
/// `(2^M, (2,…), 2^(|S|-B), (2,…), 1):(1, lo, 2^(M+B), hi, 2^(M+B+|S|))`.
pub trait FoldLayout<Off> {
    /// The layout type.
    type Output;
}
impl<Sw: SwizzleGeometry<Outer = Outer<PM, PSB, PMB, PMBS>>, Off, PM, PSB, PMB, PMBS>
    FoldLayout<Off> for Sw
where
    Sw::LowIsZ: core::ops::Not,
    Sw::Bits: FoldModes<Off, Sw::Z, Sw::Y, Sw::LowIsZ>
        + FoldModes<Off, Sw::Z, Sw::Y, <Sw::LowIsZ as core::ops::Not>::Output>,
{
    type Output = Layout<
        HCons<
            PM,
            HCons<
                <Sw::Bits as FoldModes<Off, Sw::Z, Sw::Y, Sw::LowIsZ>>::Shape,
                HCons<
                    PSB,
                    HCons<
                        <Sw::Bits as FoldModes<
                            Off,
                            Sw::Z,
                            Sw::Y,
                            <Sw::LowIsZ as core::ops::Not>::Output,
                        >>::Shape,
                        HCons<P1, HNil>,
                    >,
                >,
            >,
        >,
        HCons<
            P1,
            HCons<
                <Sw::Bits as FoldModes<Off, Sw::Z, Sw::Y, Sw::LowIsZ>>::Stride,
                HCons<
                    PMB,
                    HCons<
                        <Sw::Bits as FoldModes<
                            Off,
                            Sw::Z,
                            Sw::Y,
                            <Sw::LowIsZ as core::ops::Not>::Output,
                        >>::Stride,
                        HCons<PMBS, HNil>,
                    >,
                >,
            >,
        >,
    >;
}

/// A static layout or swizzled layout as a function evaluable in `const`.
pub trait ConstRepr {
    /// `(swizzle, offset, layout)`: the value at `i` is `sw(offset + layout(i))`.
    const REPR: (DynSwizzle, i64, FlatLayout);
}
impl<S: ConstLayout<D>, D> ConstRepr for Layout<S, D> {
    const REPR: (DynSwizzle, i64, FlatLayout) = (DynSwizzle::new_unchecked(0, 0, 0), 0, S::FLAT);
}
impl<Sw: SwizzleParams, O: StaticInt, S: ConstLayout<D>, D> ConstRepr
    for ComposedLayout<Sw, O, Layout<S, D>>
{
    const REPR: (DynSwizzle, i64, FlatLayout) = (Sw::RUNTIME, O::I64, S::FLAT);
}

/// The brute-force check that a slice `R` (plus offset `Off`) of the
/// composed layout `L` at coordinate `C` is `L` at the full coordinate
/// (where the fixed coordinates lie inside their modes: beyond them CuTe's
/// result is its own extension of the layout, which we follow).
pub struct SliceCheck<L, C, R, Off>(core::marker::PhantomData<(L, C, R, Off)>);
impl<
    Sw: SwizzleParams,
    O: StaticInt,
    S: ConstLayout<D>,
    D,
    C: ConstCoord<S>,
    R: ConstRepr,
    Off: StaticInt,
> SliceCheck<ComposedLayout<Sw, O, Layout<S, D>>, C, R, Off>
{
    /// Fails to evaluate (a compile error) where CuTe's slice is wrong.
    pub const OK: () = {
        let l = S::FLAT;
        let c: FlatCoord = C::FLAT;
        let (rsw, roff, rl) = R::REPR;
        let n = if c.fixed_in_range(&l) {
            c.kept_size(&l)
        } else {
            0
        };
        let mut j = 0;
        while j < n {
            let want = Sw::RUNTIME.apply(O::I64 + c.full_at(&l, j));
            let got = rsw.apply(roff + rl.at(j)) + Off::I64;
            assert!(
                want == got,
                "slice of a swizzled layout: CuTe's folded slice is not the layout at the full coordinate here (its swizzle pass-through assumes no carry into the swizzled bits)"
            );
            j += 1;
        }
    };
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
/// `(P o kept)(size - 1)`: the swizzle bits the kept modes reach.
type Active<Sw, C, S, D> = <OffsetOf<
    Composed<<Sw as SwizzleGeometry>::OnlyZy, Kept<C, S, D>>,
    <<<Kept<C, S, D> as LayoutParts>::Shape as IntTuple>::Size as Sub<P1>>::Output,
> as NonNegStatic>::U;

/// CuTe's `slice_and_offset` of a swizzled composed layout: implemented
/// for `ComposedLayout<Swizzle, O, Layout<S, D>>` with a static offset and a
/// static slice coordinate.
#[diagnostic::on_unimplemented(
    message = "slice of a swizzled layout: `{C}` is not a static slice coordinate of `{Self}`",
    label = "a slice coordinate has the layout's rank and nesting, with `_` where a mode is kept and static integers elsewhere",
    note = "CuTe folds the swizzle into the kept modes by the fixed coordinate's bits, so they must be known at compile time; a `DynComposed` slices at run time"
)]
pub trait SliceComposed<C> {
    /// The slice: a plain layout where the swizzle folds, else a composed one.
    type Output;
    /// The offset of the fixed coordinates, outside the slice.
    type Offset;
    /// Computes both.
    fn slice_and_offset(self, c: C) -> (Self::Output, Self::Offset);
}

/// Dispatch on "all `_`" (`Self`), then on the collision of the kept bits.
pub trait SliceBranch<L, C> {
    /// The slice.
    type Output;
    /// The offset.
    type Offset;
    /// Computes both.
    fn run(l: L, c: C) -> (Self::Output, Self::Offset);
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
    type Output = <<C as AllUnderscore>::Output as SliceBranch<Self, C>>::Output;
    type Offset = <<C as AllUnderscore>::Output as SliceBranch<Self, C>>::Offset;
    #[inline(always)]
    fn slice_and_offset(self, c: C) -> (Self::Output, Self::Offset) {
        <<C as AllUnderscore>::Output as SliceBranch<Self, C>>::run(self, c)
    }
}

/// All `_`: CuTe only reshapes.
impl<Sw: SwizzleParams, O: Copy, S: IntTuple, D: IntTuple, C: SliceLayout<S, D, true>>
    SliceBranch<ComposedLayout<Sw, O, Layout<S, D>>, C> for B1
{
    type Output = ComposedLayout<Sw, O, Kept<C, S, D>>;
    type Offset = Z0;
    #[inline(always)]
    fn run(l: ComposedLayout<Sw, O, Layout<S, D>>, c: C) -> (Self::Output, Z0) {
        (
            ComposedLayout::new(l.swizzle(), l.offset(), l.layout().slice(c)),
            Z0::new(),
        )
    }
}

/// Some coordinate fixed: fold or keep by the kept modes' active bits.
impl<Sw, O, S, D, C> SliceBranch<ComposedLayout<Sw, O, Layout<S, D>>, C> for B0
where
    Sw: SwizzleGeometry,
    O: Copy,
    S: IntTuple,
    D: IntTuple,
    C: SliceLayout<S, D, true>,
    Kept<C, S, D>: LayoutParts,
    <Kept<C, S, D> as LayoutParts>::Shape: IntTuple,
    <<Kept<C, S, D> as LayoutParts>::Shape as IntTuple>::Size: Sub<P1>,
    Sw::OnlyZy: Composition<Kept<C, S, D>>,
    Composed<Sw::OnlyZy, Kept<C, S, D>>: LayoutParts,
    <<<Kept<C, S, D> as LayoutParts>::Shape as IntTuple>::Size as Sub<P1>>::Output: Crd2Idx<
            <Composed<Sw::OnlyZy, Kept<C, S, D>> as LayoutParts>::Shape,
            <Composed<Sw::OnlyZy, Kept<C, S, D>> as LayoutParts>::Stride,
        >,
    OffsetOf<
        Composed<Sw::OnlyZy, Kept<C, S, D>>,
        <<<Kept<C, S, D> as LayoutParts>::Shape as IntTuple>::Size as Sub<P1>>::Output,
    >: NonNegStatic,
    Active<Sw, C, S, D>: Collides<Sw>,
    <Active<Sw, C, S, D> as Collides<Sw>>::Output:
        SliceFold<ComposedLayout<Sw, O, Layout<S, D>>, C>,
{
    type Output = <<Active<Sw, C, S, D> as Collides<Sw>>::Output as SliceFold<
        ComposedLayout<Sw, O, Layout<S, D>>,
        C,
    >>::Output;
    type Offset = <<Active<Sw, C, S, D> as Collides<Sw>>::Output as SliceFold<
        ComposedLayout<Sw, O, Layout<S, D>>,
        C,
    >>::Offset;
    #[inline(always)]
    fn run(l: ComposedLayout<Sw, O, Layout<S, D>>, c: C) -> (Self::Output, Self::Offset) {
        <<Active<Sw, C, S, D> as Collides<Sw>>::Output as SliceFold<_, C>>::run(l, c)
    }
}

/// Keep the swizzle (`B1`: the kept modes reach a YYY bit and its ZZZ
/// partner) or fold it into strides (`B0`).
pub trait SliceFold<L, C> {
    /// The slice.
    type Output;
    /// The offset.
    type Offset;
    /// Computes both.
    fn run(l: L, c: C) -> (Self::Output, Self::Offset);
}

impl<Sw, O, S, D, C> SliceFold<ComposedLayout<Sw, O, Layout<S, D>>, C> for B1
where
    Sw: SwizzleGeometry,
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
    ComposedLayout<Sw, St<OnlyZyU<Sw, O, C, S, D>>, Kept<C, S, D>>: ConstRepr,
{
    type Output = ComposedLayout<Sw, St<OnlyZyU<Sw, O, C, S, D>>, Kept<C, S, D>>;
    type Offset = St<AntiZyU<Sw, C, S, D>>;
    #[inline(always)]
    fn run(l: ComposedLayout<Sw, O, Layout<S, D>>, c: C) -> (Self::Output, Self::Offset) {
        #[allow(clippy::let_unit_value)]
        let () =
            SliceCheck::<ComposedLayout<Sw, O, Layout<S, D>>, C, Self::Output, Self::Offset>::OK;
        (
            ComposedLayout::new(l.swizzle(), Default::default(), l.layout().slice(c)),
            Default::default(),
        )
    }
}

/// The folded layout of a slice.
type Folded<Sw, O, C, S, D> =
    Composed<<Sw as FoldLayout<OnlyZyU<Sw, O, C, S, D>>>::Output, Kept<C, S, D>>;

impl<Sw, O, S, D, C> SliceFold<ComposedLayout<Sw, O, Layout<S, D>>, C> for B0
where
    Sw: SwizzleGeometry + FoldLayout<OnlyZyU<Sw, O, C, S, D>>,
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
    <Sw as FoldLayout<OnlyZyU<Sw, O, C, S, D>>>::Output: Composition<Kept<C, S, D>> + Default,
    Folded<Sw, O, C, S, D>: ConstRepr + Default,
    Sw: SwizzleApply<St<OnlyZyU<Sw, O, C, S, D>>>,
    Swizzled<Sw, St<OnlyZyU<Sw, O, C, S, D>>>: IntAdd<St<AntiZyU<Sw, C, S, D>>>,
    Sum<Swizzled<Sw, St<OnlyZyU<Sw, O, C, S, D>>>, St<AntiZyU<Sw, C, S, D>>>: StaticInt,
{
    type Output = Folded<Sw, O, C, S, D>;
    type Offset = Sum<Swizzled<Sw, St<OnlyZyU<Sw, O, C, S, D>>>, St<AntiZyU<Sw, C, S, D>>>;
    #[inline(always)]
    fn run(l: ComposedLayout<Sw, O, Layout<S, D>>, c: C) -> (Self::Output, Self::Offset) {
        #[allow(clippy::let_unit_value)]
        let () =
            SliceCheck::<ComposedLayout<Sw, O, Layout<S, D>>, C, Self::Output, Self::Offset>::OK;
        // Every operand is static, so the folded layout is a zero-sized
        // type that the bounds have already computed: building it through
        // the runtime composition would only instantiate the composition's
        // replay (a quarter of this call's build time).
        let _ = (l, c);
        (Default::default(), Default::default())
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
