//! The walk over the filtered modes sorted by stride: each mode leaves the
//! gap below it ([`crate::steps::complement::complement_step`], mirrored at type level
//! by [`StaticGap`]), then [`ComplementRest`] fills up to the cotarget.

use super::OP;
use super::checked::{narrow, next_extent, positive, runtime_step};
use super::markers::{NegativeStride, RuntimeStrideStructure, StrideBelowExtent};
use super::rest::{CheckedSize, ComplementRest, PushMode, StrideZeroCotarget};
use crate::error::LayoutError;
use crate::int::classify::One;
use crate::int::{Int, IntMul, Prod, RuntimeInt, ToStatic, UFloorDiv};
use crate::steps::complement::ComplementCondition;
use crate::tuple::AllStatic;
use crate::tuple::Pairs;
use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, Cmp, Compare, Equal, Greater, Less, NInt, NonZero, P1, PInt, Unsigned, Z0};

// ---------------------------------------------------------------------------
// Dispatch on the filtered layout

/// The complement of the filtered layout `Self:FD` within `M`.
#[doc(hidden)]
pub trait ComplementShape<FD, M> {
    /// The complement, or a marker naming the broken condition.
    type Output;
    /// Computes it.
    fn complement_shape(self, stride: FD, cotarget: M) -> Result<Self::Output, LayoutError>;
}
/// One mode: by its stride.
impl<S: Int, FD: ComplementRank1<S, M>, M> ComplementShape<FD, M> for S {
    type Output = FD::Output;
    #[inline(always)]
    fn complement_shape(self, stride: FD, cotarget: M) -> Result<Self::Output, LayoutError> {
        stride.complement_rank1(self, cotarget)
    }
}
/// Rank >= 2 (filter returns an integer layout for one mode): static strides only.
impl<S0, ST, D0, DT, M> ComplementShape<HCons<D0, DT>, M> for HCons<S0, ST>
where
    HCons<D0, DT>: AllStatic,
    <HCons<D0, DT> as AllStatic>::Is: ComplementRankN<Self, HCons<D0, DT>, M>,
{
    type Output =
        <<HCons<D0, DT> as AllStatic>::Is as ComplementRankN<Self, HCons<D0, DT>, M>>::Output;
    #[inline(always)]
    fn complement_shape(
        self,
        stride: HCons<D0, DT>,
        cotarget: M,
    ) -> Result<Self::Output, LayoutError> {
        <<HCons<D0, DT> as AllStatic>::Is as ComplementRankN<Self, HCons<D0, DT>, M>>::complement_rank_n(
            self, stride, cotarget,
        )
    }
}

/// Rank >= 2, by the verdict of [`AllStatic`] on the strides.
#[doc(hidden)]
pub trait ComplementRankN<S, D, M> {
    /// The complement, or a marker.
    type Output;
    /// Computes it.
    fn complement_rank_n(shape: S, stride: D, cotarget: M) -> Result<Self::Output, LayoutError>;
}
impl<S, D, M> ComplementRankN<S, D, M> for B0 {
    type Output = RuntimeStrideStructure;
    #[inline(always)]
    fn complement_rank_n(_: S, _: D, _: M) -> Result<Self::Output, LayoutError> {
        Err(LayoutError::BadArgument {
            op: OP,
            msg: "a runtime stride in a layout of rank >= 2",
        })
    }
}
impl<S: Pairs<D>, D, M> ComplementRankN<S, D, M> for B1
where
    S::Sorted: ComplementFold<P1, M, HNil, HNil>,
{
    type Output = <S::Sorted as ComplementFold<P1, M, HNil, HNil>>::Output;
    #[inline(always)]
    fn complement_rank_n(shape: S, stride: D, cotarget: M) -> Result<Self::Output, LayoutError> {
        shape.sort(stride).fold(P1::new(), cotarget, HNil, HNil, 0)
    }
}

