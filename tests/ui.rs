//! Compile-fail cases: every `ui-tests/*.rs` must fail to compile with the
//! committed `.stderr`. Re-bless with `TRYBUILD=overwrite cargo test --test ui`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui-tests/*.rs");
}
