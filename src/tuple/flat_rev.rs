//! `flatten` then `reverse` in one pass: the leaves of a tuple, last first,
//! as coalescing walks a layout's modes from the last one.

use frunk_core::hlist::{HCons, HNil};

#[doc(hidden)]
/// The leaves of the IntTuple `Self` in reverse order, in front of `Acc`
/// (`flatten` then `reverse`, without computing the tuple's size).
pub trait FlatRevOnto<Acc> {
    /// The reversed leaves, then `Acc`.
    type Output;
    /// Computes it.
    fn flat_rev_onto(self, acc: Acc) -> Self::Output;
}
/// A leaf: every integer type, one impl per type constructor
/// ([`for_int_kinds!`](crate::int::for_int_kinds)) rather than a blanket
/// `impl<X: Int>`: coalesce calls this on every tuple it walks, and a
/// blanket impl would be a second candidate for each of those tuples
/// (measured: 0.45% more type-checking instructions on 100 static calls).
macro_rules! flat_rev_leaf {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<Acc, $($g)*> FlatRevOnto<Acc> for $T {
            type Output = HCons<$T, Acc>;
            #[inline(always)]
            fn flat_rev_onto(self, acc: Acc) -> Self::Output {
                HCons { head: self, tail: acc }
            }
        }
    )*};
}
crate::int::for_int_kinds!(flat_rev_leaf);
impl<Acc> FlatRevOnto<Acc> for HNil {
    type Output = Acc;
    #[inline(always)]
    fn flat_rev_onto(self, acc: Acc) -> Acc {
        acc
    }
}
impl<Acc, H: FlatRevOnto<Acc>, T: FlatRevOnto<H::Output>> FlatRevOnto<Acc> for HCons<H, T> {
    type Output = T::Output;
    #[inline(always)]
    fn flat_rev_onto(self, acc: Acc) -> Self::Output {
        self.tail.flat_rev_onto(self.head.flat_rev_onto(acc))
    }
}
