// A basis scale times an extent beyond the exactly computed range: the two
// field widths read different results, and the divide does not compile.
use cute_algebra::basis::{self, BasisLayout, ScaledBasis};
use cute_algebra::prelude::*;
use cute_algebra::typenum::{P1048576, U0};

fn main() {
    let l = BasisLayout::new(shape![4, 4], cute_algebra::frunk_core::hlist![
        ScaledBasis::<P1048576, U0>::default(),
        cute_algebra::basis::E::<1>::default()
    ]);
    let _ = basis::coalesce(l);
}
