//! The end of the walk: the modes that fill up to the cotarget (CuTe's
//! `coalesce(ceil_div(cotarget, cur))` with compact strides), and the
//! result built from the reversed mode lists.

use super::OP;
use super::checked::{checked_mul, fits_product, positive};
use crate::algebra::Coalesce;
use crate::error::LayoutError;
use crate::int::classify::One;
use crate::int::kind::NotOne;
use crate::int::{CeilDiv, Int, IntCeilDiv, IntMul, Prod, RuntimeInt};
use crate::layout::Layout;
use crate::tuple::cons;
use crate::tuple::{AllStatic, Compact, Flat, LayoutLeft, ReverseOnto};
use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, P1, Z0};

// The unwrap helper moved to `tuple`; its old path here.
#[doc(hidden)]
pub use crate::tuple::IntIfSingle;

/// Pushes the mode `Self:D` onto the reversed lists, unless `Self` is the
/// static `_1` (CuTe's final coalesce drops it).
#[doc(hidden)]
pub trait PushMode<D, AS, AD> {
    /// The shapes after the push.
    type S;
    /// The strides after the push.
    type D;
    /// Pushes.
    fn push(self, d: D, acc_s: AS, acc_d: AD) -> (Self::S, Self::D);
}
impl<D, AS, AD> PushMode<D, AS, AD> for One {
    type S = AS;
    type D = AD;
    #[inline(always)]
    fn push(self, _: D, acc_s: AS, acc_d: AD) -> (AS, AD) {
        (acc_s, acc_d)
    }
}
impl<X: NotOne, D, AS, AD> PushMode<D, AS, AD> for X {
    type S = HCons<Self, AS>;
    type D = HCons<D, AD>;
    #[inline(always)]
    fn push(self, d: D, acc_s: AS, acc_d: AD) -> (Self::S, Self::D) {
        (cons(self, acc_s), cons(d, acc_d))
    }
}

// ---------------------------------------------------------------------------
// The rest of the cotarget

/// The modes that fill up to the cotarget `Self` from the extent `Cur`,
/// pushed after the gaps `AS:AD`; then the result is built.
#[doc(hidden)]
pub trait ComplementRest<Cur, AS, AD> {
    /// The complement.
    type Output;
    /// Computes it.
    fn rest(self, cur: Cur, acc_s: AS, acc_d: AD) -> Result<Self::Output, LayoutError>;
}
/// An integer cotarget: one mode `ceil_div(M, cur) : cur`.
impl<M: Int + IntCeilDiv<Cur>, Cur: Int, AS, AD> ComplementRest<Cur, AS, AD> for M
where
    CeilDiv<M, Cur>: PushMode<Cur, AS, AD>,
    <CeilDiv<M, Cur> as PushMode<Cur, AS, AD>>::S:
        FinishModes<<CeilDiv<M, Cur> as PushMode<Cur, AS, AD>>::D>,
{
    type Output = <<CeilDiv<M, Cur> as PushMode<Cur, AS, AD>>::S as FinishModes<
        <CeilDiv<M, Cur> as PushMode<Cur, AS, AD>>::D,
    >>::Output;
    #[inline(always)]
    fn rest(self, cur: Cur, acc_s: AS, acc_d: AD) -> Result<Self::Output, LayoutError> {
        positive(self.wide())?;
        let q = self
            .ceil_div_checked(cur)
            .ok_or(LayoutError::Overflow { op: OP })?;
        // The result reaches `q * cur` (the cotarget rounded up): it must
        // fit, as the extents of a shape cotarget's modes do.
        fits_product::<<CeilDiv<M, Cur> as Int>::Value>(q.wide(), cur.wide())?;
        let (s, d) = q.push(cur, acc_s, acc_d);
        Ok(s.finish(d))
    }
}
/// A shape cotarget: `coalesce(ceil_div(M, cur))` with compact strides from `cur`.
impl<H, T, Cur: Int, AS, AD> ComplementRest<Cur, AS, AD> for HCons<H, T>
where
    Self: Flat,
    <Self as Flat>::Flat: CeilDivLeaves<Cur>,
    <<Self as Flat>::Flat as CeilDivLeaves<Cur>>::Output: CoalesceRuns,
    <<<Self as Flat>::Flat as CeilDivLeaves<Cur>>::Output as CoalesceRuns>::Output:
        CompactPush<Cur, AS, AD>,
{
    type Output = <<<<Self as Flat>::Flat as CeilDivLeaves<Cur>>::Output as CoalesceRuns>::Output as CompactPush<
        Cur,
        AS,
        AD,
    >>::Output;
    #[inline(always)]
    fn rest(self, cur: Cur, acc_s: AS, acc_d: AD) -> Result<Self::Output, LayoutError> {
        self.flatten()
            .ceil_div_leaves(cur)?
            .coalesce_runs()?
            .compact_push(cur, acc_s, acc_d)
    }
}

