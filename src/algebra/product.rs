//! The products: `logical_product`, its zipped, tiled and flat forms, and
//! `blocked_product` / `raked_product`.
//!
//! CuTe's `logical_product(a, t)` for a layout `t` is
//! `(a, composition(complement(a, size(a) * cosize(t)), t))`: the block `a`,
//! then `t`'s layout of block repetitions, placed where `a` does not reach.
//! A by-mode tiler multiplies mode by mode; `_` keeps the mode; an integer
//! `n` is the layout `n:1`.

use super::SMul;
use super::UMul;
use super::composition::Leaves;
use super::names::{
    self, flat_product as FlatN, tiled_product as TiledN, zipped_product as ZippedN,
};
use super::{
    ApplyTiler, ApplyZipped, Complement, LayoutTiler, Product, ProductRest, Unpacked,
    UnpackedLayout, unpack_layout,
};
use crate::error::LayoutError;
use crate::error::ok_or_panic;
use crate::layout::{IntoParts, Layout, LayoutParts};
use crate::tuple::Zip;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Add1, B1, NInt, NonZero, P1, PInt, Sub1, U1, UInt, UTerm, Unsigned, Z0};

/// `size(Self) * cosize(TS:TD)` (the product's cotarget), with the cheap
/// static multiply [`SMul`]: static when every value it depends on is, as
/// in CuTe (a static `_1` shape or `_0` stride makes its term `_0`).
///
/// ```
/// use cute_algebra::algebra::Cotarget;
/// use cute_algebra::prelude::*;
/// // size((2,3)) = 6, cosize((2,2):(1,4)) = 6.
/// let c = shape![2, 3].cotarget(&shape![2, 2], &stride![1, 4]).unwrap();
/// assert_eq!(c.cute_string(), "_36");
/// let n: i32 = 3;
/// let c = shape![2, n].cotarget(&shape![2, 2], &stride![1, 4]).unwrap();
/// assert_eq!(c.cute_string(), "36");
/// ```
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
    S::Output: SMul<<TS::Output as AccAdd<B1>>::Out>,
    TS::Output: AccAdd<B1>,
    <S::Output as SMul<<TS::Output as AccAdd<B1>>::Out>>::Out: Leaves,
{
    type Output = <S::Output as SMul<<TS::Output as AccAdd<B1>>::Out>>::Out;
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

/// `Acc` times the product of the leaves of `Self`.
pub trait LeafProduct<Acc> {
    /// The product.
    type Output;
}
impl<Acc> LeafProduct<Acc> for HNil {
    type Output = Acc;
}
impl<Acc, H: LeafProduct<Acc>, T: LeafProduct<H::Output>> LeafProduct<Acc> for HCons<H, T> {
    type Output = T::Output;
}
macro_rules! leaf_product {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<Acc: SMul<$T>, $($g)*> LeafProduct<Acc> for $T {
            type Output = Acc::Out;
        }
    )*};
}
crate::int::for_int_kinds!(leaf_product);

