//! The slice of a swizzled layout decided and folded per kept mode, for
//! kept modes whose extents and strides are powers of two (the shapes
//! swizzled shared-memory layouts and their tiles have).
//!
//! CuTe decides by composing the swizzle's YYY/ZZZ projection with the
//! kept layout and reading the composition at its last index, and folds by
//! composing a layout of the swizzle's bits with the kept layout. For a
//! mode `2^a : 2^k` both compositions are known bit by bit: the projection
//! at the mode's last index is the mode's bits `[k, k + a)` masked by the
//! YYY/ZZZ bits, and the folded mode is the fold layout's bit strides
//! `[k, k + a)`, grouped where each is twice the one before (where CuTe's
//! coalesced fold layout runs on). Walking the fold layout's segments
//! lazily for each kept leaf is about one impl step per bit it covers; the general composition walks the fold
//! layout's modes with its admissibility checks for every kept mode, and
//! was most of a slice's type-checking cost. Modes of other extents or
//! strides (odd, negative, runtime, extent 1), and modes that share bits
//! (which composition refuses as not disjoint), take CuTe's compositions,
//! so that what they accept, refuse and print is unchanged.

use core::ops::BitAnd;

use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, Bit, IsEqual, NInt, NonZero, PInt, U0, U2, UInt, UTerm, Unsigned, Z0};

use super::geometry::{Exp2, Outer, SwizzleGeometry};
use crate::layout::Layout;

type U1 = UInt<UTerm, B1>;

/// The kept layout (shape `Self`, stride `D`) as the per-bit path sees
/// it: whether every leaf has an extent `2^a` with `a >= 1` and a stride
/// `0` or `2^k`, on bits `[k, k + a)` that no other leaf reaches (as
/// composition asks of them), and the union of those bits. Each leaf's
/// bits and their union are built bit by bit in the impl headers.
#[doc(hidden)]
pub trait KeptModes<D> {
    /// `B1` where every leaf is a power of two, the leaves' bits disjoint.
    type Pow2: Bit;
    /// The union of the leaves' bits.
    type Bits: Unsigned;
}
impl<Us, Ud> KeptModes<PInt<Ud>> for PInt<Us>
where
    Us: Unsigned + NonZero + AtLeastTwoPow2 + AllOnes,
    Ud: Unsigned + NonZero + Pow2 + LeafOnes<<Us as AllOnes>::Output>,
    <Us as AtLeastTwoPow2>::Output: BitAnd<<Ud as Pow2>::Output>,
    <<Us as AtLeastTwoPow2>::Output as BitAnd<<Ud as Pow2>::Output>>::Output: Bit,
{
    type Pow2 = <<Us as AtLeastTwoPow2>::Output as BitAnd<<Ud as Pow2>::Output>>::Output;
    type Bits = <Ud as LeafOnes<<Us as AllOnes>::Output>>::Output;
}
/// A leaf that the per-bit path does not take: its bits do not matter.
macro_rules! not_pow2_leaf {
    ($($S:ty, $D:ty => [$($g:tt)*];)*) => {$(
        impl<$($g)*> KeptModes<$D> for $S {
            type Pow2 = B0;
            type Bits = U0;
        }
    )*};
}
not_pow2_leaf! {
    PInt<Us>, NInt<Ud> => [Us: Unsigned + NonZero, Ud: Unsigned + NonZero];
    PInt<Us>, i32 => [Us: Unsigned + NonZero];
    PInt<Us>, i64 => [Us: Unsigned + NonZero];
    i32, D => [D];
    i64, D => [D];
}
impl<Us: Unsigned + NonZero + AtLeastTwoPow2> KeptModes<Z0> for PInt<Us> {
    type Pow2 = Us::Output;
    type Bits = U0;
}
impl KeptModes<HNil> for HNil {
    type Pow2 = B1;
    type Bits = U0;
}
impl<S0: KeptModes<D0>, ST: KeptModes<DT>, D0, DT> KeptModes<HCons<D0, DT>> for HCons<S0, ST>
where
    S0::Bits: Merge<ST::Bits>,
    S0::Pow2: BitAnd<ST::Pow2>,
    <S0::Pow2 as BitAnd<ST::Pow2>>::Output: BitAnd<<S0::Bits as Merge<ST::Bits>>::Disjoint>,
    <<S0::Pow2 as BitAnd<ST::Pow2>>::Output as BitAnd<
        <S0::Bits as Merge<ST::Bits>>::Disjoint,
    >>::Output: Bit,
{
    type Pow2 = <<S0::Pow2 as BitAnd<ST::Pow2>>::Output as BitAnd<
        <S0::Bits as Merge<ST::Bits>>::Disjoint,
    >>::Output;
    type Bits = <S0::Bits as Merge<ST::Bits>>::Or;
}

