//! Every path into `cute_algebra` that the CLI uses, in one place.

pub use cute_algebra::dynamic::{DynLayout, IntTree, idx2crd_shape};
pub use cute_algebra::eval::{Value, eval, eval_line};
pub use cute_algebra::svg::{Colouring, Drawing, draw, linear_to_svg, tv_to_svg};
pub use cute_algebra::swizzle::DynComposed;
