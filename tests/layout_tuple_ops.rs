//! Layout-level tuple operations: `get`, `take`,
//! `select`, `flatten`, `group`, `append` and `prepend` on a `Layout`,
//! typed and `DynLayout`. Every expected print is the output of
//! `tests/data/cute/layout_tuple_ops.cpp` (CuTe C++), in its order.

use cute_algebra::dynamic::DynLayout;
use cute_algebra::prelude::*;
use cute_algebra::tuple::Idx;

#[test]
fn static_layout() {
    let l = layout![(2, (3, 4), 5) : (60, (1, 3), 12)];
    assert_eq!(get::<0, _>(l).to_string(), "_2:_60");
    assert_eq!(get::<1, _>(l).to_string(), "(_3,_4):(_1,_3)");
    assert_eq!(get::<0, _>(get::<1, _>(l)).to_string(), "_3:_1");
    assert_eq!(take::<0, 2, _>(l).to_string(), "(_2,(_3,_4)):(_60,(_1,_3))");
    assert_eq!(take::<1, 3, _>(l).to_string(), "((_3,_4),_5):((_1,_3),_12)");
    assert_eq!(take::<1, 2, _>(l).to_string(), "((_3,_4)):((_1,_3))");
    assert_eq!(
        select::<HList![Idx<2>, Idx<0>], _>(l).to_string(),
        "(_5,_2):(_12,_60)"
    );
    assert_eq!(
        select::<HList![Idx<1>], _>(l).to_string(),
        "((_3,_4)):((_1,_3))"
    );
    assert_eq!(flatten(l).to_string(), "(_2,_3,_4,_5):(_60,_1,_3,_12)");
    assert_eq!(
        group::<0, 2, _>(l).to_string(),
        "((_2,(_3,_4)),_5):((_60,(_1,_3)),_12)"
    );
    assert_eq!(
        group::<1, 3, _>(l).to_string(),
        "(_2,((_3,_4),_5)):(_60,((_1,_3),_12))"
    );
    assert_eq!(
        group::<0, 3, _>(l).to_string(),
        "((_2,(_3,_4),_5)):((_60,(_1,_3),_12))"
    );
    assert_eq!(
        append(l, layout![7 : 120]).to_string(),
        "(_2,(_3,_4),_5,_7):(_60,(_1,_3),_12,_120)"
    );
    assert_eq!(
        prepend(l, layout![7 : 120]).to_string(),
        "(_7,_2,(_3,_4),_5):(_120,_60,(_1,_3),_12)"
    );
    assert_eq!(
        append(layout![(2, 3) : (1, 2)], layout![(4, 5) : (6, 24)]).to_string(),
        "(_2,_3,(_4,_5)):(_1,_2,(_6,_24))"
    );
}

#[test]
fn methods_equal_the_free_functions() {
    let l = layout![(2, (3, 4), 5) : (60, (1, 3), 12)];
    assert_eq!(l.get::<1>().to_string(), "(_3,_4):(_1,_3)");
    assert_eq!(l.take::<1, 3>().to_string(), "((_3,_4),_5):((_1,_3),_12)");
    assert_eq!(
        l.select::<HList![Idx<2>, Idx<0>]>().to_string(),
        "(_5,_2):(_12,_60)"
    );
    assert_eq!(l.flatten().to_string(), "(_2,_3,_4,_5):(_60,_1,_3,_12)");
    assert_eq!(
        l.group::<1, 3>().to_string(),
        "(_2,((_3,_4),_5)):(_60,((_1,_3),_12))"
    );
    assert_eq!(
        l.append(layout![7 : 120]).to_string(),
        "(_2,(_3,_4),_5,_7):(_60,(_1,_3),_12,_120)"
    );
    assert_eq!(
        l.prepend(layout![7 : 120]).to_string(),
        "(_7,_2,(_3,_4),_5):(_120,_60,(_1,_3),_12)"
    );
}

/// An integer-shaped layout is rank 1.
#[test]
fn integer_shaped_layout() {
    let i = layout![8 : 2];
    assert_eq!(get::<0, _>(i).to_string(), "_8:_2");
    assert_eq!(flatten(i).to_string(), "_8:_2");
    assert_eq!(append(i, layout![3 : 16]).to_string(), "(_8,_3):(_2,_16)");
    assert_eq!(prepend(i, layout![3 : 16]).to_string(), "(_3,_8):(_16,_2)");
    assert_eq!(take::<0, 1, _>(i).to_string(), "(_8):(_2)");
    assert_eq!(select::<HList![Idx<0>], _>(i).to_string(), "(_8):(_2)");
    assert_eq!(group::<0, 1, _>(i).to_string(), "((_8)):((_2))");
}

