// upcast of a swizzled layout needs N to be a power of two.
use cute_algebra::prelude::*;
use cute_algebra::swizzle::{Swizzle, upcast};

fn main() {
    let _ = upcast::<3, _>(composition(Swizzle::<3, 4, 3>, layout![(8, 64) : (64, 1)]));
}
