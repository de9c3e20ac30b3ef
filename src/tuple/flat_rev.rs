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
/// A leaf: every integer type.
impl<Acc, X: crate::int::Int> FlatRevOnto<Acc> for X {
    type Output = HCons<X, Acc>;
    #[inline(always)]
    fn flat_rev_onto(self, acc: Acc) -> Self::Output {
        HCons {
            head: self,
            tail: acc,
        }
    }
}
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
