//! Regression tests: each example of the adversarial campaign,
//! through `eval` as the CLI prints it. (The CLI-only examples, `show`,
//! invalid UTF-8 and `svg -o`, are in `layout-cli/tests/hostile.rs`.)

use cute_algebra::dynamic::DynLayout;
use cute_algebra::eval::eval_line;
use std::time::{Duration, Instant};

fn ev(e: &str) -> String {
    eval_line(e)
}

/// Products of injective layouts keep the complement's checks.
#[test]
fn products_of_injective_layouts_do_not_overlap() {
    let why = "the complement of the block has size 2 < cosize(B) = 3 and its last mode lies inside the block's image, so the result would reach an offset of the block twice";
    assert_eq!(
        ev("logical_product((2,2):(2,7), 3:1)"),
        format!("error: logical_product: {why}")
    );
    assert_eq!(
        ev("blocked_product((2,2):(2,7), 3:1)"),
        format!("error: blocked_product: {why}")
    );
    assert!(ev("raked_product((2,2):(2,7), 3:1)").starts_with("error: raked_product: "));
    assert!(ev("complement((2,2):(2,7), 12)").starts_with("error: complement: "));
    // CuTe's products that break only the bound cosize((L,R)) >= M stay (g193).
    assert_eq!(
        ev("logical_product(((4,6)):((1,6)), (3):(1))"),
        "(((4,6)),(3)):(((1,6)),(36))"
    );
    assert_eq!(ev("logical_divide(6:1, 4:1)"), "(4,2):(1,4)");
}

#[test]
fn left_inverse_refuses_negative_strides() {
    let msg = "error: left_inverse: mode 0 has a negative stride: CuTe's left inverse is defined for non-negative strides (it would return a negative extent)";
    assert_eq!(ev("left_inverse(4:-1)"), msg);
    assert_eq!(ev("size(left_inverse(4:-1))"), msg);
    assert!(ev("left_inverse((2,4):(4,-1))").starts_with("error: left_inverse: mode "));
    assert_eq!(ev("left_inverse(4:1)"), "4:1");
    // CuTe's result can leave i64 too.
    assert_eq!(
        ev("left_inverse(2:4611686018427387904)"),
        "error: left_inverse: the result's size overflows i64"
    );
}

#[test]
fn results_that_overflow_i64_are_refused() {
    assert_eq!(
        ev("make_layout(4611686018427387904:1, 4:1)"),
        "error: make_layout: the result's size overflows i64"
    );
    assert_eq!(
        ev("logical_product(1000000000000000000:1, 32:0)"),
        "error: logical_product: the result's size overflows i64"
    );
    assert_eq!(
        ev("zipped_divide(8:46341, 8958292134626974674)"),
        "error: zipped_divide: the result's cosize overflows i64"
    );
    assert_eq!(
        ev("(4611686018427387904,4):(1,1)"),
        "error: the layout's size overflows i64"
    );
    assert_eq!(
        ev("size((4611686018427387904,4))"),
        "error: the layout's size overflows i64"
    );
    assert_eq!(
        ev("4:4611686018427387904"),
        "error: the layout's cosize overflows i64"
    );
    // Found by the fuzz targets: by-mode results whose modes fit but whose
    // whole does not, and the empty tiler that printed as `<>` unreadably.
    assert_eq!(
        ev("logical_product(left_inverse(((2)):((28))), <_, 1000000000000000000>)"),
        "error: logical_product: the result's size overflows i64"
    );
    let big = "<4611686018427387904, 4611686018427387904>";
    for op in ["composition", "logical_divide", "zipped_divide"] {
        assert_eq!(
            ev(&format!("{op}((2,2):(1,2), {big})")),
            format!("error: {op}: the result's size overflows i64")
        );
    }
    assert_eq!(ev("<( )>"), "<<>>");
    assert_eq!(ev("<<>>"), "<<>>");
}

#[test]
fn error_messages_name_the_real_problem() {
    let cases = [
        (
            "composition(4:1)",
            "error: composition: expected 2 arguments but was given 1",
        ),
        (
            "coalesce(4:1, 2, 3)",
            "error: coalesce: expected 1 to 2 arguments but was given 3",
        ),
        (
            "make_layout(4:1, 2)",
            "error: make_layout: the arguments mix layouts with integers or tuples: give layouts only (make_layout(L0, L1, ...)), a shape (make_layout(shape)) or a shape and a stride (make_layout(shape, stride))",
        ),
        (
            "idx2crd((4,2):(1,0), 9)",
            "error: idx2crd: leaf 1 has stride 0 and extent 2, so an index does not determine its coordinate",
        ),
        (
            "complement(4:1, 0)",
            "error: complement: the cotarget has the extent 0, but its extents must be positive",
        ),
        (
            "slice((4,2):(1,4), (1,2,3))",
            "error: slice: rank mismatch: expected rank 2 but found rank 3",
        ),
        (
            "crd2idx(4:1, (1,2))",
            "error: crd2idx: rank mismatch: expected rank 1 but found rank 2",
        ),
        (
            "coalesce(4:1,(1,1))",
            "error: coalesce: too many modes in the profile: the profile has rank 2 but the layout has rank 1",
        ),
        ("foo(4:1)", "error: unknown function 'foo' at byte 0"),
        // A literal names no operation the user did not call.
        (
            "depth((5,0):(1,5))",
            "error: the layout has a zero or negative extent",
        ),
        (
            "size(compositon(4:1, 2))",
            "error: unknown function 'compositon' at byte 5",
        ),
    ];
    for (e, want) in cases {
        assert_eq!(ev(e), want, "{e}");
    }
}

/// Time of one evaluation (the 1 MB bound is for a release build; the
/// test profile is opt-level 1, so the limits here are looser).
fn timed(e: &str) -> (String, Duration) {
    let t = Instant::now();
    let r = ev(e);
    (r, t.elapsed())
}

#[test]
fn long_lines_take_linear_time() {
    let ones = format!("({})", vec!["1"; 100_000].join(","));
    let (r, t) = timed(&format!("size(tile_to_shape(1:1, {ones}))"));
    assert_eq!(r, "1");
    assert!(t < Duration::from_secs(5), "tile_to_shape took {t:?}");
    let shape = format!("({})", vec!["1"; 30_000].join(","));
    let order = format!(
        "({})",
        (0..30_000)
            .rev()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    let (r, t) = timed(&format!("rank(make_ordered_layout({shape}, {order}))"));
    assert_eq!(r, "30000");
    assert!(t < Duration::from_secs(5), "make_ordered_layout took {t:?}");
    // The strides are the order's (exclusive) prefix products, as before.
    assert_eq!(
        ev("make_ordered_layout((2,3,4), (2,0,1))"),
        "(2,3,4):(12,1,3)"
    );
}

#[test]
fn print_layout_is_bounded() {
    let l: DynLayout = "(100000,100000):(1,100000)".parse().unwrap();
    assert_eq!(
        l.print_layout().unwrap_err().to_string(),
        "print_layout: the layout has 10000000000 elements, more than the limit of 1048576"
    );
    let l: DynLayout = "2147483648:1".parse().unwrap();
    assert!(l.print_layout().is_err());
    let l: DynLayout = "(1024,1024):(1,1024)".parse().unwrap();
    assert!(l.print_layout().is_ok());
}
