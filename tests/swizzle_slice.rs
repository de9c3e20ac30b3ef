//! Typed slicing of swizzled composed layouts with `_`, against CuTe C++
//! (`tests/data/cute/swizzle_slice.cpp`, its output pasted in each test),
//! against the runtime `DynComposed::slice_and_offset`, and against a brute
//! force: the slice at `j`, plus its offset, is the layout at the full
//! coordinate.
use cute_algebra::dynamic::{CoordTree, IntTree};
use cute_algebra::prelude::*;
use cute_algebra::swizzle::DynComposed;
use cute_algebra::swizzle::{ComposedLayout, Swizzle, SwizzleParams};
use cute_algebra::typenum::Z0;

/// The runtime twin of a static composed layout.
fn dyn_of<Sw: SwizzleParams, L: core::fmt::Display + Copy>(
    c: &ComposedLayout<Sw, Z0, L>,
) -> DynComposed {
    DynComposed::new(Sw::RUNTIME, 0, c.layout().to_string().parse().unwrap())
}

/// The runtime slice prints the typed one (with `_` dropped), has the same
/// offset, and is the layout at the full coordinate at every index.
fn agree(dc: &DynComposed, coord: &str, typed: &str, off: i64) {
    let c: CoordTree = coord.parse().unwrap();
    let (s, o) = dc.slice_and_offset(&c).unwrap();
    assert_eq!(s.to_string(), typed.replace('_', ""), "{coord}");
    assert_eq!(o, off);
    let kept = dc.layout().slice(&c).unwrap();
    let origin: IntTree = coord.replace('_', "0").parse().unwrap();
    let fixed = dc.layout().crd2idx(&origin).unwrap();
    assert_eq!(s.size().unwrap(), kept.size().unwrap());
    for j in 0..kept.size().unwrap() {
        let want = dc
            .swizzle()
            .apply(dc.offset() + fixed + kept.at(j).unwrap());
        assert_eq!(s.at(j).unwrap() + o, want, "{coord} at {j}");
    }
}

#[test]
fn a_slice_that_misses_a_yyy_zzz_pair_folds_into_strides() {
    // CuTe: fold: slice = ((_4,_2)):((_36,_128)) ; slice_and_offset = ((_4,_2)):((_36,_128)) , _2
    let c = composition(Swizzle::<3, 1, 3>, layout![(8, 32):(32, 1)]);
    let (s, off) = c.slice_and_offset(coord![_, 2]);
    assert_eq!(s.to_string(), "((_4,_2)):((_36,_128))");
    assert_eq!(off.cute_string(), "_2");
    assert_eq!(c.slice(coord![_, 2]).to_string(), "((_4,_2)):((_36,_128))");
    agree(&dyn_of(&c), "(_,2)", "((_4,_2)):((_36,_128))", 2);
}

#[test]
fn an_integer_coordinate_folds_with_a_negative_stride() {
    // CuTe: int_coord_fold: slice = ((_16,_2,_2)):((_1,_-16,_32)) ; ... , _208
    let c = composition(Swizzle::<3, 4, 3>, layout![(8, 64):(64, 1)]);
    let (s, off) = c.slice_and_offset(coord![3, _]);
    assert_eq!(s.to_string(), "((_16,_2,_2)):((_1,_-16,_32))");
    assert_eq!(off.cute_string(), "_208");
    agree(&dyn_of(&c), "(3,_)", "((_16,_2,_2)):((_1,_-16,_32))", 208);
}

