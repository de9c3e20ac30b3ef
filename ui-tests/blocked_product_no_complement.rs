// The block (4,2):(1,2) has no complement: named blocked_product.
use cute_algebra::prelude::*;

fn main() {
    let _ = blocked_product(layout![(4, 2) : (1, 2)], layout![(2, 1) : (1, 0)]);
}
