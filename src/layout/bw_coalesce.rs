//! CuTe's `bw_coalesce`: the walk behind the algebra's `coalesce` and
//! behind [`CoalesceX`], which `crd2idx` and composition use.
//!
//! Flatten, then walk the modes from the last to the first, keeping a
//! stack of result modes. A static `_1` mode is dropped; a mode `s:d`
//! merges into the front `s1:d1` of the stack when `s * d == d1` is
//! *statically* true and `s1` is static; otherwise it is prepended. Runtime
//! modes therefore never merge, as in CuTe. An all-`_1` layout becomes
//! `_1:_0`, and a single remaining mode is an integer layout. It lives in
//! `layout`, below the algebra, because `crd2idx` splits an integer
//! coordinate over the coalesced layout.

use crate::int::classify::One;
use crate::int::kind::{IntKind, KindOf, NotOne, Runtime, StaticNotOneKind, StaticOne};
use crate::int::{SMul, StaticEq};
use crate::layout::Layout;
use crate::tuple::FlatRevOnto;
use crate::tuple::cons;
use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, Z0};

/// CuTe's `detail::coalesce_x`, used by `crd2idx` and composition: like
/// the algebra's `coalesce`, but a static `_1` last mode first becomes
/// `_2`, so that its stride survives and the layout keeps extending beyond
/// its domain with it.
///
/// ```
/// use cute_algebra::algebra::CoalesceX;
/// use cute_algebra::prelude::*;
/// // (4,1):(1,0) coalesces to _4:_1; coalesce_x keeps the last stride.
/// assert_eq!(shape![4, 1].coalesce_x(stride![1, 0]).to_string(), "(_4,_2):(_1,_0)");
/// assert_eq!(shape![4, 1].coalesce_x(stride![1, 4]).to_string(), "_8:_1");
/// ```
#[doc(hidden)]
pub trait CoalesceX<D> {
    /// The coalesced layout.
    type Output;
    /// Computes it.
    fn coalesce_x(self, stride: D) -> Self::Output;
}
impl<S: FlatRevOnto<HNil>, D: FlatRevOnto<HNil>> CoalesceX<D> for S
where
    S::Output: BwStart<D::Output, ExtendLast>,
{
    type Output = <S::Output as BwStart<D::Output, ExtendLast>>::Output;
    #[inline(always)]
    fn coalesce_x(self, stride: D) -> Self::Output {
        <S::Output as BwStart<D::Output, ExtendLast>>::bw_start(
            self.flat_rev_onto(HNil),
            stride.flat_rev_onto(HNil),
        )
    }
}

#[doc(hidden)]
/// `coalesce_x`'s last shape: a static `_1` becomes `_2`.
pub trait LastX {
    /// The shape.
    type Output;
    /// Computes it.
    fn last_x(self) -> Self::Output;
}
impl LastX for One {
    type Output = typenum::P2;
    #[inline(always)]
    fn last_x(self) -> typenum::P2 {
        typenum::P2::new()
    }
}
impl<X: NotOne> LastX for X {
    type Output = Self;
    #[inline(always)]
    fn last_x(self) -> Self {
        self
    }
}

#[doc(hidden)]
/// Starts the backward walk: the last mode (as `Last` maps it) is the
/// initial stack.
pub trait BwStart<D, Last = AsIs> {
    /// The coalesced layout.
    type Output;
    /// Computes it.
    fn bw_start(self, stride: D) -> Self::Output;
}
impl<S0, T, D0, DT, Last: LastMode<S0>> BwStart<HCons<D0, DT>, Last> for HCons<S0, T>
where
    T: Bw<DT, HCons<Last::Output, HNil>, HCons<D0, HNil>>,
{
    type Output = T::Output;
    #[inline(always)]
    fn bw_start(self, stride: HCons<D0, DT>) -> Self::Output {
        let acc_s = HCons {
            head: Last::last_mode(self.head),
            tail: HNil,
        };
        let acc_d = HCons {
            head: stride.head,
            tail: HNil,
        };
        self.tail.bw(stride.tail, acc_s, acc_d)
    }
}

