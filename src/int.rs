//! Integers: static ones are typenum types, runtime ones are `i32`.
//!
//! One trait, [`Int`], covers both. It owns the value, the static flag and
//! CuTe's print form (`_8` static, `8` runtime). Arithmetic follows CuTe's
//! mixing rule: static with static gives a typenum type computed by the
//! type checker, and anything with a runtime value gives a runtime value.
//! CuTe's absorbing cases keep a static zero: `_0 * x`, `x * _0`, `_0 / x`,
//! `_0 % x` and `x % _1` are `_0`.
//!
//! Runtime integers are plain `i32` rather than a newtype: CuTe's runtime
//! integers are `int`, users can pass their own `i32` variables straight into
//! `layout![(2, n):(1, 2)]`, and `i32::from(l.crd2idx(c))` is the identity.
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
//! assert_eq!(P2::new().mul(7).value(), 14);
//! assert_eq!(N1::new().cute_string(), "_-1");
//! ```

use core::fmt;
use typenum::{Integer, NInt, NonZero, PInt, UInt, UTerm, Unsigned, Z0};

/// A CuTe integer: a static typenum integer or a runtime `i32`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a CuTe integer",
    label = "expected a static typenum integer (`P8`, `N1`, `Z0`) or a runtime `i32`"
)]
pub trait Int: Copy + fmt::Debug + 'static {
    /// `true` for typenum integers, `false` for `i32`.
    const IS_STATIC: bool;
    /// The value as an `i32`.
    fn value(self) -> i32;
    /// Writes CuTe's print form: `_8` for static, `8` for runtime.
    fn fmt_cute(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if Self::IS_STATIC {
            write!(f, "_{}", self.value())
        } else {
            write!(f, "{}", self.value())
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
    #[inline(always)]
    fn value(self) -> i32 {
        self
    }
}

impl<U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static> Int for PInt<U> {
    const IS_STATIC: bool = true;
    #[inline(always)]
    fn value(self) -> i32 {
        <Self as Integer>::I32
    }
}
impl<U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static> StaticInt for PInt<U> {}

impl<U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static> Int for NInt<U> {
    const IS_STATIC: bool = true;
    #[inline(always)]
    fn value(self) -> i32 {
        <Self as Integer>::I32
    }
}
impl<U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static> StaticInt for NInt<U> {}

impl Int for Z0 {
    const IS_STATIC: bool = true;
    #[inline(always)]
    fn value(self) -> i32 {
        0
    }
}
impl StaticInt for Z0 {}

/// Defines a mixed binary operation: a trait, its alias, the static×static
/// impl through a typenum trait, and the runtime impls. The absorbing
/// cases are listed per operation and excluded from the generic runtime impls.
macro_rules! binary_op {
    (
        $(#[$doc:meta])*
        $Trait:ident :: $method:ident, alias $Alias:ident,
        static $TnTrait:path,
        runtime |$a:ident, $b:ident| $rt:expr,
        static_lhs_runtime [$($SL:ident),*],
        runtime_lhs_static [$($SR:ident),*]
    ) => {
        $(#[$doc])*
        pub trait $Trait<Rhs: Int>: Int {
            /// The result: static when both operands are static.
            type Output: Int;
            /// Computes the operation.
            fn $method(self, rhs: Rhs) -> Self::Output;
        }
        #[doc = concat!("The result type of [`", stringify!($Trait), "`].")]
        pub type $Alias<A, B> = <A as $Trait<B>>::Output;

        impl<A: StaticInt + $TnTrait, B: StaticInt> $Trait<B> for A
        where
            <A as $TnTrait>::Output: StaticInt,
        {
            type Output = <A as $TnTrait>::Output;
            #[inline(always)]
            fn $method(self, _: B) -> Self::Output {
                Default::default()
            }
        }
        impl $Trait<i32> for i32 {
            type Output = i32;
            #[inline(always)]
            fn $method(self, $b: i32) -> i32 {
                let $a = self;
                $rt
            }
        }
        $(binary_op!(@sl $Trait $method |$a, $b| $rt, $SL);)*
        $(binary_op!(@sr $Trait $method |$a, $b| $rt, $SR);)*
    };
    (@sl $Trait:ident $method:ident |$a:ident, $b:ident| $rt:expr, Z0) => {
        impl $Trait<i32> for Z0 {
            type Output = i32;
            #[inline(always)]
            fn $method(self, $b: i32) -> i32 {
                let $a = 0;
                $rt
            }
        }
    };
    (@sl $Trait:ident $method:ident |$a:ident, $b:ident| $rt:expr, $S:ident) => {
        impl<U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static> $Trait<i32> for $S<U> {
            type Output = i32;
            #[inline(always)]
            fn $method(self, $b: i32) -> i32 {
                let $a = self.value();
                $rt
            }
        }
    };
    (@sr $Trait:ident $method:ident |$a:ident, $b:ident| $rt:expr, Z0) => {
        impl $Trait<Z0> for i32 {
            type Output = i32;
            #[inline(always)]
            fn $method(self, _: Z0) -> i32 {
                let ($a, $b) = (self, 0);
                $rt
            }
        }
    };
    (@sr $Trait:ident $method:ident |$a:ident, $b:ident| $rt:expr, $S:ident) => {
        impl<U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static> $Trait<$S<U>> for i32 {
            type Output = i32;
            #[inline(always)]
            fn $method(self, rhs: $S<U>) -> i32 {
                let ($a, $b) = (self, rhs.value());
                $rt
            }
        }
    };
}

/// Implements an absorbing case: the result is the static zero.
macro_rules! absorb_zero {
    ($Trait:ident :: $method:ident, $L:ty, $R:ty) => {
        impl $Trait<$R> for $L {
            type Output = Z0;
            #[inline(always)]
            fn $method(self, _: $R) -> Z0 {
                Z0::new()
            }
        }
    };
}

binary_op! {
    /// `a + b`.
    IntAdd::add, alias Sum, static core::ops::Add<B>,
    runtime |a, b| a + b,
    static_lhs_runtime [PInt, NInt, Z0], runtime_lhs_static [PInt, NInt, Z0]
}
binary_op! {
    /// `a - b`.
    IntSub::sub, alias Diff, static core::ops::Sub<B>,
    runtime |a, b| a - b,
    static_lhs_runtime [PInt, NInt, Z0], runtime_lhs_static [PInt, NInt, Z0]
}
binary_op! {
    /// `a * b`; a static zero on either side absorbs.
    IntMul::mul, alias Prod, static core::ops::Mul<B>,
    runtime |a, b| a * b,
    static_lhs_runtime [PInt, NInt], runtime_lhs_static [PInt, NInt]
}
absorb_zero!(IntMul::mul, Z0, i32);
absorb_zero!(IntMul::mul, i32, Z0);

binary_op! {
    /// `a / b`, truncating like C++; `_0 / x` is `_0`. A runtime zero
    /// divisor panics, as Rust's `/` does; a static one does not compile.
    IntDiv::div, alias Quot, static core::ops::Div<B>,
    runtime |a, b| a / b,
    static_lhs_runtime [PInt, NInt], runtime_lhs_static [PInt, NInt]
}
absorb_zero!(IntDiv::div, Z0, i32);

binary_op! {
    /// `a % b`, with C++'s sign rule; `_0 % x` and `x % _1` are `_0`.
    IntRem::rem, alias Mod, static core::ops::Rem<B>,
    runtime |a, b| a % b,
    static_lhs_runtime [PInt, NInt], runtime_lhs_static []
}
absorb_zero!(IntRem::rem, Z0, i32);
impl IntRem<PInt<UInt<UTerm, typenum::B1>>> for i32 {
    type Output = Z0;
    #[inline(always)]
    fn rem(self, _: PInt<UInt<UTerm, typenum::B1>>) -> Z0 {
        Z0::new()
    }
}
impl IntRem<NInt<UInt<UTerm, typenum::B1>>> for i32 {
    type Output = Z0;
    #[inline(always)]
    fn rem(self, _: NInt<UInt<UTerm, typenum::B1>>) -> Z0 {
        Z0::new()
    }
}
/// `x % _n` for |n| ≥ 2 is runtime; `_1` and `_-1` are matched above.
macro_rules! rem_by_static_ge2 {
    ($S:ident) => {
        impl<U: Unsigned, B: typenum::Bit, C: typenum::Bit> IntRem<$S<UInt<UInt<U, B>, C>>> for i32
        where
            $S<UInt<UInt<U, B>, C>>: StaticInt,
        {
            type Output = i32;
            #[inline(always)]
            fn rem(self, rhs: $S<UInt<UInt<U, B>, C>>) -> i32 {
                self % rhs.value()
            }
        }
    };
}
rem_by_static_ge2!(PInt);
rem_by_static_ge2!(NInt);

binary_op! {
    /// `min(a, b)`.
    IntMin::min, alias Minimum, static typenum::Min<B>,
    runtime |a, b| if a < b { a } else { b },
    static_lhs_runtime [PInt, NInt, Z0], runtime_lhs_static [PInt, NInt, Z0]
}
binary_op! {
    /// `max(a, b)`.
    IntMax::max, alias Maximum, static typenum::Max<B>,
    runtime |a, b| if a < b { b } else { a },
    static_lhs_runtime [PInt, NInt, Z0], runtime_lhs_static [PInt, NInt, Z0]
}
binary_op! {
    /// `gcd(a, b)`, non-negative.
    IntGcd::gcd, alias Gcd, static typenum::Gcd<B>,
    runtime |a, b| crate::rules::gcd(a as i64, b as i64) as i32,
    static_lhs_runtime [PInt, NInt, Z0], runtime_lhs_static [PInt, NInt, Z0]
}

/// `|a|`.
pub trait IntAbs: Int {
    /// The result: static when `Self` is.
    type Output: Int;
    /// Computes `|self|`.
    fn abs(self) -> Self::Output;
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
}
impl IntAbs for i32 {
    type Output = i32;
    #[inline(always)]
    fn abs(self) -> i32 {
        i32::abs(self)
    }
}

/// CuTe's `ceil_div(a, b)`: `(a + b - 1) / b`.
pub trait IntCeilDiv<Rhs: Int>: Int {
    /// The result: static when both operands are static.
    type Output: Int;
    /// Computes `ceil_div(self, rhs)`.
    fn ceil_div(self, rhs: Rhs) -> Self::Output;
}
/// The result type of [`IntCeilDiv`].
pub type CeilDiv<A, B> = <A as IntCeilDiv<B>>::Output;
impl<A, B> IntCeilDiv<B> for A
where
    A: IntAdd<B>,
    B: Int,
    Sum<A, B>: IntSub<typenum::P1>,
    Diff<Sum<A, B>, typenum::P1>: IntDiv<B>,
{
    type Output = Quot<Diff<Sum<A, B>, typenum::P1>, B>;
    #[inline(always)]
    fn ceil_div(self, rhs: B) -> Self::Output {
        self.add(rhs).sub(typenum::P1::new()).div(rhs)
    }
}

/// CuTe's `shape_div(a, b)` for integers: `ceil_div(a, b)` where the
/// divisibility condition `a % b == 0 || b % a == 0` holds. For static
/// operands the condition is a trait bound; a runtime violation is reported
/// by [`IntShapeDiv::try_shape_div`].
#[diagnostic::on_unimplemented(
    message = "shape_div: divisibility condition fails: neither `{Self}` nor `{Rhs}` divides the other",
    note = "CuTe's shape_div(a, b) needs a % b == 0 or b % a == 0"
)]
pub trait IntShapeDiv<Rhs: Int>: Int {
    /// The result: static when both operands are static.
    type Output: Int;
    /// Computes `shape_div(self, rhs)` without checking a runtime condition.
    fn shape_div(self, rhs: Rhs) -> Self::Output;
    /// Computes `shape_div(self, rhs)`, checking the condition at run time.
    fn try_shape_div(self, rhs: Rhs) -> Result<Self::Output, crate::LayoutError> {
        let (a, b) = (self.value() as i64, rhs.value() as i64);
        if crate::rules::divides_either(a, b) {
            Ok(self.shape_div(rhs))
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

/// Static shape_div: dispatch on `|a| >= |b|` with one comparison, then
/// require the exact remainder to be zero.
impl<A, B> IntShapeDiv<B> for A
where
    A: StaticInt + typenum::Abs + IntCeilDiv<B>,
    B: StaticInt + typenum::Abs,
    typenum::AbsVal<A>: typenum::Cmp<typenum::AbsVal<B>>,
    (A, B): ShapeDivCheck<typenum::Compare<typenum::AbsVal<A>, typenum::AbsVal<B>>>,
{
    type Output = CeilDiv<A, B>;
    #[inline(always)]
    fn shape_div(self, rhs: B) -> Self::Output {
        self.ceil_div(rhs)
    }
}

#[doc(hidden)]
/// Helper: the divisibility condition, given the comparison of `|a|` and `|b|`.
pub trait ShapeDivCheck<Ord> {}
impl<A: core::ops::Rem<B, Output = Z0>, B> ShapeDivCheck<typenum::Greater> for (A, B) {}
impl<A, B> ShapeDivCheck<typenum::Equal> for (A, B) {}
impl<A, B: core::ops::Rem<A, Output = Z0>> ShapeDivCheck<typenum::Less> for (A, B) {}

macro_rules! runtime_shape_div {
    ($([$($g:tt)*] $L:ty, $R:ty;)*) => {$(
        impl<$($g)*> IntShapeDiv<$R> for $L where $L: IntCeilDiv<$R, Output = i32>, $R: Int {
            type Output = i32;
            #[inline(always)]
            fn shape_div(self, rhs: $R) -> i32 {
                self.ceil_div(rhs)
            }
        }
    )*};
}
runtime_shape_div! {
    [] i32, i32;
    [U: Unsigned + NonZero] i32, PInt<U>;
    [U: Unsigned + NonZero] i32, NInt<U>;
    [U: Unsigned + NonZero] PInt<U>, i32;
    [U: Unsigned + NonZero] NInt<U>, i32;
    [] Z0, i32;
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
/// `i32 => [], Z0 => [], PInt<U> => [..], NInt<U> => [..]`. Impls written
/// per kind (instead of a blanket `impl<T: Int>`) leave a tuple type with a
/// single candidate impl, so rustc reports that impl's failing bound, whose
/// message is the readable one.
macro_rules! for_int_kinds {
    ($m:ident) => {
        $m!(
            i32 => [],
            typenum::Z0 => [],
            typenum::PInt<U> => [U: typenum::Unsigned + typenum::NonZero],
            typenum::NInt<U> => [U: typenum::Unsigned + typenum::NonZero]
        );
    };
}
pub(crate) use for_int_kinds;