#[doc(hidden)]
/// CuTe's `ceil_div(tuple, b)` on the flat leaves `Self`: each leaf `a`
/// becomes `ceil_div(a, b)` and `b` becomes `ceil_div(b, a)`. (On a nested
/// tuple CuTe divides by whole modes, which gives the same leaves, as
/// `⌈⌈x / a⌉ / b⌉ = ⌈x / ab⌉`.)
pub trait CeilDivLeaves<B> {
    /// The flat result.
    type Output;
    /// Computes it; every leaf must be at least 1.
    fn ceil_div_leaves(self, b: B) -> Result<Self::Output, LayoutError>;
}
impl<B> CeilDivLeaves<B> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn ceil_div_leaves(self, _: B) -> Result<HNil, LayoutError> {
        Ok(HNil)
    }
}
impl<A: IntCeilDiv<B>, B: IntCeilDiv<A>, T: CeilDivLeaves<CeilDiv<B, A>>> CeilDivLeaves<B>
    for HCons<A, T>
{
    type Output = HCons<CeilDiv<A, B>, T::Output>;
    #[inline(always)]
    fn ceil_div_leaves(self, b: B) -> Result<Self::Output, LayoutError> {
        positive(self.head.wide())?;
        let overflow = LayoutError::Overflow { op: OP };
        Ok(HCons {
            head: self.head.ceil_div_checked(b).ok_or(overflow)?,
            tail: self
                .tail
                .ceil_div_leaves(b.ceil_div_checked(self.head).ok_or(overflow)?)?,
        })
    }
}

#[doc(hidden)]
/// CuTe's `coalesce(shape)` on flat leaves: neighbours that are both static
/// or both runtime multiply into one run.
pub trait CoalesceRuns {
    /// The runs, as a flat tuple.
    type Output;
    /// Computes them, checking the products for overflow.
    fn coalesce_runs(self) -> Result<Self::Output, LayoutError>;
}
impl<F, T: RunsFrom<F>> CoalesceRuns for HCons<F, T> {
    type Output = T::Output;
    #[inline(always)]
    fn coalesce_runs(self) -> Result<Self::Output, LayoutError> {
        self.tail.runs_from(self.head)
    }
}
/// Continues the runs over `Self` with the current run `F`.
#[doc(hidden)]
pub trait RunsFrom<F> {
    /// The runs.
    type Output;
    /// Computes them.
    fn runs_from(self, front: F) -> Result<Self::Output, LayoutError>;
}
impl<F> RunsFrom<F> for HNil {
    type Output = HCons<F, HNil>;
    #[inline(always)]
    fn runs_from(self, front: F) -> Result<Self::Output, LayoutError> {
        Ok(cons(front, HNil))
    }
}
impl<F: AllStatic, X: AllStatic, T> RunsFrom<F> for HCons<X, T>
where
    (F::Is, X::Is): RunJoin<F, X, T>,
{
    type Output = <(F::Is, X::Is) as RunJoin<F, X, T>>::Output;
    #[inline(always)]
    fn runs_from(self, front: F) -> Result<Self::Output, LayoutError> {
        <(F::Is, X::Is) as RunJoin<F, X, T>>::join(front, self.head, self.tail)
    }
}
/// Merge `X` into the run `F` when both are static or both runtime.
#[doc(hidden)]
pub trait RunJoin<F, X, T> {
    /// The runs.
    type Output;
    /// Continues.
    fn join(front: F, x: X, rest: T) -> Result<Self::Output, LayoutError>;
}
macro_rules! run_join {
    (merge $($K:ty),*) => {$(
        impl<F: IntMul<X>, X: Int, T: RunsFrom<Prod<F, X>>> RunJoin<F, X, T> for ($K, $K) {
            type Output = T::Output;
            #[inline(always)]
            fn join(front: F, x: X, rest: T) -> Result<Self::Output, LayoutError> {
                rest.runs_from(checked_mul(front, x)?)
            }
        }
    )*};
    (split $(($A:ty, $B:ty)),*) => {$(
        impl<F, X, T: RunsFrom<X>> RunJoin<F, X, T> for ($A, $B) {
            type Output = HCons<F, T::Output>;
            #[inline(always)]
            fn join(front: F, x: X, rest: T) -> Result<Self::Output, LayoutError> {
                Ok(HCons { head: front, tail: rest.runs_from(x)? })
            }
        }
    )*};
}
run_join!(merge B0, B1);
run_join!(split(B0, B1), (B1, B0));

