//! Swizzles and swizzled composed layouts: CuTe's `Swizzle<B, M, S>` and
//! `ComposedLayout<Swizzle, Offset, Layout>`.
//!
//! A shared-memory tile in a real kernel is a layout followed by an XOR
//! swizzle that spreads a column over the 32 banks. CuTe writes it
//! `composition(Swizzle<3,4,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{})`;
//! here it is the same call:
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::swizzle::Swizzle;
//! let smem = composition(Swizzle::<3, 4, 3>, layout![(8, 64):(64, 1)]);
//! assert_eq!(smem.to_string(), "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
//! ```
//!
//! [`DynSwizzle`] is the runtime form of the parameters, for the runtime
//! paths and code generation.

mod cast;
mod composed;
pub mod const_eval;
pub mod dynamic;
mod func;
mod inverse;
mod ops;
pub mod params;
mod slice;
#[cfg(feature = "alloc")]
mod to_dyn;

pub use cast::*;
pub use composed::*;
pub use dynamic::*;
pub use func::*;
pub use inverse::*;
pub use ops::*;
pub use slice::*;
