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