/// `Acc + Σ (s - 1) * |d|` over the leaves `s` of `Self` and `d` of `D`:
/// a typenum unsigned while static, the widest runtime type (`i32` or
/// `i64`) once a runtime value counts.
pub trait CosizeTerms<D, Acc> {
    /// The sum.
    type Output;
}
impl<Acc> CosizeTerms<HNil, Acc> for HNil {
    type Output = Acc;
}
impl<Acc, H: CosizeTerms<DH, Acc>, T: CosizeTerms<DT, H::Output>, DH, DT>
    CosizeTerms<HCons<DH, DT>, Acc> for HCons<H, T>
{
    type Output = T::Output;
}
/// A `_1` shape or a `_0` stride adds a static `_0`.
impl<D, Acc> CosizeTerms<D, Acc> for PInt<U1> {
    type Output = Acc;
}
/// A static shape `s >= 2`: by the stride.
impl<X, Y, Z, D, Acc> CosizeTerms<D, Acc> for PInt<UInt<UInt<X, Y>, Z>>
where
    UInt<UInt<X, Y>, Z>: Unsigned + NonZero + core::ops::Sub<B1>,
    D: StrideTerm<Sub1<UInt<UInt<X, Y>, Z>>, Acc>,
{
    type Output = D::Output;
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

/// `Acc + Sm1 * |Self|` for a stride `Self` and a static `Sm1 = s - 1 >= 1`.
pub trait StrideTerm<Sm1, Acc> {
    /// The sum.
    type Output;
}
impl<Sm1, Acc> StrideTerm<Sm1, Acc> for Z0 {
    type Output = Acc;
}
impl<Sm1, Acc: RuntimeJoin<i32>> StrideTerm<Sm1, Acc> for i32 {
    type Output = Acc::Output;
}
impl<Sm1, Acc: RuntimeJoin<i64>> StrideTerm<Sm1, Acc> for i64 {
    type Output = Acc::Output;
}
impl<Sm1: UMul<V>, V: Unsigned + NonZero, Acc: AccAdd<Sm1::Out>> StrideTerm<Sm1, Acc> for PInt<V> {
    type Output = Acc::Output;
}
impl<Sm1: UMul<V>, V: Unsigned + NonZero, Acc: AccAdd<Sm1::Out>> StrideTerm<Sm1, Acc> for NInt<V> {
    type Output = Acc::Output;
}

/// The accumulator `Self` after a runtime term of type `R`: runtime, `i64`
/// if either is.
pub trait RuntimeJoin<R> {
    /// The runtime type of the sum.
    type Output;
}
impl<R> RuntimeJoin<R> for UTerm {
    type Output = R;
}
impl<U, B, R> RuntimeJoin<R> for UInt<U, B> {
    type Output = R;
}
impl<R> RuntimeJoin<R> for i32 {
    type Output = R;
}
impl<R> RuntimeJoin<R> for i64 {
    type Output = i64;
}

/// The accumulator `Self` (a typenum unsigned, or a runtime integer): `Self + X`
/// as [`AccAdd::Output`], and `Self + 1` as an integer ([`AccAdd::Out`]).
pub trait AccAdd<X> {
    /// `Self + X`.
    type Output;
    /// `Self + 1` as an integer (`X` unused).
    type Out;
}
impl<X> AccAdd<X> for i32 {
    type Output = i32;
    type Out = i32;
}
impl<X> AccAdd<X> for i64 {
    type Output = i64;
    type Out = i64;
}
impl<X> AccAdd<X> for UTerm {
    type Output = X;
    type Out = P1;
}
impl<U, B, X> AccAdd<X> for UInt<U, B>
where
    UInt<U, B>: core::ops::Add<X> + core::ops::Add<B1>,
    Add1<UInt<U, B>>: Unsigned + NonZero,
{
    type Output = typenum::Sum<UInt<U, B>, X>;
    type Out = PInt<Add1<UInt<U, B>>>;
}

/// `size(a) * cosize(t)`.
/// `size(S) * cosize(TS:TD)`, the cotarget of the block's complement.
type ProductCotarget<S, TS, TD> = <S as Cotarget<TS, TD>>::Output;
type Repetitions<S, D, TS, TD, N> =
    <<Layout<S, D> as Complement<ProductCotarget<S, TS, TD>>>::Output as ProductRest<
        TS,
        TD,
        N,
    >>::Output;

impl<N, S, D, TS, TD> LayoutTiler<Layout<TS, TD>, Layout<S, D>> for Product<N>
where
    S: Cotarget<TS, TD> + Copy,
    D: Copy,
    Layout<S, D>: Complement<ProductCotarget<S, TS, TD>>,
    <Layout<S, D> as Complement<ProductCotarget<S, TS, TD>>>::Output: ProductRest<TS, TD, N>,
    Repetitions<S, D, TS, TD, N>: IntoParts,
{
    type Output = Layout<
        HCons<S, HCons<<Repetitions<S, D, TS, TD, N> as LayoutParts>::Shape, HNil>>,
        HCons<D, HCons<<Repetitions<S, D, TS, TD, N> as LayoutParts>::Stride, HNil>>,
    >;
    #[inline]
    fn try_apply_layout(
        tiler: Layout<TS, TD>,
        a: Layout<S, D>,
    ) -> Result<Self::Output, LayoutError> {
        let (ts, td) = tiler.into_parts();
        let cotarget = a.into_parts().0.cotarget(&ts, &td)?;
        let (rs, rd) = a
            .try_complement_to(cotarget)?
            .try_product_rest(Layout::from_parts(ts, td))?
            .parts();
        let (s, d) = a.into_parts();
        Ok(Layout::from_parts(
            HCons {
                head: s,
                tail: HCons {
                    head: rs,
                    tail: HNil,
                },
            },
            HCons {
                head: d,
                tail: HCons {
                    head: rd,
                    tail: HNil,
                },
            },
        ))
    }
}
/// The result type of [`logical_product`].
pub type LogicalProduct<L, T> = <T as ApplyTiler<Product, L>>::Output;
/// The result type of [`zipped_product`].
pub type ZippedProduct<L, T> = <T as ApplyZipped<Product<ZippedN>, L>>::Zipped;
/// The zipped product under the name `N`, before [`tiled_product`] and
/// [`flat_product`] unpack it.
pub type ZippedProductAs<L, T, N> = <T as ApplyZipped<Product<N>, L>>::Zipped;
/// The result type of [`tiled_product`].
pub type TiledProduct<L, T> = UnpackedLayout<
    <ZippedProductAs<L, T, TiledN> as LayoutParts>::Shape,
    <ZippedProductAs<L, T, TiledN> as LayoutParts>::Stride,
    false,
>;
/// The result type of [`flat_product`].
pub type FlatProduct<L, T> = UnpackedLayout<
    <ZippedProductAs<L, T, FlatN> as LayoutParts>::Shape,
    <ZippedProductAs<L, T, FlatN> as LayoutParts>::Stride,
    true,
>;

/// CuTe's `logical_product(block, tiler)`: `(block, repetitions)` for a
/// layout or integer tiler, and mode by mode for a tuple tiler.
///
/// # Panics
/// When a runtime value breaks complement's or composition's conditions
/// (static values are checked at compile time); [`try_logical_product`]
/// returns the error.
///
/// ```
/// use cute_algebra::prelude::*;
/// let p = logical_product(layout![(32, 8) : (1, 32)], layout![(4, 1) : (1, 0)]);
/// assert_eq!(p.to_string(), "((_32,_8),(_4,_1)):((_1,_32),(_256,_0))");
/// ```
#[inline]
#[track_caller]
pub fn logical_product<
    S,
    D,
    T: ApplyTiler<Product, Layout<S, D>> + super::named::LogicalProductFits<S>,
>(
    block: Layout<S, D>,
    tiler: T,
) -> LogicalProduct<Layout<S, D>, T> {
    ok_or_panic(try_logical_product(block, tiler))
}

/// [`logical_product`], returning a runtime condition's failure as an error.
#[inline]
pub fn try_logical_product<
    S,
    D,
    T: ApplyTiler<Product, Layout<S, D>> + super::named::LogicalProductFits<S>,
>(
    block: Layout<S, D>,
    tiler: T,
) -> Result<LogicalProduct<Layout<S, D>, T>, LayoutError> {
    tiler
        .try_apply(block)
        .map_err(|e| e.in_op("logical_product"))
}

/// CuTe's `zipped_product(block, tiler)`: `((blocks…), (repetitions…))`.
///
/// # Panics
/// As [`logical_product`].
///
/// ```
/// use cute_algebra::prelude::*;
/// let p = zipped_product(layout![(2, 2) : (1, 2)], tile![3:1, 2:1]);
/// assert_eq!(p.to_string(), "((_2,_2),(_3,_2)):((_1,_2),(_2,_1))");
/// ```
#[inline]
#[track_caller]
pub fn zipped_product<
    S,
    D,
    T: ApplyZipped<Product<ZippedN>, Layout<S, D>> + super::named::ZippedProductFits<S>,
>(
    block: Layout<S, D>,
    tiler: T,
) -> ZippedProduct<Layout<S, D>, T> {
    ok_or_panic(try_zipped_product(block, tiler))
}

/// CuTe's `tiled_product(block, tiler)`: `((blocks…), rep0, rep1, …)`.
///
/// # Panics
/// As [`logical_product`].
///
/// ```
/// use cute_algebra::prelude::*;
/// let p = tiled_product(layout![(2, 2) : (1, 2)], tile![3:1, 2:1]);
/// assert_eq!(p.to_string(), "((_2,_2),_3,_2):((_1,_2),_2,_1)");
/// ```
#[inline]
#[track_caller]
pub fn tiled_product<
    S,
    D,
    T: ApplyZipped<Product<TiledN>, Layout<S, D>> + super::named::TiledProductFits<S>,
>(
    block: Layout<S, D>,
    tiler: T,
) -> TiledProduct<Layout<S, D>, T>
where
    <ZippedProductAs<Layout<S, D>, T, TiledN> as LayoutParts>::Shape: Unpacked<false>,
    <ZippedProductAs<Layout<S, D>, T, TiledN> as LayoutParts>::Stride: Unpacked<false>,
{
    ok_or_panic(try_tiled_product(block, tiler))
}

/// CuTe's `flat_product(block, tiler)`: `(block0, block1, …, rep0, …)`.
///
/// # Panics
/// As [`logical_product`].
///
/// ```
/// use cute_algebra::prelude::*;
/// let p = flat_product(layout![(2, 2) : (1, 2)], tile![3:1, 2:1]);
/// assert_eq!(p.to_string(), "(_2,_2,_3,_2):(_1,_2,_2,_1)");
/// ```
#[inline]
#[track_caller]
pub fn flat_product<
    S,
    D,
    T: ApplyZipped<Product<FlatN>, Layout<S, D>> + super::named::FlatProductFits<S>,
>(
    block: Layout<S, D>,
    tiler: T,
) -> FlatProduct<Layout<S, D>, T>
where
    <ZippedProductAs<Layout<S, D>, T, FlatN> as LayoutParts>::Shape: Unpacked<true>,
    <ZippedProductAs<Layout<S, D>, T, FlatN> as LayoutParts>::Stride: Unpacked<true>,
{
    ok_or_panic(try_flat_product(block, tiler))
}

/// [`zipped_product`], returning a runtime condition's failure as an error
/// named `zipped_product`.
#[inline]
pub fn try_zipped_product<
    S,
    D,
    T: ApplyZipped<Product<ZippedN>, Layout<S, D>> + super::named::ZippedProductFits<S>,
>(
    block: Layout<S, D>,
    tiler: T,
) -> Result<ZippedProduct<Layout<S, D>, T>, LayoutError> {
    tiler
        .try_zipped(block)
        .map_err(|e| e.in_op("zipped_product"))
}

/// [`tiled_product`], returning a runtime condition's failure as an error
/// named `tiled_product`.
#[inline]
pub fn try_tiled_product<
    S,
    D,
    T: ApplyZipped<Product<TiledN>, Layout<S, D>> + super::named::TiledProductFits<S>,
>(
    block: Layout<S, D>,
    tiler: T,
) -> Result<TiledProduct<Layout<S, D>, T>, LayoutError>
where
    <ZippedProductAs<Layout<S, D>, T, TiledN> as LayoutParts>::Shape: Unpacked<false>,
    <ZippedProductAs<Layout<S, D>, T, TiledN> as LayoutParts>::Stride: Unpacked<false>,
{
    tiler
        .try_zipped(block)
        .map(unpack_layout)
        .map_err(|e| e.in_op("tiled_product"))
}

/// [`flat_product`], returning a runtime condition's failure as an error
/// named `flat_product`.
#[inline]
pub fn try_flat_product<
    S,
    D,
    T: ApplyZipped<Product<FlatN>, Layout<S, D>> + super::named::FlatProductFits<S>,
>(
    block: Layout<S, D>,
    tiler: T,
) -> Result<FlatProduct<Layout<S, D>, T>, LayoutError>
where
    <ZippedProductAs<Layout<S, D>, T, FlatN> as LayoutParts>::Shape: Unpacked<true>,
    <ZippedProductAs<Layout<S, D>, T, FlatN> as LayoutParts>::Stride: Unpacked<true>,
{
    tiler
        .try_zipped(block)
        .map(unpack_layout)
        .map_err(|e| e.in_op("flat_product"))
}

/// An integer shape is the rank-1 tuple `(s)` in `blocked_product` and
/// `raked_product` (CuTe's `zip` wraps it so).
pub trait IntoModes {
    /// The tuple.
    type Modes;
    /// Wraps.
    fn into_modes(self) -> Self::Modes;
}
macro_rules! wrap_int {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)*> IntoModes for $T {
            type Modes = HCons<Self, HNil>;
            #[inline(always)]
            fn into_modes(self) -> Self::Modes {
                HCons { head: self, tail: HNil }
            }
        }
    )*};
}
crate::int::for_int_kinds!(wrap_int);
impl IntoModes for HNil {
    type Modes = HNil;
    #[inline(always)]
    fn into_modes(self) -> HNil {
        HNil
    }
}
impl<H, T> IntoModes for HCons<H, T> {
    type Modes = Self;
    #[inline(always)]
    fn into_modes(self) -> Self {
        self
    }
}

