// A float is not a CuTe integer.
use cute_algebra_macros::shape;

fn main() {
    let _ = shape![2, (2.5, 2)];
}
