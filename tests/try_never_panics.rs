//! A `try_` function never panics. Extreme runtime
//! values (0, 1, -1, 2, `i32::MAX`, `i32::MIN`, and random ones) go into
//! every fallible operation of the typed path, each result is printed, and
//! `catch_unwind` asserts that nothing panicked. `i64_values` does the
//! same with `i64` extremes mixed with `i32` and static values, and the
//! `i64_` groups run the algebra with them. The tests run in the
//! normal test profile, where integer overflow is checked.

use cute_algebra::int::{IntAdd, IntCeilDiv, IntDiv, IntMul, IntRem, IntShapeDiv, IntSub};
use cute_algebra::prelude::*;
use proptest::prelude::*;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Extreme values first, then random ones of every size.
fn value() -> impl Strategy<Value = i32> {
    prop_oneof![
        Just(0),
        Just(1),
        Just(-1),
        Just(2),
        Just(i32::MAX),
        Just(i32::MIN),
        Just(i32::MAX / 2 + 1),
        Just(1 << 16),
        -40..40i32,
        1..(1 << 20),
        any::<i32>(),
    ]
}

/// Runs `f` (a `try_` call whose result is printed) and fails on a panic.
fn no_panic(
    what: &str,
    v: &dyn std::fmt::Debug,
    f: impl FnOnce() -> String,
) -> Result<(), TestCaseError> {
    let r = catch_unwind(AssertUnwindSafe(f));
    prop_assert!(r.is_ok(), "{what} panicked for {v:?}");
    Ok(())
}

/// `$name` over `$v` runtime values: each line is one call, printed.
macro_rules! cases {
    ($name:ident, [$($v:ident: $strategy:expr),*], { $($what:literal => $e:expr;)* }) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(CASES))]
            #[test]
            fn $name($($v in $strategy),*) {
                let vals = ($($v),*);
                $(no_panic($what, &vals, || format!("{:?}", $e.map(|r| r.to_string())))?;)*
            }
        }
    };
}

const CASES: u32 = 4000;

cases!(divides, [a: value(), b: value(), c: value(), d: value()], {
    "logical_divide (8,a):(6,b) / 2:4" => try_logical_divide(layout![(8, a) : (6, b)], layout![2 : 4]);
    "logical_divide (a,b):(c,d) / 4:1" => try_logical_divide(layout![(a, b) : (c, d)], layout![4 : 1]);
    "logical_divide (8,a):(6,24) / b:c" => try_logical_divide(layout![(8, a) : (6, 24)], layout![b : c]);
    "logical_divide (a,8):(1,b) / <c:1, 2:1>" => try_logical_divide(layout![(a, 8) : (1, b)], tile![c:1, 2:1]);
    "zipped_divide (a,b):(1,c) / (2,d)" => try_zipped_divide(layout![(a, b) : (1, c)], shape![2, d]);
    "tiled_divide (a,b):(c,1) / (d,2)" => try_tiled_divide(layout![(a, b) : (c, 1)], shape![d, 2]);
    "flat_divide (a,(b,4)):(1,(c,d)) / (2,4)" => try_flat_divide(layout![(a, (b, 4)) : (1, (c, d))], shape![2, 4]);
});

cases!(products, [a: value(), b: value(), c: value(), d: value()], {
    "logical_product (a,b):(1,16) x c:d" => try_logical_product(layout![(a, b) : (1, 16)], layout![c : d]);
    "logical_product (4,a):(1,8) x (b,c):(1,d)" => try_logical_product(layout![(4, a) : (1, 8)], layout![(b, 2) : (1, c)]);
    "zipped_product (a,2):(b,1) x (c,d)" => try_zipped_product(layout![(a, 2) : (b, 1)], shape![c, d]);
    "tiled_product (a,2):(1,b) x (c,2)" => try_tiled_product(layout![(a, 2) : (1, b)], shape![c, 2]);
    "flat_product (2,a):(b,2) x (2,c)" => try_flat_product(layout![(2, a) : (b, 2)], shape![2, c]);
    "blocked_product (a,b):(1,4) x (c,d):(1,c)" => try_blocked_product(layout![(a, b) : (1, 4)], layout![(c, d) : (1, c)]);
    "raked_product (a,4):(4,1) x (b,c):(d,1)" => try_raked_product(layout![(a, 4) : (4, 1)], layout![(b, c) : (d, 1)]);
});

