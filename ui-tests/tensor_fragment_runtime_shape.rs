// An owned fragment needs a static cosize: a runtime shape does not compile.
use cute_algebra::prelude::*;
use cute_algebra::tensor::{make_fragment_like, make_tensor};

fn main() {
    let n: i32 = 4;
    let data = [0.0f32; 16];
    let t = make_tensor(&data, layout![(4, n) : (1, 4)]);
    let _ = make_fragment_like(&t);
}
