//! `left_inverse`'s walk: an offset decoded digit by digit.

use super::markers::{LeftInverseNotDivisible, LeftInverseOverlap, LeftInverseRuntimeStride};
use super::modes::InverseModes;
use crate::error::LayoutError;
use crate::int::{Int, IntDiv, IntMul, Magnitude, Prod, Quot, RuntimeInt, UDivides};
use crate::layout::bw_coalesce::BwStart;
use crate::steps::inverse::{LeftInverseCondition, left_inverse_overlap};
use crate::tuple::ExchangeSort;
use crate::tuple::cons;
use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, Cmp, Compare, Equal, Greater, Less, NInt, NonZero, P1, PInt, Unsigned, Z0};

// ---------------------------------------------------------------------------
// left_inverse

/// Starts `left_inverse` on the coalesced layout `L`, by the verdict of
/// [`AllStatic`] on its strides.
#[doc(hidden)]
pub trait LeftInverseStart<L> {
    /// The left inverse, or a marker.
    type Output;
    /// Computes it.
    fn start(l: L) -> Result<Self::Output, LayoutError>;
}
impl<L> LeftInverseStart<L> for B0 {
    type Output = LeftInverseRuntimeStride;
    #[inline(always)]
    fn start(_: L) -> Result<Self::Output, LayoutError> {
        Err(LayoutError::BadArgument {
            op: "left_inverse",
            msg: "a runtime stride",
        })
    }
}
impl<L: InverseModes> LeftInverseStart<L> for B1
where
    L::Triples: ExchangeSort,
    <L::Triples as ExchangeSort>::Output:
        LeftInverseFold<NoPrev, NoPrev, P1, HNil, HCons<Z0, HNil>>,
{
    type Output = <<L::Triples as ExchangeSort>::Output as LeftInverseFold<
        NoPrev,
        NoPrev,
        P1,
        HNil,
        HCons<Z0, HNil>,
    >>::Output;
    #[inline(always)]
    fn start(l: L) -> Result<Self::Output, LayoutError> {
        let acc_d = HCons {
            head: Z0::new(),
            tail: HNil,
        };
        let w = LeftWalk {
            rest: (),
            size: P1::new(),
            acc_s: HNil,
            acc_d,
        };
        l.triples().exchange_sort().fold(NoPrev, NoPrev, w)
    }
}

/// No previous mode with a non-zero stride yet (and no last shape yet).
#[derive(Clone, Copy, Debug, Default)]
#[doc(hidden)]
pub struct NoPrev;

/// Walks the sorted triples with the previous non-zero-stride mode `Prev`
/// (as `(shape, stride)`), the last shape seen `Last`, the product `Size`
/// of the result's shapes so far and the reversed result lists `AS:AD`.
#[doc(hidden)]
pub trait LeftInverseFold<Prev, Last, Size, AS, AD> {
    /// The left inverse, or a marker.
    type Output;
    /// Continues the walk.
    fn fold(
        self,
        prev: Prev,
        last: Last,
        w: LeftWalk<(), Size, AS, AD>,
    ) -> Result<Self::Output, LayoutError>;
}
/// The walk state between two modes (no modes pending).
type Walked<Size, AS, AD> = LeftWalk<(), Size, AS, AD>;
/// A step's result.
type Folded<T> = Result<T, LayoutError>;
/// The end: the last sorted mode's shape closes the result, then coalesce.
impl<Prev, Last, Size, AS, AD> LeftInverseFold<Prev, Last, Size, AS, AD> for HNil
where
    HCons<Last, AS>: BwStart<AD>,
{
    type Output = <HCons<Last, AS> as BwStart<AD>>::Output;
    #[inline(always)]
    fn fold(self, _: Prev, last: Last, w: Walked<Size, AS, AD>) -> Folded<Self::Output> {
        Ok(cons(last, w.acc_s).bw_start(w.acc_d))
    }
}
impl<D, S, P, T, Prev, Last, Size, AS, AD> LeftInverseFold<Prev, Last, Size, AS, AD>
    for HCons<(D, S, P), T>
where
    D: LeftInverseStep<(S, P), Prev, LeftWalk<T, Size, AS, AD>>,
{
    type Output = D::Output;
    #[inline(always)]
    fn fold(self, prev: Prev, _: Last, w: Walked<Size, AS, AD>) -> Folded<Self::Output> {
        let (d, s, p) = self.head;
        d.step((s, p), prev, w.with_rest(self.tail))
    }
}

