//! Division of typenum unsigneds that strips factors of two by matching
//! bits: floor, ceiling and exact quotients, and divisibility.

use typenum::{B0, B1, Bit, UInt, UTerm, Unsigned};

/// The quotient's two ends shared by the floor and the exact division:
/// divisor 1 gives the dividend, and an even divisor of a zero dividend
/// gives zero.
macro_rules! divisor_one_or_zero_dividend {
    ($Tr:ident) => {
        crate::int::output_impls! {
        [A: Unsigned] A as $Tr<UInt<UTerm, B1>> => A;
        [BU: Unsigned, BB: Bit] UTerm as $Tr<UInt<UInt<BU, BB>, B0>> => UTerm;
        }
    };
}

/// `⌊Self / B⌋` for typenum unsigned integers, `B ≥ 1`.
///
/// An even divisor drops one low bit of each operand (`⌊a / 2b⌋ = ⌊⌊a/2⌋ / b⌋`),
/// so powers of two cost one impl match per bit; typenum's long division,
/// roughly quadratic in the bit length, runs only for odd divisors above 1.
///
/// ```
/// use cute_algebra::int::UFloorDiv;
/// use cute_algebra::typenum::{U3, U4, U12, U1024, U4096};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<U4096 as UFloorDiv<U1024>>::Output, U4);
/// assert_type_eq_all!(<U12 as UFloorDiv<U4>>::Output, U3);
/// ```
#[doc(hidden)]
pub trait UFloorDiv<B> {
    /// The quotient.
    type Output: Unsigned;
}
divisor_one_or_zero_dividend!(UFloorDiv);
crate::int::output_impls! {
    /// Even divisor: drop the low bit of both.
    [AU, AB: Bit, BU: Unsigned, BB: Bit] UInt<AU, AB> as UFloorDiv<UInt<UInt<BU, BB>, B0>>
        => AU::Output
        where [AU: UFloorDiv<UInt<BU, BB>>];
    /// Odd divisor above 1: typenum's long division.
    [A, BU: Unsigned, BB: Bit] A as UFloorDiv<UInt<UInt<BU, BB>, B1>>
        => <A as core::ops::Div<UInt<UInt<BU, BB>, B1>>>::Output
        where [
            A: core::ops::Div<UInt<UInt<BU, BB>, B1>>,
            <A as core::ops::Div<UInt<UInt<BU, BB>, B1>>>::Output: Unsigned,
        ];
}

/// `⌈Self / B⌉` for typenum unsigned integers, `B ≥ 1`: [`UCeilDivCarry`]
/// with no carry.
///
/// ```
/// use cute_algebra::int::UCeilDiv;
/// use cute_algebra::typenum::{U1, U2, U3, U5, U7, U8, U13};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<U13 as UCeilDiv<U8>>::Output, U2);
/// assert_type_eq_all!(<U13 as UCeilDiv<U5>>::Output, U3);
/// assert_type_eq_all!(<U7 as UCeilDiv<U7>>::Output, U1);
/// assert_type_eq_all!(<U1 as UCeilDiv<U8>>::Output, U1);
/// ```
#[doc(hidden)]
pub trait UCeilDiv<B> {
    /// The quotient, rounded up.
    type Output: Unsigned;
}
impl<A: UCeilDivCarry<B, B0>, B> UCeilDiv<B> for A {
    type Output = A::Output;
}

/// `⌈(Self + C) / B⌉` for typenum unsigned integers, `B ≥ 1`, `C` a bit.
///
/// An even divisor drops one low bit of each operand; the carry becomes
/// 1 when the dropped dividend bit or the carry was 1
/// (`⌈(2a + 1) / 2b⌉ = ⌈(2a + 2) / 2b⌉ = ⌈(a + 1) / b⌉`). The recursion is
/// on `Self`'s own bits, so it ends even while `B` is still being inferred.
///
/// ```
/// use cute_algebra::int::UCeilDivCarry;
/// use cute_algebra::typenum::{B1, U2, U3, U4};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<U4 as UCeilDivCarry<U2, B1>>::Output, U3); // ⌈5 / 2⌉
/// ```
#[doc(hidden)]
pub trait UCeilDivCarry<B, C> {
    /// The quotient, rounded up.
    type Output: Unsigned;
}
crate::int::output_impls! {
    /// Divisor 1: `Self + C`.
    [A: core::ops::Add<C>, C: Bit] A as UCeilDivCarry<UInt<UTerm, B1>, C>
        => <A as core::ops::Add<C>>::Output
        where [<A as core::ops::Add<C>>::Output: Unsigned];
    /// Even divisor, zero dividend: `⌈C / B⌉ = C`.
    [BU, BB, C: Bit] UTerm as UCeilDivCarry<UInt<UInt<BU, BB>, B0>, C>
        => <UTerm as core::ops::Add<C>>::Output
        where [UTerm: core::ops::Add<C>, <UTerm as core::ops::Add<C>>::Output: Unsigned];
    /// Even divisor: drop the low bits; the carry is `a0 | C`.
    [AU, A0: Bit + core::ops::BitOr<C>, C, BU, BB] UInt<AU, A0> as UCeilDivCarry<UInt<UInt<BU, BB>, B0>, C>
        => <AU as UCeilDivCarry<UInt<BU, BB>, typenum::Or<A0, C>>>::Output
        where [AU: UCeilDivCarry<UInt<BU, BB>, typenum::Or<A0, C>>];
    /// Odd divisor above 1, carry 1: `⌊a / b⌋ + 1` (typenum's long division
    /// runs on `Self`'s bits only, so it also ends while `B` is being inferred).
    [A, BU: Unsigned, BB: Bit] A as UCeilDivCarry<UInt<UInt<BU, BB>, B1>, B1>
        => typenum::Add1<typenum::Quot<A, UInt<UInt<BU, BB>, B1>>>
        where [
            A: core::ops::Div<UInt<UInt<BU, BB>, B1>>,
            typenum::Quot<A, UInt<UInt<BU, BB>, B1>>: core::ops::Add<B1>,
            typenum::Add1<typenum::Quot<A, UInt<UInt<BU, BB>, B1>>>: Unsigned,
        ];
    /// Odd divisor above 1, no carry, zero dividend.
    [BU, BB] UTerm as UCeilDivCarry<UInt<UInt<BU, BB>, B1>, B0> => UTerm;
    /// Odd divisor above 1, no carry: `⌊(a - 1) / b⌋ + 1`.
    [AU, AB, BU: Unsigned, BB: Bit] UInt<AU, AB> as UCeilDivCarry<UInt<UInt<BU, BB>, B1>, B0>
        => <typenum::Sub1<UInt<AU, AB>> as UCeilDivCarry<UInt<UInt<BU, BB>, B1>, B1>>::Output
        where [
            UInt<AU, AB>: core::ops::Sub<B1>,
            typenum::Sub1<UInt<AU, AB>>: UCeilDivCarry<UInt<UInt<BU, BB>, B1>, B1>,
        ];
}

