//! The swizzle's bit geometry as types: which bits of an offset are YYY
//! (the source) and ZZZ (the target), `2^N` by table, and the outer
//! masks a slice folds with.

use core::ops::{Add, BitOr, Shl, Shr, Sub};

use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, IsEqual, NonZero, P1, PInt, U0, Unsigned, Z0};

use crate::int::{StaticInt, ToStatic};
use crate::layout::Layout;
use crate::swizzle::func::SwizzleParams;

/// `2^N` for a typenum exponent `N` in `0..=30`, by table: a generic
/// `U1: Shl<N>` bound sends the trait solver into a loop.
#[doc(hidden)]
pub trait Exp2 {
    /// `2^N`, unsigned.
    type U: Unsigned + NonZero;
    /// `2^N`, a static integer.
    type S: StaticInt;
}
macro_rules! exp2 {
    ($($n:ident $u:ident $p:ident)*) => { $(impl Exp2 for typenum::consts::$n { type U = typenum::consts::$u; type S = typenum::consts::$p; })* };
}
exp2!(U0 U1 P1 U1 U2 P2 U2 U4 P4 U3 U8 P8 U4 U16 P16 U5 U32 P32 U6 U64 P64 U7 U128 P128 U8 U256 P256 U9 U512 P512 U10 U1024 P1024 U11 U2048 P2048 U12 U4096 P4096 U13 U8192 P8192 U14 U16384 P16384 U15 U32768 P32768 U16 U65536 P65536 U17 U131072 P131072 U18 U262144 P262144 U19 U524288 P524288 U20 U1048576 P1048576 U21 U2097152 P2097152 U22 U4194304 P4194304 U23 U8388608 P8388608 U24 U16777216 P16777216 U25 U33554432 P33554432 U26 U67108864 P67108864 U27 U134217728 P134217728 U28 U268435456 P268435456 U29 U536870912 P536870912 U30 U1073741824 P1073741824 U31 U2147483648 P2147483648);
/// `2^N` as a static integer.
pub(super) type Pw<N> = <N as Exp2>::S;
/// `2^N`, unsigned.
pub(super) type PwU<N> = <N as Exp2>::U;
/// A typenum unsigned as a static integer.
pub(super) type St<U> = <U as ToStatic>::Output;

/// A non-negative static integer as a typenum unsigned.
#[diagnostic::on_unimplemented(
    message = "slice of a swizzled layout: `{Self}` is not a static non-negative offset",
    label = "CuTe's swizzle slicing needs static offsets here",
    note = "a runtime coordinate or offset makes CuTe track the swizzle's bits as `MixedBits`; a tensor over the layout slices at run time (the fixed offset goes inside the swizzle), and so does a `DynComposed`"
)]
#[doc(hidden)]
pub trait NonNegStatic {
    /// The value, unsigned.
    type U: Unsigned;
}
crate::int::output_impls! {
    type U;
    [] Z0 as NonNegStatic => U0;
    [U: Unsigned + NonZero] PInt<U> as NonNegStatic => U;
}

/// The type-level geometry of a swizzle that slicing needs.
#[doc(hidden)]
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
#[doc(hidden)]
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

pub(super) type Params<Sw> = (
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
