//! Property tests of the runtime algebra against the defining properties of
//! ORACLE.md, checked by brute force on small random layouts, plus fuzzing
//! of the parser and of every operation (no input may panic).
//!
//! Inputs tried per full run (the `cases` below): 2000 compositions, 2000
//! complements, 1000 coalesce/filter, 1000 inverses, 1000 divides, 1000
//! products, 1000 layout round-trips, 5000 random strings, 1500 random
//! layouts through every operation, and 500 each of five kinds of bad input
//! that must be errors (unbalanced parentheses, shape/stride mismatch,
//! nesting deeper than `MAX_DEPTH`, `i64` overflow in values and products,
//! a size of 0): 18,000 in all.

use cute_algebra::LayoutError;
use cute_algebra::dynamic::{DynLayout, IntTree, MAX_DEPTH, Tiler};
use cute_algebra::eval::eval;
use proptest::prelude::*;

fn leaf_stride() -> impl Strategy<Value = i64> + Clone {
    prop_oneof![3 => Just(0i64), 10 => 1i64..=32, 1 => -4i64..=-1]
}

fn pos_stride() -> impl Strategy<Value = i64> + Clone {
    prop_oneof![1 => Just(0i64), 10 => 1i64..=32]
}

/// A layout of rank 1-3 with modes that are leaves or flat tuples, size <= 6^4.
fn layout_with(
    stride: impl Strategy<Value = i64> + Clone + 'static,
) -> impl Strategy<Value = DynLayout> {
    let leaf = (1i64..=6, stride).prop_map(|(s, d)| (IntTree::Int(s), IntTree::Int(d)));
    let mode = prop_oneof![
        3 => leaf.clone(),
        1 => prop::collection::vec(leaf.clone(), 1..=2).prop_map(|v| {
            let (s, d): (Vec<_>, Vec<_>) = v.into_iter().unzip();
            (IntTree::Tuple(s), IntTree::Tuple(d))
        }),
    ];
    prop_oneof![
        1 => leaf.prop_map(|(s, d)| DynLayout::new(s, d).unwrap()),
        3 => prop::collection::vec(mode, 1..=3).prop_map(|v| {
            let (s, d): (Vec<_>, Vec<_>) = v.into_iter().unzip();
            DynLayout::new(IntTree::Tuple(s), IntTree::Tuple(d)).unwrap()
        }),
    ]
    .prop_filter("small", |l| l.size().unwrap() <= 1296)
}

fn any_layout() -> impl Strategy<Value = DynLayout> {
    layout_with(leaf_stride())
}

fn pos_layout() -> impl Strategy<Value = DynLayout> {
    layout_with(pos_stride())
}

fn at(l: &DynLayout, i: i64) -> i64 {
    l.at(i).unwrap()
}

