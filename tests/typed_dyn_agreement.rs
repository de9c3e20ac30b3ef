//! The typed path with runtime values agrees with
//! `DynLayout`. Each operation's `try_` form runs on a fixed set of
//! static/runtime patterns with random values; the same call goes through
//! `DynLayout` (the CLI's evaluator). Required:
//! - where the typed form succeeds, `DynLayout` does too, with the same
//!   function: equal sizes and equal offsets at every index (the typed
//!   result may keep runtime size-1 modes that `DynLayout` drops);
//! - where `DynLayout` refuses, the typed form refuses.
//!
//! The typed result keeps CuTe's structure for runtime values: runtime modes
//! never merge and a runtime 1 stays a mode. Where that structure cannot hold
//! `DynLayout`'s answer (a tile straddling two runtime modes that `DynLayout`
//! merges, a runtime size-1 mode that breaks a complement bound), the typed
//! form refuses with the condition (never a wrong layout). Those refusals
//! are counted, must name a structural condition (not a bad input), and
//! stay a minority; each test prints its counts.

use cute_algebra::dynamic::DynLayout;
use cute_algebra::eval::{Value, eval};
use cute_algebra::prelude::*;
use proptest::prelude::*;

/// Small values, so that every index is checked; 1, 0 and -1 often.
fn value() -> impl Strategy<Value = i32> {
    prop_oneof![
        3 => Just(1),
        1 => Just(0),
        1 => Just(-1),
        6 => 2..=8i32,
        1 => Just(12),
        1 => Just(16),
    ]
}

/// The same values as `i64`: the groups with `i64` variables mix them with
/// `i32` and static ones.
fn value64() -> impl Strategy<Value = i64> {
    value().prop_map(i64::from)
}

/// How one call compared.
enum Outcome {
    BothOk,
    /// `right_inverse`: the typed result is a prefix of `DynLayout`'s (CuTe
    /// stops the chain of strides at a runtime shape; still a right inverse).
    Prefix,
    /// `left_inverse`: equal on the image of `L`, where a left inverse is
    /// defined (the typed result may keep a runtime size-1 mode's digit).
    Image,
    BothErr,
    /// The typed form refused a structural condition where `DynLayout` succeeded.
    Structural,
}

/// Compares the typed outcome with `DynLayout`'s for `expr`.
fn agree(typed: Result<DynLayout, (String, bool)>, expr: &str) -> Result<Outcome, String> {
    let dynamic = match eval(expr) {
        Ok(Value::Layout(l)) => Ok(l),
        Ok(v) => return Err(format!("{expr}: DynLayout gave a non-layout {v}")),
        Err(e) => Err(e.to_string()),
    };
    match (typed, dynamic) {
        (Err(_), Err(_)) => Ok(Outcome::BothErr),
        (Ok(t), Err(e)) => Err(format!("{expr}: typed Ok({t}), DynLayout Err({e})")),
        (Err((_, true)), Ok(_)) => Ok(Outcome::Structural),
        (Err((e, false)), Ok(d)) => Err(format!("{expr}: typed Err({e}), DynLayout Ok({d})")),
        (Ok(t), Ok(d)) if expr.starts_with("left_inverse(") => {
            let l = match eval(&expr["left_inverse(".len()..expr.len() - 1]) {
                Ok(Value::Layout(l)) => l,
                _ => return Err(format!("{expr}: the operand does not parse")),
            };
            for i in 0..l.size().unwrap() {
                let x = l.at(i).unwrap();
                if t.at(x) != d.at(x) || l.at(t.at(x).unwrap()) != Ok(x) {
                    return Err(format!(
                        "{expr}: typed {t}, DynLayout {d}, differ at offset {x}"
                    ));
                }
            }
            let same = t.size() == d.size() && (0..t.size().unwrap()).all(|i| t.at(i) == d.at(i));
            Ok(if same {
                Outcome::BothOk
            } else {
                Outcome::Image
            })
        }
        (Ok(t), Ok(d)) => {
            let (ts, ds) = (t.size().unwrap(), d.size().unwrap());
            let prefix = expr.starts_with("right_inverse") && ts < ds;
            if ts != ds && !prefix {
                return Err(format!(
                    "{expr}: typed {t} (size {ts}), DynLayout {d} (size {ds})"
                ));
            }
            for i in 0..ts {
                if t.at(i) != d.at(i) {
                    return Err(format!("{expr}: typed {t}, DynLayout {d}, differ at {i}"));
                }
            }
            Ok(if prefix {
                Outcome::Prefix
            } else {
                Outcome::BothOk
            })
        }
    }
}

