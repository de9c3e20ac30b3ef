//! Cheap type-level division for the algebra's static paths.
//!
//! typenum divides by bitwise long division, roughly quadratic in the bit
//! length. Shapes and strides are mostly powers of two, so factors of two are
//! stripped by matching bits, and typenum's `Div` runs only for odd divisors
//! greater than one.

use super::classify::OrdIsEqual;
use typenum::{
    Add1, B0, B1, Bit, Cmp, Compare, NInt, NonZero, PInt, Prod, Quot, Sum, UInt, UTerm, Unsigned,
    Z0,
};

/// `ceil(Self / B)` for typenum unsigneds (`B >= 1`), and whether the
/// division is exact.
///
/// ```
/// use cute_algebra::int::CeilDivExact;
/// use cute_algebra::typenum::{B0, B1, U2, U3, U4, U12, U5, U6};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<U12 as CeilDivExact<U4>>::Quot, U3);
/// assert_type_eq_all!(<U12 as CeilDivExact<U4>>::Exact, B1);
/// assert_type_eq_all!(<U5 as CeilDivExact<U2>>::Quot, U3);
/// assert_type_eq_all!(<U5 as CeilDivExact<U2>>::Exact, B0);
/// assert_type_eq_all!(<U12 as CeilDivExact<U5>>::Quot, U3);
/// assert_type_eq_all!(<U6 as CeilDivExact<U3>>::Exact, B1);
/// ```
pub trait CeilDivExact<B> {
    /// `ceil(Self / B)`.
    type Quot: Unsigned;
    /// `B1` when `B` divides `Self`.
    type Exact: Bit;
}

/// Division by one.
impl<A: Unsigned> CeilDivExact<UInt<UTerm, B1>> for A {
    type Quot = A;
    type Exact = B1;
}

crate::int::assoc_impls! {
    /// An even divisor: halve both. Zero divided by anything is zero.
    [Bh] UTerm as CeilDivExact<UInt<Bh, B0>> => { Quot = UTerm, Exact = B1 };
    /// An even dividend and an even divisor: drop the low bits.
    [Ah, Bh] UInt<Ah, B0> as CeilDivExact<UInt<Bh, B0>>
        => { Quot = Ah::Quot, Exact = Ah::Exact }
        where [Ah: CeilDivExact<Bh>];
    /// An odd dividend and an even divisor: `ceil((2a+1) / 2b) = ceil((a+1) / b)`,
    /// never exact.
    [Ah, Bh] UInt<Ah, B1> as CeilDivExact<UInt<Bh, B0>>
        => { Quot = <Add1<Ah> as CeilDivExact<Bh>>::Quot, Exact = B0 }
        where [Ah: core::ops::Add<B1>, Add1<Ah>: CeilDivExact<Bh>];
}

/// An odd divisor `b >= 3`: typenum's division of `a + b - 1`, exact when
/// `b * quotient == a`.
impl<A, X, Y> CeilDivExact<UInt<UInt<X, Y>, B1>> for A
where
    A: core::ops::Add<UInt<UInt<X, Y>, B0>>,
    Sum<A, UInt<UInt<X, Y>, B0>>: core::ops::Div<UInt<UInt<X, Y>, B1>>,
    Quot<Sum<A, UInt<UInt<X, Y>, B0>>, UInt<UInt<X, Y>, B1>>: Unsigned,
    UInt<UInt<X, Y>, B1>: core::ops::Mul<Quot<Sum<A, UInt<UInt<X, Y>, B0>>, UInt<UInt<X, Y>, B1>>>,
    Prod<UInt<UInt<X, Y>, B1>, Quot<Sum<A, UInt<UInt<X, Y>, B0>>, UInt<UInt<X, Y>, B1>>>: Cmp<A>,
    Compare<
        Prod<UInt<UInt<X, Y>, B1>, Quot<Sum<A, UInt<UInt<X, Y>, B0>>, UInt<UInt<X, Y>, B1>>>,
        A,
    >: OrdIsEqual,
{
    type Quot = Quot<Sum<A, UInt<UInt<X, Y>, B0>>, UInt<UInt<X, Y>, B1>>;
    type Exact = <Compare<Prod<UInt<UInt<X, Y>, B1>, Self::Quot>, A> as OrdIsEqual>::Output;
}

