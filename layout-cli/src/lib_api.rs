//! Every path into `cute_algebra` that the CLI uses, in one place.
//!
//! The library's module layout moves (the evaluator, the swizzled composed
//! layout); keeping the imports here makes such a move a change to these
//! lines only.

pub use cute_algebra::dynamic::eval::{Value, eval, eval_line};
pub use cute_algebra::dynamic::{DynComposed, DynLayout, IntTree, idx2crd_shape};
pub use cute_algebra::svg::{Colouring, Drawing, draw, tv_to_svg};
