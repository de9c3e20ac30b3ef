// take::<B, E>: the mode range must not be reversed.
use cute_algebra::prelude::*;

fn main() {
    let _ = layout![(2, 3, 4) : (1, 2, 6)].take::<2, 1>();
}
