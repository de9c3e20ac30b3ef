//! Compact strides (LayoutLeft, LayoutRight), prefix products,
//! `product_each` and `inner_product`.

use crate::int::kind::NotOne;
use crate::int::{Int, IntAdd, IntMul, Prod, Sum};
use crate::tuple::cons;
use crate::tuple::{IntTuple, Size};
use frunk_core::hlist::{HCons, HNil};
use typenum::{B1, P1, PInt, UInt, UTerm, Z0};

/// Column-major order: the leftmost mode is fastest.
#[derive(Clone, Copy, Debug, Default)]
pub struct LayoutLeft;
/// Row-major order: the rightmost mode is fastest.
#[derive(Clone, Copy, Debug, Default)]
pub struct LayoutRight;

/// CuTe's `compact_major`: compact strides of a shape, starting at `C`.
/// As in CuTe, a static `_1` mode gets stride `_0` and leaves `C` unchanged.
#[doc(hidden)]
pub trait Compact<Major, C: Int>: IntTuple {
    /// The strides, congruent to `Self`.
    type Stride: IntTuple;
    /// `C` times the size of `Self`: where the next mode starts.
    type Next: Int;
    /// Computes the strides and the next start.
    fn compact(self, current: C) -> (Self::Stride, Self::Next);
}

impl<M, C: Int> Compact<M, C> for PInt<UInt<UTerm, B1>> {
    type Stride = Z0;
    type Next = C;
    #[inline(always)]
    fn compact(self, current: C) -> (Z0, C) {
        (Z0::new(), current)
    }
}
impl<M, C: Int + IntMul<X>, X: Int + NotOne> Compact<M, C> for X {
    type Stride = C;
    type Next = Prod<C, X>;
    #[inline(always)]
    fn compact(self, current: C) -> (C, Self::Next) {
        (current, current.mul(self))
    }
}
impl<M, C: Int> Compact<M, C> for HNil {
    type Stride = HNil;
    type Next = C;
    #[inline(always)]
    fn compact(self, current: C) -> (HNil, C) {
        (HNil, current)
    }
}
/// A tuple's compact strides, mode by mode: column-major walks the head
/// first, row-major the tail first, each mode starting where the one
/// walked before it ends.
macro_rules! compact_modes {
    ($($Major:ident: $First:ident($first:ident), $Second:ident($second:ident) => $build:expr;)*) => {$(
        impl<C: Int, $First: Compact<$Major, C>, $Second: Compact<$Major, $First::Next>>
            Compact<$Major, C> for HCons<H, T>
        where
            Self: IntTuple,
            HCons<H::Stride, T::Stride>: IntTuple,
        {
            type Stride = HCons<H::Stride, T::Stride>;
            type Next = $Second::Next;
            #[inline(always)]
            fn compact(self, current: C) -> (Self::Stride, $Second::Next) {
                let ($first, next) = self.$first.compact(current);
                let ($second, last) = self.$second.compact(next);
                ($build, last)
            }
        }
    )*};
}
compact_modes! {
    LayoutLeft: H(head), T(tail) => HCons { head, tail };
    LayoutRight: T(tail), H(head) => HCons { head, tail };
}

/// The column-major compact strides of a shape type.
pub type CompactColMajor<S> = <S as Compact<LayoutLeft, P1>>::Stride;
/// The row-major compact strides of a shape type.
pub type CompactRowMajor<S> = <S as Compact<LayoutRight, P1>>::Stride;

/// CuTe's `compact_col_major(shape)`.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(compact_col_major(shape![2, (3, 1), 4]).to_cute_string(), "(_1,(_2,_0),_6)");
/// ```
#[inline(always)]
pub fn compact_col_major<S: Compact<LayoutLeft, P1>>(shape: S) -> S::Stride {
    shape.compact(P1::new()).0
}

/// CuTe's `compact_row_major(shape)`.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(compact_row_major(shape![2, 3, 4]).to_cute_string(), "(_12,_4,_1)");
/// ```
#[inline(always)]
pub fn compact_row_major<S: Compact<LayoutRight, P1>>(shape: S) -> S::Stride {
    shape.compact(P1::new()).0
}

/// CuTe's exclusive `prefix_product`: `(a, b, c) -> (1, a, a*b)`, by
/// top-level mode (a nested mode contributes its size).
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(prefix_product(shape![2, (3, 4), 5]).to_cute_string(), "(_1,_2,_24)");
/// ```
pub trait PrefixProduct<C: Int> {
    /// The prefix products.
    type Output: IntTuple;
    /// Computes them, starting at `current`.
    fn prefix_product_from(self, current: C) -> Self::Output;
}
impl<C: Int> PrefixProduct<C> for HNil {
    type Output = HNil;
    fn prefix_product_from(self, _: C) -> HNil {
        HNil
    }
}
impl<C: Int + IntMul<H::Size>, H: Size, T: PrefixProduct<Prod<C, H::Size>>> PrefixProduct<C>
    for HCons<H, T>
