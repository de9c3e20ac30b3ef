//! What divides and products share: the kinds of tiler and the by-mode
//! walk. A tiler is a layout, an integer `n` (the layout `n:1`), `_` (the
//! mode is kept), or a tuple of tilers applied mode by mode, where the
//! layout's modes beyond the tuple are kept. Only the layout case differs
//! between the operations; it is [`LayoutTiler`], implemented by the
//! operation markers [`Divide`] and [`Product`].

use super::static_result::LayoutsStatic;
use super::{Leaves, Outcome, StaticFlag, TileUnzipped, Zip2By, tile_unzip};
use crate::error::LayoutError;
use crate::layout::{IntoParts, Layout, LayoutParts, MakeLayout, Underscore};
use core::marker::PhantomData;
use frunk_core::hlist::{HCons, HNil};

/// The operation marker of the divides; `N` is the name of the function
/// the user called ([`super::names`]), for the compile errors.
#[derive(Clone, Copy, Debug, Default)]
pub struct Divide<N = super::names::logical_divide>(PhantomData<N>);
/// The operation marker of the products; `N` as for [`Divide`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Product<N = super::names::logical_product>(PhantomData<N>);

/// The operation `Self` (a marker) with the layout tiler `T` on `L`.
#[doc(hidden)]
pub trait LayoutTiler<T, L> {
    /// The result (a static one built by [`Outcome::blank`]).
    type Output: IntoParts<Shape: Leaves, Stride: Leaves> + Outcome;
    /// Applies it, checking runtime values.
    fn try_apply_layout(tiler: T, l: L) -> Result<Self::Output, LayoutError>;
}

/// Applies the tiler `Self` to the layout `L` with the operation `Op`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot tile this layout with `{Op}`",
    label = "a tiler is a layout, an integer, `_`, or a tuple of those with at most the layout's rank",
    note = "the complements and compositions the operation stands for must be admissible"
)]
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::algebra::{ApplyTiler, Divide, Product};
/// // The marker picks the operation: `Divide` for logical_divide, `Product` for logical_product.
/// let a = layout![(4, 2, 3) : (2, 1, 8)];
/// let d = ApplyTiler::<Divide, _>::try_apply(layout![4 : 2], a).unwrap();
/// assert_eq!(d.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// let p = ApplyTiler::<Product, _>::try_apply(layout![6 : 1], layout![(2, 2) : (4, 1)]).unwrap();
/// assert_eq!(p.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// ```
pub trait ApplyTiler<Op, L>: crate::int::sealed::Operand + ApplyStatic<L> {
    /// The result (a static one built by [`Outcome::blank`]).
    type Output: IntoParts<Shape: Leaves, Stride: Leaves> + Outcome;
    /// Applies it, checking runtime values.
    fn try_apply(self, l: L) -> Result<Self::Output, LayoutError>;
}

/// A divide's or product's static path, as a supertrait of [`ApplyTiler`]
/// (as [`ComposeStatic`](crate::algebra::ComposeStatic) is composition's):
/// its impls ask only the operands' leaves, and the result builds from
/// its type, which the operation's `Output` bounds by [`Outcome`]; so the
/// build of a static call resolves none of the operation's steps.
///
/// The result is a parameter of the method, not of the trait: a trait
/// parameter would be the projection `<Self as ApplyTiler<Op, L>>::Output`,
/// which the public functions' result types name, and a caller proving
/// that type well-formed would prove the supertrait, through the walk.
#[doc(hidden)]
pub trait ApplyStatic<L> {
    /// Runs `walk` (the operation on the values), or, when every operand
    /// is static, builds the result `R` (the operation's, or its zipped
    /// form's) from its type without mentioning `walk` ([`StaticFlag`]).
    fn by_type<R: Outcome>(walk: impl FnOnce() -> Result<R, LayoutError>)
    -> Result<R, LayoutError>;
}

