// recast of bytes to u32 over a stride of 3 bytes: upcast<4> needs each
// static stride to divide or be a multiple of 4 (CuTe's static_assert).
use cute_algebra::prelude::*;
use cute_algebra::tensor::make_tensor;

fn main() {
    let data = [0u8; 64];
    let _ = make_tensor(&data, layout![(4, 3) : (3, 12)]).recast::<u32>();
}
