//! Criterion benchmarks of the runtime algebra on realistic layouts:
//! composition, complement, logical_divide, right_inverse and zipped_divide
//! (cases in `benches/cases.txt`, shared with `benches/pycute_compare.py`).
//!
//! `cargo bench --bench dynamic` runs criterion; `cargo bench --bench dynamic
//! -- --best-of` instead prints, per case, the best of 7 repeats of a batch
//! of calls in ns per call: the statistic `pycute_compare.py` takes for
//! pycute, so the two compare like for like on a shared machine.
//! `-- --calls N OP` runs every case whose name starts with `OP` N times
//! and nothing else, for counting instructions under valgrind
//! (`benches/dynamic_instructions.sh`), which do not move with the load of
//! a shared machine.

use criterion::{Criterion, criterion_group};
use cute_algebra::LayoutError;
use cute_algebra::dynamic::{DynLayout, IntTree, Tiler};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// A benchmark case: its name and a closure running it once.
type Case = (String, Box<dyn Fn() -> DynLayout>);

fn cases() -> Vec<Case> {
    include_str!("cases.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            let (op, a) = (c[0], c[1].parse::<DynLayout>().unwrap());
            let name = format!("{op}/{a} ; {}", c[2]);
            let f: Box<dyn Fn() -> DynLayout> = match op {
                "complement" => {
                    let m: IntTree = c[2].parse().unwrap();
                    Box::new(move || black_box(&a).complement_to(black_box(&m)).unwrap())
                }
                "composition" | "logical_divide" => {
                    let b: DynLayout = c[2].parse().unwrap();
                    type Op = fn(&DynLayout, &DynLayout) -> Result<DynLayout, LayoutError>;
                    let g: Op = if op == "composition" {
                        |a, b| a.composition(b)
                    } else {
                        |a, b| a.logical_divide(b)
                    };
                    Box::new(move || g(black_box(&a), black_box(&b)).unwrap())
                }
                "right_inverse" => Box::new(move || black_box(&a).right_inverse().unwrap()),
                "zipped_divide" => {
                    let t = tiler(c[2]);
                    Box::new(move || black_box(&a).zipped_divide(black_box(&t)).unwrap())
                }
                _ => unreachable!("unknown op {op}"),
            };
            (name, f)
        })
        .collect()
}

/// A tiler of `cases.txt`: a shape `(32,16)` (by mode) or `<3:3,(2,4):(1,8)>`.
fn tiler(s: &str) -> Tiler {
    let Some(inner) = s.strip_prefix('<').and_then(|s| s.strip_suffix('>')) else {
        return Tiler::from(&s.parse::<IntTree>().unwrap());
    };
    let (mut parts, mut depth, mut at) = (Vec::new(), 0, 0);
    for (k, ch) in inner.char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(Tiler::Layout(inner[at..k].parse().unwrap()));
                at = k + 1;
            }
            _ => {}
        }
    }
    parts.push(Tiler::Layout(inner[at..].parse().unwrap()));
    Tiler::Tuple(parts)
}

fn bench(c: &mut Criterion) {
    for (name, f) in cases() {
        c.bench_function(&name, |bn| bn.iter(&f));
    }
}

/// Best of 7 repeats of a batch of about 20 ms, in ns per call.
fn best_of() {
    for (name, f) in cases() {
        let mut n = 1u32;
        while {
            let t = Instant::now();
            (0..n).for_each(|_| drop(black_box(f())));
            t.elapsed() < Duration::from_millis(20)
        } {
            n *= 2;
        }
        let best = (0..7)
            .map(|_| {
                let t = Instant::now();
                (0..n).for_each(|_| drop(black_box(f())));
                t.elapsed().as_secs_f64() * 1e9 / f64::from(n)
            })
            .fold(f64::INFINITY, f64::min);
        println!("{name}\t{best:.1}");
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(1)).sample_size(30);
    targets = bench
}

/// Every case whose name starts with `prefix`, `n` times each, untimed.
fn calls(n: u32, prefix: &str) {
    for (name, f) in cases() {
        if name.starts_with(prefix) {
            (0..n).for_each(|_| drop(black_box(f())));
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--calls") {
        let n = args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or(0);
        calls(n, args.get(i + 2).map_or("", String::as_str));
        return;
    }
    if std::env::args().any(|a| a == "--best-of") {
        best_of();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
