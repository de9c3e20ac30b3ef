//! Whether a tuple is fully static, as a type (`B1` or `B0`), for the
//! operations whose result *structure* depends on it, as CuTe's
//! `if constexpr (is_static<Shape>::value)` does.

use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, Bit, NInt, NonZero, PInt, Unsigned, Z0};

/// `B1` when every leaf of `Self` is static, else `B0`.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tuple::AllStatic;
/// use cute_algebra::typenum::{B0, B1};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<Shape![2, (3, 4)] as AllStatic>::Is, B1);
/// assert_type_eq_all!(<Shape![2, (i32, 4)] as AllStatic>::Is, B0);
/// ```
pub trait AllStatic {
    /// `B1` or `B0`.
    type Is: Bit;
}
impl AllStatic for i32 {
    type Is = B0;
}
impl AllStatic for i64 {
    type Is = B0;
}
impl AllStatic for Z0 {
    type Is = B1;
}
impl<U: Unsigned + NonZero> AllStatic for PInt<U> {
    type Is = B1;
}
impl<U: Unsigned + NonZero> AllStatic for NInt<U> {
    type Is = B1;
}
impl AllStatic for HNil {
    type Is = B1;
}
impl<H: AllStatic, T: AllStatic> AllStatic for HCons<H, T>
where
    H::Is: core::ops::BitAnd<T::Is>,
    <H::Is as core::ops::BitAnd<T::Is>>::Output: Bit,
{
    type Is = <H::Is as core::ops::BitAnd<T::Is>>::Output;
}
