//! The Rust side of the runtime-algebra comparison with CuTe C++:
//! the cases of `benches/cute_cpp/algebra_bench.cpp`, for `DynLayout` and
//! for the typed path with `i32` runtime values.
//!
//! `cargo bench --bench vs_cute` prints per case and side
//! `name<TAB>ns<TAB>size<TAB>hash<TAB>result`, with the statistic the C++
//! program uses: the best of 15 batches (each about 20 ms), in ns per call,
//! and the result as a function (size, FNV-1a hash of `r(i)` for `i <
//! size(r)`). `benches/cute_cpp/compare.py` runs both programs in
//! alternation and checks that the functions agree.
//!
//! Operand values go through `black_box` on every call (the C++ side reads
//! them from `volatile` storage), and every result through `black_box`.
//! The typed inverses and the product's block have static strides and
//! runtime shapes, as CuTe requires; `DynLayout` has every value at run time.

use cute_algebra::dynamic::{DynLayout, Tiler};
use cute_algebra::prelude::*;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Best of 15 batches of `n` calls, `n` doubled until a batch takes 20 ms.
///
/// With `VS_CUTE_CALLS=n` it instead makes `n` calls of the cases whose
/// name contains `$VS_CUTE_ONLY` (and none of the others) and reports 0:
/// run under `valgrind --tool=cachegrind` for instructions per call, a
/// figure the load on the machine does not disturb.
fn best_ns<T>(f: impl Fn() -> T) -> f64 {
    if let Ok(n) = std::env::var("VS_CUTE_CALLS") {
        (0..n.parse::<u32>().unwrap()).for_each(|_| drop(black_box(f())));
        return 0.0;
    }
    let mut n = 1u32;
    while {
        let t = Instant::now();
        (0..n).for_each(|_| drop(black_box(f())));
        t.elapsed() < Duration::from_millis(20)
    } {
        n *= 2;
    }
    (0..15)
        .map(|_| {
            let t = Instant::now();
            (0..n).for_each(|_| drop(black_box(f())));
            t.elapsed().as_secs_f64() * 1e9 / f64::from(n)
        })
        .fold(f64::INFINITY, f64::min)
}

/// `size\thash` of `r` as a function, as `algebra_bench.cpp` computes it.
fn as_function(r: &DynLayout) -> String {
    let n = r.size().unwrap();
    let h = (0..n).fold(1469598103934665603u64, |h, i| {
        (h ^ r.at(i).unwrap() as u64).wrapping_mul(1099511628211)
    });
    format!("{n}\t{h}")
}

/// `false` when `VS_CUTE_ONLY` names other cases: every `|`-separated
/// part of it must occur in the case's name and side.
fn selected(name: &str, side: &str) -> bool {
    let full = format!("{name} {side}");
    std::env::var("VS_CUTE_ONLY").map_or(true, |o| o.split('|').all(|p| full.contains(p)))
}

fn report(name: &str, side: &str, ns: f64, r: &DynLayout, printed: String) {
    println!("{name}\t{side}\t{ns:.2}\t{}\t{printed}", as_function(r));
}

/// Time `f` on `DynLayout` operands parsed from CuTe notation.
fn dyn_case(name: &str, f: impl Fn() -> DynLayout) {
    if !selected(name, "DynLayout") {
        return;
    }
    let ns = best_ns(&f);
    let r = f();
    report(name, "DynLayout", ns, &r, r.to_string());
}

/// Time `f`, a typed call on runtime `i32` values; `to_dyn` gives its
/// result as a function.
macro_rules! typed_case {
    ($name:expr, $f:expr) => {{
        if selected($name, "typed i32") {
            let f = $f;
            let ns = best_ns(&f);
            let r = f();
            report($name, "typed i32", ns, &r.to_dyn(), r.to_string());
        }
    }};
}

fn l(s: &str) -> DynLayout {
    s.parse().unwrap()
}

