//! `idx2crd`: the coordinate of an index.
//!
//! [`idx2crd`] splits an index colexicographically over a shape (the last
//! mode unbounded, as in CuTe). [`Layout::idx2crd`] inverts a compact layout:
//! per leaf `(i / d) % s`, with a static size-1 leaf giving `_0`.

use crate::int::kind::{IntKind, KindOf, Runtime, StaticPos};
use crate::int::{Int, IntDiv, IntRem, Mod, Quot};
use crate::layout::Layout;
use crate::tuple::cons;
use crate::tuple::{IntTuple, Size};
use frunk_core::hlist::{HCons, HNil};
use typenum::{B1, PInt, UInt, UTerm};

/// Splits the index `I` colexicographically over the shape `Self`.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::layout::Idx2Crd;
/// // Colexicographic: the first mode varies fastest.
/// fn coord_of<S: Idx2Crd<I>, I>(s: S, i: I) -> S::Output { s.idx2crd(i) }
/// assert_eq!(coord_of(shape![2, (2, 2)], int!(5)).to_cute_string(), "(_1,(_0,_1))");
/// let i: i32 = 13;
/// assert_eq!(coord_of(shape![4, 8], i).to_cute_string(), "(1,3)");
/// ```
pub trait Idx2Crd<I> {
    /// The coordinate, congruent to the shape.
    type Output;
    /// Computes it.
    fn idx2crd(self, i: I) -> Self::Output;
}
impl<S: Int, I: Int> Idx2Crd<I> for S {
    type Output = I;
    #[inline(always)]
    fn idx2crd(self, i: I) -> I {
        i
    }
}
impl<I, S0, ST: Idx2CrdRest<S0, I>> Idx2Crd<I> for HCons<S0, ST> {
    type Output = ST::Output;
    #[inline(always)]
    fn idx2crd(self, i: I) -> Self::Output {
        self.tail.idx2crd_rest(self.head, i)
    }
}

/// The split after mode `S0`, decided by the remaining modes `Self`, so
/// that inference never recurses into a shape it does not know yet.
#[doc(hidden)]
pub trait Idx2CrdRest<S0, I> {
    /// The coordinate of mode `S0` and the rest.
    type Output;
    /// Computes it.
    fn idx2crd_rest(self, s0: S0, i: I) -> Self::Output;
}
impl<S0: Idx2Crd<I>, I> Idx2CrdRest<S0, I> for HNil {
    type Output = HCons<S0::Output, HNil>;
    #[inline(always)]
    fn idx2crd_rest(self, s0: S0, i: I) -> Self::Output {
        cons(s0.idx2crd(i), HNil)
    }
}
impl<S0, I, S1, ST> Idx2CrdRest<S0, I> for HCons<S1, ST>
where
    S0: Size + Idx2Crd<Mod<I, S0::Size>>,
    I: IntRem<S0::Size> + IntDiv<S0::Size>,
    HCons<S1, ST>: Idx2Crd<Quot<I, S0::Size>>,
{
    type Output = HCons<S0::Output, <HCons<S1, ST> as Idx2Crd<Quot<I, S0::Size>>>::Output>;
    #[inline(always)]
    fn idx2crd_rest(self, s0: S0, i: I) -> Self::Output {
        let n = s0.size();
        cons(s0.idx2crd(i.rem(n)), self.idx2crd(i.div(n)))
    }
}

/// CuTe's `idx2crd(i, shape)`: colexicographic, the last mode unbounded.
///
/// ```
/// use cute_algebra::prelude::*;
/// assert_eq!(idx2crd(shape![2, (2, 2)], int!(5)).to_cute_string(), "(_1,(_0,_1))");
/// assert_eq!(idx2crd(shape![2, 3], 7).to_cute_string(), "(1,3)");
/// ```
#[inline(always)]
pub fn idx2crd<S: Idx2Crd<I>, I>(shape: S, i: I) -> S::Output {
    shape.idx2crd(i)
}

/// Per-leaf inverse of a compact layout: `(i / d) % s`.
#[doc(hidden)]
pub trait Idx2CrdStrided<I, D> {
    /// The coordinate, congruent to the shape.
    type Output;
    /// Computes it.
    fn idx2crd_strided(self, i: I, stride: D) -> Self::Output;
}
crate::int::zero_impls! {
    /// A static size-1 leaf has the single coordinate `_0`.
    [I: Int, D: Int] PInt<UInt<UTerm, B1>> as Idx2CrdStrided<I, D>::idx2crd_strided(I, D);
}
#[doc(hidden)]
/// The leaves that split an index by `(i / d) % s`: a runtime `i32` and
/// a static integer ≥ 2, told apart from `_1` by their kind.
pub trait StridedLeafKind {}
impl StridedLeafKind for Runtime<i32> {}
impl<U> StridedLeafKind for StaticPos<U> {}
impl<I: Int + IntDiv<D>, D: Int, S: Int + IntKind> Idx2CrdStrided<I, D> for S
where
    KindOf<S>: StridedLeafKind,
    Quot<I, D>: IntRem<S>,
{
    type Output = Mod<Quot<I, D>, S>;
    #[inline(always)]
    fn idx2crd_strided(self, i: I, stride: D) -> Self::Output {
        i.div(stride).rem(self)
    }
}
impl<I, D> Idx2CrdStrided<I, D> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn idx2crd_strided(self, _: I, _: D) -> HNil {
        HNil
    }
}
impl<I: Copy, S0: Idx2CrdStrided<I, D0>, ST: Idx2CrdStrided<I, DT>, D0, DT>
    Idx2CrdStrided<I, HCons<D0, DT>> for HCons<S0, ST>
{
    type Output = HCons<S0::Output, ST::Output>;
    #[inline(always)]
    fn idx2crd_strided(self, i: I, stride: HCons<D0, DT>) -> Self::Output {
        cons(
            self.head.idx2crd_strided(i, stride.head),
            self.tail.idx2crd_strided(i, stride.tail),
        )
    }
}

impl<S: IntTuple, D: IntTuple> Layout<S, D> {
    /// The hierarchical coordinate of offset `i` in a compact layout
    /// (CuTe's `idx2crd(i, shape, stride)`), so that
    /// `l.crd2idx(l.idx2crd(i)) == i`. A static stride `_0` on a mode of
    /// size above 1 (not compact) does not compile; a runtime stride 0
    /// panics like a division by zero.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let l = make_layout_right(shape![2, (3, 4)]);
    /// let c = l.idx2crd(int!(13));
    /// assert_eq!(c.to_cute_string(), "(_1,(_0,_1))");
    /// assert_eq!(l.crd2idx(c).value(), 13);
    /// ```
    #[inline(always)]
    pub fn idx2crd<I>(&self, i: I) -> <S as Idx2CrdStrided<I, D>>::Output
    where
        S: Idx2CrdStrided<I, D>,
    {
        self.shape().idx2crd_strided(i, self.stride())
    }
}