cases!(complements_and_inverses, [a: value(), b: value(), c: value(), d: value()], {
    "complement (a,2):(1,16), 36" => try_complement(layout![(a, 2) : (1, 16)], int!(36));
    "complement (3,a):(1,4), b" => try_complement(layout![(3, a) : (1, 4)], b);
    "complement a:b, c" => try_complement(layout![a : b], c);
    "complement (a,b):(2,8), (c,d)" => try_complement(layout![(a, b) : (2, 8)], shape![c, d]);
    "complement (a,b):(1,8)" => layout![(a, b) : (1, 8)].try_complement();
    "left_inverse (a,b):(1,8)" => try_left_inverse(layout![(a, b) : (1, 8)]);
    "left_inverse (8,a):(1,8)" => try_left_inverse(layout![(8, a) : (1, 8)]);
    "left_inverse ((a,2),b):((2,1),16)" => try_left_inverse(layout![((a, 2), b) : ((2, 1), 16)]);
    "left_inverse a:4" => try_left_inverse(layout![a : 4]);
    "right_inverse (a,b):(1,8)" => try_right_inverse(layout![(a, b) : (1, 8)]);
    "right_inverse (8,a):(1,8)" => try_right_inverse(layout![(8, a) : (1, 8)]);
    "right_inverse ((2,a),b):((1,2),16)" => try_right_inverse(layout![((2, a), b) : ((1, 2), 16)]);
    "tile_to_shape (a,b):(1,2), (c,d)" => try_tile_to_shape(layout![(a, b) : (1, 2)], shape![c, d]);
    "tile_to_shape (2,2):(1,2), (a,b)" => try_tile_to_shape(layout![(2, 2) : (1, 2)], shape![a, b]);
    "composition (a,b):(c,d) o (4,2):(2,1)" => try_composition(layout![(a, b) : (c, d)], layout![(4, 2) : (2, 1)]);
    "composition (8,4):(1,8) o (a,b):(c,d)" => try_composition(layout![(8, 4) : (1, 8)], layout![(a, b) : (c, d)]);
    "size (4,a):(6,2)" => layout![(4, a) : (6, b)].try_size();
    "cosize (a,b):(c,d)" => layout![(a, b) : (c, d)].try_cosize();
});

/// `i64` extremes: the `i32` ones, the edges of `i64`, and random values.
fn value64() -> impl Strategy<Value = i64> {
    prop_oneof![
        Just(0),
        Just(1),
        Just(-1),
        Just(i64::MAX),
        Just(i64::MIN),
        Just(i64::MAX / 2 + 1),
        Just(i32::MAX as i64 + 1),
        Just(1 << 32),
        -40..40i64,
        any::<i64>(),
    ]
}

// The algebra with `i64` values: `a`, `c` and `d` are `i64`, `b` is `i32`.

cases!(i64_divides_products, [a: value64(), b: value(), c: value64(), d: value64()], {
    "logical_divide (8,a):(6,b) / 2:4" => try_logical_divide(layout![(8, a) : (6, b)], layout![2 : 4]);
    "logical_divide (a,b):(c,d) / 4:1" => try_logical_divide(layout![(a, b) : (c, d)], layout![4 : 1]);
    "logical_divide (8,a):(6,24) / b:c" => try_logical_divide(layout![(8, a) : (6, 24)], layout![b : c]);
    "zipped_divide (a,b):(1,c) / (2,d)" => try_zipped_divide(layout![(a, b) : (1, c)], shape![2, d]);
    "flat_divide (a,(b,4)):(1,(c,d)) / (2,4)" => try_flat_divide(layout![(a, (b, 4)) : (1, (c, d))], shape![2, 4]);
    "logical_product (a,b):(1,16) x c:d" => try_logical_product(layout![(a, b) : (1, 16)], layout![c : d]);
    "zipped_product (a,2):(b,1) x (c,d)" => try_zipped_product(layout![(a, 2) : (b, 1)], shape![c, d]);
    "blocked_product (a,b):(1,4) x (c,d):(1,c)" => try_blocked_product(layout![(a, b) : (1, 4)], layout![(c, d) : (1, c)]);
    "raked_product (a,4):(4,1) x (b,c):(d,1)" => try_raked_product(layout![(a, 4) : (4, 1)], layout![(b, c) : (d, 1)]);
});

