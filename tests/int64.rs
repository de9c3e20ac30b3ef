//! `i64` runtime values beside `i32` on the typed
//! path. The mixing rule (static with static stays static, runtime with
//! anything is runtime, `i32` with `i64` is `i64`, static with `i64` is
//! `i64`), sizes and offsets past `i32`, and the overflow policy at `i64`
//! width. Expected values come from plain `i64` arithmetic in the test or
//! from `DynLayout` (whose values are `i64`).

use cute_algebra::eval::{Value, eval};
use cute_algebra::int::*;
use cute_algebra::prelude::*;
use cute_algebra::typenum::{P2, P4, P8, Z0};
use static_assertions::assert_type_eq_all;
use std::panic::catch_unwind;

/// The panic message of `f`, which must panic.
fn panic_message(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let e = catch_unwind(f).expect_err("expected a panic");
    e.downcast_ref::<String>()
        .cloned()
        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap()
}

/// The layout `DynLayout` evaluates `expr` to.
fn dyn_layout(expr: &str) -> cute_algebra::dynamic::DynLayout {
    match eval(expr) {
        Ok(Value::Layout(l)) => l,
        other => panic!("{expr}: {other:?}"),
    }
}

#[test]
fn the_mixing_rule() {
    assert_type_eq_all!(Sum<i32, i64>, i64);
    assert_type_eq_all!(Sum<i64, i32>, i64);
    assert_type_eq_all!(Prod<i64, i64>, i64);
    assert_type_eq_all!(Prod<P2, i64>, i64);
    assert_type_eq_all!(Prod<i64, P2>, i64);
    assert_type_eq_all!(Quot<i64, P4>, i64);
    assert_type_eq_all!(Mod<i32, i64>, i64);
    assert_type_eq_all!(CeilDiv<i64, i32>, i64);
    assert_type_eq_all!(ShapeDiv<P8, i64>, i64);
    assert_type_eq_all!(Prod<P2, P4>, P8); // static stays static
    assert_type_eq_all!(Prod<Z0, i64>, Z0); // _0 * x stays _0
    assert_type_eq_all!(Prod<i32, i32>, i32);
    let (a, b): (i32, i64) = (3, 1 << 40);
    assert_eq!(a.mul(b), 3 << 40);
    assert_eq!(b.add(a), (1 << 40) + 3);
    assert_eq!(P8::new().mul(b), 1 << 43);
    assert_eq!(b.rem(P8::new()), 0);
    assert_eq!(b.ceil_div(a), ((1i64 << 40) + 3 - 1) / 3);
    // Each kind keeps its own width in `value()`; `wide()` is the `i64`.
    let v: i32 = a.value();
    let w: i64 = b.value();
    assert_eq!((v, w, P8::new().wide()), (3, 1 << 40, 8));
}

#[test]
fn a_65536_by_65536_layout() {
    let (m, n): (i64, i64) = (65536, 65536);
    let l = make_layout(shape![m, n]);
    assert_eq!(l.to_string(), "(65536,65536):(_1,65536)");
    let size: i64 = l.size();
    assert_eq!(size, m * n);
    assert_eq!(size, 4294967296);
    assert_eq!(l.try_size(), Ok(4294967296));
    assert_eq!(l.cosize(), m * n);
    // The corners, against plain i64 arithmetic (column-major: i + j * m).
    for (i, j) in [(0, 0), (m - 1, 0), (0, n - 1), (m - 1, n - 1)] {
        assert_eq!(l.crd2idx(coord![i, j]), i + j * m, "({i}, {j})");
        assert_eq!(l.crd2idx(i + j * m), i + j * m, "index {}", i + j * m);
    }
    // i32 coordinates into the i64 layout give i64 offsets.
    let (i, j): (i32, i32) = (65535, 65535);
    let o: i64 = l.crd2idx(coord![i, j]);
    assert_eq!(o, 4294967295);
    // A row-major twin, with the macros.
    let r = layout![(m, n) : (n, 1)];
    assert_eq!(r.to_string(), "(65536,65536):(65536,_1)");
    let (ii, jj) = (m - 1, n - 1);
    assert_eq!(r.crd2idx(coord![ii, 7]), ii * n + 7);
    assert_eq!(r.crd2idx(coord![ii, jj]), ii * n + jj);
}

