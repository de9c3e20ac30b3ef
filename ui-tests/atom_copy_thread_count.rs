// make_tiled_copy with fewer threads than the copy atom needs: ldmatrix is
// a warp-wide (32-thread) atom, this thread layout has 16.
use cute_algebra::atom::{CopyAtom, SM75_U32x4_LDSM_N, half_t, make_tiled_copy};
use cute_algebra::prelude::*;

fn main() {
    let _ = make_tiled_copy(
        CopyAtom::<SM75_U32x4_LDSM_N, half_t>::default(),
        layout![(16, 1)],
        layout![(1, 8)],
    );
}