impl<Op, TS, TD, S, D> ApplyTiler<Op, Layout<S, D>> for Layout<TS, TD>
where
    Op: LayoutTiler<Self, Layout<S, D>>,
    TS: Leaves,
    TD: Leaves,
    S: Leaves,
    D: Leaves,
{
    type Output = Op::Output;
    #[inline(always)]
    fn try_apply(self, l: Layout<S, D>) -> Result<Self::Output, LayoutError> {
        Op::try_apply_layout(self, l)
    }
}
/// A layout tiler on a layout: the result is static when every leaf of
/// both is, and it builds from its type ([`Outcome::blank`]).
impl<TS, TD, S, D> ApplyStatic<Layout<S, D>> for Layout<TS, TD>
where
    TS: Leaves,
    TD: Leaves,
    S: Leaves,
    D: Leaves,
{
    #[inline(always)]
    fn by_type<R: Outcome>(
        walk: impl FnOnce() -> Result<R, LayoutError>,
    ) -> Result<R, LayoutError> {
        <LayoutsStatic<TS, TD, S, D> as StaticFlag>::pick(walk, || Ok(R::blank()))
    }
}
impl<Op, L: IntoParts<Shape: Leaves, Stride: Leaves> + Outcome> ApplyTiler<Op, L> for Underscore {
    type Output = L;
    #[inline(always)]
    fn try_apply(self, l: L) -> Result<L, LayoutError> {
        Ok(l)
    }
}
/// `_` keeps the layout: the walk is a copy.
impl<L> ApplyStatic<L> for Underscore {
    #[inline(always)]
    fn by_type<R: Outcome>(
        walk: impl FnOnce() -> Result<R, LayoutError>,
    ) -> Result<R, LayoutError> {
        walk()
    }
}
/// An integer tiler `n` is the layout `make_layout(n)`.
macro_rules! int_tiler {
    ($($T:ty => [$($g:tt)*]),*) => {$(
        impl<Op, L, $($g)*> ApplyTiler<Op, L> for $T
        where
            $T: MakeLayout,
            <$T as MakeLayout>::Output: ApplyTiler<Op, L>,
        {
            type Output = <<$T as MakeLayout>::Output as ApplyTiler<Op, L>>::Output;
            #[inline(always)]
            fn try_apply(self, l: L) -> Result<Self::Output, LayoutError> {
                self.make_layout().try_apply(l)
            }
        }
        /// The layout `make_layout(n)` decides.
        impl<L, $($g)*> ApplyStatic<L> for $T
        where
            $T: MakeLayout,
            <$T as MakeLayout>::Output: ApplyStatic<L>,
        {
            #[inline(always)]
            fn by_type<R: Outcome>(
                walk: impl FnOnce() -> Result<R, LayoutError>,
            ) -> Result<R, LayoutError> {
                <<$T as MakeLayout>::Output as ApplyStatic<L>>::by_type(walk)
            }
        }
    )*};
}
crate::int::for_int_kinds!(int_tiler);
/// A by-mode tiler: modes tiled one by one, the rest kept.
impl<Op, T0, TT, S, D> ApplyTiler<Op, Layout<S, D>> for HCons<T0, TT>
where
    Self: ByModes<Op, S, D>,
{
    type Output = Layout<<Self as ByModes<Op, S, D>>::Shapes, <Self as ByModes<Op, S, D>>::Strides>;
    #[inline]
    fn try_apply(self, l: Layout<S, D>) -> Result<Self::Output, LayoutError> {
        let (s, d) = l.into_parts();
        let (s, d) = self.try_by_modes(s, d)?;
        Ok(Layout::from_parts(s, d))
    }
}
/// A by-mode tiler runs its walk (not dispatched).
impl<T0, TT, L> ApplyStatic<L> for HCons<T0, TT> {
    #[inline(always)]
    fn by_type<R: Outcome>(
        walk: impl FnOnce() -> Result<R, LayoutError>,
    ) -> Result<R, LayoutError> {
        walk()
    }
}

