// Swizzle<B, M, S>: each parameter has a static range.
use cute_algebra::prelude::*;
use cute_algebra::swizzle::Swizzle;

fn main() {
    let _ = composition(Swizzle::<40, 3, 3>, layout![(8, 64) : (64, 1)]);
}
