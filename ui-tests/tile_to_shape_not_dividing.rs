// The block (2,2) does not divide the target (7,6) in mode 0.
use cute_algebra::prelude::*;

fn main() {
    let _ = tile_to_shape(layout![(2, 2) : (1, 2)], shape![7, 6]);
}
