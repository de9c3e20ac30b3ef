// crd2idx on an identity layout: the coordinate must match its shape.
use cute_algebra::basis::make_identity_layout;
use cute_algebra::prelude::*;

fn main() {
    let l = make_identity_layout(shape![2, 3]);
    let _ = l.crd2idx(coord![1, 2, 0]);
}
