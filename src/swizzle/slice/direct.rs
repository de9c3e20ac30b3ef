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
//! coalesced fold layout runs on). Walking those bits is a few impl steps
//! per bit of the kept modes; the general composition walks the fold
//! layout's modes with its admissibility checks for every kept mode, and
//! was most of a slice's type-checking cost. Modes of other extents or
//! strides (odd, negative, runtime, extent 1) take CuTe's compositions.

use core::ops::{Add, BitAnd, Mul, Sub};

use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, Bit, IsEqual, NInt, NonZero, P1, PInt, U0, U2, UInt, UTerm, Unsigned, Z0};

use super::fold::FoldStride;
use super::geometry::{Outer, SwizzleGeometry};

type U1 = UInt<UTerm, B1>;

/// `B1` when every leaf of the kept layout (shape `Self`, stride `D`) has
/// an extent `2^a` with `a >= 1` and a stride `0` or `2^k`: the modes the
/// per-bit fold handles.
#[doc(hidden)]
pub trait PowerOfTwoModes<D> {
    /// The answer.
    type Output: Bit;
}
impl<U: Unsigned + NonZero + AtLeastTwoPow2, D: Pow2Stride> PowerOfTwoModes<D> for PInt<U>
where
    U::Output: BitAnd<D::Output>,
    <U::Output as BitAnd<D::Output>>::Output: Bit,
{
    type Output = <U::Output as BitAnd<D::Output>>::Output;
}
impl<D> PowerOfTwoModes<D> for i32 {
    type Output = B0;
}
impl<D> PowerOfTwoModes<D> for i64 {
    type Output = B0;
}
impl PowerOfTwoModes<HNil> for HNil {
    type Output = B1;
}
impl<S0: PowerOfTwoModes<D0>, ST: PowerOfTwoModes<DT>, D0, DT> PowerOfTwoModes<HCons<D0, DT>>
    for HCons<S0, ST>
