// A rank-2 layout with a runtime stride: CuTe's "Dynamic-stride complement
// only for rank-1 layouts"; runtime strides belong in `DynLayout`.
use cute_algebra::prelude::*;

fn main() {
    let d: i32 = 4;
    let _ = complement(layout![(2, 2) : (1, d)], int!(16));
}
