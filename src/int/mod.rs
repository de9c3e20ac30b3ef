//! Integers: static ones are typenum types, runtime ones are `i32` or `i64`.
//!
//! One trait, [`Int`], covers both. It owns the value, the static flag and
//! CuTe's print form (`_8` static, `8` runtime). Arithmetic follows CuTe's
//! mixing rule: static with static gives a typenum type computed by the
//! type checker, and anything with a runtime value gives a runtime value.
//! CuTe's absorbing cases keep a static zero: `_0 * x`, `x * _0`, `_0 / x`,
//! `_0 % x` and `x % _1` are `_0`.
//!
//! # 64-bit runtime values
//!
//! CuTe indexes large tensors with `int64_t`, so runtime values are `i32` or
//! `i64`, mixing by the usual rule: static with static stays static,
//! anything with a runtime value is runtime, `i32` with `i64` is `i64` (in
//! both orders), and static with `i64` is `i64`. [`Int::value`] returns
//! `i64`, which holds every kind's value, so generic code (checks, bounds,
//! printing) is written once. The arithmetic impls are per pair of kinds,
//! and the `i32` ones still compute in `i32` (the operands are converted
//! back from `i64`, which the optimizer folds away), so the code generated
//! for `i32` index math does not change (`.ci/asm-check`). An `i64` result
//! is checked, named and wrapped at `i64` width as an `i32` one is at `i32`
//! width.
//!
//! # Overflow
//!
//! Runtime values never overflow silently. Each operation comes in three
//! forms: the plain one (`mul`, `add`, `ceil_div`, …) panics with a message
//! naming the operands when a runtime result does not fit in its type (an
//! explicit check, so release builds panic too); `mul_checked`, … return
//! `None`; `mul_wrapping`, … wrap. The crate uses them as follows:
//! - sizes, cosizes and every algebra computation check: the `try_` forms
//!   return [`LayoutError::Overflow`](crate::LayoutError) naming the
//!   operation (they never panic), the panicking forms panic with it;
//! - offsets (`crd2idx`, `idx2crd`, a tensor's indexing) wrap, as CuTe's
//!   `int` arithmetic does on a GPU: that is the hot path, and the assembly
//!   check requires it to compile to the hand-written `i * 4 + j`. A layout
//!   whose `try_cosize` succeeds never wraps on its own domain. Splitting an
//!   integer coordinate uses Rust's `/` and `%`, which panic on a zero
//!   extent (not a layout) as they do everywhere.
//!
//! Runtime integers are plain `i32`/`i64` rather than a newtype: CuTe's
//! runtime integers are `int` and `int64_t`, users can pass their own
//! variables straight into `layout![(2, n):(1, 2)]`, and
//! `i32::from(l.crd2idx(c))` is the identity.
//! All mixing goes through this crate's own traits, so no orphan rule is in
//! the way.
//!
//! ```
//! use cute_algebra::int::*;
//! use cute_algebra::typenum::{P2, P6, N1, Z0};
//! use static_assertions::assert_type_eq_all;
//!
//! assert_type_eq_all!(Prod<P2, P6>, cute_algebra::typenum::P12);
//! assert_type_eq_all!(Prod<Z0, i32>, Z0);          // _0 * x stays _0
//! assert_type_eq_all!(Sum<P2, i32>, i32);          // runtime absorbs
//! assert_type_eq_all!(Sum<i32, i64>, i64);         // the wider runtime type
//! assert_type_eq_all!(Prod<P2, i64>, i64);
//! assert_eq!(P2::new().mul(7i32).value(), 14);
//! assert_eq!(N1::new().cute_string(), "_-1");
//! ```

use core::fmt;
use typenum::{B0, B1, Bit, Integer, NInt, NonZero, PInt, UInt, UTerm, Unsigned, Z0};