/// The rank-1 cases, by the stride `Self` of the filtered mode `S`.
#[doc(hidden)]
pub trait ComplementRank1<S, M> {
    /// The complement, or a marker.
    type Output;
    /// Computes it.
    fn complement_rank1(self, shape: S, cotarget: M) -> Result<Self::Output, LayoutError>;
}
/// `filter` left `_1:_0`: the complement is `make_layout(coalesce(cotarget))`.
impl<S, M: StrideZeroCotarget> ComplementRank1<S, M> for Z0 {
    type Output = M::Output;
    #[inline(always)]
    fn complement_rank1(self, _: S, cotarget: M) -> Result<Self::Output, LayoutError> {
        cotarget.whole()
    }
}
impl<S, M, U: Unsigned + NonZero> ComplementRank1<S, M> for NInt<U> {
    type Output = NegativeStride;
    #[inline(always)]
    fn complement_rank1(self, _: S, _: M) -> Result<Self::Output, LayoutError> {
        Err(ComplementCondition::Negative.at(OP, 0))
    }
}
macro_rules! rank1_fold {
    ($([$($g:tt)*] $T:ty),*) => {$(
        /// One mode `s:d`: the general fold over one pair.
        impl<S, M, $($g)*> ComplementRank1<S, M> for $T
        where
            HCons<($T, S), HNil>: ComplementFold<P1, M, HNil, HNil>,
        {
            type Output = <HCons<($T, S), HNil> as ComplementFold<P1, M, HNil, HNil>>::Output;
            #[inline(always)]
            fn complement_rank1(self, shape: S, cotarget: M) -> Result<Self::Output, LayoutError> {
                HCons { head: (self, shape), tail: HNil }.fold(P1::new(), cotarget, HNil, HNil, 0)
            }
        }
    )*};
}
rank1_fold!([] i32, [] i64, [U: Unsigned + NonZero] PInt<U>);

// ---------------------------------------------------------------------------
// The fold over the sorted modes

/// Walks the sorted `(stride, shape)` pairs `Self` with the covered extent
/// `Cur`, pushing result modes onto the reversed lists `AS:AD`, then
/// appends the rest of the cotarget `M`.
#[doc(hidden)]
pub trait ComplementFold<Cur, M, AS, AD> {
    /// The complement, or a marker.
    type Output;
    /// Continues the walk; `mode` counts the pairs in stride order.
    fn fold(
        self,
        cur: Cur,
        cotarget: M,
        acc_s: AS,
        acc_d: AD,
        mode: usize,
    ) -> Result<Self::Output, LayoutError>;
}
impl<Cur, M: ComplementRest<Cur, AS, AD>, AS, AD> ComplementFold<Cur, M, AS, AD> for HNil {
    type Output = M::Output;
    #[inline(always)]
    fn fold(
        self,
        cur: Cur,
        m: M,
        acc_s: AS,
        acc_d: AD,
        _: usize,
    ) -> Result<M::Output, LayoutError> {
        m.rest(cur, acc_s, acc_d)
    }
}
impl<D, S, T, Cur, M, AS, AD> ComplementFold<Cur, M, AS, AD> for HCons<(D, S), T>
where
    D: ComplementStep<S, Cur, FoldState<T, M, AS, AD>>,
{
    type Output = D::Output;
    #[inline(always)]
    fn fold(
        self,
        cur: Cur,
        m: M,
        acc_s: AS,
        acc_d: AD,
        mode: usize,
    ) -> Result<D::Output, LayoutError> {
        let (d, s) = self.head;
        let rest = self.tail;
        d.step(
            s,
            cur,
            FoldState {
                rest,
                m,
                acc_s,
                acc_d,
                mode,
            },
        )
    }
}

/// The fold's state around one mode: the pairs still to visit, the cotarget, the
/// reversed result lists and the mode's position in stride order.
#[derive(Clone, Copy, Debug)]
#[doc(hidden)]
pub struct FoldState<T, M, AS, AD> {
    rest: T,
    m: M,
    acc_s: AS,
    acc_d: AD,
    mode: usize,
}
impl<T, M, AS, AD> FoldState<T, M, AS, AD> {
    /// Pushes the gap `q : cur` and continues with the extent `next`.
    #[inline(always)]
    fn next<N, Q, C>(self, next: N, q: Q, cur: C) -> Result<T::Output, LayoutError>
    where
        Q: PushMode<C, AS, AD>,
        T: ComplementFold<N, M, Q::S, Q::D>,
    {
        let (acc_s, acc_d) = q.push(cur, self.acc_s, self.acc_d);
        self.rest.fold(next, self.m, acc_s, acc_d, self.mode + 1)
    }
    /// [`FoldState::next`] for a runtime gap `q`, which is never the static `_1`
    /// and so is always pushed.
    #[inline(always)]
    fn next_runtime<N, Q, C>(self, next: N, q: Q, cur: C) -> Result<T::Output, LayoutError>
    where
        T: ComplementFold<N, M, HCons<Q, AS>, HCons<C, AD>>,
    {
        let acc_s = HCons {
            head: q,
            tail: self.acc_s,
        };
        let acc_d = HCons {
            head: cur,
            tail: self.acc_d,
        };
        self.rest.fold(next, self.m, acc_s, acc_d, self.mode + 1)
    }
}

