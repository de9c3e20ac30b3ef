//! # cute-algebra
//!
//! NVIDIA CuTe's layout algebra in Rust's type system.
//!
//! A layout is a pair of congruent nested integer tuples, `shape:stride`,
//! such as `(2,(2,2)):(4,(2,1))`: a function from coordinates to offsets.
//! Static integers are typenum types and nested tuples are `frunk_core`
//! HLists, so a fully static layout is zero-sized and its algebra resolves
//! during type checking. Runtime values (`i32`) mix in as they do in CuTe.
//!
//! ```
//! use cute_algebra::prelude::*;
//! let l = layout![(2, (2, 2)) : (4, (2, 1))];
//! assert_eq!(l.to_string(), "(_2,(_2,_2)):(_4,(_2,_1))");
//! assert_eq!(core::mem::size_of_val(&l), 0);
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

// Lets the macros name `::cute_algebra` inside this crate's own tests too.
extern crate self as cute_algebra;

pub use frunk_core;
pub use typenum;

#[cfg(feature = "alloc")]
pub mod dynamic;
pub mod error;
pub mod rules;
#[cfg(feature = "svg")]
pub mod svg;

pub use error::LayoutError;
