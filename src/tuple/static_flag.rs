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
crate::int::output_impls! {
    type Is;
    [] i32 as AllStatic => B0;
    [] i64 as AllStatic => B0;
    [] Z0 as AllStatic => B1;
    [U: Unsigned + NonZero] PInt<U> as AllStatic => B1;
    [U: Unsigned + NonZero] NInt<U> as AllStatic => B1;
    [] HNil as AllStatic => B1;
    [H: AllStatic, T: AllStatic] HCons<H, T> as AllStatic
        => <H::Is as core::ops::BitAnd<T::Is>>::Output
        where [H::Is: core::ops::BitAnd<T::Is>, <H::Is as core::ops::BitAnd<T::Is>>::Output: Bit];
}
