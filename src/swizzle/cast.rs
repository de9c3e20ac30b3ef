//! `upcast::<N>` and `downcast::<N>`: CuTe's reinterpretation of a layout
//! (plain or swizzled) over elements `N` times wider or narrower.
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::swizzle::{Swizzle, downcast, upcast};
//! assert_eq!(upcast::<4, _>(layout![(2, 8):(1, 2)]).to_string(), "(_1,_4):(_1,_1)");
//! assert_eq!(downcast::<2, _>(layout![(8, 16):(16, 1)]).to_string(), "(_8,_32):(_32,_1)");
//! let c = composition(Swizzle::<3, 4, 5>, layout![(2, 16):(16, 1)]);
//! assert_eq!(downcast::<4, _>(c).to_string(), "Sw<3,6,5> o _0 o (_2,_64):(_64,_1)");
//! let c = composition(Swizzle::<3, 4, 3>, layout![(8, 2):(2, 1)]);
//! assert_eq!(upcast::<4, _>(c).to_string(), "Sw<3,2,3> o _0 o (_4,_1):(_1,_1)");
//! ```
//!
//! A stride that neither divides nor is a multiple of `N` does not compile:
//!
//! ```compile_fail
//! use cute_algebra::prelude::*;
//! use cute_algebra::swizzle::upcast;
//! let _ = upcast::<2, _>(layout![4 : 3]);
//! ```

use core::ops::{Add, Sub};

use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, Const, IsEqual, Min, NInt, NonZero, PInt, ToUInt, U1, Unsigned, Z0};

use super::composed::ComposedLayout;
use super::func::{SwizzleParams, SwizzleTn};
use crate::error::LayoutError;
use crate::error::ok_or_panic;
use crate::int::{DividesEither, IntCeilDiv, IntMul, UCeilDiv};
use crate::layout::Layout;

/// `upcast` needs each static stride `d` to divide or be a multiple of `N`.
#[diagnostic::on_unimplemented(
    message = "upcast: divisibility condition fails: the stride and N do not divide one another",
    note = "CuTe's upcast<N> needs stride % N == 0 or N % stride == 0"
)]
#[doc(hidden)]
pub trait UpcastDivisible {}
impl UpcastDivisible for B1 {}

/// One shape/stride pair of `upcast` with factor `N` (typenum).
#[doc(hidden)]
pub trait UpcastPair<D, N> {
    /// The new shape.
    type S;
    /// The new stride.
    type D;
    /// Computes them; a runtime stride must be a multiple of `N`.
    fn try_up(self, d: D) -> Result<(Self::S, Self::D), LayoutError>;
}
impl<N> UpcastPair<HNil, N> for HNil {
    type S = HNil;
    type D = HNil;
    #[inline(always)]
    fn try_up(self, _: HNil) -> Result<(HNil, HNil), LayoutError> {
        Ok((HNil, HNil))
    }
}
impl<N, S0: UpcastPair<D0, N>, ST: UpcastPair<DT, N>, D0, DT> UpcastPair<HCons<D0, DT>, N>
    for HCons<S0, ST>
{
    type S = HCons<S0::S, ST::S>;
    type D = HCons<S0::D, ST::D>;
    #[inline(always)]
    fn try_up(self, d: HCons<D0, DT>) -> Result<(Self::S, Self::D), LayoutError> {
        let (s0, d0) = self.head.try_up(d.head)?;
        let (st, dt) = self.tail.try_up(d.tail)?;
        Ok((HCons { head: s0, tail: st }, HCons { head: d0, tail: dt }))
    }
}
/// A static zero stride stays as it is.
impl<N, S: crate::int::Int> UpcastPair<Z0, N> for S {
    type S = S;
    type D = Z0;
    #[inline(always)]
    fn try_up(self, d: Z0) -> Result<(S, Z0), LayoutError> {
        Ok((self, d))
    }
}
/// A runtime stride is divided by `N` ("assume dynamic strides are larger
/// than N and divisible": checked here).
impl<N: Unsigned, S: crate::int::Int> UpcastPair<i32, N> for S {
    type S = S;
    type D = i32;
    #[inline(always)]
    fn try_up(self, d: i32) -> Result<(S, i32), LayoutError> {
        let n = N::I32;
        if d % n != 0 {
            return Err(LayoutError::StrideDivisibility {
                op: "upcast",
                mode: 0,
                stride: d as i64,
                shape: n as i64,
            });
        }
        Ok((self, d / n))
    }
}
macro_rules! static_stride {
    ($Sign:ident) => {
        /// A static stride `±u`: the shape shrinks by `ceil_div(N, u)`, the
        /// stride becomes `±ceil_div(u, N)`.
        impl<N, U, S> UpcastPair<$Sign<U>, N> for S
        where
            N: Unsigned + UCeilDiv<U>,
            U: Unsigned + NonZero + DividesEither<N> + UCeilDiv<N>,
            <U as DividesEither<N>>::Output: UpcastDivisible,
            S: IntCeilDiv<PInt<<N as UCeilDiv<U>>::Output>>,
            <N as UCeilDiv<U>>::Output: NonZero,
            <U as UCeilDiv<N>>::Output: NonZero,
            $Sign<<U as UCeilDiv<N>>::Output>: Default,
            PInt<<N as UCeilDiv<U>>::Output>: crate::int::Int + Default,
        {
            type S = <S as IntCeilDiv<PInt<<N as UCeilDiv<U>>::Output>>>::Output;
            type D = $Sign<<U as UCeilDiv<N>>::Output>;
            #[inline(always)]
            fn try_up(self, _: $Sign<U>) -> Result<(Self::S, Self::D), LayoutError> {
                Ok((self.ceil_div(Default::default()), Default::default()))
            }
        }
    };
}
static_stride!(PInt);
static_stride!(NInt);

