//! Which kind an integer type is, as one type: [`KindOf<X>`].
//!
//! The algebra often does one thing for a static `_1`, another for a
//! static integer ≥ 2, another for `_0`, a negative static or a runtime
//! `i32`/`i64`. Written directly on the integer types, each such trait
//! needs five impls (`i32`, `i64`, `Z0`, `PInt<U>`, `NInt<U>`) and a
//! `PInt<UInt<UInt<U, B>, C>>` pattern to tell `_1` from the other
//! positive statics. [`IntKind`] does that classification once, here: a
//! dispatching trait is implemented on the few kind types
//! ([`StaticOne`], [`StaticPos`], [`StaticZero`], [`StaticNeg`],
//! [`Runtime`]) and its callers project `KindOf<X>`, or a blanket
//! `impl<X: IntKind> Foo for X where KindOf<X>: FooByKind<X>` forwards to
//! them. The kind types carry what their impls need to name the integer
//! back: `StaticPos<U>` and `StaticNeg<U>` the magnitude `U` (the integer
//! is `PInt<U>` or `NInt<U>`), `Runtime<T>` the type `T`.
//!
//! ```
//! use cute_algebra::int::kind::*;
//! use cute_algebra::typenum::{N3, P1, P2, P8, U2, U3, U8, Z0};
//! use static_assertions::assert_type_eq_all;
//!
//! assert_type_eq_all!(KindOf<P1>, StaticOne);
//! assert_type_eq_all!(KindOf<P2>, StaticPos<U2>);
//! assert_type_eq_all!(KindOf<P8>, StaticPos<U8>);
//! assert_type_eq_all!(KindOf<Z0>, StaticZero);
//! assert_type_eq_all!(KindOf<N3>, StaticNeg<U3>);
//! assert_type_eq_all!(KindOf<i32>, Runtime<i32>);
//! assert_type_eq_all!(KindOf<i64>, Runtime<i64>);
//! ```
//!
//! Sealed: only the crate's integer types have a kind.
//!
//! ```compile_fail
//! use cute_algebra::int::kind::{IntKind, Runtime};
//! struct Mine;
//! impl IntKind for Mine {
//!     type Kind = Runtime<i32>;
//! }
//! ```

use core::marker::PhantomData;
use typenum::{B1, Bit, NInt, NonZero, PInt, UInt, UTerm, Unsigned, Z0};

/// The kind of an integer type; see the [module docs](self).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a CuTe integer",
    label = "expected a static typenum integer (`P8`, `N1`, `Z0`) or a runtime `i32` or `i64`"
)]
pub trait IntKind: sealed::Sealed {
    /// One of [`StaticOne`], [`StaticPos`], [`StaticZero`], [`StaticNeg`],
    /// [`Runtime`].
    type Kind;
}

/// The kind of the integer type `X`.
pub type KindOf<X> = <X as IntKind>::Kind;

/// The static `_1`: the unit of products, the stride that coalesces.
#[derive(Clone, Copy, Debug, Default)]
pub struct StaticOne;

/// A static integer ≥ 2, `PInt<U>`.
#[derive(Clone, Copy, Debug, Default)]
pub struct StaticPos<U>(PhantomData<U>);

/// The static `_0`.
#[derive(Clone, Copy, Debug, Default)]
pub struct StaticZero;

/// A negative static integer, `NInt<U>`.
#[derive(Clone, Copy, Debug, Default)]
pub struct StaticNeg<U>(PhantomData<U>);

/// A runtime integer of type `T` (`i32` or `i64`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Runtime<T>(PhantomData<T>);

crate::int::output_impls! {
    type Kind;
    [] i32 as IntKind => Runtime<i32>;
    [] i64 as IntKind => Runtime<i64>;
    [] Z0 as IntKind => StaticZero;
    [] PInt<UInt<UTerm, B1>> as IntKind => StaticOne;
    /// Every positive static but `_1`: typenum's `U1` is `UInt<UTerm, B1>`,
    /// and every larger unsigned has at least two bits.
    [U: Unsigned, B: Bit, C: Bit] PInt<UInt<UInt<U, B>, C>> as IntKind
        => StaticPos<UInt<UInt<U, B>, C>>;
    [U: Unsigned + NonZero] NInt<U> as IntKind => StaticNeg<U>;
}

/// The kinds of every integer but the static `_1`.
pub trait NotOneKind {}
impl<U> NotOneKind for StaticPos<U> {}
impl NotOneKind for StaticZero {}
impl<U> NotOneKind for StaticNeg<U> {}
impl<T> NotOneKind for Runtime<T> {}

/// The kinds of the static integers but `_1`.
pub trait StaticNotOneKind: NotOneKind {}
impl<U> StaticNotOneKind for StaticPos<U> {}
impl StaticNotOneKind for StaticZero {}
impl<U> StaticNotOneKind for StaticNeg<U> {}

/// An integer type other than the static `_1`. Decided by its kind, so an
/// `impl<X: NotOne> Foo for X` does not overlap an `impl Foo for P1`: the
/// two cases CuTe's walks tell apart (a `_1` mode is dropped) are written
/// as two impls.
///
/// ```
/// use cute_algebra::int::kind::NotOne;
/// use cute_algebra::typenum::{N1, P2, Z0};
/// use static_assertions::{assert_impl_all, assert_not_impl_any};
/// assert_impl_all!(P2: NotOne);
/// assert_impl_all!(Z0: NotOne);
/// assert_impl_all!(N1: NotOne);
/// assert_impl_all!(i32: NotOne);
/// assert_impl_all!(i64: NotOne);
/// assert_not_impl_any!(cute_algebra::typenum::P1: NotOne);
/// ```
pub trait NotOne: IntKind {}
impl<X: IntKind> NotOne for X where X::Kind: NotOneKind {}

/// A static integer type other than `_1`.
///
/// ```
/// use cute_algebra::int::kind::StaticNotOne;
/// use cute_algebra::typenum::{N1, P1, P2, Z0};
/// use static_assertions::{assert_impl_all, assert_not_impl_any};
/// assert_impl_all!(P2: StaticNotOne);
/// assert_impl_all!(Z0: StaticNotOne);
/// assert_impl_all!(N1: StaticNotOne);
/// assert_not_impl_any!(P1: StaticNotOne);
/// assert_not_impl_any!(i32: StaticNotOne);
/// ```
pub trait StaticNotOne: NotOne {}
impl<X: IntKind> StaticNotOne for X where X::Kind: StaticNotOneKind {}

mod sealed {
    use typenum::{B1, Bit, NInt, NonZero, PInt, UInt, UTerm, Unsigned, Z0};

    /// Seals [`IntKind`](super::IntKind).
    pub trait Sealed {}
    impl Sealed for i32 {}
    impl Sealed for i64 {}
    impl Sealed for Z0 {}
    impl Sealed for PInt<UInt<UTerm, B1>> {}
    impl<U: Unsigned, B: Bit, C: Bit> Sealed for PInt<UInt<UInt<U, B>, C>> {}
    impl<U: Unsigned + NonZero> Sealed for NInt<U> {}
}
