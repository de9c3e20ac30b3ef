//! `right_inverse`'s walk: the chain of strides from 1.

use super::markers::RightInverseRuntimeStride;
use super::modes::InverseModes;
use crate::int::{Int, IntMul, Prod, RuntimeInt};
use crate::layout::bw_coalesce::BwStart;
use crate::tuple::ExchangeSort;
use crate::tuple::cons;
use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, Cmp, Compare, Equal, Greater, Less, NonZero, P1, PInt, Unsigned, Z0};

// ---------------------------------------------------------------------------
// right_inverse

/// Starts `right_inverse` on the coalesced layout `L`, by the verdict of
/// [`AllStatic`] on its strides.
#[doc(hidden)]
pub trait RightInverseStart<L> {
    /// The right inverse, or a marker.
    type Output;
    /// Computes it.
    fn start(l: L) -> Self::Output;
}
impl<L> RightInverseStart<L> for B0 {
    type Output = RightInverseRuntimeStride;
    #[inline(always)]
    fn start(_: L) -> Self::Output {
        RightInverseRuntimeStride
    }
}
impl<L: InverseModes> RightInverseStart<L> for B1
where
    L::Triples: ExchangeSort,
    <L::Triples as ExchangeSort>::Output: RightInverseFold<P1, HCons<P1, HNil>, HCons<Z0, HNil>>,
{
    type Output = <<L::Triples as ExchangeSort>::Output as RightInverseFold<
        P1,
        HCons<P1, HNil>,
        HCons<Z0, HNil>,
    >>::Output;
    #[inline(always)]
    fn start(l: L) -> Self::Output {
        let acc_s = HCons {
            head: P1::new(),
            tail: HNil,
        };
        let acc_d = HCons {
            head: Z0::new(),
            tail: HNil,
        };
        l.triples().exchange_sort().fold(P1::new(), acc_s, acc_d)
    }
}

/// Walks the sorted triples with the extent `Curr`, collecting the modes
/// `shape : prefix product` of the chain on the reversed lists `AS:AD`;
/// the result is their coalesced layout.
#[doc(hidden)]
pub trait RightInverseFold<Curr, AS, AD> {
    /// The right inverse.
    type Output;
    /// Continues the walk.
    fn fold(self, curr: Curr, acc_s: AS, acc_d: AD) -> Self::Output;
}
impl<Curr, AS: BwStart<AD>, AD> RightInverseFold<Curr, AS, AD> for HNil {
    type Output = AS::Output;
    #[inline(always)]
    fn fold(self, _: Curr, acc_s: AS, acc_d: AD) -> Self::Output {
        acc_s.bw_start(acc_d)
    }
}
impl<X, T, Curr: RightInverseStep<X, T, AS, AD>, AS, AD> RightInverseFold<Curr, AS, AD>
    for HCons<X, T>
{
    type Output = Curr::Output;
    #[inline(always)]
    fn fold(self, curr: Curr, acc_s: AS, acc_d: AD) -> Self::Output {
        curr.step(self.head, self.tail, acc_s, acc_d)
    }
}

/// The triple `X` against the extent `Self`: a static extent compares, a
/// runtime one ends the chain (CuTe's `is_constant<stride, curr>` is false).
#[doc(hidden)]
pub trait RightInverseStep<X, T, AS, AD> {
    /// The right inverse.
    type Output;
    /// Continues the walk over `rest`.
    fn step(self, x: X, rest: T, acc_s: AS, acc_d: AD) -> Self::Output;
}
impl<R: RuntimeInt, X, T, AS: BwStart<AD>, AD> RightInverseStep<X, T, AS, AD> for R {
    type Output = AS::Output;
    #[inline(always)]
    fn step(self, _: X, _: T, acc_s: AS, acc_d: AD) -> Self::Output {
        acc_s.bw_start(acc_d)
    }
}
impl<U: Unsigned + NonZero, D: Cmp<PInt<U>>, S, P, T, AS, AD> RightInverseStep<(D, S, P), T, AS, AD>
    for PInt<U>
where
    Compare<D, PInt<U>>: RightInverseLink<PInt<U>, (D, S, P), T, AS, AD>,
{
    type Output = <Compare<D, PInt<U>> as RightInverseLink<PInt<U>, (D, S, P), T, AS, AD>>::Output;
    #[inline(always)]
    fn step(self, x: (D, S, P), rest: T, acc_s: AS, acc_d: AD) -> Self::Output {
        <Compare<D, PInt<U>> as RightInverseLink<PInt<U>, (D, S, P), T, AS, AD>>::link(
            self, x, rest, acc_s, acc_d,
        )
    }
}

/// The branch of a static step: an equal stride links the mode into the chain.
#[doc(hidden)]
pub trait RightInverseLink<Curr, X, T, AS, AD> {
    /// The right inverse.
    type Output;
    /// Continues the walk.
    fn link(curr: Curr, x: X, rest: T, acc_s: AS, acc_d: AD) -> Self::Output;
}
impl<Curr, D: Int, S: IntMul<D>, P, T, AS, AD> RightInverseLink<Curr, (D, S, P), T, AS, AD>
    for Equal
where
    T: RightInverseFold<Prod<S, D>, HCons<S, AS>, HCons<P, AD>>,
{
    type Output = T::Output;
    #[inline(always)]
    fn link(_: Curr, (d, s, p): (D, S, P), rest: T, acc_s: AS, acc_d: AD) -> Self::Output {
        let acc_s = HCons {
            head: s,
            tail: acc_s,
        };
        rest.fold(
            // Wrapping: a runtime extent ends the chain unused (only a
            // static one is compared with the next stride).
            s.mul_wrapping(d),
            acc_s,
            cons(p, acc_d),
        )
    }
}
macro_rules! skip {
    ($($O:ty),*) => {$(
        impl<Curr, X, T: RightInverseFold<Curr, AS, AD>, AS, AD> RightInverseLink<Curr, X, T, AS, AD> for $O {
            type Output = T::Output;
            #[inline(always)]
            fn link(curr: Curr, _: X, rest: T, acc_s: AS, acc_d: AD) -> Self::Output {
                rest.fold(curr, acc_s, acc_d)
            }
        }
    )*};
}
skip!(Less, Greater);
