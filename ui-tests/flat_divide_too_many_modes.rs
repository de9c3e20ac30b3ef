// A by-mode tiler with more modes than the layout (CuTe: "Too many modes
// in tiler"): one error, naming flat_divide.
use cute_algebra::prelude::*;

fn main() {
    let _ = flat_divide(layout![(8, 4) : (1, 8)], tile![2:1, 2:1, 2:1]);
}