/// CuTe's `append<R>` on two layouts' modes: the shorter list gets `_1:_0`
/// modes until both have the rank of the longer. `Self` is the shape list
/// of `a`, with strides `DA`; `TS:TD` are `t`'s.
pub trait PadPair<DA, TS, TD> {
    /// `a`'s padded shapes.
    type AS;
    /// `a`'s padded strides.
    type AD;
    /// `t`'s padded shapes.
    type TS;
    /// `t`'s padded strides.
    type TD;
    /// Pads.
    #[allow(clippy::type_complexity)]
    fn pad(self, da: DA, ts: TS, td: TD) -> (Self::AS, Self::AD, Self::TS, Self::TD);
}
impl PadPair<HNil, HNil, HNil> for HNil {
    type AS = HNil;
    type AD = HNil;
    type TS = HNil;
    type TD = HNil;
    #[inline(always)]
    fn pad(self, _: HNil, _: HNil, _: HNil) -> (HNil, HNil, HNil, HNil) {
        (HNil, HNil, HNil, HNil)
    }
}
impl<A0, AT, D0, DT> PadPair<HCons<D0, DT>, HNil, HNil> for HCons<A0, AT>
where
    AT: PadPair<DT, HNil, HNil>,
{
    type AS = HCons<A0, AT::AS>;
    type AD = HCons<D0, AT::AD>;
    type TS = HCons<P1, AT::TS>;
    type TD = HCons<Z0, AT::TD>;
    #[inline(always)]
    fn pad(self, da: HCons<D0, DT>, _: HNil, _: HNil) -> (Self::AS, Self::AD, Self::TS, Self::TD) {
        let (a, d, t, e) = self.tail.pad(da.tail, HNil, HNil);
        (
            HCons {
                head: self.head,
                tail: a,
            },
            HCons {
                head: da.head,
                tail: d,
            },
            HCons {
                head: P1::new(),
                tail: t,
            },
            HCons {
                head: Z0::new(),
                tail: e,
            },
        )
    }
}
impl<T0, TT, E0, ET> PadPair<HNil, HCons<T0, TT>, HCons<E0, ET>> for HNil
where
    HNil: PadPair<HNil, TT, ET>,
{
    type AS = HCons<P1, <HNil as PadPair<HNil, TT, ET>>::AS>;
    type AD = HCons<Z0, <HNil as PadPair<HNil, TT, ET>>::AD>;
    type TS = HCons<T0, <HNil as PadPair<HNil, TT, ET>>::TS>;
    type TD = HCons<E0, <HNil as PadPair<HNil, TT, ET>>::TD>;
    #[inline(always)]
    fn pad(
        self,
        _: HNil,
        ts: HCons<T0, TT>,
        td: HCons<E0, ET>,
    ) -> (Self::AS, Self::AD, Self::TS, Self::TD) {
        let (a, d, t, e) = HNil.pad(HNil, ts.tail, td.tail);
        (
            HCons {
                head: P1::new(),
                tail: a,
            },
            HCons {
                head: Z0::new(),
                tail: d,
            },
            HCons {
                head: ts.head,
                tail: t,
            },
            HCons {
                head: td.head,
                tail: e,
            },
        )
    }
}
impl<A0, AT, D0, DT, T0, TT, E0, ET> PadPair<HCons<D0, DT>, HCons<T0, TT>, HCons<E0, ET>>
    for HCons<A0, AT>
