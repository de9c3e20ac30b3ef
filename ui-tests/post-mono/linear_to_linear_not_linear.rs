// (2,2):(1,1) adds the images of its two input bits (1 + 1 = 2) where a
// linear map over F2 would XOR them (1 ^ 1 = 0): it has no linear layout,
// and the static conversion refuses to compile, naming the two bits.
use cute_algebra::linear::ToLinear;
use cute_algebra::prelude::*;

fn main() {
    let _ = layout![(2, 2) : (1, 1)].to_linear();
}
