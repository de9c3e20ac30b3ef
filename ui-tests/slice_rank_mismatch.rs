use cute_algebra::prelude::*;

fn main() {
    let l = layout![(4, 8) : (1, 4)];
    let _ = l.slice(coord![_, 1, _]);
}
