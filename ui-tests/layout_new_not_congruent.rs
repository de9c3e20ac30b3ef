use cute_algebra::prelude::*;

fn main() {
    let _ = Layout::new(shape![2, (2, 2)], stride![4, 2]);
}
