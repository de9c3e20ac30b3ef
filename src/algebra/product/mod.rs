//! The products: `logical_product`, its zipped, tiled and flat forms, and
//! `blocked_product` / `raked_product`.
//!
//! CuTe's `logical_product(a, t)` for a layout `t` is
//! `(a, composition(complement(a, size(a) * cosize(t)), t))`: the block `a`,
//! then `t`'s layout of block repetitions, placed where `a` does not reach.
//! A by-mode tiler multiplies mode by mode; `_` keeps the mode; an integer
//! `n` is the layout `n:1`.

mod block;
mod cotarget;

pub use block::*;
pub use cotarget::*;

use crate::algebra::Leaves;
use crate::algebra::names::{
    flat_product as FlatN, tiled_product as TiledN, zipped_product as ZippedN,
};
use crate::algebra::tiler::tiler_fns;
use crate::algebra::{
    ApplyTiler, ApplyZipped, Complement, LayoutTiler, Product, ProductRest, Unpacked,
    UnpackedLayout, unpack_layout,
};
use crate::error::LayoutError;
use crate::error::ok_or_panic;
use crate::layout::{IntoParts, Layout, LayoutParts};
use crate::tuple::cons;
use frunk_core::hlist::{HCons, HNil};

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
    S: Cotarget<TS, TD> + Copy + Leaves,
    D: Copy + Leaves,
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
            cons(s, cons(rs, HNil)),
            cons(d, cons(rd, HNil)),
        ))
    }
}
tiler_fns! {
    /// CuTe's `logical_product(block, tiler)`: `(block, repetitions)` for a
    /// layout or integer tiler, and mode by mode for a tuple tiler.
    ///
    /// # Tilers
    /// The same forms as the divides (see [`logical_divide`](crate::algebra::logical_divide)),
    /// for this and the zipped, tiled and flat products: a layout
    /// (`(block, composition(complement(block, size(block) * cosize(t)), t))`),
    /// an integer `n` (the layout `n:1`), or a tuple (`shape![3, 2]`,
    /// `tile![3 : 1, 2 : 1]`) applied mode by mode. `blocked_product` and
    /// `raked_product` take a layout.
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// // Expected values printed by CuTe C++ (CUTLASS 4.2) for the same calls.
    /// let b = layout![(2, 2) : (1, 2)];
    /// assert_eq!(logical_product(b, layout![3 : 1]).to_string(), "((_2,_2),_3):((_1,_2),_4)");
    /// assert_eq!(logical_product(b, tile![3 : 1, 2 : 1]).to_string(), "((_2,_3),(_2,_2)):((_1,_2),(_2,_1))");
    /// assert_eq!(zipped_product(b, shape![3, 2]).to_string(), "((_2,_2),(_3,_2)):((_1,_2),(_2,_1))");
    /// ```
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
    logical_product(block) / try_logical_product -> LogicalProduct = ApplyTiler<Product>, LogicalProductFits {
        /// [`logical_product`], returning a runtime condition's failure as an error.
    }
    /// CuTe's `zipped_product(block, tiler)`: `((blocks…), (repetitions…))`.
    ///
    /// # Tilers
    /// Those of [`logical_product`]: a layout, an integer, or a tuple applied
    /// mode by mode.
    ///
    /// # Panics
    /// As [`logical_product`].
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let p = zipped_product(layout![(2, 2) : (1, 2)], tile![3:1, 2:1]);
    /// assert_eq!(p.to_string(), "((_2,_2),(_3,_2)):((_1,_2),(_2,_1))");
    /// ```
    zipped_product(block) / try_zipped_product -> ZippedProduct as ZippedProductAs = ApplyZipped<Product<ZippedN>>, ZippedProductFits {
        /// [`zipped_product`], returning a runtime condition's failure as an error
        /// named `zipped_product`.
    }
    /// CuTe's `tiled_product(block, tiler)`: `((blocks…), rep0, rep1, …)`.
    ///
    /// # Tilers
    /// Those of [`logical_product`]: a layout, an integer, or a tuple applied
    /// mode by mode.
    ///
    /// # Panics
    /// As [`logical_product`].
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let p = tiled_product(layout![(2, 2) : (1, 2)], tile![3:1, 2:1]);
    /// assert_eq!(p.to_string(), "((_2,_2),_3,_2):((_1,_2),_2,_1)");
    /// ```
    tiled_product(block) / try_tiled_product -> TiledProduct = ApplyZipped<Product<TiledN>>, TiledProductFits {
        /// [`tiled_product`], returning a runtime condition's failure as an error
        /// named `tiled_product`.
    }
    /// CuTe's `flat_product(block, tiler)`: `(block0, block1, …, rep0, …)`.
    ///
    /// # Tilers
    /// Those of [`logical_product`]: a layout, an integer, or a tuple applied
    /// mode by mode.
    ///
    /// # Panics
    /// As [`logical_product`].
    ///
    /// ```
    /// use cute_algebra::prelude::*;
    /// let p = flat_product(layout![(2, 2) : (1, 2)], tile![3:1, 2:1]);
    /// assert_eq!(p.to_string(), "(_2,_2,_3,_2):(_1,_2,_2,_1)");
    /// ```
    flat_product(block) / try_flat_product -> FlatProduct = ApplyZipped<Product<FlatN>>, FlatProductFits {
        /// [`flat_product`], returning a runtime condition's failure as an error
        /// named `flat_product`.
    }
}
