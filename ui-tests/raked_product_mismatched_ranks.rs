// raked_product(2:2, 4:1): the repetitions (2,2):(1,4) have rank 2 and the
// block 2:2 is an integer, so CuTe's zip fails "Mismatched Ranks"; so do we.
use cute_algebra::prelude::*;

fn main() {
    let _ = raked_product(layout![2 : 2], layout![4 : 1]);
}
