// An integer-shaped layout is rank 1: a tiler with two modes is too long
// (CuTe: "Too many modes in tiler"), one error.
use cute_algebra::prelude::*;

fn main() {
    let _ = logical_divide(layout![12 : 1], tile![4:1, 2:1]);
}
