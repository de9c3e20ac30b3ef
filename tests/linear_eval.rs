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
