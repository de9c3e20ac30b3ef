// partition_A of a rank-1 tensor: an A operand is an (M,K) tensor.
use cute_algebra::atom::{SM80_16x8x16_F16F16F16F16_TN, make_tiled_mma};
use cute_algebra::prelude::*;
use cute_algebra::tensor::make_counting_tensor;

fn main() {
    let mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, layout![(2, 2, 1)], Underscore);
    let _ = mma.get_slice(0).partition_A(make_counting_tensor(layout![64 : 1]));
}