/// The conditions the typed structure can break where `DynLayout`'s
/// value-only structure does not: composition's divisibility and straddle
/// conditions and the complement bounds. Bad inputs (a zero extent, an
/// overflow, a negative stride) are not among them.
fn structural(e: &LayoutError) -> bool {
    matches!(
        e,
        LayoutError::Straddle { .. }
            | LayoutError::ShapeDivisibility { .. }
            | LayoutError::StrideDivisibility { .. }
            | LayoutError::Disjointness { .. }
            | LayoutError::ComplementBound { .. }
    ) || matches!(e, LayoutError::NotComplementable { reason, .. } if reason.contains("runtime extent is 1"))
        || matches!(e, LayoutError::BadArgument { msg, .. } if msg.contains("runtime extent of 1"))
}

/// The typed result as a `DynLayout`, or the error's text.
fn typed<S, D>(r: Result<Layout<S, D>, LayoutError>) -> Result<DynLayout, (String, bool)>
where
    S: cute_algebra::dynamic::ToIntTree + IntTuple,
    D: cute_algebra::dynamic::ToIntTree + IntTuple,
{
    match r {
        Ok(l) => l
            .try_to_dyn()
            .map_err(|e| (format!("typed result {l} is not a layout: {e}"), false)),
        Err(e) => Err((e.to_string(), structural(&e))),
    }
}

/// One test per group: every call of the group on `CASES` random value
/// sets; prints the counts.
macro_rules! cases {
    ($name:ident, [$($v:ident: $strategy:expr),*], { $($e:expr => $expr:literal;)* }) => {
        #[test]
        fn $name() {
            use proptest::test_runner::{Config, TestRunner};
            use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
            let counts = [(); 5].map(|_| AtomicUsize::new(0));
            let mut runner = TestRunner::new(Config::with_cases(CASES));
            let strategy = ($($strategy),*);
            let r = runner.run(&strategy, |($($v),*)| {
                $(
                    let k = match agree(typed($e), &format!($expr)) {
                        Ok(Outcome::BothOk) => 0,
                        Ok(Outcome::BothErr) => 1,
                        Ok(Outcome::Structural) => 2,
                        Ok(Outcome::Prefix) => 3,
                        Ok(Outcome::Image) => 4,
                        Err(msg) => return Err(TestCaseError::fail(msg)),
                    };
                    counts[k].fetch_add(1, Relaxed);
                )*
                Ok(())
            });
            if let Err(e) = r {
                panic!("{e}");
            }
            let [ok, err, st, pre, img] = counts.map(|c| c.into_inner());
            let total = ok + err + st + pre + img;
            eprintln!(
                "{}: {total} calls: {ok} both Ok (same function), {err} both Err, \
                 {st} structural refusals, {pre} shorter right inverses, \
                 {img} left inverses equal on the image",
                stringify!($name)
            );
            assert!(st * 4 < total, "too many structural refusals");
            assert!(ok * 5 > total, "too few successes to compare");
        }
    };
}

const CASES: u32 = 3000;

cases!(divides, [a: value(), b: value(), c: value(), d: value()], {
    try_logical_divide(layout![(a, b) : (c, d)], layout![4 : 1]) => "logical_divide(({a},{b}):({c},{d}), 4:1)";
    try_logical_divide(layout![(8, a) : (6, 24)], layout![b : c]) => "logical_divide((8,{a}):(6,24), {b}:{c})";
    try_zipped_divide(layout![(a, b) : (1, c)], shape![2, d]) => "zipped_divide(({a},{b}):(1,{c}), (2,{d}))";
    try_tiled_divide(layout![(a, b) : (c, 1)], shape![d, 2]) => "tiled_divide(({a},{b}):({c},1), ({d},2))";
    try_flat_divide(layout![(a, (b, 4)) : (1, (c, d))], shape![2, 4]) => "flat_divide(({a},({b},4)):(1,({c},{d})), (2,4))";
});

