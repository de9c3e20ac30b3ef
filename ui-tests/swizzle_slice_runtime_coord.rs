// A runtime coordinate makes CuTe track the swizzle's bits as MixedBits;
// the typed slice of a swizzled layout needs a static coordinate.
use cute_algebra::prelude::*;
use cute_algebra::swizzle::Swizzle;

fn main() {
    let i: i32 = 2;
    let c = composition(Swizzle::<3, 1, 3>, layout![(8, 32) : (32, 1)]);
    let _ = c.slice(coord![_, i]);
}
