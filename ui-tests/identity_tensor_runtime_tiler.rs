// A runtime tiler on an identity tensor: the rest mode's basis stride would
// be a runtime scale (`d@1`), whose mode the typed algebra cannot read back.
// CuTe gives `ArithTuple(_0,8) o (_8,8):(_1@0,_1@1)` for this call (row p0135
// of tests/data/public-ext.tsv, mixed form); the runtime path
// (`dynamic::eval`) computes it.
use cute_algebra::prelude::*;
use cute_algebra::tensor::{local_tile, make_identity_tensor};

fn main() {
    let (m, n, k): (i32, i32, i32) = (32, 32, 8);
    let _ = local_tile(make_identity_tensor(shape![m, n]), shape![8, k], coord![0, 1]);
}
