// Dividing mode 1 of (8,(3,5)):(1,(8,56)) by 2 composes (3,5):(8,56) with
// (2,8):(1,2), which is not admissible: the first line names tiled_divide,
// the function called, not the composition inside it.
use cute_algebra::prelude::*;

fn main() {
    let _ = tiled_divide(layout![(8, (3, 5)) : (1, (8, 56))], tile![2:1, 2]);
}