#[test]
fn mixed_layouts_agree_with_dynlayout() {
    let (a, b): (i32, i64) = (6, 1 << 33);
    let l = layout![(4, (a, b)) : (b, (1, 6))];
    let d = dyn_layout(&format!("(4,({a},{b})):({b},(1,6))"));
    assert_eq!(
        l.to_string(),
        d.to_string()
            .replace("4,(", "_4,(")
            .replace("(1,6)", "(_1,_6)")
    );
    assert_eq!(l.size(), d.size().unwrap());
    assert_eq!(l.cosize(), d.cosize().unwrap());
    let size = l.size();
    for i in [0, 1, 5, 23, 24, size / 2, size - 1] {
        assert_eq!(l.crd2idx(i), d.at(i).unwrap(), "index {i}");
    }
    // Static with i64 in a coordinate.
    let c: i64 = 1 << 32;
    assert_eq!(l.crd2idx(coord![3, (5, c)]), 3 * b + 5 + 6 * c);
}

#[test]
fn overflow_at_i64_width() {
    let m: i64 = 1 << 32;
    let l = layout![(m, m) : (1, m)];
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
    let big: i64 = 1 << 62;
    assert_eq!(
        panic_message(move || {
            let _ = big.mul(int!(4));
        }),
        "runtime integer overflow: 4611686018427387904 * 4 does not fit in i64 (use the try_ form for a LayoutError)"
    );
    assert_eq!(big.mul_checked(int!(4)), None);
    assert_eq!(big.mul_wrapping(int!(4)), 0);
    assert_eq!(i64::MAX.ceil_div_checked(i64::MAX), None); // a + b - 1 overflows i64
    assert_eq!(i64::MIN.abs_checked(), None);
    // gcd(i64::MIN, 0) = 2^63 does not fit (not a negative wrap).
    assert_eq!(i64::MIN.gcd_checked(0i64), None);
    assert_eq!(i64::MIN.gcd_checked(6i64), Some(2));
    assert_eq!(i32::MIN.gcd_checked(0i32), None);
    // An i32 operand widens: 2^31 fits in i64.
    let (x, y): (i32, i64) = (i32::MAX, 1);
    assert_eq!(x.add(y), 1 << 31);
    // Offsets wrap at i64 width, as they do at i32 width for i32.
    let s: i64 = i64::MAX;
    assert_eq!(layout![(2, 2) : (s, 1)].crd2idx(coord![1, 1]), i64::MIN);
}

/// `composition` as a function against `DynLayout`'s.
fn same_function(typed: cute_algebra::dynamic::DynLayout, expr: &str) {
    let d = dyn_layout(expr);
    assert_eq!(
        typed.size(),
        d.size(),
        "{expr}: typed {typed}, DynLayout {d}"
    );
    let n = d.size().unwrap();
    for i in (0..n).step_by(((n / 64) as usize).max(1)).chain([n - 1]) {
        assert_eq!(
            typed.at(i),
            d.at(i),
            "{expr} at {i}: typed {typed}, DynLayout {d}"
        );
    }
}

