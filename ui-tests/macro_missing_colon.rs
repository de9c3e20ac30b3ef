// Shape and stride must be separated by `:`.
use cute_algebra::prelude::*;

fn main() {
    let _ = layout![(2, 2) (1, 2)];
}
