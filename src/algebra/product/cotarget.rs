//! The cotarget of the block's complement in a product, `size(a) * cosize(t)`,
//! static wherever CuTe's is.

use crate::algebra::composition::Leaves;
use crate::error::LayoutError;
use crate::int::kind::{IntKind, StaticPos};
use crate::int::{SMul, UMul};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Add1, B1, NInt, NonZero, P1, PInt, Sub1, U1, UInt, UTerm, Unsigned, Z0};

#[doc(hidden)]
/// `size(Self) * cosize(TS:TD)` (the product's cotarget), with the cheap
/// static multiply [`SMul`]: static when every value it depends on is, as
/// in CuTe (a static `_1` shape or `_0` stride makes its term `_0`).
pub trait Cotarget<TS, TD>: Sized {
    /// The cotarget.
    type Output;
    /// Computes it (an error if it overflows its type).
    fn cotarget(self, ts: &TS, td: &TD) -> Result<Self::Output, LayoutError>;
}
impl<S, TS, TD> Cotarget<TS, TD> for S
where
    S: LeafProduct<P1> + Leaves,
    TS: CosizeTerms<TD, UTerm> + Leaves,
    TD: Leaves,
    S::Output: SMul<<TS::Output as AccAdd<B1>>::PlusOne>,
    TS::Output: AccAdd<B1>,
    <S::Output as SMul<<TS::Output as AccAdd<B1>>::PlusOne>>::Output: Leaves,
{
    type Output = <S::Output as SMul<<TS::Output as AccAdd<B1>>::PlusOne>>::Output;
    fn cotarget(self, ts: &TS, td: &TD) -> Result<Self::Output, LayoutError> {
        let overflow = LayoutError::Overflow {
            op: "logical_product",
        };
        let mut size: i64 = 1;
        let mut i = 0;
        while let Some((v, _)) = self.leaf(&mut { i }) {
            size = size.checked_mul(v).ok_or(overflow)?;
            i += 1;
        }
        let mut span: i64 = 0;
        let mut i = 0;
        while let (Some((s, _)), Some((d, _))) = (ts.leaf(&mut { i }), td.leaf(&mut { i })) {
            let term = s.checked_sub(1).zip(d.checked_abs());
            let term = term.and_then(|(s, d)| s.checked_mul(d)).ok_or(overflow)?;
            span = span.checked_add(term).ok_or(overflow)?;
            i += 1;
        }
        let v = span.checked_add(1).and_then(|c| size.checked_mul(c));
        let v = v.ok_or(overflow)?;
        let mut out = Self::Output::blank();
        out.set_leaf(&mut 0, v).ok_or(overflow)?;
        Ok(out)
    }
}

#[doc(hidden)]
/// `Acc` times the product of the leaves of `Self`.
pub trait LeafProduct<Acc> {
    /// The product.
    type Output;
}
crate::int::output_impls! {
    [Acc] HNil as LeafProduct<Acc> => Acc;
    [Acc, H: LeafProduct<Acc>, T: LeafProduct<H::Output>] HCons<H, T> as LeafProduct<Acc>
        => T::Output;
    [Acc: SMul<I>, I: crate::int::Int] I as LeafProduct<Acc> => Acc::Output;
}

#[doc(hidden)]
/// `Acc + Σ (s - 1) * |d|` over the leaves `s` of `Self` and `d` of `D`:
/// a typenum unsigned while static, the widest runtime type (`i32` or
/// `i64`) once a runtime value counts.
pub trait CosizeTerms<D, Acc> {
    /// The sum.
    type Output;
}
crate::int::output_impls! {
    [Acc] HNil as CosizeTerms<HNil, Acc> => Acc;
    [Acc, H: CosizeTerms<DH, Acc>, T: CosizeTerms<DT, H::Output>, DH, DT] HCons<H, T> as CosizeTerms<HCons<DH, DT>, Acc>
        => T::Output;
    /// A `_1` shape or a `_0` stride adds a static `_0`.
    [D, Acc] PInt<U1> as CosizeTerms<D, Acc> => Acc;
    /// A static shape `s >= 2`: by the stride.
    [U: Unsigned + NonZero, D, Acc] PInt<U> as CosizeTerms<D, Acc>
        => D::Output
        where [
            PInt<U>: IntKind<Kind = StaticPos<U>>,
            U: core::ops::Sub<B1>,
            D: StrideTerm<Sub1<U>, Acc>,
        ];
}
/// A runtime shape `Self`: a `_0` stride adds nothing; any other stride
/// makes the sum runtime, at least as wide as `Self` and the stride.
macro_rules! runtime_shape_terms {
    ($($R:ty),*) => {$(
        impl<Acc> CosizeTerms<Z0, Acc> for $R {
            type Output = Acc;
        }
        impl<V: Unsigned + NonZero, Acc: RuntimeJoin<$R>> CosizeTerms<PInt<V>, Acc> for $R {
            type Output = Acc::Output;
        }
        impl<V: Unsigned + NonZero, Acc: RuntimeJoin<$R>> CosizeTerms<NInt<V>, Acc> for $R {
            type Output = Acc::Output;
        }
        impl<Acc: RuntimeJoin<$R>> CosizeTerms<i32, Acc> for $R
        where
            Acc::Output: RuntimeJoin<i32>,
        {
            type Output = <Acc::Output as RuntimeJoin<i32>>::Output;
        }
        impl<Acc: RuntimeJoin<$R>> CosizeTerms<i64, Acc> for $R {
            type Output = i64;
        }
    )*};
}
runtime_shape_terms!(i32, i64);

