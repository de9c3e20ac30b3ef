//! CuTe's `wrap` and `unwrap` at the type level: an integer as the rank-1
//! tuple `(s)`, a one-mode tuple as its mode, the rank-1 test that decides
//! between them, and [`Unpack`], the modes a `_` slice splices.

use crate::tuple::cons;
use frunk_core::hlist::{HCons, HNil};

/// The rank-1 tuple `(x)`.
#[inline(always)]
fn single<X>(x: X) -> HCons<X, HNil> {
    cons(x, HNil)
}

/// Impls of a wrapping trait (`fn method(self) -> Self::Assoc`): a row's
/// value is kept as it is (`self`) or wrapped as the rank-1 tuple
/// (`single`).
macro_rules! wrapping {
    ($Tr:ident::$m:ident -> $N:ident; $([$($g:tt)*] $A:ty => $how:ident;)*) => {$(
        impl<$($g)*> $Tr for $A {
            type $N = wrapping!(@type $how);
            #[inline(always)]
            fn $m(self) -> Self::$N {
                wrapping!(@value $how self)
            }
        }
    )*};
    (@type self) => { Self };
    (@type single) => { HCons<Self, HNil> };
    (@value self $v:tt) => { $v };
    (@value single $v:tt) => { single($v) };
}

#[doc(hidden)]
/// An integer as the rank-1 tuple `(s)`, a tuple as it is (CuTe's `wrap`,
/// as `zip` applies it in `blocked_product`, `raked_product` and
/// `tile_to_shape`).
pub trait IntoModes {
    /// The tuple.
    type Modes;
    /// Wraps.
    fn into_modes(self) -> Self::Modes;
}
wrapping! {
    IntoModes::into_modes -> Modes;
    [I: crate::int::Int] I => single;
    [H, T] HCons<H, T> => self;
}
crate::tuple::nil_to_nil!(IntoModes::into_modes, Modes);

#[doc(hidden)]
/// `B1` for a one-mode list.
pub trait RankIsOne {
    /// `B1` or `B0`.
    type Is;
}
crate::int::output_impls! {
    type Is;
    [A] HCons<A, HNil> as RankIsOne => typenum::B1;
    [A, B, T] HCons<A, HCons<B, T>> as RankIsOne => typenum::B0;
}

/// A one-element tuple as its element (CuTe's `fold_first` result).
#[doc(hidden)]
pub trait IntIfSingle {
    /// The element, or the tuple.
    type Output;
    /// Unwraps.
    fn int_if_single(self) -> Self::Output;
}
impl<A> IntIfSingle for HCons<A, HNil> {
    type Output = A;
    #[inline(always)]
    fn int_if_single(self) -> A {
        self.head
    }
}
wrapping! {
    IntIfSingle::int_if_single -> Output;
    [A, B, T] HCons<A, HCons<B, T>> => self;
}

/// The modes one `_` or `repeat<R>(_)` slice coordinate keeps of a mode:
/// a tuple of rank ≥ 2 is unpacked into its parent, while an integer or a
/// rank-1 tuple stays one mode (CuTe's `repeat<1>(_)` is a plain `_`).
/// The tiled and flat divides and products, and `make_fragment_like`,
/// regroup with it.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tuple::Unpack;
/// assert_eq!(shape![2, 3].unpack().to_cute_string(), "(_2,_3)");
/// // A rank-1 tuple is kept whole: the list of modes is ((2,3)) itself.
/// assert_eq!(shape![(2, 3)].unpack().to_cute_string(), "(((_2,_3)))");
/// assert_eq!(int!(4).unpack().to_cute_string(), "(_4)");
/// ```
#[doc(hidden)]
pub trait Unpack {
    /// The modes, as a list to splice.
    type Modes;
    /// Unpacks.
    fn unpack(self) -> Self::Modes;
}
wrapping! {
    Unpack::unpack -> Modes;
    [I: crate::int::Int] I => single;
    [A] HCons<A, HNil> => single;
    [A, B, T] HCons<A, HCons<B, T>> => self;
}
