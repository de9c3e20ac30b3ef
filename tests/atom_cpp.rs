//! Atom-layer values that the oracle does not hold, checked against CuTe
//! C++ (CUTLASS v4.7.0) compiled here: `tests/data/cute/atom_cases.cpp`
//! prints `EXPR<TAB>result` lines (`atom_cases.out`), and the runtime path
//! must print the same with CuTe's static `_` markers dropped.

use cute_algebra::eval::eval;

#[path = "support/cute_print.rs"]
mod cute_print;
use cute_print::strip_static;

#[test]
fn every_case_matches_cute() {
    let data = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/cute/atom_cases.out"
    ))
    .unwrap();
    let mut n = 0;
    // Lines without a tab are CuTe's own diagnostics (a host build cannot
    // take a shared-memory address).
    for (expr, want) in data.lines().filter_map(|l| l.split_once('\t')) {
        n += 1;
        let got = eval(expr).map(|v| v.to_string());
        assert_eq!(got.as_deref(), Ok(strip_static(want).as_str()), "{expr}");
    }
    assert_eq!(n, 19);
}

/// The cases CuTe refuses (`atom_cases.errors`) are errors here too, naming
/// CuTe's condition; the one op CUTLASS 4.7.0 lacks is one the oracle's CuTe
/// had, and the runtime path takes it.
#[test]
fn refused_cases_are_refused() {
    let errors = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/cute/atom_cases.errors"
    ))
    .unwrap();
    let mut refused = 0;
    for block in errors.split("== FAIL ").skip(1) {
        let Some((_, rest)) = block.split_once("line(\"") else {
            continue;
        };
        let expr = &rest[..rest.find('"').unwrap()];
        let first_error = block.lines().nth(1).unwrap_or("");
        let got = eval(expr);
        if expr.contains("SM75_16x8x8_F16F16F16F16_TN") {
            assert!(first_error.contains("not declared"), "{first_error}");
            assert_eq!(got.unwrap().to_string(), "32:1");
            continue;
        }
        refused += 1;
        let e = got.expect_err(expr).to_string();
        let named = match first_error.split_once("static assertion failed: ") {
            Some((_, cute)) => e.contains(cute),
            None => first_error.contains("operator<") && e.contains("no order"),
        };
        assert!(named, "{expr}: {e} (CuTe: {first_error})");
    }
    assert_eq!(refused, 6);
}
