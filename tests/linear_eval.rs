//! The evaluator's linear-layout calls (the CLI's `eval`): results in
//! Triton's notation, and a named error, never a panic, on bad input.

use cute_algebra::eval::eval_line;

#[test]
fn calls_print_in_tritons_notation() {
    // SM80 16x8 accumulator (CuTe's SM80_16x8_Row) as Triton's layout.
    assert_eq!(
        eval_line("to_linear(((4,8),(2,2)):((32,1),(16,8)), (16,8))"),
        " - register=1 -> (0, 1)\n   register=2 -> (8, 0)\n - lane=1 -> (0, 2)\n   lane=2 -> (0, 4)\n   lane=4 -> (1, 0)\n   lane=8 -> (2, 0)\n   lane=16 -> (4, 0)\n - warp is a size 1 dimension\nwhere out dims are: [dim0 (size 16), dim1 (size 8)]"
    );
    assert_eq!(eval_line("is_invertible(to_linear((4,8):(8,1)))"), "1");
    assert_eq!(eval_line("is_injective((2,2):(0,1))"), "0");
    assert_eq!(eval_line("free_variable_masks((2,2):(0,1))"), "(1)");
    assert_eq!(eval_line("matrix(4:2)"), "(0,0) (1,0) (0,1)");
    assert_eq!(eval_line("to_cute(invert(8:1))"), "8:1");
    assert_eq!(eval_line("to_cute(invert((4,8):(8,1)))"), "(8,4):(4,1)");
    assert_eq!(
        eval_line("apply(compose(to_linear(4:1), to_linear(4:2)), 3)"),
        "(6)"
    );
    assert_eq!(
        eval_line("to_linear(make_identity_layout((4,2)))"),
        " - in=1 -> (1, 0)\n   in=2 -> (2, 0)\n   in=4 -> (0, 1)\nwhere out dims are: [dim0 (size 4), dim1 (size 2)]"
    );
    assert_eq!(eval_line("bank_conflicts(32:32, 4)"), "(32,1,32,1)");
}

#[test]
fn bad_input_is_a_named_error() {
    for (expr, start) in [
        (
            "to_linear((2,2):(1,1))",
            "error: to_linear: not linear over F2: input bits 0 and 1 have images 1 and 1",
        ),
        (
            "to_linear(3:1)",
            "error: to_linear: the shape extent 3 is not a power of two",
        ),
        (
            "to_linear(4:-1)",
            "error: to_linear: mode 0 has a negative stride",
        ),
        (
            "to_linear(composition(Sw<1,0,1>, 4:1), (3,4))",
            "error: to_linear: expected a layout",
        ),
        (
            "to_linear((4,8):(1,4), (3,8))",
            "error: to_linear_tv: the tile extent M 3 is not a power of two",
        ),
        (
            "invert((2,2):(0,1))",
            "error: invert: the layout must be surjective and square",
        ),
        (
            "invert_and_compose(4:1, 8:1)",
            "error: invert_and_compose: the layouts' output dimensions must have the same sizes",
        ),
        ("apply(4:1, 4)", "error: apply: coordinate out of range"),
        ("apply(4:1, -1)", "error: apply: coordinate out of range"),
        ("apply(4:1)", "error: apply: expected 2 arguments"),
        (
            "to_linear(4:2147483648)",
            "error: to_linear: an image is wider than 32 bits",
        ),
        (
            "vector_width(4:1, 3)",
            "error: max_vector_width: the element width must be a power of two",
        ),
        (
            "bank_conflicts(4:1, 32)",
            "error: bank_conflicts: the element size must be",
        ),
        (
            "to_linear(4:1, 5)",
            "error: to_linear: a TV layout's tile is a shape (M,N)",
        ),
        (
            "swizzle_search(4:1, 4:1, 4)",
            "error: swizzle_search: each register layout must map to (dim0, dim1)",
        ),
    ] {
        let got = eval_line(expr);
        assert!(got.starts_with(start), "{expr}: {got}");
    }
}

/// The conversion Triton computes between two distributed layouts: the
/// SM80 16x8 accumulator (CuTe's SM80_16x8_Row) to a layout where each
/// thread holds 4 consecutive fp32 of a row (one 128-bit store per thread
/// to a row-major tile). `invert_and_compose` says, for each accumulator
/// register and lane, which register of which lane holds it after the
/// exchange; checked at every input against both layouts.
#[test]
fn mma_accumulator_to_128_bit_store() {
    use cute_algebra::dynamic::DynLayout;
    use cute_algebra::linear::{max_vector_width, to_linear_modes, to_linear_tv};
    let c = to_linear_tv(
        &"((4,8),(2,2)):((32,1),(16,8))"
            .parse::<DynLayout>()
            .unwrap(),
        16,
        8,
    )
    .unwrap();
    // Thread t: m = t / 2, n = 4 (t % 2); value v: n + v.
    let s = to_linear_tv(
        &"((2,16),4):((64,1),16)".parse::<DynLayout>().unwrap(),
        16,
        8,
    )
    .unwrap();
    let conv = c.invert_and_compose(&s).unwrap();
    assert_eq!(
        conv.to_string(),
        "\n - register=1 -> (1, 0, 0)\n   register=2 -> (0, 16, 0)\n - lane=1 -> (2, 0, 0)\n   lane=2 -> (0, 1, 0)\n   lane=4 -> (0, 2, 0)\n   lane=8 -> (0, 4, 0)\n   lane=16 -> (0, 8, 0)\n - warp is a size 1 dimension\nwhere out dims are: [register (size 4), lane (size 32), warp (size 1)]"
    );
    for r in 0..4 {
        for l in 0..32 {
            let x = [("register", r), ("lane", l), ("warp", 0)];
            let y = conv.apply(&x).unwrap();
            let sx = [("register", y[0]), ("lane", y[1]), ("warp", y[2])];
            assert_eq!(s.apply(&sx).unwrap(), c.apply(&x).unwrap());
        }
    }
    // The store layout's 4 registers are adjacent in a row-major tile: 128 bits.
    let smem = to_linear_modes(
        &"(16,8):(8,1)".parse().unwrap(),
        &["dim0", "dim1"],
        "offset",
    )
    .unwrap()
    .invert()
    .unwrap();
    let store = s.invert_and_compose(&smem).unwrap();
    assert_eq!(max_vector_width(&store, "register", 32).unwrap(), 4);
    let acc = c.invert_and_compose(&smem).unwrap();
    assert_eq!(max_vector_width(&acc, "register", 32).unwrap(), 2);
}
