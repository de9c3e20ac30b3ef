//! Sorting modes by their static stride, in the orders CuTe's operations
//! use: `complement`'s stable insertion sort of `(stride, shape)` pairs,
//! and the inverses' exchange sort of `(stride, shape, prefix)` triples
//! (not stable: `right_inverse` can observe its order of equal strides).

use crate::tuple::cons;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Cmp, Compare, Equal, Greater, Less};

// ---------------------------------------------------------------------------
// complement's order: a stable insertion sort by stride

#[doc(hidden)]
/// The modes of `Self:D` as `(stride, shape)` pairs sorted by stride
/// (a stable insertion sort, as CuTe's repeated first minimum: one `Cmp`
/// per comparison).
pub trait Pairs<D> {
    /// The sorted pairs.
    type Sorted;
    /// Sorts.
    fn sort(self, stride: D) -> Self::Sorted;
}
impl Pairs<HNil> for HNil {
    type Sorted = HNil;
    #[inline(always)]
    fn sort(self, _: HNil) -> HNil {
        HNil
    }
}
impl<S0, ST: Pairs<DT>, D0, DT> Pairs<HCons<D0, DT>> for HCons<S0, ST>
where
    ST::Sorted: Insert<D0, S0>,
{
    type Sorted = <ST::Sorted as Insert<D0, S0>>::Output;
    #[inline(always)]
    fn sort(self, stride: HCons<D0, DT>) -> Self::Sorted {
        self.tail.sort(stride.tail).insert(stride.head, self.head)
    }
}

/// Inserts the mode `S:D` into the sorted list `Self`.
#[doc(hidden)]
pub trait Insert<D, S> {
    /// The list with the mode in place.
    type Output;
    /// Inserts.
    fn insert(self, d: D, s: S) -> Self::Output;
}
impl<D, S> Insert<D, S> for HNil {
    type Output = HCons<(D, S), HNil>;
    #[inline(always)]
    fn insert(self, d: D, s: S) -> Self::Output {
        cons((d, s), HNil)
    }
}
impl<D: Cmp<HD>, S, HD, HS, T> Insert<D, S> for HCons<(HD, HS), T>
where
    Compare<D, HD>: InsertAt<D, S, HD, HS, T>,
{
    type Output = <Compare<D, HD> as InsertAt<D, S, HD, HS, T>>::Output;
    #[inline(always)]
    fn insert(self, d: D, s: S) -> Self::Output {
        <Compare<D, HD> as InsertAt<D, S, HD, HS, T>>::insert_at(d, s, self.head, self.tail)
    }
}
/// The lazy branch of [`Insert`], chosen by the comparison.
#[doc(hidden)]
pub trait InsertAt<D, S, HD, HS, T> {
    /// The list with the mode in place.
    type Output;
    /// Inserts.
    fn insert_at(d: D, s: S, head: (HD, HS), tail: T) -> Self::Output;
}
impl<D, S, HD, HS, T> InsertAt<D, S, HD, HS, T> for Less {
    type Output = HCons<(D, S), HCons<(HD, HS), T>>;
    #[inline(always)]
    fn insert_at(d: D, s: S, head: (HD, HS), tail: T) -> Self::Output {
        cons((d, s), HCons { head, tail })
    }
}
macro_rules! insert_later {
    ($($O:ty),*) => {$(
        impl<D, S, HD, HS, T: Insert<D, S>> InsertAt<D, S, HD, HS, T> for $O {
            type Output = HCons<(HD, HS), T::Output>;
            #[inline(always)]
            fn insert_at(d: D, s: S, head: (HD, HS), tail: T) -> Self::Output {
                HCons { head, tail: tail.insert(d, s) }
            }
        }
    )*};
}
insert_later!(Equal, Greater);

// ---------------------------------------------------------------------------
// The inverses' order: CuTe's exchange sort by stride

