//! Bridges a swizzle's const parameters to typenum, so that a swizzle
//! applied to a static integer gives a static integer type.
//!
//! Stable Rust cannot turn a `const B: u32` into a type, so each value in
//! range gets one impl (generated: B and M in 0..=31, S in -31..=31).
//! Parameters outside that range leave the static path unavailable; the
//! runtime path (`i32` offsets) works for every valid swizzle.

use typenum::consts::*;

/// A `u32` const parameter as a type.
pub struct ConstU32<const N: u32>;
/// An `i32` const parameter as a type.
pub struct ConstI32<const N: i32>;

/// The typenum unsigned of a `u32` parameter.
#[diagnostic::on_unimplemented(
    message = "swizzle parameter `{Self}` is out of the static range 0..=31"
)]
#[doc(hidden)]
pub trait ToUnsigned {
    /// The typenum unsigned.
    type Output: typenum::Unsigned;
}

/// A shift `S` split into its right (`S > 0`) and left (`S < 0`) parts.
#[diagnostic::on_unimplemented(
    message = "swizzle shift `{Self}` is out of the static range -31..=31"
)]
#[doc(hidden)]
pub trait ToShift {
    /// `max(0, S)`.
    type Right: typenum::Unsigned;
    /// `max(0, -S)`.
    type Left: typenum::Unsigned;
    /// `S` itself.
    type Signed: typenum::Integer;
}

macro_rules! unsigned {
    ($($n:literal $t:ident)*) => { $(impl ToUnsigned for ConstU32<$n> { type Output = $t; })* };
}
macro_rules! shift {
    ($($n:literal $r:ident $l:ident $i:ident)*) => {
        $(impl ToShift for ConstI32<$n> { type Right = $r; type Left = $l; type Signed = $i; })*
    };
}
unsigned!(0 U0 1 U1 2 U2 3 U3 4 U4 5 U5 6 U6 7 U7 8 U8 9 U9 10 U10 11 U11 12 U12 13 U13 14 U14 15 U15 16 U16 17 U17 18 U18 19 U19 20 U20 21 U21 22 U22 23 U23 24 U24 25 U25 26 U26 27 U27 28 U28 29 U29 30 U30 31 U31);
shift!(-31 U0 U31 N31 -30 U0 U30 N30 -29 U0 U29 N29 -28 U0 U28 N28 -27 U0 U27 N27 -26 U0 U26 N26 -25 U0 U25 N25 -24 U0 U24 N24 -23 U0 U23 N23 -22 U0 U22 N22 -21 U0 U21 N21 -20 U0 U20 N20 -19 U0 U19 N19 -18 U0 U18 N18 -17 U0 U17 N17 -16 U0 U16 N16 -15 U0 U15 N15 -14 U0 U14 N14 -13 U0 U13 N13 -12 U0 U12 N12 -11 U0 U11 N11 -10 U0 U10 N10 -9 U0 U9 N9 -8 U0 U8 N8 -7 U0 U7 N7 -6 U0 U6 N6 -5 U0 U5 N5 -4 U0 U4 N4 -3 U0 U3 N3 -2 U0 U2 N2 -1 U0 U1 N1 0 U0 U0 Z0 1 U1 U0 P1 2 U2 U0 P2 3 U3 U0 P3 4 U4 U0 P4 5 U5 U0 P5 6 U6 U0 P6 7 U7 U0 P7 8 U8 U0 P8 9 U9 U0 P9 10 U10 U0 P10 11 U11 U0 P11 12 U12 U0 P12 13 U13 U0 P13 14 U14 U0 P14 15 U15 U0 P15 16 U16 U0 P16 17 U17 U0 P17 18 U18 U0 P18 19 U19 U0 P19 20 U20 U0 P20 21 U21 U0 P21 22 U22 U0 P22 23 U23 U0 P23 24 U24 U0 P24 25 U25 U0 P25 26 U26 U0 P26 27 U27 U0 P27 28 U28 U0 P28 29 U29 U0 P29 30 U30 U0 P30 31 U31 U0 P31);
