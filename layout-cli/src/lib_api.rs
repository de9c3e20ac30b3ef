//! Every path into `cute_algebra` that the CLI uses, in one place.

pub use cute_algebra::atom::dynamic::{TiledCopy, TiledMma};
pub use cute_algebra::dynamic::{DynLayout, IntTree, idx2crd_shape};
pub use cute_algebra::eval::{Value, eval, eval_line};
pub use cute_algebra::svg::{
    Colouring, Drawing, GRID_STROKE, TvFigure, draw, draw_frame, linear_to_svg, tv_to_svg,
};
pub use cute_algebra::swizzle::DynComposed;