#[doc(hidden)]
/// What the backward walk does with the last mode's shape: `coalesce`
/// keeps it ([`AsIs`]); `coalesce_x` makes a static `_1` a `_2`
/// ([`ExtendLast`]) so that the last stride survives.
pub trait LastMode<S> {
    /// The shape the walk starts from.
    type Output;
    /// Maps it.
    fn last_mode(s: S) -> Self::Output;
}
#[doc(hidden)]
/// `coalesce`'s policy: the last shape as it is.
#[derive(Clone, Copy, Debug, Default)]
pub struct AsIs;
impl<S> LastMode<S> for AsIs {
    type Output = S;
    #[inline(always)]
    fn last_mode(s: S) -> S {
        s
    }
}
#[doc(hidden)]
/// `coalesce_x`'s policy: [`LastX`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ExtendLast;
impl<S: LastX> LastMode<S> for ExtendLast {
    type Output = S::Output;
    #[inline(always)]
    fn last_mode(s: S) -> S::Output {
        s.last_x()
    }
}

#[doc(hidden)]
/// One backward step over the remaining (reversed) modes `Self`, with the
/// result stack `AS:AD`.
pub trait Bw<D, AS, AD> {
    /// The coalesced layout.
    type Output;
    /// Continues the walk.
    fn bw(self, stride: D, acc_s: AS, acc_d: AD) -> Self::Output;
}
impl<F, FT: FinishTail<F, FD, FDT>, FD, FDT> Bw<HNil, HCons<F, FT>, HCons<FD, FDT>> for HNil {
    type Output = FT::Output;
    #[inline(always)]
    fn bw(self, _: HNil, acc_s: HCons<F, FT>, acc_d: HCons<FD, FDT>) -> Self::Output {
        acc_s.tail.finish_tail(acc_s.head, acc_d.head, acc_d.tail)
    }
}
impl<S: Step<Dd, AS, AD, T, DT>, T, Dd, DT, AS, AD> Bw<HCons<Dd, DT>, AS, AD> for HCons<S, T> {
    type Output = S::Output;
    #[inline(always)]
    fn bw(self, stride: HCons<Dd, DT>, acc_s: AS, acc_d: AD) -> Self::Output {
        self.head
            .step(stride.head, acc_s, acc_d, self.tail, stride.tail)
    }
}

#[doc(hidden)]
/// The step for one mode `Self:Dd`: a static `_1` is skipped, anything else
/// is compared with the front of the stack.
pub trait Step<Dd, AS, AD, T, DT> {
    /// The coalesced layout.
    type Output;
    /// Continues the walk.
    fn step(self, d: Dd, acc_s: AS, acc_d: AD, rest_s: T, rest_d: DT) -> Self::Output;
}
impl<Dd, AS, AD, T: Bw<DT, AS, AD>, DT> Step<Dd, AS, AD, T, DT> for One {
    type Output = T::Output;
    #[inline(always)]
    fn step(self, _: Dd, acc_s: AS, acc_d: AD, rest_s: T, rest_d: DT) -> Self::Output {
        rest_s.bw(rest_d, acc_s, acc_d)
    }
}
impl<X: NotOne, Dd, F: IntKind, FT, FD, FDT, T, DT> Step<Dd, HCons<F, FT>, HCons<FD, FDT>, T, DT>
    for X
where
    KindOf<F>: Front<F, Self, Dd, FT, FD, FDT, T, DT>,
{
    type Output = <KindOf<F> as Front<F, Self, Dd, FT, FD, FDT, T, DT>>::Output;
    #[inline(always)]
    fn step(
        self,
        d: Dd,
        acc_s: HCons<F, FT>,
        acc_d: HCons<FD, FDT>,
        rest_s: T,
        rest_d: DT,
    ) -> Self::Output {
        <KindOf<F> as Front<F, Self, Dd, FT, FD, FDT, T, DT>>::front(
            acc_s.head, self, d, acc_s.tail, acc_d.head, acc_d.tail, rest_s, rest_d,
        )
    }
}

