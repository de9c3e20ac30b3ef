//! `make_fragment_like` against CuTe's own definition, evaluated by the
//! oracle-checked runtime algebra: for a static shape of rank ≥ 2,
//! `tiled_product(make_layout(S0, compact_col_major(filter_zeros(D0, S0))),
//! make_ordered_layout(S[1..], D[1..]))`, and `make_layout(shape)` otherwise.
//! The first argument of each `tiled_product` below is that mode-0 layout,
//! written out (compact strides, `_0` where `filter_zeros` made a `1`).

use cute_algebra::eval::eval;
use cute_algebra::prelude::*;

fn strip(s: &str) -> String {
    s.replace('_', "")
}

macro_rules! agree {
    ($($l:expr => $cute:literal),* $(,)?) => {$(
        let got = make_fragment_like($l).to_string();
        let want = eval($cute).unwrap().to_string();
        assert_eq!(strip(&got), want, "{}", $cute);
    )*};
}

#[test]
fn static_shapes_follow_cute_definition() {
    agree! {
        layout![(4, 2, 3) : (1, 12, 4)] => "tiled_product(4:1, make_ordered_layout((2,3), (12,4)))",
        layout![((2, 4), 3) : ((0, 1), 8)] => "tiled_product((2,4):(0,1), make_ordered_layout((3), (8)))",
        layout![(2, (3, 4)) : (12, (1, 3))] => "tiled_product(2:1, make_ordered_layout(((3,4)), ((1,3))))",
        layout![(8, 4, 2) : (0, 2, 1)] => "tiled_product(8:0, make_ordered_layout((4,2), (2,1)))",
        layout![(1, 4) : (0, 1)] => "tiled_product(1:0, make_ordered_layout((4), (1)))",
        layout![((2, 2), (2, 2)) : ((1, 4), (2, 8))] => "tiled_product((2,2):(1,2), make_ordered_layout(((2,2)), ((2,8))))",
        layout![(4, 3, 5) : (5, 0, 1)] => "tiled_product(4:1, make_ordered_layout((3,5), (0,1)))",
    }
}

#[test]
fn rank_one_and_runtime_shapes_are_make_layout() {
    assert_eq!(
        make_fragment_like(layout![(4, 2) : (2, 1)].get::<0>()).to_string(),
        "_4:_1"
    );
    assert_eq!(
        make_fragment_like(layout![(6) : (2)]).to_string(),
        "(_6):(_1)"
    );
    for (typed, cute) in [
        (
            make_fragment_like(layout![(4, 2) : (2, 1)].get::<0>()).to_string(),
            "make_layout(4)",
        ),
        (
            make_fragment_like(layout![(6) : (2)]).to_string(),
            "make_layout((6))",
        ),
    ] {
        assert_eq!(strip(&typed), eval(cute).unwrap().to_string(), "{cute}");
    }
    let n: i32 = 3;
    let l = make_fragment_like(layout![(4, n) : (n, 1)]);
    assert_eq!(l.to_string(), "(_4,3):(_1,_4)");
    assert_eq!(
        strip(&l.to_string()),
        eval("make_layout((4,3))").unwrap().to_string()
    );
}

#[test]
fn static_result_is_zero_sized() {
    let f = make_fragment_like(layout![(4, 2, 3) : (1, 12, 4)]);
    assert_eq!(core::mem::size_of_val(&f), 0);
}
