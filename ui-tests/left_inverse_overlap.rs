// (2,6):(30,6): the stride-30 mode starts inside the extent 36 of the
// stride-6 mode. CuTe returns (_6,_5,_2):(_0,_2,_1), which breaks
// L(R(L(i))) == L(i) at i = (1,5).
use cute_algebra::prelude::*;

fn main() {
    let _ = left_inverse(layout![(2, 6) : (30, 6)]);
}