#[test]
fn a_slice_that_hits_a_yyy_zzz_pair_stays_swizzled() {
    // CuTe: keep: slice = Sw<3,4,3> o _32 o (_8,_32):(_64,_1) ; ... , _0
    let c = composition(Swizzle::<3, 4, 3>, layout![(8, (2, 32)):(64, (32, 1))]);
    let (s, off) = c.slice_and_offset(coord![_, (1, _)]);
    assert_eq!(s.to_string(), "Sw<3,4,3> o _32 o (_8,_32):(_64,_1)");
    assert_eq!(off.cute_string(), "_0");
    agree(
        &dyn_of(&c),
        "(_,(1,_))",
        "Sw<3,4,3> o _32 o (_8,_32):(_64,_1)",
        0,
    );

    // CuTe: keep_anti: slice = Sw<3,4,3> o _512 o (_8,_64):(_64,_1) ; ... , _0
    let c = composition(Swizzle::<3, 4, 3>, layout![((8, 64), 2):((64, 1), 512)]);
    let (s, off) = c.slice_and_offset(coord![(_, _), 1]);
    assert_eq!(s.to_string(), "Sw<3,4,3> o _512 o (_8,_64):(_64,_1)");
    assert_eq!(off.cute_string(), "_0");
    agree(
        &dyn_of(&c),
        "((_,_),1)",
        "Sw<3,4,3> o _512 o (_8,_64):(_64,_1)",
        0,
    );

    // CuTe: fold_neg: slice = Sw<2,0,-3> o _16 o (_16):(_1) ; ... , _64
    let c = composition(Swizzle::<2, 0, -3>, layout![(8, 16):(16, 1)]);
    let (s, off) = c.slice_and_offset(coord![5, _]);
    assert_eq!(s.to_string(), "Sw<2,0,-3> o _16 o (_16):(_1)");
    assert_eq!(off.cute_string(), "_64");
    agree(&dyn_of(&c), "(5,_)", "Sw<2,0,-3> o _16 o (_16):(_1)", 64);
}

#[test]
fn an_all_underscore_slice_only_reshapes() {
    // CuTe: all_underscore: slice = Sw<3,1,3> o _0 o (_8,_32):(_32,_1) ; ... , _0
    let c = composition(Swizzle::<3, 1, 3>, layout![(8, 32):(32, 1)]);
    let (s, off) = c.slice_and_offset(coord![_, _]);
    assert_eq!(s.to_string(), "Sw<3,1,3> o _0 o (_8,_32):(_32,_1)");
    assert_eq!(off.cute_string(), "_0");
    agree(
        &dyn_of(&c),
        "(_,_)",
        "Sw<3,1,3> o _0 o (_8,_32):(_32,_1)",
        0,
    );
}

#[test]
fn cutes_wrong_fold_is_an_error_at_run_time() {
    // CuTe: wrong: slice = (_4):(_1) ; slice_and_offset = (_4):(_1) , _2
    // which gives 2 3 4 5, where the layout at (j, 1) is 2 3 6 7 (brute
    // force below); the typed slice does not compile (ui-tests).
    let c = composition(Swizzle::<1, 1, 1>, layout![(4, 2):(1, 2)]);
    let truth: Vec<i32> = (0..4).map(|j| c.crd2idx(coord![j, 1])).collect();
    assert_eq!(truth, [2, 3, 6, 7]);
    let dc = dyn_of(&c);
    assert!(dc.slice_and_offset(&"(_,1)".parse().unwrap()).is_err());
}

/// The typed slice of `composition(Swizzle<B, M, S>, layout)` at `coord`
/// prints `want`, has offset `off`, and agrees with the runtime slice (and
/// the brute force in `agree`).
macro_rules! folds_to {
    ($b:literal, $m:literal, $s:literal, [$($l:tt)*], [$($c:tt)*], $cs:literal => $want:literal, $off:literal) => {{
        let c = composition(Swizzle::<$b, $m, $s>, layout![$($l)*]);
        let (s, off) = c.slice_and_offset(coord![$($c)*]);
        assert_eq!(s.to_string(), $want, "{}", $cs);
        assert_eq!(off.value() as i64, $off, "{}", $cs);
        agree(&dyn_of(&c), $cs, $want, $off);
    }};
}

