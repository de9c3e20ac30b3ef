//! The crate's sealed supertraits. [`Int`](crate::int::Int) and
//! [`IntTuple`](crate::tuple::IntTuple) are sealed so that the type-level
//! algebra may rely on every integer being a typenum integer, `i32` or
//! `i64`, and every tuple an `HCons`/`HNil` list: an outside impl could not
//! take part in the mixing rule or the walks. The operation traits
//! ([`Complement`](crate::algebra::Complement),
//! [`TileToShape`](crate::algebra::TileToShape), …) are sealed by
//! [`Operand`]: a user calls them and names them in bounds, but their impls
//! are the algebra itself.
//!
//! The traits live here, at the bottom, and each type's impl sits beside the
//! type: integers here, tuples in `tuple`, layouts in `layout`, swizzles in
//! `swizzle`, basis layouts in `basis`.

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

/// The supertrait that seals the operation traits: the types the algebra
/// takes as operands (integers and tuples of them, layouts, swizzled and
/// basis-strided layouts, swizzle functions and `_`).
pub trait Operand {}
impl<T: Int> Operand for T {}
