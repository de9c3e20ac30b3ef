//! [`Swizzle<B, M, S>`]: CuTe's XOR swizzle with static parameters.
//!
//! Applied to a runtime `i32` it is three instructions (`and`, shift,
//! `xor`); applied to a static integer its result is a static integer type,
//! computed by typenum's bit operations, so a fully static composed layout
//! folds to a constant.

use core::fmt;
use core::ops::{Add, BitAnd, BitXor, Mul, Shl, Shr, Sub};

use core::marker::PhantomData;

use typenum::{B1, IsGreaterOrEqual, IsLessOrEqual, NInt, NonZero, PInt, U0, U31, Unsigned, Z0};

use super::dynamic::DynSwizzle;
use super::params::{ConstI32, ConstU32, ToShift, ToUnsigned};
use super::slice::Exp2;
use crate::int::{Int, StaticInt, ToStatic};

/// CuTe's `Swizzle<B, M, S>`: XOR the `B` bits at `M + max(0, S)` into the
/// `B` bits at `M - min(0, S)`. Zero-sized.
///
/// ```
/// use cute_algebra::swizzle::Swizzle;
/// use cute_algebra::typenum::{P1000, P920};
/// use static_assertions::assert_type_eq_all;
/// let sw = Swizzle::<3, 4, 3>;
/// assert_eq!(sw.to_string(), "Sw<3,4,3>");
/// assert_eq!(sw.apply(1000i32), 1000 ^ ((1000 & 0x380) >> 3));
/// // A static offset gives a static offset type.
/// assert_type_eq_all!(cute_algebra::swizzle::Swizzled<Swizzle<3, 4, 3>, P1000>, P920);
/// assert_eq!(core::mem::size_of_val(&sw), 0);
/// ```
///
/// An invalid swizzle (`|S| < B`) does not compile:
///
/// ```compile_fail
/// use cute_algebra::swizzle::Swizzle;
/// let _ = Swizzle::<3, 4, 2>.apply(7i32);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Swizzle<const B: u32, const M: u32, const S: i32>;

impl<const B: u32, const M: u32, const S: i32> crate::int::sealed::Operand for Swizzle<B, M, S> {}

/// `|S| >= B` holds: implemented for `B1` only.
#[diagnostic::on_unimplemented(
    message = "invalid swizzle: abs(S) must be at least B (CuTe: \"abs(SShift) must be more than BBits\")",
    label = "this swizzle's shift is smaller than its number of bits"
)]
#[doc(hidden)]
pub trait ShiftCoversBits {}
impl ShiftCoversBits for B1 {}

type TnU<const N: u32> = <ConstU32<N> as ToUnsigned>::Output;
type Right<const S: i32> = <ConstI32<S> as ToShift>::Right;
type Left<const S: i32> = <ConstI32<S> as ToShift>::Left;

/// The YYY mask of a swizzle given as typenum `(B, M, max(0,S), max(0,-S))`,
/// with the check `|S| >= B`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` are not the parameters of a valid swizzle",
    label = "expected abs(S) >= B"
)]
#[doc(hidden)]
pub trait TnMasks {
    /// `((1 << B) - 1) << (M + max(0, S))`.
    type Yyy: Unsigned;
}
/// `(1 << B) - 1`, with `2^B` by table (a generic `U1: Shl<B>` bound can
/// send the trait solver into a loop when `B` is computed).
type BitMsk<B> = <<B as Exp2>::U as Sub<B1>>::Output;

/// `B + M + |S| <= 31`: implemented for `B1` only.
#[diagnostic::on_unimplemented(
    message = "invalid swizzle: B + M + abs(S) must be at most 31 so that its masks fit an i32",
    label = "this swizzle reaches beyond bit 30"
)]
#[doc(hidden)]
pub trait SwizzleFitsI32 {}
impl SwizzleFitsI32 for B1 {}
/// `B + M + |S|`.
type Reach<B, M, R, L> = <B as Add<<M as Add<<R as Add<L>>::Output>>::Output>>::Output;

impl<B, M, R, L> TnMasks for (B, M, R, L)
where
    M: Add<<R as Add<L>>::Output>,
    B: Add<<M as Add<<R as Add<L>>::Output>>::Output>,
    Reach<B, M, R, L>: IsLessOrEqual<U31>,
    <Reach<B, M, R, L> as IsLessOrEqual<U31>>::Output: SwizzleFitsI32,
    R: Add<L>,
    <R as Add<L>>::Output: IsGreaterOrEqual<B>,
    <<R as Add<L>>::Output as IsGreaterOrEqual<B>>::Output: ShiftCoversBits,
    B: Exp2,
    <B as Exp2>::U: Sub<B1>,
    M: Add<R>,
    <M as Add<R>>::Output: Exp2,
    BitMsk<B>: Mul<<<M as Add<R>>::Output as Exp2>::U>,
    <BitMsk<B> as Mul<<<M as Add<R>>::Output as Exp2>::U>>::Output: Unsigned,
{
    // `<< (M + R)` as a product with `2^(M + R)` from the table: a shift
    // by a generic amount sends the solver into an overflow when the
    // amount is not known (a shift out of range), before `ToShift`'s
    // message is reported.
    type Yyy = <BitMsk<B> as Mul<<<M as Add<R>>::Output as Exp2>::U>>::Output;
}

