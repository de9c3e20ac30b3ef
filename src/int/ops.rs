//! The mixed binary operations (`+ - * / %`, `min`, `max`, `gcd`) and `abs`.

use super::static_::{ToStatic, ToStaticNeg};
use super::udiv::UFloorDiv;
use super::{Int, RuntimeInt, StaticInt};
use core::fmt;
use typenum::{NInt, NonZero, PInt, UInt, UTerm, Unsigned, Z0};

/// Defines a mixed binary operation: a trait, its alias, the static×static
/// impl through a typenum trait, and the runtime impls. The absorbing
/// cases are listed per operation and excluded from the generic runtime impls.
///
/// Each operation comes in three forms (see the module docs on overflow):
/// the plain method panics with a named condition when a runtime result
/// does not fit (in release builds too; `/` and `%` are Rust's, which panic
/// on a zero divisor and on `i32::MIN / -1`), the `_checked` form returns
/// `None` instead, and the `_wrapping` form wraps as `i32` arithmetic does
/// on a GPU.
macro_rules! binary_op {
    (
        $(#[$doc:meta])*
        $Trait:ident :: $method:ident / $checked:ident / $wrapping:ident, alias $Alias:ident,
        static $($TnTrait:path)?,
        runtime |$a:ident, $b:ident| plain $pl:expr, checked $rt:expr, wrapping $wr:expr,
        static_lhs_runtime [$($SL:ident),*],
        runtime_lhs_static [$($SR:ident),*]
    ) => {
        $(#[$doc])*
        pub trait $Trait<Rhs: Int>: Int {
            /// The result: static when both operands are static.
            type Output: Int;
            /// Computes the operation; a runtime result that does not fit
            /// (or a runtime zero divisor) panics, naming the operands.
            fn $method(self, rhs: Rhs) -> Self::Output;
            /// Computes the operation, or `None` where a runtime result does
            /// not fit (or a runtime divisor is zero).
            fn $checked(self, rhs: Rhs) -> Option<Self::Output>;
            /// Computes the operation, wrapping a runtime result that does
            /// not fit (a zero divisor still panics).
            fn $wrapping(self, rhs: Rhs) -> Self::Output;
        }
        #[doc = concat!("The result type of [`", stringify!($Trait), "`].")]
        pub type $Alias<A, B> = <A as $Trait<B>>::Output;

        $(
        impl<A: StaticInt + $TnTrait, B: StaticInt> $Trait<B> for A
        where
            <A as $TnTrait>::Output: StaticInt,
        {
            type Output = <A as $TnTrait>::Output;
            #[inline(always)]
            fn $method(self, _: B) -> Self::Output {
                Default::default()
            }
            #[inline(always)]
            fn $checked(self, _: B) -> Option<Self::Output> {
                Some(Default::default())
            }
            #[inline(always)]
            fn $wrapping(self, _: B) -> Self::Output {
                Default::default()
            }
        }
        )?
        binary_op!(@rt $Trait $method $checked $wrapping |$a, $b| $pl, $rt, $wr, [], i32, i32, i32);
        binary_op!(@rt $Trait $method $checked $wrapping |$a, $b| $pl, $rt, $wr, [], i64, i64, i64);
        binary_op!(@rt $Trait $method $checked $wrapping |$a, $b| $pl, $rt, $wr, [], i32, i64, i64);
        binary_op!(@rt $Trait $method $checked $wrapping |$a, $b| $pl, $rt, $wr, [], i64, i32, i64);
        $(binary_op!(@sl $Trait $method $checked $wrapping |$a, $b| $pl, $rt, $wr, $SL, i32);)*
        $(binary_op!(@sl $Trait $method $checked $wrapping |$a, $b| $pl, $rt, $wr, $SL, i64);)*
        $(binary_op!(@sr $Trait $method $checked $wrapping |$a, $b| $pl, $rt, $wr, $SR, i32);)*
        $(binary_op!(@sr $Trait $method $checked $wrapping |$a, $b| $pl, $rt, $wr, $SR, i64);)*
    };
    // One runtime impl, computing in the runtime type `$W` (`W` in the
    // operation's expressions): `$a` and `$b` are the operands as `$W`.
    (@rt $Trait:ident $method:ident $checked:ident $wrapping:ident |$a:ident, $b:ident| $pl:expr, $rt:expr, $wr:expr,
        [$($g:tt)*], $L:ty, $R:ty, $W:ty) => {
        impl<$($g)*> $Trait<$R> for $L {
            type Output = $W;
            #[inline(always)]
            #[track_caller]
            fn $method(self, rhs: $R) -> $W {
                #[allow(dead_code)]
                type W = $W;
                let ($a, $b): ($W, $W) = (<$W>::narrow(self.wide()), <$W>::narrow(rhs.wide()));
                $pl
            }
            #[inline(always)]
            fn $checked(self, rhs: $R) -> Option<$W> {
                #[allow(dead_code)]
                type W = $W;
                let ($a, $b): ($W, $W) = (<$W>::narrow(self.wide()), <$W>::narrow(rhs.wide()));
                $rt
            }
            #[inline(always)]
            fn $wrapping(self, rhs: $R) -> $W {
                #[allow(dead_code)]
                type W = $W;
                let ($a, $b): ($W, $W) = (<$W>::narrow(self.wide()), <$W>::narrow(rhs.wide()));
                $wr
            }
        }
    };
    (@sl $Trait:ident $method:ident $checked:ident $wrapping:ident |$a:ident, $b:ident| $pl:expr, $rt:expr, $wr:expr, Z0, $W:ty) => {
        binary_op!(@rt $Trait $method $checked $wrapping |$a, $b| $pl, $rt, $wr, [], Z0, $W, $W);
    };
    (@sl $Trait:ident $method:ident $checked:ident $wrapping:ident |$a:ident, $b:ident| $pl:expr, $rt:expr, $wr:expr, $S:ident, $W:ty) => {
        binary_op!(@rt $Trait $method $checked $wrapping |$a, $b| $pl, $rt, $wr,
            [U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static], $S<U>, $W, $W);
    };
    (@sr $Trait:ident $method:ident $checked:ident $wrapping:ident |$a:ident, $b:ident| $pl:expr, $rt:expr, $wr:expr, Z0, $W:ty) => {
        binary_op!(@rt $Trait $method $checked $wrapping |$a, $b| $pl, $rt, $wr, [], $W, Z0, $W);
    };
    (@sr $Trait:ident $method:ident $checked:ident $wrapping:ident |$a:ident, $b:ident| $pl:expr, $rt:expr, $wr:expr, $S:ident, $W:ty) => {
        binary_op!(@rt $Trait $method $checked $wrapping |$a, $b| $pl, $rt, $wr,
            [U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static], $W, $S<U>, $W);
    };
}

/// The value of a plain runtime operation, or its panic.
#[inline(always)]
#[track_caller]
fn or_fail<W: RuntimeInt>(v: Option<W>, sym: &str, a: W, b: W) -> W {
    match v {
        Some(v) => v,
        None => runtime_int_fail(sym, a.into(), b.into(), W::NAME),
    }
}

/// The panic of the plain runtime operations: the result of `a sym b` does
/// not fit in `ty`, or `b` is a zero divisor. Out of line and cold, so the
/// checked arithmetic costs one branch.
#[cold]
#[inline(never)]
#[track_caller]
pub(super) fn runtime_int_fail(sym: &str, a: i64, b: i64, ty: &str) -> ! {
    if b == 0 && matches!(sym, "/" | "%" | "ceil_div") {
        panic!("runtime integer division by zero: {a} {sym} 0")
    }
    panic!(
        "runtime integer overflow: {a} {sym} {b} does not fit in {ty} (use the try_ form for a LayoutError)"
    )
}

/// Implements an absorbing case: the result is the static zero.
macro_rules! absorb_zero {
    ($Trait:ident :: $method:ident / $checked:ident / $wrapping:ident, $L:ty, $R:ty) => {
        impl $Trait<$R> for $L {
            type Output = Z0;
            #[inline(always)]
            fn $method(self, _: $R) -> Z0 {
                Z0::new()
            }
            #[inline(always)]
            fn $checked(self, _: $R) -> Option<Z0> {
                Some(Z0::new())
            }
            #[inline(always)]
            fn $wrapping(self, _: $R) -> Z0 {
                Z0::new()
            }
        }
    };
}

binary_op! {
    /// `a + b`.
    IntAdd::add / add_checked / add_wrapping, alias Sum, static core::ops::Add<B>,
    runtime |a, b| plain or_fail(a.checked_add(b), "+", a, b), checked a.checked_add(b), wrapping a.wrapping_add(b),
    static_lhs_runtime [PInt, NInt, Z0], runtime_lhs_static [PInt, NInt, Z0]
}
binary_op! {
    /// `a - b`.
    IntSub::sub / sub_checked / sub_wrapping, alias Diff, static core::ops::Sub<B>,
    runtime |a, b| plain or_fail(a.checked_sub(b), "-", a, b), checked a.checked_sub(b), wrapping a.wrapping_sub(b),
    static_lhs_runtime [PInt, NInt, Z0], runtime_lhs_static [PInt, NInt, Z0]
}
binary_op! {
    /// `a * b`; a static zero on either side absorbs.
    IntMul::mul / mul_checked / mul_wrapping, alias Prod, static core::ops::Mul<B>,
    runtime |a, b| plain or_fail(a.checked_mul(b), "*", a, b), checked a.checked_mul(b), wrapping a.wrapping_mul(b),
    static_lhs_runtime [PInt, NInt], runtime_lhs_static [PInt, NInt]
}
absorb_zero!(IntMul::mul / mul_checked / mul_wrapping, Z0, i32);
absorb_zero!(IntMul::mul / mul_checked / mul_wrapping, i32, Z0);
absorb_zero!(IntMul::mul / mul_checked / mul_wrapping, Z0, i64);
absorb_zero!(IntMul::mul / mul_checked / mul_wrapping, i64, Z0);

binary_op! {
    /// `a / b`, truncating like C++; `_0 / x` is `_0`. A runtime zero
    /// divisor panics, as Rust's `/` does; a static one does not compile.
    ///
    /// Static division strips factors of two from the divisor by matching
    /// bits ([`UFloorDiv`]); typenum's long division runs only for odd
    /// divisors above 1.
    ///
    /// ```
    /// use cute_algebra::int::{Int, IntDiv, Quot};
    /// use cute_algebra::typenum::{N3, P2, P3, P7, P12, P96, Z0};
    /// use static_assertions::assert_type_eq_all;
    /// assert_type_eq_all!(Quot<P96, P12>, cute_algebra::typenum::P8);
    /// assert_type_eq_all!(Quot<P7, P2>, P3);
    /// assert_type_eq_all!(Quot<P7, N3>, cute_algebra::typenum::N2);
    /// assert_type_eq_all!(Quot<P2, P3>, Z0);
    /// assert_eq!(P7::new().div(2i32).value(), 3);
    /// ```
    IntDiv::div / div_checked / div_wrapping, alias Quot, static,
    runtime |a, b| plain a / b, checked a.checked_div(b), wrapping a.wrapping_div(b),
    static_lhs_runtime [PInt, NInt], runtime_lhs_static [PInt, NInt]
}
absorb_zero!(IntDiv::div / div_checked / div_wrapping, Z0, i32);
absorb_zero!(IntDiv::div / div_checked / div_wrapping, Z0, i64);

/// Implements static `IntDiv` for one sign pattern: the magnitudes divide
/// with [`UFloorDiv`], and `ToSign` gives the result its sign.
macro_rules! static_div {
    ($([$($g:ident),*] $L:ty, $R:ty, $UL:ty, $UR:ty, $ToSign:ident;)*) => {$(
        impl<$($g: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static),*> IntDiv<$R> for $L
        where
            $UL: UFloorDiv<$UR>,
            <$UL as UFloorDiv<$UR>>::Output: $ToSign,
        {
            type Output = <<$UL as UFloorDiv<$UR>>::Output as $ToSign>::Output;
            #[inline(always)]
            fn div(self, _: $R) -> Self::Output {
                Default::default()
            }
            #[inline(always)]
            fn div_checked(self, _: $R) -> Option<Self::Output> {
                Some(Default::default())
            }
            #[inline(always)]
            fn div_wrapping(self, _: $R) -> Self::Output {
                Default::default()
            }
        }
    )*};
}
static_div! {
    [U, V] PInt<U>, PInt<V>, U, V, ToStatic;
    [U, V] NInt<U>, NInt<V>, U, V, ToStatic;
    [U, V] PInt<U>, NInt<V>, U, V, ToStaticNeg;
    [U, V] NInt<U>, PInt<V>, U, V, ToStaticNeg;
    [V] Z0, PInt<V>, UTerm, V, ToStatic;
    [V] Z0, NInt<V>, UTerm, V, ToStatic;
}

binary_op! {
    /// `a % b`, with C++'s sign rule; `_0 % x` and `x % _1` are `_0`.
    IntRem::rem / rem_checked / rem_wrapping, alias Mod, static core::ops::Rem<B>,
    runtime |a, b| plain a % b, checked a.checked_rem(b), wrapping a.wrapping_rem(b),
    static_lhs_runtime [PInt, NInt], runtime_lhs_static []
}
absorb_zero!(IntRem::rem / rem_checked / rem_wrapping, Z0, i32);
absorb_zero!(IntRem::rem / rem_checked / rem_wrapping, Z0, i64);
// `x % _1` and `x % _-1` are `_0` whatever `x` is: the same absorbing impl.
absorb_zero!(IntRem::rem / rem_checked / rem_wrapping, i32, typenum::P1);
absorb_zero!(IntRem::rem / rem_checked / rem_wrapping, i32, typenum::N1);
absorb_zero!(IntRem::rem / rem_checked / rem_wrapping, i64, typenum::P1);
absorb_zero!(IntRem::rem / rem_checked / rem_wrapping, i64, typenum::N1);
/// `x % _n` for |n| ≥ 2 is runtime; `_1` and `_-1` are matched above.
macro_rules! rem_by_static_ge2 {
    ($S:ident, $W:ty) => {
        impl<U: Unsigned, B: typenum::Bit, C: typenum::Bit> IntRem<$S<UInt<UInt<U, B>, C>>> for $W
        where
            $S<UInt<UInt<U, B>, C>>: StaticInt,
        {
            type Output = $W;
            #[inline(always)]
            #[track_caller]
            fn rem(self, rhs: $S<UInt<UInt<U, B>, C>>) -> $W {
                // |rhs| >= 2: never overflows, never divides by zero.
                self % <$W>::narrow(rhs.wide())
            }
            #[inline(always)]
            fn rem_checked(self, rhs: $S<UInt<UInt<U, B>, C>>) -> Option<$W> {
                Some(self % <$W>::narrow(rhs.wide()))
            }
            #[inline(always)]
            fn rem_wrapping(self, rhs: $S<UInt<UInt<U, B>, C>>) -> $W {
                self % <$W>::narrow(rhs.wide())
            }
        }
    };
}
rem_by_static_ge2!(PInt, i32);
rem_by_static_ge2!(NInt, i32);
rem_by_static_ge2!(PInt, i64);
rem_by_static_ge2!(NInt, i64);

binary_op! {
    /// `min(a, b)`.
    IntMin::min / min_checked / min_wrapping, alias Minimum, static typenum::Min<B>,
    runtime |a, b| plain if a < b { a } else { b }, checked Some(if a < b { a } else { b }), wrapping if a < b { a } else { b },
    static_lhs_runtime [PInt, NInt, Z0], runtime_lhs_static [PInt, NInt, Z0]
}
binary_op! {
    /// `max(a, b)`.
    IntMax::max / max_checked / max_wrapping, alias Maximum, static typenum::Max<B>,
    runtime |a, b| plain if a < b { b } else { a }, checked Some(if a < b { b } else { a }), wrapping if a < b { b } else { a },
    static_lhs_runtime [PInt, NInt, Z0], runtime_lhs_static [PInt, NInt, Z0]
}
binary_op! {
    /// `gcd(a, b)`, non-negative.
    IntGcd::gcd / gcd_checked / gcd_wrapping, alias Gcd, static typenum::Gcd<B>,
    runtime |a, b| plain or_fail(W::from_i64(crate::steps::rules::gcd(a.wide(), b.wide())).filter(|g| g.wide() >= 0), "gcd", a, b),
    checked W::from_i64(crate::steps::rules::gcd(a.wide(), b.wide())).filter(|g| g.wide() >= 0),
    wrapping W::narrow(crate::steps::rules::gcd(a.wide(), b.wide())),
    static_lhs_runtime [PInt, NInt, Z0], runtime_lhs_static [PInt, NInt, Z0]
}

/// `|a|`.
///
/// ```
/// use cute_algebra::prelude::*;
/// // A stride's magnitude, in generic code: static in, static out.
/// fn magnitude<I: IntAbs>(stride: I) -> I::Output { stride.abs() }
/// assert_eq!(magnitude(int!(-3)).cute_string(), "_3");
/// assert_eq!(magnitude(-3i32).cute_string(), "3");
/// // `i32::MIN` has no `i32` magnitude.
/// assert_eq!(IntAbs::abs_checked(i32::MIN), None);
/// ```
pub trait IntAbs: Int {
    /// The result: static when `Self` is.
    type Output: Int;
    /// Computes `|self|`; a runtime `MIN` panics (its magnitude does not fit).
    fn abs(self) -> Self::Output;
    /// Computes `|self|`, or `None` for a runtime `MIN`.
    fn abs_checked(self) -> Option<Self::Output>;
}
/// The result type of [`IntAbs`].
pub type Abs<A> = <A as IntAbs>::Output;
impl<A: StaticInt + typenum::Abs> IntAbs for A
where
    <A as typenum::Abs>::Output: StaticInt,
{
    type Output = <A as typenum::Abs>::Output;
    #[inline(always)]
    fn abs(self) -> Self::Output {
        Default::default()
    }
    #[inline(always)]
    fn abs_checked(self) -> Option<Self::Output> {
        Some(Default::default())
    }
}
/// Runtime `|a|` for each width: `MIN` has no magnitude in its width.
macro_rules! runtime_abs {
    ($($W:ty),*) => {$(
        impl IntAbs for $W {
            type Output = $W;
            #[inline(always)]
            #[track_caller]
            fn abs(self) -> $W {
                match self.checked_abs() {
                    Some(v) => v,
                    None => runtime_int_fail("abs", 0, self.wide(), <$W>::NAME),
                }
            }
            #[inline(always)]
            fn abs_checked(self) -> Option<$W> {
                self.checked_abs()
            }
        }
    )*};
}
runtime_abs!(i32, i64);
