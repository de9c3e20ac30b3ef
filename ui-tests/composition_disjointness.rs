// CuTe silently returns (3,2):(2,3) for this composition, wrong at i = 5:
// B's two modes overlap in mode 0 of A (offsets 0..4 and 0..3 add past 6).
use cute_algebra::prelude::*;

fn main() {
    let _ = composition(layout![(6, 2) : (1, 7)], layout![(3, 2) : (2, 3)]);
}