/// Runtime values stay runtime.
#[test]
fn mixed_layout() {
    let (n, n2): (i32, i32) = (6, 12);
    let m = layout![(n, (2, 4)) : (1, (n, n2))];
    assert_eq!(get::<1, _>(m).to_string(), "(_2,_4):(6,12)");
    assert_eq!(flatten(m).to_string(), "(6,_2,_4):(_1,6,12)");
    assert_eq!(take::<0, 1, _>(m).to_string(), "(6):(_1)");
    assert_eq!(
        select::<HList![Idx<1>, Idx<0>], _>(m).to_string(),
        "((_2,_4),6):((6,12),_1)"
    );
    assert_eq!(
        group::<0, 2, _>(m).to_string(),
        "((6,(_2,_4))):((_1,(6,12)))"
    );
    let (t, s): (i32, i32) = (3, 48);
    assert_eq!(
        append(m, layout![t : s]).to_string(),
        "(6,(_2,_4),3):(_1,(6,12),48)"
    );
    assert_eq!(
        prepend(m, layout![t : s]).to_string(),
        "(3,6,(_2,_4)):(48,_1,(6,12))"
    );
}

/// The same operations on `DynLayout`, which prints without `_`.
#[test]
fn dyn_layout() {
    let l: DynLayout = "(2,(3,4),5):(60,(1,3),12)".parse().unwrap();
    let x: DynLayout = "7:120".parse().unwrap();
    let cases: [(Result<DynLayout, LayoutError>, &str); 12] = [
        (l.get(0), "2:60"),
        (l.get(1), "(3,4):(1,3)"),
        (l.take(0, 2), "(2,(3,4)):(60,(1,3))"),
        (l.take(1, 2), "((3,4)):((1,3))"),
        (l.select(&[2, 0]), "(5,2):(12,60)"),
        (Ok(l.flatten()), "(2,3,4,5):(60,1,3,12)"),
        (l.group(0, 2), "((2,(3,4)),5):((60,(1,3)),12)"),
        (l.group(1, 3), "(2,((3,4),5)):(60,((1,3),12))"),
        (l.group(0, 3), "((2,(3,4),5)):((60,(1,3),12))"),
        (l.append(&x), "(2,(3,4),5,7):(60,(1,3),12,120)"),
        (l.prepend(&x), "(7,2,(3,4),5):(120,60,(1,3),12)"),
        (l.get(1).and_then(|m| m.get(0)), "3:1"),
    ];
    for (got, want) in cases {
        assert_eq!(got.unwrap().to_string(), want);
    }
    let i: DynLayout = "8:2".parse().unwrap();
    let y: DynLayout = "3:16".parse().unwrap();
    let cases: [(Result<DynLayout, LayoutError>, &str); 7] = [
        (i.get(0), "8:2"),
        (Ok(i.flatten()), "8:2"),
        (i.append(&y), "(8,3):(2,16)"),
        (i.prepend(&y), "(3,8):(16,2)"),
        (i.take(0, 1), "(8):(2)"),
        (i.select(&[0]), "(8):(2)"),
        (i.group(0, 1), "((8)):((2))"),
    ];
    for (got, want) in cases {
        assert_eq!(got.unwrap().to_string(), want);
    }
}

/// Out-of-range modes and empty ranges are errors that name the operation
/// (CuTe: static_asserts "take: empty range error", "take: range out of
/// bounds").
#[test]
fn dyn_layout_refusals() {
    let l: DynLayout = "(2,(3,4),5):(60,(1,3),12)".parse().unwrap();
    let errs = [
        (l.get(3).unwrap_err(), "get: "),
        (l.take(1, 1).unwrap_err(), "take: "),
        (l.take(2, 4).unwrap_err(), "take: "),
        (l.select(&[0, 3]).unwrap_err(), "select: "),
        (l.group(2, 1).unwrap_err(), "group: "),
        (l.group(0, 4).unwrap_err(), "group: "),
    ];
    for (e, name) in errs {
        assert!(e.to_string().starts_with(name), "{e}");
    }
}