where
    AT: PadPair<DT, TT, ET>,
{
    type AS = HCons<A0, AT::AS>;
    type AD = HCons<D0, AT::AD>;
    type TS = HCons<T0, AT::TS>;
    type TD = HCons<E0, AT::TD>;
    #[inline(always)]
    fn pad(
        self,
        da: HCons<D0, DT>,
        ts: HCons<T0, TT>,
        td: HCons<E0, ET>,
    ) -> (Self::AS, Self::AD, Self::TS, Self::TD) {
        let (a, d, t, e) = self.tail.pad(da.tail, ts.tail, td.tail);
        (
            HCons {
                head: self.head,
                tail: a,
            },
            HCons {
                head: da.head,
                tail: d,
            },
            HCons {
                head: ts.head,
                tail: t,
            },
            HCons {
                head: td.head,
                tail: e,
            },
        )
    }
}

/// The padded pair of [`PadPair`], as layouts.
type Padded<S, D, TS, TD> = (
    Layout<
        <<S as IntoModes>::Modes as PadPair<
            <D as IntoModes>::Modes,
            <TS as IntoModes>::Modes,
            <TD as IntoModes>::Modes,
        >>::AS,
        <<S as IntoModes>::Modes as PadPair<
            <D as IntoModes>::Modes,
            <TS as IntoModes>::Modes,
            <TD as IntoModes>::Modes,
        >>::AD,
    >,
    Layout<
        <<S as IntoModes>::Modes as PadPair<
            <D as IntoModes>::Modes,
            <TS as IntoModes>::Modes,
            <TD as IntoModes>::Modes,
        >>::TS,
        <<S as IntoModes>::Modes as PadPair<
            <D as IntoModes>::Modes,
            <TS as IntoModes>::Modes,
            <TD as IntoModes>::Modes,
        >>::TD,
    >,
);