/// A valid swizzle, with its parameters as values and as typenum types (for
/// static offsets and for `upcast`/`downcast`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a valid swizzle",
    label = "expected `Swizzle<B, M, S>` with abs(S) >= B and B, M, abs(S) <= 31"
)]
///
/// ```
/// use cute_algebra::swizzle::{Swizzle, SwizzleParams};
/// // The bits a swizzle reads (its YYY mask), for any swizzle type.
/// fn yyy_mask<Sw: SwizzleParams>(_: Sw) -> i32 { Sw::YYY }
/// assert_eq!(yyy_mask(Swizzle::<3, 4, 3>), 0b11_1000_0000);
/// assert_eq!(<Swizzle<3, 4, 3> as SwizzleParams>::RUNTIME.to_string(), "Sw<3,4,3>");
/// ```
pub trait SwizzleParams: Copy + Default + fmt::Debug + fmt::Display + 'static {
    /// The parameters as a runtime value.
    const RUNTIME: DynSwizzle;
    /// The YYY mask, as an `i32`.
    const YYY: i32 = Self::RUNTIME.yyy_msk() as i32;
    /// `B` as a typenum unsigned.
    type Bits: Unsigned;
    /// `M` as a typenum unsigned.
    type Base: Unsigned;
    /// `S` as a typenum integer.
    type Shift: typenum::Integer;
    /// The YYY mask as a typenum unsigned.
    type Yyy: Unsigned;
    /// `max(0, S)` as a typenum unsigned.
    type Right: Unsigned;
    /// `max(0, -S)` as a typenum unsigned.
    type Left: Unsigned;
}

impl<const B: u32, const M: u32, const S: i32> SwizzleParams for Swizzle<B, M, S>
where
    ConstU32<B>: ToUnsigned,
    ConstU32<M>: ToUnsigned,
    ConstI32<S>: ToShift,
    (TnU<B>, TnU<M>, Right<S>, Left<S>): TnMasks,
{
    const RUNTIME: DynSwizzle = DynSwizzle::new_unchecked(B, M, S);
    type Bits = TnU<B>;
    type Base = TnU<M>;
    type Shift = <ConstI32<S> as ToShift>::Signed;
    type Yyy = <(TnU<B>, TnU<M>, Right<S>, Left<S>) as TnMasks>::Yyy;
    type Right = Right<S>;
    type Left = Left<S>;
}

/// `Swizzle<B, M, S>` with typenum parameters: what `upcast`/`downcast`
/// return, since stable Rust cannot compute a const generic. It prints and
/// behaves exactly as the `Swizzle` of the same parameters.
///
/// ```
/// use cute_algebra::swizzle::{SwizzleTn, Swizzle};
/// use cute_algebra::typenum::{P3, U3, U4};
/// let a = SwizzleTn::<U3, U4, P3>::default();
/// assert_eq!(a.to_string(), "Sw<3,4,3>");
/// assert_eq!(a.apply(1000i32), Swizzle::<3, 4, 3>.apply(1000i32));
/// ```
pub struct SwizzleTn<B, M, S>(PhantomData<(B, M, S)>);

impl<B, M, S> crate::int::sealed::Operand for SwizzleTn<B, M, S> {}

impl<B, M, S> Clone for SwizzleTn<B, M, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<B, M, S> Copy for SwizzleTn<B, M, S> {}
impl<B, M, S> Default for SwizzleTn<B, M, S> {
    fn default() -> Self {
        SwizzleTn(PhantomData)
    }
}
impl<B, M, S> fmt::Debug for SwizzleTn<B, M, S>
where
    Self: SwizzleParams,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", Self::RUNTIME)
    }
}
impl<B, M, S> fmt::Display for SwizzleTn<B, M, S>
where
    Self: SwizzleParams,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", Self::RUNTIME)
    }
}

/// A typenum shift split into `(max(0, S), max(0, -S))`.
#[doc(hidden)]
pub trait SplitShift {
    /// `max(0, S)`.
    type Right: Unsigned;
    /// `max(0, -S)`.
    type Left: Unsigned;
}
crate::int::assoc_impls! {
    [] Z0 as SplitShift => { Right = U0, Left = U0 };
    [U: Unsigned + NonZero] PInt<U> as SplitShift => { Right = U, Left = U0 };
    [U: Unsigned + NonZero] NInt<U> as SplitShift => { Right = U0, Left = U };
}

impl<B, M, S> SwizzleParams for SwizzleTn<B, M, S>
where
    B: Unsigned + 'static,
    M: Unsigned + 'static,
    S: typenum::Integer + SplitShift + 'static,
    (B, M, S::Right, S::Left): TnMasks,
{
    const RUNTIME: DynSwizzle = DynSwizzle::new_unchecked(B::U32, M::U32, S::I32);
    type Bits = B;
    type Base = M;
    type Shift = S;
    type Yyy = <(B, M, S::Right, S::Left) as TnMasks>::Yyy;
    type Right = S::Right;
    type Left = S::Left;
}

