//! CuTe's `ceil_div` and `shape_div` on mixed integers.

use super::ops::{Diff, IntAdd, IntDiv, IntSub, Quot, Sum, runtime_int_fail};
use super::show::ShowInt;
use super::static_::{Magnitude, ToStatic};
use super::udiv::{UCeilDiv, UDivides};
use super::{Int, StaticInt};
use core::fmt;
use typenum::{B0, B1, Bit, NInt, NonZero, PInt, UInt, UTerm, Unsigned, Z0};

/// CuTe's `ceil_div(a, b)`: `(a + b - 1) / b`, truncating like C++.
///
/// For a static `a >= 0` and `b > 0` this is `⌈a / b⌉`, computed with
/// [`UCeilDiv`] (factors of two stripped by matching bits); other signs
/// and runtime values follow the formula.
///
/// ```
/// use cute_algebra::int::{CeilDiv, Int, IntCeilDiv};
/// use cute_algebra::typenum::{N1, N2, P1, P2, P3, P4, P7, P8, P24, Z0};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(CeilDiv<P7, P2>, P4);
/// assert_type_eq_all!(CeilDiv<P24, P8>, P3);
/// assert_type_eq_all!(CeilDiv<P2, P8>, P1);
/// assert_type_eq_all!(CeilDiv<Z0, P8>, Z0);
/// assert_type_eq_all!(CeilDiv<P4, N1>, N2); // (4 - 1 - 1) / -1, as in C++
/// assert_eq!(P7::new().ceil_div(2i32).value(), 4);
/// ```
pub trait IntCeilDiv<Rhs: Int>: Int {
    /// The result: static when both operands are static.
    type Output: Int;
    /// Computes `ceil_div(self, rhs)`; a runtime overflow or zero divisor panics.
    fn ceil_div(self, rhs: Rhs) -> Self::Output;
    /// Computes `ceil_div(self, rhs)`, or `None` where a runtime value
    /// overflows or the divisor is a runtime zero.
    fn ceil_div_checked(self, rhs: Rhs) -> Option<Self::Output>;
}
/// The result type of [`IntCeilDiv`].
pub type CeilDiv<A, B> = <A as IntCeilDiv<B>>::Output;

impl<U, V> IntCeilDiv<PInt<V>> for PInt<U>
where
    U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static + UCeilDiv<V>,
    V: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static,
    <U as UCeilDiv<V>>::Output: ToStatic,
{
    type Output = <<U as UCeilDiv<V>>::Output as ToStatic>::Output;
    #[inline(always)]
    fn ceil_div(self, _: PInt<V>) -> Self::Output {
        Default::default()
    }
    #[inline(always)]
    fn ceil_div_checked(self, _: PInt<V>) -> Option<Self::Output> {
        Some(Default::default())
    }
}
impl<V: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static> IntCeilDiv<PInt<V>> for Z0 {
    type Output = Z0;
    #[inline(always)]
    fn ceil_div(self, _: PInt<V>) -> Z0 {
        Z0::new()
    }
    #[inline(always)]
    fn ceil_div_checked(self, _: PInt<V>) -> Option<Z0> {
        Some(Z0::new())
    }
}
/// The other sign patterns and runtime values: CuTe's formula.
macro_rules! ceil_div_formula {
    ($([$($g:tt)*] $L:ty, $R:ty;)*) => {$(
        impl<$($g)*> IntCeilDiv<$R> for $L
        where
            $L: IntAdd<$R>,
            $R: Int,
            Sum<$L, $R>: IntSub<typenum::P1>,
            Diff<Sum<$L, $R>, typenum::P1>: IntDiv<$R>,
        {
            type Output = Quot<Diff<Sum<$L, $R>, typenum::P1>, $R>;
            #[inline(always)]
            #[track_caller]
            fn ceil_div(self, rhs: $R) -> Self::Output {
                match self.ceil_div_checked(rhs) {
                    Some(v) => v,
                    None => runtime_int_fail("ceil_div", self.wide(), rhs.wide(), core::any::type_name::<Self::Output>()),
                }
            }
            /// In `i64`, so that only a result beyond the result's type
            /// fails, not the intermediate `a + b` (for `i64` operands,
            /// an intermediate beyond `i64` fails).
            #[inline(always)]
            fn ceil_div_checked(self, rhs: $R) -> Option<Self::Output> {
                let q = crate::steps::rules::checked_ceil_div(self.wide(), rhs.wide())?;
                <Self::Output as Int>::from_i64(q)
            }
        }
    )*};
}
ceil_div_formula! {
    [U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static, B] NInt<U>, B;
    [U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static, V: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static] PInt<U>, NInt<V>;
    [V: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static] Z0, NInt<V>;
    [U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static] PInt<U>, i32;
    [] Z0, i32;
    [B] i32, B;
    [U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static] PInt<U>, i64;
    [] Z0, i64;
    [B] i64, B;
}

