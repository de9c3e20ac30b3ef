// make_gmma_desc<K> of an MN-major tile (oracle row p0011): in uint128_t
// units its K mode is 8 long, not the 2 (dense) or 4 (sparse) of a K-major
// GMMA operand, and CuTe refuses it with this message.
use cute_algebra::atom::gmma::{Layout_MN_INTER_Atom, Major, make_gmma_desc};
use cute_algebra::prelude::*;

fn main() {
    let tile = tile_to_shape(Layout_MN_INTER_Atom::<f32>::default(), shape![128, 8]);
    let _ = make_gmma_desc::<Major::K>(tile);
}
