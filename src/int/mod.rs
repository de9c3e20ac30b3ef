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
//!   return [`LayoutError::Overflow`](crate::error::LayoutError) naming the
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
use typenum::{Integer, NInt, NonZero, PInt, Unsigned, Z0};

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
///
/// ```
/// use cute_algebra::prelude::*;
/// // One generic function serves static and runtime integers alike.
/// fn show<I: Int>(i: I) -> String {
///     format!("{} is {}", i.cute_string(), if I::IS_STATIC { "static" } else { "runtime" })
/// }
/// assert_eq!(show(int!(8)), "_8 is static");
/// assert_eq!(show(8i32), "8 is runtime");
/// assert_eq!(int!(8).wide() + 8i64.wide(), 16);
/// ```
pub trait Int: Copy + fmt::Debug + 'static + crate::int::sealed::Int {
    /// `true` for typenum integers, `false` for `i32` and `i64`.
    const IS_STATIC: bool;
    /// The same, as a type, for the public functions' dispatch
    /// ([`StaticFlag`](crate::int::StaticFlag)).
    #[doc(hidden)]
    type Static: crate::int::StaticFlag;
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
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::typenum::{P64, P128};
/// // A static integer's value is a constant of its type: usable in `const`.
/// fn tile_elems<M: StaticInt, N: StaticInt>() -> i32 { M::VALUE * N::VALUE }
/// const ELEMS: i32 = <P128 as StaticInt>::VALUE * <P64 as StaticInt>::VALUE;
/// assert_eq!(tile_elems::<P128, P64>(), ELEMS);
/// assert_eq!(int!(128).cute_string(), "_128");
/// ```
pub trait StaticInt: Int + Integer + Default {
    /// The value.
    const VALUE: i32 = <Self as Integer>::I32;
}

/// The runtime integers differ only in how a wide value fits (`from_i64`)
/// and how one known to fit narrows; the expressions name the value `v`.
macro_rules! runtime_int {
    ($($W:ident: from_i64 $from:expr, narrow $narrow:expr;)*) => {$(
        impl Int for $W {
            const IS_STATIC: bool = false;
            type Static = typenum::B0;
            type Value = $W;
            #[inline(always)]
            fn value(self) -> $W {
                self
            }
            #[inline(always)]
            fn from_i64(v: i64) -> Option<$W> {
                $from(v)
            }
        }
        impl RuntimeInt for $W {
            const NAME: &'static str = stringify!($W);
            #[inline(always)]
            fn narrow(v: i64) -> $W {
                $narrow(v)
            }
        }
    )*};
}
runtime_int! {
    i32: from_i64 |v: i64| i32::try_from(v).ok(), narrow |v: i64| v as i32;
    i64: from_i64 Some, narrow core::convert::identity;
}

