// make_tiled_mma with a permutation tile the atom does not divide: the
// 16x8x16 atom cannot fill 24 rows of M.
use cute_algebra::atom::{SM80_16x8x16_F16F16F16F16_TN, make_tiled_mma};
use cute_algebra::prelude::*;

fn main() {
    let _ = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, layout![(1, 1, 1)], tile![24, 8, 16]);
}
