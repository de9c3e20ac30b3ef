// Oracle row p0016: CuTe's right_inverse(composition(Sw<1,4,1>, (8,4):(4,1)))
// is Sw<1,2,1> o _0 o (_4,_8):(_8,_1), which is no right inverse: the
// swizzle's YYY bit lies outside the layout's image. We refuse to compile it.
use cute_algebra::prelude::*;
use cute_algebra::swizzle::Swizzle;

fn main() {
    let _ = right_inverse(composition(Swizzle::<1, 4, 1>, layout![(8, 4) : (4, 1)]));
}
