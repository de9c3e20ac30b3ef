//! `filter`: drop static stride-0 and size-1 modes, then coalesce.

use super::Coalesce;
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use frunk_core::hlist::{HCons, HNil};
use typenum::{P1, Z0};

/// CuTe's `filter_zeros`: the shape `Self` with every leaf whose stride (in
/// `D`) is the static `_0` replaced by `_1`. Runtime zeros stay, as in CuTe.
pub trait FilterZeros<D> {
    /// The new shape.
    type Output: IntTuple;
    /// Computes it.
    fn filter_zeros(self, stride: D) -> Self::Output;
}
impl<S: Int, D: ZeroToOne<S>> FilterZeros<D> for S {
    type Output = D::Output;
    #[inline(always)]
    fn filter_zeros(self, stride: D) -> Self::Output {
        stride.zero_to_one(self)
    }
}
impl FilterZeros<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn filter_zeros(self, _: HNil) -> HNil {
        HNil
    }
}
impl<H: FilterZeros<DH>, T: FilterZeros<DT>, DH, DT> FilterZeros<HCons<DH, DT>> for HCons<H, T>
where
    HCons<H::Output, T::Output>: IntTuple,
{
    type Output = HCons<H::Output, T::Output>;
    #[inline(always)]
    fn filter_zeros(self, stride: HCons<DH, DT>) -> Self::Output {
        HCons {
            head: self.head.filter_zeros(stride.head),
            tail: self.tail.filter_zeros(stride.tail),
        }
    }
}

/// By the stride `Self`: a static `_0` turns the shape `S` into `_1`.
pub trait ZeroToOne<S> {
    /// `_1` or `S`.
    type Output: IntTuple;
    /// Computes it.
    fn zero_to_one(self, s: S) -> Self::Output;
}
impl<S> ZeroToOne<S> for Z0 {
    type Output = P1;
    #[inline(always)]
    fn zero_to_one(self, _: S) -> P1 {
        P1::new()
    }
}
macro_rules! keep_shape {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<S: Int, $($g)*> ZeroToOne<S> for $T {
            type Output = S;
            #[inline(always)]
            fn zero_to_one(self, s: S) -> S {
                s
            }
        }
    )*};
}
keep_shape!(
    i32 => [],
    typenum::PInt<U> => [U: typenum::Unsigned + typenum::NonZero],
    typenum::NInt<U> => [U: typenum::Unsigned + typenum::NonZero]
);

/// CuTe's `filter(layout)`: `coalesce(filter_zeros(layout))`. The result has
/// no static size-1 or stride-0 mode, unless it is `_1:_0`.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(filter(layout![(2, (1, 6)) : (0, (6, 2))]).to_string(), "_6:_2");
/// assert_eq!(filter(layout![(4, 3) : (0, 0)]).to_string(), "_1:_0");
/// ```
#[inline(always)]
pub fn filter<S, D>(l: Layout<S, D>) -> Filtered<Layout<S, D>>
where
    S: IntTuple + FilterZeros<D>,
    S::Output: Coalesce<D>,
    D: IntTuple,
{
    let (s, d) = (l.shape(), l.stride());
    s.filter_zeros(d).coalesce(d)
}

/// [`filter`] with only the [`FilterLayout`] bound, for other operations.
#[inline(always)]
pub(crate) fn filter_any<S: IntTuple, D: IntTuple>(l: Layout<S, D>) -> Filtered<Layout<S, D>>
where
    Layout<S, D>: FilterLayout,
{
    <Layout<S, D> as FilterLayout>::filter_layout(l)
}

/// The result type of [`filter`].
pub type Filtered<L> = <L as FilterLayout>::Output;

/// [`filter`] seen from the layout, for the [`Filtered`] alias.
pub trait FilterLayout {
    /// The filtered layout.
    type Output;
    /// Computes it.
    fn filter_layout(self) -> Self::Output;
}
impl<S: IntTuple + FilterZeros<D>, D: IntTuple> FilterLayout for Layout<S, D>
where
    S::Output: Coalesce<D>,
{
    type Output = <S::Output as Coalesce<D>>::Output;
    #[inline(always)]
    fn filter_layout(self) -> Self::Output {
        filter(self)
    }
}
