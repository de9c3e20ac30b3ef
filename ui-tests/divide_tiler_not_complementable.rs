// The tiler (2,2):(2,3) has no complement (its modes interleave), so the
// divide it stands for does not exist; the first line names logical_divide
// and the condition, not a helper trait.
use cute_algebra::prelude::*;

fn main() {
    let _ = logical_divide(layout![(4, 6) : (1, 4)], layout![(2, 2) : (2, 3)]);
}
