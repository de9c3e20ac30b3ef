//! `cute-algebra eval` where a CuTe user trips:
//! `make_ordered_layout` with CuTe's `_N` marking static order values,
//! `make_layout(shape, stride)`, and `coshape`. Expected values: the output
//! of `tests/data/cute/cli_calls.cpp` (CuTe C++), without the `_` markers.

use std::process::Command;

fn eval(exprs: &[&str]) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_cute-algebra"))
        .arg("eval")
        .args(exprs)
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

fn check(cases: &[(&str, &str)]) {
    let exprs: Vec<&str> = cases.iter().map(|(e, _)| *e).collect();
    let got = eval(&exprs);
    assert_eq!(got.len(), cases.len());
    for ((e, want), got) in cases.iter().zip(&got) {
        assert_eq!(got, want, "{e}");
    }
}

#[test]
fn make_ordered_layout_honours_static_markers() {
    check(&[
        // CuTe: (2,3,4,5):(_1,10,30,2). 67 and 42 are runtime: ranked after
        // the static _2 and _50, by position.
        (
            "make_ordered_layout((2,3,4,5), (_2,67,42,_50))",
            "(2,3,4,5):(1,10,30,2)",
        ),
        // All static (no `_` at all is read as all static): CuTe (_1,40,2,8).
        (
            "make_ordered_layout((2,3,4,5), (2,67,42,50))",
            "(2,3,4,5):(1,40,2,8)",
        ),
        (
            "make_ordered_layout((2,3,4,5), (_2,_67,_42,_50))",
            "(2,3,4,5):(1,40,2,8)",
        ),
        ("make_ordered_layout((_4,_8), (_1,_0))", "(4,8):(8,1)"),
        // Nested, one runtime entry: CuTe (_2,(_3,_4)):(_4,(_8,_1)).
        (
            "make_ordered_layout((_2,(_3,_4)), (_1,(5,_0)))",
            "(2,(3,4)):(4,(8,1))",
        ),
    ]);
}

#[test]
fn make_layout_takes_a_shape_and_a_stride() {
    check(&[
        ("make_layout((32,8),(4,1))", "(32,8):(4,1)"),
        ("make_layout((_32,_8),(_4,_1))", "(32,8):(4,1)"),
        ("make_layout(8, 2)", "8:2"),
    ]);
    let bad = eval(&["make_layout((32,8),(4,(1,2)))", "make_layout((4,2), 4:1)"]);
    assert!(bad[0].starts_with("error: make_layout: "), "{}", bad[0]);
    assert!(bad[1].starts_with("error: make_layout: "), "{}", bad[1]);
}

#[test]
fn coshape_of_plain_layouts() {
    check(&[
        ("coshape((2,3):(3,1))", "6"),
        ("coshape((4,(2,2)):(2,(1,8)))", "16"),
        ("coshape(8:2)", "15"),
        ("coshape((2,2):(1,-4))", "6"),
        ("coshape((4,2):(0,1))", "2"),
        // Basis strides keep their coordinate coshape.
        ("coshape((8,2):(2@0,1@1))", "(15,2)"),
    ]);
}