fn main() {
    const COMP: &str = "composition (6,2):(8,2) o (4,3):(3,1)";
    let (a, b) = (l("(6,2):(8,2)"), l("(4,3):(3,1)"));
    dyn_case(COMP, || black_box(&a).composition(black_box(&b)).unwrap());
    typed_case!(COMP, || {
        let (s0, s1, d0, d1) = black_box((6i32, 2i32, 8i32, 2i32));
        let (t0, t1, e0, e1) = black_box((4i32, 3i32, 3i32, 1i32));
        try_composition(layout![(s0, s1) : (d0, d1)], layout![(t0, t1) : (e0, e1)]).unwrap()
    });

    const DIV: &str = "logical_divide (4,2,3):(2,1,8) / 4:2";
    let (a, b) = (l("(4,2,3):(2,1,8)"), l("4:2"));
    dyn_case(DIV, || black_box(&a).logical_divide(black_box(&b)).unwrap());
    typed_case!(DIV, || {
        let (s0, s1, s2, d0, d1, d2) = black_box((4i32, 2i32, 3i32, 2i32, 1i32, 8i32));
        let (t, e) = black_box((4i32, 2i32));
        try_logical_divide(layout![(s0, s1, s2) : (d0, d1, d2)], layout![t : e]).unwrap()
    });

    const COMPL: &str = "complement 4:2, 24";
    let (a, m) = (l("4:2"), "24".parse().unwrap());
    dyn_case(COMPL, || {
        black_box(&a).complement_to(black_box(&m)).unwrap()
    });
    typed_case!(COMPL, || {
        let (s, d, m) = black_box((4i32, 2i32, 24i32));
        try_complement(layout![s : d], m).unwrap()
    });

    const COAL: &str = "coalesce (2,(4,8)):(1,(2,8))";
    let a = l("(2,(4,8)):(1,(2,8))");
    dyn_case(COAL, || black_box(&a).coalesce().unwrap());
    typed_case!(COAL, || {
        let (s0, s1, s2, d0, d1, d2) = black_box((2i32, 4i32, 8i32, 1i32, 2i32, 8i32));
        coalesce(layout![(s0, (s1, s2)) : (d0, (d1, d2))])
    });

    const PROD: &str = "logical_product (2,2):(_4,_1) x 6:1";
    let (a, b) = (l("(2,2):(4,1)"), l("6:1"));
    dyn_case(PROD, || {
        black_box(&a).logical_product(black_box(&b)).unwrap()
    });
    typed_case!(PROD, || {
        let (s0, s1, t, e) = black_box((2i32, 2i32, 6i32, 1i32));
        try_logical_product(layout![(s0, s1) : (4, 1)], layout![t : e]).unwrap()
    });

    const RINV: &str = "right_inverse (4,8):(_8,_1)";
    let a = l("(4,8):(8,1)");
    dyn_case(RINV, || black_box(&a).right_inverse().unwrap());
    typed_case!(RINV, || {
        let (s0, s1) = black_box((4i32, 8i32));
        right_inverse(layout![(s0, s1) : (8, 1)])
    });

    const LINV: &str = "left_inverse (2,(2,3)):(_3,(_1,_6))";
    let a = l("(2,(2,3)):(3,(1,6))");
    dyn_case(LINV, || black_box(&a).left_inverse().unwrap());
    typed_case!(LINV, || {
        let (s0, s1, s2) = black_box((2i32, 2i32, 3i32));
        try_left_inverse(layout![(s0, (s1, s2)) : (3, (1, 6))]).unwrap()
    });

    const ZIP: &str = "zipped_divide (128,64):(1,128) / (32,16)";
    let a = l("(128,64):(1,128)");
    let t = Tiler::from(&"(32,16)".parse().unwrap());
    dyn_case(ZIP, || black_box(&a).zipped_divide(black_box(&t)).unwrap());
    typed_case!(ZIP, || {
        let (m, n, d0, t0, t1) = black_box((128i32, 64i32, 1i32, 32i32, 16i32));
        try_zipped_divide(layout![(m, n) : (d0, m)], shape![t0, t1]).unwrap()
    });
}
