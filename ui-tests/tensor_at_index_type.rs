// A tensor index of a type that is not an integer names the type.
use cute_algebra::prelude::*;
use cute_algebra::tensor::make_tensor;

fn main() {
    let data = [0i32; 6];
    let t = make_tensor(&data, layout![(2, 3) : (1, 2)]);
    let _ = t.at(1u8);
    let tid: u16 = 3;
    let _ = coord![tid, 0];
}