/// The walk around one triple: the triples still to visit, the product of
/// the result's shapes so far, and the reversed result lists.
#[derive(Clone, Copy, Debug)]
#[doc(hidden)]
pub struct LeftWalk<T, Size, AS, AD> {
    rest: T,
    size: Size,
    acc_s: AS,
    acc_d: AD,
}

impl<T, Size, AS, AD> LeftWalk<T, Size, AS, AD> {
    /// The modes still to walk, and the state without them.
    #[inline(always)]
    fn take_rest(self) -> (T, Walked<Size, AS, AD>) {
        let LeftWalk {
            rest,
            size,
            acc_s,
            acc_d,
        } = self;
        (
            rest,
            LeftWalk {
                rest: (),
                size,
                acc_s,
                acc_d,
            },
        )
    }
    /// The same state with the modes `rest` still to walk.
    #[inline(always)]
    fn with_rest<R>(self, rest: R) -> LeftWalk<R, Size, AS, AD> {
        LeftWalk {
            rest,
            size: self.size,
            acc_s: self.acc_s,
            acc_d: self.acc_d,
        }
    }
}

/// One triple `(Self, S, P)`, by its stride `Self`: zero is skipped,
/// anything else must be a multiple of the size so far and must not
/// overlap `Prev`.
#[doc(hidden)]
pub trait LeftInverseStep<SP, Prev, W> {
    /// The left inverse, or a marker.
    type Output;
    /// Continues the walk.
    fn step(self, sp: SP, prev: Prev, w: W) -> Result<Self::Output, LayoutError>;
}
impl<S, P, Prev, T, Size, AS, AD> LeftInverseStep<(S, P), Prev, LeftWalk<T, Size, AS, AD>> for Z0
where
    T: LeftInverseFold<Prev, S, Size, AS, AD>,
{
    type Output = T::Output;
    #[inline(always)]
    fn step(self, (s, _): (S, P), prev: Prev, w: LeftWalk<T, Size, AS, AD>) -> Folded<T::Output> {
        let (rest, w) = w.take_rest();
        rest.fold(prev, s, w)
    }
}
macro_rules! nonzero_step {
    ($($T:ident),*) => {$(
        /// A non-zero static stride: the divisibility verdict on the magnitudes.
        impl<U: Unsigned + NonZero, SP, Prev, T, Size: Magnitude, AS, AD>
            LeftInverseStep<SP, Prev, LeftWalk<T, Size, AS, AD>> for $T<U>
        where
            U: UDivides<<Size as Magnitude>::Output>,
            Divides<U, Size>: LeftInverseDivides<$T<U>, SP, Prev, LeftWalk<T, Size, AS, AD>>,
        {
            type Output =
                <Divides<U, Size> as LeftInverseDivides<$T<U>, SP, Prev, LeftWalk<T, Size, AS, AD>>>::Output;
            #[inline(always)]
            fn step(self, sp: SP, prev: Prev, w: LeftWalk<T, Size, AS, AD>) -> Result<Self::Output, LayoutError> {
                <Divides<U, Size> as LeftInverseDivides<$T<U>, SP, Prev, LeftWalk<T, Size, AS, AD>>>::divides(
                    self, sp, prev, w,
                )
            }
        }
    )*};
}
nonzero_step!(PInt, NInt);
/// `B1` when the magnitude `U` is a multiple of `|Size|`.
type Divides<U, Size> = <U as UDivides<<Size as Magnitude>::Output>>::Output;

/// The divisibility verdict's branch.
#[doc(hidden)]
pub trait LeftInverseDivides<D, SP, Prev, W> {
    /// The left inverse, or a marker.
    type Output;
    /// Continues the walk.
    fn divides(d: D, sp: SP, prev: Prev, w: W) -> Result<Self::Output, LayoutError>;
}
impl<D, SP, Prev, W> LeftInverseDivides<D, SP, Prev, W> for B0 {
    type Output = LeftInverseNotDivisible;
    #[inline(always)]
    fn divides(_: D, _: SP, _: Prev, _: W) -> Result<Self::Output, LayoutError> {
        Err(LayoutError::BadArgument {
            op: "left_inverse",
            msg: "divisibility condition",
        })
    }
}
impl<D, SP, Prev: LeftInverseAfter<D, SP, W>, W> LeftInverseDivides<D, SP, Prev, W> for B1 {
    type Output = Prev::Output;
    #[inline(always)]
    fn divides(d: D, sp: SP, prev: Prev, w: W) -> Result<Self::Output, LayoutError> {
        prev.after(d, sp, w)
    }
}