#[test]
fn composition_with_i64_values() {
    let m: i64 = 1 << 33;
    let k: i32 = 8;
    // An i64 stride past i32: the result's runtime values are i64.
    let r = try_composition(layout![(m, 4) : (1, m)], layout![(4, 2) : (2, 1)]).unwrap();
    assert_eq!(
        r.to_string(),
        "((4,1),(2,1)):((_2,8589934592),(_1,8589934592))"
    );
    same_function(
        r.to_dyn(),
        &format!("composition(({m},4):(1,{m}), (4,2):(2,1))"),
    );
    // i32 and i64 mixed in the left operand, then in the right one.
    let r = try_composition(layout![(k, 4) : (1, m)], layout![(4, 2) : (2, 8)]).unwrap();
    same_function(
        r.to_dyn(),
        &format!("composition(({k},4):(1,{m}), (4,2):(2,8))"),
    );
    let (a, b): (i64, i64) = (4, 2);
    let r = try_composition(layout![(8, k) : (1, 8)], layout![(a, 2) : (b, 1)]).unwrap();
    same_function(
        r.to_dyn(),
        &format!("composition((8,{k}):(1,8), ({a},2):({b},1))"),
    );
    // A runtime zero extent is refused, as DynLayout refuses it.
    let z: i64 = 0;
    assert!(try_composition(layout![(z, 4) : (1, 8)], layout![(4, 2) : (2, 1)]).is_err());
    assert!(eval("composition((0,4):(1,8), (4,2):(2,1))").is_err());
}

#[test]
fn logical_divide_with_i64_values() {
    // Within i32, the same function as DynLayout's.
    let (m, n): (i64, i32) = (64, 16);
    let r = try_logical_divide(layout![(m, n) : (1, m)], layout![4 : 2]).unwrap();
    same_function(
        r.to_dyn(),
        &format!("logical_divide(({m},{n}):(1,{m}), 4:2)"),
    );
    // Past i32: the complement inside computes at i64 width.
    let m: i64 = 1 << 33;
    let r = try_logical_divide(layout![(m, 4) : (1, m)], layout![4 : 1]).unwrap();
    same_function(r.to_dyn(), &format!("logical_divide(({m},4):(1,{m}), 4:1)"));
    // Past i64, an overflow error (DynLayout, whose values are i64, agrees).
    let m: i64 = 1 << 40;
    assert_eq!(
        try_logical_divide(layout![(m, m) : (1, m)], layout![4 : 1]).unwrap_err(),
        LayoutError::Overflow {
            op: "logical_divide"
        }
    );
    assert!(eval(&format!("logical_divide(({m},{m}):(1,{m}), 4:1)")).is_err());
}

#[test]
fn complement_with_i64_values() {
    // A runtime stride past i32 (rank 1): the gap and the rest are i64.
    let d: i64 = 1 << 32;
    let r = try_complement(layout![4 : d], 1i64 << 36).unwrap();
    assert_type_eq_all!(
        cute_algebra::algebra::Complemented<Layout<i64, i64>, i64>,
        Layout![(i64, i64) : (1, i64)]
    );
    same_function(r.to_dyn(), &format!("complement(4:{d}, {})", 1i64 << 36));
    // A runtime shape past i32 with static strides, and a shape cotarget.
    let n: i64 = 1 << 31;
    let r = try_complement(layout![(2, n) : (1, 4)], shape![8, n]).unwrap();
    same_function(r.to_dyn(), &format!("complement((2,{n}):(1,4), (8,{n}))"));
    // An i32 layout with an i64 cotarget past i32.
    let k: i32 = 3;
    let r = try_complement(layout![k : 1], 1i64 << 33).unwrap();
    same_function(r.to_dyn(), &format!("complement({k}:1, {})", 1i64 << 33));
    // The stride-0 branch: the whole cotarget, past i32.
    let z: i64 = 0;
    let r = try_complement(layout![4 : z], 1i64 << 33).unwrap();
    same_function(r.to_dyn(), &format!("complement(4:0, {})", 1i64 << 33));
    // Past i64: an overflow error, as DynLayout's.
    let big: i64 = 1 << 62;
    assert_eq!(
        try_complement(layout![4 : big], i64::MAX).unwrap_err(),
        LayoutError::Overflow { op: "complement" }
    );
    assert!(eval(&format!("complement(4:{big}, {})", i64::MAX)).is_err());
    // i32 values still compute at i32 width, as CuTe's `int` (and i64 passes).
    let (d32, d64): (i32, i64) = (1 << 30, 1 << 30);
    assert_eq!(
        try_complement(layout![4 : d32], int!(8)).unwrap_err(),
        LayoutError::Overflow { op: "complement" }
    );
    let r = try_complement(layout![4 : d64], int!(8)).unwrap();
    same_function(r.to_dyn(), &format!("complement(4:{d64}, 8)"));
}

