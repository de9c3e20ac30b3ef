// coalesce_by: the profile may not have more modes than the layout.
use cute_algebra::prelude::*;

fn main() {
    let _ = coalesce_by(layout![(2, 2, 2) : (1, 2, 4)], shape![1, 1, 1, 1]);
}
