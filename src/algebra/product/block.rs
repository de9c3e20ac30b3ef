//! `blocked_product` and `raked_product`: the logical product of the block
//! and the tiler, padded to a common rank, with each mode paired in order.

use crate::algebra::names;
use crate::algebra::static_result::LayoutsStatic;
use crate::algebra::{ApplyTiler, Leaves, Outcome, Product, StaticFlag};
use crate::error::LayoutError;
use crate::error::ok_or_panic;
use crate::layout::Layout;
use crate::tuple::Zip;
use crate::tuple::cons;
use frunk_core::hlist::{HCons, HNil};
use typenum::{P1, Z0};

// The wrap helpers moved to `tuple`; their old paths here.
#[doc(hidden)]
pub use crate::tuple::{IntoModes, RankIsOne};

#[doc(hidden)]
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
/// Puts the four heads `h` in front of the four padded tails `t`: each
/// non-empty case of [`PadPair`] adds one mode to each list.
#[inline(always)]
#[allow(clippy::type_complexity)]
fn cons4<A, B, C, D, W, X, Y, Z>(
    h: (A, B, C, D),
    t: (W, X, Y, Z),
) -> (HCons<A, W>, HCons<B, X>, HCons<C, Y>, HCons<D, Z>) {
    (
        cons(h.0, t.0),
        cons(h.1, t.1),
        cons(h.2, t.2),
        cons(h.3, t.3),
    )
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
        cons4(
            (self.head, da.head, P1::new(), Z0::new()),
            self.tail.pad(da.tail, HNil, HNil),
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
        cons4(
            (P1::new(), Z0::new(), ts.head, td.head),
            HNil.pad(HNil, ts.tail, td.tail),
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
        cons4(
            (self.head, da.head, ts.head, td.head),
            self.tail.pad(da.tail, ts.tail, td.tail),
        )
    }
}

/// One of the padded lists of [`PadPair`] for the layouts `S:D` and
/// `TS:TD`, by its associated type's name.
macro_rules! padded {
    ($Out:ident) => {
        <<S as IntoModes>::Modes as PadPair<
            <D as IntoModes>::Modes,
            <TS as IntoModes>::Modes,
            <TD as IntoModes>::Modes,
        >>::$Out
    };
}

/// The padded pair of [`PadPair`], as layouts.
type Padded<S, D, TS, TD> = (
    Layout<padded!(AS), padded!(AD)>,
    Layout<padded!(TS), padded!(TD)>,
);

/// `blocked_product` (`RAKED = false`) and `raked_product` (`RAKED = true`)
/// of the block `Self` by the layout `T`.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::algebra::BlockProduct;
/// let (block, tiler) = (layout![(2, 2) : (1, 2)], layout![(3, 4) : (1, 3)]);
/// // `RAKED = false` is blocked_product, `true` raked_product.
/// let b = BlockProduct::<_, false>::try_block_product(block, tiler).unwrap();
/// assert_eq!(b.to_string(), "((_2,_3),(_2,_4)):((_1,_4),(_2,_12))");
/// let r = BlockProduct::<_, true>::try_block_product(block, tiler).unwrap();
/// assert_eq!(r.to_string(), "((_3,_2),(_4,_2)):((_4,_1),(_12,_2))");
/// ```
pub trait BlockProduct<T, const RAKED: bool>: crate::int::sealed::Operand + BlockStatic<T> {
    /// The product (a static one built by [`Outcome::blank`]).
    type Output: Outcome;
    /// Multiplies.
    fn try_block_product(self, t: T) -> Result<Self::Output, LayoutError>;
}

/// The static path of [`BlockProduct`], a supertrait (as
/// [`ApplyStatic`](crate::algebra::ApplyStatic) is the divides'): the
/// operands' leaves decide, and the result builds from its type, so that
/// the build of a static call resolves none of the product's steps.
#[doc(hidden)]
pub trait BlockStatic<T> {
    /// Runs `walk` (the product of the values), or, when every operand is
    /// static, builds the result `R` from its type without mentioning
    /// `walk` ([`StaticFlag`]).
    fn by_type<R: Outcome>(walk: impl FnOnce() -> Result<R, LayoutError>)
    -> Result<R, LayoutError>;
}
/// Two layouts: the result is static when every leaf of both is.
impl<S, D, TS, TD> BlockStatic<Layout<TS, TD>> for Layout<S, D>
where
    S: Leaves,
    D: Leaves,
    TS: Leaves,
    TD: Leaves,
{
    #[inline(always)]
    fn by_type<R: Outcome>(
        walk: impl FnOnce() -> Result<R, LayoutError>,
    ) -> Result<R, LayoutError> {
        <LayoutsStatic<S, D, TS, TD> as StaticFlag>::pick(walk, || Ok(R::blank()))
    }
}

impl<S, D, TS, TD, const RAKED: bool> BlockProduct<Layout<TS, TD>, RAKED> for Layout<S, D>
where
    S: IntoModes + Copy + Leaves,
    D: IntoModes + Copy + Leaves,
    TS: IntoModes + Copy + Leaves,
    TD: IntoModes + Copy + Leaves,
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
type RankOne<S, D, TS, TD> = <padded!(AS) as RankIsOne>::Is;
/// The pair the product works on.
type Chosen<S, D, TS, TD> = <RankOne<S, D, TS, TD> as ChoosePair<
    (Layout<S, D>, Layout<TS, TD>),
    Padded<S, D, TS, TD>,
>>::Pair;

#[doc(hidden)]
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

#[doc(hidden)]
/// `blocked_product` (`RAKED = false`) or `raked_product` (`RAKED = true`),
/// to name the operation in a compile error.
pub struct Raked<const RAKED: bool>;
#[doc(hidden)]
/// The name type of [`Raked`].
pub trait BlockName {
    /// [`names::blocked_product`] or [`names::raked_product`].
    type N;
}
crate::int::output_impls! {
    type N;
    [] Raked<false> as BlockName => names::blocked_product;
    [] Raked<true> as BlockName => names::raked_product;
}

#[doc(hidden)]
/// The logical product of a padded pair, zipped block-first or
/// repetition-first.
pub trait PairProduct<const RAKED: bool> {
    /// The zipped product (a static one built by [`Outcome::blank`]).
    type Output: Outcome;
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
        Ok(zip_pair::<_, _, _, _, RAKED>(self.1.try_apply(self.0)?))
    }
}

