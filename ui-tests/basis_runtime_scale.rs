// A runtime basis scale in the typed algebra: the result stride's mode
// could not be read back, so composition refuses it at compile time.
use cute_algebra::basis::{self, BasisLayout, ScaledBasis};
use cute_algebra::prelude::*;
use cute_algebra::typenum::U0;

fn main() {
    let k: i32 = 3;
    let l = BasisLayout::new(shape![4], cute_algebra::frunk_core::hlist![ScaledBasis::<i32, U0>::new(k)]);
    let _ = basis::composition(l, layout![2 : 2]);
}
