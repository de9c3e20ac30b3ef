//! Everything a user needs, in one line: `use cute_algebra::prelude::*;`.

pub use crate::algebra::{
    coalesce, coalesce_by, complement, filter, left_inverse, right_inverse, try_complement,
    try_left_inverse,
};
pub use crate::int::{
    Int, IntAbs, IntAdd, IntCeilDiv, IntDiv, IntGcd, IntMax, IntMin, IntMul, IntRem, IntShapeDiv,
    IntSub, StaticInt,
};
pub use crate::layout::{
    Underscore, cosize, crd2idx, dice, idx2crd, make_layout, make_layout_like, make_layout_right,
    make_ordered_layout, slice,
};
pub use crate::tuple::{
    IntTuple, TupleIndex, append, compact_col_major, compact_row_major, compatible, congruent,
    flatten, get, group, inner_product, prefix_product, prepend, product, product_each,
    repeat_like, reverse, select, size, take, unflatten, weakly_congruent, zip,
};
pub use crate::{Coord, Shape, Stride, coord, int, layout, shape, stride, tile};
pub use crate::{Layout, LayoutError};
pub use frunk_core::{HList, hlist};
