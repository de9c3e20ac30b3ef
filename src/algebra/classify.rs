//! Small type-level predicates on integers, matched in impl patterns
//! (cheaper to type-check than typenum's `IsEqual`).

use crate::int::Int;
use core::fmt;
use typenum::{
    B0, B1, Bit, Cmp, Equal, Greater, Less, NInt, NonZero, PInt, UInt, UTerm, Unsigned, Z0,
};

/// `B1` when `Self` and `B` are the same *static* integer, else `B0`
/// (a runtime value is never provably equal to anything).
pub trait StaticEq<B> {
    /// `B1` or `B0`.
    type Output: Bit;
}
impl<A: crate::int::StaticInt + Cmp<B>, B: crate::int::StaticInt> StaticEq<B> for A
where
    <A as Cmp<B>>::Output: OrdIsEqual,
{
    type Output = <<A as Cmp<B>>::Output as OrdIsEqual>::Output;
}
impl<B: Int> StaticEq<B> for i32 {
    type Output = B0;
}
impl<U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static> StaticEq<i32> for PInt<U> {
    type Output = B0;
}
impl<U: Unsigned + NonZero + Copy + fmt::Debug + Default + 'static> StaticEq<i32> for NInt<U> {
    type Output = B0;
}
impl StaticEq<i32> for Z0 {
    type Output = B0;
}

/// Maps typenum's ordering to "is equal".
pub trait OrdIsEqual {
    /// `B1` for `Equal`.
    type Output: Bit;
}
impl OrdIsEqual for Equal {
    type Output = B1;
}
impl OrdIsEqual for Less {
    type Output = B0;
}
impl OrdIsEqual for Greater {
    type Output = B0;
}

/// typenum's static one.
pub type One = PInt<UInt<UTerm, B1>>;

/// Implements a trait for every *static* integer that is not `_1`
/// (values ≥ 2, negative, zero). The body is written once, using `Self`.
macro_rules! impl_for_static_not_one {
    (impl<$($g:ident),*> $Trait:ident<$($p:ty),*> $(where [$($w:tt)*])? { $($body:tt)* }) => {
        impl<$($g,)* UA: typenum::Unsigned, BA: typenum::Bit, BB: typenum::Bit>
            $Trait<$($p),*> for typenum::PInt<typenum::UInt<typenum::UInt<UA, BA>, BB>>
        where
            typenum::UInt<typenum::UInt<UA, BA>, BB>:
                typenum::Unsigned + typenum::NonZero + Copy + core::fmt::Debug + Default + 'static,
            $($($w)*)?
        {
            $($body)*
        }
        impl<$($g,)* UN: typenum::Unsigned + typenum::NonZero + Copy + core::fmt::Debug + Default + 'static>
            $Trait<$($p),*> for typenum::NInt<UN>
        where
            $($($w)*)?
        {
            $($body)*
        }
        impl<$($g),*> $Trait<$($p),*> for typenum::Z0 $(where $($w)*)? { $($body)* }
    };
}
pub(crate) use impl_for_static_not_one;

/// Implements a trait for every integer type that is not the static `_1`:
/// the static ones of [`impl_for_static_not_one`] and runtime `i32`.
macro_rules! impl_for_not_one {
    (impl<$($g:ident),*> $Trait:ident<$($p:ty),*> $(where [$($w:tt)*])? { $($body:tt)* }) => {
        $crate::algebra::classify::impl_for_static_not_one! {
            impl<$($g),*> $Trait<$($p),*> $(where [$($w)*])? { $($body)* }
        }
        impl<$($g),*> $Trait<$($p),*> for i32 $(where $($w)*)? { $($body)* }
    };
}
pub(crate) use impl_for_not_one;