/// One shape/stride pair of `downcast` with factor `N` (typenum).
#[doc(hidden)]
pub trait DowncastPair<D, N> {
    /// The new shape.
    type S;
    /// The new stride.
    type D;
    /// Computes them.
    fn down(self, d: D) -> (Self::S, Self::D);
}
impl<N> DowncastPair<HNil, N> for HNil {
    type S = HNil;
    type D = HNil;
    #[inline(always)]
    fn down(self, _: HNil) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<N, S0: DowncastPair<D0, N>, ST: DowncastPair<DT, N>, D0, DT> DowncastPair<HCons<D0, DT>, N>
    for HCons<S0, ST>
{
    type S = HCons<S0::S, ST::S>;
    type D = HCons<S0::D, ST::D>;
    #[inline(always)]
    fn down(self, d: HCons<D0, DT>) -> (Self::S, Self::D) {
        let (s0, d0) = self.head.down(d.head);
        let (st, dt) = self.tail.down(d.tail);
        (HCons { head: s0, tail: st }, HCons { head: d0, tail: dt })
    }
}
/// `(s, d)` with `d` not `±1`: the stride is multiplied by `N`.
type Scaled<S, D, N> = (S, <D as IntMul<PInt<N>>>::Output);
/// `(s, ±1)`: the shape is multiplied by `N`.
type Widened<S, D, N> = (<S as IntMul<PInt<N>>>::Output, D);

/// Chooses between `Scaled` (`B0`: the stride is divided) and `Widened` (`B1`).
#[doc(hidden)]
pub trait DownSel<S, D, N> {
    /// The new shape.
    type S;
    /// The new stride.
    type D;
    /// Computes them.
    fn pick(s: S, d: D) -> (Self::S, Self::D);
}
impl<S, D: IntMul<PInt<N>>, N: Unsigned + NonZero> DownSel<S, D, N> for B0
where
    PInt<N>: Default + crate::int::Int,
{
    type S = S;
    type D = <D as IntMul<PInt<N>>>::Output;
    #[inline(always)]
    fn pick(s: S, d: D) -> Scaled<S, D, N> {
        (s, d.mul(Default::default()))
    }
}
impl<S: IntMul<PInt<N>>, D, N: Unsigned + NonZero> DownSel<S, D, N> for B1
where
    PInt<N>: Default + crate::int::Int,
{
    type S = <S as IntMul<PInt<N>>>::Output;
    type D = D;
    #[inline(always)]
    fn pick(s: S, d: D) -> Widened<S, D, N> {
        (s.mul(Default::default()), d)
    }
}
/// A leaf stride picks its [`DownSel`] branch: a static `±1` widens the
/// shape; any other stride, `_0` and runtime ones, is scaled.
macro_rules! down_leaf {
    ([$($g:tt)*] $D:ty => $Sel:ty) => {
        impl<N, S, $($g)*> DowncastPair<$D, N> for S
        where
            $Sel: DownSel<S, $D, N>,
        {
            type S = <$Sel as DownSel<S, $D, N>>::S;
            type D = <$Sel as DownSel<S, $D, N>>::D;
            #[inline(always)]
            fn down(self, d: $D) -> (Self::S, Self::D) {
                <$Sel>::pick(self, d)
            }
        }
    };
}
down_leaf!([U: Unsigned + NonZero + IsEqual<U1>] PInt<U> => <U as IsEqual<U1>>::Output);
down_leaf!([U: Unsigned + NonZero + IsEqual<U1>] NInt<U> => <U as IsEqual<U1>>::Output);
down_leaf!([] Z0 => B0);
down_leaf!([] i32 => B0);
down_leaf!([] i64 => B0);

/// `upcast::<N>` of a layout or a swizzled composed layout.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::swizzle::Upcast;
/// // Pairs of elements read as one: the unit-stride mode halves, the other stride too.
/// let l = Upcast::<2>::try_upcast(layout![(4, 8) : (1, 4)]).unwrap();
/// assert_eq!(l.to_string(), "(_2,_8):(_1,_2)");
/// let d: i32 = 3; // a runtime stride that 2 does not divide
/// assert!(Upcast::<2>::try_upcast(layout![(4, 8) : (1, d)]).is_err());
/// ```
pub trait Upcast<const N: usize> {
    /// The upcast layout.
    type Output;
    /// Computes it; a runtime stride that `N` does not divide is an error.
    fn try_upcast(self) -> Result<Self::Output, LayoutError>;
}
/// `downcast::<N>` of a layout or a swizzled composed layout.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::swizzle::{Downcast, Swizzle};
/// // Each element read as two: the unit-stride mode doubles, the other stride too.
/// assert_eq!(Downcast::<2>::downcast(layout![(4, 8) : (1, 4)]).to_string(), "(_8,_8):(_1,_8)");
/// let c = composition(Swizzle::<3, 4, 3>, layout![(8, 64) : (64, 1)]);
/// assert_eq!(Downcast::<2>::downcast(c).to_string(), "Sw<3,5,3> o _0 o (_8,_128):(_128,_1)");
/// ```
pub trait Downcast<const N: usize> {
    /// The downcast layout.
    type Output;
    /// Computes it.
    fn downcast(self) -> Self::Output;
}
/// The result of `upcast::<N>(L)`.
pub type Upcasted<L, const N: usize> = <L as Upcast<N>>::Output;
/// The result of `downcast::<N>(L)`.
pub type Downcasted<L, const N: usize> = <L as Downcast<N>>::Output;

type Tn<const N: usize> = <Const<N> as ToUInt>::Output;

impl<const N: usize, S: UpcastPair<D, Tn<N>>, D> Upcast<N> for Layout<S, D>
where
    Const<N>: ToUInt,
{
    type Output = Layout<S::S, S::D>;
    #[inline(always)]
    fn try_upcast(self) -> Result<Self::Output, LayoutError> {
        let (s, d) = self.into_parts();
        let (s, d) = s.try_up(d)?;
        Ok(Layout::from_parts(s, d))
    }
}
impl<const N: usize, S: DowncastPair<D, Tn<N>>, D> Downcast<N> for Layout<S, D>
where
    Const<N>: ToUInt,
{
    type Output = Layout<S::S, S::D>;
    #[inline(always)]
    fn downcast(self) -> Self::Output {
        let (s, d) = self.into_parts();
        let (s, d) = s.down(d);
        Layout::from_parts(s, d)
    }
}

/// `N` is a power of two: implemented for `B1` only.
#[diagnostic::on_unimplemented(
    message = "upcast/downcast of a swizzled layout: N must be a power of two",
    note = "CuTe: static_assert(has_single_bit(N), \"N must be a power of two\")"
)]
#[doc(hidden)]
pub trait CastFactorIsPowerOfTwo {}
impl CastFactorIsPowerOfTwo for B1 {}
/// `1 << log2(N) == N` as a bit.
type IsPow2<const N: usize> = <<U1 as core::ops::Shl<Log2<N>>>::Output as IsEqual<Tn<N>>>::Output;

