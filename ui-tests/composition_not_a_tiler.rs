// composition: the right operand must be a layout, a tiler, `_` or an integer.
use cute_algebra::prelude::*;

fn main() {
    let _ = composition(layout![(4, 2) : (2, 1)], 2.5f32);
}
