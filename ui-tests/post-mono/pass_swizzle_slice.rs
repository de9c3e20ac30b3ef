// A slice whose fold CuTe gets right compiles under `cargo build` too,
// where the compile-time brute-force check runs.
use cute_algebra::prelude::*;
use cute_algebra::swizzle::Swizzle;

fn main() {
    let c = composition(Swizzle::<3, 1, 3>, layout![(8, 32) : (32, 1)]);
    assert_eq!(c.slice(coord![_, 2]).to_string(), "((_4,_2)):((_36,_128))");
}
