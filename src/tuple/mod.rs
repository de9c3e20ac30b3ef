//! IntTuples: integers and nested HLists of them.
//!
//! A leaf is an [`Int`](crate::int::Int); a tuple is an `HCons`/`HNil`
//! list whose elements are IntTuples. Every operation follows one pattern:
//! a trait with one `HNil` impl, one `HCons` impl and one blanket leaf impl
//! over `Int` (coherent because only this crate can implement `Int`).
//! Recursion depth therefore equals the tuple's length or depth.
//!
//! ```
//! use cute_algebra::prelude::*;
//! let s = shape![2, (3, 4)];
//! assert_eq!(<Shape![2, (3, 4)] as IntTuple>::RANK, 2);
//! assert_eq!(s.depth(), 2);
//! assert_eq!(s.size().value(), 24);
//! assert_eq!(s.to_cute_string(), "(_2,(_3,_4))");
//! ```

/// A trait `Trait { type Output; fn method(self) -> Self::Output; }` on
/// HLists, element by element: `HNil` gives `HNil`, `HCons` the `HCons` of
/// its head's and its tail's results. The leaf impls are the caller's.
macro_rules! map_hlist {
    ($Tr:ident::$m:ident) => {
        $crate::tuple::nil_to_nil!($Tr::$m);
        impl<H: $Tr, T: $Tr> $Tr for ::frunk_core::hlist::HCons<H, T> {
            type Output = ::frunk_core::hlist::HCons<H::Output, T::Output>;
            #[inline(always)]
            fn $m(self) -> Self::Output {
                $crate::tuple::cons(self.head.$m(), self.tail.$m())
            }
        }
    };
}
pub(crate) use map_hlist;

/// A trait `Trait { type Output; fn method() -> Self::Output; }` on HLists
/// that puts the value `$v` of type `$X` in place of every element.
macro_rules! fill_hlist {
    ($Tr:ident::$m:ident, $X:ty = $v:expr) => {
        impl $Tr for ::frunk_core::hlist::HNil {
            type Output = ::frunk_core::hlist::HNil;
            #[inline(always)]
            fn $m() -> ::frunk_core::hlist::HNil {
                ::frunk_core::hlist::HNil
            }
        }
        impl<H, T: $Tr> $Tr for ::frunk_core::hlist::HCons<H, T> {
            type Output = ::frunk_core::hlist::HCons<$X, T::Output>;
            #[inline(always)]
            fn $m() -> Self::Output {
                $crate::tuple::cons($v, T::$m())
            }
        }
    };
}
pub(crate) use fill_hlist;

/// Impls of a one-method walk (`fn method(self) -> Self::Output`), a row
/// each: `[generics] Self as Trait<Args>::method => Output = |v| value`,
/// where `v` names `self` in the value.
macro_rules! walk_impls {
    ($($(#[$a:meta])* [$($g:tt)*] $A:ty as $Tr:ident<$($P:ty),*>::$m:ident => $Out:ty = |$v:ident| $e:expr;)*) => {$(
        $(#[$a])*
        impl<$($g)*> $Tr<$($P),*> for $A {
            type Output = $Out;
            #[inline(always)]
            fn $m(self) -> $Out {
                let $v = self;
                $e
            }
        }
    )*};
}
pub(crate) use walk_impls;

/// The end of a walk that rebuilds a list: `HNil` gives `HNil`, for a
/// trait whose one item besides the method is the result type (`Output`,
/// or the one named).
macro_rules! nil_to_nil {
    ($Tr:ident::$m:ident $(, $N:ident)?) => {
        $crate::tuple::nil_to_nil!(@impl $Tr::$m, [$($N)? Output]);
    };
    (@impl $Tr:ident::$m:ident, [$N:ident $($rest:tt)*]) => {
        impl $Tr for ::frunk_core::hlist::HNil {
            type $N = ::frunk_core::hlist::HNil;
            #[inline(always)]
            fn $m(self) -> ::frunk_core::hlist::HNil {
                ::frunk_core::hlist::HNil
            }
        }
    };
}
pub(crate) use nil_to_nil;

/// `HCons { head, tail }` as a call: the walks that rebuild a list build
/// each node with it, one line a node.
#[inline(always)]
pub(crate) const fn cons<H, T>(head: H, tail: T) -> frunk_core::hlist::HCons<H, T> {
    frunk_core::hlist::HCons { head, tail }
}

mod basics;
mod compare;
mod flat_rev;
mod helpers;
mod index;
mod prefix;
mod rank;
mod sort;
mod static_flag;
mod to_runtime;
mod wrap;

pub use basics::*;
pub use compare::*;
pub use flat_rev::*;
pub use helpers::*;
pub use index::*;
pub use prefix::*;
pub use rank::*;
pub use sort::*;
pub use static_flag::*;
pub use to_runtime::*;
pub use wrap::*;
