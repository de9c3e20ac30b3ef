//! CuTe's atom layer (`atom/mma_atom.hpp`, `atom/copy_atom.hpp`, the
//! `mma_traits_sm*.hpp` and `copy_traits_sm*.hpp` tables, and the SM90 GMMA
//! shared-memory atoms and descriptors), built on [`crate::tensor`].
//!
//! The runtime form lives in [`dynamic`]: the atoms' thread-value layouts as
//! one table of layout texts, and tiled MMAs and copies computed from them
//! with the runtime layout algebra, exactly as CuTe composes, divides and
//! inverts them.
//!
//! ```
//! use cute_algebra::eval::eval_line;
//! assert_eq!(eval_line("layoutC_TV(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>)"),
//!            "((4,8),(2,2)):((32,1),(16,8))");
//! assert_eq!(eval_line("tile_size(make_tiled_mma(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>, (2,2,1)))"),
//!            "(32,16,8)");
//! ```

#[cfg(feature = "alloc")]
pub mod dynamic;
pub mod gmma;
