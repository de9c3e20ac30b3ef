// A by-mode tiler with more modes than the block (CuTe: "Too many modes in tiler").
use cute_algebra::prelude::*;

fn main() {
    let _ = logical_product(layout![(2, 2) : (1, 2)], tile![2:1, 2:1, 2:1]);
}