/// The overlap check of the stride `D` against the previous non-zero-stride
/// mode `Self`, then the push.
#[doc(hidden)]
pub trait LeftInverseAfter<D, SP, W> {
    /// The left inverse, or a marker.
    type Output;
    /// Continues the walk.
    fn after(self, d: D, sp: SP, w: W) -> Result<Self::Output, LayoutError>;
}
impl<D: LeftInversePush<SP, W>, SP, W> LeftInverseAfter<D, SP, W> for NoPrev {
    type Output = D::Output;
    #[inline(always)]
    fn after(self, d: D, sp: SP, w: W) -> Result<Self::Output, LayoutError> {
        d.push(sp, w)
    }
}
/// After a negative stride, any further non-zero stride overlaps.
impl<PS, U: Unsigned + NonZero, D, SP, W> LeftInverseAfter<D, SP, W> for (PS, NInt<U>) {
    type Output = LeftInverseOverlap;
    #[inline(always)]
    fn after(self, _: D, _: SP, _: W) -> Result<Self::Output, LayoutError> {
        Err(LayoutError::NotInjective { op: "left_inverse" })
    }
}
/// A positive previous stride: `d >= ps * pd`, checked by type for a
/// static `ps`, at run time for a runtime one.
impl<PS, U: Unsigned + NonZero, D, SP, W> LeftInverseAfter<D, SP, W> for (PS, PInt<U>)
where
    PInt<U>: Int,
    PS: IntMul<PInt<U>>,
    Prod<PS, PInt<U>>: LeftInverseExtent<(PS, PInt<U>), D, SP, W>,
{
    type Output = <Prod<PS, PInt<U>> as LeftInverseExtent<(PS, PInt<U>), D, SP, W>>::Output;
    #[inline(always)]
    fn after(self, d: D, sp: SP, w: W) -> Result<Self::Output, LayoutError> {
        self.0
            .mul_checked(self.1)
            .ok_or(LayoutError::Overflow { op: "left_inverse" })?
            .extent(self, d, sp, w)
    }
}

/// The stride `D` against the previous mode's extent `Self` (the previous
/// mode is `Prev`, as `(shape, stride)`).
#[doc(hidden)]
pub trait LeftInverseExtent<Prev, D, SP, W> {
    /// The left inverse, or a marker.
    type Output;
    /// Continues the walk.
    fn extent(self, prev: Prev, d: D, sp: SP, w: W) -> Result<Self::Output, LayoutError>;
}
/// A runtime previous extent: [`left_inverse_overlap`], `DynLayout`'s check.
impl<R: RuntimeInt, PS: Int, PD: Int, D: Int + LeftInversePush<(S, P), W>, S: Int, P, W>
    LeftInverseExtent<(PS, PD), D, (S, P), W> for R
{
    type Output = D::Output;
    #[inline(always)]
    fn extent(self, (ps, pd): (PS, PD), d: D, sp: (S, P), w: W) -> Folded<Self::Output> {
        match left_inverse_overlap(Some((ps.wide(), pd.wide())), d.wide()) {
            Ok(()) => d.push(sp, w),
            // A runtime extent of 1 overlaps nothing, but the result's
            // structure keeps its digit (DynLayout drops the mode).
            Err(LeftInverseCondition::Overlap) if sp.0.wide() == 1 => {
                Err(LayoutError::BadArgument {
                    op: "left_inverse",
                    msg: "a runtime extent of 1 on a mode inside the previous one: the result's structure keeps its digit (use DynLayout)",
                })
            }
            // Only `Overflow` is left, which names no mode.
            Err(c) => Err(c.at("left_inverse", 0, d.wide(), 0)),
        }
    }
}
impl<Prev, V: Unsigned + NonZero, D: Cmp<PInt<V>>, SP, W> LeftInverseExtent<Prev, D, SP, W>
    for PInt<V>
where
    Compare<D, PInt<V>>: LeftInverseNotBelow<Prev, D, SP, W>,
{
    type Output = <Compare<D, PInt<V>> as LeftInverseNotBelow<Prev, D, SP, W>>::Output;
    #[inline(always)]
    fn extent(self, prev: Prev, d: D, sp: SP, w: W) -> Result<Self::Output, LayoutError> {
        <Compare<D, PInt<V>> as LeftInverseNotBelow<Prev, D, SP, W>>::not_below(prev, d, sp, w)
    }
}