/// A CuTe integer: a static typenum integer or a runtime `i32` or `i64`.
///
/// Sealed: the algebra's walks and the mixing rule know every kind, so no
/// other type can be an `Int`.
///
/// ```compile_fail
/// use cute_algebra::int::Int;
/// #[derive(Clone, Copy, Debug)]
/// struct Mine;
/// impl Int for Mine {
///     const IS_STATIC: bool = false;
///     type Value = i32;
///     fn value(self) -> i32 { 0 }
///     fn from_i64(_: i64) -> Option<Self> { None }
/// }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a CuTe integer",
    label = "expected a static typenum integer (`P8`, `N1`, `Z0`) or a runtime `i32` or `i64`"
)]
pub trait Int: Copy + fmt::Debug + 'static + crate::sealed::Int {
    /// `true` for typenum integers, `false` for `i32` and `i64`.
    const IS_STATIC: bool;
    /// The runtime type of the value: `i64` for `i64`, `i32` (CuTe's
    /// `int`) for `i32` and the static integers.
    type Value: RuntimeInt;
    /// The value, in [`Int::Value`]: `i32` code keeps its `i32`s.
    fn value(self) -> Self::Value;
    /// The value as an `i64`, which holds every kind's value: what generic
    /// code (checks, bounds, printing) reads.
    #[inline(always)]
    fn wide(self) -> i64 {
        self.value().into()
    }
    /// The integer of value `v`: `None` when a runtime `v` does not fit,
    /// or when `v` is not a static type's value.
    fn from_i64(v: i64) -> Option<Self>;
    /// Writes CuTe's print form: `_8` for static, `8` for runtime.
    fn fmt_cute(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if Self::IS_STATIC {
            write!(f, "_{}", self.wide())
        } else {
            write!(f, "{}", self.wide())
        }
    }
    /// CuTe's print form as a `String`.
    #[cfg(feature = "alloc")]
    fn cute_string(self) -> alloc::string::String {
        struct D<T>(T);
        impl<T: Int> fmt::Display for D<T> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt_cute(f)
            }
        }
        alloc::format!("{}", D(self))
    }
}

/// A static integer: its value is part of its type.
pub trait StaticInt: Int + Integer + Default {
    /// The value.
    const VALUE: i32 = <Self as Integer>::I32;
}

impl Int for i32 {
    const IS_STATIC: bool = false;
    type Value = i32;
    #[inline(always)]
    fn value(self) -> i32 {
        self
    }
    #[inline(always)]
    fn from_i64(v: i64) -> Option<i32> {
        i32::try_from(v).ok()
    }
}

impl Int for i64 {
    const IS_STATIC: bool = false;
    type Value = i64;
    #[inline(always)]
    fn value(self) -> i64 {
        self
    }
    #[inline(always)]
    fn from_i64(v: i64) -> Option<i64> {
        Some(v)
    }
}

/// A runtime integer type: `i32` or `i64`. The arithmetic of a runtime
/// result computes in this type (see the module docs).
pub trait RuntimeInt: Int + Into<i64> + Copy + PartialOrd + fmt::Display {
    /// The type's name, for the overflow panic.
    const NAME: &'static str;
    /// The value `v` of an operand known to fit (an operand of this
    /// type, or a narrower one).
    fn narrow(v: i64) -> Self;
}
impl RuntimeInt for i32 {
    const NAME: &'static str = "i32";
    #[inline(always)]
    fn narrow(v: i64) -> i32 {
        v as i32
    }
}
impl RuntimeInt for i64 {
    const NAME: &'static str = "i64";
    #[inline(always)]
    fn narrow(v: i64) -> i64 {
        v
    }
}

impl<U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static> Int for PInt<U> {
    const IS_STATIC: bool = true;
    type Value = i32;
    #[inline(always)]
    fn value(self) -> i32 {
        <Self as Integer>::I32
    }
    #[inline(always)]
    fn wide(self) -> i64 {
        <Self as Integer>::I64
    }
    #[inline(always)]
    fn from_i64(v: i64) -> Option<Self> {
        (v == <Self as Integer>::I64).then(Self::default)
    }
}
impl<U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static> StaticInt for PInt<U> {}

impl<U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static> Int for NInt<U> {
    const IS_STATIC: bool = true;
    type Value = i32;
    #[inline(always)]
    fn value(self) -> i32 {
        <Self as Integer>::I32
    }
    #[inline(always)]
    fn wide(self) -> i64 {
        <Self as Integer>::I64
    }
    #[inline(always)]
    fn from_i64(v: i64) -> Option<Self> {
        (v == <Self as Integer>::I64).then(Self::default)
    }
}
impl<U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static> StaticInt for NInt<U> {}

