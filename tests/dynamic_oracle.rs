//! Every row of `tests/data/public.tsv` through the runtime path
//! (`cute_algebra::eval`): the `cpp_static` value with the `_`
//! markers removed, or an error where CuTe is wrong (`admissible = no`) or
//! refuses with no correct answer.

use cute_algebra::eval::eval;

#[path = "support/cute_print.rs"]
mod cute_print;
use cute_print::strip_static;

/// Rows where CuTe fails to compile but a correct answer exists (none so far:
/// d026 has no layout answer, so it must be an error).
const EXPECT_ERROR_FOR_COMPILE_ERROR: &[&str] = &["d026"];

/// Rows where CuTe's result satisfies the defining property only by CuTe's
/// integer arithmetic, with a non-positive extent that no `DynLayout` holds
/// (it could not be printed back): the runtime path refuses with a named
/// error. g245: `left_inverse(4:-1)` is `(-1,4):(0,1)` in CuTe.
pub const REFUSED_NON_POSITIVE_EXTENT: &[&str] = &["g245"];

#[test]
fn every_oracle_row() {
    let data = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/public.tsv"
    ))
    .unwrap();
    let mut rows = 0;
    let mut failures = Vec::new();
    for line in data.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (id, expr, cpp, admissible) = (cols[0], cols[2], cols[3], cols[6]);
        rows += 1;
        let got = eval(expr);
        let ok = if admissible == "no" || REFUSED_NON_POSITIVE_EXTENT.contains(&id) {
            got.is_err()
        } else if cpp.starts_with("COMPILE_ERROR") || cpp.starts_with("RUNTIME_ERROR") {
            assert!(
                EXPECT_ERROR_FOR_COMPILE_ERROR.contains(&id),
                "{id}: decide the expected answer"
            );
            got.is_err()
        } else {
            matches!(&got, Ok(v) if v.to_string() == strip_static(cpp))
        };
        if !ok {
            failures.push(format!(
                "{id}: {expr}\n   expected {cpp} (admissible {admissible})\n   got      {got:?}"
            ));
        }
    }
    assert_eq!(rows, 311, "the oracle file has 311 rows");
    assert!(
        failures.is_empty(),
        "{} of {rows} rows fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn strip_static_drops_markers_only() {
    assert_eq!(strip_static("((_2,_-1)):(_,_0)"), "((2,-1)):(_,0)");
}
