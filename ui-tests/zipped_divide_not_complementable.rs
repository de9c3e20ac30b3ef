// The tiler (2,2):(2,3) has no complement (its modes interleave): the
// first line names zipped_divide, the function called, and the marker.
use cute_algebra::prelude::*;

fn main() {
    let _ = zipped_divide(layout![(4, 6) : (1, 4)], layout![(2, 2) : (2, 3)]);
}
