use cute_algebra::prelude::*;

fn main() {
    let s = shape![2, 3];
    let _ = s.get::<2>();
}
