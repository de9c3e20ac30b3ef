// CuTe fails with "abs(SShift) must be more than BBits": the inverse layout
// (_64,_8):(_8,_1) maps Sw<3,4,3>'s bits to the masks 0b1110 and
// 0b110000001, and make_swizzle of those is Swizzle<3,0,1>.
use cute_algebra::prelude::*;
use cute_algebra::swizzle::Swizzle;

fn main() {
    let _ = right_inverse(composition(Swizzle::<3, 4, 3>, layout![(8, 64) : (64, 1)]));
}