impl Int for Z0 {
    const IS_STATIC: bool = true;
    type Value = i32;
    #[inline(always)]
    fn value(self) -> i32 {
        0
    }
    #[inline(always)]
    fn from_i64(v: i64) -> Option<Self> {
        (v == 0).then_some(Z0::new())
    }
}
impl StaticInt for Z0 {}

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
fn runtime_int_fail(sym: &str, a: i64, b: i64, ty: &str) -> ! {
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
pub trait UFloorDiv<B> {
    /// The quotient.
    type Output: Unsigned;
}
/// Divisor 1.
impl<A: Unsigned> UFloorDiv<UInt<UTerm, B1>> for A {
    type Output = A;
}
/// Even divisor, zero dividend.
impl<BU: Unsigned, BB: Bit> UFloorDiv<UInt<UInt<BU, BB>, B0>> for UTerm {
    type Output = UTerm;
}
/// Even divisor: drop the low bit of both.
impl<AU, AB: Bit, BU: Unsigned, BB: Bit> UFloorDiv<UInt<UInt<BU, BB>, B0>> for UInt<AU, AB>
where
    AU: UFloorDiv<UInt<BU, BB>>,
{
    type Output = AU::Output;
}
/// Odd divisor above 1: typenum's long division.
impl<A, BU: Unsigned, BB: Bit> UFloorDiv<UInt<UInt<BU, BB>, B1>> for A
where
    A: core::ops::Div<UInt<UInt<BU, BB>, B1>>,
    <A as core::ops::Div<UInt<UInt<BU, BB>, B1>>>::Output: Unsigned,
{
    type Output = <A as core::ops::Div<UInt<UInt<BU, BB>, B1>>>::Output;
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
pub trait UCeilDivCarry<B, C> {
    /// The quotient, rounded up.
    type Output: Unsigned;
}
/// Divisor 1: `Self + C`.
impl<A: core::ops::Add<C>, C: Bit> UCeilDivCarry<UInt<UTerm, B1>, C> for A
where
    <A as core::ops::Add<C>>::Output: Unsigned,
{
    type Output = <A as core::ops::Add<C>>::Output;
}
/// Even divisor, zero dividend: `⌈C / B⌉ = C`.
impl<BU, BB, C: Bit> UCeilDivCarry<UInt<UInt<BU, BB>, B0>, C> for UTerm
where
    UTerm: core::ops::Add<C>,
    <UTerm as core::ops::Add<C>>::Output: Unsigned,
{
    type Output = <UTerm as core::ops::Add<C>>::Output;
}
/// Even divisor: drop the low bits; the carry is `a0 | C`.
impl<AU, A0: Bit + core::ops::BitOr<C>, C, BU, BB> UCeilDivCarry<UInt<UInt<BU, BB>, B0>, C>
    for UInt<AU, A0>
where
    AU: UCeilDivCarry<UInt<BU, BB>, typenum::Or<A0, C>>,
{
    type Output = <AU as UCeilDivCarry<UInt<BU, BB>, typenum::Or<A0, C>>>::Output;
}
/// Odd divisor above 1, carry 1: `⌊a / b⌋ + 1` (typenum's long division
/// runs on `Self`'s bits only, so it also ends while `B` is being inferred).
impl<A, BU: Unsigned, BB: Bit> UCeilDivCarry<UInt<UInt<BU, BB>, B1>, B1> for A
where
    A: core::ops::Div<UInt<UInt<BU, BB>, B1>>,
    typenum::Quot<A, UInt<UInt<BU, BB>, B1>>: core::ops::Add<B1>,
    typenum::Add1<typenum::Quot<A, UInt<UInt<BU, BB>, B1>>>: Unsigned,
{
    type Output = typenum::Add1<typenum::Quot<A, UInt<UInt<BU, BB>, B1>>>;
}
/// Odd divisor above 1, no carry, zero dividend.
impl<BU, BB> UCeilDivCarry<UInt<UInt<BU, BB>, B1>, B0> for UTerm {
    type Output = UTerm;
}
/// Odd divisor above 1, no carry: `⌊(a - 1) / b⌋ + 1`.
impl<AU, AB, BU: Unsigned, BB: Bit> UCeilDivCarry<UInt<UInt<BU, BB>, B1>, B0> for UInt<AU, AB>
where
    UInt<AU, AB>: core::ops::Sub<B1>,
    typenum::Sub1<UInt<AU, AB>>: UCeilDivCarry<UInt<UInt<BU, BB>, B1>, B1>,
{
    type Output =
        <typenum::Sub1<UInt<AU, AB>> as UCeilDivCarry<UInt<UInt<BU, BB>, B1>, B1>>::Output;
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
pub trait UExactDiv<B> {
    /// The exact quotient.
    type Output: Unsigned;
}
/// Divisor 1.
impl<A: Unsigned> UExactDiv<UInt<UTerm, B1>> for A {
    type Output = A;
}
/// Even divisor, zero dividend.
impl<BU: Unsigned, BB: Bit> UExactDiv<UInt<UInt<BU, BB>, B0>> for UTerm {
    type Output = UTerm;
}
/// Even divisor: the dividend's dropped bit must be 0.
impl<AU, BU: Unsigned, BB: Bit> UExactDiv<UInt<UInt<BU, BB>, B0>> for UInt<AU, B0>
where
    AU: UExactDiv<UInt<BU, BB>>,
{
    type Output = AU::Output;
}
/// Odd divisor above 1: typenum's division with a zero remainder.
impl<A, BU: Unsigned, BB: Bit> UExactDiv<UInt<UInt<BU, BB>, B1>> for A
where
    A: typenum::PartialDiv<UInt<UInt<BU, BB>, B1>>,
    typenum::PartialQuot<A, UInt<UInt<BU, BB>, B1>>: Unsigned,
{
    type Output = typenum::PartialQuot<A, UInt<UInt<BU, BB>, B1>>;
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
pub trait UDivides<B> {
    /// `B1` or `B0`.
    type Output: Bit;
}
/// Divisor 1.
impl<A> UDivides<UInt<UTerm, B1>> for A {
    type Output = B1;
}
/// Even divisor, zero dividend.
impl<BU, BB> UDivides<UInt<UInt<BU, BB>, B0>> for UTerm {
    type Output = B1;
}
/// Even divisor, even dividend: drop the low bit of both.
impl<AU: UDivides<UInt<BU, BB>>, BU, BB> UDivides<UInt<UInt<BU, BB>, B0>> for UInt<AU, B0> {
    type Output = AU::Output;
}
/// Even divisor, odd dividend.
impl<AU, BU, BB> UDivides<UInt<UInt<BU, BB>, B0>> for UInt<AU, B1> {
    type Output = B0;
}
/// Odd divisor above 1: typenum's remainder, compared with zero.
impl<A, BU, BB> UDivides<UInt<UInt<BU, BB>, B1>> for A
where
    A: core::ops::Rem<UInt<UInt<BU, BB>, B1>>,
    <A as core::ops::Rem<UInt<UInt<BU, BB>, B1>>>::Output: IsUTerm,
{
    type Output = <<A as core::ops::Rem<UInt<UInt<BU, BB>, B1>>>::Output as IsUTerm>::Output;
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
pub trait IsUTerm {
    /// `B1` or `B0`.
    type Output: Bit;
}
impl IsUTerm for UTerm {
    type Output = B1;
}
impl<U, B> IsUTerm for UInt<U, B> {
    type Output = B0;
}

/// The magnitude of a static integer as a typenum unsigned (`UTerm` for `_0`).
///
/// ```
/// use cute_algebra::int::Magnitude;
/// use cute_algebra::typenum::{N6, U0, U6, Z0};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<N6 as Magnitude>::Output, U6);
/// assert_type_eq_all!(<Z0 as Magnitude>::Output, U0);
/// ```
pub trait Magnitude {
    /// `|Self|`, unsigned.
    type Output: Unsigned;
}
impl Magnitude for Z0 {
    type Output = UTerm;
}
impl<U: Unsigned + NonZero> Magnitude for PInt<U> {
    type Output = U;
}
impl<U: Unsigned + NonZero> Magnitude for NInt<U> {
    type Output = U;
}

binary_op! {
    /// `a % b`, with C++'s sign rule; `_0 % x` and `x % _1` are `_0`.
    IntRem::rem / rem_checked / rem_wrapping, alias Mod, static core::ops::Rem<B>,
    runtime |a, b| plain a % b, checked a.checked_rem(b), wrapping a.wrapping_rem(b),
    static_lhs_runtime [PInt, NInt], runtime_lhs_static []
}
absorb_zero!(IntRem::rem / rem_checked / rem_wrapping, Z0, i32);
absorb_zero!(IntRem::rem / rem_checked / rem_wrapping, Z0, i64);
impl IntRem<PInt<UInt<UTerm, typenum::B1>>> for i32 {
    type Output = Z0;
    #[inline(always)]
    fn rem(self, _: PInt<UInt<UTerm, typenum::B1>>) -> Z0 {
        Z0::new()
    }
    #[inline(always)]
    fn rem_checked(self, _: PInt<UInt<UTerm, typenum::B1>>) -> Option<Z0> {
        Some(Z0::new())
    }
    #[inline(always)]
    fn rem_wrapping(self, _: PInt<UInt<UTerm, typenum::B1>>) -> Z0 {
        Z0::new()
    }
}
impl IntRem<NInt<UInt<UTerm, typenum::B1>>> for i32 {
    type Output = Z0;
    #[inline(always)]
    fn rem(self, _: NInt<UInt<UTerm, typenum::B1>>) -> Z0 {
        Z0::new()
    }
    #[inline(always)]
    fn rem_checked(self, _: NInt<UInt<UTerm, typenum::B1>>) -> Option<Z0> {
        Some(Z0::new())
    }
    #[inline(always)]
    fn rem_wrapping(self, _: NInt<UInt<UTerm, typenum::B1>>) -> Z0 {
        Z0::new()
    }
}
impl IntRem<PInt<UInt<UTerm, typenum::B1>>> for i64 {
    type Output = Z0;
    #[inline(always)]
    fn rem(self, _: PInt<UInt<UTerm, typenum::B1>>) -> Z0 {
        Z0::new()
    }
    #[inline(always)]
    fn rem_checked(self, _: PInt<UInt<UTerm, typenum::B1>>) -> Option<Z0> {
        Some(Z0::new())
    }
    #[inline(always)]
    fn rem_wrapping(self, _: PInt<UInt<UTerm, typenum::B1>>) -> Z0 {
        Z0::new()
    }
}
impl IntRem<NInt<UInt<UTerm, typenum::B1>>> for i64 {
    type Output = Z0;
    #[inline(always)]
    fn rem(self, _: NInt<UInt<UTerm, typenum::B1>>) -> Z0 {
        Z0::new()
    }
    #[inline(always)]
    fn rem_checked(self, _: NInt<UInt<UTerm, typenum::B1>>) -> Option<Z0> {
        Some(Z0::new())
    }
    #[inline(always)]
    fn rem_wrapping(self, _: NInt<UInt<UTerm, typenum::B1>>) -> Z0 {
        Z0::new()
    }
}
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
    runtime |a, b| plain or_fail(W::from_i64(crate::rules::gcd(a.wide(), b.wide())).filter(|g| g.wide() >= 0), "gcd", a, b),
    checked W::from_i64(crate::rules::gcd(a.wide(), b.wide())).filter(|g| g.wide() >= 0),
    wrapping W::narrow(crate::rules::gcd(a.wide(), b.wide())),
    static_lhs_runtime [PInt, NInt, Z0], runtime_lhs_static [PInt, NInt, Z0]
}

/// `|a|`.
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
impl IntAbs for i32 {
    type Output = i32;
    #[inline(always)]
    #[track_caller]
    fn abs(self) -> i32 {
        match self.checked_abs() {
            Some(v) => v,
            None => runtime_int_fail("abs", 0, self.into(), i32::NAME),
        }
    }
    #[inline(always)]
    fn abs_checked(self) -> Option<i32> {
        self.checked_abs()
    }
}

impl IntAbs for i64 {
    type Output = i64;
    #[inline(always)]
    #[track_caller]
    fn abs(self) -> i64 {
        match self.checked_abs() {
            Some(v) => v,
            None => runtime_int_fail("abs", 0, self, i64::NAME),
        }
    }
    #[inline(always)]
    fn abs_checked(self) -> Option<i64> {
        self.checked_abs()
    }
}

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
                let q = crate::rules::checked_ceil_div(self.wide(), rhs.wide())?;
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
    fn try_shape_div(self, rhs: Rhs) -> Result<Self::Output, crate::LayoutError> {
        let (a, b) = (self.wide(), rhs.wide());
        if crate::rules::divides_either(a, b) {
            self.shape_div_checked(rhs)
                .ok_or(crate::LayoutError::Overflow { op: "shape_div" })
        } else {
            Err(crate::LayoutError::ShapeDivisibility {
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
impl<A: UDivides<B>, B> DividesEitherBranch<A, B> for typenum::Greater {
    type Output = A::Output;
}
impl<A, B> DividesEitherBranch<A, B> for typenum::Equal {
    type Output = B1;
}
/// `a < b`: `b % a == 0`, or `a` is zero (`0 % b == 0`).
impl<B> DividesEitherBranch<UTerm, B> for typenum::Less {
    type Output = B1;
}
impl<AU, AB, B: UDivides<UInt<AU, AB>>> DividesEitherBranch<UInt<AU, AB>, B> for typenum::Less {
    type Output = B::Output;
}

/// The divisibility condition of `shape_div(A, B)` holds: implemented for `B1` only.
///
/// ```compile_fail
/// use cute_algebra::int::ShapeDiv;
/// use cute_algebra::typenum::{P4, P6};
/// let _: ShapeDiv<P6, P4> = Default::default(); // neither divides the other
/// ```
#[diagnostic::on_unimplemented(
    message = "shape_div: divisibility condition fails: neither `{A}` nor `{B}` divides the other",
    note = "CuTe's shape_div(a, b) needs a % b == 0 or b % a == 0"
)]
pub trait ShapeDivisible<A, B> {}
impl<A, B> ShapeDivisible<A, B> for B1 {}

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
runtime_shape_div! {
    [] i32, i32 => i32;
    [U: Unsigned + NonZero] i32, PInt<U> => i32;
    [U: Unsigned + NonZero] i32, NInt<U> => i32;
    [U: Unsigned + NonZero] PInt<U>, i32 => i32;
    [U: Unsigned + NonZero] NInt<U>, i32 => i32;
    [] Z0, i32 => i32;
    [] i64, i64 => i64;
    [] i32, i64 => i64;
    [] i64, i32 => i64;
    [U: Unsigned + NonZero] i64, PInt<U> => i64;
    [U: Unsigned + NonZero] i64, NInt<U> => i64;
    [U: Unsigned + NonZero] PInt<U>, i64 => i64;
    [U: Unsigned + NonZero] NInt<U>, i64 => i64;
    [] Z0, i64 => i64;
}

/// Maps a typenum unsigned to the signed static integer of the same value.
pub trait ToStatic {
    /// `Z0` for zero, `PInt` otherwise.
    type Output: StaticInt;
}
impl ToStatic for UTerm {
    type Output = Z0;
}
impl<U: Unsigned, B: typenum::Bit> ToStatic for UInt<U, B>
where
    PInt<UInt<U, B>>: StaticInt,
{
    type Output = PInt<UInt<U, B>>;
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
pub trait ToStaticNeg {
    /// `Z0` for zero, `NInt` otherwise.
    type Output: StaticInt;
}
impl ToStaticNeg for UTerm {
    type Output = Z0;
}
impl<U: Unsigned, B: typenum::Bit> ToStaticNeg for UInt<U, B>
where
    NInt<UInt<U, B>>: StaticInt,
{
    type Output = NInt<UInt<U, B>>;
}

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

/// Calls `$m!` with every kind of integer type and its generic bounds:
/// `i32 => [], i64 => [], Z0 => [], PInt<U> => [..], NInt<U> => [..]`. Impls written
/// per kind (instead of a blanket `impl<T: Int>`) leave a tuple type with a
/// single candidate impl, so rustc reports that impl's failing bound, whose
/// message is the readable one.
macro_rules! for_int_kinds {
    ($m:ident) => {
        $m!(
            i32 => [],
            i64 => [],
            typenum::Z0 => [],
            typenum::PInt<U> => [U: typenum::Unsigned + typenum::NonZero],
            typenum::NInt<U> => [U: typenum::Unsigned + typenum::NonZero]
        );
    };
}
pub(crate) use for_int_kinds;

#[cfg(test)]
mod tests {
    use super::*;
    use typenum::Integer;

    type Neg<A> = <A as core::ops::Neg>::Output;

    /// Every static division against the runtime rule, over all signs.
    macro_rules! row {
        ($a:literal; $($b:literal),*) => {$(
            check::<C<$a>, C<$b>>($a, $b);
            check::<Neg<C<$a>>, C<$b>>(-$a, $b);
            check::<C<$a>, Neg<C<$b>>>($a, -$b);
            check::<Neg<C<$a>>, Neg<C<$b>>>(-$a, -$b);
        )*};
    }

    fn check<A, B>(a: i32, b: i32)
    where
        A: IntDiv<B> + IntCeilDiv<B>,
        B: Int,
        Quot<A, B>: Integer,
        CeilDiv<A, B>: Integer,
    {
        assert_eq!(<Quot<A, B> as Integer>::I32, a / b, "{a} / {b}");
        let ceil = crate::rules::checked_ceil_div(a as i64, b as i64).unwrap();
        assert_eq!(
            <CeilDiv<A, B> as Integer>::I32 as i64,
            ceil,
            "ceil_div({a}, {b})"
        );
    }

    #[test]
    fn static_division_matches_the_runtime_rule() {
        row!(0; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(1; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(2; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(3; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(4; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(5; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(6; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(7; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(8; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(9; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(12; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(15; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(16; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(17; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(24; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(31; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(32; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(33; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(48; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(64; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(96; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(100; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(127; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(128; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(255; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(256; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(1000; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
        row!(1024; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    }

    fn shape_div_ok<A: IntShapeDiv<B>, B: Int>(a: i32, b: i32)
    where
        ShapeDiv<A, B>: Integer,
    {
        assert!(crate::rules::divides_either(a as i64, b as i64), "{a}, {b}");
        let q = crate::rules::checked_shape_div(a as i64, b as i64).unwrap();
        assert_eq!(
            <ShapeDiv<A, B> as Integer>::I32 as i64,
            q,
            "shape_div({a}, {b})"
        );
    }

    #[test]
    fn static_shape_div() {
        shape_div_ok::<C<96>, C<12>>(96, 12);
        shape_div_ok::<C<12>, C<96>>(12, 96);
        shape_div_ok::<C<45>, C<15>>(45, 15);
        shape_div_ok::<C<5>, C<15>>(5, 15);
        shape_div_ok::<C<7>, C<7>>(7, 7);
        shape_div_ok::<Z0, C<7>>(0, 7);
        shape_div_ok::<Neg<C<12>>, C<4>>(-12, 4);
        shape_div_ok::<C<4>, Neg<C<12>>>(4, -12);
        shape_div_ok::<C<1024>, C<1>>(1024, 1);
    }

    #[test]
    fn udivides_agrees_with_remainder() {
        macro_rules! d {
            ($($a:literal / $b:literal),*) => {$({
                type A = <C<$a> as Magnitude>::Output;
                type B = <C<$b> as Magnitude>::Output;
                assert_eq!(<<A as UDivides<B>>::Output as Bit>::BOOL, $a % $b == 0, "{} % {}", $a, $b);
            })*};
        }
        d!(0 / 3);
        d!(12 / 4);
        d!(12 / 8);
        d!(45 / 15);
        d!(45 / 6);
        d!(7 / 7);
        d!(1000 / 125);
        d!(1000 / 48);
    }
}
