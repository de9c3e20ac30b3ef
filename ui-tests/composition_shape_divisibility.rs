// B's mode of size 3 takes 2 elements from mode 0 of A (shape 4, stride 2
// in it), and 2 does not divide 3 (CuTe's "Shape Divisibility Condition").
use cute_algebra::prelude::*;

fn main() {
    let _ = composition(layout![(4, 3) : (1, 5)], layout![3 : 2]);
}