/// `log2 N` for the swizzle's base: `N` must be a power of two.
type Log2<const N: usize> = <Tn<N> as typenum::Logarithm2>::Output;
/// `min(M, k)`.
#[doc(hidden)]
pub type MinMK<A, K> = <<A as SwizzleParams>::Base as Min<K>>::Output;
/// The bits lost below zero: `k - min(M, k)`.
#[doc(hidden)]
pub type Under<A, K> = <K as Sub<MinMK<A, K>>>::Output;
/// CuTe's `upcast<N>(Swizzle<B,M,S>)`: `M - k` if that is not negative,
/// else `B` shrinks by what is missing and `M` is 0.
#[doc(hidden)]
pub type SwizzleUp<A, K> =
    SwizzleTn<
        <<A as SwizzleParams>::Bits as Sub<
            <<A as SwizzleParams>::Bits as Min<Under<A, K>>>::Output,
        >>::Output,
        <<A as SwizzleParams>::Base as Sub<MinMK<A, K>>>::Output,
        <A as SwizzleParams>::Shift,
    >;
/// CuTe's `downcast<N>(Swizzle<B,M,S>)`: `M + log2 N`.
#[doc(hidden)]
pub type SwizzleDown<A, K> = SwizzleTn<
    <A as SwizzleParams>::Bits,
    <<A as SwizzleParams>::Base as Add<K>>::Output,
    <A as SwizzleParams>::Shift,
