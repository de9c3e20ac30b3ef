// A float is not a CuTe integer.
use cute_algebra::prelude::*;

fn main() {
    let _ = shape![2, (2.5, 2)];
}
