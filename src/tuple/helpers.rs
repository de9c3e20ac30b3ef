//! Tuple helpers the algebra needs: append, prepend, reverse, zip, group,
//! select, repeat_like and unflatten.

use crate::int::Int;
use crate::tuple::cons;
use crate::tuple::{DropFirst, GetAt, Idx, PeanoSub, TakeFirst, ToPeano};
use frunk_core::hlist::{HCons, HNil};

/// Appends `X` as a new last mode.
#[doc(hidden)]
pub trait Append<X> {
    /// The longer tuple.
    type Output;
    /// Appends `x`.
    fn append(self, x: X) -> Self::Output;
}
impl<X> Append<X> for HNil {
    type Output = HCons<X, HNil>;
    #[inline(always)]
    fn append(self, x: X) -> Self::Output {
        cons(x, HNil)
    }
}
impl<X, H, T: Append<X>> Append<X> for HCons<H, T> {
    type Output = HCons<H, T::Output>;
    #[inline(always)]
    fn append(self, x: X) -> Self::Output {
        cons(self.head, self.tail.append(x))
    }
}

/// CuTe's `append(t, x)`.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(append(shape![2, 3], int!(4)).to_cute_string(), "(_2,_3,_4)");
/// assert_eq!(append(int!(2), int!(4)).to_cute_string(), "(_2,_4)");
/// ```
#[inline(always)]
pub fn append<T: Append<X>, X>(t: T, x: X) -> T::Output {
    t.append(x)
}

/// An integer is rank 1: appending to it makes the pair `(a, x)`, as in CuTe.
impl<X, I: crate::int::Int> Append<X> for I {
    type Output = HCons<I, HCons<X, HNil>>;
    #[inline(always)]
    fn append(self, x: X) -> Self::Output {
        pair(self, x)
    }
}
impl<X, I: crate::int::Int> Prepend<X> for I {
    type Output = HCons<X, HCons<I, HNil>>;
    #[inline(always)]
    fn prepend(self, x: X) -> Self::Output {
        pair(x, self)
    }
}

/// Puts `X` in front as a new first mode.
#[doc(hidden)]
pub trait Prepend<X> {
    /// The longer tuple.
    type Output;
    /// Prepends `x`.
    fn prepend(self, x: X) -> Self::Output;
}
impl<X> Prepend<X> for HNil {
    type Output = HCons<X, HNil>;
    #[inline(always)]
    fn prepend(self, x: X) -> Self::Output {
        cons(x, HNil)
    }
}
impl<X, H, T> Prepend<X> for HCons<H, T> {
    type Output = HCons<X, Self>;
    #[inline(always)]
    fn prepend(self, x: X) -> Self::Output {
        cons(x, self)
    }
}

/// CuTe's `prepend(t, x)`.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(prepend(shape![2, 3], int!(4)).to_cute_string(), "(_4,_2,_3)");
/// assert_eq!(prepend(int!(2), int!(4)).to_cute_string(), "(_4,_2)");
/// ```
#[inline(always)]
pub fn prepend<T: Prepend<X>, X>(t: T, x: X) -> T::Output {
    t.prepend(x)
}

/// Reverses a tuple onto an accumulator.
#[doc(hidden)]
pub trait ReverseOnto<Acc> {
    /// `reverse(Self) ++ Acc`.
    type Output;
    /// Reverses.
    fn reverse_onto(self, acc: Acc) -> Self::Output;
}
impl<Acc> ReverseOnto<Acc> for HNil {
    type Output = Acc;
    #[inline(always)]
    fn reverse_onto(self, acc: Acc) -> Acc {
        acc
    }
}
impl<Acc, H, T: ReverseOnto<HCons<H, Acc>>> ReverseOnto<Acc> for HCons<H, T> {
    type Output = T::Output;
    #[inline(always)]
    fn reverse_onto(self, acc: Acc) -> Self::Output {
        self.tail.reverse_onto(cons(self.head, acc))
    }
}

/// CuTe's `reverse(t)`.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(reverse(shape![2, (3, 4), 5]).to_cute_string(), "(_5,(_3,_4),_2)");
/// ```
#[inline(always)]
pub fn reverse<T: ReverseOnto<HNil>>(t: T) -> T::Output {
    t.reverse_onto(HNil)
}

