//! Mode access by a const-generic index: `get::<I>()`, `take::<B, E>()`.
//!
//! Stable Rust cannot compute `I - 1` in a const generic, so each index
//! maps once to a Peano type ([`Idx`]) and the recursion walks that.

use crate::tuple::cons;
use frunk_core::hlist::{HCons, HNil};

/// Peano zero.
#[derive(Clone, Copy, Debug, Default)]
pub struct Z;
/// Peano successor.
#[derive(Clone, Copy, Debug, Default)]
pub struct S<N>(N);

/// A const-generic mode index, mapped to a Peano type.
pub struct Idx<const I: usize>;

/// Maps [`Idx<I>`] to its Peano type; defined for `I < 32`.
#[doc(hidden)]
pub trait ToPeano {
    /// The Peano form of the index.
    type Peano;
}

macro_rules! peano {
    ($($i:literal => $p:ty),* $(,)?) => {$(impl ToPeano for Idx<$i> { type Peano = $p; })*};
}
type P1 = S<Z>;
type P2 = S<P1>;
type P3 = S<P2>;
type P4 = S<P3>;
type P8 = S<S<S<S<P4>>>>;
type P16 = S<S<S<S<S<S<S<S<P8>>>>>>>>;
peano! {
    0 => Z, 1 => P1, 2 => P2, 3 => P3, 4 => P4, 5 => S<P4>, 6 => S<S<P4>>, 7 => S<S<S<P4>>>,
    8 => P8, 9 => S<P8>, 10 => S<S<P8>>, 11 => S<S<S<P8>>>, 12 => S<S<S<S<P8>>>>,
    13 => S<S<S<S<S<P8>>>>>, 14 => S<S<S<S<S<S<P8>>>>>>, 15 => S<S<S<S<S<S<S<P8>>>>>>>,
    16 => P16, 17 => S<P16>, 18 => S<S<P16>>, 19 => S<S<S<P16>>>, 20 => S<S<S<S<P16>>>>,
    21 => S<S<S<S<S<P16>>>>>, 22 => S<S<S<S<S<S<P16>>>>>>, 23 => S<S<S<S<S<S<S<P16>>>>>>>,
    24 => S<S<S<S<S<S<S<S<P16>>>>>>>>, 25 => S<S<S<S<S<S<S<S<S<P16>>>>>>>>>,
    26 => S<S<S<S<S<S<S<S<S<S<P16>>>>>>>>>>, 27 => S<S<S<S<S<S<S<S<S<S<S<P16>>>>>>>>>>>,
    28 => S<S<S<S<S<S<S<S<S<S<S<S<P16>>>>>>>>>>>>, 29 => S<S<S<S<S<S<S<S<S<S<S<S<S<P16>>>>>>>>>>>>>,
    30 => S<S<S<S<S<S<S<S<S<S<S<S<S<S<P16>>>>>>>>>>>>>>,
    31 => S<S<S<S<S<S<S<S<S<S<S<S<S<S<S<P16>>>>>>>>>>>>>>>,
}

/// Mode `N` (a Peano index) of a tuple.
#[diagnostic::on_unimplemented(
    message = "get: mode index out of range: `get::<I>` needs I < rank (an integer, or an integer-shaped layout, has rank 1)",
    label = "no mode at this index"
)]
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tuple::{GetAt, S, Z};
/// // Mode 1 of any tuple that has one; `S<Z>` is the Peano index 1.
/// fn second<T: GetAt<S<Z>>>(t: T) -> T::Output { t.get_at() }
/// assert_eq!(second(shape![2, (3, 4), 5]).to_cute_string(), "(_3,_4)");
/// let n: i32 = 7;
/// assert_eq!(second(shape![2, n]).cute_string(), "7");
/// ```
pub trait GetAt<N> {
    /// The mode's type.
    type Output;
    /// The mode.
    fn get_at(self) -> Self::Output;
}
impl<H, T> GetAt<Z> for HCons<H, T> {
    type Output = H;
    #[inline(always)]
    fn get_at(self) -> H {
        self.head
    }
}
#[diagnostic::do_not_recommend]
impl<H, T: GetAt<N>, N> GetAt<S<N>> for HCons<H, T> {
    type Output = T::Output;
    #[inline(always)]
    fn get_at(self) -> T::Output {
        self.tail.get_at()
    }
}

/// The first `N` modes (Peano) of a tuple.
#[diagnostic::on_unimplemented(
    message = "take: mode range out of bounds: the modes `[B, E)` of `take::<B, E>` or `group::<B, E>` need E <= rank",
    label = "fewer modes than the range asks for"
)]
#[doc(hidden)]
pub trait TakeFirst<N> {
    /// The taken modes.
    type Output;
    /// Takes them.
    fn take_first(self) -> Self::Output;
}

/// Drops the first `N` modes (Peano) of a tuple.
#[diagnostic::on_unimplemented(
    message = "take: mode range out of bounds: the modes `[B, E)` of `take::<B, E>` or `group::<B, E>` need B < rank",
    label = "fewer modes than the range skips"
)]
#[doc(hidden)]
pub trait DropFirst<N> {
    /// The remaining modes.
    type Output;
    /// Drops them.
    fn drop_first(self) -> Self::Output;
}
// Both walks count the modes down in Peano: `Z` stops, `S<N>` takes or
// drops one and goes on.
crate::tuple::walk_impls! {
    [L] L as TakeFirst<Z>::take_first => HNil = |_l| HNil;
    [H, T: TakeFirst<N>, N] HCons<H, T> as TakeFirst<S<N>>::take_first
        => HCons<H, T::Output> = |l| cons(l.head, l.tail.take_first());
    [L] L as DropFirst<Z>::drop_first => L = |l| l;
    [H, T: DropFirst<N>, N] HCons<H, T> as DropFirst<S<N>>::drop_first
        => T::Output = |l| l.tail.drop_first();
}

