//! Triton's linear layouts over F₂, beside CuTe's layouts, with exact
//! conversions both ways.
//!
//! A linear layout has named input dimensions (`register`, `lane`, `warp`,
//! `offset`, …) and named output dimensions (`dim0`, `dim1`, …), each of a
//! power-of-two size. It is a linear map over F₂: each input bit has an
//! image (a value per output dimension, its *basis*), and the image of an
//! input is the XOR of the images of its set bits. Triton describes every
//! register and shared-memory layout this way
//! (`include/triton/Tools/LinearLayout.h`).
//!
//! A CuTe layout with power-of-two extents is F₂-linear exactly when the
//! images of its input bits (`stride << b` for each bit `b` of each mode)
//! have pairwise disjoint bits: then their sum is their XOR.
//!
//! Two forms, as for CuTe's layouts:
//! - **static** ([`StaticLinear`]): the bases are known at compile time.
//!   [`ToLinear::to_linear`] of a static CuTe layout (or a static swizzled
//!   layout), a table declared with [`linear_layout!`](crate::linear_layout),
//!   and their [`compose`](StaticLinear::compose),
//!   [`invert`](StaticLinear::invert) and product `*` are zero-sized types
//!   whose bases are constants, so [`apply`](StaticLinear::apply) compiles
//!   to the XOR of constant bases, and an operation without a result (a
//!   layout that is not linear, or not invertible) is a compile error that
//!   names the operation and the condition;
//! - **runtime** ([`LinearLayout`], in [`dynamic`], with `alloc`): names and
//!   bases as values, every Triton operation, errors as
//!   [`LayoutError`](crate::LayoutError)s.
//!
//! ```
//! use cute_algebra::prelude::*;
//! use cute_algebra::linear::{StaticLinear, ToLinear};
//!
//! let ll = layout![(4, 8):(8, 1)].to_linear();
//! assert_eq!(core::mem::size_of_val(&ll), 0);
//! // in = 5 = 0b00101: bits 0 and 2, images 8 and 1.
//! assert_eq!(ll.apply([5]), [9]);
//! // Its inverse, composed with it, is the identity.
//! let id = ll.compose(ll.invert());
//! assert_eq!(id.apply_flat(21), 21);
//! ```
//!
//! A CuTe layout that is not linear does not compile:
//!
//! ```compile_fail,E0080
//! use cute_algebra::prelude::*;
//! use cute_algebra::linear::{StaticLinear, ToLinear};
//! // 1 + 1 = 2, but 1 ^ 1 = 0.
//! let _ = layout![(2, 2):(1, 1)].to_linear();
//! ```

pub mod dim;
#[cfg(feature = "alloc")]
pub mod dynamic;
mod table;
mod typed;

pub use dim::DimName;
#[cfg(feature = "alloc")]
pub use dynamic::*;
pub use table::{LinearTable, MAX_DIMS};
#[doc(hidden)]
pub use typed::checked as __checked;
pub use typed::{Compose, FromCute, Invert, Product, StaticLinear, ToLinear};

/// The most input bits, and the most output bits, a linear layout may have
/// (Triton: `sum(log2 in sizes) <= 64`; here 32 each, so that two layouts'
/// columns fit one 64-bit row when `invert_and_compose` joins them).
pub const MAX_BITS: u32 = 32;
