//! The typed and runtime paths agree on slices and inverses of swizzled
//! layouts: every swizzle of a grid (positive and negative shifts) over
//! layouts of several shapes, sliced at several coordinates. Each typed
//! result prints as the runtime one (with `_` dropped), gives the same
//! offset, and is checked as a function by brute force (the slice at `j`
//! plus its offset is the layout at the full coordinate; the inverses are
//! inverses). The grid's cases that CuTe gets wrong are runtime errors here
//! and do not compile typed (ui-tests/post-mono).
use cute_algebra::dynamic::{CoordTree, IntTree};
use cute_algebra::prelude::*;
use cute_algebra::swizzle::DynComposed;
use cute_algebra::swizzle::{DynSwizzle, Swizzle};

fn runtime(b: u32, m: u32, s: i32, l: &str) -> DynComposed {
    DynComposed::new(DynSwizzle::new(b, m, s).unwrap(), 0, l.parse().unwrap())
}

/// The runtime slice prints `typed` with `_` dropped, has offset `off`,
/// and is the layout at the full coordinate at every index.
fn check_slice(dc: &DynComposed, coord: &str, typed: &str, off: i64) {
    let c: CoordTree = coord.parse().unwrap();
    let (s, o) = dc.slice_and_offset(&c).unwrap();
    assert_eq!(s.to_string(), typed.replace('_', ""), "{dc} at {coord}");
    assert_eq!(o, off, "{dc} at {coord}");
    let kept = dc.layout().slice(&c).unwrap();
    let fixed = dc
        .layout()
        .crd2idx(&coord.replace('_', "0").parse::<IntTree>().unwrap())
        .unwrap();
    for j in 0..kept.size().unwrap() {
        let want = dc.swizzle().apply(fixed + kept.at(j).unwrap());
        assert_eq!(s.at(j).unwrap() + o, want, "{dc} at {coord}, index {j}");
    }
}

macro_rules! slice_agrees {
    ($b:literal, $m:literal, $s:literal, [$($sh:tt)*] : [$($st:tt)*], [$($c:tt)*], $l:literal, $k:literal) => {{
        let c = composition(Swizzle::<$b, $m, $s>, layout![($($sh)*) : ($($st)*)]);
        let (t, off) = c.slice_and_offset(coord![$($c)*]);
        check_slice(&runtime($b, $m, $s, $l), $k, &t.to_string(), off.value() as i64);
    }};
}

macro_rules! inverse_agrees {
    ($b:literal, $m:literal, $s:literal, [$($sh:tt)*] : [$($st:tt)*], $l:literal) => {{
        let c = composition(Swizzle::<$b, $m, $s>, layout![($($sh)*) : ($($st)*)]);
        let (r, l) = (right_inverse(c), left_inverse(c));
        let dc = runtime($b, $m, $s, $l);
        assert_eq!(dc.right_inverse().unwrap().to_string(), r.to_string().replace('_', ""));
        assert_eq!(dc.left_inverse().unwrap().to_string(), l.to_string().replace('_', ""));
        for i in 0..r.size().value() {
            assert_eq!(c.crd2idx(r.crd2idx(i)), i, "{c}: right_inverse at {i}");
        }
        for i in 0..c.size().value() {
            assert_eq!(l.crd2idx(c.crd2idx(i)), i, "{c}: left_inverse at {i}");
        }
    }};
}

