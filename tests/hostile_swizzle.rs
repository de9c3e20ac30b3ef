//! Regression tests for hostile inputs on the swizzle, basis and tensor
//! grammar: `values` is bounded, swizzled checks do not walk huge domains,
//! and a swizzled partition that CuTe refuses keeps its true function.
//! Expected values of the partitions come from CuTe C++
//! (`tests/data/cute/swizzle_partition_cases.cpp` and its `.out`).

use cute_algebra::eval::eval_line;

const LIMIT: &str = "more than the limit of 1048576";

#[test]
fn values_is_bounded_on_every_form() {
    for e in [
        "values((2,4294967296):(1,2))",
        "values(tensor((2,4294967296):(1,2)))",
        "values(composition(Sw<1,1,1>, (2,4294967296):(1,2)))",
        "values(make_identity_layout((2,4294967296)))",
        "values(identity_tensor((2,4294967296)))",
        "values(tensor(composition(Sw<1,1,1>, (2,4294967296):(1,2))))",
    ] {
        let r = eval_line(e);
        assert_eq!(
            r,
            format!("error: values: the layout has 8589934592 elements, {LIMIT}"),
            "{e}"
        );
    }
    // At the limit itself the list is produced.
    let r = eval_line("values(1048576:1)");
    assert_eq!(r.split(' ').count(), 1 << 20);
    assert!(eval_line("values(1048577:1)").ends_with(LIMIT));
}

#[test]
fn a_huge_swizzled_slice_keeps_the_swizzle_unfolded() {
    // Beyond the check's limit the slice is the function itself:
    // j -> Sw(0 + j), which needs no walk over its 2^31 elements.
    assert_eq!(
        eval_line("local_partition(tensor(composition(Sw<1,1,1>, 2147483648:1)), 1:1, 0)"),
        "counting_iter(0) o Sw<1,1,1> o 0 o (2147483648):(1)"
    );
    assert_eq!(
        eval_line("local_partition(tensor(composition(Sw<1,1,1>, 3037000500:1)), 1:1, 0)"),
        "counting_iter(0) o Sw<1,1,1> o 0 o (3037000500):(1)"
    );
}

#[test]
fn huge_swizzled_inverses_are_refused_by_name() {
    let msg = "the swizzled result is checked element by element, and its domain has 2147483648 elements, more than the limit of 65536";
    assert_eq!(
        eval_line("right_inverse(composition(Sw<2,4,-3>, 2147483648:1))"),
        format!("error: right_inverse: {msg}")
    );
    assert_eq!(
        eval_line("left_inverse(composition(Sw<2,4,-3>, 2147483648:1))"),
        format!("error: left_inverse: {msg}")
    );
    // Below the limit the inverse is checked and returned. `1024:1` is its
    // own right inverse and the swizzle passes through it unchanged, so the
    // result is the layout itself; and by brute force, C(R(i)) == i.
    assert_eq!(
        eval_line("right_inverse(composition(Sw<2,4,-3>, 1024:1))"),
        "Sw<2,4,-3> o 0 o 1024:1"
    );
    let sw = cute_algebra::swizzle::DynSwizzle::new(2, 4, -3).unwrap();
    let r = eval_line("values(right_inverse(composition(Sw<2,4,-3>, 1024:1)))");
    for (i, v) in r.split(' ').enumerate() {
        assert_eq!(sw.apply(v.parse().unwrap()), i as i64);
    }
}

/// CuTe refuses these at compile time (`Shape Divisibility Condition` in
/// the swizzled `slice_and_offset`); the function they denote exists, and
/// its values are CuTe's element by element (read through `zipped_divide`,
/// which CuTe compiles).
#[test]
fn swizzled_partitions_that_cute_refuses_give_their_function() {
    let p = "outer_partition(tensor(composition(Sw<3,3,-5>, (1,12):(1,1))), (1,4), (0,0))";
    assert_eq!(eval_line(&format!("values({p})")), "0 4 264");
    let p = "outer_partition(tensor(composition(Sw<3,3,-5>, (1,12):(1,1))), (1,4), (0,1))";
    assert_eq!(eval_line(&format!("values({p})")), "1 5 265");
    let q = "local_partition(tensor(composition(Sw<2,0,3>, (12,4):(4,1))), (4,2):(2,1), IDX)";
    for (idx, want) in [
        (0, "0 18 32 2 16 34"),
        (1, "1 19 33 3 17 35"),
        (2, "4 22 36 6 20 38"),
        (7, "12 30 44 14 28 46"),
    ] {
        let e = format!("values({})", q.replace("IDX", &idx.to_string()));
        assert_eq!(eval_line(&e), want, "{e}");
    }
}