/// CuTe's `zip(a, b)`: the first operand decides. Two tuples pair mode by
/// mode; an integer `a` gives the single pair `((a, b))`; a rank-1 tuple
/// `a` with an integer `b` gives `((a0, b))` (`get<0>` of an integer is
/// the integer). Anything else is CuTe's "Mismatched Ranks".
#[diagnostic::on_unimplemented(
    message = "zip: mismatched ranks: a tuple can only be zipped with a tuple of its rank (or, at rank 1, an integer)",
    label = "CuTe: \"Mismatched Ranks\" in zip",
    note = "blocked_product and raked_product zip the block with its repetitions: at rank 1 an integer block cannot take a tuple of repetitions, e.g. raked_product(2:2, 4:1)"
)]
#[doc(hidden)]
pub trait Zip<B> {
    /// `((a0,b0),(a1,b1),…)`.
    type Output;
    /// Zips.
    fn zip(self, b: B) -> Self::Output;
}
impl Zip<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn zip(self, _: HNil) -> HNil {
        HNil
    }
}
impl<H1, T1: Zip<T2>, H2, T2> Zip<HCons<H2, T2>> for HCons<H1, T1> {
    type Output = HCons<HCons<H1, HCons<H2, HNil>>, T1::Output>;
    #[inline(always)]
    fn zip(self, b: HCons<H2, T2>) -> Self::Output {
        cons(pair(self.head, b.head), self.tail.zip(b.tail))
    }
}
/// An integer first operand, and a rank-1 tuple with an integer.
macro_rules! int_zip {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<B, $($g)*> Zip<B> for $T {
            type Output = HCons<HCons<$T, HCons<B, HNil>>, HNil>;
            #[inline(always)]
            fn zip(self, b: B) -> Self::Output {
                HCons { head: pair(self, b), tail: HNil }
            }
        }
        impl<A0, $($g)*> Zip<$T> for HCons<A0, HNil> {
            type Output = HCons<HCons<A0, HCons<$T, HNil>>, HNil>;
            #[inline(always)]
            fn zip(self, b: $T) -> Self::Output {
                HCons { head: pair(self.head, b), tail: HNil }
            }
        }
    )*};
}
crate::int::for_int_kinds!(int_zip);

/// The pair `(a, b)`.
#[inline(always)]
fn pair<A, B>(a: A, b: B) -> HCons<A, HCons<B, HNil>> {
    cons(a, cons(b, HNil))
}

/// CuTe's `zip(a, b)` (see [`Zip`]).
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(zip(shape![2, 3], shape![4, 5]).to_cute_string(), "((_2,_4),(_3,_5))");
/// assert_eq!(zip(int!(4), shape![3, 2]).to_cute_string(), "((_4,(_3,_2)))");
/// assert_eq!(zip(shape![(4, 4)], int!(16)).to_cute_string(), "(((_4,_4),_16))");
/// ```
#[inline(always)]
pub fn zip<A: Zip<B>, B>(a: A, b: B) -> A::Output {
    a.zip(b)
}

/// Replaces every leaf of a profile with `X` (CuTe's `repeat_like`).
#[doc(hidden)]
pub trait RepeatLike<X> {
    /// A tuple congruent to `Self` with every leaf `X`.
    type Output;
    /// Builds it.
    fn repeat_like(self, x: X) -> Self::Output;
}
impl<A: Int, X> RepeatLike<X> for A {
    type Output = X;
    #[inline(always)]
    fn repeat_like(self, x: X) -> X {
        x
    }
}
impl<X> RepeatLike<X> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn repeat_like(self, _: X) -> HNil {
        HNil
    }
}
impl<X: Copy, H: RepeatLike<X>, T: RepeatLike<X>> RepeatLike<X> for HCons<H, T> {
    type Output = HCons<H::Output, T::Output>;
    #[inline(always)]
    fn repeat_like(self, x: X) -> Self::Output {
        cons(self.head.repeat_like(x), self.tail.repeat_like(x))
    }
}

