//! Linear layouts against Triton's own answers: `tests/data/linear/
//! triton_cases.tsv`, written by `triton_cases.py` through Triton's Python
//! bindings (this test reads only the file). Each result must equal
//! Triton's bases and out-dim sizes, and print as Triton's `str(L)`.

use cute_algebra::linear::LinearLayout;

const DATA: &str = include_str!("data/linear/triton_cases.tsv");

#[path = "support/linear_cases.rs"]
mod linear_cases;
use linear_cases::parse;

fn layout(s: &str) -> LinearLayout {
    let (ins, outs) = parse(s);
    let ins: Vec<(&str, Vec<Vec<u64>>)> =
        ins.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    let outs: Vec<(&str, i64)> = outs
        .iter()
        .map(|(n, s)| (n.as_str(), s.expect("a size")))
        .collect();
    LinearLayout::new(&ins, &outs, false).unwrap()
}

fn enc(l: &LinearLayout) -> String {
    let ins: Vec<String> = l
        .bases()
        .iter()
        .map(|(n, bs)| {
            let b: Vec<String> = bs
                .iter()
                .map(|b| {
                    let v: Vec<String> = b.iter().map(|v| v.to_string()).collect();
                    format!("({})", v.join(","))
                })
                .collect();
            format!("{n}={}", b.concat())
        })
        .collect();
    let outs: Vec<String> = l
        .out_dims()
        .iter()
        .map(|(n, s)| format!("{n}:{s}"))
        .collect();
    format!("{}#{}", ins.join(";"), outs.join(","))
}

#[test]
fn triton_cases() {
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for line in DATA.lines().skip(1) {
        let c: Vec<&str> = line.split('\t').collect();
        let (id, op) = (c[0], c[1]);
        let check = |got: &LinearLayout, want: &str, text: &str| {
            assert_eq!(enc(got), want, "{id} {op}");
            assert_eq!(
                got.to_string(),
                text.replace("\\n", "\n"),
                "{id} {op}: printing"
            );
        };
        match op {
            "apply" => {
                let l = layout(c[2]);
                let names = l.in_dim_names();
                let xs: Vec<(&str, u64)> = names
                    .iter()
                    .copied()
                    .zip(c[3].split(',').map(|v| v.parse().unwrap()))
                    .collect();
                let want: Vec<u64> = c[4].split(',').map(|v| v.parse().unwrap()).collect();
                assert_eq!(l.apply(&xs).unwrap(), want, "{id}");
            }
            "bases" => {
                let (ins, outs) = parse(c[2]);
                let ins: Vec<(&str, Vec<Vec<u64>>)> =
                    ins.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
                let names: Vec<&str> = outs.iter().map(|(n, _)| n.as_str()).collect();
                let l = LinearLayout::from_bases(&ins, &names).unwrap();
                check(&l, c[3], c[4]);
                let flags = format!(
                    "{}{}{}",
                    u8::from(l.is_injective()),
                    u8::from(l.is_surjective()),
                    u8::from(l.is_invertible())
                );
                assert_eq!(flags, c[5], "{id} flags");
            }
            "compose" => check(&layout(c[2]).compose(&layout(c[3])).unwrap(), c[4], c[5]),
            "invert" => check(&layout(c[2]).invert().unwrap(), c[3], c[4]),
            "pseudoinvert" => check(&layout(c[2]).pseudoinvert().unwrap(), c[3], c[4]),
            "invert_and_compose" => check(
                &layout(c[2])
                    .invert_and_compose(&layout(c[3]))
                    .unwrap_or_else(|e| panic!("{id}: {e}")),
                c[4],
                c[5],
            ),
            "mul" => check(&layout(c[2]).mul(&layout(c[3])).unwrap(), c[4], c[5]),
            _ => panic!("{id}: unknown op {op}"),
        }
        *counts.entry(op.to_string()).or_default() += 1;
    }
    let total: usize = counts.values().sum();
    assert!(total >= 1000, "{counts:?}");
    for op in [
        "apply",
        "bases",
        "compose",
        "invert",
        "pseudoinvert",
        "invert_and_compose",
        "mul",
    ] {
        assert!(
            counts.get(op).copied().unwrap_or(0) >= 100,
            "{op}: {counts:?}"
        );
    }
}
