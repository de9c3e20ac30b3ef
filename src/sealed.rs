//! The crate's sealed traits: [`Int`](crate::int::Int) and
//! [`IntTuple`](crate::tuple::IntTuple) are implemented here and nowhere
//! else, so that the type-level algebra may rely on every integer being a
//! typenum integer, `i32` or `i64`, and every tuple an `HCons`/`HNil` list
//! (an outside impl could not take part in the mixing rule or the walks).

use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, NonZero, PInt, Unsigned, Z0};

/// The supertrait that seals [`Int`](crate::int::Int).
pub trait Int {}
impl Int for i32 {}
impl Int for i64 {}
impl Int for Z0 {}
impl<U: Unsigned + NonZero> Int for PInt<U> {}
impl<U: Unsigned + NonZero> Int for NInt<U> {}

/// The supertrait that seals [`IntTuple`](crate::tuple::IntTuple).
pub trait IntTuple {}
impl<T: crate::int::Int> IntTuple for T {}
impl IntTuple for HNil {}
impl<H, T> IntTuple for HCons<H, T> {}
