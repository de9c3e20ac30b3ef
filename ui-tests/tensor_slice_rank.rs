// Tensor slice: the coordinate must fit the layout.
use cute_algebra::prelude::*;
use cute_algebra::tensor::make_tensor;

fn main() {
    let data = [0i32; 6];
    let t = make_tensor(&data, layout![(2, 3) : (1, 2)]);
    let _ = t.slice(coord![_, 2, 0]);
}
