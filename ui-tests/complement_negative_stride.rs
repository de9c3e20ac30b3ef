// A negative stride: CuTe computes a meaningless result; we refuse.
use cute_algebra::prelude::*;

fn main() {
    let _ = complement(layout![(2, 4) : (1, -2)], int!(16));
}
