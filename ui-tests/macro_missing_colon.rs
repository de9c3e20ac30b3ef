// Shape and stride must be separated by `:`.
use cute_algebra_macros::layout;

fn main() {
    let _ = layout![(2, 2) (1, 2)];
}
