//! The coalesced modes as `(stride, shape, prefix product)` triples, in
//! CuTe's exchange-sort order.

use crate::int::{Int, IntMul, Prod};
use crate::layout::Layout;
use crate::tuple::IntTuple;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Cmp, Compare, Equal, Greater, Less, P1};

// ---------------------------------------------------------------------------
// The coalesced modes as (stride, shape, prefix product) triples

#[doc(hidden)]
/// The coalesced layout's modes: strides, and `(stride, shape, prefix
/// product)` triples (CuTe's `wrap` of an integer layout, then
/// `preprod_shape`).
pub trait InverseModes {
    /// The strides, as a flat tuple.
    type Strides;
    /// The triples.
    type Triples;
    /// Builds the triples.
    fn triples(self) -> Self::Triples;
}
impl<S: Int, D: Int> InverseModes for Layout<S, D> {
    type Strides = HCons<D, HNil>;
    type Triples = HCons<(D, S, P1), HNil>;
    #[inline(always)]
    fn triples(self) -> Self::Triples {
        HCons {
            head: (self.stride(), self.shape(), P1::new()),
            tail: HNil,
        }
    }
}
impl<S0, ST, D0, DT> InverseModes for Layout<HCons<S0, ST>, HCons<D0, DT>>
where
    HCons<S0, ST>: IntTuple + Triples<HCons<D0, DT>, P1>,
    HCons<D0, DT>: IntTuple,
{
    type Strides = HCons<D0, DT>;
    type Triples = <HCons<S0, ST> as Triples<HCons<D0, DT>, P1>>::Output;
    #[inline(always)]
    fn triples(self) -> Self::Triples {
        self.shape().triples(self.stride(), P1::new())
    }
}

/// The triples of the shapes `Self` with strides `D`, the prefix product
/// starting at `P`.
#[doc(hidden)]
pub trait Triples<D, P> {
    /// The triples.
    type Output;
    /// Builds them.
    fn triples(self, stride: D, prefix: P) -> Self::Output;
}
impl<P> Triples<HNil, P> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn triples(self, _: HNil, _: P) -> HNil {
        HNil
    }
}
impl<S0: IntMul<P>, ST: Triples<DT, Prod<S0, P>>, D0, DT, P: Int> Triples<HCons<D0, DT>, P>
    for HCons<S0, ST>
{
    type Output = HCons<(D0, S0, P), ST::Output>;
    #[inline(always)]
    fn triples(self, stride: HCons<D0, DT>, prefix: P) -> Self::Output {
        HCons {
            head: (stride.head, self.head, prefix),
            // Wrapping: the inverses check first that the size fits, and
            // a prefix product never exceeds it.
            tail: self
                .tail
                .triples(stride.tail, self.head.mul_wrapping(prefix)),
        }
    }
}

// ---------------------------------------------------------------------------
// CuTe's exchange sort by stride

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
impl ExchangeSort for HNil {
    type Output = HNil;
    #[inline(always)]
    fn exchange_sort(self) -> HNil {
        HNil
    }
}
impl<H, T: ExchangePass<H>> ExchangeSort for HCons<H, T>
where
    T::Rest: ExchangeSort,
{
    type Output = HCons<T::Min, <T::Rest as ExchangeSort>::Output>;
    #[inline(always)]
    fn exchange_sort(self) -> Self::Output {
        let (min, rest) = self.tail.pass(self.head);
        HCons {
            head: min,
            tail: rest.exchange_sort(),
        }
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
        (
            min,
            HCons {
                head: h,
                tail: rest,
            },
        )
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
    fn exchange_sort() {
        use crate::algebra::{ExchangeSort, InverseModes};
        use crate::prelude::*;
        // Strides (2, 2, 1): CuTe's order is the third mode, then the second, then the first.
        let sorted = layout![(3, 5, 2) : (2, 2, 1)].triples().exchange_sort();
        assert_eq!(sorted.head.1.value(), 2);
        assert_eq!(sorted.tail.head.1.value(), 5);
        assert_eq!(sorted.tail.tail.head.1.value(), 3);
    }

    #[test]
    fn inverse_modes() {
        use super::InverseModes;
        use crate::prelude::*;
        let t = layout![(2, 4) : (4, 1)].triples();
        assert_eq!(t.head, (int!(4), int!(2), int!(1)));
        assert_eq!(t.tail.head, (int!(1), int!(4), int!(2)));
    }
}
