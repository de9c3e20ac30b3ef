//! CuTe's atom layer (`atom/mma_atom.hpp`, `atom/copy_atom.hpp`, the
//! `mma_traits_sm*.hpp` and `copy_traits_sm*.hpp` tables, and the SM90 GMMA
//! shared-memory atoms and descriptors), built on [`crate::tensor`].
//!
//! The typed form makes each atom a type ([`SM80_16x8x16_F32F16F16F32_TN`],
//! [`MmaTraits`]) whose layouts are static, so a tiled MMA built from it
//! and a static thread layout is a type too, and so are its partitions.
//! The SM90 GMMA operations are [`GmmaAtom`]s: one generic type per family
//! (element types, K, A's source) whose N and majors are type parameters,
//! and CuTe's names (`SM90_64x128x16_F32F16F16_SS<Major::K, Major::MN>`)
//! are aliases of it, so the hundreds of names cost nothing until used.
//! The runtime form lives in [`dynamic`]: tiled MMAs and copies computed
//! with the runtime layout algebra from the same atom table, exactly as
//! CuTe composes, divides and inverts them.
//!
//! ```
//! use cute_algebra::eval::eval_line;
//! assert_eq!(eval_line("layoutC_TV(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>)"),
//!            "((4,8),(2,2)):((32,1),(16,8))");
//! assert_eq!(eval_line("tile_size(make_tiled_mma(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>, (2,2,1)))"),
//!            "(32,16,8)");
//! ```

pub(crate) mod copy;
#[cfg(feature = "alloc")]
pub mod dynamic;
pub mod gmma;
pub(crate) mod mma;
mod tiled_copy;
mod tiled_mma;
mod types;

pub use copy::*;
pub use mma::*;
pub use tiled_copy::*;
pub use tiled_mma::*;
pub use types::{ValueType, bfloat16_t, float_e4m3_t, float_e5m2_t, half_t, tfloat32_t};