/// `blocked_product` (`RAKED = false`) and `raked_product` (`RAKED = true`)
/// of the block `Self` by the layout `T`.
pub trait BlockProduct<T, const RAKED: bool> {
    /// The product.
    type Output;
    /// Multiplies.
    fn try_block_product(self, t: T) -> Result<Self::Output, LayoutError>;
}
impl<S, D, TS, TD, const RAKED: bool> BlockProduct<Layout<TS, TD>, RAKED> for Layout<S, D>
where
    S: IntoModes + Copy,
    D: IntoModes + Copy,
    TS: IntoModes + Copy,
    TD: IntoModes + Copy,
    S::Modes: PadPair<D::Modes, TS::Modes, TD::Modes>,
    <S::Modes as PadPair<D::Modes, TS::Modes, TD::Modes>>::AS: RankIsOne,
    RankOne<S, D, TS, TD>: ChoosePair<(Self, Layout<TS, TD>), Padded<S, D, TS, TD>>,
    Chosen<S, D, TS, TD>: PairProduct<RAKED>,
{
    type Output = <Chosen<S, D, TS, TD> as PairProduct<RAKED>>::Output;
    #[inline]
    fn try_block_product(self, t: Layout<TS, TD>) -> Result<Self::Output, LayoutError> {
        let (s, d) = self.into_parts();
        let (ts, td) = t.into_parts();
        let (a, ad, p, pd) = s
            .into_modes()
            .pad(d.into_modes(), ts.into_modes(), td.into_modes());
        let padded = (Layout::from_parts(a, ad), Layout::from_parts(p, pd));
        RankOne::<S, D, TS, TD>::choose((self, t), padded).try_pair_product()
    }
}

