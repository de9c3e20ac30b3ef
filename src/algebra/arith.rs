//! Cheap type-level division for the algebra's static paths.
//!
//! typenum divides by bitwise long division, roughly quadratic in the bit
//! length. Shapes and strides are mostly powers of two, so factors of two are
//! stripped by matching bits, and typenum's `Div` runs only for odd divisors
//! greater than one.

use crate::algebra::OrdIsEqual;
use typenum::{Add1, B0, B1, Bit, Cmp, Compare, Prod, Quot, Sum, UInt, UTerm, Unsigned};

/// `ceil(Self / B)` for typenum unsigneds (`B >= 1`), and whether the
/// division is exact.
///
/// ```
/// use cute_algebra::algebra::CeilDivExact;
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

/// An even divisor: halve both. Zero divided by anything is zero.
impl<Bh> CeilDivExact<UInt<Bh, B0>> for UTerm {
    type Quot = UTerm;
    type Exact = B1;
}
/// An even dividend and an even divisor: drop the low bits.
impl<Ah, Bh> CeilDivExact<UInt<Bh, B0>> for UInt<Ah, B0>
where
    Ah: CeilDivExact<Bh>,
{
    type Quot = Ah::Quot;
    type Exact = Ah::Exact;
}
/// An odd dividend and an even divisor: `ceil((2a+1) / 2b) = ceil((a+1) / b)`,
/// never exact.
impl<Ah, Bh> CeilDivExact<UInt<Bh, B0>> for UInt<Ah, B1>
where
    Ah: core::ops::Add<B1>,
    Add1<Ah>: CeilDivExact<Bh>,
{
    type Quot = <Add1<Ah> as CeilDivExact<Bh>>::Quot;
    type Exact = B0;
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
