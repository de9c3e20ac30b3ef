// Runtime values elsewhere do not defer a condition whose values are all
// static: B's stride 6 against A's static mode 0 of shape 4 fails at compile
// time, as CuTe's static_assert does.
use cute_algebra::prelude::*;

fn main() {
    let n: i32 = 2;
    let _ = composition(layout![(4, n) : (1, 5)], layout![2 : 6]);
}
