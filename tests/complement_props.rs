//! `complement` of the typed layouts against its defining properties, by
//! brute force (ORACLE.md): `R` is ordered (strictly increasing), `R(i)` is
//! not in `L`'s image for `i >= 1`, `cosize((L,R)) >= M`,
//! `cosize(R) <= round_up(M, cosize(L))`, `size(R) >= M / size(filter(L))`,
//! `size(R) <= cosize(R)`, and `(filter(L), R)` is injective.
//!
//! Static layouts come from a table; runtime values (rank 1, and rank 2
//! with static strides) go through proptest.

use cute_algebra::dynamic::{DynLayout, IntTree};
use cute_algebra::prelude::*;
use proptest::prelude::*;
use std::collections::HashSet;

fn dynamic(l: impl core::fmt::Display) -> DynLayout {
    l.to_string().parse().unwrap()
}

fn at(l: &DynLayout, i: i64) -> i64 {
    l.at(i).unwrap()
}

/// The defining properties of `R = complement(L, M)`.
fn check(l: &DynLayout, r: &DynLayout, m: i64) -> Result<(), String> {
    let image: HashSet<i64> = (0..l.size().unwrap()).map(|i| at(l, i)).collect();
    let n = r.size().unwrap();
    for i in 1..n {
        if at(r, i) <= at(r, i - 1) {
            return Err(format!("not ordered: L = {l}, R = {r}"));
        }
        if image.contains(&at(r, i)) {
            return Err(format!("not disjoint at {i}: L = {l}, R = {r}"));
        }
    }
    let (cl, cr) = (l.cosize().unwrap(), r.cosize().unwrap());
    let f = l.filter().unwrap();
    let joint = cl + cr - 1; // cosize((L,R))
    let bounds = [
        (joint >= m, "cosize((L,R)) >= M"),
        (
            cr <= (m + cl - 1) / cl * cl,
            "cosize(R) <= round_up(M, cosize(L))",
        ),
        (n >= m / f.size().unwrap(), "size(R) >= M / size(filter(L))"),
        (n <= cr, "size(R) <= cosize(R)"),
    ];
    for (ok, what) in bounds {
        if !ok {
            return Err(format!("{what} fails: L = {l}, R = {r}, M = {m}"));
        }
    }
    let fr = DynLayout::concat(&[f.clone(), r.clone()]);
    let all: HashSet<i64> = (0..fr.size().unwrap()).map(|i| at(&fr, i)).collect();
    if all.len() as i64 != fr.size().unwrap() {
        return Err(format!("(filter(L), R) is not injective: {fr}"));
    }
    Ok(())
}

/// A cotarget in the table: an integer or a parenthesised shape.
macro_rules! cotarget {
    (($($s:tt)*)) => {
        shape![$($s)*]
    };
    ($m:literal) => {
        int!($m)
    };
}

/// Each static `layout, cotarget` pair: the properties, agreement with
/// `DynLayout` (same function; `DynLayout` prints runtime-style), and the
/// one-argument form.
macro_rules! table {
    ($([$($l:tt)*], $m:tt);* $(;)?) => {$({
        let l = layout![$($l)*];
        let m = cotarget!($m);
        let r = complement(l, m);
        let size = Size::size(m).value() as i64;
        check(&dynamic(l), &dynamic(r), size).unwrap();
        let d = dynamic(l).complement_to(&m.to_cute_string().replace('_', "").parse::<IntTree>().unwrap()).unwrap();
        assert_eq!(r.to_string().replace('_', ""), d.to_string(), "{}", l);
        let one = l.complement();
        assert_eq!(one.to_string().replace('_', ""), dynamic(l).complement().unwrap().to_string());
        assert_eq!(core::mem::size_of_val(&r), 0);
    })*};
}

#[test]
fn static_complements_satisfy_their_properties() {
    table! {
        [1 : 0], 5;
        [4 : 0], 8;
        [4 : 1], 8;
        [4 : 1], 24;
        [4 : 2], 16;
        [4 : 2], 24;
        [4 : 2], 19;
        [4 : 4], 17;
        [6 : 4], 24;
        [12 : 2], 53;
        [2 : 3], 12;
        [(2, 4) : (1, 2)], 8;
        [(2, 4) : (1, 4)], 14;
        [(2, 4) : (1, 6)], 24;
        [(2, 2) : (1, 6)], 24;
        [(2, 2) : (1, 6)], 48;
        [(4, 6) : (1, 4)], 24;
        [(4, 2) : (1, 10)], 14;
        [(3, 6) : (1, 9)], 48;
        [(3, 6) : (1, 3)], 18;
        [(2, 4, 8) : (8, 1, 64)], 1024;
        [(2, 4, 8) : (8, 1, 0)], 64;
        [((2, 2), (2, 2)) : ((1, 4), (8, 32))], 128;
        [((2, 2), (2, 2)) : ((1, 32), (8, 4))], 128;
        [(2, (1, 6)) : (0, (6, 2))], 24;
        [(3, 5) : (5, 1)], 45;
        [(8, 8) : (1, 64)], 1024;
        [(4, 4) : (16, 1)], 256;
        [(2, 3) : (3, 1)], 12;
        [(4, 2) : (8, 1)], 64;
        [4 : 1], (2, 4);
        [4 : 2], (4, 4);
        [(2, 2) : (1, 4)], (2, 4);
        [(2, 2) : (1, 4)], (4, 4);
        [1 : 0], (2, 2);
        [64 : 1], (32, 4, 4);
        [4 : 4], (2, 2);
        [(2, 3) : (1, 2)], 6;
        [(2, 2, 2) : (1, 2, 4)], 8;
        [3 : 1], 9;
    }
}

