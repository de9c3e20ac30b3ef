// B's stride 6 lands in mode 0 of A (shape 4): neither a multiple of 4 nor
// smaller (CuTe's "Stride Divisibility Condition").
use cute_algebra::prelude::*;

fn main() {
    let _ = composition(layout![(4, 2) : (1, 5)], layout![2 : 6]);
}