/// CuTe's `repeat_like(profile, x)`.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(repeat_like(shape![2, (3, 4)], int!(0)).to_cute_string(), "(_0,(_0,_0))");
/// ```
#[inline(always)]
pub fn repeat_like<P: RepeatLike<X>, X>(profile: P, x: X) -> P::Output {
    profile.repeat_like(x)
}

/// Rebuilds a flat tuple `Flat` into the profile `Self` (CuTe's `unflatten`).
#[doc(hidden)]
pub trait Unflatten<Flat> {
    /// The nested result, congruent to `Self`.
    type Output;
    /// The leaves of `Flat` not consumed.
    type Rest;
    /// Consumes leaves of `flat` in order.
    fn unflatten_from(self, flat: Flat) -> (Self::Output, Self::Rest);
}
impl<A: Int, X, R> Unflatten<HCons<X, R>> for A {
    type Output = X;
    type Rest = R;
    #[inline(always)]
    fn unflatten_from(self, flat: HCons<X, R>) -> (X, R) {
        (flat.head, flat.tail)
    }
}
impl<F> Unflatten<F> for HNil {
    type Output = HNil;
    type Rest = F;
    #[inline(always)]
    fn unflatten_from(self, flat: F) -> (HNil, F) {
        (HNil, flat)
    }
}
impl<F, H: Unflatten<F>, T: Unflatten<H::Rest>> Unflatten<F> for HCons<H, T> {
    type Output = HCons<H::Output, T::Output>;
    type Rest = T::Rest;
    #[inline(always)]
    fn unflatten_from(self, flat: F) -> (Self::Output, T::Rest) {
        let (head, rest) = self.head.unflatten_from(flat);
        let (tail, rest) = self.tail.unflatten_from(rest);
        (HCons { head, tail }, rest)
    }
}

/// CuTe's `unflatten(flat, profile)`.
///
/// ```
/// use cute_algebra::prelude::*;
/// let t = unflatten(shape![2, 3, 4, 5], shape![1, (1, 1), 1]);
/// assert_eq!(t.to_cute_string(), "(_2,(_3,_4),_5)");
/// ```
#[inline(always)]
pub fn unflatten<F, P: Unflatten<F, Rest = HNil>>(flat: F, profile: P) -> P::Output {
    profile.unflatten_from(flat).0
}

/// Selects modes by a list of [`Idx`] types (CuTe's `select<I...>`), from
/// a tuple or an integer (rank 1); a layout selects from shape and stride.
#[doc(hidden)]
pub trait Select<Ix> {
    /// The selected modes.
    type Output;
    /// Selects them.
    fn select(self) -> Self::Output;
}

/// The walk behind [`Select`] on a tuple: one `get` per index.
#[doc(hidden)]
pub trait SelectModes<Ix> {
    /// The selected modes.
    type Output;
    /// Selects them.
    fn select_modes(self) -> Self::Output;
}
impl<T> SelectModes<HNil> for T {
    type Output = HNil;
    #[inline(always)]
    fn select_modes(self) -> HNil {
        HNil
    }
}
impl<T: Copy, const I: usize, R> SelectModes<HCons<Idx<I>, R>> for T
where
    Idx<I>: ToPeano,
    T: GetAt<<Idx<I> as ToPeano>::Peano> + SelectModes<R>,
{
    type Output =
        HCons<<T as GetAt<<Idx<I> as ToPeano>::Peano>>::Output, <T as SelectModes<R>>::Output>;
    #[inline(always)]
    fn select_modes(self) -> Self::Output {
        cons(self.get_at(), SelectModes::<R>::select_modes(self))
    }
}

/// CuTe's `select<I...>(t)`, with the indices as an HList of [`Idx`].
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tuple::Idx;
/// use cute_algebra::frunk_core::HList;
/// let s = select::<HList![Idx<2>, Idx<0>], _>(shape![2, 3, 4]);
/// assert_eq!(s.to_cute_string(), "(_4,_2)");
/// ```
#[inline(always)]
pub fn select<Ix, T: Select<Ix>>(t: T) -> T::Output {
    t.select()
}