#[test]
fn slices_agree() {
    slice_agrees!(1, 1, 1, [8,16] : [16,1], [_,3], "(8,16):(16,1)", "(_,3)");
    slice_agrees!(1, 1, 1, [8,16] : [16,1], [5,_], "(8,16):(16,1)", "(5,_)");
    slice_agrees!(1, 1, 1, [16,8] : [1,16], [_,6], "(16,8):(1,16)", "(_,6)");
    slice_agrees!(1, 1, 1, [16,8] : [1,16], [9,_], "(16,8):(1,16)", "(9,_)");
    slice_agrees!(1, 1, 1, [8,(2,8)] : [16,(8,1)], [_,(1,_)], "(8,(2,8)):(16,(8,1))", "(_,(1,_))");
    slice_agrees!(1, 1, 1, [8,(2,8)] : [16,(8,1)], [3,(_,5)], "(8,(2,8)):(16,(8,1))", "(3,(_,5))");
    slice_agrees!(1, 1, 1, [8,(2,8)] : [16,(8,1)], [_,7], "(8,(2,8)):(16,(8,1))", "(_,7)");
    slice_agrees!(1, 1, 1, [2,(4,8)] : [32,(1,4)], [1,(_,_)], "(2,(4,8)):(32,(1,4))", "(1,(_,_))");
    slice_agrees!(1, 1, 1, [2,(4,8)] : [32,(1,4)], [_,(2,_)], "(2,(4,8)):(32,(1,4))", "(_,(2,_))");
    slice_agrees!(2, 2, 2, [8,16] : [16,1], [_,3], "(8,16):(16,1)", "(_,3)");
    slice_agrees!(2, 2, 2, [8,16] : [16,1], [5,_], "(8,16):(16,1)", "(5,_)");
    slice_agrees!(2, 2, 2, [16,8] : [1,16], [_,6], "(16,8):(1,16)", "(_,6)");
    slice_agrees!(2, 2, 2, [16,8] : [1,16], [9,_], "(16,8):(1,16)", "(9,_)");
    slice_agrees!(2, 2, 2, [8,(2,8)] : [16,(8,1)], [_,(1,_)], "(8,(2,8)):(16,(8,1))", "(_,(1,_))");
    slice_agrees!(2, 2, 2, [8,(2,8)] : [16,(8,1)], [3,(_,5)], "(8,(2,8)):(16,(8,1))", "(3,(_,5))");
    slice_agrees!(2, 2, 2, [8,(2,8)] : [16,(8,1)], [_,7], "(8,(2,8)):(16,(8,1))", "(_,7)");
    slice_agrees!(2, 2, 2, [4,2] : [1,2], [_,1], "(4,2):(1,2)", "(_,1)");
    slice_agrees!(2, 2, 2, [2,(4,8)] : [32,(1,4)], [1,(_,_)], "(2,(4,8)):(32,(1,4))", "(1,(_,_))");
    slice_agrees!(2, 2, 2, [2,(4,8)] : [32,(1,4)], [_,(2,_)], "(2,(4,8)):(32,(1,4))", "(_,(2,_))");
    slice_agrees!(2, 0, -3, [8,16] : [16,1], [_,3], "(8,16):(16,1)", "(_,3)");
    slice_agrees!(2, 0, -3, [8,16] : [16,1], [5,_], "(8,16):(16,1)", "(5,_)");
    slice_agrees!(2, 0, -3, [16,8] : [1,16], [_,6], "(16,8):(1,16)", "(_,6)");
    slice_agrees!(2, 0, -3, [16,8] : [1,16], [9,_], "(16,8):(1,16)", "(9,_)");
    slice_agrees!(2, 0, -3, [8,(2,8)] : [16,(8,1)], [_,(1,_)], "(8,(2,8)):(16,(8,1))", "(_,(1,_))");
    slice_agrees!(2, 0, -3, [8,(2,8)] : [16,(8,1)], [3,(_,5)], "(8,(2,8)):(16,(8,1))", "(3,(_,5))");
    slice_agrees!(2, 0, -3, [8,(2,8)] : [16,(8,1)], [_,7], "(8,(2,8)):(16,(8,1))", "(_,7)");
    slice_agrees!(2, 0, -3, [2,(4,8)] : [32,(1,4)], [1,(_,_)], "(2,(4,8)):(32,(1,4))", "(1,(_,_))");
    slice_agrees!(2, 0, -3, [2,(4,8)] : [32,(1,4)], [_,(2,_)], "(2,(4,8)):(32,(1,4))", "(_,(2,_))");
    slice_agrees!(3, 3, 3, [8,16] : [16,1], [_,3], "(8,16):(16,1)", "(_,3)");
    slice_agrees!(3, 3, 3, [8,16] : [16,1], [5,_], "(8,16):(16,1)", "(5,_)");
    slice_agrees!(3, 3, 3, [16,8] : [1,16], [_,6], "(16,8):(1,16)", "(_,6)");
    slice_agrees!(3, 3, 3, [16,8] : [1,16], [9,_], "(16,8):(1,16)", "(9,_)");
    slice_agrees!(3, 3, 3, [8,(2,8)] : [16,(8,1)], [_,(1,_)], "(8,(2,8)):(16,(8,1))", "(_,(1,_))");
    slice_agrees!(3, 3, 3, [8,(2,8)] : [16,(8,1)], [3,(_,5)], "(8,(2,8)):(16,(8,1))", "(3,(_,5))");
    slice_agrees!(3, 3, 3, [8,(2,8)] : [16,(8,1)], [_,7], "(8,(2,8)):(16,(8,1))", "(_,7)");
    slice_agrees!(3, 3, 3, [4,2] : [1,2], [_,1], "(4,2):(1,2)", "(_,1)");
    slice_agrees!(3, 3, 3, [2,(4,8)] : [32,(1,4)], [1,(_,_)], "(2,(4,8)):(32,(1,4))", "(1,(_,_))");
    slice_agrees!(3, 3, 3, [2,(4,8)] : [32,(1,4)], [_,(2,_)], "(2,(4,8)):(32,(1,4))", "(_,(2,_))");
    slice_agrees!(3, 4, 3, [8,16] : [16,1], [_,3], "(8,16):(16,1)", "(_,3)");
    slice_agrees!(3, 4, 3, [8,16] : [16,1], [5,_], "(8,16):(16,1)", "(5,_)");
    slice_agrees!(3, 4, 3, [16,8] : [1,16], [_,6], "(16,8):(1,16)", "(_,6)");
    slice_agrees!(3, 4, 3, [16,8] : [1,16], [9,_], "(16,8):(1,16)", "(9,_)");
    slice_agrees!(3, 4, 3, [8,(2,8)] : [16,(8,1)], [_,(1,_)], "(8,(2,8)):(16,(8,1))", "(_,(1,_))");
    slice_agrees!(3, 4, 3, [8,(2,8)] : [16,(8,1)], [3,(_,5)], "(8,(2,8)):(16,(8,1))", "(3,(_,5))");
    slice_agrees!(3, 4, 3, [8,(2,8)] : [16,(8,1)], [_,7], "(8,(2,8)):(16,(8,1))", "(_,7)");
    slice_agrees!(3, 4, 3, [4,2] : [1,2], [_,1], "(4,2):(1,2)", "(_,1)");
    slice_agrees!(3, 4, 3, [2,(4,8)] : [32,(1,4)], [1,(_,_)], "(2,(4,8)):(32,(1,4))", "(1,(_,_))");
    slice_agrees!(3, 4, 3, [2,(4,8)] : [32,(1,4)], [_,(2,_)], "(2,(4,8)):(32,(1,4))", "(_,(2,_))");
    slice_agrees!(1, 3, -2, [8,16] : [16,1], [_,3], "(8,16):(16,1)", "(_,3)");
    slice_agrees!(1, 3, -2, [8,16] : [16,1], [5,_], "(8,16):(16,1)", "(5,_)");
    slice_agrees!(1, 3, -2, [16,8] : [1,16], [_,6], "(16,8):(1,16)", "(_,6)");
    slice_agrees!(1, 3, -2, [16,8] : [1,16], [9,_], "(16,8):(1,16)", "(9,_)");
    slice_agrees!(1, 3, -2, [8,(2,8)] : [16,(8,1)], [_,(1,_)], "(8,(2,8)):(16,(8,1))", "(_,(1,_))");
    slice_agrees!(1, 3, -2, [8,(2,8)] : [16,(8,1)], [3,(_,5)], "(8,(2,8)):(16,(8,1))", "(3,(_,5))");
    slice_agrees!(1, 3, -2, [8,(2,8)] : [16,(8,1)], [_,7], "(8,(2,8)):(16,(8,1))", "(_,7)");
    slice_agrees!(1, 3, -2, [4,2] : [1,2], [_,1], "(4,2):(1,2)", "(_,1)");
    slice_agrees!(1, 3, -2, [2,(4,8)] : [32,(1,4)], [1,(_,_)], "(2,(4,8)):(32,(1,4))", "(1,(_,_))");
    slice_agrees!(1, 3, -2, [2,(4,8)] : [32,(1,4)], [_,(2,_)], "(2,(4,8)):(32,(1,4))", "(_,(2,_))");
    slice_agrees!(2, 1, 3, [8,16] : [16,1], [_,3], "(8,16):(16,1)", "(_,3)");
    slice_agrees!(2, 1, 3, [8,16] : [16,1], [5,_], "(8,16):(16,1)", "(5,_)");
    slice_agrees!(2, 1, 3, [16,8] : [1,16], [_,6], "(16,8):(1,16)", "(_,6)");
    slice_agrees!(2, 1, 3, [16,8] : [1,16], [9,_], "(16,8):(1,16)", "(9,_)");
    slice_agrees!(2, 1, 3, [8,(2,8)] : [16,(8,1)], [_,(1,_)], "(8,(2,8)):(16,(8,1))", "(_,(1,_))");
    slice_agrees!(2, 1, 3, [8,(2,8)] : [16,(8,1)], [3,(_,5)], "(8,(2,8)):(16,(8,1))", "(3,(_,5))");
    slice_agrees!(2, 1, 3, [8,(2,8)] : [16,(8,1)], [_,7], "(8,(2,8)):(16,(8,1))", "(_,7)");
    slice_agrees!(2, 1, 3, [4,2] : [1,2], [_,1], "(4,2):(1,2)", "(_,1)");
    slice_agrees!(2, 1, 3, [2,(4,8)] : [32,(1,4)], [1,(_,_)], "(2,(4,8)):(32,(1,4))", "(1,(_,_))");
    slice_agrees!(2, 1, 3, [2,(4,8)] : [32,(1,4)], [_,(2,_)], "(2,(4,8)):(32,(1,4))", "(_,(2,_))");
}

