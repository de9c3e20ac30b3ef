//! Compile-fail cases found only after monomorphization: the compile-time
//! brute-force checks of CuTe's swizzle slicing and inverses are `const`
//! evaluations, which `cargo check` skips. A passing case makes trybuild
//! run `cargo build` for this set. Re-bless with
//! `TRYBUILD=overwrite cargo test --test ui_post_mono`.

#[test]
fn ui_post_mono() {
    let t = trybuild::TestCases::new();
    t.pass("ui-tests/post-mono/pass_*.rs");
    t.compile_fail("ui-tests/post-mono/[!p]*.rs");
}
