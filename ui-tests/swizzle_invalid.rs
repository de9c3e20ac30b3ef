// An invalid swizzle (|S| < B, CuTe's "abs(SShift) must be more than BBits").
use cute_algebra::prelude::*;
use cute_algebra::swizzle::Swizzle;

fn main() {
    let _ = composition(Swizzle::<3, 4, 2>, layout![(8, 64) : (64, 1)]);
}
