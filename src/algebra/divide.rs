//! The divides: `logical_divide` and its zipped, tiled and flat forms.
//!
//! CuTe's `logical_divide(l, t)` for a layout tiler is
//! `composition(l, make_layout(t, complement(t, shape(coalesce(l)))))`:
//! the tile `t`, then the layout of the tile's repetitions over `l`'s
//! (coalesced) domain. A by-mode tiler divides mode by mode and keeps the
//! modes it does not reach; `_` keeps the whole mode; an integer `n` is the
//! tile `n:1` (see [`super::tiler`]). The other forms regroup the result
//! (see [`super::Zip2By`] and [`Unpacked`]).

use super::names::{self, flat_divide as FlatN, tiled_divide as TiledN, zipped_divide as ZippedN};
use super::tiler::tiler_fns;
use super::{
    ApplyTiler, ApplyZipped, Coalesce, Complement, Divide, DivideComposition, LayoutTiler,
    RestOfTile, Unpacked, UnpackedLayout, unpack_layout,
};
use crate::error::LayoutError;
use crate::error::ok_or_panic;
use crate::layout::{IntoParts, Layout, LayoutParts};

#[doc(hidden)]
/// `make_layout(t, complement(t, domain))`: the tile `Self`, then the
/// layout of its repetitions over the domain shape `Dom`.
/// `N` is the name of the divide the user called.
pub trait TileAndRest<Dom, N = names::logical_divide> {
    /// The two-mode layout.
    type Output;
    /// Builds it, checking runtime values.
    fn try_tile_and_rest(self, domain: Dom) -> Result<Self::Output, LayoutError>;
}
impl<TS: Copy, TD: Copy, Dom, N> TileAndRest<Dom, N> for Layout<TS, TD>
where
    Self: Complement<Dom>,
    <Self as Complement<Dom>>::Output: RestOfTile<TS, TD, N>,
{
    type Output = <<Self as Complement<Dom>>::Output as RestOfTile<TS, TD, N>>::Output;
    #[inline]
    fn try_tile_and_rest(self, domain: Dom) -> Result<Self::Output, LayoutError> {
        let (ts, td) = self.into_parts();
        Ok(self.try_complement_to(domain)?.rest_of_tile(ts, td))
    }
}

/// `shape(coalesce(S:D))`.
type Domain<S, D> = <<S as Coalesce<D>>::Output as LayoutParts>::Shape;
/// The tile of a layout tiler `T` over the layout `S:D`.
type Tile<T, S, D, N> = <T as TileAndRest<Domain<S, D>, N>>::Output;