/// One mode `S:Self` of the fold against the extent `Cur`, by its stride.
#[doc(hidden)]
pub trait ComplementStep<S, Cur, W> {
    /// The complement, or a marker.
    type Output;
    /// Pushes the mode's gap and continues the walk `w`.
    fn step(self, s: S, cur: Cur, w: W) -> Result<Self::Output, LayoutError>;
}
impl<U: Unsigned + NonZero, S, Cur, W> ComplementStep<S, Cur, W> for NInt<U> {
    type Output = NegativeStride;
    #[inline(always)]
    fn step(self, _: S, _: Cur, _: W) -> Result<NegativeStride, LayoutError> {
        Err(ComplementCondition::Negative.at(OP, 0))
    }
}
/// A static positive stride: by the extent, static or runtime.
impl<U: Unsigned + NonZero, S, Cur: StaticStrideStep<U, S, W>, W> ComplementStep<S, Cur, W>
    for PInt<U>
{
    type Output = Cur::Output;
    #[inline(always)]
    fn step(self, s: S, cur: Cur, w: W) -> Result<Self::Output, LayoutError> {
        cur.static_step(s, w)
    }
}
/// A runtime stride (rank 1 only, so `cur` is `_1`): the gap is `d : cur`.
/// A zero stride (or a runtime shape of 1) covers nothing: the complement is the whole cotarget,
/// here as `size(M) : cur` followed by the cotarget's modes of size 1.
/// The gap and the extent take the widest runtime type among the stride,
/// the shape and the cotarget (`RuntimeGap`), as both branches must fit it.
impl<R: RuntimeInt, S: Int, Cur: Int, T, M: CheckedSize + Copy, AS, AD>
    ComplementStep<S, Cur, FoldState<T, M, AS, AD>> for R
where
    R: IntMul<S>,
    Prod<R, S>: IntMul<M::Width>,
    T: ComplementFold<RuntimeGap<R, S, M>, M, HCons<RuntimeGap<R, S, M>, AS>, HCons<Cur, AD>>,
{
    type Output = T::Output;
    #[inline(always)]
    fn step(self, s: S, cur: Cur, w: FoldState<T, M, AS, AD>) -> Result<T::Output, LayoutError> {
        let d = self.wide();
        let s = positive(s.wide())?;
        // A runtime extent of 1 covers nothing either: `DynLayout`'s filter
        // drops that mode, whatever its stride.
        let (q, next) = if d == 0 || s == 1 {
            let m = w.m.checked_size()?;
            (m, m)
        } else {
            let gap = runtime_step(s, d, cur.wide(), w.mode)?;
            (gap.shape, gap.next)
        };
        let gap = narrow::<RuntimeGap<R, S, M>>;
        w.next_runtime(gap(next)?, gap(q)?, cur)
    }
}
/// The type of a runtime stride's gap and extent: the stride `R`, the
/// shape `S` and the cotarget `M`'s widest runtime type, mixed.
type RuntimeGap<R, S, M> = Prod<Prod<R, S>, <M as CheckedSize>::Width>;

/// A static stride `PInt<U>` against the extent `Self`.
#[doc(hidden)]
pub trait StaticStrideStep<U, S, W> {
    /// The complement, or a marker.
    type Output;
    /// Pushes the gap and continues.
    fn static_step(self, s: S, w: W) -> Result<Self::Output, LayoutError>;
}
/// A static extent: one comparison, then a lazy branch.
impl<V: Unsigned + NonZero, U: Unsigned + NonZero + Cmp<V>, S, W> StaticStrideStep<U, S, W>
    for PInt<V>
where
    Compare<U, V>: StaticGap<U, V, S, W>,
{
    type Output = <Compare<U, V> as StaticGap<U, V, S, W>>::Output;
    #[inline(always)]
    fn static_step(self, s: S, w: W) -> Result<Self::Output, LayoutError> {
        <Compare<U, V> as StaticGap<U, V, S, W>>::gap(s, w)
    }
}
/// A runtime extent: the gap `d / cur` is runtime, checked at run time.
impl<U: Unsigned + NonZero, S: Int, R: RuntimeInt, T, M, AS, AD>
    StaticStrideStep<U, S, FoldState<T, M, AS, AD>> for R
