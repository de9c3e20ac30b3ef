use cute_algebra::prelude::*;

fn main() {
    let l = layout![(4, 8) : (1, 4)];
    let _ = l.crd2idx(coord![1, 2, 3]);
}
