// A GMMA that reads A from registers (`_RS`) with A MN-major: CuTe's
// static_assert refuses it, and so does the typed atom layer.
use cute_algebra::atom::gmma::Major;
use cute_algebra::atom::{SM90_64x64x16_F32F16F16_RS, make_tiled_mma};
use cute_algebra::layout::Underscore;
use cute_algebra::prelude::*;

fn main() {
    let _ = make_tiled_mma(
        SM90_64x64x16_F32F16F16_RS::<Major::MN, Major::K>::default(),
        layout![(1, 1, 1)],
        Underscore,
    );
}