/// Pushes the runs `Self` with compact strides from `C` (static `_1`
/// runs dropped), then builds the result.
#[doc(hidden)]
pub trait CompactPush<C, AS, AD> {
    /// The complement.
    type Output;
    /// Computes it.
    fn compact_push(self, c: C, acc_s: AS, acc_d: AD) -> Result<Self::Output, LayoutError>;
}
impl<C, AS: FinishModes<AD>, AD> CompactPush<C, AS, AD> for HNil {
    type Output = AS::Output;
    #[inline(always)]
    fn compact_push(self, _: C, acc_s: AS, acc_d: AD) -> Result<Self::Output, LayoutError> {
        Ok(acc_s.finish(acc_d))
    }
}
impl<R, T, C, AS, AD> CompactPush<C, AS, AD> for HCons<R, T>
where
    R: Int + PushMode<C, AS, AD>,
    C: Int + IntMul<R>,
    T: CompactPush<Prod<C, R>, R::S, R::D>,
{
    type Output = T::Output;
    #[inline(always)]
    fn compact_push(self, c: C, acc_s: AS, acc_d: AD) -> Result<Self::Output, LayoutError> {
        let next = checked_mul(c, self.head)?;
        let (s, d) = self.head.push(c, acc_s, acc_d);
        self.tail.compact_push(next, s, d)
    }
}

/// Builds the result from the reversed modes `Self:AD`: none is `_1:_0`,
/// one is an integer layout, more are a flat tuple.
#[doc(hidden)]
pub trait FinishModes<AD> {
    /// The layout.
    type Output;
    /// Builds it.
    fn finish(self, acc_d: AD) -> Self::Output;
}
impl FinishModes<HNil> for HNil {
    type Output = Layout<P1, Z0>;
    #[inline(always)]
    fn finish(self, _: HNil) -> Self::Output {
        Layout::from_parts(P1::new(), Z0::new())
    }
}
impl<A, DA> FinishModes<HCons<DA, HNil>> for HCons<A, HNil> {
    type Output = Layout<A, DA>;
    #[inline(always)]
    fn finish(self, acc_d: HCons<DA, HNil>) -> Self::Output {
        Layout::from_parts(self.head, acc_d.head)
    }
}
impl<A, B, T, DA, DB, DT> FinishModes<HCons<DA, HCons<DB, DT>>> for HCons<A, HCons<B, T>>
where
    Self: ReverseOnto<HNil>,
    HCons<DA, HCons<DB, DT>>: ReverseOnto<HNil>,
{
    type Output = Layout<
        <Self as ReverseOnto<HNil>>::Output,
        <HCons<DA, HCons<DB, DT>> as ReverseOnto<HNil>>::Output,
    >;
    #[inline(always)]
    fn finish(self, acc_d: HCons<DA, HCons<DB, DT>>) -> Self::Output {
        Layout::from_parts(self.reverse_onto(HNil), acc_d.reverse_onto(HNil))
    }
}

