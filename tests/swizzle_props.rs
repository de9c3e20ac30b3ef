//! Property tests of swizzles and composed layouts, checked by brute force:
//! a swizzle is a bijection on `[0, 2^(B+M+|S|))` and its own inverse;
//! `composition(sw, L)(i) == sw(L(i))`; a `right_inverse` that succeeds is
//! one (`C(R(i)) == i`); `upcast`/`downcast` of a swizzled layout keep
//! it a function of the same elements; the typed and runtime paths agree.

use cute_algebra::dynamic::{DynLayout, IntTree};
use cute_algebra::eval::eval;
use cute_algebra::prelude::*;
use cute_algebra::swizzle::{DynComposed, MaybeComposed};
use cute_algebra::swizzle::{DynSwizzle, Swizzle, SwizzleParams};
use proptest::prelude::*;

/// A valid swizzle with a small period (at most 2^12).
fn swizzle() -> impl Strategy<Value = DynSwizzle> {
    (0u32..=3, 0u32..=4, 0u32..=5, any::<bool>()).prop_filter_map("|S| >= B", |(b, m, s, neg)| {
        let s = if neg { -(s as i32) } else { s as i32 };
        DynSwizzle::new(b, m, s).ok()
    })
}

/// A compact layout (a permutation of `[0, size)`), rank 1-3, power-of-two
/// extents, in a random mode order: the layouts swizzles are used with.
fn compact_layout() -> impl Strategy<Value = DynLayout> {
    (prop::collection::vec(0u32..=3, 1..=3), any::<u64>()).prop_map(|(logs, seed)| {
        let shape: Vec<i64> = logs.iter().map(|&l| 1i64 << l).collect();
        // A random order of the modes: stride = product of the extents before it in that order.
        let mut order: Vec<usize> = (0..shape.len()).collect();
        let mut x = seed;
        for i in (1..order.len()).rev() {
            order.swap(i, (x % (i as u64 + 1)) as usize);
            x /= i as u64 + 1;
        }
        let mut stride = vec![0i64; shape.len()];
        let mut acc = 1;
        for &k in &order {
            stride[k] = acc;
            acc *= shape[k];
        }
        let t = |v: &[i64]| IntTree::Tuple(v.iter().map(|&x| IntTree::Int(x)).collect());
        DynLayout::new(t(&shape), t(&stride)).unwrap()
    })
}