/// `Self * B` for typenum unsigneds `>= 1`, cheaply: factors of two are
/// shifted, a factor of one is dropped, and typenum's `Mul` runs only for
/// two odd factors greater than one.
///
/// ```
/// use cute_algebra::int::UMul;
/// use cute_algebra::typenum::{U1, U3, U4, U12, U24, U36};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<U3 as UMul<U4>>::Output, U12);
/// assert_type_eq_all!(<U1 as UMul<U24>>::Output, U24);
/// assert_type_eq_all!(<U12 as UMul<U3>>::Output, U36);
/// ```
pub trait UMul<B> {
    /// The product.
    type Output;
}
super::output_impls! {
    /// One times `B`.
    [B] UInt<UTerm, B1> as UMul<B> => B;
    /// An even factor: shift.
    [A, B] UInt<A, B0> as UMul<B> => UInt<A::Output, B0> where [A: UMul<B>];
    /// An odd factor greater than one: look at `B`.
    [X, Y, B] UInt<UInt<X, Y>, B1> as UMul<B> => B::Output where [B: UMulOdd<UInt<UInt<X, Y>, B1>>];
}
/// `A * Self` where `A` is odd and greater than one.
pub trait UMulOdd<A> {
    /// The product.
    type Output;
}
super::output_impls! {
    [A] UInt<UTerm, B1> as UMulOdd<A> => A;
    [A, V] UInt<V, B0> as UMulOdd<A> => UInt<V::Output, B0> where [V: UMulOdd<A>];
    [A: core::ops::Mul<UInt<UInt<X, Y>, B1>>, X, Y] UInt<UInt<X, Y>, B1> as UMulOdd<A>
        => Prod<A, UInt<UInt<X, Y>, B1>>;
}

/// CuTe's `a * b` on mixed integers, cheaply for static ones ([`UMul`]):
/// a static zero absorbs, a runtime value makes the product runtime.
///
/// ```
/// use cute_algebra::int::SMul;
/// use cute_algebra::typenum::{N2, N6, P3, Z0};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<N2 as SMul<P3>>::Output, N6);
/// assert_type_eq_all!(<i32 as SMul<Z0>>::Output, Z0);
/// assert_type_eq_all!(<P3 as SMul<i32>>::Output, i32);
/// ```
pub trait SMul<B> {
    /// The product.
    type Output;
}
impl<B> SMul<B> for Z0 {
    type Output = Z0;
}
macro_rules! smul {
    ($($A:ident * $B:ident => $R:ident),*) => {$(
        impl<U: UMul<V>, V> SMul<$B<V>> for $A<U>
        where
            U: Unsigned + NonZero,
            V: Unsigned + NonZero,
            U::Output: Unsigned + NonZero,
        {
            type Output = $R<U::Output>;
        }
    )*};
}
smul!(PInt * PInt => PInt, PInt * NInt => NInt, NInt * PInt => NInt, NInt * NInt => PInt);
// A runtime factor makes the product runtime; a static zero absorbs it.
super::output_impls! {
    [V: Unsigned + NonZero] i32 as SMul<PInt<V>> => i32;
    [V: Unsigned + NonZero] i32 as SMul<NInt<V>> => i32;
    [] i32 as SMul<i32> => i32;
    [] i32 as SMul<Z0> => Z0;
    [U: Unsigned + NonZero] PInt<U> as SMul<i32> => i32;
    [U: Unsigned + NonZero] NInt<U> as SMul<i32> => i32;
    [V: Unsigned + NonZero] i64 as SMul<PInt<V>> => i64;
    [V: Unsigned + NonZero] i64 as SMul<NInt<V>> => i64;
    [] i64 as SMul<i64> => i64;
    [] i64 as SMul<i32> => i64;
    [] i32 as SMul<i64> => i64;
    [] i64 as SMul<Z0> => Z0;
    [U: Unsigned + NonZero] PInt<U> as SMul<i64> => i64;
    [U: Unsigned + NonZero] NInt<U> as SMul<i64> => i64;
    [U: Unsigned + NonZero] PInt<U> as SMul<Z0> => Z0;
    [U: Unsigned + NonZero] NInt<U> as SMul<Z0> => Z0;
}