/// The cotarget of a stride-0 layout: CuTe's `make_layout(coalesce(cotarget))`.
#[doc(hidden)]
pub trait StrideZeroCotarget {
    /// The complement.
    type Output;
    /// Computes it.
    fn whole(self) -> Result<Self::Output, LayoutError>;
}
impl<M: Int + Coalesce<P1>> StrideZeroCotarget for M {
    type Output = M::Output;
    #[inline(always)]
    fn whole(self) -> Result<Self::Output, LayoutError> {
        positive(self.wide())?;
        Ok(self.coalesce(P1::new()))
    }
}
impl<H, T> StrideZeroCotarget for HCons<H, T>
where
    Self: Flat + CheckedSize,
    <Self as Flat>::Flat: CoalesceRuns,
    <<Self as Flat>::Flat as CoalesceRuns>::Output: IntIfSingle,
    <<<Self as Flat>::Flat as CoalesceRuns>::Output as IntIfSingle>::Output:
        Compact<LayoutLeft, P1>,
{
    type Output = Layout<
        <<<Self as Flat>::Flat as CoalesceRuns>::Output as IntIfSingle>::Output,
        <<<<Self as Flat>::Flat as CoalesceRuns>::Output as IntIfSingle>::Output as Compact<
            LayoutLeft,
            P1,
        >>::Stride,
    >;
    #[inline(always)]
    fn whole(self) -> Result<Self::Output, LayoutError> {
        self.checked_size()?;
        let shape = self.flatten().coalesce_runs()?.int_if_single();
        Ok(Layout::from_parts(shape, shape.compact(P1::new()).0))
    }
}

#[doc(hidden)]
/// The product of the leaves, checked: each at least 1, and no overflow at
/// the width of the widest leaf (`i32` unless an `i64` takes part).
pub trait CheckedSize {
    /// The widest runtime type among the leaves (`i32` when all are static).
    type Width: RuntimeInt;
    /// The product.
    fn checked_size(self) -> Result<i64, LayoutError>;
}
impl<I: Int> CheckedSize for I {
    type Width = I::Value;
    #[inline(always)]
    fn checked_size(self) -> Result<i64, LayoutError> {
        positive(self.wide())
    }
}
impl CheckedSize for HNil {
    type Width = i32;
    #[inline(always)]
    fn checked_size(self) -> Result<i64, LayoutError> {
        Ok(1)
    }
}
impl<H: CheckedSize, T: CheckedSize> CheckedSize for HCons<H, T>
where
    H::Width: IntMul<T::Width>,
    Prod<H::Width, T::Width>: RuntimeInt,
{
    type Width = Prod<H::Width, T::Width>;
    #[inline(always)]
    fn checked_size(self) -> Result<i64, LayoutError> {
        let (h, t) = (self.head.checked_size()?, self.tail.checked_size()?);
        fits_product::<Self::Width>(h, t).map(|()| h * t)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn ceil_div_leaves() {
        use super::CeilDivLeaves;
        use crate::prelude::*;
        // CuTe: ceil_div((32,4,4), 64) = (_1,_2,_4)
        let r = shape![32, 4, 4].ceil_div_leaves(int!(64)).unwrap();
        assert_eq!(r.to_cute_string(), "(_1,_2,_4)");
    }

    #[test]
    fn checked_size() {
        use super::CheckedSize;
        use crate::prelude::*;
        assert_eq!(shape![2, (3, 4)].checked_size(), Ok(24));
        let (zero, big): (i32, i32) = (0, 1 << 20);
        assert!(shape![2, zero].checked_size().is_err());
        assert!(shape![big, big].checked_size().is_err());
        let wide: i64 = 1 << 20;
        assert_eq!(shape![big, wide].checked_size(), Ok(1 << 40));
    }

    #[test]
    fn coalesce_runs() {
        use super::CoalesceRuns;
        use crate::prelude::*;
        let n: i32 = 3;
        assert_eq!(
            shape![1, 2, n, n, 4]
                .coalesce_runs()
                .unwrap()
                .to_cute_string(),
            "(_2,9,_4)"
        );
    }
}
