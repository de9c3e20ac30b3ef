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
//! strides (odd, negative, runtime, extent 1), and modes that share bits
//! (which composition refuses as not disjoint), take CuTe's compositions,
//! so that what they accept, refuse and print is unchanged.

use core::ops::{Add, BitAnd, BitOr, Mul, Sub};

use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, Bit, IsEqual, NInt, NonZero, P1, PInt, U0, U2, UInt, UTerm, Unsigned, Z0};

use super::fold::Select;
use super::geometry::{Exp2, Outer, St, SwizzleGeometry};
use crate::int::ToStatic;

type U1 = UInt<UTerm, B1>;

/// The kept layout (shape `Self`, stride `D`) as the per-bit path sees
/// it: whether every leaf has an extent `2^a` with `a >= 1` and a stride
/// `0` or `2^k`, and the sum and the union of the leaves' bits
/// `(s - 1) * d` (equal where the leaves reach disjoint bits, as
/// composition asks of them).
#[doc(hidden)]
pub trait KeptModes<D> {
    /// `B1` where every leaf is a power of two.
    type Pow2: Bit;
    /// The sum of the leaves' bits.
    type Sum: Unsigned;
    /// Their union.
    type Union: Unsigned;
}
/// `Ud * (Us - 1)`: the bits of a leaf `Us : Ud`.
type LeafBits<Us, Ud> = <Ud as Mul<<Us as Sub<B1>>::Output>>::Output;
impl<Us, Ud> KeptModes<PInt<Ud>> for PInt<Us>
where
    Us: Unsigned + NonZero + AtLeastTwoPow2 + Sub<B1>,
    Ud: Unsigned + NonZero + Pow2 + Mul<<Us as Sub<B1>>::Output>,
    <Us as AtLeastTwoPow2>::Output: BitAnd<<Ud as Pow2>::Output>,
    <<Us as AtLeastTwoPow2>::Output as BitAnd<<Ud as Pow2>::Output>>::Output: Bit,
    LeafBits<Us, Ud>: Unsigned,
{
    type Pow2 = <<Us as AtLeastTwoPow2>::Output as BitAnd<<Ud as Pow2>::Output>>::Output;
    type Sum = LeafBits<Us, Ud>;
    type Union = LeafBits<Us, Ud>;
}
/// A leaf that the per-bit path does not take: its bits do not matter.
macro_rules! not_pow2_leaf {
    ($($S:ty, $D:ty => [$($g:tt)*];)*) => {$(
        impl<$($g)*> KeptModes<$D> for $S {
            type Pow2 = B0;
            type Sum = U0;
            type Union = U0;
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
    type Sum = U0;
    type Union = U0;
}
impl KeptModes<HNil> for HNil {
    type Pow2 = B1;
    type Sum = U0;
    type Union = U0;
}
impl<S0: KeptModes<D0>, ST: KeptModes<DT>, D0, DT> KeptModes<HCons<D0, DT>> for HCons<S0, ST>
where
    S0::Pow2: BitAnd<ST::Pow2>,
    <S0::Pow2 as BitAnd<ST::Pow2>>::Output: Bit,
    S0::Sum: Add<ST::Sum>,
    <S0::Sum as Add<ST::Sum>>::Output: Unsigned,
    S0::Union: BitOr<ST::Union>,
    <S0::Union as BitOr<ST::Union>>::Output: Unsigned,
{
    type Pow2 = <S0::Pow2 as BitAnd<ST::Pow2>>::Output;
    type Sum = <S0::Sum as Add<ST::Sum>>::Output;
    type Union = <S0::Union as BitOr<ST::Union>>::Output;
}

/// `B1` where the per-bit path takes the kept layout (shape `Self`,
/// stride `D`): every leaf a power of two, the leaves' bits disjoint.
#[doc(hidden)]
pub trait PerBit<D> {
    /// The answer.
    type Output: Bit;
}
impl<S: KeptModes<D>, D> PerBit<D> for S
where
    S::Sum: IsEqual<S::Union>,
    S::Pow2: BitAnd<<S::Sum as IsEqual<S::Union>>::Output>,
    <S::Pow2 as BitAnd<<S::Sum as IsEqual<S::Union>>::Output>>::Output: Bit,
{
    type Output = <S::Pow2 as BitAnd<<S::Sum as IsEqual<S::Union>>::Output>>::Output;
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

// ---- The fold layout, bit by bit ----
//
// Each impl below matches its operands' structure in its header and asks
// for one further step: the trait solver's cost is mostly the projections
// it normalizes, so the bit lists are built and walked with as few as the
// recursion needs.

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

/// A run of `log2(N)` bits of strides `F`, `2F`, …; `First` is `B1` for
/// the run's first bit (whose continuation is compared with the bit
/// before).
pub struct Geo<F, N, First>(F, N, First);
/// A group of `log2(N)` swizzled bits: bit `i` has stride `Plus * 2^i`
/// where bit `i` of `Signs` is 0, else `Minus * 2^i` (CuTe's
/// `make_swizzle_strides`); `Last` is the previous bit's choice, or
/// [`NoBit`] for the group's first bit.
pub struct Grp<Plus, Minus, Signs, N, Last>(Plus, Minus, Signs, N, Last);

/// The bits of a list of [`Geo`] and [`Grp`] segments (`Self`), after the
/// bit of stride `Prev`, ending in [`Beyond`] from `E`.
#[doc(hidden)]
pub trait Build<Prev, E> {
    /// The [`BitStride`] list.
    type Output;
}
impl<Prev: Continues<E>, E> Build<Prev, E> for HNil {
    type Output = Beyond<E, Prev::Output>;
}
impl<F, First, R: Build<Prev, E>, Prev, E> Build<Prev, E> for HCons<Geo<F, U1, First>, R> {
    type Output = R::Output;
}
impl<F: Double, N, R, Prev: Continues<F>, E> Build<Prev, E> for HCons<Geo<F, UInt<N, B0>, B1>, R>
where
    HCons<Geo<Dbl<F>, N, B0>, R>: Build<F, E>,
{
    type Output = BitStride<F, Prev::Output, <HCons<Geo<Dbl<F>, N, B0>, R> as Build<F, E>>::Output>;
}
impl<F: Double, N, R, Prev, E> Build<Prev, E> for HCons<Geo<F, UInt<N, B0>, B0>, R>
where
    HCons<Geo<Dbl<F>, N, B0>, R>: Build<F, E>,
{
    type Output = BitStride<F, B1, <HCons<Geo<Dbl<F>, N, B0>, R> as Build<F, E>>::Output>;
}
impl<P, M, S, L, R: Build<Prev, E>, Prev, E> Build<Prev, E> for HCons<Grp<P, M, S, U1, L>, R> {
    type Output = R::Output;
}
/// The strides of a group's bit, by its sign bit `Self`.
type Chosen<Sg, P, M> = <Sg as Select<M, P>>::Output;
/// The group's remaining bits.
type GrpRest<P, M, S, N, Sg, R> = HCons<Grp<Dbl<P>, Dbl<M>, <S as LowBit>::Rest, N, Sg>, R>;
impl<P: Double, M: Double, S: LowBit, N, R, Prev, E> Build<Prev, E>
    for HCons<Grp<P, M, S, UInt<N, B0>, NoBit>, R>
where
    S::Bit: Select<M, P>,
    Prev: Continues<Chosen<S::Bit, P, M>>,
    GrpRest<P, M, S, N, S::Bit, R>: Build<Chosen<S::Bit, P, M>, E>,
{
    type Output = BitStride<
        Chosen<S::Bit, P, M>,
        <Prev as Continues<Chosen<S::Bit, P, M>>>::Output,
        <GrpRest<P, M, S, N, S::Bit, R> as Build<Chosen<S::Bit, P, M>, E>>::Output,
    >;
}
impl<P: Double, M: Double, S: LowBit, N, R, Prev, E> Build<Prev, E>
    for HCons<Grp<P, M, S, UInt<N, B0>, B0>, R>
where
    S::Bit: Select<M, P> + Same<B0>,
    GrpRest<P, M, S, N, S::Bit, R>: Build<Chosen<S::Bit, P, M>, E>,
{
    type Output = BitStride<
        Chosen<S::Bit, P, M>,
        <S::Bit as Same<B0>>::Output,
        <GrpRest<P, M, S, N, S::Bit, R> as Build<Chosen<S::Bit, P, M>, E>>::Output,
    >;
}

impl<P: Double, M: Double, S: LowBit, N, R, Prev, E> Build<Prev, E>
    for HCons<Grp<P, M, S, UInt<N, B0>, B1>, R>
where
    S::Bit: Select<M, P> + Same<B1>,
    GrpRest<P, M, S, N, S::Bit, R>: Build<Chosen<S::Bit, P, M>, E>,
{
    type Output = BitStride<
        Chosen<S::Bit, P, M>,
        <S::Bit as Same<B1>>::Output,
        <GrpRest<P, M, S, N, S::Bit, R> as Build<Chosen<S::Bit, P, M>, E>>::Output,
    >;
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
impl<Z: Unsigned + NonZero, Y: Unsigned + NonZero + Add<Z>> GroupForms<Z, Y> for B1
where
    <Y as Add<Z>>::Output: ToStatic,
    PInt<Y>: Sub<PInt<Z>>,
{
    type LowPlus = PInt<Z>;
    type LowMinus = NInt<Z>;
    type HighPlus = St<<Y as Add<Z>>::Output>;
    type HighMinus = <PInt<Y> as Sub<PInt<Z>>>::Output;
}
impl<Z: Unsigned + NonZero, Y: Unsigned + NonZero + Add<Z>> GroupForms<Z, Y> for B0
where
    <Y as Add<Z>>::Output: ToStatic,
    PInt<Y>: Sub<PInt<Z>>,
{
    type LowPlus = St<<Y as Add<Z>>::Output>;
    type LowMinus = <PInt<Y> as Sub<PInt<Z>>>::Output;
    type HighPlus = PInt<Z>;
    type HighMinus = NInt<Z>;
}

/// The fold layout CuTe composes with the kept modes for the offset `Off`
/// (its YYY/ZZZ bits), bit by bit:
/// `(2^M, (2,…), 2^(|S|-B), (2,…), 1):(1, lo, 2^(M+B), hi, 2^(M+B+|S|))`.
/// The low group's signs are the offset's bits of the high group and the
/// other way round (each bit's partner).
#[doc(hidden)]
pub trait FoldBits<Off> {
    /// The [`BitStride`] list.
    type Output;
}
/// The segments of the fold layout.
type Segments<G, Z, Y, UM, UB, USB, PMB, Lo, Hi> = frunk_core::HList![
    Geo<P1, UM, B1>,
    Grp<<G as GroupForms<Z, Y>>::LowPlus, <G as GroupForms<Z, Y>>::LowMinus, Hi, UB, NoBit>,
    Geo<PMB, USB, B1>,
    Grp<<G as GroupForms<Z, Y>>::HighPlus, <G as GroupForms<Z, Y>>::HighMinus, Lo, UB, NoBit>
];
/// The segments of `Sw`'s fold layout for the offset `Off`.
type SegmentsOf<Sw, Off, UM, USB, UMB> = Segments<
    <Sw as SwizzleGeometry>::LowIsZ,
    <Sw as SwizzleGeometry>::Z,
    <Sw as SwizzleGeometry>::Y,
    UM,
    <<Sw as crate::swizzle::SwizzleParams>::Bits as Exp2>::U,
    USB,
    PInt<UMB>,
    <Off as Peel<UM>>::Output,
    <<Off as Peel<UMB>>::Output as Peel<USB>>::Output,
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
    /// The [`BitStride`] list.
    type Output;
}
impl<Sw, Off, UM, USB, UMB, PMBS> FoldBitsIn<Sw, Off>
    for Outer<PInt<UM>, PInt<USB>, PInt<UMB>, PMBS>
where
    Sw: SwizzleGeometry,
    UM: Unsigned + NonZero,
    USB: Unsigned + NonZero,
    UMB: Unsigned + NonZero,
    Sw::Bits: Exp2,
    Sw::LowIsZ: GroupForms<Sw::Z, Sw::Y>,
    Off: Peel<UM> + Peel<UMB>,
    <Off as Peel<UMB>>::Output: Peel<USB>,
    SegmentsOf<Sw, Off, UM, USB, UMB>: Build<NoBit, PMBS>,
{
    type Output = <SegmentsOf<Sw, Off, UM, USB, UMB> as Build<NoBit, PMBS>>::Output;
}

// ---- Walking a kept mode through the bits ----

/// The fold of one kept leaf `Us : 2^k` (`Self` is `2^k`): drop `k` bits
/// of `L`, then run through the next `log2(Us)` bits.
#[doc(hidden)]
pub trait LeafFold<L, Us> {
    /// The modes' extents.
    type Shape;
    /// Their strides.
    type Stride;
}
impl<L, Us: RunFirst<L>> LeafFold<L, Us> for U1 {
    type Shape = Us::Shape;
    type Stride = Us::Stride;
}
impl<U: LeafFold<R, Us>, F, C, R, Us> LeafFold<BitStride<F, C, R>, Us> for UInt<U, B0> {
    type Shape = U::Shape;
    type Stride = U::Stride;
}
impl<U, Uf, C, Us> LeafFold<Beyond<PInt<Uf>, C>, Us> for UInt<U, B0>
where
    U: LeafFold<Beyond<PInt<UInt<Uf, B0>>, B1>, Us>,
    Uf: Unsigned + NonZero,
{
    type Shape = U::Shape;
    type Stride = U::Stride;
}

/// The first bit of a kept leaf of extent `Self` starts its first mode.
#[doc(hidden)]
pub trait RunFirst<L> {
    /// The modes' extents.
    type Shape;
    /// Their strides.
    type Stride;
}
impl<U: Run<R, U2, F>, F, C, R> RunFirst<BitStride<F, C, R>> for UInt<U, B0> {
    type Shape = U::Shape;
    type Stride = U::Stride;
}
impl<U, Uf: Unsigned + NonZero, C> RunFirst<Beyond<PInt<Uf>, C>> for UInt<U, B0>
where
    U: Run<Beyond<PInt<UInt<Uf, B0>>, B1>, U2, PInt<Uf>>,
{
    type Shape = U::Shape;
    type Stride = U::Stride;
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
impl<U, F, C: RunStep<U, R, F, CurS, CurF>, R, CurS, CurF> Run<BitStride<F, C, R>, CurS, CurF>
    for UInt<U, B0>
{
    type Shape = C::Shape;
    type Stride = C::Stride;
}
impl<U, Uf: Unsigned + NonZero, C, CurS, CurF> Run<Beyond<PInt<Uf>, C>, CurS, CurF> for UInt<U, B0>
where
    C: RunStep<U, Beyond<PInt<UInt<Uf, B0>>, B1>, PInt<Uf>, CurS, CurF>,
{
    type Shape = C::Shape;
    type Stride = C::Stride;
}
/// One bit of [`Run`] (stride `F`, then the bits `R`), by its
/// continuation flag (`Self`).
#[doc(hidden)]
pub trait RunStep<U, R, F, CurS, CurF> {
    /// The modes' extents.
    type Shape;
    /// Their strides.
    type Stride;
}
impl<U: Run<R, UInt<CurS, B0>, CurF>, R, F, CurS, CurF> RunStep<U, R, F, CurS, CurF> for B1 {
    type Shape = U::Shape;
    type Stride = U::Stride;
}
impl<U: Run<R, U2, F>, R, F, CurS: Unsigned + NonZero, CurF> RunStep<U, R, F, CurS, CurF> for B0 {
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
impl<Us: Unsigned + NonZero, Ud: Unsigned + NonZero, L> FoldKept<PInt<Ud>, L> for PInt<Us>
where
    Ud: LeafFold<L, Us>,
    <Ud as LeafFold<L, Us>>::Shape: OneOrTuple,
    <Ud as LeafFold<L, Us>>::Stride: OneOrTuple,
{
    type Shape = <<Ud as LeafFold<L, Us>>::Shape as OneOrTuple>::Output;
    type Stride = <<Ud as LeafFold<L, Us>>::Stride as OneOrTuple>::Output;
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