/// The by-mode walk of a tuple tiler over the modes `S:D`. Extra tiler
/// modes are dropped here; [`TilerModesFit`] reports them, as one error.
#[doc(hidden)]
pub trait ByModes<Op, S, D> {
    /// The result's shapes.
    type Shapes: Leaves;
    /// The result's strides.
    type Strides: Leaves;
    /// Tiles mode by mode.
    fn try_by_modes(self, s: S, d: D) -> Result<(Self::Shapes, Self::Strides), LayoutError>;
}
impl<Op, S: Leaves, D: Leaves> ByModes<Op, S, D> for HNil {
    type Shapes = S;
    type Strides = D;
    #[inline(always)]
    fn try_by_modes(self, s: S, d: D) -> Result<(S, D), LayoutError> {
        Ok((s, d))
    }
}
impl<Op, T0, TT> ByModes<Op, HNil, HNil> for HCons<T0, TT> {
    type Shapes = HNil;
    type Strides = HNil;
    #[inline(always)]
    fn try_by_modes(self, _: HNil, _: HNil) -> Result<(HNil, HNil), LayoutError> {
        Ok((HNil, HNil))
    }
}
impl<Op, T0, TT, S0, ST, D0, DT> ByModes<Op, HCons<S0, ST>, HCons<D0, DT>> for HCons<T0, TT>
where
    T0: ApplyTiler<Op, Layout<S0, D0>>,
    TT: ByModes<Op, ST, DT>,
{
    type Shapes = HCons<<T0::Output as LayoutParts>::Shape, TT::Shapes>;
    type Strides = HCons<<T0::Output as LayoutParts>::Stride, TT::Strides>;
    #[inline]
    fn try_by_modes(
        self,
        s: HCons<S0, ST>,
        d: HCons<D0, DT>,
    ) -> Result<(Self::Shapes, Self::Strides), LayoutError> {
        let (s0, d0) = self
            .head
            .try_apply(Layout::from_parts(s.head, d.head))?
            .parts();
        let (st, dt) = self.tail.try_by_modes(s.tail, d.tail)?;
        Ok((HCons { head: s0, tail: st }, HCons { head: d0, tail: dt }))
    }
}

/// An integer-shaped layout is rank 1 in CuTe: a tuple tiler's first mode
/// tiles the whole layout, and the result is wrapped in a rank-1 tuple
/// (`logical_divide(12:1, (4:1))` is `((_4,_3)):((_1,_4))`). Extra tiler
/// modes are dropped here; [`TilerModesFit`] reports them.
macro_rules! int_shape_by_modes {
    ($($S:ty => [$($g:tt)*]),*) => {$(
        impl<Op, T0, TT, D, $($g)*> ByModes<Op, $S, D> for HCons<T0, TT>
        where
            T0: ApplyTiler<Op, Layout<$S, D>>,
        {
            type Shapes = HCons<<T0::Output as LayoutParts>::Shape, HNil>;
            type Strides = HCons<<T0::Output as LayoutParts>::Stride, HNil>;
            #[inline]
            fn try_by_modes(self, s: $S, d: D) -> Result<(Self::Shapes, Self::Strides), LayoutError> {
                let (s0, d0) = self.head.try_apply(Layout::from_parts(s, d))?.parts();
                Ok((HCons { head: s0, tail: HNil }, HCons { head: d0, tail: HNil }))
            }
        }
        impl<T0: TilerModesFit<$S>, $($g)*> TilerModesFit<$S> for HCons<T0, HNil> {}
    )*};
}
crate::int::for_int_kinds!(int_shape_by_modes);