/// The bits `[k, k + a)` of a leaf `2^a : 2^k`: `Ones` (`2^a - 1`) moved up
/// by the stride `Self` (`2^k`), a bit at a time. An odd stride above 1
/// gives 0 (the leaf is not a power of two, and its bits do not matter).
#[doc(hidden)]
pub trait LeafOnes<Ones> {
    /// The bits.
    type Output: Unsigned + PushZero;
}
impl<Ones: Unsigned + PushZero> LeafOnes<Ones> for U1 {
    type Output = Ones;
}
impl<Ones, N: LeafOnes<Ones>> LeafOnes<Ones> for UInt<N, B0> {
    type Output = Push0<N::Output>;
}
impl<Ones, N, B> LeafOnes<Ones> for UInt<UInt<N, B>, B1> {
    type Output = UTerm;
}

/// The union `Self | B` of two unsigned values, and whether they share no
/// bit, in one walk (typenum's sum, union and comparison walk three
/// times).
#[doc(hidden)]
pub trait Merge<B> {
    /// `Self | B`.
    type Or: Unsigned;
    /// `B1` where `Self & B` is 0.
    type Disjoint: Bit;
}
impl<B: Unsigned> Merge<B> for UTerm {
    type Or = B;
    type Disjoint = B1;
}
impl<A: Unsigned, Ab: Bit> Merge<UTerm> for UInt<A, Ab> {
    type Or = Self;
    type Disjoint = B1;
}
impl<A: Merge<B>, B> Merge<UInt<B, B1>> for UInt<A, B1> {
    type Or = UInt<A::Or, B1>;
    type Disjoint = B0;
}
impl<A: Merge<B>, B> Merge<UInt<B, B0>> for UInt<A, B1> {
    type Or = UInt<A::Or, B1>;
    type Disjoint = A::Disjoint;
}
impl<A: Merge<B>, B, Bb: Bit> Merge<UInt<B, Bb>> for UInt<A, B0> {
    type Or = UInt<A::Or, Bb>;
    type Disjoint = A::Disjoint;
}

/// `B1` where the per-bit path takes the kept layout (shape `Self`,
/// stride `D`): every leaf a power of two, the leaves' bits disjoint.
#[doc(hidden)]
pub trait PerBit<D> {
    /// The answer.
    type Output: Bit;
}
impl<S: KeptModes<D>, D> PerBit<D> for S {
    type Output = S::Pow2;
}

/// `B1` for an unsigned power of two.
#[doc(hidden)]
pub trait Pow2 {
    /// The answer.
    type Output: Bit;
}
impl Pow2 for U1 {
    type Output = B1;
}
impl<U, B> Pow2 for UInt<UInt<U, B>, B1> {
    type Output = B0;
}
impl<U: Pow2> Pow2 for UInt<U, B0> {
    type Output = U::Output;
}

/// `B1` for an unsigned power of two of at least 2.
#[doc(hidden)]
pub trait AtLeastTwoPow2 {
    /// The answer.
    type Output: Bit;
}
impl<U: Pow2> AtLeastTwoPow2 for UInt<U, B0> {
    type Output = U::Output;
}
impl<U> AtLeastTwoPow2 for UInt<U, B1> {
    type Output = B0;
}

/// The fixed offset `Self` (unsigned) split by the YYY/ZZZ bits `Zy`:
/// `Self & Zy` and `Self & !Zy`, in one walk over both bit lists (three
/// typenum bit operations, each with its own walk and trim, cost several
/// times as many projections).
#[doc(hidden)]
pub trait SplitZy<Zy> {
    /// `Self & Zy`.
    type Only: Unsigned + PushZero;
    /// `Self & !Zy`.
    type Anti: Unsigned + PushZero;
}
impl<Zy> SplitZy<Zy> for UTerm {
    type Only = UTerm;
    type Anti = UTerm;
}
impl<U: Unsigned, B: Bit> SplitZy<UTerm> for UInt<U, B> {
    type Only = UTerm;
    type Anti = UInt<U, B>;
}
impl<U: SplitZy<Zu>, Zu, Zb> SplitZy<UInt<Zu, Zb>> for UInt<U, B0> {
    type Only = Push0<U::Only>;
    type Anti = Push0<U::Anti>;
}
impl<U: SplitZy<Zu>, Zu> SplitZy<UInt<Zu, B1>> for UInt<U, B1> {
    type Only = UInt<U::Only, B1>;
    type Anti = Push0<U::Anti>;
}
impl<U: SplitZy<Zu>, Zu> SplitZy<UInt<Zu, B0>> for UInt<U, B1> {
    type Only = Push0<U::Only>;
    type Anti = UInt<U::Anti, B1>;
}
/// `2 * Self` for an unsigned without leading zeros (`0` stays `0`).
#[doc(hidden)]
pub trait PushZero {
    /// `2 * Self`.
    type Output: Unsigned + PushZero;
}
impl PushZero for UTerm {
    type Output = UTerm;
}
impl<U: Unsigned, B: Bit> PushZero for UInt<U, B> {
    type Output = UInt<UInt<U, B>, B0>;
}
type Push0<U> = <U as PushZero>::Output;

