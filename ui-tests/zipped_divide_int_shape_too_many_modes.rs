// An integer-shaped layout is rank 1: a two-mode tiler is too long, and the
// error names zipped_divide.
use cute_algebra::prelude::*;

fn main() {
    let _ = zipped_divide(layout![12 : 1], tile![4:1, 2:1]);
}
