//! The case format of `tests/data/linear/triton_cases.tsv`, shared by the
//! Triton cross-check (`tests/linear_triton.rs`) and the benchmark against
//! Triton (`benches/linear.rs`), which include this file by path.

pub type Parsed = (Vec<(String, Vec<Vec<u64>>)>, Vec<(String, Option<i64>)>);

/// `name=(b,..)(b,..);name=...#out:size,...` (sizes optional), as the script writes.
pub fn parse(s: &str) -> Parsed {
    let (ins, outs) = s
        .split_once('#')
        .expect("a '#' between in-dims and out-dims");
    let ins = if ins.is_empty() {
        Vec::new()
    } else {
        ins.split(';')
            .map(|d| {
                let (name, bs) = d.split_once('=').expect("name=bases");
                let bases = bs
                    .strip_prefix('(')
                    .map(|bs| {
                        bs.trim_end_matches(')')
                            .split(")(")
                            .map(|b| {
                                if b.is_empty() {
                                    Vec::new()
                                } else {
                                    b.split(',').map(|v| v.parse().unwrap()).collect()
                                }
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                (name.to_string(), bases)
            })
            .collect()
    };
    let outs = if outs.is_empty() {
        Vec::new()
    } else {
        outs.split(',')
            .map(|o| match o.split_once(':') {
                Some((n, s)) => (n.to_string(), Some(s.parse().unwrap())),
                None => (o.to_string(), None),
            })
            .collect()
    };
    (ins, outs)
}
