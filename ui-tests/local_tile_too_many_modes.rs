// A GEMM's three-mode CTA tiler on a rank-2 (M, K) tensor: CuTe refuses
// it ("Too many modes in tiler"); without the check the third mode would
// be dropped and the tile silently wrong.
use cute_algebra::prelude::*;
use cute_algebra::tensor::{local_tile, make_counting_tensor};

fn main() {
    let (m, k, bx): (i32, i32, i32) = (256, 64, 1);
    let m_a = make_counting_tensor(make_layout(shape![m, k]));
    let _ = local_tile(m_a, shape![128, 128, 8], coord![bx, _]);
}