// ---- The fold layout as segments, walked per kept leaf ----
//
// The fold layout's bits come in five segments: runs whose strides double
// bit by bit (`2^j`), and the two groups of swizzled bits. A kept leaf
// `2^a : 2^k` walks this list lazily: it drops `k` bits, then takes `a`,
// one mode per run of bits whose stride is twice the one before. Every
// step matches its segment's structure in the impl header (a stride is
// doubled by appending a zero bit), so a leaf costs about one projection
// per bit it covers: the trait solver's cost is mostly the projections it
// normalizes, and materializing every bit of the fold layout for every
// slice was most of it. Strides are compared (`IsEqual`) only where a run
// crosses from one segment into the next.

/// Bits of strides `F`, `2F`, … (`F` unsigned, so that a step doubles it
/// by its header alone): `N = 2^n` for the `n` bits left, then the
/// segments `R`.
pub struct Geo<F, N, R>(F, N, R);
/// A group of swizzled bits: the next bit's stride is `P` (unsigned,
/// positive) where its sign (the lowest bit of `S`) is 0, else `M` (a
/// [`Sgn`]) (CuTe's `make_swizzle_strides`), both doubling per bit by the
/// impl headers; `N = 2^n` for the `n`
/// bits left; `Last` the sign of the bit before in the group (read only
/// once a bit of the group has been taken); then the segments `R`.
pub struct Grp<P, M, S, N, Last, R>(P, M, S, N, Last, R);
/// A group's stride for sign 1: the magnitude `U` (unsigned), negative
/// where `Neg` is `B1`.
pub struct Sgn<U, Neg>(U, Neg);

/// The stride of a group's bit of sign `Self`, from the group's `P` and
/// `M` (a [`Sgn`]).
#[doc(hidden)]
pub trait GrpStride<P, M> {
    /// The stride, a static integer.
    type Output;
}
impl<P: Unsigned + NonZero, M> GrpStride<P, M> for B0 {
    type Output = PInt<P>;
}
impl<P, U: Unsigned + NonZero> GrpStride<P, Sgn<U, B0>> for B1 {
    type Output = PInt<U>;
}
impl<P, U: Unsigned + NonZero> GrpStride<P, Sgn<U, B1>> for B1 {
    type Output = NInt<U>;
}
/// The fold layout's last mode, extent 1, which extends the layout beyond
/// its domain: bits of strides `F`, `2F`, … (`F` unsigned).
pub struct Beyond<F>(F);
/// The sign before a group's first bit (never read: the first bit taken
/// starts a mode, and a run entering the group compares strides).
pub struct NoBit;

/// `B1` when two bits are equal.
#[doc(hidden)]
pub trait Same<B> {
    /// The answer.
    type Output: Bit;
}
crate::int::output_impls! {
    [] B0 as Same<B0> => B1;
    [] B1 as Same<B1> => B1;
    [] B0 as Same<B1> => B0;
    [] B1 as Same<B0> => B0;
}

/// An unsigned's lowest bit and the bits above it (`0` has only zeros).
#[doc(hidden)]
pub trait LowBit {
    /// The lowest bit.
    type Bit: Bit;
    /// `self >> 1`.
    type Rest;
}
impl LowBit for UTerm {
    type Bit = B0;
    type Rest = UTerm;
}
impl<U, B: Bit> LowBit for UInt<U, B> {
    type Bit = B;
    type Rest = U;
}

/// `Self >> n` for the power of two `P = 2^n` (unsigned), a bit at a time.
#[doc(hidden)]
pub trait Peel<P> {
    /// The shifted value.
    type Output;
}
impl<X> Peel<U1> for X {
    type Output = X;
}
impl<N> Peel<UInt<N, B0>> for UTerm {
    type Output = UTerm;
}
impl<N, X: Peel<N>, B> Peel<UInt<N, B0>> for UInt<X, B> {
    type Output = X::Output;
}

