//! The operations CuTe defines on basis strides, run on the integer
//! encoding (module docs of [`crate::basis`]): coalesce, composition after
//! a plain layout, the four divides and slicing. Each is the plain typed
//! operation on the layout encoded with 20-bit fields, read back; the same
//! operation with 21-bit fields must read back to the same type.
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::basis::{self, make_identity_layout};
//! let id = make_identity_layout(shape![8, 2]);
//! assert_eq!(basis::zipped_divide(id, shape![4, 1]).to_string(),
//!            "((_4,_1),(_2,_2)):((_1@0,_0),(_4@0,_1@1))");
//! assert_eq!(basis::composition(id, layout![(2, 4) : (8, 1)]).to_string(),
//!            "(_2,_4):(_1@1,_1@0)");
//! let m: i32 = 100;
//! let big = make_identity_layout(shape![m, 60]);
//! assert_eq!(basis::logical_divide(big, shape![4, 8]).to_string(),
//!            "((_4,25),(_8,_8)):((_1@0,_4@0),(_1@1,_8@1))");
//! ```

use typenum::{U20, U21};

use super::encode::{DecodeStrides, EncodeStrides, SameBasisResult};
use super::{BasisLayout, BasisTuple};
use crate::algebra::{
    ApplyTiler, ApplyZipped, Coalesce, ComposeStatic, Composition, Divide, FlatDivided,
    LogicalDivided, TiledDivided, Unpacked, ZippedDivided,
};
use crate::layout::{Layout, LayoutParts, SliceLayout, Sliced};
use crate::tuple::IntTuple;

/// The narrower field width, whose reading is the result.
pub type F1 = U20;
/// The wider field width, whose reading must agree.
pub type F2 = U21;

/// Stride tree `D` encoded with `F`-bit fields.
pub type Enc<D, F> = <D as EncodeStrides<F>>::Output;
/// `Layout<S, D>` with its basis strides encoded with `F`-bit fields.
pub type Encoded<S, D, F> = Layout<S, Enc<D, F>>;

/// A plain layout result read back as a basis-strided layout.
#[doc(hidden)]
pub trait DecodeLayout<F> {
    /// The basis-strided layout.
    type Output;
    /// Reads it back (static strides; the shape keeps its runtime values).
    fn decode(self) -> Self::Output;
}
impl<F, S: IntTuple, D: IntTuple + DecodeStrides<F>> DecodeLayout<F> for Layout<S, D> {
    type Output = BasisLayout<S, <D as DecodeStrides<F>>::Output>;
    #[inline(always)]
    fn decode(self) -> Self::Output {
        BasisLayout::new(self.shape(), Default::default())
    }
}

/// The result of a basis operation whose plain result is `R1` under the
/// narrow encoding, checked against `R2` under the wide one.
#[doc(hidden)]
pub trait Agree<R2>: DecodeLayout<F1> {}
impl<R1: DecodeLayout<F1>, R2: DecodeLayout<F2>> Agree<R2> for R1 where
    R2::Output: SameBasisResult<R1::Output>
{
}

/// The basis-strided result of plain result `R1`.
pub type Decoded<R1> = <R1 as DecodeLayout<F1>>::Output;

impl<S: IntTuple, D: BasisTuple> BasisLayout<S, D> {
    /// The layout encoded with `F`-bit fields.
    #[inline(always)]
    pub fn encoded<F>(&self) -> Encoded<S, D, F>
    where
        D: EncodeStrides<F>,
        Enc<D, F>: IntTuple,
    {
        Layout::from_parts(self.shape(), Default::default())
    }
}

/// Result of [`coalesce`].
pub type BasisCoalesced<S, D> = Decoded<<S as Coalesce<Enc<D, F1>>>::Output>;

