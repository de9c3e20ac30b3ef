// A tiler with more modes than the layout (CuTe's static_assert).
use cute_algebra::prelude::*;

fn main() {
    let _ = composition(layout![(4, 2) : (1, 4)], tile![2, 2, 2]);
}