/// A runtime integer type: `i32` or `i64`. The arithmetic of a runtime
/// result computes in this type (see the module docs).
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::int::RuntimeInt;
/// // The type a generic integer's runtime arithmetic computes in.
/// fn computes_in<I: Int>(_: I) -> &'static str { <I::Value as RuntimeInt>::NAME }
/// assert_eq!(computes_in(int!(8)), "i32"); // static values read as CuTe's `int`
/// assert_eq!(computes_in(8i64), "i64");
/// ```
pub trait RuntimeInt: Int + Into<i64> + Copy + PartialOrd + fmt::Display {
    /// The type's name, for the overflow panic.
    const NAME: &'static str;
    /// The value `v` of an operand known to fit (an operand of this
    /// type, or a narrower one).
    fn narrow(v: i64) -> Self;
}
/// The nonzero static integers, positive and negative, read their value
/// from typenum alike.
macro_rules! nonzero_static_int {
    ($($I:ident),*) => {$(
        impl<U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static> Int for $I<U> {
            const IS_STATIC: bool = true;
            type Static = typenum::B1;
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
        impl<U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static> StaticInt for $I<U> {}
    )*};
}
nonzero_static_int!(PInt, NInt);

impl Int for Z0 {
    const IS_STATIC: bool = true;
    type Static = typenum::B1;
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

mod arith;
mod ceil_div;
pub(crate) mod classify;
mod index;
#[doc(hidden)]
pub mod kind;
mod ops;
pub(crate) mod sealed;
#[doc(hidden)]
pub mod show;
mod static_;
mod static_flag;
#[cfg(test)]
mod tests;
mod udiv;

#[doc(hidden)]
pub use arith::{CeilDivExact, SMul, UMul, UMulOdd};
pub use ceil_div::{
    CeilDiv, DividesEither, DividesEitherBranch, IntCeilDiv, IntShapeDiv, ShapeDiv, ShapeDivisible,
};
pub use classify::{One, OrdIsEqual, StaticEq, UEq};
pub use index::IntoInt;
pub use ops::{
    Abs, Diff, Gcd, IntAbs, IntAdd, IntDiv, IntGcd, IntMax, IntMin, IntMul, IntRem, IntSub,
    Maximum, Minimum, Mod, Prod, Quot, Sum,
};
pub use static_::{C, Magnitude, ToStatic, ToStaticNeg};
pub use static_flag::{And4, StaticFlag};
pub use udiv::{IsUTerm, UCeilDiv, UCeilDivCarry, UDivides, UExactDiv, UFloorDiv};

/// Calls `$m!` with every integer type constructor and its generic bounds:
/// `i32 => [], i64 => [], Z0 => [], PInt<U> => [..], NInt<U> => [..]`.
///
/// Only for traits whose failure on a *tuple* is a diagnostic users read
/// (a rank check, a tiler's fit, `get`'s range, congruence, `zip`). Impls
/// written per type constructor (instead of a blanket `impl<T: Int>`, or a
/// dispatch through [`kind::KindOf`]) leave a tuple type with a single
/// candidate impl, so rustc reports that impl's failing bound, whose
/// message is the readable one; with a blanket impl there are two
/// candidates, and rustc reports the bare unsatisfied trait instead
/// (`#[diagnostic::do_not_recommend]` does not change that). Everywhere
/// else a blanket `impl<I: Int>` or [`kind`]'s dispatch is used, except on
/// the hot paths of the walks (`tuple::FlatRevOnto`, which coalesce calls
/// on every tuple): there a blanket impl is a second candidate for every
/// tuple obligation, which costs type-checking time (measured with
/// cachegrind on 100 static calls: 0.45%). Dispatch through `KindOf`
/// is best written on the kind types, with the caller projecting
/// `KindOf<X>` (as the composition walk does), or on `PInt<U>` with a
/// `PInt<U>: IntKind<Kind = StaticPos<U>>` bound, so that no blanket impl
/// over every type is added.
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

/// A table of impls whose one item is an associated type (`Output`, or
/// the one named first: `type Is;`), a row each:
/// `[generics] Self as Trait<Args> => Type where [bounds];` (the bounds
/// optional). The type-level lookups (the mixed product's kinds, the
/// three-valued flags, what a leaf kind is) and the short recursions are
/// such tables.
macro_rules! output_impls {
    (type $N:ident; $($rows:tt)*) => {
        $crate::int::output_impls!(@rows $N; $($rows)*);
    };
    (@rows $N:ident; $($(#[$m:meta])* [$($g:tt)*] $A:ty as $Tr:path => $R:ty $(where [$($w:tt)*])?;)*) => {$(
        $(#[$m])*
        impl<$($g)*> $Tr for $A $(where $($w)*)? {
            type $N = $R;
        }
    )*};
    ($($rows:tt)*) => {
        $crate::int::output_impls!(@rows Output; $($rows)*);
    };
}
pub(crate) use output_impls;

/// A table of impls whose items are associated types only, a row each:
/// `[generics] Self as Trait<Args> => { Name = Type, ... } where [bounds];`
/// (the bounds optional): [`output_impls!`] for traits of several types.
macro_rules! assoc_impls {
    ($($(#[$m:meta])* [$($g:tt)*] $A:ty as $Tr:path => { $($N:ident = $R:ty),+ $(,)? } $(where [$($w:tt)*])?;)*) => {$(
        $(#[$m])*
        impl<$($g)*> $Tr for $A $(where $($w)*)? {
            $(type $N = $R;)+
        }
    )*};
}
pub(crate) use assoc_impls;

/// Impls whose result is the static `_0` whatever the operands, a row
/// each: `[generics] Self as Trait<Args>::method(ArgTypes);` (the empty
/// coordinate's offset, a `_` coordinate's, a stride-0 leaf's).
macro_rules! zero_impls {
    ($($(#[$m:meta])* [$($g:tt)*] $A:ty as $Tr:ident<$($P:ty),*>::$f:ident($($Arg:ty),*);)*) => {$(
        $(#[$m])*
        impl<$($g)*> $Tr<$($P),*> for $A {
            type Output = ::typenum::Z0;
            #[inline(always)]
            fn $f(self, $(_: $Arg),*) -> ::typenum::Z0 {
                ::typenum::Z0::new()
            }
        }
    )*};
}
pub(crate) use zero_impls;