/// A tiler may have at most as many modes as the layout, at every level.
///
/// The divide and product functions check this as a bound of their own
/// (`ZippedDivideFits` and the others in [`super::named`], which name the operation), beside a walk
/// that tolerates extra modes, so that a tiler that is too long is one
/// error.
#[diagnostic::on_unimplemented(
    message = "too many modes in tiler: the tiler has more modes than the layout",
    label = "CuTe: \"Too many modes in tiler\""
)]
#[doc(hidden)]
pub trait TilerModesFit<S> {}
impl<S> TilerModesFit<S> for HNil {}
impl<T0: TilerModesFit<S0>, TT: TilerModesFit<ST>, S0, ST> TilerModesFit<HCons<S0, ST>>
    for HCons<T0, TT>
{
}
impl<S, TS, TD> TilerModesFit<S> for Layout<TS, TD> {}
impl<S> TilerModesFit<S> for Underscore {}
impl<S, I: crate::int::Int> TilerModesFit<S> for I {}

/// The zipped form: the result regrouped by the tiler (CuTe's
/// `tile_unzip`), `((tiles…), (rests…))`.
#[doc(hidden)]
pub trait ApplyZipped<Op, L>: ApplyTiler<Op, L> + Sized {
    /// The zipped result (a static one built by [`Outcome::blank`]).
    type Zipped: IntoParts + Outcome;
    /// Applies and zips.
    fn try_zipped(self, l: L) -> Result<Self::Zipped, LayoutError>;
}
impl<Op, L, T> ApplyZipped<Op, L> for T
where
    T: ApplyTiler<Op, L>,
    <T::Output as LayoutParts>::Shape: Zip2By<T>,
    <T::Output as LayoutParts>::Stride: Zip2By<T>,
{
    type Zipped =
        TileUnzipped<<T::Output as LayoutParts>::Shape, <T::Output as LayoutParts>::Stride, T>;
    #[inline]
    fn try_zipped(self, l: L) -> Result<Self::Zipped, LayoutError> {
        Ok(zip_by::<_, T>(self.try_apply(l)?))
    }
}

/// The logical result `r` regrouped by the tiler `T`.
#[inline(always)]
fn zip_by<R: IntoParts, T>(
    r: R,
) -> TileUnzipped<<R as LayoutParts>::Shape, <R as LayoutParts>::Stride, T>
where
    <R as LayoutParts>::Shape: Zip2By<T>,
    <R as LayoutParts>::Stride: Zip2By<T>,
{
    let (s, d) = r.parts();
    tile_unzip::<_, _, T>(Layout::from_parts(s, d))
}