where
    S0::Output: BitAnd<ST::Output>,
    <S0::Output as BitAnd<ST::Output>>::Output: Bit,
{
    type Output = <S0::Output as BitAnd<ST::Output>>::Output;
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

/// `B1` for a stride `0` or `2^k`.
#[doc(hidden)]
pub trait Pow2Stride {
    /// The answer.
    type Output: Bit;
}
impl Pow2Stride for Z0 {
    type Output = B1;
}
impl<U: Unsigned + NonZero + Pow2> Pow2Stride for PInt<U> {
    type Output = U::Output;
}
impl<U: Unsigned + NonZero> Pow2Stride for NInt<U> {
    type Output = B0;
}
impl Pow2Stride for i32 {
    type Output = B0;
}
impl Pow2Stride for i64 {
    type Output = B0;
}

/// The swizzle bits a kept layout (shape `Self`, stride `D`) reaches, as
/// CuTe reads them (`(P o kept)(size - 1)` with `P` the YYY/ZZZ
/// projection): the sum over the leaves of `(s - 1) * d & zy`.
#[doc(hidden)]
pub trait ActiveBits<D, Zy> {
    /// The bits, unsigned.
    type Output: Unsigned;
}
impl<Us, Ud, Zy> ActiveBits<PInt<Ud>, Zy> for PInt<Us>
where
    Us: Unsigned + NonZero + Sub<B1>,
    Ud: Unsigned + NonZero + Mul<<Us as Sub<B1>>::Output>,
    <Ud as Mul<<Us as Sub<B1>>::Output>>::Output: BitAnd<Zy>,
    <<Ud as Mul<<Us as Sub<B1>>::Output>>::Output as BitAnd<Zy>>::Output: Unsigned,
{
    type Output = <<Ud as Mul<<Us as Sub<B1>>::Output>>::Output as BitAnd<Zy>>::Output;
}
impl<Us: Unsigned + NonZero, Zy> ActiveBits<Z0, Zy> for PInt<Us> {
    type Output = U0;
}
impl<Zy> ActiveBits<HNil, Zy> for HNil {
    type Output = U0;
}
impl<S0: ActiveBits<D0, Zy>, ST: ActiveBits<DT, Zy>, D0, DT, Zy> ActiveBits<HCons<D0, DT>, Zy>
    for HCons<S0, ST>
where
    S0::Output: Add<ST::Output>,
    <S0::Output as Add<ST::Output>>::Output: Unsigned,
{
    type Output = <S0::Output as Add<ST::Output>>::Output;
}

// ---- The fold layout, bit by bit ----

/// A mode `2^e : F` of the fold layout (`U` is `2^e`, unsigned).
pub struct Mode<U, F>(U, F);
/// The fold layout's bit `j`: its stride `F`, `C = B1` when `F` is twice
/// the previous bit's stride (the two are one mode of the coalesced
/// fold), then the bits above.
pub struct BitStride<F, C, R>(F, C, R);
/// The fold layout's bits from its last mode on: `F`, `2F`, `4F`, … (the
/// last mode, extent 1, extends the layout beyond its domain); `C` as in
/// [`BitStride`] for `F`.
pub struct Beyond<F, C>(F, C);
/// No bit before (the first bit starts a mode).
pub struct NoBit;

/// `2F` for a static integer.
#[doc(hidden)]
pub trait Double {
    /// `2F`.
    type Output;
}
impl<U: Unsigned + NonZero> Double for PInt<U> {
    type Output = PInt<UInt<U, B0>>;
}
impl<U: Unsigned + NonZero> Double for NInt<U> {
    type Output = NInt<UInt<U, B0>>;
}
type Dbl<F> = <F as Double>::Output;

/// `B1` when `F` is twice the stride `Self` of the bit before.
#[doc(hidden)]
pub trait Continues<F> {
    /// The answer.
    type Output: Bit;
}
impl<F> Continues<F> for NoBit {
    type Output = B0;
}
impl<U: Unsigned + NonZero, F> Continues<F> for PInt<U>
where
    PInt<UInt<U, B0>>: IsEqual<F>,
    <PInt<UInt<U, B0>> as IsEqual<F>>::Output: Bit,
{
    type Output = <PInt<UInt<U, B0>> as IsEqual<F>>::Output;
}
impl<U: Unsigned + NonZero, F> Continues<F> for NInt<U>
where
    NInt<UInt<U, B0>>: IsEqual<F>,
    <NInt<UInt<U, B0>> as IsEqual<F>>::Output: Bit,
{
    type Output = <NInt<UInt<U, B0>> as IsEqual<F>>::Output;
}

/// The bits of a list of [`Mode`]s (`Self`), after the bit of stride
/// `Prev`, ending in [`Beyond`] from the stride `E` of the last mode.
#[doc(hidden)]
pub trait ModeBits<Prev, E> {
    /// The [`BitStride`] list.
    type Output;
}
impl<Prev: Continues<E>, E> ModeBits<Prev, E> for HNil {
    type Output = Beyond<E, Prev::Output>;
}
impl<U: FirstBit<F, R, Prev, E>, F, R, Prev, E> ModeBits<Prev, E> for HCons<Mode<U, F>, R> {
    type Output = U::Output;
}
/// The first bit of a mode of extent `Self` (an extent 1 has none).
#[doc(hidden)]
pub trait FirstBit<F, R, Prev, E> {
    /// The [`BitStride`] list.
    type Output;
}
impl<F, R: ModeBits<Prev, E>, Prev, E> FirstBit<F, R, Prev, E> for U1 {
    type Output = R::Output;
}
impl<U: RunBits<Dbl<F>, F, R, E>, F: Double, R, Prev: Continues<F>, E> FirstBit<F, R, Prev, E>
    for UInt<U, B0>
{
    type Output = BitStride<F, Prev::Output, U::Output>;
}
/// The further bits of a mode (`Self` of them, as `2^n`): stride `F`,
/// each twice the one before; `Last` is the stride of the bit before.
#[doc(hidden)]
pub trait RunBits<F, Last, R, E> {
    /// The [`BitStride`] list.
    type Output;
}
impl<F, Last, R: ModeBits<Last, E>, E> RunBits<F, Last, R, E> for U1 {
    type Output = R::Output;
}
impl<U: RunBits<Dbl<F>, F, R, E>, F: Double, Last, R, E> RunBits<F, Last, R, E> for UInt<U, B0> {
    type Output = BitStride<F, B1, U::Output>;
}

/// The `B` modes `2 : stride` of one group of the fold layout, before
/// `Tail` ([`FoldStride`] gives each stride). Recurses on the count.
#[doc(hidden)]
pub trait GroupModes<Off, Zi, Yi, Form, Tail> {
    /// The list of [`Mode`]s.
    type Output;
}
impl<Off, Zi, Yi, Form, Tail> GroupModes<Off, Zi, Yi, Form, Tail> for UTerm {
    type Output = Tail;
}
impl<U, Bt, Off, Zi, Yi, Form, Tail> GroupModes<Off, Zi, Yi, Form, Tail> for UInt<U, Bt>
where
    UInt<U, Bt>: Sub<B1>,
    <UInt<U, Bt> as Sub<B1>>::Output: GroupModes<Off, UInt<Zi, B0>, UInt<Yi, B0>, Form, Tail>,
    Form: FoldStride<Off, Zi, Yi>,
{
    type Output = HCons<
        Mode<U2, <Form as FoldStride<Off, Zi, Yi>>::Output>,
        <<UInt<U, Bt> as Sub<B1>>::Output as GroupModes<
            Off,
            UInt<Zi, B0>,
            UInt<Yi, B0>,
            Form,
            Tail,
        >>::Output,
    >;
}

/// The fold layout CuTe composes with the kept modes for the offset `Off`
/// (its YYY/ZZZ bits), bit by bit:
/// `(2^M, (2,…), 2^(|S|-B), (2,…), 1):(1, lo, 2^(M+B), hi, 2^(M+B+|S|))`.
#[doc(hidden)]
pub trait FoldBits<Off> {
    /// The [`BitStride`] list.
    type Output;
}
/// The negation of `Sw`'s `LowIsZ`.
type NotLow<Sw> = <<Sw as SwizzleGeometry>::LowIsZ as core::ops::Not>::Output;
/// The modes above the low group.
type HighModes<Sw, Off, USB, PMB> = HCons<
    Mode<USB, PMB>,
    <<Sw as crate::swizzle::SwizzleParams>::Bits as GroupModes<
        Off,
        <Sw as SwizzleGeometry>::Z,
        <Sw as SwizzleGeometry>::Y,
        NotLow<Sw>,
        HNil,
    >>::Output,
>;
/// All the modes.
type FoldModeList<Sw, Off, UM, USB, PMB> = HCons<
    Mode<UM, P1>,
    <<Sw as crate::swizzle::SwizzleParams>::Bits as GroupModes<
        Off,
        <Sw as SwizzleGeometry>::Z,
        <Sw as SwizzleGeometry>::Y,
        <Sw as SwizzleGeometry>::LowIsZ,
        HighModes<Sw, Off, USB, PMB>,
    >>::Output,
>;
impl<Sw, Off, UM, USB, PMB, PMBS> FoldBits<Off> for Sw
where
    Sw: SwizzleGeometry<Outer = Outer<PInt<UM>, PInt<USB>, PMB, PMBS>>,
    UM: Unsigned + NonZero,
    USB: Unsigned + NonZero,
    Sw::LowIsZ: core::ops::Not,
    Sw::Bits: GroupModes<Off, Sw::Z, Sw::Y, NotLow<Sw>, HNil>
        + GroupModes<Off, Sw::Z, Sw::Y, Sw::LowIsZ, HighModes<Sw, Off, USB, PMB>>,
    FoldModeList<Sw, Off, UM, USB, PMB>: ModeBits<NoBit, PMBS>,
{
    type Output = <FoldModeList<Sw, Off, UM, USB, PMB> as ModeBits<NoBit, PMBS>>::Output;
}

// ---- Walking a kept mode through the bits ----

/// A bit list's first stride, its continuation flag, and the rest.
#[doc(hidden)]
pub trait Bits {
    /// The first stride.
    type F;
    /// `B1` when it continues the bit before.
    type C;
    /// The bits after it.
    type Rest;
}
impl<F, C, R> Bits for BitStride<F, C, R> {
    type F = F;
    type C = C;
    type Rest = R;
}
impl<F: Double, C> Bits for Beyond<F, C> {
    type F = F;
    type C = C;
    type Rest = Beyond<Dbl<F>, B1>;
}

/// The bits from `2^k` on (`Self` is `2^k`, unsigned).
#[doc(hidden)]
pub trait DropBits<L> {
    /// The remaining bits.
    type Output;
}
impl<L> DropBits<L> for U1 {
    type Output = L;
}
impl<U: DropBits<L::Rest>, L: Bits> DropBits<L> for UInt<U, B0> {
    type Output = U::Output;
}

/// The modes of the next `log2(Self)` bits of `L`, after a mode being
/// built (`CurS : CurF`): one mode per run of continuing bits.
#[doc(hidden)]
pub trait Run<L, CurS, CurF> {
    /// The modes' extents.
    type Shape;
    /// Their strides.
    type Stride;
}
impl<L, CurS: Unsigned + NonZero, CurF> Run<L, CurS, CurF> for U1 {
    type Shape = HCons<PInt<CurS>, HNil>;
    type Stride = HCons<CurF, HNil>;
}
impl<U, L: Bits, CurS, CurF> Run<L, CurS, CurF> for UInt<U, B0>
where
    L::C: RunStep<U, L, CurS, CurF>,
{
    type Shape = <L::C as RunStep<U, L, CurS, CurF>>::Shape;
    type Stride = <L::C as RunStep<U, L, CurS, CurF>>::Stride;
}
/// One bit of [`Run`], by its continuation flag (`Self`).
#[doc(hidden)]
pub trait RunStep<U, L, CurS, CurF> {
    /// The modes' extents.
    type Shape;
    /// Their strides.
    type Stride;
}
impl<U: Run<L::Rest, UInt<CurS, B0>, CurF>, L: Bits, CurS, CurF> RunStep<U, L, CurS, CurF> for B1 {
    type Shape = U::Shape;
    type Stride = U::Stride;
}
impl<U: Run<L::Rest, U2, L::F>, L: Bits, CurS: Unsigned + NonZero, CurF> RunStep<U, L, CurS, CurF>
    for B0
{
    type Shape = HCons<PInt<CurS>, U::Shape>;
    type Stride = HCons<CurF, U::Stride>;
}

/// One mode as CuTe's composition writes it: an integer, or a tuple of
/// several.
#[doc(hidden)]
pub trait OneOrTuple {
    /// The mode.
    type Output;
}
impl<X> OneOrTuple for HCons<X, HNil> {
    type Output = X;
}
impl<X, Y, T> OneOrTuple for HCons<X, HCons<Y, T>> {
    type Output = Self;
}

/// The fold of a kept layout (shape `Self`, stride `D`) through the fold
/// layout's bits `L`: CuTe's `composition(fold, kept)`, leaf by leaf.
#[doc(hidden)]
pub trait FoldKept<D, L> {
    /// The folded shape.
    type Shape;
    /// The folded stride.
    type Stride;
}
impl<Us: Unsigned, Ud: Unsigned + NonZero, L> FoldKept<PInt<Ud>, L> for PInt<UInt<Us, B0>>
where
    Ud: DropBits<L>,
    Ud::Output: Bits,
    Us: Run<<Ud::Output as Bits>::Rest, U2, <Ud::Output as Bits>::F>,
    <Us as Run<<Ud::Output as Bits>::Rest, U2, <Ud::Output as Bits>::F>>::Shape: OneOrTuple,
    <Us as Run<<Ud::Output as Bits>::Rest, U2, <Ud::Output as Bits>::F>>::Stride: OneOrTuple,
{
    type Shape =
        <<Us as Run<<Ud::Output as Bits>::Rest, U2, <Ud::Output as Bits>::F>>::Shape as OneOrTuple>::Output;
    type Stride =
        <<Us as Run<<Ud::Output as Bits>::Rest, U2, <Ud::Output as Bits>::F>>::Stride as OneOrTuple>::Output;
}
impl<Us: Unsigned + NonZero, L> FoldKept<Z0, L> for PInt<Us> {
    type Shape = PInt<Us>;
    type Stride = Z0;
}
impl<L> FoldKept<HNil, L> for HNil {
    type Shape = HNil;
    type Stride = HNil;
}
impl<S0: FoldKept<D0, L>, ST: FoldKept<DT, L>, D0, DT, L> FoldKept<HCons<D0, DT>, L>
    for HCons<S0, ST>
{
    type Shape = HCons<S0::Shape, ST::Shape>;
    type Stride = HCons<S0::Stride, ST::Stride>;
}
