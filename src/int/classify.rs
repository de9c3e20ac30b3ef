//! Small type-level predicates on integers, matched in impl patterns
//! (cheaper to type-check than typenum's `IsEqual`).

use typenum::{B0, B1, Bit, Equal, Greater, Less, NInt, NonZero, PInt, UInt, UTerm, Unsigned, Z0};

/// `B1` when `Self` and `B` are the same *static* integer, else `B0`
/// (a runtime value is never provably equal to anything). Decided by
/// matching kinds and bits, without typenum's `Cmp` or `Int` proofs.
///
/// ```
/// use cute_algebra::int::StaticEq;
/// use cute_algebra::typenum::{B0, B1, N4, P4, P6, Z0};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<P4 as StaticEq<P4>>::Output, B1);
/// assert_type_eq_all!(<P4 as StaticEq<P6>>::Output, B0);
/// assert_type_eq_all!(<P4 as StaticEq<N4>>::Output, B0);
/// assert_type_eq_all!(<Z0 as StaticEq<Z0>>::Output, B1);
/// assert_type_eq_all!(<i32 as StaticEq<i32>>::Output, B0);
/// ```
#[doc(hidden)]
pub trait StaticEq<B> {
    /// `B1` or `B0`.
    type Output: Bit;
}
crate::int::output_impls! {
    [B] i32 as StaticEq<B> => B0;
    [B] i64 as StaticEq<B> => B0;
    [] Z0 as StaticEq<Z0> => B1;
}
macro_rules! static_eq_differ {
    ($([$($g:tt)*] $A:ty => $B:ty),*) => {$(
        impl<$($g)*> StaticEq<$B> for $A {
            type Output = B0;
        }
    )*};
}
static_eq_differ!(
    [U: Unsigned + NonZero] Z0 => PInt<U>,
    [U: Unsigned + NonZero] Z0 => NInt<U>,
    [] Z0 => i32,
    [U: Unsigned + NonZero, V: Unsigned + NonZero] PInt<U> => NInt<V>,
    [U: Unsigned + NonZero] PInt<U> => Z0,
    [U: Unsigned + NonZero] PInt<U> => i32,
    [U: Unsigned + NonZero, V: Unsigned + NonZero] NInt<U> => PInt<V>,
    [U: Unsigned + NonZero] NInt<U> => Z0,
    [U: Unsigned + NonZero] NInt<U> => i32,
    [] Z0 => i64,
    [U: Unsigned + NonZero] PInt<U> => i64,
    [U: Unsigned + NonZero] NInt<U> => i64
);
crate::int::output_impls! {
    [U: Unsigned + NonZero + UEq<V>, V: Unsigned + NonZero] PInt<U> as StaticEq<PInt<V>>
        => U::Output;
    [U: Unsigned + NonZero + UEq<V>, V: Unsigned + NonZero] NInt<U> as StaticEq<NInt<V>>
        => U::Output;
}

/// `B1` when the typenum unsigneds `Self` and `B` are equal, by matching
/// bits from the lowest; stops at the first difference.
#[doc(hidden)]
pub trait UEq<B> {
    /// `B1` or `B0`.
    type Output: Bit;
}
crate::int::output_impls! {
    [] UTerm as UEq<UTerm> => B1;
    [A, X] UInt<A, X> as UEq<UTerm> => B0;
    [B, Y] UTerm as UEq<UInt<B, Y>> => B0;
    [A: UEq<B>, B] UInt<A, B0> as UEq<UInt<B, B0>> => A::Output;
    [A: UEq<B>, B] UInt<A, B1> as UEq<UInt<B, B1>> => A::Output;
    [A, B] UInt<A, B0> as UEq<UInt<B, B1>> => B0;
    [A, B] UInt<A, B1> as UEq<UInt<B, B0>> => B0;
}

/// Maps typenum's ordering to "is equal".
#[doc(hidden)]
pub trait OrdIsEqual {
    /// `B1` for `Equal`.
    type Output: Bit;
}
crate::int::output_impls! {
    [] Equal as OrdIsEqual => B1;
    [] Less as OrdIsEqual => B0;
    [] Greater as OrdIsEqual => B0;
}

/// typenum's static one.
pub type One = PInt<UInt<UTerm, B1>>;
