// A shape tuple needs at least one mode; `()` is not a shape.
use cute_algebra_macros::layout;

fn main() {
    let _ = layout![() : ()];
}
