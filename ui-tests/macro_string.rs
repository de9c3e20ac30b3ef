// A string literal is not a CuTe integer.
use cute_algebra::prelude::*;

fn main() {
    let _ = stride![4, "1"];
}