>;

/// `upcast` and `downcast` of `Sw o _0 o L` need the same check of the
/// factor `N` (a power of two, with its log); each moves the swizzle's
/// parameters its own way.
macro_rules! swizzle_cast {
    ($Tr:ident, [$($extra:tt)*] { $($body:tt)* }) => {
        impl<const N: usize, A: SwizzleParams, L: $Tr<N>> $Tr<N> for ComposedLayout<A, Z0, L>
        where
            Const<N>: ToUInt,
            Tn<N>: typenum::Logarithm2,
            U1: core::ops::Shl<Log2<N>>,
            <U1 as core::ops::Shl<Log2<N>>>::Output: IsEqual<Tn<N>>,
            IsPow2<N>: CastFactorIsPowerOfTwo,
            $($extra)*
        {
            $($body)*
        }
    };
}
swizzle_cast! {
    Upcast,
    [
        A::Base: Min<Log2<N>>,
        Log2<N>: Sub<MinMK<A, Log2<N>>>,
        A::Bits: Min<Under<A, Log2<N>>>,
        A::Bits: Sub<<A::Bits as Min<Under<A, Log2<N>>>>::Output>,
        A::Base: Sub<MinMK<A, Log2<N>>>,
        L: Copy,
    ] {
        type Output = ComposedLayout<SwizzleUp<A, Log2<N>>, Z0, L::Output>;
        #[inline(always)]
        fn try_upcast(self) -> Result<Self::Output, LayoutError> {
            Ok(ComposedLayout::new(
                Default::default(),
                Z0,
                self.layout().try_upcast()?,
            ))
        }
    }
}
swizzle_cast! {
    Downcast,
    [
        A::Base: Add<Log2<N>>,
        L: Copy,
    ] {
        type Output = ComposedLayout<SwizzleDown<A, Log2<N>>, Z0, L::Output>;
        #[inline(always)]
        fn downcast(self) -> Self::Output {
            ComposedLayout::new(Default::default(), Z0, self.layout().downcast())
        }
    }
}

/// CuTe's `upcast<N>(L)`: a layout over elements `N` times wider.
#[inline(always)]
#[track_caller]
pub fn upcast<const N: usize, L: Upcast<N>>(l: L) -> L::Output {
    ok_or_panic(l.try_upcast())
}
/// [`upcast`] without the panic (a runtime stride `N` does not divide).
#[inline(always)]
pub fn try_upcast<const N: usize, L: Upcast<N>>(l: L) -> Result<L::Output, LayoutError> {
    l.try_upcast()
}
/// CuTe's `downcast<N>(L)`: a layout over elements `N` times narrower.
#[inline(always)]
pub fn downcast<const N: usize, L: Downcast<N>>(l: L) -> L::Output {
    l.downcast()
}
