// take::<1, 4> on a rank-3 layout (CuTe: "take: range out of bounds").
use cute_algebra::prelude::*;

fn main() {
    let l = layout![(2, 3, 4) : (1, 2, 6)];
    let _ = l.take::<1, 4>();
}
