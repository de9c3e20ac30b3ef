//! CUDA kernels whose index math is generated from `cute-algebra` layouts.
//!
//! Each kernel is built the way a CuTe kernel is: the global tensor is a
//! layout, it is tiled per block with `zipped_divide`, a thread/value layout
//! (`raked_product`, `right_inverse`) picks each thread's elements, and a
//! shared-memory tile is a plain, padded or swizzled layout. Every index
//! expression in the emitted CUDA C is [`CLayout`]'s rendering of one of
//! these layouts; the kernel bodies only loop, predicate and move data.
//!
//! Predication at the tensor's edge uses the identity tensor idea: the same
//! tiling applied to the layouts `(M,N):(1,0)` and `(M,N):(0,1)` (the two
//! components of an identity layout, `E<0>` and `E<1>`) gives the row and
//! the column of every element a thread touches.
//!
//! Layouts are built for the run's `M` and `N`, so their values are
//! literals in the source that NVRTC compiles (run-time specialization, as
//! a JIT does).

pub mod hgemm;
pub mod kernels;
pub mod reference;
pub mod sgemm;
pub mod sgemm_tiled;
pub mod tma;
pub mod wgmma;

pub use kernels::{Kernel, TransposeKind, copy_kernel, transpose_kernel};
pub use sgemm::sgemm_kernel;