/// Peano subtraction `E - B`, for `take::<B, E>()`.
#[diagnostic::on_unimplemented(
    message = "take: empty or reversed mode range: `take::<B, E>` and `group::<B, E>` need B <= E",
    label = "E is below B"
)]
#[doc(hidden)]
pub trait PeanoSub<B> {
    /// The difference.
    type Output;
}
crate::int::output_impls! {
    [E] E as PeanoSub<Z> => E;
    [E: PeanoSub<B>, B] S<E> as PeanoSub<S<B>> => E::Output;
}

/// An integer is rank 1: mode 0 is the integer itself (CuTe's `get<0>`).
macro_rules! int_modes {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)*> GetAt<Z> for $T {
            type Output = $T;
            #[inline(always)]
            fn get_at(self) -> $T {
                self
            }
        }
        impl<$($g)*> TakeFirst<S<Z>> for $T {
            type Output = HCons<$T, HNil>;
            #[inline(always)]
            fn take_first(self) -> Self::Output {
                cons(self, HNil)
            }
        }
        impl<$($g)*> DropFirst<S<Z>> for $T {
            type Output = HNil;
            #[inline(always)]
            fn drop_first(self) -> HNil {
                HNil
            }
        }
    )*};
}
crate::int::for_int_kinds!(int_modes);

/// Mode `I` of a tuple, with a const-generic index.
///
/// ```
/// use cute_algebra::prelude::*;
/// let s = shape![2, (3, 4), 5];
/// assert_eq!(get::<1, _>(s).to_cute_string(), "(_3,_4)");
/// assert_eq!(s.get::<2>().value(), 5);
/// ```
#[inline(always)]
pub fn get<const I: usize, T>(t: T) -> <T as GetAt<<Idx<I> as ToPeano>::Peano>>::Output
where
    Idx<I>: ToPeano,
    T: GetAt<<Idx<I> as ToPeano>::Peano>,
{
    t.get_at()
}

/// The bounds of `take::<B, E>` on `$T`: drop the first `B` modes, then
/// take `E - B`. The function and the layout's method share them.
macro_rules! with_take_bounds {
    ($T:ty, [$($head:tt)*] { $($body:tt)* }) => {
        $($head)*
        where
            $crate::tuple::Idx<B>: $crate::tuple::ToPeano,
            $crate::tuple::Idx<E>: $crate::tuple::ToPeano,
            <$crate::tuple::Idx<E> as $crate::tuple::ToPeano>::Peano:
                $crate::tuple::PeanoSub<<$crate::tuple::Idx<B> as $crate::tuple::ToPeano>::Peano>,
            $T: $crate::tuple::DropFirst<<$crate::tuple::Idx<B> as $crate::tuple::ToPeano>::Peano>,
            <$T as $crate::tuple::DropFirst<<$crate::tuple::Idx<B> as $crate::tuple::ToPeano>::Peano>>::Output:
                $crate::tuple::TakeFirst<
                    <<$crate::tuple::Idx<E> as $crate::tuple::ToPeano>::Peano as $crate::tuple::PeanoSub<
                        <$crate::tuple::Idx<B> as $crate::tuple::ToPeano>::Peano,
                    >>::Output,
                >,
        {
            $($body)*
        }
    };
}
pub(crate) use with_take_bounds;

with_take_bounds! {
    T,
    [
        /// Modes `[B, E)` of a tuple (CuTe's `take<B, E>`).
        ///
        /// ```
        /// use cute_algebra::prelude::*;
        /// let s = shape![2, 3, 4, 5];
        /// assert_eq!(take::<1, 3, _>(s).to_cute_string(), "(_3,_4)");
        /// ```
        #[inline(always)]
        #[allow(clippy::type_complexity)]
        pub fn take<const B: usize, const E: usize, T>(
            t: T,
        ) -> <<T as DropFirst<<Idx<B> as ToPeano>::Peano>>::Output as TakeFirst<
            <<Idx<E> as ToPeano>::Peano as PeanoSub<<Idx<B> as ToPeano>::Peano>>::Output,
        >>::Output
    ] {
        t.drop_first().take_first()
    }
}

/// The method form of [`get`] for tuples.
///
/// ```
/// use cute_algebra::prelude::*; // brings `TupleIndex` into scope
/// let s = shape![2, (3, 4), 5];
/// assert_eq!(s.get::<1>().to_cute_string(), "(_3,_4)");
/// assert_eq!(s.get::<1>().get::<0>().cute_string(), "_3");
/// ```
pub trait TupleIndex: Sized {
    /// Mode `I`.
    #[inline(always)]
    fn get<const I: usize>(self) -> <Self as GetAt<<Idx<I> as ToPeano>::Peano>>::Output
    where
        Idx<I>: ToPeano,
        Self: GetAt<<Idx<I> as ToPeano>::Peano>,
    {
        self.get_at()
    }
}
impl TupleIndex for HNil {}
impl<H, T> TupleIndex for HCons<H, T> {}
