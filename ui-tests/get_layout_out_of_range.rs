// A layout of rank 2 has no mode 2 (CuTe: get<2> on a rank-2 layout fails
// to compile). One error, naming `get`.
use cute_algebra::prelude::*;

fn main() {
    let l = layout![(2, 3) : (1, 2)];
    let _ = get::<2, _>(l);
}