fn values(expr: &str) -> Vec<i64> {
    let v = eval(&format!("values({expr})")).unwrap().to_string();
    v.split(' ').map(|x| x.parse().unwrap()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn swizzle_is_an_involutive_bijection(sw in swizzle()) {
        let n = sw.period();
        let mut seen = vec![false; n as usize];
        for x in 0..n {
            let y = sw.apply(x);
            prop_assert!((0..n).contains(&y), "{sw}({x}) = {y} leaves [0, {n})");
            prop_assert!(!seen[y as usize], "{sw} is not injective at {x}");
            seen[y as usize] = true;
            prop_assert_eq!(sw.apply(y), x);
        }
    }

    #[test]
    fn composition_is_swizzle_after_layout(sw in swizzle(), l in compact_layout()) {
        let expr = format!("composition({sw}, {l})");
        let c = values(&expr);
        let plain = values(&l.to_string());
        prop_assert_eq!(c.len(), plain.len());
        for (i, (&ci, &li)) in c.iter().zip(&plain).enumerate() {
            prop_assert_eq!(ci, sw.apply(li), "at {}", i);
        }
    }

    #[test]
    fn slice_and_offset_is_the_function_on_the_slice(
        sw in swizzle(), e0 in 0u32..=4, e1 in 0u32..=5, row_major in any::<bool>(), pick in any::<u16>(), which in any::<bool>()
    ) {
        // Slicing C at (_, j) or (i, _): slice(k) + offset == C(k, j) or C(i, k).
        let (m, n) = (1i64 << e0, 1i64 << e1);
        let (dm, dn) = if row_major { (n, 1) } else { (1, m) };
        let l: DynLayout = format!("({m},{n}):({dm},{dn})").parse().unwrap();
        let c = DynComposed::new(sw, 0, l);
        let (fixed, len) = if which { (pick as i64 % n, m) } else { (pick as i64 % m, n) };
        let coord = if which { format!("(_,{fixed})") } else { format!("({fixed},_)") };
        let (s, off) = c.slice_and_offset(&coord.parse().unwrap()).unwrap();
        for k in 0..len {
            let v = match &s {
                MaybeComposed::Layout(l) => l.at(k).unwrap(),
                MaybeComposed::Composed(c) => c.at(k).unwrap(),
            };
            let full: IntTree = if which { format!("({k},{fixed})") } else { format!("({fixed},{k})") }.parse().unwrap();
            prop_assert_eq!(v + off, c.crd2idx(&full).unwrap(), "{} at {}: {} + {}", c, coord, s, off);
        }
    }

    #[test]
    fn cast_round_trip_keeps_the_function(sw in swizzle(), l in compact_layout(), k in 1u32..=2) {
        // downcast<N> then upcast<N> gives back the same function.
        let n = 1i64 << k;
        let c = DynComposed::new(sw, 0, l);
        let Ok(d) = c.downcast(n) else { return Ok(()) };
        let u = d.upcast(n).unwrap();
        prop_assert_eq!(u.values().unwrap(), c.values().unwrap(), "{} -> {} -> {}", c, d, u);
    }
}

#[test]
fn inverses_when_they_succeed_are_inverses() {
    // Every swizzle with B, M, |S| <= 3 over every compact layout of three
    // modes with extents in {2, 4, 8} and every mode order.
    let (mut ok, mut err, mut left_ok) = (0, 0, 0);
    for b in 0..=3u32 {
        for m in 0..=3u32 {
            for s in -3i32..=3 {
                let Ok(sw) = DynSwizzle::new(b, m, s) else {
                    continue;
                };
                for e in 0..27 {
                    let ext = [2i64 << (e % 3), 2 << (e / 3 % 3), 2 << (e / 9)];
                    for perm in [
                        [0, 1, 2],
                        [0, 2, 1],
                        [1, 0, 2],
                        [1, 2, 0],
                        [2, 0, 1],
                        [2, 1, 0],
                    ] {
                        let mut stride = [0i64; 3];
                        let mut acc = 1;
                        for &k in &perm {
                            stride[k] = acc;
                            acc *= ext[k];
                        }
                        let l: DynLayout = format!(
                            "({},{},{}):({},{},{})",
                            ext[0], ext[1], ext[2], stride[0], stride[1], stride[2]
                        )
                        .parse()
                        .unwrap();
                        let c = DynComposed::new(sw, 0, l);
                        match c.right_inverse() {
                            Ok(r) => {
                                let n = r.size().unwrap();
                                assert_eq!(
                                    n,
                                    c.size().unwrap(),
                                    "{c}: a bijection's inverse is whole"
                                );
                                for i in 0..n {
                                    assert_eq!(
                                        c.at(r.at(i).unwrap()).unwrap(),
                                        i,
                                        "{c} -> {r} at {i}"
                                    );
                                }
                                ok += 1;
                            }
                            Err(_) => err += 1,
                        }
                        if let Ok(r) = c.left_inverse() {
                            for i in 0..c.size().unwrap() {
                                assert_eq!(r.at(c.at(i).unwrap()).unwrap(), i, "{c} -> {r} at {i}");
                            }
                            left_ok += 1;
                        }
                    }
                }
            }
        }
    }
    // Both outcomes occur: the check is not vacuous, and CuTe's pass-through
    // is refused where it is wrong.
    assert!(ok > 1000 && err > 100, "ok {ok}, err {err}");
    assert!(left_ok > 1000, "left_inverse ok {left_ok}");
}

/// The typed and runtime paths agree, for a set of static swizzles over
/// random runtime layouts and offsets.
macro_rules! agree {
    ($name:ident, $b:literal, $m:literal, $s:literal) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(64))]
            #[test]
            fn $name(e0 in 0u32..=4, e1 in 0u32..=4, row_major in any::<bool>(), x in 0i32..1 << 20) {
                let sw = Swizzle::<$b, $m, $s>;
                prop_assert_eq!(sw.apply(x) as i64, Swizzle::<$b, $m, $s>::RUNTIME.apply(x as i64));
                let (m, n) = (1i32 << e0, 1i32 << e1);
                let (dm, dn) = if row_major { (n, 1) } else { (1, m) };
                let c = composition(sw, layout![(m, n) : (dm, dn)]);
                let d = c.try_to_dyn().unwrap();
                prop_assert_eq!(d.to_string(), format!("Sw<{},{},{}> o 0 o ({m},{n}):({dm},{dn})", $b, $m, $s));
                for i in 0..m * n {
                    prop_assert_eq!(c.crd2idx(i) as i64, d.at(i as i64).unwrap());
                }
                let t = eval(&format!("composition(Sw<{},{},{}>, ({m},{n}):({dm},{dn}))", $b, $m, $s)).unwrap();
                prop_assert_eq!(t.to_string(), d.to_string());
            }
        }
    };
}
agree!(agree_sw_3_4_3, 3, 4, 3);
agree!(agree_sw_2_3_3, 2, 3, 3);
agree!(agree_sw_3_3_3, 3, 3, 3);
agree!(agree_sw_1_2_1, 1, 2, 1);
agree!(agree_sw_2_0_4, 2, 0, 4);
agree!(agree_sw_3_0_neg4, 3, 0, -4);
agree!(agree_sw_2_1_neg3, 2, 1, -3);

#[test]
fn zero_bit_swizzle_is_the_identity_on_both_paths() {
    let typed = composition(Swizzle::<0, 4, 3>, layout![(8, 4) : (4, 1)]);
    assert_eq!(typed.to_string(), "(_8,_4):(_4,_1)");
    let runtime = eval("composition(Sw<0,4,3>, (8,4):(4,1))").unwrap();
    assert_eq!(runtime.to_string(), "(8,4):(4,1)");
}