fn modes_sizes(t: &IntTree) -> Vec<i64> {
    match t {
        IntTree::Int(v) => vec![*v],
        IntTree::Tuple(v) => v.iter().map(|m| m.product().unwrap()).collect(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn composition_matches_a_of_b(a in any_layout(), b in pos_layout()) {
        if let Ok(r) = a.composition(&b) {
            prop_assert_eq!(r.size().unwrap(), b.size().unwrap());
            // compatible(B, R): R refines each mode of B (an integral B may become a tuple).
            if !b.is_integral() {
                prop_assert_eq!(r.rank(), b.rank());
                prop_assert_eq!(modes_sizes(&r.shape()), modes_sizes(&b.shape()));
            }
            for i in 0..b.size().unwrap() {
                prop_assert_eq!(at(&r, i), at(&a, at(&b, i)), "i = {}, R = {}", i, r);
            }
        }
    }

    #[test]
    fn complement_is_ordered_disjoint_and_bounded(l in pos_layout(), m in 1i64..=96) {
        if let Ok(r) = l.complement_to(&IntTree::Int(m)) {
            let image: std::collections::HashSet<i64> = (0..l.size().unwrap()).map(|i| at(&l, i)).collect();
            let n = r.size().unwrap();
            for i in 1..n {
                prop_assert!(at(&r, i) > at(&r, i - 1), "not ordered: {}", r);
                prop_assert!(!image.contains(&at(&r, i)), "not disjoint: {}", r);
            }
            let lr = DynLayout::concat(&[l.clone(), r.clone()]);
            prop_assert!(lr.cosize().unwrap() >= m);
            let cl = l.cosize().unwrap();
            prop_assert!(r.cosize().unwrap() <= (m + cl - 1) / cl * cl);
            prop_assert!(n <= r.cosize().unwrap());
            // With distinct offsets in L, (L, R) is injective too.
            if image.len() as i64 == l.filter().unwrap().size().unwrap() && l.filter().unwrap().flat().iter().all(|m| m.1 != 0 || m.0 == 1) {
                let f = l.filter().unwrap();
                let fr = DynLayout::concat(&[f.clone(), r.clone()]);
                let all: std::collections::HashSet<i64> = (0..fr.size().unwrap()).map(|i| at(&fr, i)).collect();
                prop_assert_eq!(all.len() as i64, fr.size().unwrap(), "(L,R) not injective: {}", fr);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn coalesce_and_filter_preserve_the_function(l in any_layout()) {
        let c = l.coalesce().unwrap();
        prop_assert_eq!(c.size().unwrap(), l.size().unwrap());
        prop_assert!(c.depth() <= 1);
        for i in 0..l.size().unwrap() {
            prop_assert_eq!(at(&c, i), at(&l, i));
        }
        let f = l.filter().unwrap();
        let zeros: Vec<(i64, i64)> = l.flat().iter().map(|&(s, d)| if d == 0 { (1, 0) } else { (s, d) }).collect();
        let fz = DynLayout::new(
            IntTree::Tuple(zeros.iter().map(|m| IntTree::Int(m.0)).collect()),
            IntTree::Tuple(zeros.iter().map(|m| IntTree::Int(m.1)).collect()),
        ).unwrap();
        prop_assert_eq!(f.size().unwrap(), fz.size().unwrap());
        for i in 0..fz.size().unwrap() {
            prop_assert_eq!(at(&f, i), at(&fz, i));
        }
        if f.to_string() != "1:0" {
            prop_assert!(f.flat().iter().all(|&(s, d)| s != 1 && d != 0), "{}", f);
        }
    }

    #[test]
    fn inverses(l in any_layout()) {
        let r = l.right_inverse().unwrap();
        let n = l.size().unwrap();
        for i in 0..r.size().unwrap() {
            let j = at(&r, i);
            prop_assert!((0..n).contains(&j));
            prop_assert_eq!(at(&l, j), i);
        }
        if let Ok(li) = l.left_inverse() {
            for i in 0..n {
                let x = at(&l, i);
                prop_assert_eq!(at(&l, at(&li, x)), x, "left inverse {} at {}", li, i);
            }
        }
    }

    #[test]
    fn logical_divide_tile_and_rest(a in pos_layout(), b in pos_layout()) {
        if let Ok(r) = a.logical_divide(&b) {
            prop_assert_eq!(r.rank(), 2);
            let (r0, r1) = (r.mode(0).unwrap(), r.mode(1).unwrap());
            prop_assert_eq!(r0.size().unwrap(), b.size().unwrap());
            for i in 0..b.size().unwrap() {
                prop_assert_eq!(at(&r0, i), at(&a, at(&b, i)));
            }
            // The rest mode continues A through the complement of B.
            let cot = a.coalesce().unwrap().shape();
            if let Ok(c) = b.complement_to(&cot) {
                for j in 0..r1.size().unwrap().min(64) {
                    prop_assert_eq!(at(&r1, j), at(&a, at(&c, j)));
                }
            }
            // Regroupings keep the same function.
            let t = Tiler::Layout(b.clone());
            for z in [a.zipped_divide(&t).unwrap(), a.tiled_divide(&t).unwrap(), a.flat_divide(&t).unwrap()] {
                prop_assert_eq!(z.size().unwrap(), r.size().unwrap());
                for i in 0..r.size().unwrap().min(256) {
                    prop_assert_eq!(at(&z, i), at(&r, i));
                }
            }
        }
    }

    #[test]
    fn logical_product_block_and_arrangement(a in pos_layout(), b in pos_layout()) {
        if let Ok(r) = a.logical_product(&b) {
            prop_assert_eq!(r.mode(0).unwrap(), a.clone());
            let r1 = r.mode(1).unwrap();
            prop_assert_eq!(r1.size().unwrap(), b.size().unwrap());
            let m = a.size().unwrap() * b.cosize().unwrap();
            if let Ok(c) = a.complement_to(&IntTree::Int(m)) {
                for i in 0..b.size().unwrap() {
                    prop_assert_eq!(at(&r1, i), at(&c, at(&b, i)));
                }
            }
        }
        if let (Ok(bp), Ok(rp)) = (a.blocked_product(&b), a.raked_product(&b)) {
            let n = a.size().unwrap() * b.size().unwrap();
            prop_assert_eq!(bp.size().unwrap(), n);
            prop_assert_eq!(rp.size().unwrap(), n);
            let img = |l: &DynLayout| (0..n).map(|i| at(l, i)).collect::<std::collections::BTreeSet<_>>();
            prop_assert_eq!(img(&bp), img(&rp));
        }
    }

    #[test]
    fn print_parse_round_trip(l in any_layout()) {
        let s = l.to_string();
        prop_assert_eq!(s.parse::<DynLayout>().unwrap(), l.clone());
        let cute = s.chars().fold(String::new(), |mut o, c| {
            if c.is_ascii_digit() && !o.ends_with(|p: char| p.is_ascii_digit() || p == '-') { o.push('_'); }
            if c == '-' { o.push('_'); }
            o.push(c);
            o
        });
        prop_assert_eq!(cute.parse::<DynLayout>().unwrap(), l);
    }
}

const OPS: &[&str] = &[
    "coalesce",
    "filter",
    "complement",
    "composition",
    "right_inverse",
    "left_inverse",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
    "tile_to_shape",
    "make_layout",
    "make_layout_right",
    "make_ordered_layout",
    "size",
    "cosize",
    "rank",
    "depth",
    "crd2idx",
    "idx2crd",
    "slice",
    "nullspace",
    "domain_distribute",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn parser_never_panics(s in "[()_:,<> 0-9-]{0,24}", name in prop::sample::select(OPS), t in "[()_:,<> 0-9a-z-]{0,40}") {
        let _ = s.parse::<DynLayout>();
        let _ = s.parse::<IntTree>();
        let _ = eval(&s);
        let _ = eval(&format!("{name}({s})"));
        let _ = eval(&format!("{name}{t}"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn every_operation_on_random_layouts_never_panics(
        a in any_layout(), b in any_layout(), n in -3i64..=40, big in prop::sample::select(vec![i64::MAX, i64::MIN, 1 << 40, -(1 << 40)])
    ) {
        let (sa, sb) = (a.to_string(), b.to_string());
        for op in OPS {
            for args in [sa.clone(), format!("{sa}, {sb}"), format!("{sa}, {n}"), format!("{sa}, <{sb}, _>"),
                         format!("{sa}, ({n},{n})"), format!("{sa}, {big}"), format!("{big}:{big}, {sb}"),
                         format!("({big},2):(1,{big}), {sa}")] {
                let _ = eval(&format!("{op}({args})"));
            }
        }
        let _ = a.composition(&b);
        let _ = a.complement_to(&IntTree::Int(n));
        let _ = a.idx2crd(n);
        let _ = a.print_layout();
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!("{}1{}", "(".repeat(40), ")".repeat(40));
    assert!(deep.parse::<DynLayout>().is_err());
    let very_deep = format!("{}1", "(".repeat(100_000));
    assert!(eval(&very_deep).is_err());
    assert!(
        eval(&format!(
            "{}1:1{}",
            "coalesce(".repeat(100),
            ")".repeat(100)
        ))
        .is_err()
    );
}

#[test]
fn overflow_and_zero_size_are_errors() {
    assert!(
        "(4294967296,4294967296):(1,1)"
            .parse::<DynLayout>()
            .is_err()
    );
    assert!("9223372036854775808".parse::<DynLayout>().is_err());
    assert!("(2,0):(1,2)".parse::<DynLayout>().is_err());
    assert!(eval("logical_product(4611686018427387904:1, 4:1)").is_err());
}

/// A random integer tuple of depth <= 3 with leaves from `leaf`.
fn tree(leaf: impl Strategy<Value = i64> + Clone + 'static) -> impl Strategy<Value = IntTree> {
    leaf.prop_map(IntTree::Int)
        .prop_recursive(3, 12, 3, |inner| {
            prop::collection::vec(inner, 0..=3).prop_map(IntTree::Tuple)
        })
}

/// `t` with its leaf number `k % leaves` replaced by `v`.
fn with_leaf(t: &IntTree, k: usize, v: i64) -> IntTree {
    fn go(t: &IntTree, i: &mut usize, target: usize, v: i64) -> IntTree {
        match t {
            IntTree::Int(x) => {
                *i += 1;
                IntTree::Int(if *i - 1 == target { v } else { *x })
            }
            IntTree::Tuple(ts) => IntTree::Tuple(ts.iter().map(|t| go(t, i, target, v)).collect()),
        }
    }
    go(t, &mut 0, k % t.leaves().len().max(1), v)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn unbalanced_parentheses_are_errors(l in any_layout(), at in any::<usize>(), op in 0..3u8) {
        let s = l.to_string();
        let parens: Vec<usize> = s.char_indices().filter(|c| "()".contains(c.1)).map(|c| c.0).collect();
        let bad = match op {
            0 if !parens.is_empty() => {
                let mut b = s.clone();
                b.remove(parens[at % parens.len()]);
                b
            }
            0 | 1 => format!("{}({}", &s[..at % (s.len() + 1)], &s[at % (s.len() + 1)..]),
            _ => format!("{}){}", &s[..at % (s.len() + 1)], &s[at % (s.len() + 1)..]),
        };
        prop_assert!(bad.parse::<DynLayout>().is_err(), "{}", bad);
        prop_assert!(eval(&bad).is_err(), "{}", bad);
        prop_assert!(eval(&format!("coalesce({bad})")).is_err(), "{}", bad);
        prop_assert!(eval(&format!("composition({bad}, 2:1)")).is_err(), "{}", bad);
    }

    #[test]
    fn shape_stride_mismatch_is_an_error(a in tree(1i64..=8), b in tree(-4i64..=16)) {
        prop_assume!(!a.congruent(&b));
        prop_assert!(DynLayout::new(a.clone(), b.clone()).is_err(), "failed");
        let s = format!("{a}:{b}");
        prop_assert!(s.parse::<DynLayout>().is_err(), "{}", s);
        prop_assert!(eval(&format!("coalesce({s})")).is_err(), "{}", s);
    }

    #[test]
    fn nesting_beyond_the_limit_is_an_error(l in any_layout(), extra in 1usize..=64) {
        let k = MAX_DEPTH + extra;
        let wrap = |t: String| format!("{}{t}{}", "(".repeat(k), ")".repeat(k));
        let (sh, st) = (l.shape().to_string(), l.stride().to_string());
        let deep = format!("{}:{}", wrap(sh.clone()), wrap(st.clone()));
        prop_assert!(matches!(deep.parse::<DynLayout>(), Err(LayoutError::TooDeep { .. })), "{}", deep);
        prop_assert!(matches!(wrap(sh.clone()).parse::<IntTree>(), Err(LayoutError::TooDeep { .. })), "failed");
        prop_assert!(eval(&format!("coalesce({deep})")).is_err(), "failed");
        let shape_tree = (0..k).fold(l.shape(), |t, _| IntTree::Tuple(vec![t]));
        let stride_tree = (0..k).fold(l.stride(), |t, _| IntTree::Tuple(vec![t]));
        prop_assert!(matches!(DynLayout::new(shape_tree.clone(), stride_tree), Err(LayoutError::TooDeep { .. })), "failed");
        prop_assert!(DynLayout::make_layout_left(&shape_tree).is_err(), "failed");
        let calls = format!("{}{l}{}", "coalesce(".repeat(k), ")".repeat(k));
        prop_assert!(matches!(eval(&calls), Err(LayoutError::TooDeep { .. })), "failed");
        // At the limit itself, nesting is fine.
        let ok = format!("{}{sh}{}", "(".repeat(MAX_DEPTH - l.depth()), ")".repeat(MAX_DEPTH - l.depth()));
        prop_assert!(ok.parse::<IntTree>().is_ok(), "{}", ok);
    }

    #[test]
    fn i64_overflow_is_an_error(
        digits in "[1-9][0-9]{19,30}", neg in any::<bool>(),
        a in (1i64 << 32)..(1i64 << 40), b in (1i64 << 32)..(1i64 << 40),
        d in (1i64 << 62)..=i64::MAX, l in any_layout(),
    ) {
        // A value beyond i64, as an extent, a stride or an argument.
        let v = if neg { format!("-{digits}") } else { digits };
        for bad in [format!("{v}:1"), format!("(2,{v}):(1,2)"), format!("(2,2):(1,{v})"), format!("({v},2)")] {
            prop_assert!(bad.parse::<DynLayout>().is_err(), "{}", bad);
            prop_assert!(eval(&format!("size({bad})")).is_err(), "{}", bad);
        }
        prop_assert!(eval(&format!("complement({l}, {v})")).is_err(), "failed");
        prop_assert!(eval(&format!("crd2idx({l}, {v})")).is_err(), "failed");
        // Products: a size or cosize beyond i64, and results that would be.
        prop_assert!(format!("({a},{b}):(1,{a})").parse::<DynLayout>().is_err(), "failed");
        prop_assert!(format!("({a},{b})").parse::<DynLayout>().is_err(), "failed");
        prop_assert!(format!("(3,2):({d},1)").parse::<DynLayout>().is_err(), "failed");
        prop_assert!(DynLayout::new(IntTree::Tuple(vec![IntTree::Int(a), IntTree::Int(b)]), IntTree::Tuple(vec![IntTree::Int(0), IntTree::Int(0)])).is_err(), "failed");
        prop_assert!(eval(&format!("logical_product({a}:1, {b}:1)")).is_err(), "failed");
        prop_assert!(eval(&format!("blocked_product({a}:1, {b}:1)")).is_err(), "failed");
        prop_assert!(eval(&format!("make_layout(({a},{b}))")).is_err(), "failed");
        prop_assert!(eval(&format!("crd2idx(4:{a}, {b})")).is_err(), "failed");
        prop_assert!(eval(&format!("composition({a}:{b}, 2:{a})")).is_err(), "failed");
        // i64::MIN / -1 when splitting an index by a (negative) extent.
        prop_assert!(eval(&format!("idx2crd((-1,{a}), {})", i64::MIN)).is_err(), "failed");
        prop_assert!(eval(&format!("idx2crd(((-1,1),2,{b}), {})", i64::MIN)).is_err(), "failed");
    }

    #[test]
    fn a_size_of_zero_is_an_error(
        t in tree(1i64..=6).prop_filter("a leaf", |t| !t.leaves().is_empty()),
        k in any::<usize>(), z in -3i64..=0, l in any_layout(),
    ) {
        let bad = with_leaf(&t, k, z);
        prop_assert!(DynLayout::new(bad.clone(), bad.clone()).is_err(), "{}", bad);
        prop_assert!(DynLayout::make_layout_left(&bad).is_err(), "{}", bad);
        prop_assert!(DynLayout::make_layout_right(&bad).is_err(), "{}", bad);
        prop_assert!(bad.leaves().contains(&z), "{}", bad);
        prop_assert!(format!("{bad}:{bad}").parse::<DynLayout>().is_err(), "{}", bad);
        prop_assert!(format!("{bad}").parse::<DynLayout>().is_err(), "{}", bad);
        prop_assert!(eval(&format!("make_layout({bad})")).is_err(), "{}", bad);
        prop_assert!(eval(&format!("tile_to_shape({l}, {bad})")).is_err(), "{}", bad);
        prop_assert!(eval(&format!("complement({l}, {bad})")).is_err(), "{}", bad);
        prop_assert!(eval(&format!("domain_distribute({bad}, 4)")).is_err(), "{}", bad);
        prop_assert!(l.complement_to(&IntTree::Int(z)).is_err(), "failed");
        prop_assert!(l.logical_divide(&Tiler::Int(z)).is_err(), "failed");
        prop_assert!(l.composition(&Tiler::Int(z)).is_err(), "failed");
        prop_assert!(DynLayout::domain_distribute(&l.shape(), z).is_err(), "failed");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    /// An integer tile `n` divides as the layout `n:1` does (the by-mode
    /// fast path for a leaf that `n` cuts evenly must give the general
    /// path's result exactly), for a leaf alone and by mode in a matrix,
    /// including strides 0, negative strides and tiles that do not divide.
    #[test]
    fn an_integer_tile_divides_as_its_layout(
        any_s in 1i64..=4096, k in 1i64..=64, even: bool, d in -64i64..=64, n in 2i64..=96,
        s2 in 1i64..=64, d2 in -8i64..=8, n2 in 2i64..=16,
    ) {
        // Half the cases cut the leaf evenly (the fast path), half need not.
        let s = if even { n * k } else { any_s };
        let leaf: DynLayout = format!("{s}:{d}").parse().unwrap();
        let tile = |n: i64| Tiler::Layout(format!("{n}:1").parse().unwrap());
        let as_int = leaf.logical_divide(&Tiler::Int(n)).map(|l| l.to_string());
        let as_layout = leaf.logical_divide(&tile(n)).map(|l| l.to_string());
        prop_assert_eq!(as_int, as_layout);
        let m: DynLayout = format!("({s},{s2}):({d},{d2})").parse().unwrap();
        let ints = Tiler::Tuple(vec![Tiler::Int(n), Tiler::Int(n2)]);
        let layouts = Tiler::Tuple(vec![tile(n), tile(n2)]);
        prop_assert_eq!(
            m.zipped_divide(&ints).map(|l| l.to_string()),
            m.zipped_divide(&layouts).map(|l| l.to_string())
        );
    }
}
