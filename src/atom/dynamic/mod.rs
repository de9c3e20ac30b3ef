//! The atom layer on runtime layouts: [`MmaAtom`] and [`CopyAtom`] (their
//! traits as data), [`TiledMma`] and [`TiledCopy`] with CuTe's partitioning
//! functions on runtime tensors, and the GMMA shared-memory atoms
//! ([`GmmaSmem`]) and descriptors ([`GmmaDescriptor`]), and the host side
//! of TMA ([`make_tma_copy`]).
//!
//! ```
//! use cute_algebra::atom::dynamic::{MmaAtom, TiledMma};
//! let atom = MmaAtom::parse("SM80_16x8x16_F32F16F16F32_TN").unwrap();
//! assert_eq!(atom.thr_id.to_string(), "32:1");
//! let tm = TiledMma::new(atom, &"(2,2,1)".parse().unwrap(), None).unwrap();
//! assert_eq!(tm.thr_layout_vmnk().to_string(), "(32,2,2,1):(1,32,64,0)");
//! ```

mod copy;
mod gmma;
mod mma;
mod partition;
mod tiled_copy;
mod tiled_mma;
mod tma;
mod types;

pub use copy::{CopyAtom, CopyOp};
pub use gmma::{GmmaDescriptor, GmmaMajor, GmmaSmem, GmmaSwizzle};
pub use mma::MmaAtom;
pub use partition::AnyTensor;
pub use tiled_copy::TiledCopy;
pub use tiled_mma::{Operand, TiledMma};
pub use tma::{GmemMode, TmaCopy, TmaGmem, TmaSmem, make_tma_copy};
pub use types::element_bits;

/// An atom's name without white space, as CuTe's type names are compared.
fn compact(name: &str) -> alloc::string::String {
    name.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The error for a name that is no atom this layer knows.
fn unknown(name: &str) -> crate::error::LayoutError {
    crate::error::LayoutError::UnknownAtom {
        name: crate::error::FnName::new(name),
    }
}
