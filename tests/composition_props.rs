//! Typed `composition` with runtime values, checked by brute force and
//! against `DynLayout` (ORACLE.md's defining property of composition).
//!
//! A few fixed structures (A: rank 1-3 flat, one nested, one mixed; B: rank
//! 1-2 and a by-mode tiler) get random small values, negative and zero
//! strides included. Whenever `try_composition` is `Ok`:
//! - `compatible(shape(B), shape(R))` and `R(i) == A(B(i))` on B's domain;
//! - it is `Ok` for `DynLayout` too.
//!
//! Unless `DynLayout` merges modes of A that the typed path (like CuTe)
//! keeps apart because their values are runtime, also: both print the same
//! once size-1 modes are squeezed out (CuTe keeps runtime size-1 modes), and
//! an `Err` is an `Err` with the same condition for `DynLayout`. (With
//! merged modes the typed conditions, on finer modes, may be stricter.)
//! About 4,500 compositions per run.

use cute_algebra::dynamic::{DynLayout, IntTree, Tiler};
use cute_algebra::prelude::*;
use proptest::prelude::*;

fn dynl(s: &str) -> DynLayout {
    s.replace('_', "").parse().unwrap()
}

/// Size-1 leaves removed, single-element tuples unwrapped.
fn squeeze(s: &IntTree, d: &IntTree) -> Option<(String, String)> {
    match (s, d) {
        (IntTree::Int(1), _) => None,
        (IntTree::Int(v), IntTree::Int(w)) => Some((v.to_string(), w.to_string())),
        (IntTree::Tuple(sv), IntTree::Tuple(dv)) => {
            let kept: Vec<_> = sv
                .iter()
                .zip(dv)
                .filter_map(|(x, y)| squeeze(x, y))
                .collect();
            match kept.len() {
                0 => None,
                1 => kept.into_iter().next(),
                _ => {
                    let (a, b): (Vec<_>, Vec<_>) = kept.into_iter().unzip();
                    Some((format!("({})", a.join(",")), format!("({})", b.join(","))))
                }
            }
        }
        _ => panic!("not congruent"),
    }
}

fn squeezed(l: &DynLayout) -> String {
    match squeeze(&l.shape(), &l.stride()) {
        Some((s, d)) => format!("{s}:{d}"),
        None => "1".into(),
    }
}

/// Whether `DynLayout`'s `coalesce_x` keeps A's non-trivial modes apart, as
/// the typed path does for runtime modes.
fn no_runtime_merge(a: &DynLayout) -> bool {
    let flat = a.flat();
    let (last, rest) = flat.split_last().unwrap();
    let mut front = last.1;
    for &(s, d) in rest.iter().rev() {
        if s == 1 {
            continue;
        }
        if s * d == front {
            return false;
        }
        front = d;
    }
    true
}

/// The checks for one composition: `$a`, `$b` typed, `$da`, `$db` their
/// `DynLayout`s, `$dyn` the `DynLayout` result.
macro_rules! check {
    ($a:expr, $b:expr, $dyn:expr, $agree:expr) => {{
        let (a, b) = ($a, $b);
        let (da, db) = (dynl(&a.to_string()), dynl(&b.to_string()));
        let typed = try_composition(a, b);
        let dynamic = $dyn(&da, &db);
        match (&typed, &dynamic) {
            (Ok(r), Ok(dr)) => {
                let rl = dynl(&r.to_string());
                prop_assert!(
                    !$agree || squeezed(&rl) == squeezed(dr),
                    "A = {a}, B = {b}: typed {r}, DynLayout {dr}"
                );
            }
            (Ok(r), Err(e)) => prop_assert!(false, "A = {a}, B = {b}: typed {r}, DynLayout {e}"),
            (Err(e), Ok(dr)) => {
                prop_assert!(!$agree, "A = {a}, B = {b}: typed {e}, DynLayout {dr}")
            }
            (Err(e), Err(de)) => prop_assert!(
                !$agree || core::mem::discriminant(e) == core::mem::discriminant(de),
                "A = {a}, B = {b}: typed {e}, DynLayout {de}"
            ),
        }
        if let Ok(r) = typed {
            prop_assert!(
                compatible(b.shape(), r.shape()),
                "A = {a}, B = {b}, R = {r}"
            );
            let rl = dynl(&r.to_string());
            for i in 0..db.size().unwrap() {
                let want = da.at(db.at(i).unwrap()).unwrap();
                prop_assert_eq!(
                    rl.at(i).unwrap(),
                    want,
                    "A = {}, B = {}, R = {}, i = {}",
                    a,
                    b,
                    r,
                    i
                );
            }
        }
    }};
}

