// A flat coordinate for a nested shape: CuTe accepts an integer per mode,
// but a flat tuple of all the leaves has the wrong rank.
use cute_algebra::prelude::*;

fn main() {
    let l = layout![(2, (2, 2)) : (4, (2, 1))];
    let _ = l.crd2idx(coord![1, 0, 1]);
}