#[doc(hidden)]
/// Decides by the kind `Self` of the stack's front shape `F` (stride `FD`)
/// what to do with the mode `S:Dd`: replace a `_1`, merge, or prepend.
pub trait Front<F, S, Dd, FT, FD, FDT, T, DT> {
    /// The coalesced layout.
    type Output;
    /// Continues the walk.
    #[allow(clippy::too_many_arguments)]
    fn front(f: F, s: S, d: Dd, ft: FT, fd: FD, fdt: FDT, rest_s: T, rest_d: DT) -> Self::Output;
}
/// The front is a `_1` (only the initial last mode can be): replace it.
impl<F, S, Dd, FT, FD, FDT, T: Bw<DT, HCons<S, FT>, HCons<Dd, FDT>>, DT>
    Front<F, S, Dd, FT, FD, FDT, T, DT> for StaticOne
{
    type Output = T::Output;
    #[inline(always)]
    fn front(_: F, s: S, d: Dd, ft: FT, _: FD, fdt: FDT, rest_s: T, rest_d: DT) -> Self::Output {
        rest_s.bw(
            rest_d,
            HCons { head: s, tail: ft },
            HCons { head: d, tail: fdt },
        )
    }
}
/// A runtime front never merges: prepend (as [`MergeIf`]'s `B0` does).
impl<F, S, Dd, FT, FD, FDT, T, DT, R> Front<F, S, Dd, FT, FD, FDT, T, DT> for Runtime<R>
where
    B0: MergeIf<S, Dd, F, FT, FD, FDT, T, DT>,
{
    type Output = <B0 as MergeIf<S, Dd, F, FT, FD, FDT, T, DT>>::Output;
    #[inline(always)]
    fn front(f: F, s: S, d: Dd, ft: FT, fd: FD, fdt: FDT, rest_s: T, rest_d: DT) -> Self::Output {
        B0::merge_if(s, d, f, ft, fd, fdt, rest_s, rest_d)
    }
}
/// A static front merges when the mode statically ends where it begins.
impl<K: StaticNotOneKind, F, S: IntKind, Dd, FT, FD, FDT, T, DT> Front<F, S, Dd, FT, FD, FDT, T, DT>
    for K
where
    KindOf<S>: Mergeable<S, Dd, FD>,
    <KindOf<S> as Mergeable<S, Dd, FD>>::Output: MergeIf<S, Dd, F, FT, FD, FDT, T, DT>,
{
    type Output = <<KindOf<S> as Mergeable<S, Dd, FD>>::Output as MergeIf<
        S,
        Dd,
        F,
        FT,
        FD,
        FDT,
        T,
        DT,
    >>::Output;
    #[inline(always)]
    fn front(f: F, s: S, d: Dd, ft: FT, fd: FD, fdt: FDT, rest_s: T, rest_d: DT) -> Self::Output {
        <<KindOf<S> as Mergeable<S, Dd, FD>>::Output as MergeIf<S, Dd, F, FT, FD, FDT, T, DT>>::merge_if(
            s, d, f, ft, fd, fdt, rest_s, rest_d,
        )
    }
}

#[doc(hidden)]
/// `B1` when the mode `S:Dd`, of kind `Self`, statically ends where the
/// stride `FD` begins (`S * Dd == FD`, all static), else `B0`. A runtime
/// shape never merges; the static product is [`SMul`]'s.
pub trait Mergeable<S, Dd, FD> {
    /// `B1` or `B0`.
    type Output;
}
crate::int::output_impls! {
    [R, Dd, FD] Runtime<R> as Mergeable<R, Dd, FD> => B0;
    [K: StaticNotOneKind, S: SMul<Dd>, Dd, FD] K as Mergeable<S, Dd, FD>
        => <S::Output as StaticEq<FD>>::Output
        where [S::Output: StaticEq<FD>];
}