impl<N, S, D, TS, TD> LayoutTiler<Layout<TS, TD>, Layout<S, D>> for Divide<N>
where
    S: Coalesce<D> + Copy,
    D: Copy,
    S::Output: IntoParts,
    Layout<TS, TD>: TileAndRest<Domain<S, D>, N>,
    Layout<S, D>: DivideComposition<Tile<Layout<TS, TD>, S, D, N>, N>,
    <Layout<S, D> as DivideComposition<Tile<Layout<TS, TD>, S, D, N>, N>>::Output: IntoParts,
{
    type Output = <Layout<S, D> as DivideComposition<Tile<Layout<TS, TD>, S, D, N>, N>>::Output;
    #[inline]
    fn try_apply_layout(
        tiler: Layout<TS, TD>,
        l: Layout<S, D>,
    ) -> Result<Self::Output, LayoutError> {
        let domain = super::coalesce(l).parts().0;
        l.try_divide_compose(tiler.try_tile_and_rest(domain)?)
    }
}
tiler_fns! {
    /// CuTe's `logical_divide(l, tiler)`: `(tile, rest)` for a layout or
    /// integer tiler, and mode by mode for a tuple tiler.
    ///
    /// # Tilers
    /// The same forms as CuTe, for this and the zipped, tiled and flat
    /// divides:
    /// - a layout, `layout![4 : 2]`: `composition(l, (t, complement(t, size(l))))`;
    /// - an integer, `int!(4)` or a runtime `i32`/`i64`: the layout `4:1`;
    /// - a tuple, `shape![4, 3]` (integers) or `tile![4 : 2, _]` (CuTe's
    ///   `make_tile` of layouts, integers and `_`): mode `i` of the tiler
    ///   divides mode `i` of `l`, `_` keeps a mode, and modes of `l` beyond
    ///   the tiler stay as they are. A tiler with more modes than `l` does not
    ///   compile; an integer-shaped `l` is rank 1, so a one-mode tuple tiles it.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// // Expected values printed by CuTe C++ (CUTLASS 4.2) for the same calls.
    /// let a = layout![(8, 6) : (1, 8)];
    /// assert_eq!(logical_divide(a, layout![4 : 2]).to_string(), "(_4,(_2,_6)):(_2,(_1,_8))");
    /// assert_eq!(logical_divide(a, int!(4)).to_string(), "(_4,_12):(_1,_4)");
    /// assert_eq!(logical_divide(a, shape![4, 3]).to_string(), "((_4,_2),(_3,_2)):((_1,_4),(_8,_24))");
    /// assert_eq!(logical_divide(a, tile![4 : 2, _]).to_string(), "((_4,_2),_6):((_2,_1),_8)");
    /// assert_eq!(zipped_divide(a, tile![4 : 2, 3]).to_string(), "((_4,_3),(_2,_2)):((_2,_8),(_1,_24))");
    /// ```
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
    logical_divide(l) / try_logical_divide -> LogicalDivided = ApplyTiler<Divide>, LogicalDivideFits {
        /// [`logical_divide`], returning a runtime condition's failure as an error.
        ///
        /// ```
        /// use cute_algebra::prelude::*;
        /// let n: i32 = 6;
        /// assert!(try_logical_divide(layout![(n, 4) : (1, 7)], layout![8 : 1]).is_err());
        /// ```
    }
    /// CuTe's `zipped_divide(l, tiler)`: `((tiles…), (rests…, other modes…))`.
    ///
    /// # Tilers
    /// Those of [`logical_divide`]: a layout, an integer, or a tuple of
    /// layouts, integers and `_` (mode by mode).
    ///
    /// # Panics
    /// As [`logical_divide`].
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let l = zipped_divide(layout![(9, (4, 8)) : (59, (13, 1))], tile![3:3, (2,4):(1,8)]);
    /// assert_eq!(l.to_string(), "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))");
    /// ```
    zipped_divide(l) / try_zipped_divide -> ZippedDivided as ZippedDividedAs = ApplyZipped<Divide<ZippedN>>, ZippedDivideFits {
        /// [`zipped_divide`], returning a runtime condition's failure as an error
        /// named `zipped_divide`.
    }
    /// CuTe's `tiled_divide(l, tiler)`: `((tiles…), rest0, rest1, …)`.
    ///
    /// # Tilers
    /// Those of [`logical_divide`]: a layout, an integer, or a tuple of
    /// layouts, integers and `_` (mode by mode).
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
    tiled_divide(l) / try_tiled_divide -> TiledDivided = ApplyZipped<Divide<TiledN>>, TiledDivideFits {
        /// [`tiled_divide`], returning a runtime condition's failure as an error
        /// named `tiled_divide`.
    }
    /// CuTe's `flat_divide(l, tiler)`: `(tile0, tile1, …, rest0, rest1, …)`.
    ///
    /// # Tilers
    /// Those of [`logical_divide`]: a layout, an integer, or a tuple of
    /// layouts, integers and `_` (mode by mode).
    ///
    /// # Panics
    /// As [`logical_divide`].
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let l = flat_divide(layout![(8, 6) : (1, 8)], shape![2, 3]);
    /// assert_eq!(l.to_string(), "(_2,_3,_4,_2):(_1,_8,_2,_24)");
    /// ```
    flat_divide(l) / try_flat_divide -> FlatDivided = ApplyZipped<Divide<FlatN>>, FlatDivideFits {
        /// [`flat_divide`], returning a runtime condition's failure as an error
        /// named `flat_divide`.
    }
}
