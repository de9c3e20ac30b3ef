//! A runtime error's first line names the operation the
//! user called, and every divide and product has a `try_` form.

use cute_algebra::prelude::*;

/// Each `try_` form fails, and its message starts with the operation's name.
macro_rules! named {
    ($($name:literal: $call:expr;)*) => {$({
        let e = $call.unwrap_err().to_string();
        assert!(e.starts_with(concat!($name, ": ")), "{e}");
    })*};
}

#[test]
fn divides_name_themselves() {
    // The tile 8:1 does not fit whole into the first mode (6) of (6,4):(1,7).
    let n: i32 = 6;
    let l = layout![(n, 4) : (1, 7)];
    named! {
        "logical_divide": try_logical_divide(l, layout![8 : 1]);
        "zipped_divide": try_zipped_divide(l, layout![8 : 1]);
        "tiled_divide": try_tiled_divide(l, layout![8 : 1]);
        "flat_divide": try_flat_divide(l, layout![8 : 1]);
    }
    let e = try_logical_divide(l, layout![8 : 1])
        .unwrap_err()
        .to_string();
    assert!(e.contains("shape divisibility fails"), "{e}");
}

#[test]
fn products_name_themselves() {
    // (4,2):(1,2): the stride-2 mode starts inside the extent 4 of the
    // first, so the block has no complement.
    let n: i32 = 4;
    let block = layout![(n, 2) : (1, 2)];
    named! {
        "logical_product": try_logical_product(block, layout![2 : 1]);
        "zipped_product": try_zipped_product(block, layout![2 : 1]);
        "tiled_product": try_tiled_product(block, layout![2 : 1]);
        "flat_product": try_flat_product(block, layout![2 : 1]);
        "blocked_product": try_blocked_product(block, layout![(2, 1) : (1, 0)]);
        "raked_product": try_raked_product(block, layout![(2, 1) : (1, 0)]);
    }
}

#[test]
fn panicking_forms_name_the_operation() {
    let n: i32 = 6;
    let r = std::panic::catch_unwind(|| {
        let _ = zipped_divide(layout![(n, 4) : (1, 7)], layout![8 : 1]);
    });
    let msg = *r.unwrap_err().downcast::<String>().unwrap();
    assert!(msg.starts_with("zipped_divide: "), "{msg}");
}

#[test]
fn try_forms_agree_with_the_panicking_ones() {
    let (m, n): (i32, i32) = (256, 512);
    let a = make_layout(shape![m, n]);
    assert_eq!(
        try_tiled_divide(a, shape![128, 64]).unwrap().to_string(),
        tiled_divide(a, shape![128, 64]).to_string()
    );
    assert_eq!(
        try_flat_divide(a, shape![128, 64]).unwrap().to_string(),
        flat_divide(a, shape![128, 64]).to_string()
    );
    let b = layout![(2, 2) : (1, 2)];
    assert_eq!(
        try_zipped_product(b, tile![3:1, 2:1]).unwrap().to_string(),
        "((_2,_2),(_3,_2)):((_1,_2),(_2,_1))"
    );
    assert_eq!(
        try_tiled_product(b, tile![3:1, 2:1]).unwrap().to_string(),
        "((_2,_2),_3,_2):((_1,_2),_2,_1)"
    );
    assert_eq!(
        try_flat_product(b, tile![3:1, 2:1]).unwrap().to_string(),
        "(_2,_2,_3,_2):(_1,_2,_2,_1)"
    );
}

