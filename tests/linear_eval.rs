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

/// The named-dimension calls Triton's Python bindings also have
/// (`identity_1d`, `strided_1d`, `zeros_1d`, `apply` with a dictionary,
/// the dimension names and sizes, and `*` and `compose` of named layouts):
/// each prints Triton's answer, from `tests/data/linear/triton_named.tsv`
/// (written by `triton_named.py` through Triton's bindings).
#[test]
fn named_calls_agree_with_triton() {
    let data = include_str!("data/linear/triton_named.tsv");
    let mut n = 0;
    for line in data.lines().skip(1) {
        let (expr, want) = line.split_once('\t').unwrap();
        assert_eq!(eval_line(expr), want.replace("\\n", "\n"), "{expr}");
        n += 1;
    }
    assert!(n >= 100, "{n} rows");
}

use cute_algebra::eval::{Value, eval};
use cute_algebra::linear::LinearLayout;

fn ll(expr: &str) -> LinearLayout {
    match eval(expr) {
        Ok(Value::Linear(l)) => l,
        v => panic!("{expr}: {v:?}"),
    }
}

/// Every input of `l`, named, in increasing order.
fn inputs(l: &LinearLayout) -> Vec<Vec<(String, u64)>> {
    let mut all = vec![vec![]];
    for (name, size) in l.in_dims() {
        all = all
            .into_iter()
            .flat_map(|v: Vec<(String, u64)>| {
                (0..size as u64).map(move |x| {
                    let mut v = v.clone();
                    v.push((name.to_string(), x));
                    v
                })
            })
            .collect();
    }
    all
}

fn at(l: &LinearLayout, x: &[(String, u64)]) -> Vec<u64> {
    let args: Vec<(&str, u64)> = x.iter().map(|(n, v)| (n.as_str(), *v)).collect();
    l.apply(&args).unwrap()
}

/// The value of input dimension `name` in `x` (0 where `x` has none).
fn get(x: &[(String, u64)], name: &str) -> u64 {
    x.iter().find(|(n, _)| n == name).map_or(0, |p| p.1)
}

const ACC: &str = "to_linear(((4,8),(2,2)):((32,1),(16,8)), (16,8))";

/// Triton's operations on named dimensions that its Python bindings do not
/// have, each checked by its defining property at every input of the
/// result, against `apply` of the layout it comes from.
#[test]
fn named_operations_by_their_definitions() {
    let acc = ll(ACC);
    // transpose_outs: the same values, output dimensions swapped.
    let t = ll(&format!("transpose_outs({ACC}, [dim1, dim0])"));
    assert_eq!(t.out_dim_names(), ["dim1", "dim0"]);
    for x in inputs(&t) {
        let (a, b) = (at(&t, &x), at(&acc, &x));
        assert_eq!((a[0], a[1]), (b[1], b[0]));
    }
    // transpose_ins: the same function of the named inputs.
    let t = ll(&format!("transpose_ins({ACC}, [warp, lane, register])"));
    assert_eq!(t.in_dim_names(), ["warp", "lane", "register"]);
    for x in inputs(&t) {
        assert_eq!(at(&t, &x), at(&acc, &x));
    }
    // sublayout: the other inputs at 0, the other outputs dropped.
    let s = ll(&format!("sublayout({ACC}, [register, lane], [dim1])"));
    assert_eq!(
        (s.in_dim_names(), s.out_dim_names()),
        (vec!["register", "lane"], vec!["dim1"])
    );
    for x in inputs(&s) {
        let full = [x.clone(), vec![("warp".to_string(), 0)]].concat();
        assert_eq!(at(&s, &x), [at(&acc, &full)[1]]);
    }
    // reshape_ins: the input bits, concatenated, split anew.
    let r = ll(&format!("reshape_ins({ACC}, [(thread, 16), (value, 8)])"));
    for x in inputs(&r) {
        let flat = get(&x, "thread") | get(&x, "value") << 4;
        let y = [("register", flat & 3), ("lane", flat >> 2), ("warp", 0)]
            .map(|(n, v)| (n.to_string(), v));
        assert_eq!(at(&r, &x), at(&acc, &y));
    }
    // reshape_outs: the output bits, concatenated, split anew.
    let r = ll(&format!("reshape_outs({ACC}, [(offset, 128)])"));
    for x in inputs(&r) {
        let b = at(&acc, &x);
        assert_eq!(at(&r, &x), [b[0] | b[1] << 4]);
    }
    // rename_in_dim: the same bases under the new name.
    let r = ll(&format!("rename_in_dim({ACC}, lane, thread)"));
    assert_eq!(r.in_dim_names(), ["register", "thread", "warp"]);
    assert_eq!(r.bases()[1].1, acc.bases()[1].1);
    // to_linear with names: a shared-memory tile (dim0, dim1) -> offset.
    let smem = ll("to_linear((16,8):(8,1), [dim0, dim1], offset)");
    let tile: cute_algebra::dynamic::DynLayout = "(16,8):(8,1)".parse().unwrap();
    for x in inputs(&smem) {
        let (i, j) = (get(&x, "dim0") as i64, get(&x, "dim1") as i64);
        assert_eq!(at(&smem, &x), [tile.at(i + 16 * j).unwrap() as u64]);
    }
    let sw = ll("to_linear(composition(Sw<3,4,3>, (8,64):(64,1)), [index], offset)");
    assert_eq!(
        (sw.in_dim_names(), sw.out_dim_names()),
        (vec!["index"], vec!["offset"])
    );
    assert_eq!(
        sw.bases(),
        ll("to_linear(composition(Sw<3,4,3>, (8,64):(64,1)))")
            .rename_in_dim("in", "index")
            .unwrap()
            .bases()
    );
    let e = ll("to_linear(make_identity_layout((4,2)), [m, n])");
    assert_eq!(e.out_dims(), [("m", 4), ("n", 2)]);
    // is_trivial_over / quotient: the identity on `register`, mixing it
    // with nothing, leaves the layout of the other dimensions.
    let l = "mul(LL{lane=(1)(3) -> dim0=4}, identity_1d(4, register, register))";
    let q = ll(&format!("quotient({l}, [register])"));
    let full = ll(l);
    assert_eq!(eval_line(&format!("is_trivial_over({l}, [register])")), "1");
    for x in inputs(&full) {
        let y = at(&full, &x);
        let names = full.out_dim_names();
        let reg = y[names.iter().position(|n| *n == "register").unwrap()];
        assert_eq!(reg, get(&x, "register"));
        let lane_only = vec![("lane".to_string(), get(&x, "lane"))];
        assert_eq!(
            at(&q, &lane_only),
            [y[names.iter().position(|n| *n == "dim0").unwrap()]]
        );
    }
    assert_eq!(eval_line(&format!("is_trivial_over({ACC}, [])")), "1");
    // basis, in_dim_size, vector_width over a named dimension.
    assert_eq!(eval_line(&format!("basis({ACC}, lane, 2)")), "(1,0)");
    assert_eq!(eval_line(&format!("in_dim_size({ACC}, lane)")), "32");
    assert_eq!(
        eval_line("vector_width(LL{lane=(1)(2); register=(4) -> offset=8}, 16, lane)"),
        "4"
    );
}

