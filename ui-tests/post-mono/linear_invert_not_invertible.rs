// (2,4):(0,1) broadcasts its first input bit: 8 inputs reach 4 outputs, so
// the layout is not invertible, and its static inverse does not compile.
use cute_algebra::linear::{StaticLinear, ToLinear};
use cute_algebra::prelude::*;

fn main() {
    let _ = layout![(2, 4) : (0, 1)].to_linear().invert();
}
