// Swizzle<B, M, S>: the shift S must lie in -31..=31.
use cute_algebra::prelude::*;
use cute_algebra::swizzle::Swizzle;

fn main() {
    let _ = composition(Swizzle::<3, 3, -40>, layout![(8, 64) : (64, 1)]);
}