where
    HCons<C, T::Output>: IntTuple,
{
    type Output = HCons<C, T::Output>;
    fn prefix_product_from(self, current: C) -> Self::Output {
        let next = current.mul(self.head.size());
        cons(current, self.tail.prefix_product_from(next))
    }
}

/// Exclusive prefix product of a tuple's top-level sizes, from `_1`.
#[inline(always)]
pub fn prefix_product<T: PrefixProduct<P1>>(t: T) -> T::Output {
    t.prefix_product_from(P1::new())
}

/// CuTe's `product_each`: the size of each top-level mode.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(product_each(shape![2, (3, 4), 5]).to_cute_string(), "(_2,_12,_5)");
/// ```
#[doc(hidden)]
pub trait ProductEach {
    /// The sizes.
    type Output: IntTuple;
    /// Computes them.
    fn product_each(self) -> Self::Output;
}
crate::tuple::nil_to_nil!(ProductEach::product_each);
impl<H: Size, T: ProductEach> ProductEach for HCons<H, T>
where
    HCons<H::Size, T::Output>: IntTuple,
{
    type Output = HCons<H::Size, T::Output>;
    fn product_each(self) -> Self::Output {
        cons(self.head.size(), self.tail.product_each())
    }
}

/// Size of each top-level mode, as a free function.
#[inline(always)]
pub fn product_each<T: ProductEach>(t: T) -> T::Output {
    t.product_each()
}

/// CuTe's `inner_product(a, b)` of congruent IntTuples: the sum of the
/// products of matching leaves.
#[diagnostic::on_unimplemented(
    message = "inner_product: the operands are not congruent: they must be IntTuples of the same profile",
    label = "not congruent with the first operand"
)]
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tuple::InnerProduct;
/// // A coordinate's offset is its inner product with the stride: 1*4 + 1*2 + 0*1.
/// assert_eq!(coord![1, (1, 0)].inner_product(stride![4, (2, 1)]).cute_string(), "_6");
/// let k: i32 = 3;
/// assert_eq!(coord![k, 2].inner_product(stride![2, 5]).cute_string(), "16");
/// ```
pub trait InnerProduct<B> {
    /// The result: static when every leaf is.
    type Output: Int;
    /// Computes `Σ a_i * b_i`.
    fn inner_product(self, b: B) -> Self::Output;
}
impl<A: Int + IntMul<B>, B: Int> InnerProduct<B> for A {
    type Output = Prod<A, B>;
    #[inline(always)]
    fn inner_product(self, b: B) -> Self::Output {
        self.mul(b)
    }
}
/// Never implemented: a tuple against an integer is not congruent.
#[diagnostic::on_unimplemented(
    message = "inner_product: the operands are not congruent: a tuple against an integer",
    label = "not congruent with the first operand"
)]
#[doc(hidden)]
pub trait NotCongruentWith<T> {}
crate::int::zero_impls! {
    /// A tuple against an integer: refused by [`NotCongruentWith`]. Without this
    /// impl the tuple impl would be the only candidate for a tuple, rustc would
    /// take the second operand's type from it while checking the call, and the
    /// error would be a type mismatch inside that operand instead of this
    /// condition.
    [H, T, I: Int + NotCongruentWith<Self>] HCons<H, T> as InnerProduct<I>::inner_product(I);
}
crate::int::zero_impls! {
    [] HNil as InnerProduct<HNil>::inner_product(HNil);
}
#[diagnostic::do_not_recommend]
impl<H1: InnerProduct<H2>, T1: InnerProduct<T2>, H2, T2> InnerProduct<HCons<H2, T2>>
    for HCons<H1, T1>
where
    H1::Output: IntAdd<T1::Output>,
{
    type Output = Sum<H1::Output, T1::Output>;
    #[inline(always)]
    fn inner_product(self, b: HCons<H2, T2>) -> Self::Output {
        self.head
            .inner_product(b.head)
            .add(self.tail.inner_product(b.tail))
    }
}

/// `inner_product(a, b)` as a free function.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(inner_product(shape![1, (2, 3)], stride![4, (5, 6)]).value(), 32);
/// ```
#[inline(always)]
pub fn inner_product<A: InnerProduct<B>, B>(a: A, b: B) -> A::Output {
    a.inner_product(b)
}
