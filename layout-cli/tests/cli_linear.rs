//! `cute-algebra svg` of a linear layout: every cell of the picture holds
//! the smallest input that `apply` maps to it (brute force over every
//! input), an unreached cell holds none, and the bases are listed.

use std::process::{Command, Output};

use cute_algebra::eval::{Value, eval};
use cute_algebra::linear::LinearLayout;

fn svg(expr: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cute-algebra"))
        .args(["svg", expr])
        .output()
        .unwrap()
}

/// The picture's cells: `(row, column) -> input values ("" where none)`.
fn drawn(svg: &str) -> Vec<((u64, u64), String)> {
    let mut out = Vec::new();
    for part in svg.split("data-cell=\"").skip(1) {
        let (cell, rest) = part.split_once('"').unwrap();
        let (r, c) = cell.split_once(',').unwrap();
        let input = rest
            .split_once("data-in=\"")
            .unwrap()
            .1
            .split_once('"')
            .unwrap()
            .0;
        out.push(((r.parse().unwrap(), c.parse().unwrap()), input.to_string()));
    }
    out
}

/// Each cell's smallest input, by `apply` on every input in increasing
/// order (the input dimensions concatenated, the first the least
/// significant), laid out as the picture lays out the outputs.
fn expected(l: &LinearLayout) -> Vec<((u64, u64), String)> {
    let ins = l.in_dims();
    let outs = l.out_dims();
    let bits: Vec<u32> = ins.iter().map(|(_, s)| s.trailing_zeros()).collect();
    let total: u32 = bits.iter().sum();
    // The output dimensions of size 1 take no room in the picture.
    let shown: Vec<usize> = (0..outs.len()).filter(|&i| outs[i].1 > 1).collect();
    let (rows, cols, folded) = match shown.as_slice() {
        [] => (1, 1, true),
        [i] => {
            let k = outs[*i].1.trailing_zeros();
            (1u64 << (k / 2), 1u64 << (k - k / 2), true)
        }
        [i, j] => (outs[*i].1 as u64, outs[*j].1 as u64, false),
        _ => panic!("not drawable"),
    };
    let mut cells = vec![String::new(); (rows * cols) as usize];
    for x in 0..1u64 << total {
        let mut at = 0;
        let args: Vec<(&str, u64)> = ins
            .iter()
            .zip(&bits)
            .map(|((n, _), k)| {
                let v = (x >> at) & ((1 << k) - 1);
                at += k;
                (*n, v)
            })
            .collect();
        let v = l.apply(&args).unwrap();
        let (r, c) = match (folded, shown.as_slice()) {
            (true, []) => (0, 0),
            (true, [i]) => (v[*i] / cols, v[*i] % cols),
            (_, s) => (v[s[0]], v[s[1]]),
        };
        let cell = &mut cells[(r * cols + c) as usize];
        if cell.is_empty() {
            let vals: Vec<String> = args.iter().map(|(_, v)| v.to_string()).collect();
            *cell = vals.join(",");
        }
    }
    (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .map(|(r, c)| ((r, c), cells[(r * cols + c) as usize].clone()))
        .collect()
}

fn check(expr: &str) {
    let o = svg(expr);
    assert!(
        o.status.success(),
        "{expr}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let text = String::from_utf8(o.stdout).unwrap();
    let Ok(Value::Linear(l)) = eval(expr) else {
        panic!("{expr} is not a linear layout")
    };
    assert_eq!(drawn(&text), expected(&l), "{expr}");
    for (name, bases) in l.bases() {
        let line = if bases.is_empty() {
            format!("{name}: size 1")
        } else {
            let v: Vec<String> = bases[0].iter().map(u64::to_string).collect();
            format!("{name}: 1 -&gt; ({})", v.join(", "))
        };
        assert!(text.contains(&line), "{expr}: no '{line}'");
    }
}

#[test]
fn cells_hold_the_smallest_input_that_reaches_them() {
    for expr in [
        // SM80's 16x8 accumulator: (register, lane, warp) -> (dim0, dim1).
        "to_linear(((4,8),(2,2)):((32,1),(16,8)), (16,8))",
        // Its inverse: (dim0, dim1) -> (register, lane, warp).
        "invert(to_linear(((4,8),(2,2)):((32,1),(16,8)), (16,8)))",
        // One output dimension, folded into rows; a swizzle.
        "to_linear(composition(Sw<3,4,3>, (8,64):(64,1)))",
        "to_linear((4,8):(8,1))",
        // Broadcast (several inputs per cell) and gaps (unreached cells).
        "to_linear((2,4,2):(0,1,8))",
        "LL{register=(1,0)(1,0)(0,2); lane=(3,1) -> dim0=4, dim1=4}",
        "LL{offset=(1)(2)(4)(8) -> dim0=16}",
        "LL{i=(0) -> o=1}",
        "LL{i=(1,0,1)(0,0,2) -> a=2, b=1, c=4}",
    ] {
        check(expr);
    }
}

#[test]
fn random_tables_are_drawn_exactly() {
    // A fixed linear congruential sequence: the same tables every run.
    let mut seed = 33u64;
    let mut next = |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    for _ in 0..40 {
        let kouts: Vec<u64> = (0..1 + next(2)).map(|_| next(4)).collect();
        let ins: Vec<String> = ["register", "lane", "warp"][..1 + next(3) as usize]
            .iter()
            .map(|name| {
                let bases: String = (0..next(4))
                    .map(|_| {
                        let v: Vec<String> =
                            kouts.iter().map(|k| next(1 << k).to_string()).collect();
                        format!("({})", v.join(","))
                    })
                    .collect();
                format!("{name}={bases}")
            })
            .collect();
        let outs: Vec<String> = kouts
            .iter()
            .enumerate()
            .map(|(i, k)| format!("dim{i}={}", 1 << k))
            .collect();
        check(&format!("LL{{{} -> {}}}", ins.join("; "), outs.join(", ")));
    }
}

#[test]
fn what_cannot_be_drawn_is_a_named_error() {
    for (expr, want) in [
        (
            "LL{i=(1,1,1) -> a=2, b=2, c=2}",
            "error: svg of a linear layout: it draws a layout with at most two output dimensions of size above 1",
        ),
        (
            "to_linear(65536:1)",
            "error: svg of a linear layout: the output has too many cells to draw (limit 16384)",
        ),
    ] {
        let o = svg(expr);
        assert!(!o.status.success(), "{expr}");
        assert_eq!(
            String::from_utf8_lossy(&o.stderr).trim_end(),
            want,
            "{expr}"
        );
    }
}
