// The block (4,2):(1,2) overlaps itself, so it has no complement and the
// product does not exist; the first line names logical_product and the
// complement's marker.
use cute_algebra::prelude::*;

fn main() {
    let _ = logical_product(layout![(4, 2) : (1, 2)], layout![2 : 1]);
}
