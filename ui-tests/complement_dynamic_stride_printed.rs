// The runtime-stride refusal is the only error: printing the result does
// not add "doesn't implement Display".
use cute_algebra::prelude::*;

fn main() {
    let d: i32 = 4;
    println!("{}", complement(layout![(2, 2) : (1, d)], int!(16)));
}
