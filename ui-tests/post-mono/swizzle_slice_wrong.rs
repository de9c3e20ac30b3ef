// CuTe folds this slice to (_4):(_1) with offset _2, which gives 2 3 4 5,
// but the swizzled layout at (j, 1) is 2 3 6 7: the kept mode carries into
// a swizzled bit. We refuse to compile it.
use cute_algebra::prelude::*;
use cute_algebra::swizzle::Swizzle;

fn main() {
    let c = composition(Swizzle::<1, 1, 1>, layout![(4, 2) : (1, 2)]);
    let _ = c.slice(coord![_, 1]);
}
