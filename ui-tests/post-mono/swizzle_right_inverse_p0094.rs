// Oracle row p0094: CuTe's right_inverse(composition(Sw<1,3,2>, (2,16,2):(16,1,64)))
// is Sw<1,1,-3> o _0 o (_16,_2):(_2,_1), which is no right inverse. We
// refuse to compile it.
use cute_algebra::prelude::*;
use cute_algebra::swizzle::Swizzle;

fn main() {
    let _ = right_inverse(composition(Swizzle::<1, 3, 2>, layout![(2, 16, 2) : (16, 1, 64)]));
}
