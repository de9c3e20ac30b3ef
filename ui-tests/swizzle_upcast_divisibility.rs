// upcast: a static stride that neither divides nor is a multiple of N.
use cute_algebra::prelude::*;
use cute_algebra::swizzle::upcast;

fn main() {
    let _ = upcast::<4, _>(layout![(8, 6) : (6, 1)]);
}
