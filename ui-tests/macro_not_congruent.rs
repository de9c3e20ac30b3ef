// CuTe requires congruent shape and stride; checked when the macro expands.
use cute_algebra::prelude::*;

fn main() {
    let _ = layout![(2, (2, 2)) : (4, 2)];
}
