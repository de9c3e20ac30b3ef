//! Every row of `tests/data/public-atoms.tsv` (CuTe C++'s MMA and copy
//! atoms, tiled MMAs and copies, partitions, GMMA shared-memory atoms and
//! descriptors) through the runtime path (`cute_algebra::eval`): the print
//! equals `cpp_static` with CuTe's static `_` markers dropped, the values
//! equal the `values` column, and a `COMPILE_ERROR` row is an `Err`.

use std::collections::BTreeMap;

use cute_algebra::eval::eval;

/// CuTe's static print with `_N` markers dropped: `(_2,_-1)` -> `(2,-1)`.
/// CuTe's `MixedBits` offset `M_S|(D&F)=V` is its value `V` on the runtime
/// path, where every integer is a runtime one.
fn strip_static(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'M'
            && b.get(i + 1) == Some(&b'_')
            && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
        {
            // M_S|(D&F)=V
            if let Some(eq) = s[i..].find('=') {
                let j = i + eq + 1;
                let end = s[j..]
                    .find(|c: char| !c.is_ascii_digit())
                    .map_or(s.len(), |k| j + k);
                out.push_str(&s[j..end]);
                i = end;
                continue;
            }
        }
        let next_is_num = b
            .get(i + 1)
            .is_some_and(|n| n.is_ascii_digit() || *n == b'-');
        let prev_ok = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        if !(b[i] == b'_' && next_is_num && prev_ok) {
            out.push(b[i] as char);
        }
        i += 1;
    }
    out
}

#[test]
fn strip_static_drops_markers_only() {
    assert_eq!(
        strip_static("counting_iter(1) o ((_2,_2),_2):((_64,4),_0)"),
        "counting_iter(1) o ((2,2),2):((64,4),0)"
    );
    assert_eq!(
        strip_static("counting_iter(9) o Sw<3,0,3> o M_0|(32&38)=32 o (_2,_4):(_1,_8)"),
        "counting_iter(9) o Sw<3,0,3> o 32 o (2,4):(1,8)"
    );
    assert_eq!(
        strip_static("ArithTuple(1,10) o (_2,_2):(_4@1,_8@0)"),
        "ArithTuple(1,10) o (2,2):(4@1,8@0)"
    );
}

/// Check one row; `Err` says why it fails.
fn check(expr: &str, cpp: &str, values: &str) -> Result<(), String> {
    let got = eval(expr);
    if cpp.starts_with("COMPILE_ERROR") || cpp.starts_with("RUNTIME_ERROR") {
        // The error names CuTe's condition: its own words for the atom
        // layer's static_asserts, the crate's named divisibility failure for
        // tile_to_shape.
        let cute = cpp.split_once(": ").map_or("", |(_, m)| m);
        let want = if cute.starts_with("tile_to_shape") {
            "does not divide"
        } else {
            cute
        };
        return match got {
            Err(e) if e.to_string().contains(want) => Ok(()),
            Err(e) => Err(format!("expected an error naming {want:?}, got {e}")),
            Ok(v) => Err(format!("expected an error ({cpp}), got {v}")),
        };
    }
    let v = got.map_err(|e| format!("expected {cpp}, got error: {e}"))?;
    let want = strip_static(cpp);
    if v.to_string() != want {
        return Err(format!("expected {want}\n      got      {v}"));
    }
    if !values.is_empty() {
        let vals = eval(&format!("values({expr})")).map_err(|e| format!("values: error {e}"))?;
        if strip_static(&vals.to_string()) != strip_static(values) {
            return Err(format!(
                "values differ:\n      expected {values}\n      got      {vals}"
            ));
        }
    }
    Ok(())
}

#[test]
fn every_oracle_row() {
    let data = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/public-atoms.tsv"
    ))
    .unwrap();
    let mut per_family: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut rows = 0;
    for line in data.lines().skip(1) {
        let c: Vec<&str> = line.split('\t').collect();
        let (id, family, expr, cpp, values) = (c[0], c[1], c[2], c[3], c[4]);
        rows += 1;
        let e = per_family.entry(family).or_default();
        e.1 += 1;
        match check(expr, cpp, values) {
            Ok(()) => e.0 += 1,
            Err(why) => failures.push(format!("{id} [{family}] {expr}\n      {why}")),
        }
    }
    for (f, (ok, n)) in &per_family {
        eprintln!("{f}: {ok}/{n}");
    }
    assert_eq!(rows, 220, "the oracle file has 220 rows");
    assert!(
        failures.is_empty(),
        "{} of {rows} rows fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
