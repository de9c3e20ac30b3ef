//! The values of basis-strided layouts: `_0`, a lone [`ScaledBasis`], or an
//! [`ArithTuple`], summed as CuTe sums them (`ScaledBasis + ScaledBasis` is
//! a tuple, `_0` is the identity), with the usual static/runtime mixing per
//! component.

use core::fmt;

use frunk_core::hlist::{HCons, HNil};
use typenum::{B1, P1, Sub1, UInt, UTerm, Unsigned, Z0};

use super::{BasisLayout, BasisTuple, ScaledBasis};
use crate::int::{Diff, Int, IntAdd, IntMul, IntSub, Prod, Sum};
use crate::layout::{Idx2Crd, Underscore};
use crate::tuple::IntTuple;
use crate::tuple::cons;

/// CuTe's `ArithmeticTuple`: a coordinate as a value, an HList of integers
/// (static `_0` where no stride reached the mode).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ArithTuple<L>(pub L);

/// CuTe's `elem_less(coord, shape)` on an identity tensor's value: the
/// predicate of a tile's element at a matrix's edge.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tensor::make_identity_tensor;
/// use cute_algebra::tuple::elem_less;
/// let id = make_identity_tensor(shape![4, 8]);
/// let (m, n): (i32, i32) = (3, 5);
/// assert!(elem_less(id.at(coord![2, 4]), shape![m, n]));
/// assert!(!elem_less(id.at(coord![3, 4]), shape![m, n]));
/// ```
impl<L: crate::tuple::ElemLess<B>, B> crate::tuple::ElemLess<B> for ArithTuple<L> {
    #[inline(always)]
    fn elem_less(self, b: B) -> bool {
        self.0.elem_less(b)
    }
}

/// A value of a basis-strided layout.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::basis::{BasisValue, make_identity_layout};
/// // Any value of a basis-strided layout as plain coordinates, padded to a rank.
/// fn coords<V: BasisValue>(v: V) -> Vec<i64> { v.components(3) }
/// let id = make_identity_layout(shape![4, 8]);
/// assert_eq!(id.crd2idx(coord![2, 5]).to_string(), "(_2,_5)");
/// assert_eq!(coords(id.crd2idx(coord![2, 5])), [2, 5, 0]);
/// ```
pub trait BasisValue: Copy + fmt::Debug + 'static {
    /// The value as coordinate components, padded with zeros to `n`.
    #[cfg(feature = "alloc")]
    fn components(self, n: usize) -> alloc::vec::Vec<i64>;
}

/// The components of an [`ArithTuple`].
pub trait Components: Copy + fmt::Debug + 'static {
    /// Writes `a,b,...` (CuTe's form of each).
    fn fmt_elems(self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result;
    /// Appends the values.
    #[cfg(feature = "alloc")]
    fn push(self, out: &mut alloc::vec::Vec<i64>);
}
impl Components for HNil {
    fn fmt_elems(self, _: &mut fmt::Formatter<'_>, _: bool) -> fmt::Result {
        Ok(())
    }
    #[cfg(feature = "alloc")]
    fn push(self, _: &mut alloc::vec::Vec<i64>) {}
}
impl<H: Int, T: Components> Components for HCons<H, T> {
    fn fmt_elems(self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        if !first {
            f.write_str(",")?;
        }
        self.head.fmt_cute(f)?;
        self.tail.fmt_elems(f, false)
    }
    #[cfg(feature = "alloc")]
    fn push(self, out: &mut alloc::vec::Vec<i64>) {
        out.push(self.head.wide());
        self.tail.push(out);
    }
}

impl<L: Components> fmt::Display for ArithTuple<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        self.0.fmt_elems(f, true)?;
        f.write_str(")")
    }
}

#[cfg(feature = "alloc")]
fn padded(mut v: alloc::vec::Vec<i64>, n: usize) -> alloc::vec::Vec<i64> {
    if v.len() < n {
        v.resize(n, 0);
    }
    v
}

impl<L: Components> BasisValue for ArithTuple<L> {
    #[cfg(feature = "alloc")]
    fn components(self, n: usize) -> alloc::vec::Vec<i64> {
        let mut v = alloc::vec::Vec::new();
        self.0.push(&mut v);
        padded(v, n)
    }
}
impl<V: Int, M: Unsigned + Copy + fmt::Debug + 'static> BasisValue for ScaledBasis<V, M> {
    #[cfg(feature = "alloc")]
    fn components(self, n: usize) -> alloc::vec::Vec<i64> {
        let mut v = alloc::vec![0; M::USIZE + 1];
        v[M::USIZE] = self.value.wide();
        padded(v, n)
    }
}
impl BasisValue for Z0 {
    #[cfg(feature = "alloc")]
    fn components(self, n: usize) -> alloc::vec::Vec<i64> {
        padded(alloc::vec::Vec::new(), n)
    }
}

