//! The coalesced modes as `(stride, shape, prefix product)` triples, which
//! the inverses sort in CuTe's exchange-sort order (`tuple::ExchangeSort`).

use crate::int::{Int, IntMul, Prod};
use crate::layout::Layout;
use crate::tuple::IntTuple;
use crate::tuple::cons;
use frunk_core::hlist::{HCons, HNil};
use typenum::P1;

// The sort moved to `tuple`; its old paths here.
#[doc(hidden)]
pub use crate::tuple::{ExchangePass, ExchangeSort, SwapIf};

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
        cons((self.stride(), self.shape(), P1::new()), HNil)
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

#[cfg(test)]
mod tests {
    #[test]
    fn exchange_sort() {
        use crate::algebra::InverseModes;
        use crate::prelude::*;
        use crate::tuple::ExchangeSort;
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