/// Groups modes `[B, E)` into one nested mode (CuTe's `group<B, E>`), of a
/// tuple or an integer (rank 1); a layout groups shape and stride alike.
#[doc(hidden)]
pub trait Group<const B: usize, const E: usize> {
    /// The grouped tuple.
    type Output;
    /// Groups.
    fn group(self) -> Self::Output;
}

/// The tuple operations a layout applies to its shape and stride alike
/// ([`Select`], [`Group`]), for a tuple and for an integer.
macro_rules! tuple_modes {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<Ix, $($g)*> Select<Ix> for $T
        where
            Self: SelectModes<Ix>,
        {
            type Output = <Self as SelectModes<Ix>>::Output;
            #[inline(always)]
            fn select(self) -> Self::Output {
                self.select_modes()
            }
        }
        impl<const B: usize, const E: usize, $($g)*> Group<B, E> for $T
        where
            Self: GroupModes<B, E>,
        {
            type Output = <Self as GroupModes<B, E>>::Output;
            #[inline(always)]
            fn group(self) -> Self::Output {
                self.group_modes()
            }
        }
    )*};
}
crate::int::for_int_kinds!(tuple_modes);
tuple_modes!(HNil => [], HCons<H, T> => [H, T]);

/// Groups modes `[B, E)` into one nested mode (CuTe's `group<B, E>`).
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(group::<1, 3, _>(shape![2, 3, 4, 5]).to_cute_string(), "(_2,(_3,_4),_5)");
/// ```
#[inline(always)]
pub fn group<const B: usize, const E: usize, T: Group<B, E>>(t: T) -> T::Output {
    t.group()
}

/// The walk behind [`Group`] on a tuple: front, grouped middle, end.
#[doc(hidden)]
pub trait GroupModes<const B: usize, const E: usize> {
    /// The grouped tuple.
    type Output;
    /// Groups.
    fn group_modes(self) -> Self::Output;
}
#[allow(clippy::type_complexity)]
impl<const B: usize, const E: usize, T> GroupModes<B, E> for T
where
    Idx<B>: ToPeano,
    Idx<E>: ToPeano,
    <Idx<E> as ToPeano>::Peano: PeanoSub<<Idx<B> as ToPeano>::Peano>,
    T: Copy + TakeFirst<<Idx<B> as ToPeano>::Peano> + DropFirst<<Idx<B> as ToPeano>::Peano>,
    <T as DropFirst<<Idx<B> as ToPeano>::Peano>>::Output: Copy
        + TakeFirst<<<Idx<E> as ToPeano>::Peano as PeanoSub<<Idx<B> as ToPeano>::Peano>>::Output>
        + DropFirst<<<Idx<E> as ToPeano>::Peano as PeanoSub<<Idx<B> as ToPeano>::Peano>>::Output>,
    <T as TakeFirst<<Idx<B> as ToPeano>::Peano>>::Output:
        crate::tuple::Concat<HCons<GroupMid<B, E, T>, GroupEnd<B, E, T>>>,
{
    type Output = GroupOut<B, E, T>;
    #[inline(always)]
    fn group_modes(self) -> Self::Output {
        let front = self.take_first();
        let rest = self.drop_first();
        crate::tuple::Concat::concat(front, cons(rest.take_first(), rest.drop_first()))
    }
}

type PB<const B: usize> = <Idx<B> as ToPeano>::Peano;
type PLen<const B: usize, const E: usize> = <PB<E> as PeanoSub<PB<B>>>::Output;
type GroupRest<const B: usize, T> = <T as DropFirst<PB<B>>>::Output;
#[doc(hidden)]
pub type GroupMid<const B: usize, const E: usize, T> =
    <GroupRest<B, T> as TakeFirst<PLen<B, E>>>::Output;
#[doc(hidden)]
pub type GroupEnd<const B: usize, const E: usize, T> =
    <GroupRest<B, T> as DropFirst<PLen<B, E>>>::Output;
/// The result type of [`group`] on a tuple.
pub type GroupOut<const B: usize, const E: usize, T> =
    <<T as TakeFirst<PB<B>>>::Output as crate::tuple::Concat<
        HCons<GroupMid<B, E, T>, GroupEnd<B, E, T>>,
    >>::Output;
