//! An integer-shaped layout is rank 1, so a one-mode
//! tuple tiler applies to it and the result is a rank-1 tuple. Expected
//! strings are CuTe C++ 4.7's, as CuTe C++ printed them (the first five),
//! and the rest are checked against `DynLayout` (itself checked against the
//! oracle rows) with the same operation on the same operands.

use cute_algebra::eval::{Value, eval};
use cute_algebra::prelude::*;

#[test]
fn cute_table() {
    assert_eq!(
        logical_product(layout![6 : 1], tile![3:2]).to_string(),
        "((_6,_3)):((_1,_12))"
    );
    assert_eq!(
        logical_divide(layout![12 : 1], tile![4:1]).to_string(),
        "((_4,_3)):((_1,_4))"
    );
    assert_eq!(
        zipped_divide(layout![8 : 2], shape![4]).to_string(),
        "((_4),(_2)):((_2),(_8))"
    );
    assert_eq!(
        tiled_product(layout![4 : 3], shape![2]).to_string(),
        "((_4),(_2)):((_3),(_1))"
    );
    let (six, one): (i32, i32) = (6, 1);
    assert_eq!(
        logical_divide(layout![six : one], tile![2:1]).to_string(),
        "((_2,3)):((1,2))"
    );
}

/// The typed result, printed without CuTe's static marks, equals
/// `DynLayout`'s for the same call in the oracle's mini-language.
macro_rules! agree {
    ($($typed:expr => $expr:literal;)*) => {$({
        let typed = $typed.to_string().replace('_', "");
        let dynamic = eval($expr).unwrap().to_string();
        assert_eq!(typed, dynamic, "{}", $expr);
    })*};
}

#[test]
fn every_divide_and_product_static() {
    agree! {
        logical_divide(layout![12 : 1], tile![4:1]) => "logical_divide(12:1, <4:1>)";
        zipped_divide(layout![12 : 1], tile![4:1]) => "zipped_divide(12:1, <4:1>)";
        tiled_divide(layout![12 : 1], tile![4:1]) => "tiled_divide(12:1, <4:1>)";
        flat_divide(layout![12 : 1], tile![4:1]) => "flat_divide(12:1, <4:1>)";
        logical_divide(layout![24 : 2], shape![6]) => "logical_divide(24:2, (6))";
        zipped_divide(layout![24 : 2], shape![6]) => "zipped_divide(24:2, (6))";
        tiled_divide(layout![24 : 2], shape![6]) => "tiled_divide(24:2, (6))";
        flat_divide(layout![24 : 2], shape![6]) => "flat_divide(24:2, (6))";
        logical_product(layout![6 : 1], tile![3:2]) => "logical_product(6:1, <3:2>)";
        zipped_product(layout![6 : 1], tile![3:2]) => "zipped_product(6:1, <3:2>)";
        tiled_product(layout![6 : 1], tile![3:2]) => "tiled_product(6:1, <3:2>)";
        flat_product(layout![6 : 1], tile![3:2]) => "flat_product(6:1, <3:2>)";
        logical_product(layout![4 : 3], shape![2]) => "logical_product(4:3, (2))";
        zipped_product(layout![4 : 3], shape![2]) => "zipped_product(4:3, (2))";
        flat_product(layout![4 : 3], shape![2]) => "flat_product(4:3, (2))";
        blocked_product(layout![6 : 1], layout![(3) : (2)]) => "blocked_product(6:1, (3):(2))";
        raked_product(layout![6 : 1], layout![(3) : (2)]) => "raked_product(6:1, (3):(2))";
        blocked_product(layout![6 : 1], layout![3 : 2]) => "blocked_product(6:1, 3:2)";
        raked_product(layout![6 : 1], layout![3 : 2]) => "raked_product(6:1, 3:2)";
    }
}

/// The typed result with runtime values computes the same function as
/// `DynLayout`'s (CuTe keeps runtime size-1 modes that `DynLayout` drops),
/// with the same rank.
macro_rules! agree_as_functions {
    ($($typed:expr => $expr:literal;)*) => {$({
        let typed = $typed.to_dyn();
        let Value::Layout(dynamic) = eval($expr).unwrap() else { panic!("{}", $expr) };
        assert_eq!(typed.rank(), dynamic.rank(), "{}", $expr);
        assert_eq!(typed.size(), dynamic.size(), "{}", $expr);
        for i in 0..dynamic.size().unwrap() {
            assert_eq!(typed.at(i), dynamic.at(i), "{} at {i}", $expr);
        }
    })*};
}

#[test]
fn every_divide_and_product_mixed() {
    let (n, d): (i32, i32) = (12, 1);
    let (m, e): (i32, i32) = (4, 3);
    agree_as_functions! {
        logical_divide(layout![n : d], tile![4:1]) => "logical_divide(12:1, <4:1>)";
        zipped_divide(layout![n : d], tile![4:1]) => "zipped_divide(12:1, <4:1>)";
        tiled_divide(layout![n : d], tile![4:1]) => "tiled_divide(12:1, <4:1>)";
        flat_divide(layout![n : d], tile![4:1]) => "flat_divide(12:1, <4:1>)";
        logical_divide(layout![n : 2], shape![m]) => "logical_divide(12:2, (4))";
        zipped_divide(layout![12 : d], shape![m]) => "zipped_divide(12:1, (4))";
        logical_product(layout![m : e], tile![2:1]) => "logical_product(4:3, <2:1>)";
        zipped_product(layout![m : 3], tile![2:1]) => "zipped_product(4:3, <2:1>)";
        tiled_product(layout![4 : e], shape![2]) => "tiled_product(4:3, (2))";
        flat_product(layout![m : e], shape![2]) => "flat_product(4:3, (2))";
        blocked_product(layout![m : e], layout![(2) : (1)]) => "blocked_product(4:3, (2):(1))";
        raked_product(layout![m : e], layout![(2) : (1)]) => "raked_product(4:3, (2):(1))";
    }
    // The runtime values stay runtime, the tile's stay static.
    assert_eq!(
        logical_divide(layout![n : d], tile![4:1]).to_string(),
        "((_4,3)):((1,4))"
    );
}

/// A tiler with two modes on an integer-shaped layout is still an error
/// (`DynLayout` agrees; the typed path's is a compile error, in `ui-tests`).
#[test]
fn two_mode_tiler_is_refused_at_run_time() {
    assert!(eval("logical_divide(12:1, <4:1, 2>)").is_err());
    assert!(eval("logical_product(6:1, <3:2, 2>)").is_err());
}
