#[test]
fn ui_atom() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui-tests/atom_*.rs");
}
