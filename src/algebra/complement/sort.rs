//! CuTe's order of the modes in `complement`: by stride, stable.

use frunk_core::hlist::{HCons, HNil};
use typenum::{Cmp, Compare, Equal, Greater, Less};

// ---------------------------------------------------------------------------
// Sorting by stride

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
        HCons {
            head: (d, s),
            tail: HNil,
        }
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
        HCons {
            head: (d, s),
            tail: HCons { head, tail },
        }
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

#[cfg(test)]
mod tests {
    #[test]
    fn pairs() {
        use super::Pairs;
        use crate::prelude::*;
        let sorted = shape![2, 3, 4].sort(stride![8, 1, 2]);
        assert_eq!(sorted.head, (int!(1), int!(3)));
        assert_eq!(sorted.tail.head, (int!(2), int!(4)));
    }
}
