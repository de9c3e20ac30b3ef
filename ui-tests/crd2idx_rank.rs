// crd2idx: the coordinate must have the layout's rank.
use cute_algebra::prelude::*;

fn main() {
    let l = layout![(2, 3) : (1, 2)];
    let _ = l.crd2idx(coord![1, 2, 0]);
}
