// The typed composition computes runtime values as `i32`: an `i64` extent
// is refused at compile time (never narrowed); DynLayout takes it.
use cute_algebra::prelude::*;

fn main() {
    let m: i64 = 1 << 33;
    let _ = try_composition(layout![(m, 4) : (1, 8)], layout![(4, 2) : (2, 1)]);
}