#[test]
fn unknown_dimensions_are_named_errors() {
    for (expr, want) in [
        (
            format!("sublayout({ACC}, [regster], [dim0])"),
            "error: sublayout: 'regster' is not an input dimension of the layout",
        ),
        (
            format!("sublayout({ACC}, [register], [dim2])"),
            "error: sublayout: 'dim2' is not an output dimension of the layout",
        ),
        (
            format!("transpose_outs({ACC}, [dim1, offset])"),
            "error: transpose_outs: 'offset' is not an output dimension of the layout",
        ),
        (
            format!("transpose_ins({ACC}, [lane, register])"),
            "error: transpose_ins: the order must name each input dimension once",
        ),
        (
            format!("apply({ACC}, [(lan, 1), (register, 0), (warp, 0)])"),
            "error: apply: 'lan' is not an input dimension of the layout",
        ),
        (
            format!("rename_in_dim({ACC}, thread, lane)"),
            "error: rename_in_dim: 'thread' is not an input dimension of the layout",
        ),
        (
            format!("is_trivial_over({ACC}, [lane])"),
            "error: is_trivial_over: 'lane' is not an input and output dimension of the layout",
        ),
        (
            format!("basis({ACC}, block, 0)"),
            "error: basis: 'block' is not an input dimension of the layout",
        ),
        (
            format!("out_dim_size({ACC}, offset)"),
            "error: out_dim_size: 'offset' is not an output dimension of the layout",
        ),
        (
            format!("vector_width({ACC}, 32, thread)"),
            "error: vector_width: 'thread' is not an input dimension of the layout",
        ),
        (
            format!("reshape_ins({ACC}, [(thread, 16)])"),
            "error: reshape_ins: the new input sizes do not multiply to the total input size",
        ),
        (
            "quotient(LL{register=(2)(1) -> register=4}, [register])".to_string(),
            "error: quotient: the layout is not trivial",
        ),
        (
            format!("sublayout({ACC}, register, [dim0])"),
            "error: sublayout: expected a list of dimension names [a, b, ...]",
        ),
        (
            "to_linear((4,8):(8,1), [dim0], offset)".to_string(),
            "error: to_linear: rank mismatch: expected rank 2 but found rank 1",
        ),
        (
            "identity_1d(8, 3, dim0)".to_string(),
            "error: identity_1d: expected a dimension name",
        ),
        // A bare name outside a call that takes one reads as a function
        // left uncalled.
        (
            "register".to_string(),
            "error: unknown function 'register' at byte 0",
        ),
        (
            "size(lane)".to_string(),
            "error: unknown function 'lane' at byte 5",
        ),
    ] {
        let got = eval_line(&expr);
        assert!(got.starts_with(want), "{expr}: {got}");
    }
}