#[test]
fn kept_modes_of_powers_of_two_fold_bit_by_bit() {
    // Kept modes `2^a : 2^k` are folded by walking the fold layout's bits;
    // these cross its group boundaries, runs of equal signs, negative
    // shifts (the ZZZ group above the YYY group) and nested kept modes.
    folds_to!(3, 3, 3, [(8, 32) : (32, 1)], [4, _], "(4,_)" => "((_16,_2)):((_1,_-16))", 144);
    folds_to!(3, 4, -4, [(16, 32) : (32, 1)], [_, 30], "(_,30)" => "((_4,_2,_2)):((_544,_128,_-256))", 286);
    folds_to!(3, 1, -4, [(16, 8) : (8, 1)], [14, _], "(14,_)" => "((_2,_4)):((_1,_-30))", 112);
    folds_to!(3, 1, 3, [(8, (2, 8)) : (16, (1, 2))], [3, (_, _)], "(3,(_,_))" => "(_2,(_4,_2)):(_1,(_-2,_8))", 54);
    folds_to!(3, 2, 3, [(8, 32, 2) : (32, 1, 256)], [_, 23, 1], "(_,23,1)" => "((_2,_2,_2)):((_28,_72,_112))", 279);
    folds_to!(3, 3, -3, [(2, 32, 2) : (32, 1, 64)], [_, _, 1], "(_,_,1)" => "(_2,(_8,_2,_2)):(_288,(_1,_-56,_144))", 64);
    folds_to!(3, 1, -3, [(4, 4, 2) : (4, 1, 16)], [_, _, 1], "(_,_,1)" => "(_4,(_2,_2)):(_36,(_1,_-14))", 16);
    folds_to!(2, 1, -4, [(16, 8) : (8, 1)], [5, _], "(5,_)" => "((_2,_2,_2)):((_1,_-30,_68))", 40);
    folds_to!(3, 2, -3, [(8, 64) : (1, 8)], [_, 52], "(_,52)" => "((_4,_2)):((_1,_-28))", 416);
    folds_to!(2, 0, -4, [(2, 16) : (1, 2)], [1, _], "(1,_)" => "((_2,_4,_2)):((_34,_4,_-16))", 17);
    // A kept mode of extent 1 takes CuTe's composition instead.
    folds_to!(1, 3, 1, [((1, 2), 32) : ((32, 32), 1)], [(_, _), 3], "((_,_),3)" => "(_1,_2):(_32,_32)", 3);
}

#[test]
fn a_slice_of_a_swizzled_slice_folds_with_its_offset() {
    // A slice that stays swizzled carries the fixed YYY/ZZZ bits in its
    // composed offset; slicing it again folds with that offset (here 32,
    // a ZZZ bit): the per-bit path swizzles the offset's YYY/ZZZ part and
    // adds the rest.
    let c = composition(Swizzle::<3, 4, 3>, layout![(8, (2, 32)):(64, (32, 1))]);
    let s = c.slice(coord![_, (1, _)]);
    assert_eq!(s.to_string(), "Sw<3,4,3> o _32 o (_8,_32):(_64,_1)");
    let dc = DynComposed::new(
        Swizzle::<3, 4, 3>::RUNTIME,
        32,
        "(8,32):(64,1)".parse().unwrap(),
    );
    let (k, off) = s.slice_and_offset(coord![_, 5]);
    assert_eq!(k.to_string(), "((_2,_2,_2)):((_64,_144,_224))");
    assert_eq!(off.value(), 37);
    agree(&dc, "(_,5)", "((_2,_2,_2)):((_64,_144,_224))", 37);
    let (k, off) = s.slice_and_offset(coord![3, _]);
    assert_eq!(k.to_string(), "((_16,_2)):((_1,_-16))");
    assert_eq!(off.value(), 240);
    agree(&dc, "(3,_)", "((_16,_2)):((_1,_-16))", 240);
}
