// Indexing a rank-2 tensor with a rank-3 coordinate does not compile.
use cute_algebra::prelude::*;
use cute_algebra::tensor::make_counting_tensor;

fn main() {
    let t = make_counting_tensor(layout![(4, 8) : (1, 4)]);
    let _ = t.at(coord![1, 2, 3]);
}
