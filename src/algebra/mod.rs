//! CuTe's layout algebra: `coalesce`, `filter`, and friends.
//!
//! Every operation is a trait on the type being recursed on (the shape, or
//! a flat list of modes), so that inference never recurses into a type it
//! does not know yet. Static values resolve during type checking; runtime
//! values follow CuTe's mixed behaviour (for example, runtime modes never
//! merge).
//!
//! # Layers
//!
//! The crate is layered, each layer importing only from those below it:
//! [`int`](mod@crate::int) (integers, their mixing rule and the type-level
//! arithmetic the walks use), [`tuple`](mod@crate::tuple) (IntTuples and the
//! helpers on them: flatten, reverse, wrap, the sorts by stride),
//! [`layout`](mod@crate::layout) (`Layout`, `crd2idx`, and the coalescing walk
//! `crd2idx` needs), then this module. Within it the operations depend one
//! way, without cycles: `coalesce`, `filter` and composition first, then
//! complement (built on them), the inverses, and the divides and products
//! built from complement and composition.

mod coalesce;
mod coalesce_by;
mod common;
mod complement;
pub(crate) mod composition;
mod divide;
mod filter;
mod grid;
mod inverse;
#[doc(hidden)]
pub mod named;
pub mod names;
mod product;
mod regroup;
mod static_result;
mod tile_to_shape;
pub mod tiler;

// The operations: each one's function, `try_` function, trait and result
// alias. The traits and types that only carry an operation's walk stay
// inside the crate (they are `pub` where a public bound names them, but
// not reachable by path).
#[doc(hidden)]
pub use crate::int::{And4, StaticFlag};
pub use coalesce::{Coalesce, CoalesceLayout, CoalesceX, Coalesced, coalesce};
pub use coalesce_by::{CoalesceBy, CoalescedBy, coalesce_by};
pub use common::{
    MaxCommonLayout, MaxCommonVector, max_common_layout, max_common_vector, try_max_common_layout,
};
pub use complement::{Complement, Complemented, FilteredCosize, complement, try_complement};
pub use composition::composition;
pub use composition::{Composed, Composition, try_composition};
pub use divide::{
    FlatDivided, LogicalDivided, TiledDivided, ZippedDivided, ZippedDividedAs, flat_divide,
    logical_divide, tiled_divide, try_flat_divide, try_logical_divide, try_tiled_divide,
    try_zipped_divide, zipped_divide,
};
pub use filter::{FilterLayout, Filtered, filter};
pub use grid::{CeilDivBy, ceil_div, try_ceil_div};
pub use inverse::{
    LeftInverse, LeftInverseLayout, RightInverse, RightInverseLayout, left_inverse, right_inverse,
    try_left_inverse, try_right_inverse,
};
pub use product::{
    BlockProduct, BlockedProduct, FlatProduct, LogicalProduct, RakedProduct, TiledProduct,
    ZippedProduct, ZippedProductAs, blocked_product, flat_product, logical_product, raked_product,
    tiled_product, try_blocked_product, try_flat_product, try_logical_product, try_raked_product,
    try_tiled_product, try_zipped_product, zipped_product,
};
pub use tile_to_shape::{
    TileToShape, TiledToShape, tile_to_shape, tile_to_shape_ordered, try_tile_to_shape,
};

// The outcomes of an operation that does not apply: a user meets these
// types in a result type or an error, and each names its condition.
pub use complement::{
    CosizeOfLAndRAtLeastM, CosizeOfRAtMostRoundUp, NegativeStride, RuntimeStrideStructure,
    SizeOfRAtLeastMOverSizeL, SizeOfRAtMostCosizeOfR, StrideBelowExtent,
};
pub use inverse::{
    LeftInverseNotDivisible, LeftInverseOverlap, LeftInverseRuntimeStride,
    RightInverseRuntimeStride,
};

// Every other piece, by its name but hidden from the docs: the traits
// that carry an operation's walk. Public bounds name them, and rustc's
// notes print them by this short path.
#[doc(hidden)]
pub use coalesce::*;
#[doc(hidden)]
pub use coalesce_by::*;
#[doc(hidden)]
pub use common::*;
#[doc(hidden)]
pub use complement::*;
#[doc(hidden)]
pub use composition::{
    ByMode, ComposeAfterStatic, ComposeCoalesced, ComposeStatic, CompositionRhs, Leaves, ModeLists,
    TopModes, verdict, walk,
};
#[doc(hidden)]
pub use divide::*;
#[doc(hidden)]
pub use filter::*;
#[doc(hidden)]
pub use inverse::*;
#[doc(hidden)]
pub use named::{DivideComposition, ProductRest, RestOfTile};
#[doc(hidden)]
pub use product::*;
#[doc(hidden)]
pub use regroup::*;
#[doc(hidden)]
pub use tile_to_shape::*;

/// The runtime checks every operation makes on a shape operand, as
/// `DynLayout` makes them on every layout: each extent is at least 1
/// ([`LayoutError::ZeroSize`]), and the size fits its type
/// ([`LayoutError::Overflow`]), so that every prefix product does too.
#[inline(always)]
pub(crate) fn check_shape<S: crate::tuple::IntTuple>(
    s: S,
    op: &'static str,
) -> Result<(), crate::error::LayoutError>
where
    S::Static: SizeFits<S>,
{
    if s.min_leaf() < 1 {
        return Err(crate::error::LayoutError::ZeroSize { op });
    }
    match <S::Static as SizeFits<S>>::size_fits(s) {
        true => Ok(()),
        false => Err(crate::error::LayoutError::Overflow { op }),
    }
}

/// The size half of `check_shape`, by the shape's static flag: a static
/// shape's size is a typenum integer, which always fits, so only a shape
/// with a runtime leaf proves [`Size`](crate::tuple::Size) (a product of
/// its leaves) to check it; a static one is not multiplied out.
#[doc(hidden)]
pub trait SizeFits<S> {
    /// `false` where the size overflows its type.
    fn size_fits(s: S) -> bool;
}
impl<S> SizeFits<S> for typenum::B1 {
    #[inline(always)]
    fn size_fits(_: S) -> bool {
        true
    }
}
impl<S: crate::tuple::Size> SizeFits<S> for typenum::B0 {
    #[inline(always)]
    fn size_fits(s: S) -> bool {
        s.size_checked().is_some()
    }
}
pub use tiler::{
    ApplyStatic, ApplyTiler, ApplyZipped, ByModes, Divide, LayoutTiler, Product, TilerModesFit,
};
