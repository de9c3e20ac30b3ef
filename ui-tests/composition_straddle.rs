// B = 4:3 takes 2 elements of mode 0 of A (shape 4, offsets 0 and 3), then
// continues into mode 1 without having filled mode 0: no layout equals A(B(i)).
use cute_algebra::prelude::*;

fn main() {
    let _ = composition(layout![(4, 2) : (1, 5)], layout![4 : 3]);
}
