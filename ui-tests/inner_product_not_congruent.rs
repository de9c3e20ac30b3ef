// CuTe's inner_product needs two congruent IntTuples: here the second mode
// is a tuple in one and an integer in the other.
use cute_algebra::prelude::*;
use cute_algebra::tuple::inner_product;

fn main() {
    let _ = inner_product(shape![2, (3, 4)], shape![1, 2]);
}