/// `DynLayout` (and so `cute-algebra eval`): every divide and product
/// names itself first, with the inner complement's or composition's
/// condition after it.
#[test]
fn dyn_layout_divides_and_products_name_themselves() {
    use cute_algebra::eval::eval_line;
    let cases = [
        (
            "logical_divide((3,5):(1,7), 2)",
            "logical_divide: ",
            "straddles",
        ),
        (
            "zipped_divide((3,5):(1,7), 2)",
            "zipped_divide: ",
            "straddles",
        ),
        (
            "tiled_divide((3,5):(1,7), 2)",
            "tiled_divide: ",
            "straddles",
        ),
        (
            "flat_divide((8,4):(1,8), <2:1,2:1,2:1>)",
            "flat_divide: ",
            "too many modes",
        ),
        (
            "zipped_divide((4,6):(1,4), (2,2):(2,3))",
            "zipped_divide: ",
            "not complementable",
        ),
        (
            "logical_product((4,2):(1,2), 2:1)",
            "logical_product: ",
            "not complementable",
        ),
        (
            "zipped_product((4,2):(1,2), 2:1)",
            "zipped_product: ",
            "not complementable",
        ),
        (
            "tiled_product((2,2):(1,2), <2:1,2:1,2:1>)",
            "tiled_product: ",
            "too many modes",
        ),
        (
            "flat_product((4,2):(1,2), 2:1)",
            "flat_product: ",
            "not complementable",
        ),
        (
            "blocked_product((4,2):(1,2), (2,1):(1,0))",
            "blocked_product: ",
            "not complementable",
        ),
        (
            "raked_product((4,2):(1,2), (2,1):(1,0))",
            "raked_product: ",
            "not complementable",
        ),
        (
            "logical_product(2:2, (2,2):(3,1))",
            "logical_product: ",
            "stride divisibility",
        ),
    ];
    for (e, name, detail) in cases {
        let got = eval_line(e);
        let msg = got
            .strip_prefix("error: ")
            .unwrap_or_else(|| panic!("{e}: {got}"));
        assert!(msg.starts_with(name), "{e}: {got}");
        assert!(msg.contains(detail), "{e}: {got}");
    }
}

/// The atom layer's misuse, on the runtime path (the evaluator that the CLI
/// prints from): an unknown atom, too few threads for the atom, and a tile
/// that does not divide the partitioned tensor (where CuTe's divides round
/// the shape up and partition outside the tensor) each name the call and
/// the condition.
#[test]
fn atom_misuse_names_the_operation_and_condition() {
    use cute_algebra::eval::eval;
    let cases = [
        (
            "thr_id(MMA_Atom<SM80_16x8x16_F32F16F16F99_TN>)",
            "unknown atom or element type 'SM80_16x8x16_F32F16F16F",
        ),
        (
            "layout_src(Copy_Atom<SM75_U32x4_LDSM_X, half_t>)",
            "unknown atom or element type 'SM75_U32x4_LDSM_X",
        ),
        (
            "tile_size(make_tiled_mma(MMA_Atom<SM90_64x12x16_F16F16F16_SS<K,K>>, (1,1,1)))",
            "unknown atom or element type 'SM90_64x12x16_F16F16F16",
        ),
        (
            "tiler_mn(make_tiled_copy(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, (16,1):(1,0), (1,8)))",
            "make_tiled_copy: TiledCopy uses too few thrs for selected CopyAtom",
        ),
        (
            "partition_A(make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, (2,2,1)), 0, tensor((40,16):(1,40)))",
            "partition_A: the TiledMMA's tile (tile_size) does not divide the tensor's shape",
        ),
        (
            "partition_C(make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, (2,2,1)), 0, tensor((32,24):(1,32)))",
            "partition_C: the TiledMMA's tile (tile_size) does not divide the tensor's shape",
        ),
        (
            "partition_S(make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, half_t>, (8,4):(4,1), (1,2)), 0, tensor((12,8):(8,1)))",
            "partition_S: the TiledCopy's tile (tiler_mn) does not divide the tensor's shape",
        ),
    ];
    for (expr, want) in cases {
        // An unknown name is quoted up to its first 24 bytes.
        let e = eval(expr).unwrap_err().to_string();
        assert!(e.starts_with(want), "{expr}: {e}");
    }
}
