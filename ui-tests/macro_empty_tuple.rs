// A shape tuple needs at least one mode; `()` is not a shape.
use cute_algebra::prelude::*;

fn main() {
    let _ = layout![() : ()];
}
