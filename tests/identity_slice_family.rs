//! The block's own tile of the predicate tensor, the first line of every
//! predicated kernel: `slice(zipped_divide(identity_tensor((M,N)), (m,n)),
//! (_, (i,j)))`, for a family of static extents and static or runtime tile
//! coordinates. Expected values: CuTe C++
//! (`tests/data/cute/kernel_author_cases.cpp`, section C4), which prints
//! the tile's origin and `((_m,_n)):((_1@0,_1@1))`.

use cute_algebra::prelude::*;
use cute_algebra::tensor::{make_identity_tensor, zipped_divide};

macro_rules! family {
    ($($name:ident: ($M:literal, $N:literal, $m:literal, $n:literal) at ($i:literal, $j:literal) => $origin:literal, $rt_origin:literal;)*) => {$(
        #[test]
        fn $name() {
            let id = make_identity_tensor(shape![$M, $N]);
            let tiles = zipped_divide(id, shape![$m, $n]);
            let tile = tiles.slice(coord![_, ($i, $j)]);
            let layout = concat!("((_", $m, ",_", $n, ")):((_1@0,_1@1))");
            assert_eq!(tile.to_string(), format!("{} o {layout}", $origin));
            let (i, j): (i32, i32) = ($i, $j);
            let tile = tiles.slice(coord![_, (i, j)]);
            assert_eq!(tile.to_string(), format!("{} o {layout}", $rt_origin));
        }
    )*};
}

family! {
    f6x4_2x2_00: (6, 4, 2, 2) at (0, 0) => "ArithTuple(_0,_0)", "ArithTuple(0,0)";
    f6x4_2x2_01: (6, 4, 2, 2) at (0, 1) => "ArithTuple(_0,_2)", "ArithTuple(0,2)";
    f6x4_2x2_10: (6, 4, 2, 2) at (1, 0) => "ArithTuple(_2,_0)", "ArithTuple(2,0)";
    f6x4_2x2_11: (6, 4, 2, 2) at (1, 1) => "ArithTuple(_2,_2)", "ArithTuple(2,2)";
    f8x8_4x4_00: (8, 8, 4, 4) at (0, 0) => "ArithTuple(_0,_0)", "ArithTuple(0,0)";
    f8x8_4x4_01: (8, 8, 4, 4) at (0, 1) => "ArithTuple(_0,_4)", "ArithTuple(0,4)";
    f8x8_4x4_10: (8, 8, 4, 4) at (1, 0) => "ArithTuple(_4,_0)", "ArithTuple(4,0)";
    f8x8_4x4_11: (8, 8, 4, 4) at (1, 1) => "ArithTuple(_4,_4)", "ArithTuple(4,4)";
    f8x12_4x4_00: (8, 12, 4, 4) at (0, 0) => "ArithTuple(_0,_0)", "ArithTuple(0,0)";
    f8x12_4x4_01: (8, 12, 4, 4) at (0, 1) => "ArithTuple(_0,_4)", "ArithTuple(0,4)";
    f8x12_4x4_10: (8, 12, 4, 4) at (1, 0) => "ArithTuple(_4,_0)", "ArithTuple(4,0)";
    f8x12_4x4_11: (8, 12, 4, 4) at (1, 1) => "ArithTuple(_4,_4)", "ArithTuple(4,4)";
    f12x8_4x4_00: (12, 8, 4, 4) at (0, 0) => "ArithTuple(_0,_0)", "ArithTuple(0,0)";
    f12x8_4x4_01: (12, 8, 4, 4) at (0, 1) => "ArithTuple(_0,_4)", "ArithTuple(0,4)";
    f12x8_4x4_10: (12, 8, 4, 4) at (1, 0) => "ArithTuple(_4,_0)", "ArithTuple(4,0)";
    f12x8_4x4_11: (12, 8, 4, 4) at (1, 1) => "ArithTuple(_4,_4)", "ArithTuple(4,4)";
    f16x8_4x8_00: (16, 8, 4, 8) at (0, 0) => "ArithTuple(_0,_0)", "ArithTuple(0,_0)";
    f16x8_4x8_10: (16, 8, 4, 8) at (1, 0) => "ArithTuple(_4,_0)", "ArithTuple(4,_0)";
    f128x128_32x32_00: (128, 128, 32, 32) at (0, 0) => "ArithTuple(_0,_0)", "ArithTuple(0,0)";
    f128x128_32x32_01: (128, 128, 32, 32) at (0, 1) => "ArithTuple(_0,_32)", "ArithTuple(0,32)";
    f128x128_32x32_10: (128, 128, 32, 32) at (1, 0) => "ArithTuple(_32,_0)", "ArithTuple(32,0)";
    f128x128_32x32_11: (128, 128, 32, 32) at (1, 1) => "ArithTuple(_32,_32)", "ArithTuple(32,32)";
}