#[doc(hidden)]
/// `Acc + Sm1 * |Self|` for a stride `Self` and a static `Sm1 = s - 1 >= 1`.
pub trait StrideTerm<Sm1, Acc> {
    /// The sum.
    type Output;
}
crate::int::output_impls! {
    [Sm1, Acc] Z0 as StrideTerm<Sm1, Acc> => Acc;
    [Sm1, Acc: RuntimeJoin<i32>] i32 as StrideTerm<Sm1, Acc> => Acc::Output;
    [Sm1, Acc: RuntimeJoin<i64>] i64 as StrideTerm<Sm1, Acc> => Acc::Output;
    [Sm1: UMul<V>, V: Unsigned + NonZero, Acc: AccAdd<Sm1::Output>] PInt<V> as StrideTerm<Sm1, Acc>
        => Acc::Output;
    [Sm1: UMul<V>, V: Unsigned + NonZero, Acc: AccAdd<Sm1::Output>] NInt<V> as StrideTerm<Sm1, Acc>
        => Acc::Output;
}

#[doc(hidden)]
/// The accumulator `Self` after a runtime term of type `R`: runtime, `i64`
/// if either is.
pub trait RuntimeJoin<R> {
    /// The runtime type of the sum.
    type Output;
}
crate::int::output_impls! {
    [R] UTerm as RuntimeJoin<R> => R;
    [U, B, R] UInt<U, B> as RuntimeJoin<R> => R;
    [R] i32 as RuntimeJoin<R> => R;
    [R] i64 as RuntimeJoin<R> => i64;
}

#[doc(hidden)]
/// The accumulator `Self` (a typenum unsigned, or a runtime integer): `Self + X`
/// as [`AccAdd::Output`], and `Self + 1` as an integer ([`AccAdd::PlusOne`]).
pub trait AccAdd<X> {
    /// `Self + X`.
    type Output;
    /// `Self + 1` as an integer (`X` unused).
    type PlusOne;
}
crate::int::assoc_impls! {
    [X] i32 as AccAdd<X> => { Output = i32, PlusOne = i32 };
    [X] i64 as AccAdd<X> => { Output = i64, PlusOne = i64 };
    [X] UTerm as AccAdd<X> => { Output = X, PlusOne = P1 };
    [U, B, X] UInt<U, B> as AccAdd<X>
        => { Output = typenum::Sum<UInt<U, B>, X>, PlusOne = PInt<Add1<UInt<U, B>>> }
        where [
            UInt<U, B>: core::ops::Add<X> + core::ops::Add<B1>,
            Add1<UInt<U, B>>: Unsigned + NonZero,
        ];
}

#[cfg(test)]
mod tests {
    #[test]
    fn cotarget() {
        use super::Cotarget;
        use crate::prelude::*;
        // size((2,3)) = 6, cosize((2,2):(1,4)) = 6.
        let c = shape![2, 3]
            .cotarget(&shape![2, 2], &stride![1, 4])
            .unwrap();
        assert_eq!(c.cute_string(), "_36");
        let n: i32 = 3;
        let c = shape![2, n]
            .cotarget(&shape![2, 2], &stride![1, 4])
            .unwrap();
        assert_eq!(c.cute_string(), "36");
    }
}
