//! Typed `right_inverse` and `left_inverse` of swizzled composed layouts,
//! against CuTe C++ (`tests/data/cute/swizzle_inverse.cpp`, built once per
//! case with `-DCASE=n -DRIGHT` or `-DLEFT`; its output pasted in each
//! test), against the runtime `DynComposed`, and against the defining
//! property by brute force.
use cute_algebra::prelude::*;
use cute_algebra::swizzle::DynComposed;
use cute_algebra::swizzle::{ComposedLayout, Swizzle, SwizzleParams};
use cute_algebra::typenum::Z0;

fn dyn_of<Sw: SwizzleParams, L: core::fmt::Display + Copy>(
    c: &ComposedLayout<Sw, Z0, L>,
) -> DynComposed {
    DynComposed::new(Sw::RUNTIME, 0, c.layout().to_string().parse().unwrap())
}

/// The runtime inverses print the typed ones (with `_` dropped), and are
/// inverses: `C(R(i)) == i` over R's domain, `L(C(i)) == i` over C's.
fn agree(dc: &DynComposed, right: &str, left: &str) {
    let r = dc.right_inverse().unwrap();
    assert_eq!(r.to_string(), right.replace('_', ""));
    for i in 0..r.size().unwrap() {
        assert_eq!(dc.at(r.at(i).unwrap()).unwrap(), i);
    }
    let l = dc.left_inverse().unwrap();
    assert_eq!(l.to_string(), left.replace('_', ""));
    for i in 0..dc.size().unwrap() {
        assert_eq!(l.at(dc.at(i).unwrap()).unwrap(), i);
    }
}

#[test]
fn a_row_major_swizzled_tile() {
    // CuTe (CASE 0): Sw<3,3,3> o _0 o (_8,_64):(_64,_1) right_inverse = Sw<3,0,-6> o _0 o (_64,_8):(_8,_1)
    //                Sw<3,3,3> o _0 o (_8,_64):(_64,_1) left_inverse = Sw<3,0,-6> o _0 o (_64,_8):(_8,_1)
    let c = composition(Swizzle::<3, 3, 3>, layout![(8, 64):(64, 1)]);
    let r = right_inverse(c);
    assert_eq!(r.to_string(), "Sw<3,0,-6> o _0 o (_64,_8):(_8,_1)");
    let l = left_inverse(c);
    assert_eq!(l.to_string(), "Sw<3,0,-6> o _0 o (_64,_8):(_8,_1)");
    for i in 0..512 {
        assert_eq!(c.crd2idx(r.crd2idx(i)), i);
        assert_eq!(l.crd2idx(c.crd2idx(i)), i);
    }
    agree(&dyn_of(&c), &r.to_string(), &l.to_string());
}

#[test]
fn a_column_major_tile_keeps_its_swizzle() {
    // CuTe (CASE 2): Sw<2,3,3> o _0 o (_32,_4):(_1,_32) right_inverse = Sw<2,3,3> o _0 o _128:_1
    //                Sw<2,3,3> o _0 o (_32,_4):(_1,_32) left_inverse = Sw<2,3,3> o _0 o _128:_1
    let c = composition(Swizzle::<2, 3, 3>, layout![(32, 4):(1, 32)]);
    let r = right_inverse(c);
    assert_eq!(r.to_string(), "Sw<2,3,3> o _0 o _128:_1");
    let l = left_inverse(c);
    assert_eq!(l.to_string(), "Sw<2,3,3> o _0 o _128:_1");
    for i in 0..128 {
        assert_eq!(c.crd2idx(r.crd2idx(i)), i);
        assert_eq!(l.crd2idx(c.crd2idx(i)), i);
    }
    agree(&dyn_of(&c), &r.to_string(), &l.to_string());

    // CuTe (CASE 7): Sw<3,4,3> o _0 o (_64,_8):(_1,_64) right_inverse = Sw<3,4,3> o _0 o _512:_1
    //                Sw<3,4,3> o _0 o (_64,_8):(_1,_64) left_inverse = Sw<3,4,3> o _0 o _512:_1
    let c = composition(Swizzle::<3, 4, 3>, layout![(64, 8):(1, 64)]);
    assert_eq!(right_inverse(c).to_string(), "Sw<3,4,3> o _0 o _512:_1");
    assert_eq!(left_inverse(c).to_string(), "Sw<3,4,3> o _0 o _512:_1");
    agree(
        &dyn_of(&c),
        "Sw<3,4,3> o _0 o _512:_1",
        "Sw<3,4,3> o _0 o _512:_1",
    );
}

#[test]
fn a_nested_layout_moves_the_swizzle() {
    // CuTe (CASE 4): Sw<1,2,2> o _0 o (_4,(_2,_4)):(_2,(_1,_8)) right_inverse = Sw<1,1,3> o _0 o (_2,_4,_4):(_4,_1,_8)
    //                Sw<1,2,2> o _0 o (_4,(_2,_4)):(_2,(_1,_8)) left_inverse = Sw<1,1,3> o _0 o (_2,_4,_4):(_4,_1,_8)
    let c = composition(Swizzle::<1, 2, 2>, layout![(4, (2, 4)):(2, (1, 8))]);
    let r = right_inverse(c);
    assert_eq!(r.to_string(), "Sw<1,1,3> o _0 o (_2,_4,_4):(_4,_1,_8)");
    let l = left_inverse(c);
    assert_eq!(l.to_string(), "Sw<1,1,3> o _0 o (_2,_4,_4):(_4,_1,_8)");
    for i in 0..32 {
        assert_eq!(c.crd2idx(r.crd2idx(i)), i);
        assert_eq!(l.crd2idx(c.crd2idx(i)), i);
    }
    agree(&dyn_of(&c), &r.to_string(), &l.to_string());
}

#[test]
fn cutes_wrong_inverses_are_runtime_errors() {
    // CuTe (CASE 5, row p0016): right_inverse = left_inverse = Sw<1,2,1> o _0 o (_4,_8):(_8,_1);
    // CuTe (CASE 6, row p0094): right_inverse = Sw<1,1,-3> o _0 o (_16,_2):(_2,_1),
    //   left_inverse = Sw<1,1,-3> o _0 o (_16,_4,_2):(_2,_1,_32).
    // None is an inverse; the typed calls do not compile (ui-tests/post-mono).
    let p0016 = composition(Swizzle::<1, 4, 1>, layout![(8, 4):(4, 1)]);
    let p0094 = composition(Swizzle::<1, 3, 2>, layout![(2, 16, 2):(16, 1, 64)]);
    for dc in [dyn_of(&p0016), dyn_of(&p0094)] {
        assert!(dc.right_inverse().is_err());
        assert!(dc.left_inverse().is_err());
    }
}