/// The layout `(block, repetitions)` zipped in the product's order.
type ZippedPair<AS, AD, RS, RD, const RAKED: bool> =
    Layout<<(AS, RS) as ZipInOrder<RAKED>>::Output, <(AD, RD) as ZipInOrder<RAKED>>::Output>;

/// `(block, repetitions)` zipped in the product's order.
#[inline(always)]
fn zip_pair<AS, AD, RS, RD, const RAKED: bool>(
    r: crate::algebra::named::Pair<AS, AD, RS, RD>,
) -> ZippedPair<AS, AD, RS, RD, RAKED>
where
    (AS, RS): ZipInOrder<RAKED>,
    (AD, RD): ZipInOrder<RAKED>,
{
    let (s, d) = r.into_parts();
    Layout::from_parts(
        (s.head, s.tail.head).zip_in_order(),
        (d.head, d.tail.head).zip_in_order(),
    )
}

#[doc(hidden)]
/// `zip(block, reps)` for `blocked_product`, `zip(reps, block)` for
/// `raked_product`.
pub trait ZipInOrder<const RAKED: bool> {
    /// The zipped modes.
    type Output: Leaves;
    /// Zips.
    fn zip_in_order(self) -> Self::Output;
}
impl<A: Zip<R, Output: Leaves>, R> ZipInOrder<false> for (A, R) {
    type Output = A::Output;
    #[inline(always)]
    fn zip_in_order(self) -> A::Output {
        self.0.zip(self.1)
    }
}
impl<A, R: Zip<A, Output: Leaves>> ZipInOrder<true> for (A, R) {
    type Output = R::Output;
    #[inline(always)]
    fn zip_in_order(self) -> R::Output {
        self.1.zip(self.0)
    }
}

/// `blocked_product` and `raked_product` are one [`BlockProduct`] that
/// differs in the order it zips (`RAKED`): the result types, the panicking
/// functions and their `try_` twins, which name the form in the error.
macro_rules! block_product_fns {
    ($($(#[$doc:meta])* $name:ident / $try_name:ident -> $Res:ident, $raked:literal;)*) => {$(
        #[doc = concat!("The result type of [`", stringify!($name), "`].")]
        pub type $Res<A, T> = <A as BlockProduct<T, $raked>>::Output;

        $(#[$doc])*
        #[inline]
        #[track_caller]
        pub fn $name<A: BlockProduct<T, $raked, Output = R>, T, R>(block: A, tiler: T) -> R {
            ok_or_panic($try_name(block, tiler))
        }

        #[doc = concat!("[`", stringify!($name), "`], returning a runtime condition's failure as an error.")]
        #[inline]
        pub fn $try_name<A: BlockProduct<T, $raked>, T>(
            block: A,
            tiler: T,
        ) -> Result<$Res<A, T>, LayoutError> {
            <A as BlockStatic<T>>::by_type(|| block.try_block_product(tiler))
                .map_err(|e| e.in_op(stringify!($name)))
        }
    )*};
}

block_product_fns! {
    /// CuTe's `blocked_product(block, tiler)`: both layouts padded to the same
    /// rank, multiplied, and zipped mode by mode as `((block_i, rep_i), …)`:
    /// each block stays contiguous.
    ///
    /// # Tilers
    /// A layout, as in CuTe.
    ///
    /// # Panics
    /// As [`logical_product`](super::logical_product); [`try_blocked_product`] returns the error.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let p = blocked_product(layout![(32, 8) : (1, 32)], layout![(4, 1) : (1, 0)]);
    /// assert_eq!(p.to_string(), "((_32,_4),(_8,_1)):((_1,_256),(_32,_0))");
    /// ```
    blocked_product / try_blocked_product -> BlockedProduct, false;

    /// CuTe's `raked_product(block, tiler)`: as [`blocked_product`], but
    /// zipped `((rep_i, block_i), …)`, so the blocks interleave (CuTe 4.x does
    /// not coalesce the result).
    ///
    /// # Tilers
    /// A layout, as in CuTe.
    ///
    /// # Panics
    /// As [`logical_product`](super::logical_product); [`try_raked_product`] returns the error.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let p = raked_product(layout![(32, 8) : (1, 32)], layout![(4, 1) : (1, 0)]);
    /// assert_eq!(p.to_string(), "((_4,_32),(_1,_8)):((_256,_1),(_0,_32))");
    /// ```
    raked_product / try_raked_product -> RakedProduct, true;
}