#[doc(hidden)]
/// `B1`: `s * d == fd` statically, so `s:d` and `f:fd` merge into
/// `s*f:d`. `B0`: prepend `s:d`.
pub trait MergeIf<S, Dd, F, FT, FD, FDT, T, DT> {
    /// The coalesced layout.
    type Output;
    /// Continues the walk.
    #[allow(clippy::too_many_arguments)]
    fn merge_if(s: S, d: Dd, f: F, ft: FT, fd: FD, fdt: FDT, rest_s: T, rest_d: DT)
    -> Self::Output;
}
impl<S: SMul<F>, Dd, F, FT, FD, FDT, T, DT> MergeIf<S, Dd, F, FT, FD, FDT, T, DT> for B1
where
    S::Output: Default,
    T: Bw<DT, HCons<S::Output, FT>, HCons<Dd, FDT>>,
{
    type Output = T::Output;
    #[inline(always)]
    fn merge_if(_: S, d: Dd, _: F, ft: FT, _: FD, fdt: FDT, rest_s: T, rest_d: DT) -> Self::Output {
        rest_s.bw(
            rest_d,
            HCons {
                // Both factors are static: the product is its type.
                head: S::Output::default(),
                tail: ft,
            },
            HCons { head: d, tail: fdt },
        )
    }
}
impl<S, Dd, F, FT, FD, FDT, T, DT> MergeIf<S, Dd, F, FT, FD, FDT, T, DT> for B0
where
    T: Bw<DT, HCons<S, HCons<F, FT>>, HCons<Dd, HCons<FD, FDT>>>,
{
    type Output = T::Output;
    #[inline(always)]
    fn merge_if(
        s: S,
        d: Dd,
        f: F,
        ft: FT,
        fd: FD,
        fdt: FDT,
        rest_s: T,
        rest_d: DT,
    ) -> Self::Output {
        let acc_s = HCons {
            head: s,
            tail: HCons { head: f, tail: ft },
        };
        let acc_d = HCons {
            head: d,
            tail: cons(fd, fdt),
        };
        rest_s.bw(rest_d, acc_s, acc_d)
    }
}

#[doc(hidden)]
/// Builds the result from the final stack `F:FD` followed by `Self:FDT`:
/// one mode is an integer layout (`_1` becomes `_1:_0`), more are a tuple.
pub trait FinishTail<F, FD, FDT> {
    /// The coalesced layout.
    type Output;
    /// Builds it.
    fn finish_tail(self, f: F, fd: FD, fdt: FDT) -> Self::Output;
}
impl<F: FinishOne<FD>, FD, FDT> FinishTail<F, FD, FDT> for HNil {
    type Output = F::Output;
    #[inline(always)]
    fn finish_tail(self, f: F, fd: FD, _: FDT) -> Self::Output {
        f.finish_one(fd)
    }
}
impl<F, FD, FDT, A, B> FinishTail<F, FD, FDT> for HCons<A, B> {
    type Output = Layout<HCons<F, HCons<A, B>>, HCons<FD, FDT>>;
    #[inline(always)]
    fn finish_tail(self, f: F, fd: FD, fdt: FDT) -> Self::Output {
        Layout::from_parts(cons(f, self), cons(fd, fdt))
    }
}

#[doc(hidden)]
/// A single remaining mode `Self:FD` as an integer layout.
pub trait FinishOne<FD> {
    /// The coalesced layout.
    type Output;
    /// Builds it.
    fn finish_one(self, fd: FD) -> Self::Output;
}
impl<FD> FinishOne<FD> for One {
    type Output = Layout<One, Z0>;
    #[inline(always)]
    fn finish_one(self, _: FD) -> Self::Output {
        Layout::from_parts(self, Z0::new())
    }
}
impl<X: NotOne, FD> FinishOne<FD> for X {
    type Output = Layout<Self, FD>;
    #[inline(always)]
    fn finish_one(self, fd: FD) -> Self::Output {
        Layout::from_parts(self, fd)
    }
}