/// The comparison's branch: below the previous extent is an overlap, unless
/// the mode's shape is a runtime 1 (decided by [`LeftInverseInsidePrev`]).
#[doc(hidden)]
pub trait LeftInverseNotBelow<Prev, D, SP, W> {
    /// The left inverse, or a marker.
    type Output;
    /// Continues the walk.
    fn not_below(prev: Prev, d: D, sp: SP, w: W) -> Result<Self::Output, LayoutError>;
}
impl<Prev, D, S: LeftInverseInsidePrev<Prev, W>, P, W> LeftInverseNotBelow<Prev, D, (S, P), W>
    for Less
{
    type Output = S::Output;
    #[inline(always)]
    fn not_below(prev: Prev, _: D, (s, _): (S, P), w: W) -> Result<Self::Output, LayoutError> {
        s.inside_prev(prev, w)
    }
}
macro_rules! not_below {
    ($($O:ty),*) => {$(
        impl<Prev, D: LeftInversePush<SP, W>, SP, W> LeftInverseNotBelow<Prev, D, SP, W> for $O {
            type Output = D::Output;
            #[inline(always)]
            fn not_below(_: Prev, d: D, sp: SP, w: W) -> Result<Self::Output, LayoutError> {
                d.push(sp, w)
            }
        }
    )*};
}
not_below!(Equal, Greater);

/// A mode whose static stride lies inside the previous mode's static
/// extent, by its shape `Self`. A static shape overlaps (every shape is at
/// least 1 and a static 1 was coalesced away). A runtime shape is decided
/// at run time: of 2 or more it overlaps ([`LayoutError::NotInjective`]);
/// of 1 the mode is no part of the layout's function (coalesce keeps
/// runtime modes), so the walk skips it, and the result is the left inverse
/// of the layout without it, as `DynLayout` computes (`(8,m):(1,4)`
/// with `m = 1` gives `8:1`; CuTe C++ returns `(_4,1):(_1,_8)`, which is no
/// left inverse, `tests/data/cute/runtime_one_modes.cpp`).
#[doc(hidden)]
pub trait LeftInverseInsidePrev<Prev, W> {
    /// The left inverse, or a marker.
    type Output;
    /// Continues the walk, or refuses.
    fn inside_prev(self, prev: Prev, w: W) -> Result<Self::Output, LayoutError>;
}
macro_rules! inside_prev_static {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* Prev, W> LeftInverseInsidePrev<Prev, W> for $T {
            type Output = LeftInverseOverlap;
            #[inline(always)]
            fn inside_prev(self, _: Prev, _: W) -> Result<Self::Output, LayoutError> {
                Err(LayoutError::NotInjective { op: "left_inverse" })
            }
        }
    )*};
}
inside_prev_static!(PInt<U> => [U: Unsigned + NonZero,], NInt<U> => [U: Unsigned + NonZero,], Z0 => []);
/// The previous mode `(PS, PD)` has a positive stride, so every mode sorted
/// between it and this one has a positive stride too: the last shape seen
/// stays `PS`.
impl<R: RuntimeInt, PS: Copy, PD, T, Size, AS, AD>
    LeftInverseInsidePrev<(PS, PD), LeftWalk<T, Size, AS, AD>> for R
where
    T: LeftInverseFold<(PS, PD), PS, Size, AS, AD>,
{
    type Output = T::Output;
    #[inline(always)]
    fn inside_prev(self, prev: (PS, PD), w: LeftWalk<T, Size, AS, AD>) -> Folded<Self::Output> {
        if self.wide() != 1 {
            return Err(LayoutError::NotInjective { op: "left_inverse" });
        }
        let (rest, w) = w.take_rest();
        let last = prev.0;
        rest.fold(prev, last, w)
    }
}

/// Pushes `Self / Size : P` and continues with `Size * (Self / Size)`.
#[doc(hidden)]
pub trait LeftInversePush<SP, W> {
    /// The left inverse, or a marker.
    type Output;
    /// Continues the walk.
    fn push(self, sp: SP, w: W) -> Result<Self::Output, LayoutError>;
}
impl<D, S: Copy, P, T, Size, AS, AD> LeftInversePush<(S, P), LeftWalk<T, Size, AS, AD>> for D
where
    D: Int + IntDiv<Size>,
    Size: IntMul<Quot<D, Size>>,
    T: LeftInverseFold<
            (S, D),
            S,
            Prod<Size, Quot<D, Size>>,
            HCons<Quot<D, Size>, AS>,
            HCons<P, AD>,
        >,
{
    type Output = T::Output;
    #[inline(always)]
    fn push(self, (s, p): (S, P), w: LeftWalk<T, Size, AS, AD>) -> Result<T::Output, LayoutError> {
        let q = self.div(w.size);
        let next = LeftWalk {
            rest: (),
            size: w.size.mul(q),
            acc_s: cons(q, w.acc_s),
            acc_d: cons(p, w.acc_d),
        };
        w.rest.fold((s, self), s, next)
    }
}
