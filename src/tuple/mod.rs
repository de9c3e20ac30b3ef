//! IntTuples: integers and nested HLists of them.
//!
//! A leaf is an [`Int`](crate::int::Int); a tuple is an `HCons`/`HNil`
//! list whose elements are IntTuples. Every operation follows one pattern:
//! a trait with one `HNil` impl, one `HCons` impl and one blanket leaf impl
//! over `Int` (coherent because only this crate can implement `Int`).
//! Recursion depth therefore equals the tuple's length or depth.
//!
//! ```
//! use cute_algebra::prelude::*;
//! let s = shape![2, (3, 4)];
//! assert_eq!(<Shape![2, (3, 4)] as IntTuple>::RANK, 2);
//! assert_eq!(s.depth(), 2);
//! assert_eq!(s.size().value(), 24);
//! assert_eq!(s.to_cute_string(), "(_2,(_3,_4))");
//! ```

mod basics;
mod compare;
mod flat_rev;
mod helpers;
mod index;
mod prefix;
mod rank;
mod sort;
mod static_flag;
mod to_runtime;
mod wrap;

pub use basics::*;
pub use compare::*;
pub use flat_rev::*;
pub use helpers::*;
pub use index::*;
pub use prefix::*;
pub use rank::*;
pub use sort::*;
pub use static_flag::*;
pub use to_runtime::*;
pub use wrap::*;