cases!(products, [a: value(), b: value(), c: value(), d: value()], {
    try_logical_product(layout![(a, b) : (1, 16)], layout![c : d]) => "logical_product(({a},{b}):(1,16), {c}:{d})";
    try_zipped_product(layout![(a, 2) : (1, 8)], shape![c, d]) => "zipped_product(({a},2):(1,8), ({c},{d}))";
    try_tiled_product(layout![(a, 2) : (1, b)], shape![c, 2]) => "tiled_product(({a},2):(1,{b}), ({c},2))";
    try_flat_product(layout![(2, a) : (b, 2)], shape![2, c]) => "flat_product((2,{a}):({b},2), (2,{c}))";
    try_blocked_product(layout![(a, b) : (1, 4)], layout![(c, d) : (1, c)]) => "blocked_product(({a},{b}):(1,4), ({c},{d}):(1,{c}))";
    try_raked_product(layout![(a, 4) : (4, 1)], layout![(b, c) : (d, 1)]) => "raked_product(({a},4):(4,1), ({b},{c}):({d},1))";
});

cases!(complements_inverses_compositions, [a: value(), b: value(), c: value(), d: value()], {
    try_complement(layout![(a, 2) : (1, 16)], int!(36)) => "complement(({a},2):(1,16), 36)";
    try_complement(layout![(3, a) : (1, 4)], b) => "complement((3,{a}):(1,4), {b})";
    try_complement(layout![a : b], c) => "complement({a}:{b}, {c})";
    try_complement(layout![(a, b) : (2, 8)], shape![c, d]) => "complement(({a},{b}):(2,8), ({c},{d}))";
    try_left_inverse(layout![(a, b) : (1, 8)]) => "left_inverse(({a},{b}):(1,8))";
    try_left_inverse(layout![(8, a) : (1, 8)]) => "left_inverse((8,{a}):(1,8))";
    try_left_inverse(layout![(8, a) : (1, 4)]) => "left_inverse((8,{a}):(1,4))";
    try_left_inverse(layout![(2, a, 4) : (1, 1, 2)]) => "left_inverse((2,{a},4):(1,1,2))";
    try_left_inverse(layout![a : 4]) => "left_inverse({a}:4)";
    try_right_inverse(layout![(a, b) : (1, 8)]) => "right_inverse(({a},{b}):(1,8))";
    try_right_inverse(layout![((2, a), b) : ((1, 2), 16)]) => "right_inverse(((2,{a}),{b}):((1,2),16))";
    try_tile_to_shape(layout![(a, b) : (1, 2)], shape![c, d]) => "tile_to_shape(({a},{b}):(1,2), ({c},{d}))";
    try_composition(layout![(a, b) : (c, d)], layout![(4, 2) : (2, 1)]) => "composition(({a},{b}):({c},{d}), (4,2):(2,1))";
    try_composition(layout![(8, 4) : (1, 8)], layout![(a, b) : (c, d)]) => "composition((8,4):(1,8), ({a},{b}):({c},{d}))";
});

/// Mixed static/runtime complements, each against `DynLayout`'s answer for the same call.
/// CuTe C++ returns `(4,_2):(4,_32)` and `2:4` here
/// (`tests/data/cute/runtime_one_modes.cpp`), neither a complement.
#[test]
fn mixed_complements_agree() {
    // (n,2):(1,16) with n = 4 in 36: CuTe's result breaks a bound.
    let n: i32 = 4;
    let e = try_complement(layout![(n, 2) : (1, 16)], int!(36)).unwrap_err();
    assert!(eval("complement((4,2):(1,16), 36)").is_err());
    assert!(matches!(e, LayoutError::ComplementBound { .. }), "{e}");
    // (3,m):(1,4) with m = 1 in 8: DynLayout's 3:3 as a function.
    let m: i32 = 1;
    let r = try_complement(layout![(3, m) : (1, 4)], int!(8)).unwrap();
    assert_eq!(r.to_string(), "3:3");
    let Ok(Value::Layout(d)) = eval("complement((3,1):(1,4), 8)") else {
        panic!()
    };
    assert_eq!(d.to_string(), "3:3");
    let t = r.to_dyn();
    assert_eq!(t.size(), d.size());
    for i in 0..3 {
        assert_eq!(t.at(i), d.at(i));
    }
}