/// `M` static zeros, then `V`: CuTe's `as_arithmetic_tuple(V@M)`.
pub trait AsTuple<V> {
    /// The components.
    type Output: Components;
    /// Builds them.
    fn as_tuple(v: V) -> Self::Output;
}
impl<V: Int> AsTuple<V> for UTerm {
    type Output = HCons<V, HNil>;
    #[inline(always)]
    fn as_tuple(v: V) -> Self::Output {
        cons(v, HNil)
    }
}
impl<V: Int, U: Unsigned, B> AsTuple<V> for UInt<U, B>
where
    UInt<U, B>: core::ops::Sub<B1>,
    Sub1<UInt<U, B>>: AsTuple<V>,
{
    type Output = HCons<Z0, <Sub1<UInt<U, B>> as AsTuple<V>>::Output>;
    #[inline(always)]
    fn as_tuple(v: V) -> Self::Output {
        cons(Z0::new(), <Sub1<UInt<U, B>> as AsTuple<V>>::as_tuple(v))
    }
}

/// The sums with a zero operand (`_0`, or an empty component list): the
/// other operand, `self` or `rhs`, unchanged.
macro_rules! keep_operand {
    ($Tr:ident::$m:ident { $([$($g:tt)*] $A:ty, $R:ty => $keep:ident;)* }) => {$(
        impl<$($g)*> $Tr<$R> for $A {
            type Output = keep_operand!(@pick $keep ($A, $R));
            #[inline(always)]
            fn $m(self, _rhs: $R) -> Self::Output {
                keep_operand!(@pick $keep (self, _rhs))
            }
        }
    )*};
    (@pick self ($a:tt, $b:tt)) => { $a };
    (@pick rhs ($a:tt, $b:tt)) => { $b };
}

/// Component-wise sum of two component lists, the shorter padded with `_0`.
pub trait ZipAdd<R> {
    /// The sum.
    type Output: Components;
    /// Computes it.
    fn zip_add(self, r: R) -> Self::Output;
}
keep_operand!(ZipAdd::zip_add {
    [] HNil, HNil => self;
    [H: Int, T: Components] HCons<H, T>, HNil => self;
    [H: Int, T: Components] HNil, HCons<H, T> => rhs;
});
impl<A: IntAdd<B>, AT: ZipAdd<BT>, B: Int, BT> ZipAdd<HCons<B, BT>> for HCons<A, AT> {
    type Output = HCons<Sum<A, B>, AT::Output>;
    #[inline(always)]
    fn zip_add(self, r: HCons<B, BT>) -> Self::Output {
        HCons {
            // An offset (a coordinate): wraps, as crd2idx does.
            head: self.head.add_wrapping(r.head),
            tail: self.tail.zip_add(r.tail),
        }
    }
}

/// A value as tuple components (for the sums that give a tuple).
pub trait IntoComponents {
    /// The components.
    type Output: Components;
    /// Converts.
    fn into_components(self) -> Self::Output;
}
impl<L: Components> IntoComponents for ArithTuple<L> {
    type Output = L;
    #[inline(always)]
    fn into_components(self) -> L {
        self.0
    }
}
impl<V: Int, M: AsTuple<V>> IntoComponents for ScaledBasis<V, M> {
    type Output = M::Output;
    #[inline(always)]
    fn into_components(self) -> M::Output {
        M::as_tuple(self.value)
    }
}

/// CuTe's `operator+` on layout values.
#[doc(hidden)]
pub trait BasisAdd<R> {
    /// The sum.
    type Output: Copy;
    /// Computes it.
    fn badd(self, r: R) -> Self::Output;
}
/// The result type of [`BasisAdd`].
pub type BasisSum<A, B> = <A as BasisAdd<B>>::Output;

