// (2,2):(2,3) is injective but not complementable: the mode with stride 3
// starts inside the extent 4 of the mode with stride 2. (CuTe says
// "Non-injective Layout detected in complement".)
use cute_algebra::prelude::*;

fn main() {
    let _ = complement(layout![(2, 2) : (2, 3)], int!(19));
}