/// `Self / B` for typenum unsigned integers when `B` divides `Self`; no
/// impl otherwise, so the divisibility check costs no arithmetic for the
/// factors of two.
///
/// ```
/// use cute_algebra::int::UExactDiv;
/// use cute_algebra::typenum::{U3, U4, U12};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<U12 as UExactDiv<U4>>::Output, U3);
/// ```
#[doc(hidden)]
pub trait UExactDiv<B> {
    /// The exact quotient.
    type Output: Unsigned;
}
divisor_one_or_zero_dividend!(UExactDiv);
crate::int::output_impls! {
    /// Even divisor: the dividend's dropped bit must be 0.
    [AU, BU: Unsigned, BB: Bit] UInt<AU, B0> as UExactDiv<UInt<UInt<BU, BB>, B0>>
        => AU::Output
        where [AU: UExactDiv<UInt<BU, BB>>];
    /// Odd divisor above 1: typenum's division with a zero remainder.
    [A, BU: Unsigned, BB: Bit] A as UExactDiv<UInt<UInt<BU, BB>, B1>>
        => typenum::PartialQuot<A, UInt<UInt<BU, BB>, B1>>
        where [
            A: typenum::PartialDiv<UInt<UInt<BU, BB>, B1>>,
            typenum::PartialQuot<A, UInt<UInt<BU, BB>, B1>>: Unsigned,
        ];
}

/// `B1` when `B` divides `Self` (typenum unsigned integers, `B ≥ 1`), else
/// `B0`. Total: it always has an answer, for checks that report a verdict.
///
/// ```
/// use cute_algebra::int::UDivides;
/// use cute_algebra::typenum::{B0, B1, U3, U4, U6, U12};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<U12 as UDivides<U4>>::Output, B1);
/// assert_type_eq_all!(<U6 as UDivides<U4>>::Output, B0);
/// assert_type_eq_all!(<U12 as UDivides<U3>>::Output, B1);
/// ```
#[doc(hidden)]
pub trait UDivides<B> {
    /// `B1` or `B0`.
    type Output: Bit;
}
crate::int::output_impls! {
    /// Divisor 1.
    [A] A as UDivides<UInt<UTerm, B1>> => B1;
    /// Even divisor, zero dividend.
    [BU, BB] UTerm as UDivides<UInt<UInt<BU, BB>, B0>> => B1;
    /// Even divisor, even dividend: drop the low bit of both.
    [AU: UDivides<UInt<BU, BB>>, BU, BB] UInt<AU, B0> as UDivides<UInt<UInt<BU, BB>, B0>>
        => AU::Output;
    /// Even divisor, odd dividend.
    [AU, BU, BB] UInt<AU, B1> as UDivides<UInt<UInt<BU, BB>, B0>> => B0;
    /// Odd divisor above 1: typenum's remainder, compared with zero.
    [A, BU, BB] A as UDivides<UInt<UInt<BU, BB>, B1>>
        => <<A as core::ops::Rem<UInt<UInt<BU, BB>, B1>>>::Output as IsUTerm>::Output
        where [
            A: core::ops::Rem<UInt<UInt<BU, BB>, B1>>,
            <A as core::ops::Rem<UInt<UInt<BU, BB>, B1>>>::Output: IsUTerm,
        ];
}

/// `B1` for typenum's unsigned zero, `B0` for any other unsigned.
///
/// ```
/// use cute_algebra::int::IsUTerm;
/// use cute_algebra::typenum::{B0, B1, U0, U5};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<U0 as IsUTerm>::Output, B1);
/// assert_type_eq_all!(<U5 as IsUTerm>::Output, B0);
/// ```
#[doc(hidden)]
pub trait IsUTerm {
    /// `B1` or `B0`.
    type Output: Bit;
}
crate::int::output_impls! {
    [] UTerm as IsUTerm => B1;
    [U, B] UInt<U, B> as IsUTerm => B0;
}