/// CuTe's `coalesce` on basis strides: bases merge only within one mode.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::basis::{self, BasisLayout, E, ScaledBasis};
/// use cute_algebra::typenum::{P4, U0};
/// let l = BasisLayout::new(shape![4, 2, 3], cute_algebra::frunk_core::hlist![
///     E::<0>::default(), ScaledBasis::<P4, U0>::default(), E::<1>::default()]);
/// assert_eq!(basis::coalesce(l).to_string(), "(_8,_3):(_1@0,_1@1)");
/// ```
#[inline(always)]
pub fn coalesce<S, D>(l: BasisLayout<S, D>) -> BasisCoalesced<S, D>
where
    S: IntTuple + Coalesce<Enc<D, F1>> + Coalesce<Enc<D, F2>>,
    D: BasisTuple + EncodeStrides<F1> + EncodeStrides<F2>,
    Enc<D, F1>: IntTuple,
    <S as Coalesce<Enc<D, F1>>>::Output: Agree<<S as Coalesce<Enc<D, F2>>>::Output>,
{
    crate::algebra::coalesce(l.encoded::<F1>()).decode()
}

/// The bounds of composing a basis-strided layout after `B`: the plain
/// composition at both field widths, the readings agreeing. The function
/// and the trait impl share them.
macro_rules! with_composition_bounds {
    ([$($head:tt)*] { $($body:tt)* }) => {
        $($head)*
        where
            S: IntTuple,
            D: BasisTuple + EncodeStrides<F1> + EncodeStrides<F2>,
            Enc<D, F1>: IntTuple,
            Encoded<S, D, F1>: Composition<B>,
            Encoded<S, D, F2>: Composition<B>,
            <Encoded<S, D, F1> as Composition<B>>::Output:
                Agree<<Encoded<S, D, F2> as Composition<B>>::Output>,
        {
            $($body)*
        }
    };
}

/// Result of [`composition`].
pub type BasisComposed<S, D, B> = Decoded<<Encoded<S, D, F1> as Composition<B>>::Output>;

with_composition_bounds! {
    [
        /// CuTe's `composition(L, B)` for basis-strided `L` after a plain layout or
        /// tiler `B`: `R(i) = L(B(i))`.
        ///
        /// ```
        /// use cute_algebra::prelude::*;
        /// use cute_algebra::basis::{self, make_identity_layout};
        /// let id = make_identity_layout(shape![4, 8]);
        /// assert_eq!(basis::composition(id, layout![(2, 2) : (8, 1)]).to_string(), "(_2,_2):(_2@1,_1@0)");
        /// ```
        #[inline(always)]
        #[track_caller]
        pub fn composition<S, D, B>(l: BasisLayout<S, D>, b: B) -> BasisComposed<S, D, B>
    ] {
        crate::algebra::composition(l.encoded::<F1>(), b).decode()
    }
}

