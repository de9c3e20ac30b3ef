//! The overflow policy of the typed path's runtime
//! (`i32`) values. Sizes, cosizes and the algebra check: the `try_` forms
//! return `LayoutError::Overflow` naming the operation, the panicking forms
//! panic with that message (in release builds too, since the checks are
//! explicit, not debug assertions). Offsets (`crd2idx`) wrap, as CuTe's
//! `int` arithmetic does on a GPU.

use cute_algebra::prelude::*;
use std::panic::catch_unwind;

/// The panic message of `f`, which must panic.
fn panic_message(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let e = catch_unwind(f).expect_err("expected a panic");
    e.downcast_ref::<String>()
        .cloned()
        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap()
}

#[test]
fn the_issues_divide_is_an_error_not_a_panic() {
    let n: i32 = i32::MAX;
    let r = try_logical_divide(layout![(8, n) : (6, 24)], layout![2 : 4]);
    assert_eq!(
        r.unwrap_err().to_string(),
        "logical_divide: integer overflow"
    );
}

#[test]
fn a_size_that_overflows_is_never_negative() {
    let n: i32 = i32::MAX;
    let l = layout![(4, n) : (6, 2)];
    assert_eq!(
        l.try_size().unwrap_err(),
        LayoutError::Overflow { op: "size" }
    );
    assert_eq!(
        panic_message(move || {
            let _ = l.size();
        }),
        "size: integer overflow"
    );
    assert_eq!(
        l.try_cosize().unwrap_err(),
        LayoutError::Overflow { op: "cosize" }
    );
    assert_eq!(
        panic_message(move || {
            let _ = l.cosize();
        }),
        "cosize: integer overflow"
    );
    // The largest size that fits is fine.
    let m: i32 = (1 << 29) - 1;
    assert_eq!(layout![(4, m) : (1, 4)].size(), 2147483644);
}

#[test]
fn the_plain_arithmetic_panics_naming_the_operands() {
    let big: i32 = 1 << 30;
    let msg = panic_message(move || {
        let _ = big.mul(int!(4));
    });
    assert_eq!(
        msg,
        "runtime integer overflow: 1073741824 * 4 does not fit in i32 (use the try_ form for a LayoutError)"
    );
    assert_eq!(big.mul_checked(int!(4)), None);
    assert_eq!(big.mul_wrapping(int!(4)), 0);
    assert_eq!(big.ceil_div_checked(int!(2)), Some(1 << 29));
    // ceil_div works in i64: only a result beyond i32 fails, not `a + b - 1`.
    assert_eq!(i32::MAX.ceil_div_checked(i32::MAX), Some(1));
    assert_eq!(i32::MAX.ceil_div(i32::MAX), 1);
    assert_eq!(3.ceil_div_checked(0), None);
    assert_eq!(i32::MIN.abs_checked(), None);
}

#[test]
fn offsets_wrap_as_cutes_int_does() {
    let n: i32 = i32::MAX;
    let l = layout![(2, 2) : (n, 1)];
    // 1 * MAX + 1 wraps to MIN, in debug builds too: no overflow panic.
    assert_eq!(l.crd2idx(coord![1, 1]), i32::MIN);
    assert_eq!(l.crd2idx(3), i32::MIN);
}

#[test]
fn complement_checks_its_extent() {
    let (s, d, m): (i32, i32, i32) = (2, 3, i32::MAX);
    // ceil_div(M, 6) fits, but the extent 6 * ceil_div(M, 6) does not.
    assert_eq!(
        try_complement(layout![s : d], m).unwrap_err(),
        LayoutError::Overflow { op: "complement" }
    );
    // One less fits: the same result as DynLayout's (CuTe's static marks aside).
    let m: i32 = i32::MAX - 1;
    let typed = try_complement(layout![s : d], m).unwrap().to_string();
    let dynamic = cute_algebra::eval::eval("complement(2:3, 2147483646)").unwrap();
    assert_eq!(typed.replace('_', ""), dynamic.to_string());
}
