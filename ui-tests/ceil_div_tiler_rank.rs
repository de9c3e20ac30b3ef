// ceil_div: a tiler of more modes than the target has no meaning.
use cute_algebra::prelude::*;

fn main() {
    let _ = ceil_div(shape![8, 8], shape![2, 2, 2]);
}