/// CuTe's `shape_div(a, b)` for integers: `ceil_div(a, b)` where the
/// divisibility condition `a % b == 0 || b % a == 0` holds. For static
/// operands the condition is a trait bound; a runtime violation is reported
/// by [`IntShapeDiv::try_shape_div`].
///
/// ```
/// use cute_algebra::int::{IntShapeDiv, ShapeDiv};
/// use cute_algebra::typenum::{P1, P3, P4, P12};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(ShapeDiv<P12, P4>, P3);
/// assert_type_eq_all!(ShapeDiv<P4, P12>, P1);
/// assert!(6.try_shape_div(4).is_err());
/// ```
#[diagnostic::on_unimplemented(
    message = "shape_div: divisibility condition fails: neither `{Self}` nor `{Rhs}` divides the other",
    note = "CuTe's shape_div(a, b) needs a % b == 0 or b % a == 0"
)]
pub trait IntShapeDiv<Rhs: Int>: Int {
    /// The result: static when both operands are static.
    type Output: Int;
    /// Computes `shape_div(self, rhs)` without checking a runtime condition
    /// (a runtime overflow or zero divisor panics).
    fn shape_div(self, rhs: Rhs) -> Self::Output;
    /// Computes `shape_div(self, rhs)` without checking the divisibility
    /// condition, or `None` where a runtime value overflows.
    fn shape_div_checked(self, rhs: Rhs) -> Option<Self::Output>;
    /// Computes `shape_div(self, rhs)`, checking the condition at run time.
    fn try_shape_div(self, rhs: Rhs) -> Result<Self::Output, crate::error::LayoutError> {
        let (a, b) = (self.wide(), rhs.wide());
        if crate::steps::rules::divides_either(a, b) {
            self.shape_div_checked(rhs)
                .ok_or(crate::error::LayoutError::Overflow { op: "shape_div" })
        } else {
            Err(crate::error::LayoutError::ShapeDivisibility {
                op: "shape_div",
                mode: 0,
                shape: a,
                rest: b,
            })
        }
    }
}
/// The result type of [`IntShapeDiv`].
pub type ShapeDiv<A, B> = <A as IntShapeDiv<B>>::Output;

/// Static shape_div: the verdict of [`DividesEither`] on the magnitudes
/// must be `B1`; the result is [`CeilDiv`].
impl<A, B> IntShapeDiv<B> for A
where
    A: StaticInt + Magnitude + IntCeilDiv<B>,
    B: StaticInt + Magnitude,
    <A as Magnitude>::Output: DividesEither<<B as Magnitude>::Output>,
    <<A as Magnitude>::Output as DividesEither<<B as Magnitude>::Output>>::Output:
        ShapeDivisible<A, B>,
{
    type Output = CeilDiv<A, B>;
    #[inline(always)]
    fn shape_div(self, rhs: B) -> Self::Output {
        self.ceil_div(rhs)
    }
    #[inline(always)]
    fn shape_div_checked(self, rhs: B) -> Option<Self::Output> {
        Some(self.ceil_div(rhs))
    }
}

