//! [`Swizzle<B, M, S>`]: CuTe's XOR swizzle with static parameters.
//!
//! Applied to a runtime `i32` it is three instructions (`and`, shift,
//! `xor`); applied to a static integer its result is a static integer type,
//! computed by typenum's bit operations, so a fully static composed layout
//! folds to a constant.

use core::fmt;
use core::ops::{Add, BitAnd, BitXor, Shl, Shr, Sub};

use typenum::{B1, IsGreaterOrEqual, NonZero, PInt, U1, Unsigned, Z0};

use super::dyn_swizzle::DynSwizzle;
use super::params::{ConstI32, ConstU32, ToShift, ToUnsigned};
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

/// `|S| >= B` holds: implemented for `B1` only.
#[diagnostic::on_unimplemented(
    message = "invalid swizzle: abs(S) must be at least B (CuTe: \"abs(SShift) must be more than BBits\")",
    label = "this swizzle's shift is smaller than its number of bits"
)]
pub trait ShiftCoversBits {}
impl ShiftCoversBits for B1 {}

type TnU<const N: u32> = <ConstU32<N> as ToUnsigned>::Output;
type Right<const S: i32> = <ConstI32<S> as ToShift>::Right;
type Left<const S: i32> = <ConstI32<S> as ToShift>::Left;
type BitMsk<const B: u32> = <<U1 as Shl<TnU<B>>>::Output as Sub<B1>>::Output;
type YShift<const M: u32, const S: i32> = <TnU<M> as Add<Right<S>>>::Output;
type Yyy<const B: u32, const M: u32, const S: i32> = <BitMsk<B> as Shl<YShift<M, S>>>::Output;

/// A valid swizzle, with its parameters as values and its masks as typenum
/// types (for static offsets).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a valid swizzle",
    label = "expected `Swizzle<B, M, S>` with abs(S) >= B and B, M, abs(S) <= 31"
)]
pub trait SwizzleParams: Copy + Default + fmt::Debug + 'static {
    /// The parameters as a runtime value.
    const RUNTIME: DynSwizzle;
    /// The YYY mask, as an `i32`.
    const YYY: i32;
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
    Right<S>: Add<Left<S>>,
    <Right<S> as Add<Left<S>>>::Output: IsGreaterOrEqual<TnU<B>>,
    <<Right<S> as Add<Left<S>>>::Output as IsGreaterOrEqual<TnU<B>>>::Output: ShiftCoversBits,
    U1: Shl<TnU<B>>,
    <U1 as Shl<TnU<B>>>::Output: Sub<B1>,
    TnU<M>: Add<Right<S>>,
    BitMsk<B>: Shl<YShift<M, S>>,
    Yyy<B, M, S>: Unsigned,
{
    const RUNTIME: DynSwizzle = DynSwizzle::new_unchecked(B, M, S);
    const YYY: i32 = Self::RUNTIME.yyy_msk() as i32;
    type Yyy = Yyy<B, M, S>;
    type Right = Right<S>;
    type Left = Left<S>;
}

/// Applies a swizzle to an offset: `i32` gives `i32`, a static integer
/// gives a static integer type.
#[diagnostic::on_unimplemented(
    message = "swizzle: cannot apply `{Self}` to `{X}`",
    label = "a swizzle applies to a runtime `i32` or a non-negative static integer"
)]
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
    /// The parameters as a runtime [`DynSwizzle`].
    pub const RUNTIME: DynSwizzle = DynSwizzle::new_unchecked(B, M, S);

    /// Applies the swizzle to an offset (CuTe's `Swizzle::operator()`).
    #[inline(always)]
    pub fn apply<X>(self, x: X) -> Swizzled<Self, X>
    where
        Self: SwizzleApply<X>,
    {
        self.apply_to(x)
    }
}

impl<const B: u32, const M: u32, const S: i32> fmt::Display for Swizzle<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{B},{M},{S}>")
    }
}
