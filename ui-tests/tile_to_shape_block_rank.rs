// tile_to_shape: the block may not have more modes than the target shape.
use cute_algebra::prelude::*;

fn main() {
    let _ = tile_to_shape(layout![(2, 2, 2) : (1, 2, 4)], shape![4, 4]);
}
