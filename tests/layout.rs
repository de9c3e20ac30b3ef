//! The foundation against CuTe's documentation and the oracle: printing,
//! tables, 1-D order, construction, crd2idx, idx2crd and slicing.
//! Every expected value is CuTe's (its docs, or `tests/data/public.tsv`).

use cute_algebra::prelude::*;
use static_assertions::{assert_eq_size, assert_type_eq_all};
use typenum::{P5, P6, P7, P24};

type L = Layout![(2, (2, 2)) : (4, (2, 1))];
assert_eq_size!(L, ());
assert_eq_size!(Layout![(8, 8) : (1, 8)], ());

#[test]
fn prints_like_cute() {
    assert_eq!(
        layout![(2, (2, 2)) : (4, (2, 1))].to_string(),
        "(_2,(_2,_2)):(_4,(_2,_1))"
    );
    assert_eq!(layout![4 : 2].to_string(), "_4:_2");
    assert_eq!(layout![(4) : (2)].to_string(), "(_4):(_2)");
    assert_eq!(layout![4 : -1].to_string(), "_4:_-1");
    let (m, n, one) = (2, 4, 1);
    assert_eq!(layout![(m, n) : (one, m)].to_string(), "(2,4):(1,2)");
    assert_eq!(layout![(m, n) : (1, m)].to_string(), "(2,4):(_1,2)");
}

#[test]
fn table_and_1d_order_from_cute_docs() {
    let l = layout![(2, (2, 2)) : (4, (2, 1))];
    let table = l.print_layout().to_string();
    let rows: Vec<&str> = table.lines().filter(|r| r.contains('|')).collect();
    assert_eq!(rows, [" 0  | 0 | 2 | 1 | 3 |", " 1  | 4 | 6 | 5 | 7 |"]);
    assert!(l.offsets().eq([0, 4, 2, 6, 1, 5, 3, 7]));
    // The oracle README's example table, byte for byte.
    let t = layout![(2, 3) : (3, 1)].print_layout().to_string();
    let want = "(_2,_3):(_3,_1)\n      0   1   2 \n    +---+---+---+\n 0  | 0 | 1 | 2 |\n    +---+---+---+\n 1  | 3 | 4 | 5 |\n    +---+---+---+\n";
    assert_eq!(t, want);
}

#[test]
fn table_width_follows_cosize_digits() {
    // cosize 16 has two digits, so each cell is 4 wide.
    let t = layout![(4, 4) : (4, 1)].print_layout().to_string();
    assert!(t.contains("\n    +----+----+----+----+\n"));
    assert!(t.contains("\n 3  | 12 | 13 | 14 | 15 |\n"));
}

#[test]
fn oracle_crd2idx_size_cosize_slice() {
    // d053..d057, d050..d052
    let l = layout![(2, (2, 2)) : (4, (2, 1))];
    assert_type_eq_all!(cute_algebra::layout::OffsetOf<L, cute_algebra::typenum::P5>, P5);
    assert_eq!(l.crd2idx(int!(5)).value(), 5);
    assert_type_eq_all!(cute_algebra::layout::OffsetOf<L, Coord![1, (1, 0)]>, P6);
    assert_type_eq_all!(cute_algebra::layout::OffsetOf<L, Coord![1, 3]>, P7);
    assert_eq!(l.slice(coord![_, (1, _)]).to_string(), "(_2,_2):(_4,_1)");
    assert_eq!(
        layout![(2, (3, 4)) : (1, (2, 6))].size().to_cute_string(),
        "_24"
    );
    let _: P24 = layout![(2, (3, 4)) : (1, (2, 6))].size();
    assert_eq!(layout![(2, 3) : (3, 1)].cosize().to_cute_string(), "_6");
    assert_eq!(layout![4 : -1].cosize().to_cute_string(), "_4");
    assert_eq!(layout![(2, 2) : (-1, 4)].cosize().to_cute_string(), "_6");
    // The mixed rows: runtime values print without `_`.
    let (a, b, c, d): (i32, i32, i32, i32) = (2, 2, 2, 4);
    let m = layout![(a, (b, c)) : (d, (2, 1))];
    assert_eq!(m.slice(coord![_, (1, _)]).to_string(), "(2,2):(4,_1)");
    assert_eq!(layout![(a, 3) : (3, 1)].cosize().to_cute_string(), "6");
}

#[test]
fn slice_and_offset_from_cute_docs() {
    let four = 4;
    let l = layout![(5, 2, 3) : (1, four, 3)];
    let (s, off) = l.slice_and_offset(coord![_, 1, _]);
    assert_eq!(s.to_string(), "(_5,_3):(_1,_3)");
    assert_eq!(off, 4);
    assert_eq!(l.dice(coord![_, 1, _]).to_string(), "(_2):(4)");
}

#[test]
fn constructors() {
    assert_eq!(
        make_layout(shape![2, (1, 4)]).to_string(),
        "(_2,(_1,_4)):(_1,(_0,_2))"
    );
    assert_eq!(
        make_layout_right(shape![2, 3, 4]).to_string(),
        "(_2,_3,_4):(_12,_4,_1)"
    );
    assert_eq!(layout![(4, 8)].to_string(), "(_4,_8):(_1,_4)");
    let l = make_ordered_layout(shape![2, 2, 2, 2], shape![0, 2, 3, 1]);
    assert_eq!(l.to_string(), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
    let (a, b, c, d, o1, o2) = (2, 3, 4, 5, 67, 42);
    let l = make_ordered_layout(shape![a, b, c, d], shape![2, o1, o2, 50]);
    assert_eq!(l.to_string(), "(2,3,4,5):(_1,10,30,2)");
    let l = make_layout(hlist![layout![4 : 2], layout![(2, 3) : (1, 8)]]);
    assert_eq!(l.to_string(), "(_4,(_2,_3)):(_2,(_1,_8))");
}

#[test]
fn idx2crd_matches_cute() {
    assert_eq!(
        idx2crd(shape![2, (2, 2)], int!(5)).to_cute_string(),
        "(_1,(_0,_1))"
    );
    let l = make_layout_right(shape![2, (3, 4)]);
    for i in 0..24i32 {
        assert_eq!(l.crd2idx(l.idx2crd(i)).value(), i);
    }
}

/// A plausible misreading states `crd2idx(coord![1, (0, 1)]) == 6` for
/// `(2,(2,2)):(4,(2,1))`; CuTe C++ gives 5 there (1*4 + 0*2 + 1*1), and 6
/// at `(1,(1,0))` (oracle row d055). Both, as static types.
#[test]
fn crd2idx_static_issue_example() {
    use static_assertions::assert_type_eq_all;
    type L = Layout![(2, (2, 2)) : (4, (2, 1))];
    assert_type_eq_all!(cute_algebra::layout::OffsetOf<L, Coord![1, (0, 1)]>, cute_algebra::typenum::P5);
    assert_type_eq_all!(cute_algebra::layout::OffsetOf<L, Coord![1, (1, 0)]>, cute_algebra::typenum::P6);
    let l = layout![(2, (2, 2)) : (4, (2, 1))];
    assert_eq!(l.crd2idx(coord![1, (0, 1)]).value(), 5);
}
