//! Between static integers and typenum unsigneds: magnitudes, `ToStatic`,
//! and the const-generic spelling `C<N>`.

use super::StaticInt;
use typenum::{NInt, NonZero, PInt, UInt, UTerm, Unsigned, Z0};

/// The magnitude of a static integer as a typenum unsigned (`UTerm` for `_0`).
///
/// ```
/// use cute_algebra::int::Magnitude;
/// use cute_algebra::typenum::{N6, U0, U6, Z0};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<N6 as Magnitude>::Output, U6);
/// assert_type_eq_all!(<Z0 as Magnitude>::Output, U0);
/// ```
#[doc(hidden)]
pub trait Magnitude {
    /// `|Self|`, unsigned.
    type Output: Unsigned;
}
crate::int::output_impls! {
    [] Z0 as Magnitude => UTerm;
    [U: Unsigned + NonZero] PInt<U> as Magnitude => U;
    [U: Unsigned + NonZero] NInt<U> as Magnitude => U;
}

/// Maps a typenum unsigned to the signed static integer of the same value.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::int::ToStatic;
/// use cute_algebra::typenum::{P6, U0, U6, Z0};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<U6 as ToStatic>::Output, P6);
/// assert_type_eq_all!(<U0 as ToStatic>::Output, Z0);
/// assert_eq!(<U6 as ToStatic>::Output::default().cute_string(), "_6");
/// ```
pub trait ToStatic {
    /// `Z0` for zero, `PInt` otherwise.
    type Output: StaticInt;
}

/// Maps a typenum unsigned to the negative static integer of that magnitude.
///
/// ```
/// use cute_algebra::int::ToStaticNeg;
/// use cute_algebra::typenum::{N3, U0, U3, Z0};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<U3 as ToStaticNeg>::Output, N3);
/// assert_type_eq_all!(<U0 as ToStaticNeg>::Output, Z0);
/// ```
#[doc(hidden)]
pub trait ToStaticNeg {
    /// `Z0` for zero, `NInt` otherwise.
    type Output: StaticInt;
}
/// Zero is `Z0` either way; a nonzero magnitude is `PInt` or `NInt`.
macro_rules! to_static {
    ($($Tr:ident => $I:ident),*) => {$(
        impl $Tr for UTerm {
            type Output = Z0;
        }
        impl<U: Unsigned, B: typenum::Bit> $Tr for UInt<U, B>
        where
            $I<UInt<U, B>>: StaticInt,
        {
            type Output = $I<UInt<U, B>>;
        }
    )*};
}
to_static!(ToStatic => PInt, ToStaticNeg => NInt);

/// CuTe's const-generic spelling of a static integer: `C<8>` is `P8`.
/// It reaches as far as typenum's const bridge (0 to 1024); beyond that,
/// use the typenum type or an integer literal in the macros.
///
/// ```
/// use cute_algebra::int::C;
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(C<8>, cute_algebra::typenum::P8);
/// assert_type_eq_all!(C<0>, cute_algebra::typenum::Z0);
/// ```
pub type C<const N: usize> = <<typenum::Const<N> as typenum::ToUInt>::Output as ToStatic>::Output;