#[test]
fn inverses_agree() {
    inverse_agrees!(1, 1, 1, [8,16] : [16,1], "(8,16):(16,1)");
    inverse_agrees!(1, 1, 1, [16,8] : [1,16], "(16,8):(1,16)");
    inverse_agrees!(1, 1, 1, [8,(2,8)] : [16,(8,1)], "(8,(2,8)):(16,(8,1))");
    inverse_agrees!(1, 1, 1, [2,(4,8)] : [32,(1,4)], "(2,(4,8)):(32,(1,4))");
    inverse_agrees!(2, 2, 2, [8,16] : [16,1], "(8,16):(16,1)");
    inverse_agrees!(2, 2, 2, [16,8] : [1,16], "(16,8):(1,16)");
    inverse_agrees!(2, 0, -3, [16,8] : [1,16], "(16,8):(1,16)");
    inverse_agrees!(2, 0, -3, [2,(4,8)] : [32,(1,4)], "(2,(4,8)):(32,(1,4))");
    inverse_agrees!(3, 3, 3, [16,8] : [1,16], "(16,8):(1,16)");
    inverse_agrees!(3, 4, 3, [16,8] : [1,16], "(16,8):(1,16)");
    inverse_agrees!(1, 3, -2, [8,16] : [16,1], "(8,16):(16,1)");
    inverse_agrees!(1, 3, -2, [16,8] : [1,16], "(16,8):(1,16)");
    inverse_agrees!(1, 3, -2, [8,(2,8)] : [16,(8,1)], "(8,(2,8)):(16,(8,1))");
    inverse_agrees!(1, 3, -2, [2,(4,8)] : [32,(1,4)], "(2,(4,8)):(32,(1,4))");
    inverse_agrees!(2, 1, 3, [8,16] : [16,1], "(8,16):(16,1)");
    inverse_agrees!(2, 1, 3, [16,8] : [1,16], "(16,8):(1,16)");
    inverse_agrees!(2, 1, 3, [8,(2,8)] : [16,(8,1)], "(8,(2,8)):(16,(8,1))");
}