/// The two groups' strides, by `LowIsZ` (`Self`): the ZZZ group's
/// `(Z, -Z)`, the YYY group's `(Y + Z, Y - Z)`, `Z` and `Y` the groups'
/// lowest bits.
#[doc(hidden)]
pub trait GroupForms<Z, Y> {
    /// The low group's strides for sign 0.
    type LowPlus;
    /// The low group's strides for sign 1.
    type LowMinus;
    /// The high group's strides for sign 0.
    type HighPlus;
    /// The high group's strides for sign 1.
    type HighMinus;
}
impl<Z: Unsigned + NonZero + SumDiff<Y>, Y: Unsigned + NonZero> GroupForms<Z, Y> for B1 {
    type LowPlus = Z;
    type LowMinus = Sgn<Z, B1>;
    type HighPlus = Z::Sum;
    type HighMinus = Sgn<Z::Diff, B0>;
}
impl<Z: Unsigned + NonZero, Y: Unsigned + NonZero + SumDiff<Z>> GroupForms<Z, Y> for B0 {
    type LowPlus = Y::Sum;
    type LowMinus = Sgn<Y::Diff, B1>;
    type HighPlus = Z;
    type HighMinus = Sgn<Z, B1>;
}

/// `Big + Self` and `Big - Self` for powers of two `Self < Big`, by their
/// bits: the sum sets bit `log2(Self)` of `Big`, the difference is the ones
/// from that bit up to `Big`'s (one step per bit, where typenum's signed
/// subtraction compares and trims).
#[doc(hidden)]
pub trait SumDiff<Big> {
    /// `Big + Self`.
    type Sum: Unsigned + NonZero;
    /// `Big - Self`.
    type Diff: Unsigned + NonZero;
}
impl<S: SumDiff<B>, B> SumDiff<UInt<B, B0>> for UInt<S, B0> {
    type Sum = UInt<S::Sum, B0>;
    type Diff = UInt<S::Diff, B0>;
}
impl<B: Unsigned + NonZero + AllOnes> SumDiff<UInt<B, B0>> for U1 {
    type Sum = UInt<B, B1>;
    type Diff = UInt<B::Output, B1>;
}
/// `Self - 1` for a power of two: its bits below the highest, all ones
/// (an odd value above 1 gives 0).
#[doc(hidden)]
pub trait AllOnes {
    /// `Self - 1`.
    type Output: Unsigned + PushZero;
}
impl AllOnes for U1 {
    type Output = UTerm;
}
impl<N: AllOnes> AllOnes for UInt<N, B0> {
    type Output = UInt<N::Output, B1>;
}
/// Not a power of two: no value that the callers read.
impl<N, B> AllOnes for UInt<UInt<N, B>, B1> {
    type Output = UTerm;
}

/// The fold layout CuTe composes with the kept modes for the offset `Off`
/// (its YYY/ZZZ bits), as segments:
/// `(2^M, (2,…), 2^(|S|-B), (2,…), 1):(1, lo, 2^(M+B), hi, 2^(M+B+|S|))`.
/// The low group's signs are the offset's bits of the high group and the
/// other way round (each bit's partner).
#[doc(hidden)]
pub trait FoldBits<Off> {
    /// The segment list.
    type Output;
}
/// The low and the high group's strides.
type LowP<G, Z, Y> = <G as GroupForms<Z, Y>>::LowPlus;
type LowM<G, Z, Y> = <G as GroupForms<Z, Y>>::LowMinus;
type HighP<G, Z, Y> = <G as GroupForms<Z, Y>>::HighPlus;
type HighM<G, Z, Y> = <G as GroupForms<Z, Y>>::HighMinus;
/// The segments of the fold layout.
type Segments<G, Z, Y, UM, UB, USB, UMB, UMBS, Lo, Hi> = Geo<
    U1,
    UM,
    Grp<
        LowP<G, Z, Y>,
        LowM<G, Z, Y>,
        Hi,
        UB,
        NoBit,
        Geo<UMB, USB, Grp<HighP<G, Z, Y>, HighM<G, Z, Y>, Lo, UB, NoBit, Beyond<UMBS>>>,
    >,
>;
/// The segments of `Sw`'s fold layout for the offset `Off`.
type SegmentsOf<Sw, Off, UM, UB, USB, UMB, UMBS> = Segments<
    <Sw as SwizzleGeometry>::LowIsZ,
    <Sw as SwizzleGeometry>::Z,
    <Sw as SwizzleGeometry>::Y,
    UM,
    UB,
    USB,
    UMB,
    UMBS,
    <Off as Peel<UM>>::Output,
    <<<Off as Peel<UM>>::Output as Peel<UB>>::Output as Peel<USB>>::Output,
>;
impl<Sw: SwizzleGeometry, Off> FoldBits<Off> for Sw
where
    Sw::Outer: FoldBitsIn<Sw, Off>,
{
    type Output = <Sw::Outer as FoldBitsIn<Sw, Off>>::Output;
}
/// [`FoldBits`] with the fold layout's outer extents and strides (`Self`)
/// matched, so that the list is built from known types (an unknown
/// stride would send the trait solver into an overflow).
#[doc(hidden)]
pub trait FoldBitsIn<Sw, Off> {
    /// The segment list.
    type Output;
}
impl<Sw, Off, UM, USB, UMB, UMBS> FoldBitsIn<Sw, Off>
    for Outer<PInt<UM>, PInt<USB>, PInt<UMB>, PInt<UMBS>>
