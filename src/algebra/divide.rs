//! The divides: `logical_divide` and its zipped, tiled and flat forms.
//!
//! CuTe's `logical_divide(l, t)` for a layout tiler is
//! `composition(l, make_layout(t, complement(t, shape(coalesce(l)))))`:
//! the tile `t`, then the layout of the tile's repetitions over `l`'s
//! (coalesced) domain. A by-mode tiler divides mode by mode and keeps the
//! modes it does not reach; `_` keeps the whole mode; an integer `n` is the
//! tile `n:1` (see [`super::tiler`]). The other forms regroup the result
//! (see [`super::Zip2By`] and [`Unpacked`]).

use super::{
    ApplyTiler, ApplyZipped, Coalesce, Complement, Composition, Divide, LayoutTiler, TilerFits,
    Unpacked, UnpackedLayout, unpack_layout,
};
use crate::error::LayoutError;
use crate::error::ok_or_panic;
use crate::layout::{IntoParts, Layout, LayoutParts};
use frunk_core::hlist::{HCons, HNil};

/// `make_layout(t, complement(t, domain))`: the tile `Self`, then the
/// layout of its repetitions over the domain shape `Dom`.
pub trait TileAndRest<Dom> {
    /// The two-mode layout.
    type Output;
    /// Builds it, checking runtime values.
    fn try_tile_and_rest(self, domain: Dom) -> Result<Self::Output, LayoutError>;
}
impl<TS: Copy, TD: Copy, Dom> TileAndRest<Dom> for Layout<TS, TD>
where
    Self: Complement<Dom>,
    <Self as Complement<Dom>>::Output: IntoParts,
{
    type Output = Layout<
        HCons<TS, HCons<<<Self as Complement<Dom>>::Output as LayoutParts>::Shape, HNil>>,
        HCons<TD, HCons<<<Self as Complement<Dom>>::Output as LayoutParts>::Stride, HNil>>,
    >;
    #[inline]
    fn try_tile_and_rest(self, domain: Dom) -> Result<Self::Output, LayoutError> {
        let (ts, td) = self.into_parts();
        let (rs, rd) = self.try_complement_to(domain)?.parts();
        Ok(Layout::from_parts(
            HCons {
                head: ts,
                tail: HCons {
                    head: rs,
                    tail: HNil,
                },
            },
            HCons {
                head: td,
                tail: HCons {
                    head: rd,
                    tail: HNil,
                },
            },
        ))
    }
}

/// `shape(coalesce(S:D))`.
type Domain<S, D> = <<S as Coalesce<D>>::Output as LayoutParts>::Shape;
/// The tile of a layout tiler `T` over the layout `S:D`.
type Tile<T, S, D> = <T as TileAndRest<Domain<S, D>>>::Output;

impl<S, D, TS, TD> LayoutTiler<Layout<TS, TD>, Layout<S, D>> for Divide
where
    S: Coalesce<D> + Copy,
    D: Copy,
    S::Output: IntoParts,
    Layout<TS, TD>: TileAndRest<Domain<S, D>>,
    Layout<S, D>: Composition<Tile<Layout<TS, TD>, S, D>>,
    <Layout<S, D> as Composition<Tile<Layout<TS, TD>, S, D>>>::Output: IntoParts,
{
    type Output = <Layout<S, D> as Composition<Tile<Layout<TS, TD>, S, D>>>::Output;
    #[inline]
    fn try_apply_layout(
        tiler: Layout<TS, TD>,
        l: Layout<S, D>,
    ) -> Result<Self::Output, LayoutError> {
        let domain = super::coalesce(l).parts().0;
        l.try_compose(tiler.try_tile_and_rest(domain)?)
    }
}
/// The result type of [`logical_divide`].
pub type LogicalDivided<L, T> = <T as ApplyTiler<Divide, L>>::Output;
/// The result type of [`zipped_divide`].
pub type ZippedDivided<L, T> = <T as ApplyZipped<Divide, L>>::Zipped;
/// The result type of [`tiled_divide`].
pub type TiledDivided<L, T> = UnpackedLayout<
    <ZippedDivided<L, T> as LayoutParts>::Shape,
    <ZippedDivided<L, T> as LayoutParts>::Stride,
    false,
>;
/// The result type of [`flat_divide`].
pub type FlatDivided<L, T> = UnpackedLayout<
    <ZippedDivided<L, T> as LayoutParts>::Shape,
    <ZippedDivided<L, T> as LayoutParts>::Stride,
    true,