/// The four basis divides differ only in the plain divide they run (its
/// name, the `Apply*` trait that runs it, its admissibility check) and, for
/// the unpacked forms, the flattening bound; the rest (run at both field
/// widths, the readings agree, decode the first) is the same code.
macro_rules! basis_divide {
    ($(#[$doc:meta])* $name:ident -> $Res:ident = $Divided:ident,
     $Apply:ident<$Op:ty>, $Fits:ident $(, unpacked $flat:literal)?) => {
        #[doc = concat!("Result of [`", stringify!($name), "`].")]
        pub type $Res<S, D, T> = Decoded<$Divided<Encoded<S, D, F1>, T>>;

        $(#[$doc])*
        #[inline(always)]
        #[track_caller]
        pub fn $name<S, D, T>(l: BasisLayout<S, D>, t: T) -> $Res<S, D, T>
        where
            S: IntTuple,
            D: BasisTuple + EncodeStrides<F1> + EncodeStrides<F2>,
            Enc<D, F1>: IntTuple,
            T: $Apply<$Op, Encoded<S, D, F1>>
                + $Apply<$Op, Encoded<S, D, F2>>
                + crate::algebra::named::$Fits<S>,
            $(
            <crate::algebra::ZippedDividedAs<Encoded<S, D, F1>, T, crate::algebra::names::$name> as LayoutParts>::Shape: Unpacked<$flat>,
            <crate::algebra::ZippedDividedAs<Encoded<S, D, F1>, T, crate::algebra::names::$name> as LayoutParts>::Stride: Unpacked<$flat>,
            <crate::algebra::ZippedDividedAs<Encoded<S, D, F2>, T, crate::algebra::names::$name> as LayoutParts>::Shape: Unpacked<$flat>,
            <crate::algebra::ZippedDividedAs<Encoded<S, D, F2>, T, crate::algebra::names::$name> as LayoutParts>::Stride: Unpacked<$flat>,
            )?
            $Divided<Encoded<S, D, F1>, T>: Agree<$Divided<Encoded<S, D, F2>, T>>,
        {
            crate::algebra::$name(l.encoded::<F1>(), t).decode()
        }
    };
}

basis_divide! {
    /// CuTe's `logical_divide(L, tiler)` for basis-strided `L`.
    ///
    /// # Panics
    /// As [`crate::algebra::logical_divide`], where runtime shapes break the
    /// divide's conditions.
    logical_divide -> BasisLogicalDivided = LogicalDivided, ApplyTiler<Divide>, LogicalDivideFits
}
basis_divide! {
    /// CuTe's `zipped_divide(L, tiler)` for basis-strided `L`:
    /// `((tiles...), (rests...))`.
    ///
    /// # Panics
    /// As [`crate::algebra::zipped_divide`].
    zipped_divide -> BasisZippedDivided = ZippedDivided,
    ApplyZipped<Divide<crate::algebra::names::zipped_divide>>, ZippedDivideFits
}
basis_divide! {
    /// CuTe's `tiled_divide(L, tiler)` for basis-strided `L`:
    /// `((tiles...), rest0, rest1, ...)`.
    ///
    /// # Panics
    /// As [`crate::algebra::tiled_divide`].
    tiled_divide -> BasisTiledDivided = TiledDivided,
    ApplyZipped<Divide<crate::algebra::names::tiled_divide>>, TiledDivideFits, unpacked false
}
basis_divide! {
    /// CuTe's `flat_divide(L, tiler)` for basis-strided `L`:
    /// `(tile0, tile1, ..., rest0, rest1, ...)`.
    ///
    /// # Panics
    /// As [`crate::algebra::flat_divide`].
    flat_divide -> BasisFlatDivided = FlatDivided,
    ApplyZipped<Divide<crate::algebra::names::flat_divide>>, FlatDivideFits, unpacked true
}

/// Result of [`BasisLayout::slice`].
pub type BasisSliced<C, S, D> = Decoded<Sliced<C, S, Enc<D, F1>, true>>;

impl<S: IntTuple, D: BasisTuple> BasisLayout<S, D> {
    /// CuTe's `slice(c, layout)`: the modes marked `_`.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// use cute_algebra::basis::make_identity_layout;
    /// let id = make_identity_layout(shape![4, 2, 4]);
    /// assert_eq!(id.slice(coord![_, 1, 0]).to_string(), "(_4):(_1@0)");
    /// ```
    #[inline(always)]
    pub fn slice<C>(&self, c: C) -> BasisSliced<C, S, D>
    where
        D: EncodeStrides<F1> + EncodeStrides<F2>,
        Enc<D, F1>: IntTuple,
        Enc<D, F2>: IntTuple,
        C: SliceLayout<S, Enc<D, F1>, true> + SliceLayout<S, Enc<D, F2>, true>,
        Sliced<C, S, Enc<D, F1>, true>: Agree<Sliced<C, S, Enc<D, F2>, true>>,
    {
        self.encoded::<F1>().slice(c).decode()
    }
}

with_composition_bounds! {
    [
        /// [`composition`] as the algebra's trait, so that a tensor over a
        /// basis-strided layout composes as any tensor does (`t.compose(b)`).
        impl<S, D, B> Composition<B> for BasisLayout<S, D>
    ] {
        type Output = BasisComposed<S, D, B>;
        #[inline(always)]
        fn try_compose(self, b: B) -> Result<Self::Output, crate::error::LayoutError> {
            Ok(self.encoded::<F1>().try_compose(b)?.decode())
        }
    }
}
crate::algebra::composition::walk_static!(
    impl<S, D, B, R> ComposeStatic<B, R> for BasisLayout<S, D>
);
