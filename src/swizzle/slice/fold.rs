//! Folding a swizzle into the kept modes' strides, as CuTe does when no
//! kept mode touches a YYY bit together with its ZZZ partner: each stride
//! gains the swizzle's effect on its bits, and the fixed bits go to the
//! offset.

use core::ops::{Add, BitAnd, Sub};

use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, IsEqual, NInt, NonZero, P1, PInt, U0, UInt, UTerm, Unsigned};

use crate::int::ToStatic;
use crate::layout::Layout;

use super::geometry::{Outer, St, SwizzleGeometry};

/// `if C { T } else { F }` on a typenum bit.
#[doc(hidden)]
pub trait Select<T, F> {
    /// The chosen type.
    type Output;
}
crate::int::output_impls! {
    [T, F] B1 as Select<T, F> => T;
    [T, F] B0 as Select<T, F> => F;
}
pub(super) type If<C, T, F> = <C as Select<T, F>>::Output;

/// One folded mode's stride: the ZZZ form (`±Z·2^i`, by the partner YYY
/// bit of the offset) for `B1`, the YYY form (`(Y±Z)·2^i`, by the partner
/// ZZZ bit) for `B0`. `Zi`, `Yi` are `Z·2^i`, `Y·2^i`.
#[doc(hidden)]
pub trait FoldStride<Off, Zi, Yi> {
    /// The stride, a static integer.
    type Output;
}
crate::int::output_impls! {
    [Off, Zi: NonZero + Unsigned, Yi] B1 as FoldStride<Off, Zi, Yi>
        => If<<<Off as BitAnd<Yi>>::Output as IsEqual<U0>>::Output, PInt<Zi>, NInt<Zi>>
        where [
            Off: BitAnd<Yi>,
            <Off as BitAnd<Yi>>::Output: IsEqual<U0>,
            <<Off as BitAnd<Yi>>::Output as IsEqual<U0>>::Output: Select<PInt<Zi>, NInt<Zi>>,
        ];
    [Off, Zi: NonZero + Unsigned, Yi: NonZero + Unsigned] B0 as FoldStride<Off, Zi, Yi>
        => If<<<Off as BitAnd<Zi>>::Output as IsEqual<U0>>::Output, St<<Yi as Add<Zi>>::Output>, <PInt<Yi> as Sub<PInt<Zi>>>::Output>
        where [
            Off: BitAnd<Zi>,
            <Off as BitAnd<Zi>>::Output: IsEqual<U0>,
            Yi: Add<Zi>,
            <Yi as Add<Zi>>::Output: ToStatic,
            PInt<Yi>: Sub<PInt<Zi>>,
            <<Off as BitAnd<Zi>>::Output as IsEqual<U0>>::Output: Select<St<<Yi as Add<Zi>>::Output>, <PInt<Yi> as Sub<PInt<Zi>>>::Output>,
        ];
}

/// The `B` folded modes of one group of bits: extents `2`, strides by
/// [`FoldStride`]. Recurses on the count (a typenum unsigned).
#[doc(hidden)]
pub trait FoldModes<Off, Zi, Yi, Form> {
    /// `(_2, _2, …)`.
    type Shape;
    /// Their strides.
    type Stride;
}
crate::int::assoc_impls! {
    [Off, Zi, Yi, Form] UTerm as FoldModes<Off, Zi, Yi, Form> => { Shape = HNil, Stride = HNil };
    [U, Bt, Off, Zi, Yi, Form] UInt<U, Bt> as FoldModes<Off, Zi, Yi, Form>
        => {
            Shape = HCons<typenum::P2, <<UInt<U, Bt> as Sub<B1>>::Output as FoldModes<Off, UInt<Zi, B0>, UInt<Yi, B0>, Form>>::Shape>,
            Stride = HCons<<Form as FoldStride<Off, Zi, Yi>>::Output, <<UInt<U, Bt> as Sub<B1>>::Output as FoldModes<Off, UInt<Zi, B0>, UInt<Yi, B0>, Form>>::Stride>,
        }
        where [
            UInt<U, Bt>: Sub<B1>,
            <UInt<U, Bt> as Sub<B1>>::Output: FoldModes<Off, UInt<Zi, B0>, UInt<Yi, B0>, Form>,
            Form: FoldStride<Off, Zi, Yi>,
        ];
}

/// The layout CuTe composes with the kept modes to fold the swizzle:
/// `(2^M, (2,…), 2^(|S|-B), (2,…), 1):(1, lo, 2^(M+B), hi, 2^(M+B+|S|))`.
#[doc(hidden)]
pub trait FoldLayout<Off> {
    /// The layout type.
    type Output;
}
/// The two folds' mode lists (for the low modes `LowIsZ` and its
/// negation): their shapes or strides.
macro_rules! modes {
    ($Low:ty, $part:ident) => {
        <Sw::Bits as FoldModes<Off, Sw::Z, Sw::Y, $Low>>::$part
    };
}
/// The negation of `Sw`'s `LowIsZ`.
type NotLow<Sw> = <<Sw as SwizzleGeometry>::LowIsZ as core::ops::Not>::Output;
impl<Sw: SwizzleGeometry<Outer = Outer<PM, PSB, PMB, PMBS>>, Off, PM, PSB, PMB, PMBS>
    FoldLayout<Off> for Sw
where
    Sw::LowIsZ: core::ops::Not,
    Sw::Bits: FoldModes<Off, Sw::Z, Sw::Y, Sw::LowIsZ>
        + FoldModes<Off, Sw::Z, Sw::Y, <Sw::LowIsZ as core::ops::Not>::Output>,
{
    type Output = Layout<
        frunk_core::HList![
            PM,
            modes!(Sw::LowIsZ, Shape),
            PSB,
            modes!(NotLow<Sw>, Shape),
            P1
        ],
        frunk_core::HList![
            P1,
            modes!(Sw::LowIsZ, Stride),
            PMB,
            modes!(NotLow<Sw>, Stride),
            PMBS
        ],
    >;
}
