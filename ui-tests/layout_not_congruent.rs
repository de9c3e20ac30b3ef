// A layout's shape and stride must be congruent.
use cute_algebra::prelude::*;

fn main() {
    let _ = Layout::new(shape![2, (2, 2)], stride![1, 2]);
}
