// complement(2:2, 10) is (2,3):(1,4), and the tiler (2,2):(3,1) cannot be
// composed with it: the first line names logical_product.
use cute_algebra::prelude::*;

fn main() {
    let _ = logical_product(layout![2 : 2], layout![(2, 2) : (3, 1)]);
}
