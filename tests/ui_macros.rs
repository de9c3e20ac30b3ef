//! TEMPORARY driver (branch `macros`) for the macro compile-fail tests; the
//! lead's `tests/ui.rs` runs all of `ui-tests/*.rs` and supersedes it.

#[test]
fn macro_errors() {
    trybuild::TestCases::new().compile_fail("ui-tests/macro_*.rs");
}
