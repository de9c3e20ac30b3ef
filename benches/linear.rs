//! Linear layouts here against Triton's C++ (through its Python bindings,
//! `benches/linear_triton.py`): the same cases, those of
//! `tests/data/linear/triton_cases.tsv`, each operation timed on layouts
//! built beforehand. Per operation it prints the best of 7 repeats of one
//! pass over its cases (each case called `REPS` times), in ns per call.
//!
//! `cargo bench --bench linear`

use cute_algebra::dynamic::DynLayout;
use cute_algebra::linear::{LinearLayout, to_cute, to_linear};
use std::hint::black_box;
use std::time::Instant;

const REPS: usize = 20;

#[path = "../tests/support/linear_cases.rs"]
mod linear_cases;
use linear_cases::{Parsed, parse};

fn layout(s: &str) -> LinearLayout {
    let (ins, outs) = parse(s);
    let ins: Vec<(&str, Vec<Vec<u64>>)> =
        ins.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    // A size left out is inferred (0), as the script writes it.
    let outs: Vec<(&str, i64)> = outs
        .iter()
        .map(|(n, s)| (n.as_str(), s.unwrap_or(0)))
        .collect();
    LinearLayout::new(&ins, &outs, false).unwrap()
}

fn best(cases: usize, mut f: impl FnMut()) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..7 {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed().as_nanos() as f64 / (cases * REPS) as f64);
    }
    best
}

fn main() {
    let rows: Vec<Vec<&str>> = include_str!("../tests/data/linear/triton_cases.tsv")
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    let of = |op: &'static str| rows.iter().filter(move |r| r[1] == op);
    println!("op\tcases\tns/call");
    let pairs = |op: &'static str| -> Vec<(LinearLayout, LinearLayout)> {
        of(op).map(|r| (layout(r[2]), layout(r[3]))).collect()
    };
    let singles =
        |op: &'static str| -> Vec<LinearLayout> { of(op).map(|r| layout(r[2])).collect() };

    let apply: Vec<(LinearLayout, Vec<u64>)> = of("apply")
        .map(|r| {
            (
                layout(r[2]),
                r[3].split(',').map(|v| v.parse().unwrap()).collect(),
            )
        })
        .collect();
    let t = best(apply.len(), || {
        for _ in 0..REPS {
            for (l, xs) in &apply {
                let names = l.in_dim_names();
                let ins: Vec<(&str, u64)> = names.iter().copied().zip(xs.iter().copied()).collect();
                black_box(l.apply(black_box(&ins)).unwrap());
            }
        }
    });
    println!("apply\t{}\t{t:.0}", apply.len());

    for op in ["compose", "invert_and_compose", "mul"] {
        let ps = pairs(op);
        let t = best(ps.len(), || {
            for _ in 0..REPS {
                for (a, b) in &ps {
                    black_box(match op {
                        "compose" => a.compose(black_box(b)),
                        "invert_and_compose" => a.invert_and_compose(black_box(b)),
                        _ => a.mul(black_box(b)),
                    })
                    .unwrap();
                }
            }
        });
        println!("{op}\t{}\t{t:.0}", ps.len());
    }
    for op in ["invert", "pseudoinvert"] {
        let ls = singles(op);
        let t = best(ls.len(), || {
            for _ in 0..REPS {
                for a in &ls {
                    black_box(if op == "invert" {
                        a.invert()
                    } else {
                        a.pseudoinvert()
                    })
                    .unwrap();
                }
            }
        });
        println!("{op}\t{}\t{t:.0}", ls.len());
    }
    // from_bases: construction with inferred sizes and the surjectivity check.
    let bases: Vec<Parsed> = of("bases").map(|r| parse(r[2])).collect();
    let t = best(bases.len(), || {
        for _ in 0..REPS {
            for (ins, outs) in &bases {
                let ins: Vec<(&str, Vec<Vec<u64>>)> =
                    ins.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
                let names: Vec<&str> = outs.iter().map(|(n, _)| n.as_str()).collect();
                black_box(LinearLayout::from_bases(&ins, &names).unwrap());
            }
        }
    });
    println!("from_bases\t{}\t{t:.0}", bases.len());
    // The bridge (no Triton counterpart): to_linear and to_cute of the SM80
    // accumulator tile and a swizzled shared layout's inner layout.
    let cute: Vec<DynLayout> = [
        "(16,8):(8,1)",
        "((4,8),(2,2)):((32,1),(16,8))",
        "(8,64):(64,1)",
        "(64,8):(1,64)",
    ]
    .iter()
    .map(|s| s.parse().unwrap())
    .collect();
    let t = best(cute.len(), || {
        for _ in 0..REPS {
            for l in &cute {
                black_box(to_linear(black_box(l)).unwrap());
            }
        }
    });
    println!("to_linear\t{}\t{t:.0}", cute.len());
    let lin: Vec<LinearLayout> = cute.iter().map(|l| to_linear(l).unwrap()).collect();
    let t = best(lin.len(), || {
        for _ in 0..REPS {
            for l in &lin {
                black_box(to_cute(black_box(l)).unwrap());
            }
        }
    });
    println!("to_cute\t{}\t{t:.0}", lin.len());
}