cases!(i64_complements_and_inverses, [a: value64(), b: value(), c: value64(), d: value64()], {
    "complement (a,2):(1,16), 36" => try_complement(layout![(a, 2) : (1, 16)], int!(36));
    "complement (3,a):(1,4), b" => try_complement(layout![(3, a) : (1, 4)], b);
    "complement (3,b):(1,4), a" => try_complement(layout![(3, b) : (1, 4)], a);
    "complement a:b, c" => try_complement(layout![a : b], c);
    "complement b:c, d" => try_complement(layout![b : c], d);
    "complement (a,b):(2,8), (c,d)" => try_complement(layout![(a, b) : (2, 8)], shape![c, d]);
    "complement (a,b):(1,8)" => layout![(a, b) : (1, 8)].try_complement();
    "left_inverse (a,b):(1,8)" => try_left_inverse(layout![(a, b) : (1, 8)]);
    "left_inverse (8,a):(1,4)" => try_left_inverse(layout![(8, a) : (1, 4)]);
    "left_inverse a:4" => try_left_inverse(layout![a : 4]);
    "right_inverse (a,b):(1,8)" => try_right_inverse(layout![(a, b) : (1, 8)]);
    "right_inverse ((2,a),b):((1,2),16)" => try_right_inverse(layout![((2, a), b) : ((1, 2), 16)]);
    "tile_to_shape (a,b):(1,2), (c,d)" => try_tile_to_shape(layout![(a, b) : (1, 2)], shape![c, d]);
    "composition (a,b):(c,d) o (4,2):(2,1)" => try_composition(layout![(a, b) : (c, d)], layout![(4, 2) : (2, 1)]);
});

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]
    /// The forms that take `i64` runtime values, mixed with `i32` ones and
    /// static ones.
    #[test]
    fn i64_values(a in value64(), b in value(), c in value64(), d in value64()) {
        let vals = (a, b, c, d);
        let l = layout![(a, (b, 4)) : (c, (1, d))];
        no_panic("size (a,(b,4)):(c,(1,d))", &vals, || format!("{:?}", l.try_size()))?;
        no_panic("cosize (a,(b,4)):(c,(1,d))", &vals, || format!("{:?}", l.try_cosize()))?;
        no_panic("to_dyn (a,(b,4)):(c,(1,d))", &vals, || format!("{:?}", l.try_to_dyn().map(|d| d.to_string())))?;
        no_panic("coalesce (a,b,2):(1,a,d)", &vals, || coalesce(layout![(a, b, 2) : (1, a, d)]).to_string())?;
        no_panic("size (a,c):(1,a)", &vals, || format!("{:?}", layout![(a, c) : (1, a)].try_size()))?;
        no_panic("cosize (a,c):(1,a)", &vals, || format!("{:?}", layout![(a, c) : (1, a)].try_cosize()))?;
        no_panic("crd2idx (a,c):(1,a) at (b,d)", &vals, || layout![(a, c) : (1, a)].crd2idx(coord![b, d]).to_string())?;
        no_panic("ceil_div c, a", &vals, || format!("{:?}", c.ceil_div_checked(a)))?;
        no_panic("shape_div c, a", &vals, || format!("{:?}", c.try_shape_div(a)))?;
        no_panic("mul/add/sub c, b", &vals, || format!("{:?}", (c.mul_checked(b), c.add_checked(b), c.sub_checked(b), c.rem_checked(b), c.div_checked(b))))?;
    }
}