where
    PInt<U>: Int,
    S: IntMul<PInt<U>>,
    T: ComplementFold<Prod<S, PInt<U>>, M, HCons<R, AS>, HCons<R, AD>>,
{
    type Output = T::Output;
    #[inline(always)]
    fn static_step(self, s: S, w: FoldState<T, M, AS, AD>) -> Result<T::Output, LayoutError> {
        let d = PInt::<U>::new();
        if s.wide() == 1 {
            // DynLayout's filter drops a runtime size-1 mode: no gap, and
            // the extent stays.
            return w.next_runtime(narrow(self.wide())?, R::narrow(1), self);
        }
        let gap = runtime_step(positive(s.wide())?, d.wide(), self.wide(), w.mode)?;
        w.next_runtime(narrow(gap.next)?, R::narrow(gap.shape), self)
    }
}

/// The branch of a static step, chosen by comparing the stride `U` with
/// the extent `V`: below is an error marker, equal leaves no gap, above
/// leaves the gap `⌊U / V⌋ : V`. These are the branches of
/// [`complement_step`], which the runtime values take.
#[doc(hidden)]
pub trait StaticGap<U, V, S, W> {
    /// The complement, or a marker.
    type Output;
    /// Pushes the gap and continues.
    fn gap(s: S, w: W) -> Result<Self::Output, LayoutError>;
}
impl<U, V, S, W> StaticGap<U, V, S, W> for Less {
    type Output = StrideBelowExtent;
    #[inline(always)]
    fn gap(_: S, _: W) -> Result<StrideBelowExtent, LayoutError> {
        Err(ComplementCondition::BelowExtent.at(OP, 0))
    }
}
impl<U: Unsigned + NonZero, V, S: Int, T, M, AS, AD> StaticGap<U, V, S, FoldState<T, M, AS, AD>>
    for Equal
where
    PInt<U>: Int,
    S: IntMul<PInt<U>>,
    T: ComplementFold<Prod<S, PInt<U>>, M, AS, AD>,
{
    type Output = T::Output;
    #[inline(always)]
    fn gap(s: S, w: FoldState<T, M, AS, AD>) -> Result<T::Output, LayoutError> {
        let d = PInt::<U>::new();
        w.next(next_extent(s, d)?, One::new(), d)
    }
}
impl<U, V, S: Int, T, M, AS, AD> StaticGap<U, V, S, FoldState<T, M, AS, AD>> for Greater
where
    U: Unsigned + NonZero + UFloorDiv<V>,
    V: Unsigned + NonZero,
    PInt<U>: Int,
    S: IntMul<PInt<U>>,
    <U as UFloorDiv<V>>::Output: ToStatic,
    Gap<U, V>: PushMode<PInt<V>, AS, AD>,
    T: ComplementFold<
            Prod<S, PInt<U>>,
            M,
            <Gap<U, V> as PushMode<PInt<V>, AS, AD>>::S,
            <Gap<U, V> as PushMode<PInt<V>, AS, AD>>::D,
        >,
{
    type Output = T::Output;
    #[inline(always)]
    fn gap(s: S, w: FoldState<T, M, AS, AD>) -> Result<T::Output, LayoutError> {
        let d = PInt::<U>::new();
        if s.wide() == 1 {
            // DynLayout's filter drops a runtime size-1 mode. The gap
            // `U / V` is static: where it is 1 (no mode) the extent just
            // stays `V`; a wider gap cannot be dropped from the result.
            if Gap::<U, V>::default().wide() != 1 {
                return Err(runtime_one_gap(w.mode));
            }
            let same = Int::from_i64(V::I64).ok_or(LayoutError::Overflow { op: OP })?;
            return w.next(same, Gap::<U, V>::default(), PInt::<V>::new());
        }
        w.next(next_extent(s, d)?, Gap::<U, V>::default(), PInt::<V>::new())
    }
}
/// A runtime extent of 1 on a mode whose static stride leaves a gap: the
/// result's structure (fixed by the static values) keeps the gap, which
/// the mode, absent, no longer bounds.
fn runtime_one_gap(mode: usize) -> LayoutError {
    LayoutError::NotComplementable {
        op: OP,
        mode,
        reason: "its runtime extent is 1, and the gap below its static stride cannot leave the result's structure (use DynLayout)",
    }
}

/// The gap `⌊U / V⌋` as a static integer.
type Gap<U, V> = <<U as UFloorDiv<V>>::Output as ToStatic>::Output;