#[test]
fn cutes_wrong_slices_in_the_grid_are_runtime_errors() {
    for (b, m, s, l, k) in [
        (1, 1, 1, "(4,2):(1,2)", "(_,1)"),
        (2, 0, -3, "(4,2):(1,2)", "(_,1)"),
    ] {
        let c: CoordTree = k.parse().unwrap();
        assert!(
            runtime(b, m, s, l).slice_and_offset(&c).is_err(),
            "{l} at {k}"
        );
    }
}

/// The reach of a swizzled layout (what a memory tensor must hold) bounds
/// every offset, and is exact for full power-of-two tiles.
#[test]
fn the_reach_of_a_swizzled_layout_bounds_its_offsets() {
    use cute_algebra::tensor::{TensorLayout, TensorReach};
    macro_rules! reach {
        ($c:expr, $exact:expr) => {{
            let c = $c;
            let (lo, hi) = c.reach();
            let offs: Vec<isize> = (0..c.len()).map(|i| c.offset_at(i)).collect();
            let (min, max) = (*offs.iter().min().unwrap(), *offs.iter().max().unwrap());
            assert!(
                lo <= min && max <= hi,
                "{c}: ({lo}, {hi}) vs ({min}, {max})"
            );
            if $exact {
                assert_eq!((lo, hi), (min, max), "{c}");
            }
        }};
    }
    reach!(
        composition(Swizzle::<3, 4, 3>, layout![(8, 64):(64, 1)]),
        true
    );
    reach!(
        composition(Swizzle::<2, 0, -3>, layout![(8, 16):(16, 1)]),
        true
    );
    reach!(
        composition(Swizzle::<3, 3, 3>, layout![(8, (2, 8)):(16, (8, 1))]),
        true
    );
    reach!(
        composition(Swizzle::<1, 3, -2>, layout![(5, 7):(1, 9)]),
        false
    );
    reach!(
        composition(Swizzle::<2, 1, 3>, layout![(4, 6):(-1, 8)]),
        false
    );
}