keep_operand!(BasisAdd::badd {
    [] Z0, Z0 => self;
    [V: Copy, M: Copy] ScaledBasis<V, M>, Z0 => self;
    [V: Copy, M: Copy] Z0, ScaledBasis<V, M> => rhs;
    [L: Copy] ArithTuple<L>, Z0 => self;
    [L: Copy] Z0, ArithTuple<L> => rhs;
});
macro_rules! tuple_sum {
    ([$($l:tt)*] $L:ty, [$($r:tt)*] $R:ty) => {
        impl<$($l)* $($r)*> BasisAdd<$R> for $L
        where
            $L: IntoComponents,
            $R: IntoComponents,
            <$L as IntoComponents>::Output: ZipAdd<<$R as IntoComponents>::Output>,
        {
            type Output = ArithTuple<
                <<$L as IntoComponents>::Output as ZipAdd<<$R as IntoComponents>::Output>>::Output,
            >;
            #[inline(always)]
            fn badd(self, r: $R) -> Self::Output {
                ArithTuple(self.into_components().zip_add(r.into_components()))
            }
        }
    };
}
tuple_sum!([V, M,] ScaledBasis<V, M>, [W, N] ScaledBasis<W, N>);
tuple_sum!([V, M,] ScaledBasis<V, M>, [L] ArithTuple<L>);
tuple_sum!([L,] ArithTuple<L>, [V, M] ScaledBasis<V, M>);
tuple_sum!([L,] ArithTuple<L>, [R] ArithTuple<R>);

/// CuTe's `crd2idx(coord, shape, stride)` for basis strides: a congruent
/// coordinate `Self` with shape `S` and stride `D`.
#[diagnostic::on_unimplemented(
    message = "crd2idx: the coordinate does not match the basis-strided layout's shape: it must be congruent to the shape, or a single index",
    label = "give a coordinate congruent to the shape, or a single index"
)]
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::basis::{BasisCrd2Idx, make_identity_layout};
/// // An identity layout's value at a coordinate (or a 1-D index) is the coordinate.
/// let id = make_identity_layout(shape![4, 8]);
/// assert_eq!(coord![2, 5].bcrd2idx(id.shape(), id.stride()).to_string(), "(_2,_5)");
/// let i: i32 = 22;
/// assert_eq!(i.bcrd2idx(id.shape(), id.stride()).to_string(), "(2,5)");
/// ```
pub trait BasisCrd2Idx<S, D> {
    /// The value.
    type Output: Copy;
    /// Computes it.
    fn bcrd2idx(self, s: S, d: D) -> Self::Output;
}
impl<C: Int + IntMul<V>, S: Int, V: Int, M: Copy> BasisCrd2Idx<S, ScaledBasis<V, M>> for C {
    type Output = ScaledBasis<Prod<C, V>, M>;
    #[inline(always)]
    fn bcrd2idx(self, _: S, d: ScaledBasis<V, M>) -> Self::Output {
        ScaledBasis {
            value: self.mul_wrapping(d.value),
            mode: core::marker::PhantomData,
        }
    }
}
crate::int::zero_impls! {
    [C: Int, S: Int] C as BasisCrd2Idx<S, Z0>::bcrd2idx(S, Z0);
}
crate::int::zero_impls! {
    /// In a slice coordinate, `_` stands for coordinate 0 of its mode.
    [S, D] Underscore as BasisCrd2Idx<S, D>::bcrd2idx(S, D);
}
/// An integer coordinate into a tuple mode is split colexicographically
/// over the mode (the last mode unreduced), as CuTe's `crd2idx` does.
impl<C: Int, S0, ST, D0, DT> BasisCrd2Idx<HCons<S0, ST>, HCons<D0, DT>> for C
where
    HCons<S0, ST>: Idx2Crd<C> + Copy,
    <HCons<S0, ST> as Idx2Crd<C>>::Output: BasisCrd2Idx<HCons<S0, ST>, HCons<D0, DT>>,
{
    type Output = <<HCons<S0, ST> as Idx2Crd<C>>::Output as BasisCrd2Idx<
        HCons<S0, ST>,
        HCons<D0, DT>,
    >>::Output;
    #[inline(always)]
    fn bcrd2idx(self, s: HCons<S0, ST>, d: HCons<D0, DT>) -> Self::Output {
        s.idx2crd(self).bcrd2idx(s, d)
    }
}
crate::int::zero_impls! {
    [] HNil as BasisCrd2Idx<HNil, HNil>::bcrd2idx(HNil, HNil);
}
impl<C0, CT, S0, ST, D0, DT> BasisCrd2Idx<HCons<S0, ST>, HCons<D0, DT>> for HCons<C0, CT>
where
    C0: BasisCrd2Idx<S0, D0>,
    CT: BasisCrd2Idx<ST, DT>,
    C0::Output: BasisAdd<CT::Output>,
{
    type Output = BasisSum<C0::Output, CT::Output>;
    #[inline(always)]
    fn bcrd2idx(self, s: HCons<S0, ST>, d: HCons<D0, DT>) -> Self::Output {
        self.head
            .bcrd2idx(s.head, d.head)
            .badd(self.tail.bcrd2idx(s.tail, d.tail))
    }
}