impl<B, M, S> SwizzleTn<B, M, S> {
    /// Applies the swizzle to an offset.
    #[inline(always)]
    pub fn apply<X>(self, x: X) -> Swizzled<Self, X>
    where
        Self: SwizzleApply<X>,
    {
        self.apply_to(x)
    }
}

/// Applies a swizzle to an offset: `i32` gives `i32`, a static integer
/// gives a static integer type.
#[diagnostic::on_unimplemented(
    message = "swizzle: cannot apply `{Self}` to `{X}`",
    label = "a swizzle applies to a runtime `i32` or `i64`, or a non-negative static integer",
    note = "a valid swizzle also needs abs(S) >= B and B + M + abs(S) <= 31"
)]
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::swizzle::{Swizzle, SwizzleApply};
/// use cute_algebra::typenum::P1000;
/// fn swizzled<Sw: SwizzleApply<X>, X>(sw: Sw, x: X) -> Sw::Output { sw.apply_to(x) }
/// assert_eq!(swizzled(Swizzle::<3, 4, 3>, 1000i32), 920); // 1000 ^ ((1000 & 0x380) >> 3)
/// assert_eq!(swizzled(Swizzle::<3, 4, 3>, P1000::new()).cute_string(), "_920");
/// ```
pub trait SwizzleApply<X> {
    /// The swizzled offset.
    type Output: Int;
    /// `x ^ ((x & yyy_msk) >> S)`.
    fn apply_to(self, x: X) -> Self::Output;
}

/// The type of `sw.apply(x)`.
pub type Swizzled<Sw, X> = <Sw as SwizzleApply<X>>::Output;

impl<Sw: SwizzleParams> SwizzleApply<i32> for Sw {
    type Output = i32;
    #[inline(always)]
    fn apply_to(self, x: i32) -> i32 {
        let s = Sw::RUNTIME.shift();
        let y = x & Sw::YYY;
        if s >= 0 { x ^ (y >> s) } else { x ^ (y << -s) }
    }
}

/// A 64-bit offset (a tensor indexed by a `usize`, or a layout with `i64`
/// strides): CuTe's swizzle is the same bit operation on any integer type.
impl<Sw: SwizzleParams> SwizzleApply<i64> for Sw {
    type Output = i64;
    #[inline(always)]
    fn apply_to(self, x: i64) -> i64 {
        let s = Sw::RUNTIME.shift();
        let y = x & i64::from(Sw::YYY);
        if s >= 0 { x ^ (y >> s) } else { x ^ (y << -s) }
    }
}

/// The swizzle of a static unsigned `U`, as a static integer.
type StaticSwizzled<Sw, U> = <<U as BitXor<
    <<<U as BitAnd<<Sw as SwizzleParams>::Yyy>>::Output as Shr<<Sw as SwizzleParams>::Right>>::Output as Shl<
        <Sw as SwizzleParams>::Left,
    >>::Output,
>>::Output as ToStatic>::Output;

impl<Sw: SwizzleParams> SwizzleApply<Z0> for Sw {
    type Output = Z0;
    #[inline(always)]
    fn apply_to(self, _: Z0) -> Z0 {
        Z0::new()
    }
}

impl<Sw: SwizzleParams, U> SwizzleApply<PInt<U>> for Sw
where
    U: Unsigned + NonZero + BitAnd<Sw::Yyy>,
    PInt<U>: StaticInt,
    <U as BitAnd<Sw::Yyy>>::Output: Shr<Sw::Right>,
    <<U as BitAnd<Sw::Yyy>>::Output as Shr<Sw::Right>>::Output: Shl<Sw::Left>,
    U: BitXor<
        <<<U as BitAnd<Sw::Yyy>>::Output as Shr<Sw::Right>>::Output as Shl<Sw::Left>>::Output,
    >,
    <U as BitXor<
        <<<U as BitAnd<Sw::Yyy>>::Output as Shr<Sw::Right>>::Output as Shl<Sw::Left>>::Output,
    >>::Output: ToStatic,
{
    type Output = StaticSwizzled<Sw, U>;
    #[inline(always)]
    fn apply_to(self, _: PInt<U>) -> Self::Output {
        Default::default()
    }
}

impl<const B: u32, const M: u32, const S: i32> Swizzle<B, M, S> {
    /// Applies the swizzle to an offset (CuTe's `Swizzle::operator()`).
    #[inline(always)]
    pub fn apply<X>(self, x: X) -> Swizzled<Self, X>
    where
        Self: SwizzleParams + SwizzleApply<X>,
    {
        self.apply_to(x)
    }
}

impl<const B: u32, const M: u32, const S: i32> fmt::Display for Swizzle<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{B},{M},{S}>")
    }
}
