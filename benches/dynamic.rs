//! Criterion benchmarks of the runtime algebra on realistic layouts:
//! composition, complement and logical_divide (cases in `benches/cases.txt`,
//! shared with `benches/pycute_compare.py`).

use criterion::{Criterion, criterion_group, criterion_main};
use cute_algebra::dynamic::{DynLayout, IntTree};
use std::hint::black_box;
use std::time::Duration;

fn cases() -> Vec<(String, DynLayout, String)> {
    include_str!("cases.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            (c[0].to_string(), c[1].parse().unwrap(), c[2].to_string())
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    for (op, a, b) in cases() {
        let name = format!("{op}/{a} ; {b}");
        match op.as_str() {
            "composition" | "logical_divide" => {
                let b: DynLayout = b.parse().unwrap();
                let f = if op == "composition" {
                    DynLayout::composition
                } else {
                    DynLayout::logical_divide
                };
                f(&a, &b).unwrap();
                c.bench_function(&name, |bn| {
                    bn.iter(|| f(black_box(&a), black_box(&b)).unwrap())
                });
            }
            "complement" => {
                let m: IntTree = b.parse().unwrap();
                a.complement_to(&m).unwrap();
                c.bench_function(&name, |bn| {
                    bn.iter(|| black_box(&a).complement_to(black_box(&m)).unwrap())
                });
            }
            _ => unreachable!("unknown op {op}"),
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(1)).sample_size(30);
    targets = bench
}
criterion_main!(benches);
