// CuTe's complement(2:4, 9) is (4,2):(1,8): its cosize 12 exceeds
// round_up(9, cosize(2:4) = 5) = 10, so it is not a complement within 9.
use cute_algebra::prelude::*;

fn main() {
    let _ = complement(layout![2 : 4], int!(9));
}