where
    Sw: SwizzleGeometry,
    UM: Unsigned + NonZero,
    USB: Unsigned + NonZero,
    UMB: Unsigned + NonZero,
    UMBS: Unsigned + NonZero,
    Sw::Bits: Exp2,
    Sw::LowIsZ: GroupForms<Sw::Z, Sw::Y>,
    Off: Peel<UM>,
    <Off as Peel<UM>>::Output: Peel<<Sw::Bits as Exp2>::U>,
    <<Off as Peel<UM>>::Output as Peel<<Sw::Bits as Exp2>::U>>::Output: Peel<USB>,
{
    type Output = SegmentsOf<Sw, Off, UM, <Sw::Bits as Exp2>::U, USB, UMB, UMBS>;
}

/// The decision of the per-bit path: `B1` where the kept bits `Act`
/// (unsigned) hold a YYY bit together with its ZZZ partner (what
/// [`Collides`](super::Collides) gives), read from the two groups' windows
/// of `Act`, the fold layout's outer extents (`Self`) matched as in
/// [`FoldBitsIn`]: a step per bit below the high group, where typenum's
/// masks and shifts walk and trim each intermediate value.
#[doc(hidden)]
pub trait CollideIn<Sw, Act> {
    /// The answer.
    type Output: Bit;
}
impl<Sw, Act, UM, USB, UMB, PMBS> CollideIn<Sw, Act> for Outer<PInt<UM>, PInt<USB>, PInt<UMB>, PMBS>
where
    Sw: SwizzleGeometry,
    UM: Unsigned + NonZero,
    USB: Unsigned + NonZero,
    UMB: Unsigned + NonZero,
    Sw::Bits: Exp2,
    Act: Peel<UM>,
    <Act as Peel<UM>>::Output: Peel<<Sw::Bits as Exp2>::U>,
    <<Act as Peel<UM>>::Output as Peel<<Sw::Bits as Exp2>::U>>::Output: Peel<USB>,
    <Act as Peel<UM>>::Output:
        Meets<HighWindow<Act, UM, <Sw::Bits as Exp2>::U, USB>, <Sw::Bits as Exp2>::U>,
{
    type Output = <<Act as Peel<UM>>::Output as Meets<
        HighWindow<Act, UM, <Sw::Bits as Exp2>::U, USB>,
        <Sw::Bits as Exp2>::U,
    >>::Output;
}
/// `X >> (M + |S|)` for `UM = 2^M`, `UB = 2^B`, `USB = 2^(|S| - B)`: the
/// high group's window, peeled on from the low group's.
type HighWindow<X, UM, UB, USB> =
    <<<X as Peel<UM>>::Output as Peel<UB>>::Output as Peel<USB>>::Output;
/// `B1` where some bit `i < log2(N)` is set in both `Self` and `H`.
#[doc(hidden)]
pub trait Meets<H, N> {
    /// The answer.
    type Output: Bit;
}
impl<L, H> Meets<H, U1> for L {
    type Output = B0;
}
impl<L: LowBit, H: LowBit, N> Meets<H, UInt<N, B0>> for L
where
    L::Bit: MeetStep<H::Bit, L::Rest, H::Rest, N>,
{
    type Output = <L::Bit as MeetStep<H::Bit, L::Rest, H::Rest, N>>::Output;
}
/// One bit of [`Meets`]: both set, or on to the bits above.
#[doc(hidden)]
pub trait MeetStep<Hb, L, H, N> {
    /// The answer.
    type Output: Bit;
}
impl<L, H, N> MeetStep<B1, L, H, N> for B1 {
    type Output = B1;
}
impl<L: Meets<H, N>, H, N> MeetStep<B0, L, H, N> for B1 {
    type Output = L::Output;
}
impl<Hb, L: Meets<H, N>, H, N> MeetStep<Hb, L, H, N> for B0 {
    type Output = L::Output;
}

