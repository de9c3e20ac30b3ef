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
impl<B> StaticEq<B> for i32 {
    type Output = B0;
}
impl<B> StaticEq<B> for i64 {
    type Output = B0;
}
impl StaticEq<Z0> for Z0 {
    type Output = B1;
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
impl<U: Unsigned + NonZero + UEq<V>, V: Unsigned + NonZero> StaticEq<PInt<V>> for PInt<U> {
    type Output = U::Output;
}
impl<U: Unsigned + NonZero + UEq<V>, V: Unsigned + NonZero> StaticEq<NInt<V>> for NInt<U> {
    type Output = U::Output;
}

/// `B1` when the typenum unsigneds `Self` and `B` are equal, by matching
/// bits from the lowest; stops at the first difference.
#[doc(hidden)]
pub trait UEq<B> {
    /// `B1` or `B0`.
    type Output: Bit;
}
impl UEq<UTerm> for UTerm {
    type Output = B1;
}
impl<A, X> UEq<UTerm> for UInt<A, X> {
    type Output = B0;
}
impl<B, Y> UEq<UInt<B, Y>> for UTerm {
    type Output = B0;
}
impl<A: UEq<B>, B> UEq<UInt<B, B0>> for UInt<A, B0> {
    type Output = A::Output;
}
impl<A: UEq<B>, B> UEq<UInt<B, B1>> for UInt<A, B1> {
    type Output = A::Output;
}
impl<A, B> UEq<UInt<B, B1>> for UInt<A, B0> {
    type Output = B0;
}
impl<A, B> UEq<UInt<B, B0>> for UInt<A, B1> {
    type Output = B0;
}

/// Maps typenum's ordering to "is equal".
#[doc(hidden)]
pub trait OrdIsEqual {
    /// `B1` for `Equal`.
    type Output: Bit;
}
impl OrdIsEqual for Equal {
    type Output = B1;
}
impl OrdIsEqual for Less {
    type Output = B0;
}
impl OrdIsEqual for Greater {
    type Output = B0;
}

/// typenum's static one.
pub type One = PInt<UInt<UTerm, B1>>;