>;

/// CuTe's `logical_divide(l, tiler)`: `(tile, rest)` for a layout or
/// integer tiler, and mode by mode for a tuple tiler.
///
/// # Panics
/// When a runtime value breaks composition's conditions (static values are
/// checked at compile time); [`try_logical_divide`] returns the error.
///
/// ```
/// use cute_algebra::prelude::*;
/// let l = logical_divide(layout![(4, 2, 3) : (2, 1, 8)], layout![4 : 2]);
/// assert_eq!(l.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// ```
#[inline]
#[track_caller]
pub fn logical_divide<S, D, T: ApplyTiler<Divide, Layout<S, D>> + TilerFits<S>>(
    l: Layout<S, D>,
    tiler: T,
) -> LogicalDivided<Layout<S, D>, T> {
    ok_or_panic(tiler.try_apply(l))
}

/// [`logical_divide`], returning a runtime condition's failure as an error.
///
/// ```
/// use cute_algebra::prelude::*;
/// let n: i32 = 6;
/// assert!(try_logical_divide(layout![(n, 4) : (1, 7)], layout![8 : 1]).is_err());
/// ```
#[inline]
pub fn try_logical_divide<S, D, T: ApplyTiler<Divide, Layout<S, D>> + TilerFits<S>>(
    l: Layout<S, D>,
    tiler: T,
) -> Result<LogicalDivided<Layout<S, D>, T>, LayoutError> {
    tiler.try_apply(l)
}

/// CuTe's `zipped_divide(l, tiler)`: `((tiles…), (rests…, other modes…))`.
///
/// # Panics
/// As [`logical_divide`].
///
/// ```
/// use cute_algebra::prelude::*;
/// let l = zipped_divide(layout![(9, (4, 8)) : (59, (13, 1))], tile![3:3, (2,4):(1,8)]);
/// assert_eq!(l.to_string(), "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))");
/// ```
#[inline]
#[track_caller]
pub fn zipped_divide<S, D, T: ApplyZipped<Divide, Layout<S, D>> + TilerFits<S>>(
    l: Layout<S, D>,
    tiler: T,
) -> ZippedDivided<Layout<S, D>, T> {
    ok_or_panic(tiler.try_zipped(l))
}

/// CuTe's `tiled_divide(l, tiler)`: `((tiles…), rest0, rest1, …)`.
///
/// # Panics
/// As [`logical_divide`].
///
/// ```
/// use cute_algebra::prelude::*;
/// let (m, n) = (256, 512);
/// let l = tiled_divide(make_layout(shape![m, n]), shape![128, 64]);
/// assert_eq!(l.to_string(), "((_128,_64),2,8):((_1,256),_128,16384)");
/// ```
#[inline]
#[track_caller]
pub fn tiled_divide<S, D, T: ApplyZipped<Divide, Layout<S, D>> + TilerFits<S>>(
    l: Layout<S, D>,
    tiler: T,
) -> TiledDivided<Layout<S, D>, T>
where
    <ZippedDivided<Layout<S, D>, T> as LayoutParts>::Shape: Unpacked<false>,
    <ZippedDivided<Layout<S, D>, T> as LayoutParts>::Stride: Unpacked<false>,
{
    unpack_layout(zipped_divide(l, tiler))
}

/// CuTe's `flat_divide(l, tiler)`: `(tile0, tile1, …, rest0, rest1, …)`.
///
/// # Panics
/// As [`logical_divide`].
///
/// ```
/// use cute_algebra::prelude::*;
/// let l = flat_divide(layout![(8, 6) : (1, 8)], shape![2, 3]);
/// assert_eq!(l.to_string(), "(_2,_3,_4,_2):(_1,_8,_2,_24)");
/// ```
#[inline]
#[track_caller]
pub fn flat_divide<S, D, T: ApplyZipped<Divide, Layout<S, D>> + TilerFits<S>>(
    l: Layout<S, D>,
    tiler: T,
) -> FlatDivided<Layout<S, D>, T>
where
    <ZippedDivided<Layout<S, D>, T> as LayoutParts>::Shape: Unpacked<true>,
    <ZippedDivided<Layout<S, D>, T> as LayoutParts>::Stride: Unpacked<true>,
{
    unpack_layout(zipped_divide(l, tiler))
}
