//! Profile relations between IntTuples: congruent, weakly congruent and
//! compatible (CuTe's shape partial order).
//!
//! Each relation is a trait implemented for every pair, so that it can be
//! asked as a `bool` ([`congruent`], …). [`Congruent`] is the bound form,
//! implemented only for congruent pairs, for constructors to require.

use crate::int::Int;
use crate::tuple::{Rank, RankOf, Size};
use frunk_core::hlist::{HCons, HNil};

/// Pairwise profile relations, defined for every pair of IntTuples.
#[doc(hidden)]
pub trait Relate<B> {
    /// Same profile (nesting and ranks).
    const CONGRUENT: bool;
    /// `Self`'s profile is a coarsening of `B`'s: an integer in `Self` may
    /// stand for any subtree of `B`.
    const WEAKLY_CONGRUENT: bool;
    /// CuTe's `compatible(self, b)`: every integer of `self` equals the size
    /// of the matching subtree of `b`, and tuples have equal ranks.
    fn compatible(self, b: B) -> bool;
}

impl<A: Int, B: Int> Relate<B> for A {
    const CONGRUENT: bool = true;
    const WEAKLY_CONGRUENT: bool = true;
    fn compatible(self, b: B) -> bool {
        self.wide() == b.wide()
    }
}
impl<A: Int> Relate<HNil> for A {
    const CONGRUENT: bool = false;
    const WEAKLY_CONGRUENT: bool = true;
    fn compatible(self, b: HNil) -> bool {
        self.wide() == b.size().wide()
    }
}
impl<A: Int, H, T> Relate<HCons<H, T>> for A
where
    HCons<H, T>: Size,
{
    const CONGRUENT: bool = false;
    const WEAKLY_CONGRUENT: bool = true;
    fn compatible(self, b: HCons<H, T>) -> bool {
        self.wide() == b.size().wide()
    }
}
impl<B: Int> Relate<B> for HNil {
    const CONGRUENT: bool = false;
    const WEAKLY_CONGRUENT: bool = false;
    fn compatible(self, _: B) -> bool {
        false
    }
}
impl<B: Int, H, T> Relate<B> for HCons<H, T> {
    const CONGRUENT: bool = false;
    const WEAKLY_CONGRUENT: bool = false;
    fn compatible(self, _: B) -> bool {
        false
    }
}
impl Relate<HNil> for HNil {
    const CONGRUENT: bool = true;
    const WEAKLY_CONGRUENT: bool = true;
    fn compatible(self, _: HNil) -> bool {
        true
    }
}
impl<H, T> Relate<HCons<H, T>> for HNil {
    const CONGRUENT: bool = false;
    const WEAKLY_CONGRUENT: bool = false;
    fn compatible(self, _: HCons<H, T>) -> bool {
        false
    }
}
impl<H, T> Relate<HNil> for HCons<H, T> {
    const CONGRUENT: bool = false;
    const WEAKLY_CONGRUENT: bool = false;
    fn compatible(self, _: HNil) -> bool {
        false
    }
}
impl<H1: Relate<H2>, T1: Relate<T2>, H2, T2> Relate<HCons<H2, T2>> for HCons<H1, T1> {
    const CONGRUENT: bool = H1::CONGRUENT && T1::CONGRUENT;
    const WEAKLY_CONGRUENT: bool = H1::WEAKLY_CONGRUENT && T1::WEAKLY_CONGRUENT;
    fn compatible(self, b: HCons<H2, T2>) -> bool {
        self.head.compatible(b.head) && self.tail.compatible(b.tail)
    }
}

/// `true` when `a` and `b` have the same profile (CuTe's `congruent`).
///
/// ```
/// use cute_algebra::prelude::*;
/// assert!(congruent(shape![2, (3, 4)], stride![1, (2, 6)]));
/// assert!(!congruent(shape![2, 3], shape![2, (3, 1)]));
/// ```
pub fn congruent<A: Relate<B>, B>(_: A, _: B) -> bool {
    A::CONGRUENT
}

/// `true` when `a`'s profile coarsens `b`'s (CuTe's `weakly_congruent`).
///
/// ```
/// use cute_algebra::prelude::*;
/// assert!(weakly_congruent(shape![2, 12], shape![2, (3, 4)]));
/// assert!(!weakly_congruent(shape![2, (3, 4)], shape![2, 12]));
/// ```
pub fn weakly_congruent<A: Relate<B>, B>(_: A, _: B) -> bool {
    A::WEAKLY_CONGRUENT
}

/// CuTe's `compatible(a, b)`: the shape partial order. `24 ≤ (4,6) ≤ ((2,2),6)`,
/// but the rank-1 tuple `(24)` is not compatible with the integer `24`.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert!(compatible(int!(24), shape![4, 6]));
/// assert!(compatible(shape![4, 6], shape![(2, 2), 6]));
/// assert!(!compatible(shape![24], int!(24)));
/// assert!(!compatible(shape![4, 6], shape![6, 4]));
/// ```
pub fn compatible<A: Relate<B>, B>(a: A, b: B) -> bool {
    a.compatible(b)
}

