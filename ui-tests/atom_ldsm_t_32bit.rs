// A transposing ldmatrix moves 16-bit values: Copy_Atom<SM75_U16x2_LDSM_T,
// uint32_t> cannot read its layouts in 32-bit units.
use cute_algebra::atom::{CopyAtom, SM75_U16x2_LDSM_T, make_tiled_copy};
use cute_algebra::prelude::*;

fn main() {
    let _ = make_tiled_copy(
        CopyAtom::<SM75_U16x2_LDSM_T, u32>::default(),
        layout![(32, 1)],
        layout![(1, 2)],
    );
}