#[test]
fn runtime_zero_stride_gives_the_whole_cotarget() {
    // CuTe divides by zero here (oracle row d015, `complement(4d:0d, 8d)`);
    // the static answer is `_8:_1`. Ours has the rank-1 runtime type.
    let (s, d, m): (i32, i32, i32) = (4, 0, 8);
    let r = complement(layout![s : d], m);
    assert_eq!(r.to_string(), "(8,1):(_1,8)");
    let r = dynamic(r);
    for i in 0..8 {
        assert_eq!(at(&r, i), i);
    }
    let c = complement(layout![s : d], shape![2, m]);
    let c = dynamic(c);
    assert_eq!(c.size().unwrap(), 16);
    for i in 0..16 {
        assert_eq!(at(&c, i), i);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Rank 1, every value runtime: an error exactly when the input is bad
    /// (negative stride, shape or cotarget below 1) or `DynLayout` refuses
    /// (CuTe's result breaks a complement bound), otherwise CuTe's result,
    /// with the properties.
    #[test]
    fn rank1_runtime(s in -1i32..=12, d in -3i32..=40, m in -2i32..=300) {
        let l = layout![s : d];
        let dyn_ok = s >= 1 && m >= 1 && dynamic(l).complement_to(&IntTree::Int(m as i64)).is_ok();
        match try_complement(l, m) {
            Err(e) => prop_assert!(d < 0 || m < 1 || s < 1 || !dyn_ok, "{}", e),
            Ok(r) => {
                prop_assert!((d >= 0 || s == 1) && m >= 1 && s >= 1 && dyn_ok);
                let (rd, ld) = (dynamic(r), dynamic(l));
                if d == 0 {
                    for i in 0..m as i64 {
                        prop_assert_eq!(at(&rd, i), i);
                    }
                } else {
                    // The same function as DynLayout's complement, where that
                    // one accepts CuTe's result. (A runtime shape 1 is not
                    // filtered away, as in CuTe, so `1:d` is compared only
                    // for coverage.)
                    if let (true, Ok(dr)) = (s > 1, ld.complement_to(&IntTree::Int(m as i64))) {
                        check(&ld, &rd, m as i64).unwrap();
                        for i in 0..dr.size().unwrap() {
                            prop_assert_eq!(at(&rd, i), at(&dr, i));
                        }
                    }
                    // Always: ordered, disjoint, and (L, R) covers [0, M).
                    let lr = DynLayout::concat(&[ld.clone(), rd.clone()]);
                    let all: HashSet<i64> = (0..lr.size().unwrap()).map(|i| at(&lr, i)).collect();
                    for x in 0..m as i64 {
                        prop_assert!(all.contains(&x), "{} not covered by {}", x, lr);
                    }
                }
            }
        }
    }

    /// Rank 2 with static strides and runtime shapes: the structure is
    /// static; whether the modes overlap is checked at run time. (Shapes
    /// from 2: a runtime 1 is not filtered away, as in CuTe, so the bounds
    /// would be those of the unfiltered layout.)
    #[test]
    fn rank2_runtime_shapes(a in 2i32..=12, b in 2i32..=6, m in 1i32..=200) {
        let l = layout![(a, b) : (1, 8)];
        let dyn_ok = dynamic(l).complement_to(&IntTree::Int(m as i64)).is_ok();
        match try_complement(l, m) {
            // Overlapping modes, or a bound that CuTe's result breaks (as DynLayout says).
            Err(e) => prop_assert!(a > 8 || !dyn_ok, "{}", e),
            Ok(r) => {
                prop_assert!(a <= 8 && dyn_ok);
                let (ld, rd) = (dynamic(l), dynamic(r));
                let dr = ld.complement_to(&IntTree::Int(m as i64));
                if let Ok(dr) = dr {
                    check(&ld, &rd, m as i64).unwrap();
                    for i in 0..dr.size().unwrap() {
                        prop_assert_eq!(at(&rd, i), at(&dr, i));
                    }
                }
            }
        }
    }
}

#[test]
fn large_runtime_values_are_errors_not_panics() {
    let (s, d, m): (i32, i32, i32) = (2, 3, i32::MAX);
    assert!(try_complement(layout![s : d], m).is_err());
    assert!(try_complement(layout![s : d], shape![m, 2]).is_err());
    let big: i32 = 1 << 20;
    assert!(try_complement(layout![big : big], int!(8)).is_err());
    assert!(try_complement(layout![(big, 2) : (1, 1048576)], m).is_err());
}