/// A left inverse with a runtime extent: `(8,m):(1,4)`. Statically the second mode
/// lies inside the first; with a runtime `m` the typed path decides at run
/// time, as `DynLayout` does: `m = 1` is no part of the function and the
/// result is `DynLayout`'s `8:1`; `m = 2` overlaps, and both refuse.
/// CuTe C++ returns `(_4,1):(_1,_8)` for `m = 1`, which is no left inverse
/// (`tests/data/cute/runtime_one_modes.cpp`).
#[test]
fn the_issues_left_inverse() {
    let m: i32 = 1;
    let r = try_left_inverse(layout![(8, m) : (1, 4)]).unwrap();
    let Ok(Value::Layout(d)) = eval("left_inverse((8,1):(1,4))") else {
        panic!()
    };
    assert_eq!(d.to_string(), "8:1");
    let t = r.to_dyn();
    assert_eq!(t.size(), d.size());
    for i in 0..8 {
        assert_eq!(t.at(i), d.at(i));
    }
    // CuTe's answer (_4,1):(_1,_8) sends offset 5 to index 1; this one to 5.
    let l = layout![(8, m) : (1, 4)];
    for i in 0..8 {
        assert_eq!(l.crd2idx(r.crd2idx(l.crd2idx(i))), l.crd2idx(i));
    }
    let m: i32 = 2;
    assert_eq!(
        try_left_inverse(layout![(8, m) : (1, 4)]).unwrap_err(),
        LayoutError::NotInjective { op: "left_inverse" }
    );
    assert!(eval("left_inverse((8,2):(1,4))").is_err());
    let e = std::panic::catch_unwind(|| left_inverse(layout![(8, m) : (1, 4)]).to_string());
    assert!(e.is_err());
}

/// Runtime operands are checked as `DynLayout` checks its own: an extent
/// below 1 is refused by both inverses.
#[test]
fn inverses_refuse_extents_below_one() {
    let (zero, neg): (i32, i32) = (0, -2);
    assert_eq!(
        try_left_inverse(layout![(8, zero) : (1, 8)]).unwrap_err(),
        LayoutError::ZeroSize { op: "left_inverse" }
    );
    assert_eq!(
        try_right_inverse(layout![(8, neg) : (1, 8)]).unwrap_err(),
        LayoutError::ZeroSize {
            op: "right_inverse"
        }
    );
    assert!(eval("left_inverse((8,0):(1,8))").is_err());
    assert!(eval("right_inverse((8,-2):(1,8))").is_err());
    let e = std::panic::catch_unwind(|| right_inverse(layout![(8, neg) : (1, 8)]).to_string());
    assert!(e.is_err());
}