/// Bound form of congruence, for constructors: implemented only for
/// congruent pairs, so a non-congruent shape and stride fail to compile.
///
/// Each tuple level checks its rank first ([`SameProfile`], which names
/// both ranks); the walk over the modes below it then accepts any length,
/// so a mismatch is one error. Integers get one impl per kind (not a
/// blanket impl) so that a tuple has a single candidate impl.
#[diagnostic::on_unimplemented(
    message = "shape and stride are not congruent: they have different profiles",
    label = "a layout's shape and stride must have the same nesting and ranks",
    note = "CuTe requires congruent(shape, stride)"
)]
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tuple::Congruent;
/// // A constructor that accepts only a stride of the shape's profile.
/// fn build<S: IntTuple + Congruent<D>, D: IntTuple>(s: S, d: D) -> Layout<S, D> {
///     Layout::new(s, d)
/// }
/// let n: i32 = 3;
/// let l = build(shape![2, (2, n)], stride![4, (2, 1)]);
/// assert_eq!(l.to_string(), "(_2,(_2,3)):(_4,(_2,_1))");
/// ```
pub trait Congruent<D> {}
/// An integer shape with an integer stride (one impl per kind of integer).
macro_rules! int_congruent {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<B: Int, $($g)*> Congruent<B> for $T {}
    )*};
}
crate::int::for_int_kinds!(int_congruent);
impl Congruent<HNil> for HNil {}
impl<H1, T1, D> Congruent<D> for HCons<H1, T1>
where
    Self: RankOf + CongruentModes<D>,
    D: RankOf,
    <D as RankOf>::Rank: SameProfile<<Self as RankOf>::Rank>,
{
}

/// The modes of a tuple shape against those of its stride; lengths that
/// differ were already reported by [`Congruent`].
#[doc(hidden)]
pub trait CongruentModes<D> {}
impl<D> CongruentModes<D> for HNil {}
impl<H1: Congruent<H2>, T1: CongruentModes<T2>, H2, T2> CongruentModes<HCons<H2, T2>>
    for HCons<H1, T1>
{
}
impl<H1, T1> CongruentModes<HNil> for HCons<H1, T1> {}
/// A tuple shape against an integer stride (one impl per kind of integer).
macro_rules! tuple_against_int {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<H1, T1, $($g)*> CongruentModes<$T> for HCons<H1, T1> {}
    )*};
}
crate::int::for_int_kinds!(tuple_against_int);

/// The rank check behind [`Congruent`].
#[diagnostic::on_unimplemented(
    message = "shape and stride are not congruent: the stride has `{Self}` where the shape has `{R}`",
    label = "a layout's shape and stride must have the same nesting and ranks",
    note = "CuTe requires congruent(shape, stride); `IntegerMode` means an integer where the other is a tuple"
)]
#[doc(hidden)]
pub trait SameProfile<R> {}
impl<const N: usize> SameProfile<Rank<N>> for Rank<N> {}

/// CuTe's `elem_less(a, b)`: every element of `a` is below the element of
/// `b` at the same position, recursively; `a` may have fewer modes than
/// `b` (its missing modes compare as less), never more. Kernels use it to
/// predicate a tile's coordinates against the problem's extents
/// (`elem_less(coord, shape)`).
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tuple::elem_less;
/// // CuTe C++ (tests/data/cute/kernel_author_cases.cpp): 1, 0, 1, 0, 1, _0.
/// assert!(elem_less(shape![1, 2], shape![2, 3]));
/// assert!(!elem_less(shape![2, 2], shape![2, 3]));
/// assert!(elem_less(shape![(1, 2), 3], shape![(2, 3), 4]));
/// assert!(!elem_less(shape![(2, 2), 3], shape![(2, 3), 4]));
/// assert!(elem_less(shape![1], shape![2, 3]));
/// assert!(!elem_less(shape![1, 2, 3], shape![2, 3]));
/// let (i, m): (i32, i32) = (130, 128);
/// assert!(!elem_less(coord![i, 5], shape![m, 64]));
/// ```
#[diagnostic::on_unimplemented(
    message = "elem_less: `{Self}` and `{B}` do not compare element by element",
    label = "an integer compares with an integer, a tuple with a tuple (CuTe: no operator< between an int and a tuple)"
)]
pub trait ElemLess<B> {
    /// Whether every element of `self` is below its counterpart in `b`.
    fn elem_less(self, b: B) -> bool;
}
impl<A: Int, B: Int> ElemLess<B> for A {
    #[inline(always)]
    fn elem_less(self, b: B) -> bool {
        self.wide() < b.wide()
    }
}
impl<B> ElemLess<B> for HNil {
    #[inline(always)]
    fn elem_less(self, _: B) -> bool {
        true
    }
}
impl<A0, AT> ElemLess<HNil> for HCons<A0, AT> {
    #[inline(always)]
    fn elem_less(self, _: HNil) -> bool {
        false
    }
}
impl<A0: ElemLess<B0>, AT: ElemLess<BT>, B0, BT> ElemLess<HCons<B0, BT>> for HCons<A0, AT> {
    #[inline(always)]
    fn elem_less(self, b: HCons<B0, BT>) -> bool {
        self.head.elem_less(b.head) && self.tail.elem_less(b.tail)
    }
}

/// [`ElemLess`] as a free function, CuTe's `elem_less(a, b)`.
#[inline(always)]
pub fn elem_less<A: ElemLess<B>, B>(a: A, b: B) -> bool {
    a.elem_less(b)
}
