// A string literal is not a CuTe integer.
use cute_algebra_macros::stride;

fn main() {
    let _ = stride![4, "1"];
}
