//! Property tests of the runtime algebra against the defining properties of
//! ORACLE.md, checked by brute force on small random layouts, plus fuzzing
//! of the parser and of every operation (no input may panic).
//!
//! Inputs tried per full run (the `cases` below): 2000 compositions, 2000
//! complements, 1000 coalesce/filter, 1000 inverses, 1000 divides, 1000
//! products, 1000 layout round-trips, 5000 random strings and 1500 random
//! layouts through every operation: 15,500 in all.

use cute_algebra::dynamic::eval::eval;
use cute_algebra::dynamic::{DynLayout, IntTree, Tiler};
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
