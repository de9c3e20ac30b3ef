// A by-mode tiler with more modes than the block: one error, naming
// zipped_product.
use cute_algebra::prelude::*;

fn main() {
    let _ = zipped_product(layout![(2, 2) : (1, 2)], tile![2:1, 2:1, 2:1]);
}
