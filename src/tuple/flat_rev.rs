//! `flatten` then `reverse` in one pass: the leaves of a tuple, last first,
//! as coalescing walks a layout's modes from the last one.

use frunk_core::hlist::{HCons, HNil};
use typenum::Z0;

#[doc(hidden)]
/// The leaves of the IntTuple `Self` in reverse order, in front of `Acc`
/// (`flatten` then `reverse`, without computing the tuple's size).
pub trait FlatRevOnto<Acc> {
    /// The reversed leaves, then `Acc`.
    type Output;
    /// Computes it.
    fn flat_rev_onto(self, acc: Acc) -> Self::Output;
}
macro_rules! flat_rev_leaf {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<Acc, $($g)*> FlatRevOnto<Acc> for $T {
            type Output = HCons<$T, Acc>;
            #[inline(always)]
            fn flat_rev_onto(self, acc: Acc) -> Self::Output {
                HCons { head: self, tail: acc }
            }
        }
    )*};
}
flat_rev_leaf!(
    [U: typenum::Unsigned + typenum::NonZero] typenum::PInt<U>,
    [U: typenum::Unsigned + typenum::NonZero] typenum::NInt<U>,
    [] Z0,
    [] i32,
    [] i64
);
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