fn layouts(a: &DynLayout, b: &DynLayout) -> Result<DynLayout, cute_algebra::LayoutError> {
    a.composition(b)
}

/// Shapes 1..=6; strides -4..=8 with zero common.
fn sh() -> impl Strategy<Value = i32> {
    1i32..=6
}
fn st() -> impl Strategy<Value = i32> {
    prop_oneof![2 => Just(0i32), 12 => 1i32..=8, 3 => -4i32..=-1]
}

/// The B operands for one set of values, checked against A.
macro_rules! with_bs {
    ($a:expr, $bv:expr) => {{
        let a = $a;
        let (b0, b1, e0, e1) = $bv;
        let agree = no_runtime_merge(&dynl(&a.to_string()));
        check!(a, layout![b0 : e0], layouts, agree);
        check!(a, layout![(b0, b1) : (e0, e1)], layouts, agree);
        check!(a, layout![(2, b1) : (e0, 1)], layouts, agree);
    }};
}

fn bvals() -> impl Strategy<Value = (i32, i32, i32, i32)> {
    (sh(), sh(), st(), st())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn rank1(a0 in sh(), d0 in st(), bv in bvals()) {
        with_bs!(layout![a0 : d0], bv);
    }

    #[test]
    fn rank2(a0 in sh(), a1 in sh(), d0 in st(), d1 in st(), bv in bvals()) {
        with_bs!(layout![(a0, a1) : (d0, d1)], bv);
        // A by-mode tiler.
        let (b0, b1, e0, e1) = bv;
        let a = layout![(a0, a1) : (d0, d1)];
        let agree = [a.get::<0>().to_string(), a.get::<1>().to_string()]
            .iter()
            .all(|m| no_runtime_merge(&dynl(m)));
        let tiler = |da: &DynLayout, db: &DynLayout| {
            let modes = [db.mode(0).unwrap(), db.mode(1).unwrap()];
            da.composition(&Tiler::Tuple(modes.into_iter().map(Tiler::Layout).collect()))
        };
        let t = tile![b0 : e0, b1 : e1];
        let (da, db) = (dynl(&a.to_string()), dynl(&format!("({b0},{b1}):({e0},{e1})")));
        match (try_composition(a, t), tiler(&da, &db)) {
            (Ok(r), Ok(dr)) => prop_assert!(
                !agree || squeezed(&dynl(&r.to_string())) == squeezed(&dr),
                "A = {a}: typed {r}, DynLayout {dr}"
            ),
            (Ok(r), Err(e)) => prop_assert!(false, "A = {a}: typed {r}, DynLayout {e}"),
            (Err(e), Ok(dr)) => prop_assert!(!agree, "A = {a}: typed {e}, DynLayout {dr}"),
            (Err(_), Err(_)) => {}
        }
    }

    #[test]
    fn rank3(a in (sh(), sh(), sh()), d in (st(), st(), st()), bv in bvals()) {
        let ((a0, a1, a2), (d0, d1, d2)) = (a, d);
        with_bs!(layout![(a0, a1, a2) : (d0, d1, d2)], bv);
    }

    #[test]
    fn nested(a in (sh(), sh(), sh()), d in (st(), st(), st()), bv in bvals()) {
        let ((a0, a1, a2), (d0, d1, d2)) = (a, d);
        with_bs!(layout![(a0, (a1, a2)) : (d0, (d1, d2))], bv);
    }

    #[test]
    fn mixed(a1 in sh(), d1 in st(), bv in bvals()) {
        with_bs!(layout![(4, a1) : (1, d1)], bv);
    }
}
