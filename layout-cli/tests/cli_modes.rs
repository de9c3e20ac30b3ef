//! `cute-algebra eval` with CuTe's layout-level tuple calls.
//! Expected values: the output of
//! `tests/data/cute/layout_tuple_ops.cpp`, without the `_` of static values
//! (the CLI's values are all plain).

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

#[test]
fn tuple_calls_on_layouts() {
    let l = "(2,(3,4),5):(60,(1,3),12)";
    let cases = [
        (format!("get({l}, 0)"), "2:60"),
        (format!("get({l}, 1)"), "(3,4):(1,3)"),
        (format!("get({l}, 1, 0)"), "3:1"),
        (format!("take({l}, 0, 2)"), "(2,(3,4)):(60,(1,3))"),
        (format!("take({l}, 1, 3)"), "((3,4),5):((1,3),12)"),
        (format!("take({l}, 1, 2)"), "((3,4)):((1,3))"),
        (format!("select({l}, 2, 0)"), "(5,2):(12,60)"),
        (format!("select({l}, 1)"), "((3,4)):((1,3))"),
        (format!("flatten({l})"), "(2,3,4,5):(60,1,3,12)"),
        (format!("group({l}, 0, 2)"), "((2,(3,4)),5):((60,(1,3)),12)"),
        (format!("group({l}, 1, 3)"), "(2,((3,4),5)):(60,((1,3),12))"),
        (format!("group({l}, 0, 3)"), "((2,(3,4),5)):((60,(1,3),12))"),
        (
            format!("append({l}, 7:120)"),
            "(2,(3,4),5,7):(60,(1,3),12,120)",
        ),
        (
            format!("prepend({l}, 7:120)"),
            "(7,2,(3,4),5):(120,60,(1,3),12)",
        ),
        ("get(8:2, 0)".into(), "8:2"),
        ("flatten(8:2)".into(), "8:2"),
        ("append(8:2, 3:16)".into(), "(8,3):(2,16)"),
        ("prepend(8:2, 3:16)".into(), "(3,8):(16,2)"),
        ("take(8:2, 0, 1)".into(), "(8):(2)"),
        ("select(8:2, 0)".into(), "(8):(2)"),
        ("group(8:2, 0, 1)".into(), "((8)):((2))"),
        (
            "append((2,3):(1,2), (4,5):(6,24))".into(),
            "(2,3,(4,5)):(1,2,(6,24))",
        ),
        ("append(8:2)".into(), "(8,1):(2,0)"),
        ("prepend((2,3):(1,2))".into(), "(1,2,3):(0,1,2)"),
        ("flatten((2,(3,4)))".into(), "(2,3,4)"),
        ("prepend((2,3), 4)".into(), "(4,2,3)"),
        // CuTe's printed form pastes in as it is.
        ("get((_2,(_3,_4)):(_12,(_1,_3)), 1, 0)".into(), "3:1"),
    ];
    let exprs: Vec<&str> = cases.iter().map(|(e, _)| e.as_str()).collect();
    let got = eval(&exprs);
    assert_eq!(got.len(), cases.len());
    for ((e, want), got) in cases.iter().zip(&got) {
        assert_eq!(got, want, "{e}");
    }
}

/// Where CuTe has a static_assert, the CLI says which call failed.
#[test]
fn tuple_call_refusals_name_the_call() {
    let l = "(2,(3,4),5):(60,(1,3),12)";
    let cases = [
        (format!("get({l}, 3)"), "error: get: "),
        (format!("take({l}, 1, 1)"), "error: take: "),
        (format!("take({l}, 2, 4)"), "error: take: "),
        (format!("select({l}, 0, 3)"), "error: select: "),
        (format!("group({l}, 0, 4)"), "error: group: "),
        (format!("get({l}, -1)"), "error: get: "),
        (format!("append({l}, (2,3))"), "error: append: "),
    ];
    let exprs: Vec<&str> = cases.iter().map(|(e, _)| e.as_str()).collect();
    for ((e, want), got) in cases.iter().zip(eval(&exprs)) {
        assert!(got.starts_with(want), "{e}: {got}");
    }
}