/// `i64` values, mixed with `i32` and static ones: sizes, cosizes, the
/// offsets and `coalesce` agree with `DynLayout` (whose values are `i64`),
/// on values past `i32` too.
#[test]
fn i64_patterns() {
    use proptest::test_runner::{Config, TestRunner};
    fn value64() -> impl Strategy<Value = i64> {
        prop_oneof![
            3 => Just(1i64),
            1 => Just(0i64),
            1 => Just(-1i64),
            4 => 2..=8i64,
            2 => Just(65536i64),
            1 => Just(1i64 << 31),
            1 => Just(3i64 << 30),
        ]
    }
    let mut runner = TestRunner::new(Config::with_cases(CASES));
    let compared = std::sync::atomic::AtomicUsize::new(0);
    let r = runner.run(
        &(value64(), value(), value64(), value64()),
        |(a, b, c, d)| {
            let l = layout![(a, (b, 4)) : (c, (1, d))];
            let expr = format!("({a},({b},4)):({c},(1,{d}))");
            let Ok(Value::Layout(dl)) = eval(&expr) else {
                // DynLayout refuses (a zero extent, an overflow): so does the typed form.
                prop_assert!(l.try_to_dyn().is_err() || l.try_size().is_err(), "{expr}");
                return Ok(());
            };
            prop_assert_eq!(l.try_size().ok(), dl.size().ok(), "size {}", expr);
            prop_assert_eq!(l.try_cosize().ok(), dl.cosize().ok(), "cosize {}", expr);
            let c2 = coalesce(layout![(a, b, 2) : (1, a, d)]);
            let expr2 = format!("coalesce(({a},{b},2):(1,{a},{d}))");
            let dc = eval(&expr2);
            if let (Ok(size), Ok(_)) = (l.try_size(), l.try_cosize()) {
                // Offsets at the corners and a sample in between.
                for i in [0, 1, size / 3, size / 2, size - 1]
                    .into_iter()
                    .filter(|&i| i >= 0 && i < size)
                {
                    prop_assert_eq!(Ok(l.crd2idx(i)), dl.at(i), "{} at {}", expr, i);
                }
                compared.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            if let (Ok(Value::Layout(dc)), Ok(t)) = (dc, c2.try_to_dyn())
                && let (Ok(n), Ok(_)) = (dc.size(), dc.cosize())
            {
                prop_assert_eq!(t.size(), Ok(n), "{}", expr2);
                for i in [0, 1, n / 2, n - 1]
                    .into_iter()
                    .filter(|&i| i >= 0 && i < n)
                {
                    prop_assert_eq!(t.at(i), dc.at(i), "{} at {}", expr2, i);
                }
            }
            Ok(())
        },
    );
    if let Err(e) = r {
        panic!("{e}");
    }
    let compared = compared.into_inner();
    eprintln!("i64_patterns: {CASES} cases, {compared} with offsets compared");
    assert!(compared * 3 > CASES as usize, "too few layouts to compare");
}

// `i64` values (mixed with `i32` and static ones) through the same
// comparison: `a` and `c` are `i64`, `b` and `d` `i32`.

cases!(i64_compositions_divides, [a: value64(), b: value(), c: value64(), d: value()], {
    try_composition(layout![(a, b) : (c, d)], layout![(4, 2) : (2, 1)]) => "composition(({a},{b}):({c},{d}), (4,2):(2,1))";
    try_composition(layout![(8, 4) : (1, 8)], layout![(a, b) : (c, d)]) => "composition((8,4):(1,8), ({a},{b}):({c},{d}))";
    try_logical_divide(layout![(a, b) : (c, d)], layout![4 : 1]) => "logical_divide(({a},{b}):({c},{d}), 4:1)";
    try_logical_divide(layout![(8, b) : (6, 24)], layout![a : c]) => "logical_divide((8,{b}):(6,24), {a}:{c})";
    try_zipped_divide(layout![(a, b) : (1, c)], shape![2, d]) => "zipped_divide(({a},{b}):(1,{c}), (2,{d}))";
    try_tiled_divide(layout![(a, b) : (c, 1)], shape![d, 2]) => "tiled_divide(({a},{b}):({c},1), ({d},2))";
    try_flat_divide(layout![(a, (b, 4)) : (1, (c, d))], shape![2, 4]) => "flat_divide(({a},({b},4)):(1,({c},{d})), (2,4))";
});

cases!(i64_products, [a: value64(), b: value(), c: value64(), d: value()], {
    try_logical_product(layout![(a, b) : (1, 16)], layout![c : d]) => "logical_product(({a},{b}):(1,16), {c}:{d})";
    try_zipped_product(layout![(a, 2) : (1, 8)], shape![c, d]) => "zipped_product(({a},2):(1,8), ({c},{d}))";
    try_tiled_product(layout![(a, 2) : (1, b)], shape![c, 2]) => "tiled_product(({a},2):(1,{b}), ({c},2))";
    try_flat_product(layout![(2, a) : (b, 2)], shape![2, c]) => "flat_product((2,{a}):({b},2), (2,{c}))";
    try_blocked_product(layout![(a, b) : (1, 4)], layout![(c, d) : (1, c)]) => "blocked_product(({a},{b}):(1,4), ({c},{d}):(1,{c}))";
    try_raked_product(layout![(a, 4) : (4, 1)], layout![(b, c) : (d, 1)]) => "raked_product(({a},4):(4,1), ({b},{c}):({d},1))";
});

cases!(i64_complements_inverses, [a: value64(), b: value(), c: value64(), d: value()], {
    try_complement(layout![(a, 2) : (1, 16)], int!(36)) => "complement(({a},2):(1,16), 36)";
    try_complement(layout![(3, a) : (1, 4)], b) => "complement((3,{a}):(1,4), {b})";
    try_complement(layout![(3, b) : (1, 4)], a) => "complement((3,{b}):(1,4), {a})";
    try_complement(layout![a : b], c) => "complement({a}:{b}, {c})";
    try_complement(layout![b : a], d) => "complement({b}:{a}, {d})";
    try_complement(layout![(a, b) : (2, 8)], shape![c, d]) => "complement(({a},{b}):(2,8), ({c},{d}))";
    try_left_inverse(layout![(a, b) : (1, 8)]) => "left_inverse(({a},{b}):(1,8))";
    try_left_inverse(layout![(8, a) : (1, 4)]) => "left_inverse((8,{a}):(1,4))";
    try_left_inverse(layout![(2, a, 4) : (1, 1, 2)]) => "left_inverse((2,{a},4):(1,1,2))";
    try_left_inverse(layout![a : 4]) => "left_inverse({a}:4)";
    try_right_inverse(layout![(a, b) : (1, 8)]) => "right_inverse(({a},{b}):(1,8))";
    try_right_inverse(layout![((2, a), b) : ((1, 2), 16)]) => "right_inverse(((2,{a}),{b}):((1,2),16))";
    try_tile_to_shape(layout![(a, b) : (1, 2)], shape![c, d]) => "tile_to_shape(({a},{b}):(1,2), ({c},{d}))";
});