/// `sw(Self)` for an unsigned `Self` and a swizzle whose lowest ZZZ bit
/// is `Z` and lowest YYY bit `Y` (powers of two), with `N = 2^B`: the ZZZ
/// window of `Self` XORed with its YYY window, one step per bit up to the
/// window's end (typenum's mask, shifts and XOR walk and trim the whole
/// value four times).
#[doc(hidden)]
pub trait SwizzleBits<Z, Y, N> {
    /// The swizzled value.
    type Output: Unsigned;
}
impl<X: Peel<Y> + XorWindow<Z, <X as Peel<Y>>::Output, N>, Z, Y, N> SwizzleBits<Z, Y, N> for X {
    type Output = <X as XorWindow<Z, <X as Peel<Y>>::Output, N>>::Output;
}
/// `Self` with its bits `[log2(P), log2(P) + log2(N))` XORed with the low
/// bits of `W`.
#[doc(hidden)]
pub trait XorWindow<P, W, N> {
    /// The result, without leading zeros.
    type Output: Unsigned + PushZero;
}
impl<X: Unsigned + PushZero, W> XorWindow<U1, W, U1> for X {
    type Output = X;
}
impl<X: LowBit, P, W, N> XorWindow<UInt<P, B0>, W, N> for X
where
    X::Rest: XorWindow<P, W, N>,
    X::Bit: PushBit<<X::Rest as XorWindow<P, W, N>>::Output>,
{
    type Output = <X::Bit as PushBit<<X::Rest as XorWindow<P, W, N>>::Output>>::Output;
}
impl<X: LowBit, W: LowBit, N> XorWindow<U1, W, UInt<N, B0>> for X
where
    X::Rest: XorWindow<U1, W::Rest, N>,
    X::Bit: core::ops::BitXor<W::Bit>,
    <X::Bit as core::ops::BitXor<W::Bit>>::Output:
        PushBit<<X::Rest as XorWindow<U1, W::Rest, N>>::Output>,
{
    type Output = <<X::Bit as core::ops::BitXor<W::Bit>>::Output as PushBit<
        <X::Rest as XorWindow<U1, W::Rest, N>>::Output,
    >>::Output;
}
/// `2 * H + Self` for a bit `Self`, without leading zeros.
#[doc(hidden)]
pub trait PushBit<H> {
    /// The value.
    type Output: Unsigned + PushZero;
}
impl<H: Unsigned> PushBit<H> for B1 {
    type Output = UInt<H, B1>;
}
impl<H: PushZero> PushBit<H> for B0 {
    type Output = H::Output;
}

// ---- Walking a kept leaf through the segments ----
//
// Each step below has one associated type, the folded modes as a
// `Layout` of a shape and a stride: with a shape and a stride apart, the
// trait solver normalized every step of the walk twice.

/// The fold of one kept leaf `Us : 2^k` (`Self` is `2^k`): drop `k` bits
/// of the segments `L`, then take the next `log2(Us)`.
#[doc(hidden)]
pub trait LeafFold<L, Us> {
    /// The modes, as a `Layout` of a shape list and a stride list.
    type Out;
}
impl<L, Us: RunFirst<L>> LeafFold<L, Us> for U1 {
    type Out = Us::Out;
}
impl<K, F, N, R, Us> LeafFold<Geo<F, UInt<N, B0>, R>, Us> for UInt<K, B0>
where
    K: LeafFold<Geo<UInt<F, B0>, N, R>, Us>,
{
    type Out = K::Out;
}
impl<K, F, R, Us> LeafFold<Geo<F, U1, R>, Us> for UInt<K, B0>
where
    Self: LeafFold<R, Us>,
{
    type Out = <Self as LeafFold<R, Us>>::Out;
}
impl<K, P, M, Ms, S: LowBit, N, Last, R, Us>
    LeafFold<Grp<P, Sgn<M, Ms>, S, UInt<N, B0>, Last, R>, Us> for UInt<K, B0>
where
    K: LeafFold<Grp<UInt<P, B0>, Sgn<UInt<M, B0>, Ms>, S::Rest, N, Last, R>, Us>,
{
    type Out = K::Out;
}
impl<K, P, M, S, Last, R, Us> LeafFold<Grp<P, M, S, U1, Last, R>, Us> for UInt<K, B0>
where
    Self: LeafFold<R, Us>,
{
    type Out = <Self as LeafFold<R, Us>>::Out;
}
impl<K, F, Us> LeafFold<Beyond<F>, Us> for UInt<K, B0>
where
    K: LeafFold<Beyond<UInt<F, B0>>, Us>,
{
    type Out = K::Out;
}

/// The strides of a group's bit, by its sign bit `Sg`.
type Chosen<Sg, P, M> = <Sg as GrpStride<P, M>>::Output;
/// A group after its next bit (of sign `Sg`).
type GrpNext<P, M, Ms, S, N, Sg, R> =
    Grp<UInt<P, B0>, Sgn<UInt<M, B0>, Ms>, <S as LowBit>::Rest, N, Sg, R>;

/// The first bit of a kept leaf of extent `Self` starts its first mode.
#[doc(hidden)]
pub trait RunFirst<L> {
    /// The modes.
    type Out;
}
impl<U, F: Unsigned + NonZero, N, R> RunFirst<Geo<F, UInt<N, B0>, R>> for UInt<U, B0>
where
    U: Run<Geo<UInt<F, B0>, N, R>, U2, PInt<F>>,
{
    type Out = U::Out;
}
impl<Us: RunFirst<R>, F, R> RunFirst<Geo<F, U1, R>> for Us {
    type Out = Us::Out;
}
impl<U, P, M, Ms, S: LowBit, N, Last, R> RunFirst<Grp<P, Sgn<M, Ms>, S, UInt<N, B0>, Last, R>>
    for UInt<U, B0>