/// `B1` when the common rank `R = max(rank a, rank t)` is 1.
type RankOne<S, D, TS, TD> = <<<S as IntoModes>::Modes as PadPair<
    <D as IntoModes>::Modes,
    <TS as IntoModes>::Modes,
    <TD as IntoModes>::Modes,
>>::AS as RankIsOne>::Is;
/// The pair the product works on.
type Chosen<S, D, TS, TD> = <RankOne<S, D, TS, TD> as ChoosePair<
    (Layout<S, D>, Layout<TS, TD>),
    Padded<S, D, TS, TD>,
>>::Pair;

/// `B1` for a one-mode list.
pub trait RankIsOne {
    /// `B1` or `B0`.
    type Is;
}
impl<A> RankIsOne for HCons<A, HNil> {
    type Is = typenum::B1;
}
impl<A, B, T> RankIsOne for HCons<A, HCons<B, T>> {
    type Is = typenum::B0;
}

/// CuTe's `append<R>` pads only when `R ≥ 2`: at `R = 1` both layouts stay
/// as they are (an integer layout stays an integer layout), which decides
/// how `zip` groups them.
pub trait ChoosePair<Orig, Padded> {
    /// The chosen pair.
    type Pair;
    /// Chooses.
    fn choose(orig: Orig, padded: Padded) -> Self::Pair;
}
impl<Orig, Padded> ChoosePair<Orig, Padded> for typenum::B1 {
    type Pair = Orig;
    #[inline(always)]
    fn choose(orig: Orig, _: Padded) -> Orig {
        orig
    }
}
impl<Orig, Padded> ChoosePair<Orig, Padded> for typenum::B0 {
    type Pair = Padded;
    #[inline(always)]
    fn choose(_: Orig, padded: Padded) -> Padded {
        padded
    }
}

