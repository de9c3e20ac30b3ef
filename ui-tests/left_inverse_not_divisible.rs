// Stride 5 is not a multiple of 2, the size gathered below it (CuTe: "Left
// inverse divisibility condition").
use cute_algebra::prelude::*;

fn main() {
    let _ = left_inverse(layout![(2, 2) : (2, 5)]);
}