impl<S: IntTuple, D: BasisTuple> BasisLayout<S, D> {
    /// The value at a coordinate congruent to the shape.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// use cute_algebra::basis::{BasisLayout, E};
    /// use cute_algebra::typenum::P2;
    /// use cute_algebra::basis::ScaledBasis;
    /// // (2,8):(1@1,2@0)
    /// let l = BasisLayout::new(shape![2, 8], cute_algebra::frunk_core::hlist![
    ///     E::<1>::default(), ScaledBasis::<P2, cute_algebra::typenum::U0>::default()]);
    /// assert_eq!(l.to_string(), "(_2,_8):(_1@1,_2@0)");
    /// assert_eq!(l.crd2idx(coord![1, 3]).to_string(), "(_6,_1)");
    /// let i: i32 = 3;
    /// assert_eq!(l.crd2idx(coord![0, i]).to_string(), "(6,_0)");
    /// ```
    #[inline(always)]
    pub fn crd2idx<C: BasisCrd2Idx<S, D>>(&self, c: C) -> C::Output {
        c.bcrd2idx(self.shape, self.stride)
    }

    /// The value at a 1-D index: the index is split colexicographically
    /// into a coordinate (the last mode unreduced), as CuTe does.
    #[inline(always)]
    pub fn at<I>(&self, i: I) -> <<S as Idx2Crd<I>>::Output as BasisCrd2Idx<S, D>>::Output
    where
        S: Idx2Crd<I>,
        <S as Idx2Crd<I>>::Output: BasisCrd2Idx<S, D>,
    {
        self.shape.idx2crd(i).bcrd2idx(self.shape, self.stride)
    }
}

/// Every leaf of a shape less one: its last coordinate.
pub trait LastCoord {
    /// The coordinate.
    type Output;
    /// Computes it.
    fn last_coord(self) -> Self::Output;
}
impl<T: Int + IntSub<P1>> LastCoord for T {
    type Output = Diff<T, P1>;
    #[inline(always)]
    fn last_coord(self) -> Self::Output {
        self.sub(P1::new())
    }
}
crate::tuple::map_hlist!(LastCoord::last_coord);

/// Every component plus one.
pub trait PlusOne {
    /// The components.
    type Output: Components;
    /// Computes them.
    fn plus_one(self) -> Self::Output;
}
crate::tuple::nil_to_nil!(PlusOne::plus_one);
impl<H: IntAdd<P1>, T: PlusOne> PlusOne for HCons<H, T> {
    type Output = HCons<Sum<H, P1>, T::Output>;
    #[inline(always)]
    fn plus_one(self) -> Self::Output {
        cons(self.head.add(P1::new()), self.tail.plus_one())
    }
}

/// CuTe's `coshape` from the value at the last coordinate: one more per
/// component (`_1` where the value is `_0`).
pub trait CoshapeOf {
    /// The coshape.
    type Output: Copy;
    /// Computes it.
    fn coshape_of(self) -> Self::Output;
}
impl CoshapeOf for Z0 {
    type Output = P1;
    #[inline(always)]
    fn coshape_of(self) -> P1 {
        P1::new()
    }
}
impl<V: Int, M: AsTuple<V>> CoshapeOf for ScaledBasis<V, M>
where
    M::Output: PlusOne,
{
    type Output = ArithTuple<<M::Output as PlusOne>::Output>;
    #[inline(always)]
    fn coshape_of(self) -> Self::Output {
        ArithTuple(self.into_components().plus_one())
    }
}
impl<L: Components + PlusOne> CoshapeOf for ArithTuple<L> {
    type Output = ArithTuple<L::Output>;
    #[inline(always)]
    fn coshape_of(self) -> Self::Output {
        ArithTuple(self.0.plus_one())
    }
}

/// The type of [`BasisLayout::coshape`].
pub type Coshape<S, D> =
    <<<S as LastCoord>::Output as BasisCrd2Idx<S, D>>::Output as CoshapeOf>::Output;

impl<S: IntTuple + LastCoord, D: BasisTuple> BasisLayout<S, D> {
    /// CuTe's `coshape(layout)`: per coordinate mode, one more than the
    /// value at the last coordinate.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// use cute_algebra::basis::make_identity_layout;
    /// assert_eq!(make_identity_layout(shape![4, 8]).coshape().to_string(), "(_4,_8)");
    /// ```
    #[inline(always)]
    pub fn coshape(&self) -> Coshape<S, D>
    where
        S::Output: BasisCrd2Idx<S, D>,
        <S::Output as BasisCrd2Idx<S, D>>::Output: CoshapeOf,
    {
        self.shape
            .last_coord()
            .bcrd2idx(self.shape, self.stride)
            .coshape_of()
    }
}
