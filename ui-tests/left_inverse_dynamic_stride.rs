// A runtime stride (CuTe: "Left inverse requires static strides.").
use cute_algebra::prelude::*;

fn main() {
    let d: i32 = 8;
    let _ = left_inverse(layout![(4, 8) : (d, 1)]);
}
