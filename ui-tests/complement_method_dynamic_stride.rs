// The one-argument form has the same check: a runtime stride at rank 2.
use cute_algebra::prelude::*;

fn main() {
    let d: i32 = 4;
    let _ = layout![(2, 2) : (1, d)].complement();
}
