// A runtime stride: which modes chain up from stride 1 would depend on its
// value. (CuTe silently leaves such modes out.)
use cute_algebra::prelude::*;

fn main() {
    let d: i32 = 4;
    let _ = right_inverse(layout![(4, 2) : (1, d)]);
}
