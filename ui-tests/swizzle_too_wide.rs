// A swizzle whose masks do not fit an i32 (B + M + |S| > 31).
use cute_algebra::prelude::*;
use cute_algebra::swizzle::Swizzle;

fn main() {
    let _ = composition(Swizzle::<8, 20, 10>, layout![(8, 64) : (64, 1)]);
    let _ = Swizzle::<8, 20, 10>.apply(7i32);
}
