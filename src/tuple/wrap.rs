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
impl<I: crate::int::Int> IntoModes for I {
    type Modes = HCons<Self, HNil>;
    #[inline(always)]
    fn into_modes(self) -> Self::Modes {
        single(self)
    }
}
crate::tuple::nil_to_nil!(IntoModes::into_modes, Modes);
impl<H, T> IntoModes for HCons<H, T> {
    type Modes = Self;
    #[inline(always)]
    fn into_modes(self) -> Self {
        self
    }
}

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
impl<A, B, T> IntIfSingle for HCons<A, HCons<B, T>> {
    type Output = Self;
    #[inline(always)]
    fn int_if_single(self) -> Self {
        self
    }
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
impl<I: crate::int::Int> Unpack for I {
    type Modes = HCons<Self, HNil>;
    #[inline(always)]
    fn unpack(self) -> Self::Modes {
        single(self)
    }
}
impl<A> Unpack for HCons<A, HNil> {
    type Modes = HCons<Self, HNil>;
    #[inline(always)]
    fn unpack(self) -> Self::Modes {
        single(self)
    }
}
impl<A, B, T> Unpack for HCons<A, HCons<B, T>> {
    type Modes = Self;
    #[inline(always)]
    fn unpack(self) -> Self {
        self
    }
}