where
    S::Bit: GrpStride<P, Sgn<M, Ms>>,
    U: Run<GrpNext<P, M, Ms, S, N, S::Bit, R>, U2, Chosen<S::Bit, P, Sgn<M, Ms>>>,
{
    type Out = U::Out;
}
impl<Us: RunFirst<R>, P, M, S, Last, R> RunFirst<Grp<P, M, S, U1, Last, R>> for Us {
    type Out = Us::Out;
}
impl<U, F: Unsigned + NonZero> RunFirst<Beyond<F>> for UInt<U, B0>
where
    U: Run<Beyond<UInt<F, B0>>, U2, PInt<F>>,
{
    type Out = U::Out;
}

/// The modes of the next `log2(Self)` bits of `L`, after a mode being
/// built (`CurS : CurF`) whose last bit is the bit before `L`: one mode
/// per run of continuing bits.
#[doc(hidden)]
pub trait Run<L, CurS, CurF> {
    /// The modes.
    type Out;
}
impl<L, CurS: Unsigned + NonZero, CurF> Run<L, CurS, CurF> for U1 {
    type Out = Layout<HCons<PInt<CurS>, HNil>, HCons<CurF, HNil>>;
}
/// Inside a run of doubling strides, every bit continues the mode.
impl<U, F, N, R, CurS, CurF> Run<Geo<F, UInt<N, B0>, R>, CurS, CurF> for UInt<U, B0>
where
    U: Run<Geo<UInt<F, B0>, N, R>, UInt<CurS, B0>, CurF>,
{
    type Out = U::Out;
}
/// The run's end: `F` is twice the last bit's stride.
impl<U, F: Unsigned + NonZero, R, CurS, CurF> Run<Geo<F, U1, R>, CurS, CurF> for UInt<U, B0>
where
    R: Cross<PInt<F>, U, CurS, CurF>,
{
    type Out = <R as Cross<PInt<F>, U, CurS, CurF>>::Out;
}
/// Inside a group, a bit continues the mode where its sign is the one
/// before.
impl<U, P, M, Ms, S: LowBit, N, Last, R, CurS, CurF>
    Run<Grp<P, Sgn<M, Ms>, S, UInt<N, B0>, Last, R>, CurS, CurF> for UInt<U, B0>
where
    S::Bit: GrpStride<P, Sgn<M, Ms>> + Same<Last>,
    <S::Bit as Same<Last>>::Output:
        RunStep<U, GrpNext<P, M, Ms, S, N, S::Bit, R>, Chosen<S::Bit, P, Sgn<M, Ms>>, CurS, CurF>,
{
    type Out = GrpOut<<S::Bit as Same<Last>>::Output, U, P, M, Ms, S, N, R, CurS, CurF>;
}
/// The group's end: its strides have doubled past its last bit.
impl<U, P, M, S, Last: GrpStride<P, M>, R, CurS, CurF> Run<Grp<P, M, S, U1, Last, R>, CurS, CurF>
    for UInt<U, B0>
where
    R: Cross<Chosen<Last, P, M>, U, CurS, CurF>,
{
    type Out = <R as Cross<Chosen<Last, P, M>, U, CurS, CurF>>::Out;
}
impl<U, F, CurS, CurF> Run<Beyond<F>, CurS, CurF> for UInt<U, B0>
where
    U: Run<Beyond<UInt<F, B0>>, UInt<CurS, B0>, CurF>,
{
    type Out = U::Out;
}

/// A run entering the segments `Self` at their first bit, after a bit
/// whose stride doubled is `E`; `U = 2^u` for the `u` bits left after
/// this one.
#[doc(hidden)]
pub trait Cross<E, U, CurS, CurF> {
    /// The modes.
    type Out;
}
impl<E, F: Unsigned + NonZero, N, R, U, CurS, CurF> Cross<E, U, CurS, CurF>
    for Geo<F, UInt<N, B0>, R>
where
    E: IsEqual<PInt<F>>,
    E::Output: RunStep<U, Geo<UInt<F, B0>, N, R>, PInt<F>, CurS, CurF>,
{
    type Out = <E::Output as RunStep<U, Geo<UInt<F, B0>, N, R>, PInt<F>, CurS, CurF>>::Out;
}
impl<E, F, R: Cross<E, U, CurS, CurF>, U, CurS, CurF> Cross<E, U, CurS, CurF> for Geo<F, U1, R> {
    type Out = R::Out;
}
impl<E, P, M, Ms, S: LowBit, N, Last, R, U, CurS, CurF> Cross<E, U, CurS, CurF>
    for Grp<P, Sgn<M, Ms>, S, UInt<N, B0>, Last, R>
