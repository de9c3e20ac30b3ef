//! # cute-algebra
//!
//! NVIDIA CuTe's layout algebra in Rust's type system.
//!
//! A layout is a pair of congruent nested integer tuples, `shape:stride`,
//! such as `(2,(2,2)):(4,(2,1))`: a function from coordinates to offsets.
//! Static integers are typenum types and nested tuples are `frunk_core`
//! HLists, so a fully static layout is zero-sized and its algebra resolves
//! during type checking. Runtime values (`i32`) mix in as they do in CuTe:
//! static with static stays static, and anything a runtime value touches
//! becomes runtime.
//!
//! ```
//! use cute_algebra::prelude::*;
//! use static_assertions::assert_type_eq_all;
//!
//! let l = layout![(2, (2, 2)) : (4, (2, 1))];
//! assert_eq!(l.to_string(), "(_2,(_2,_2)):(_4,(_2,_1))");
//! assert_eq!(core::mem::size_of_val(&l), 0);
//!
//! // A static coordinate gives a static offset: its type is typenum's 6.
//! let i = l.crd2idx(coord![1, (1, 0)]);
//! assert_type_eq_all!(
//!     cute_algebra::typenum::P6,
//!     cute_algebra::layout::OffsetOf<Layout![(2, (2, 2)) : (4, (2, 1))], Coord![1, (1, 0)]>
//! );
//! assert_eq!(i.value(), 6);
//!
//! // Runtime values mix in; a runtime offset is an `i32`.
//! let n: i32 = 3;
//! let r = layout![(2, n) : (1, 2)];
//! assert_eq!(r.to_string(), "(_2,3):(_1,_2)");
//! let j: i32 = 2;
//! assert_eq!(i32::from(r.crd2idx(coord![1, j])), 5);
//! ```
#![no_std]
#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

// Lets the macros name `::cute_algebra` inside this crate's own tests too.
extern crate self as cute_algebra;

pub use frunk_core;
pub use typenum;

pub mod algebra;
pub mod basis;
#[cfg(feature = "alloc")]
pub mod codegen;
#[cfg(feature = "alloc")]
pub mod dynamic;
pub mod error;
pub mod int;
pub mod layout;
pub mod prelude;
mod print;
pub mod rules;
#[cfg(feature = "svg")]
pub mod svg;
pub mod swizzle;
pub mod tensor;
pub mod tuple;

pub use cute_algebra_macros::{
    Coord, Layout, Shape, Stride, coord, int, layout, shape, stride, tile,
};
pub use error::LayoutError;
pub use layout::Layout;
pub use print::{Offsets, Print1D, PrintLayout};

#[doc(hidden)]
pub mod __private;

/// The README's examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