/// `B1` when `Self % B == 0 || B % Self == 0` (typenum unsigned integers,
/// not both zero), else `B0`: one comparison, then one [`UDivides`].
///
/// ```
/// use cute_algebra::int::DividesEither;
/// use cute_algebra::typenum::{B0, B1, U4, U6, U12};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<U4 as DividesEither<U12>>::Output, B1);
/// assert_type_eq_all!(<U6 as DividesEither<U4>>::Output, B0);
/// ```
#[doc(hidden)]
pub trait DividesEither<B> {
    /// `B1` or `B0`.
    type Output: Bit;
}
impl<A: typenum::Cmp<B>, B> DividesEither<B> for A
where
    typenum::Compare<A, B>: DividesEitherBranch<A, B>,
{
    type Output = <typenum::Compare<A, B> as DividesEitherBranch<A, B>>::Output;
}
/// The branch of [`DividesEither`] chosen by the comparison of `A` and `B`.
#[doc(hidden)]
pub trait DividesEitherBranch<A, B> {
    /// `B1` or `B0`.
    type Output: Bit;
}
crate::int::output_impls! {
    [A: UDivides<B>, B] typenum::Greater as DividesEitherBranch<A, B> => A::Output;
    [A, B] typenum::Equal as DividesEitherBranch<A, B> => B1;
    /// `a < b`: `b % a == 0`, or `a` is zero (`0 % b == 0`).
    [B] typenum::Less as DividesEitherBranch<UTerm, B> => B1;
    [AU, AB, B: UDivides<UInt<AU, AB>>] typenum::Less as DividesEitherBranch<UInt<AU, AB>, B>
        => B::Output;
}

/// The divisibility condition of `shape_div(A, B)` holds: implemented for `B1` only.
///
/// ```compile_fail
/// use cute_algebra::int::ShapeDiv;
/// use cute_algebra::typenum::{P4, P6};
/// let _: ShapeDiv<P6, P4> = Default::default(); // neither divides the other
/// ```
#[doc(hidden)]
pub trait ShapeDivisible<A, B> {}
impl<A, B> ShapeDivisible<A, B> for B1 {}
/// `B0` holds only if `ShapeDivFails` does, which it never does: its
/// message (with the values printed as `Val<n>`) is the error. Only the
/// failing case computes the printable forms.
impl<A: ShowInt, B: ShowInt> ShapeDivisible<A, B> for B0 where A::Output: ShapeDivFails<B::Output> {}

/// Never implemented: the compile error for a failed `shape_div`.
#[diagnostic::on_unimplemented(
    message = "shape_div: divisibility condition fails: neither {Self} nor {B} divides the other",
    note = "CuTe's shape_div(a, b) needs a % b == 0 or b % a == 0"
)]
#[doc(hidden)]
pub trait ShapeDivFails<B> {}

macro_rules! runtime_shape_div {
    ($([$($g:tt)*] $L:ty, $R:ty => $W:ty;)*) => {$(
        impl<$($g)*> IntShapeDiv<$R> for $L where $L: IntCeilDiv<$R, Output = $W>, $R: Int {
            type Output = $W;
            #[inline(always)]
            #[track_caller]
            fn shape_div(self, rhs: $R) -> $W {
                self.ceil_div(rhs)
            }
            #[inline(always)]
            fn shape_div_checked(self, rhs: $R) -> Option<$W> {
                self.ceil_div_checked(rhs)
            }
        }
    )*};
}
/// A runtime operand of width `W` with another of that width or a static
/// one: the result is a `W`.
macro_rules! runtime_shape_div_in {
    ($($W:ty),*) => {$(
        runtime_shape_div! {
            [] $W, $W => $W;
            [U: Unsigned + NonZero] $W, PInt<U> => $W;
            [U: Unsigned + NonZero] $W, NInt<U> => $W;
            [U: Unsigned + NonZero] PInt<U>, $W => $W;
            [U: Unsigned + NonZero] NInt<U>, $W => $W;
            [] Z0, $W => $W;
        }
    )*};
}
runtime_shape_div_in!(i32, i64);
runtime_shape_div! {
    [] i32, i64 => i64;
    [] i64, i32 => i64;
}