where
    S::Bit: GrpStride<P, Sgn<M, Ms>>,
    E: IsEqual<Chosen<S::Bit, P, Sgn<M, Ms>>>,
    <E as IsEqual<Chosen<S::Bit, P, Sgn<M, Ms>>>>::Output:
        RunStep<U, GrpNext<P, M, Ms, S, N, S::Bit, R>, Chosen<S::Bit, P, Sgn<M, Ms>>, CurS, CurF>,
{
    type Out = GrpOut<
        <E as IsEqual<Chosen<S::Bit, P, Sgn<M, Ms>>>>::Output,
        U,
        P,
        M,
        Ms,
        S,
        N,
        R,
        CurS,
        CurF,
    >;
}
impl<E, F: Unsigned + NonZero, U, CurS, CurF> Cross<E, U, CurS, CurF> for Beyond<F>
where
    E: IsEqual<PInt<F>>,
    E::Output: RunStep<U, Beyond<UInt<F, B0>>, PInt<F>, CurS, CurF>,
{
    type Out = <E::Output as RunStep<U, Beyond<UInt<F, B0>>, PInt<F>, CurS, CurF>>::Out;
}

/// The modes after a group's bit (its sign the lowest bit of `S`), by
/// its continuation flag `Fl`.
type GrpOut<Fl, U, P, M, Ms, S, N, R, CurS, CurF> = <Fl as RunStep<
    U,
    GrpNext<P, M, Ms, S, N, <S as LowBit>::Bit, R>,
    Chosen<<S as LowBit>::Bit, P, Sgn<M, Ms>>,
    CurS,
    CurF,
>>::Out;
/// One bit of [`Run`] (stride `F`, then the segments `R`), by its
/// continuation flag (`Self`): the mode grows, or a new one starts.
#[doc(hidden)]
pub trait RunStep<U, R, F, CurS, CurF> {
    /// The modes.
    type Out;
}
impl<U: Run<R, UInt<CurS, B0>, CurF>, R, F, CurS, CurF> RunStep<U, R, F, CurS, CurF> for B1 {
    type Out = U::Out;
}
impl<U: Run<R, U2, F>, R, F, CurS: Unsigned + NonZero, CurF> RunStep<U, R, F, CurS, CurF> for B0
where
    Layout<PInt<CurS>, CurF>: ConsMode<U::Out>,
{
    type Out = <Layout<PInt<CurS>, CurF> as ConsMode<U::Out>>::Output;
}

/// A mode (`Self`, a `Layout` of one extent and one stride) put before
/// the modes `T` (a `Layout` of two lists).
#[doc(hidden)]
pub trait ConsMode<T> {
    /// The longer lists.
    type Output;
}
impl<A, B, ST, DT> ConsMode<Layout<ST, DT>> for Layout<A, B> {
    type Output = Layout<HCons<A, ST>, HCons<B, DT>>;
}

/// One mode as CuTe's composition writes it: an integer, or a tuple of
/// several.
#[doc(hidden)]
pub trait OneOrTuple {
    /// The mode.
    type Output;
}
impl<X, Y> OneOrTuple for Layout<HCons<X, HNil>, HCons<Y, HNil>> {
    type Output = Layout<X, Y>;
}
impl<X, Y, T, DX, DY, DT> OneOrTuple for Layout<HCons<X, HCons<Y, T>>, HCons<DX, HCons<DY, DT>>> {
    type Output = Self;
}

/// The fold of a kept layout (shape `Self`, stride `D`) through the fold
/// layout's segments `L`: CuTe's `composition(fold, kept)`, leaf by leaf.
#[doc(hidden)]
pub trait FoldKept<D, L> {
    /// The folded layout.
    type Out;
}
impl<Us: Unsigned + NonZero, Ud: Unsigned + NonZero, L> FoldKept<PInt<Ud>, L> for PInt<Us>
where
    Ud: LeafFold<L, Us>,
    <Ud as LeafFold<L, Us>>::Out: OneOrTuple,
{
    type Out = <<Ud as LeafFold<L, Us>>::Out as OneOrTuple>::Output;
}
impl<Us: Unsigned + NonZero, L> FoldKept<Z0, L> for PInt<Us> {
    type Out = Layout<PInt<Us>, Z0>;
}
impl<L> FoldKept<HNil, L> for HNil {
    type Out = Layout<HNil, HNil>;
}
impl<S0: FoldKept<D0, L>, ST: FoldKept<DT, L>, D0, DT, L> FoldKept<HCons<D0, DT>, L>
    for HCons<S0, ST>
where
    S0::Out: ConsMode<ST::Out>,
{
    type Out = <S0::Out as ConsMode<ST::Out>>::Output;
}
