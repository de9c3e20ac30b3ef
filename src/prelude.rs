//! Everything a user needs, in one line: `use cute_algebra::prelude::*;`.

pub use crate::algebra::composition::composition;
pub use crate::algebra::{
    Composed, Composition, blocked_product, ceil_div, coalesce, coalesce_by, complement, filter,
    flat_divide, flat_product, left_inverse, logical_divide, logical_product, max_common_layout,
    max_common_vector, raked_product, right_inverse, tile_to_shape, tile_to_shape_ordered,
    tiled_divide, tiled_product, try_blocked_product, try_ceil_div, try_complement,
    try_composition, try_left_inverse, try_logical_divide, try_logical_product,
    try_max_common_layout, try_raked_product, try_right_inverse, try_tile_to_shape, zipped_divide,
    zipped_product,
};
pub use crate::algebra::{
    try_flat_divide, try_flat_product, try_tiled_divide, try_tiled_product, try_zipped_divide,
    try_zipped_product,
};
pub use crate::hlist;
pub use crate::int::{
    Int, IntAbs, IntAdd, IntCeilDiv, IntDiv, IntGcd, IntMax, IntMin, IntMul, IntRem, IntShapeDiv,
    IntSub, StaticInt,
};
pub use crate::layout::{
    Underscore, cosize, crd2idx, dice, idx2crd, make_fragment_like, make_layout, make_layout_like,
    make_layout_right, make_ordered_layout, slice,
};
pub use crate::tuple::{
    Flat, IntTuple, Size, TupleIndex, append, compact_col_major, compact_row_major, compatible,
    congruent, flatten, get, group, inner_product, prefix_product, prepend, product, product_each,
    repeat_like, reverse, select, size, take, unflatten, weakly_congruent, zip,
};
pub use crate::{Coord, Shape, Stride, coord, int, layout, shape, stride, tile};
pub use crate::{Layout, LayoutError};
pub use frunk_core::HList;

/// An HList value, as frunk's `hlist!` builds it: `hlist![a, b, c]` (the
/// prelude re-exports frunk's macros, not its `hlist` module).
///
/// ```
/// use cute_algebra::prelude::*;
/// let h: HList![i32, bool] = hlist![3, true];
/// assert_eq!(h.head, 3);
/// ```
#[macro_export]
macro_rules! hlist {
    ($($t:tt)*) => { $crate::frunk_core::hlist![$($t)*] };
}