/// `blocked_product` (`RAKED = false`) or `raked_product` (`RAKED = true`),
/// to name the operation in a compile error.
pub struct Raked<const RAKED: bool>;
/// The name type of [`Raked`].
pub trait BlockName {
    /// [`names::blocked_product`] or [`names::raked_product`].
    type N;
}
impl BlockName for Raked<false> {
    type N = names::blocked_product;
}
impl BlockName for Raked<true> {
    type N = names::raked_product;
}

/// The logical product of a padded pair, zipped block-first or
/// repetition-first.
pub trait PairProduct<const RAKED: bool> {
    /// The zipped product.
    type Output;
    /// Multiplies and zips.
    fn try_pair_product(self) -> Result<Self::Output, LayoutError>;
}
impl<AS, AD, TS, TD, RS, RD, const RAKED: bool> PairProduct<RAKED>
    for (Layout<AS, AD>, Layout<TS, TD>)
where
    Raked<RAKED>: BlockName,
    Layout<TS, TD>: ApplyTiler<
            Product<<Raked<RAKED> as BlockName>::N>,
            Layout<AS, AD>,
            Output = Layout<HCons<AS, HCons<RS, HNil>>, HCons<AD, HCons<RD, HNil>>>,
        >,
    (AS, RS): ZipInOrder<RAKED>,
    (AD, RD): ZipInOrder<RAKED>,
{
    type Output =
        Layout<<(AS, RS) as ZipInOrder<RAKED>>::Output, <(AD, RD) as ZipInOrder<RAKED>>::Output>;
    #[inline]
    fn try_pair_product(self) -> Result<Self::Output, LayoutError> {
        let (s, d) = self.1.try_apply(self.0)?.into_parts();
        Ok(Layout::from_parts(
            (s.head, s.tail.head).zip_in_order(),
            (d.head, d.tail.head).zip_in_order(),
        ))
    }
}