#[test]
fn inverses_and_products_with_i64_values() {
    let n: i64 = 1 << 31;
    let r = try_right_inverse(layout![(4, n) : (1, 4)]).unwrap();
    same_function(r.to_dyn(), &format!("right_inverse((4,{n}):(1,4))"));
    let l = layout![(n, 4) : (4, 1)];
    let r = try_left_inverse(l).unwrap();
    // A left inverse: r(l(i)) = i, at a spread of indices.
    let size = l.size();
    for i in (0..size).step_by((size / 97) as usize).chain([size - 1]) {
        assert_eq!(r.crd2idx(l.crd2idx(i)), i, "index {i}");
    }
    same_function(r.to_dyn(), &format!("left_inverse(({n},4):(4,1))"));
    let p = try_logical_product(layout![(2, n) : (1, 2)], layout![3 : 1]).unwrap();
    same_function(p.to_dyn(), &format!("logical_product((2,{n}):(1,2), 3:1)"));
    let p = try_blocked_product(layout![(2, n) : (1, 2)], layout![(2, 3) : (3, 1)]).unwrap();
    same_function(
        p.to_dyn(),
        &format!("blocked_product((2,{n}):(1,2), (2,3):(3,1))"),
    );
    let p = try_raked_product(layout![(n, 2) : (2, 1)], layout![(3, 2) : (1, 3)]).unwrap();
    same_function(
        p.to_dyn(),
        &format!("raked_product(({n},2):(2,1), (3,2):(1,3))"),
    );
    let t = try_tile_to_shape(layout![(2, 2) : (1, 2)], shape![n, 6]).unwrap();
    same_function(t.to_dyn(), &format!("tile_to_shape((2,2):(1,2), ({n},6))"));
}

#[test]
fn local_tile_with_i64_values() {
    use cute_algebra::tensor::{local_tile, make_counting_tensor};
    // Every element of every (8, 4) tile of a (64, 32) tensor, against
    // brute force: element (i, j) of tile (bx, by) is at
    // (8 bx + i) + (4 by + j) * m.
    let (m, n): (i64, i64) = (64, 32);
    let t = make_counting_tensor(layout![(m, n) : (1, m)]);
    for bx in 0..m / 8 {
        for by in 0..(n / 4) as i32 {
            let tile = local_tile(t, shape![8, 4], coord![bx, by]);
            for (i, j) in (0..8i64).flat_map(|i| (0..4i64).map(move |j| (i, j))) {
                let want = (8 * bx + i) + (4 * by as i64 + j) * m;
                assert_eq!(
                    tile.at(coord![i, j]) as i64,
                    want,
                    "tile ({bx}, {by}) at ({i}, {j})"
                );
            }
        }
    }
    // The last tile of a 65536 x 65536 tensor ends at offset 2^32 - 1.
    let (m, n): (i64, i64) = (65536, 65536);
    let t = make_counting_tensor(make_layout(shape![m, n]));
    let (bx, by): (i64, i32) = (m / 8 - 1, (n / 4 - 1) as i32);
    let tile = local_tile(t, shape![8, 4], coord![bx, by]);
    assert_eq!(
        tile.to_string(),
        "counting_iter(4294770680) o (_8,_4):(_1,65536)"
    );
    assert_eq!(tile.at(coord![0, 0]) as i64, (m - 8) + (n - 4) * m);
    assert_eq!(tile.at(coord![7, 3]) as i64, m * n - 1);
}