#[doc(hidden)]
/// CuTe's `exchange_sort` of the triples by stride: for each position, every
/// later triple with a smaller stride is swapped in. (Not stable: CuTe's
/// order of equal strides, which `right_inverse` can observe.)
pub trait ExchangeSort {
    /// The sorted triples.
    type Output;
    /// Sorts.
    fn exchange_sort(self) -> Self::Output;
}
crate::tuple::nil_to_nil!(ExchangeSort::exchange_sort);
impl<H, T: ExchangePass<H>> ExchangeSort for HCons<H, T>
where
    T::Rest: ExchangeSort,
{
    type Output = HCons<T::Min, <T::Rest as ExchangeSort>::Output>;
    #[inline(always)]
    fn exchange_sort(self) -> Self::Output {
        let (min, rest) = self.tail.pass(self.head);
        cons(min, rest.exchange_sort())
    }
}

/// One row of the exchange sort: `H` at the current position meets each
/// triple of `Self`, swapping with a smaller one.
#[doc(hidden)]
pub trait ExchangePass<H> {
    /// What ends at the current position.
    type Min;
    /// The rest of the list after the row.
    type Rest;
    /// Runs the row.
    fn pass(self, h: H) -> (Self::Min, Self::Rest);
}
impl<H> ExchangePass<H> for HNil {
    type Min = H;
    type Rest = HNil;
    #[inline(always)]
    fn pass(self, h: H) -> (H, HNil) {
        (h, HNil)
    }
}
impl<HD, HS, HP, XD: Cmp<HD>, XS, XP, T> ExchangePass<(HD, HS, HP)> for HCons<(XD, XS, XP), T>
where
    Compare<XD, HD>: SwapIf<(HD, HS, HP), (XD, XS, XP), T>,
{
    type Min = <Compare<XD, HD> as SwapIf<(HD, HS, HP), (XD, XS, XP), T>>::Min;
    type Rest = <Compare<XD, HD> as SwapIf<(HD, HS, HP), (XD, XS, XP), T>>::Rest;
    #[inline(always)]
    fn pass(self, h: (HD, HS, HP)) -> (Self::Min, Self::Rest) {
        <Compare<XD, HD> as SwapIf<(HD, HS, HP), (XD, XS, XP), T>>::swap_if(h, self.head, self.tail)
    }
}
/// The comparison's branch of [`ExchangePass`]: `Less` swaps.
#[doc(hidden)]
pub trait SwapIf<H, X, T> {
    /// What ends at the current position.
    type Min;
    /// The rest of the list after the row.
    type Rest;
    /// Continues the row.
    fn swap_if(h: H, x: X, rest: T) -> (Self::Min, Self::Rest);
}
impl<H, X, T: ExchangePass<X>> SwapIf<H, X, T> for Less {
    type Min = T::Min;
    type Rest = HCons<H, T::Rest>;
    #[inline(always)]
    fn swap_if(h: H, x: X, rest: T) -> (Self::Min, Self::Rest) {
        let (min, rest) = rest.pass(x);
        (min, cons(h, rest))
    }
}
macro_rules! keep {
    ($($O:ty),*) => {$(
        impl<H, X, T: ExchangePass<H>> SwapIf<H, X, T> for $O {
            type Min = T::Min;
            type Rest = HCons<X, T::Rest>;
            #[inline(always)]
            fn swap_if(h: H, x: X, rest: T) -> (Self::Min, Self::Rest) {
                let (min, rest) = rest.pass(h);
                (min, HCons { head: x, tail: rest })
            }
        }
    )*};
}
keep!(Equal, Greater);

#[cfg(test)]
mod tests {
    #[test]
    fn pairs() {
        use crate::prelude::*;
        use crate::tuple::Pairs;
        let sorted = shape![2, 3, 4].sort(stride![8, 1, 2]);
        assert_eq!(sorted.head, (int!(1), int!(3)));
        assert_eq!(sorted.tail.head, (int!(2), int!(4)));
    }
}
