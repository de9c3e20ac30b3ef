// CuTe returns (_2,(_2,_5)):(_1,(_2,_7)) for logical_divide((3,5):(1,7), 2),
// which is not the composition it stands for: the rest mode straddles the
// boundary of the first mode. We refuse to compile it.
use cute_algebra::prelude::*;

fn main() {
    let _ = logical_divide(layout![(3, 5) : (1, 7)], int!(2));
}