/// The four forms of a divide or a product (logical, zipped, tiled, flat):
/// their result types, each form's function that panics on a runtime
/// condition's failure, and its `try_` twin, which names the form in the
/// error. The divides and the products differ only in the marker, the
/// names and the docs; within one operation the forms differ in the
/// `Apply*` trait that runs them, the admissibility check and, for the
/// tiled and flat forms, the unpacking of the zipped result.
macro_rules! tiler_fns {
    ($(#[$ldoc:meta])*
     $logical:ident($larg:ident) / $try_logical:ident -> $Logical:ident = ApplyTiler<$Op:ident>, $LFits:ident
        { $(#[$ltry:meta])* }
     $(#[$zdoc:meta])*
     $zipped:ident($zarg:ident) / $try_zipped:ident -> $Zipped:ident as $ZippedAs:ident = ApplyZipped<$ZOp:ty>, $ZFits:ident
        { $(#[$ztry:meta])* }
     $(#[$tdoc:meta])*
     $tiled:ident($targ:ident) / $try_tiled:ident -> $Tiled:ident = ApplyZipped<$TOp:ty>, $TFits:ident
        { $(#[$ttry:meta])* }
     $(#[$fdoc:meta])*
     $flat:ident($farg:ident) / $try_flat:ident -> $Flat:ident = ApplyZipped<$FOp:ty>, $FFits:ident
        { $(#[$ftry:meta])* }
    ) => {
        #[doc = concat!("The result type of [`", stringify!($logical), "`].")]
        pub type $Logical<L, T> = <T as ApplyTiler<$Op, L>>::Output;
        #[doc = concat!("The result type of [`", stringify!($zipped), "`].")]
        pub type $Zipped<L, T> = <T as ApplyZipped<$ZOp, L>>::Zipped;
        #[doc = concat!(
            "The `", stringify!($zipped), "` under the name `N`, before [`",
            stringify!($tiled), "`] and [`", stringify!($flat), "`] unpack it."
        )]
        pub type $ZippedAs<L, T, N> = <T as ApplyZipped<$Op<N>, L>>::Zipped;
        #[doc = concat!("The result type of [`", stringify!($tiled), "`].")]
        pub type $Tiled<L, T> = UnpackedLayout<
            <$ZippedAs<L, T, crate::algebra::names::$tiled> as LayoutParts>::Shape,
            <$ZippedAs<L, T, crate::algebra::names::$tiled> as LayoutParts>::Stride,
            false,
        >;
        #[doc = concat!("The result type of [`", stringify!($flat), "`].")]
        pub type $Flat<L, T> = UnpackedLayout<
            <$ZippedAs<L, T, crate::algebra::names::$flat> as LayoutParts>::Shape,
            <$ZippedAs<L, T, crate::algebra::names::$flat> as LayoutParts>::Stride,
            true,
        >;

        $crate::algebra::tiler::tiler_fns!(@form $(#[$ldoc])* $logical($larg) / $(#[$ltry])* $try_logical
            -> $Logical = ApplyTiler<$Op>::try_apply, $LFits);
        $crate::algebra::tiler::tiler_fns!(@form $(#[$zdoc])* $zipped($zarg) / $(#[$ztry])* $try_zipped
            -> $Zipped = ApplyZipped<$ZOp>::try_zipped, $ZFits);
        $crate::algebra::tiler::tiler_fns!(@form $(#[$tdoc])* $tiled($targ) / $(#[$ttry])* $try_tiled
            -> $Tiled = ApplyZipped<$TOp>::try_zipped, $TFits, unpacked false from $ZippedAs);
        $crate::algebra::tiler::tiler_fns!(@form $(#[$fdoc])* $flat($farg) / $(#[$ftry])* $try_flat
            -> $Flat = ApplyZipped<$FOp>::try_zipped, $FFits, unpacked true from $ZippedAs);
    };
    (@form $(#[$doc:meta])* $name:ident($arg:ident) / $(#[$try_doc:meta])* $try_name:ident
        -> $Res:ident = $Apply:ident<$Op:ty>::$apply:ident, $Fits:ident
        $(, unpacked $unflat:literal from $ZippedAs:ident)?) => {
        $(#[$doc])*
        #[inline]
        #[track_caller]
        pub fn $name<S, D, T: $Apply<$Op, Layout<S, D>> + crate::algebra::named::$Fits<S>>(
            $arg: Layout<S, D>,
            tiler: T,
        ) -> $Res<Layout<S, D>, T>
        $(where
            <$ZippedAs<Layout<S, D>, T, crate::algebra::names::$name> as LayoutParts>::Shape: Unpacked<$unflat>,
            <$ZippedAs<Layout<S, D>, T, crate::algebra::names::$name> as LayoutParts>::Stride: Unpacked<$unflat>,)?
        {
            ok_or_panic($try_name($arg, tiler))
        }

        $(#[$try_doc])*
        #[inline]
        pub fn $try_name<S, D, T: $Apply<$Op, Layout<S, D>> + crate::algebra::named::$Fits<S>>(
            $arg: Layout<S, D>,
            tiler: T,
        ) -> Result<$Res<Layout<S, D>, T>, LayoutError>
        $(where
            <$ZippedAs<Layout<S, D>, T, crate::algebra::names::$name> as LayoutParts>::Shape: Unpacked<$unflat>,
            <$ZippedAs<Layout<S, D>, T, crate::algebra::names::$name> as LayoutParts>::Stride: Unpacked<$unflat>,)?
        {
            <T as $crate::algebra::ApplyStatic<Layout<S, D>>>::by_type(|| tiler.$apply($arg))
                $(.map(unpack_layout::<_, $unflat>))?
                .map_err(|e| e.in_op(stringify!($name)))
        }
    };
}
pub(crate) use tiler_fns;