/// `zip(block, reps)` for `blocked_product`, `zip(reps, block)` for
/// `raked_product`.
pub trait ZipInOrder<const RAKED: bool> {
    /// The zipped modes.
    type Output;
    /// Zips.
    fn zip_in_order(self) -> Self::Output;
}
impl<A: Zip<R>, R> ZipInOrder<false> for (A, R) {
    type Output = A::Output;
    #[inline(always)]
    fn zip_in_order(self) -> A::Output {
        self.0.zip(self.1)
    }
}
impl<A, R: Zip<A>> ZipInOrder<true> for (A, R) {
    type Output = R::Output;
    #[inline(always)]
    fn zip_in_order(self) -> R::Output {
        self.1.zip(self.0)
    }
}

/// The result type of [`blocked_product`].
pub type BlockedProduct<A, T> = <A as BlockProduct<T, false>>::Output;
/// The result type of [`raked_product`].
pub type RakedProduct<A, T> = <A as BlockProduct<T, true>>::Output;

/// CuTe's `blocked_product(block, tiler)`: both layouts padded to the same
/// rank, multiplied, and zipped mode by mode as `((block_i, rep_i), …)`:
/// each block stays contiguous.
///
/// # Panics
/// As [`logical_product`]; [`try_blocked_product`] returns the error.
///
/// ```
/// use cute_algebra::prelude::*;
/// let p = blocked_product(layout![(32, 8) : (1, 32)], layout![(4, 1) : (1, 0)]);
/// assert_eq!(p.to_string(), "((_32,_4),(_8,_1)):((_1,_256),(_32,_0))");
/// ```
#[inline]
#[track_caller]
pub fn blocked_product<A: BlockProduct<T, false, Output = R>, T, R>(block: A, tiler: T) -> R {
    ok_or_panic(try_blocked_product(block, tiler))
}

/// [`blocked_product`], returning a runtime condition's failure as an error.
#[inline]
pub fn try_blocked_product<A: BlockProduct<T, false>, T>(
    block: A,
    tiler: T,
) -> Result<BlockedProduct<A, T>, LayoutError> {
    block
        .try_block_product(tiler)
        .map_err(|e| e.in_op("blocked_product"))
}

/// CuTe's `raked_product(block, tiler)`: as [`blocked_product`], but
/// zipped `((rep_i, block_i), …)`, so the blocks interleave (CuTe 4.x does
/// not coalesce the result).
///
/// # Panics
/// As [`logical_product`]; [`try_raked_product`] returns the error.
///
/// ```
/// use cute_algebra::prelude::*;
/// let p = raked_product(layout![(32, 8) : (1, 32)], layout![(4, 1) : (1, 0)]);
/// assert_eq!(p.to_string(), "((_4,_32),(_1,_8)):((_256,_1),(_0,_32))");
/// ```
#[inline]
#[track_caller]
pub fn raked_product<A: BlockProduct<T, true, Output = R>, T, R>(block: A, tiler: T) -> R {
    ok_or_panic(try_raked_product(block, tiler))
}

/// [`raked_product`], returning a runtime condition's failure as an error.
#[inline]
pub fn try_raked_product<A: BlockProduct<T, true>, T>(
    block: A,
    tiler: T,
) -> Result<RakedProduct<A, T>, LayoutError> {
    block
        .try_block_product(tiler)
        .map_err(|e| e.in_op("raked_product"))
}
