//! The CuTe bridge on every layout and swizzled layout of the public oracle
//! rows (`tests/data/public.tsv`, `public-ext.tsv`): each row's result (and
//! each `shape:stride` written in its expression) that is linear converts,
//! and the linear layout, and the CuTe layout `to_cute` gives back, equal
//! the CuTe layout at every index. A layout that is not linear must fail
//! with `NotLinear` naming two bits whose images overlap.

use cute_algebra::LayoutError;
use cute_algebra::basis::DynBasisLayout;
use cute_algebra::dynamic::DynLayout;
use cute_algebra::eval::{Value, eval};
use cute_algebra::linear::{to_cute, to_linear, to_linear_basis, to_linear_composed};
use cute_algebra::swizzle::{DynComposed, MaybeComposed};

const PUBLIC: &str = include_str!("data/public.tsv");
const EXT: &str = include_str!("data/public-ext.tsv");

#[derive(Default, Debug)]
struct Counts {
    layouts: usize,
    linear: usize,
    swizzled: usize,
    swizzled_linear: usize,
    basis: usize,
    basis_linear: usize,
}

fn check_layout(l: &DynLayout, c: &mut Counts) {
    let Ok(n) = l.size() else { return };
    if n > 1 << 16 || l.flat().iter().any(|(s, _)| *s <= 0 || s & (s - 1) != 0) {
        return;
    }
    c.layouts += 1;
    match to_linear(l) {
        Ok(ll) => {
            c.linear += 1;
            for i in 0..n {
                assert_eq!(
                    ll.apply(&[("in", i as u64)]).unwrap()[0] as i64,
                    l.at(i).unwrap(),
                    "{l} at {i}"
                );
            }
            let MaybeComposed::Layout(back) = to_cute(&ll).unwrap() else {
                panic!("{l}: disjoint images give a plain layout")
            };
            for i in 0..n {
                assert_eq!(
                    back.at(i).unwrap(),
                    l.at(i).unwrap(),
                    "{l} -> {back} at {i}"
                );
            }
        }
        Err(LayoutError::NotLinear {
            image_a, image_b, ..
        }) => {
            assert_ne!(image_a & image_b, 0, "{l}");
        }
        Err(LayoutError::NegativeStrideUnsupported { .. }) => {}
        Err(e) => panic!("{l}: {e}"),
    }
}

fn check_composed(cl: &DynComposed, c: &mut Counts) {
    let l = cl.layout();
    let Ok(n) = l.size() else { return };
    if cl.offset() != 0 || n > 1 << 16 || l.flat().iter().any(|(s, _)| *s <= 0 || s & (s - 1) != 0)
    {
        return;
    }
    c.swizzled += 1;
    if let Ok(ll) = to_linear_composed(cl) {
        c.swizzled_linear += 1;
        for i in 0..n {
            assert_eq!(
                ll.apply(&[("in", i as u64)]).unwrap()[0] as i64,
                cl.at(i).unwrap(),
                "{cl} at {i}"
            );
        }
        let back = to_cute(&ll).unwrap();
        for i in 0..n {
            let v = match &back {
                MaybeComposed::Layout(b) => b.at(i).unwrap(),
                MaybeComposed::Composed(b) => b.at(i).unwrap(),
            };
            assert_eq!(v, cl.at(i).unwrap(), "{cl} -> {back} at {i}");
        }
    } else {
        assert!(to_linear(l).is_err(), "{cl}: the swizzle keeps linearity");
    }
}

fn check_basis(b: &DynBasisLayout, c: &mut Counts) {
    let Ok(n) = b.size() else { return };
    if n > 1 << 16 || b.basis_modes() == 0 {
        return;
    }
    c.basis += 1;
    let names: Vec<String> = (0..b.basis_modes()).map(|i| format!("dim{i}")).collect();
    let refs: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    if let Ok(ll) = to_linear_basis(b, &refs) {
        c.basis_linear += 1;
        for i in 0..n {
            let want = b.at(i).unwrap().components(refs.len());
            let got: Vec<i64> = ll
                .apply(&[("in", i as u64)])
                .unwrap()
                .iter()
                .map(|v| *v as i64)
                .collect();
            assert_eq!(got, want, "{b} at {i}");
        }
    }
}

fn visit(v: &Value, c: &mut Counts) {
    match v {
        Value::Layout(l) => check_layout(l, c),
        Value::Composed(cl) => check_composed(cl, c),
        Value::Basis(b) => check_basis(b, c),
        Value::Tensor(_) | Value::List(_) => {}
        _ => {}
    }
}

/// The `shape:stride` literals written in an expression.
fn literals(expr: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = expr.as_bytes();
    for (i, ch) in b.iter().enumerate() {
        if *ch != b':' {
            continue;
        }
        // Walk back over a balanced shape, forward over a balanced stride.
        let mut s = i;
        let mut depth = 0i32;
        while s > 0 {
            let p = b[s - 1];
            if p == b')' {
                depth += 1;
            } else if p == b'(' {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            } else if depth == 0 && !(p.is_ascii_digit() || p == b'_') {
                break;
            }
            s -= 1;
        }
        let mut e = i + 1;
        depth = 0;
        while e < b.len() {
            let p = b[e];
            if p == b'(' {
                depth += 1;
            } else if p == b')' {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            } else if depth == 0 && !(p.is_ascii_digit() || p == b'_' || p == b'-') {
                break;
            }
            e += 1;
        }
        out.push(expr[s..e].to_string());
    }
    out
}

#[test]
fn public_rows_convert_exactly() {
    let mut c = Counts::default();
    for data in [PUBLIC, EXT] {
        for line in data.lines().skip(1) {
            let expr = line.split('\t').nth(2).unwrap();
            if let Ok(v) = eval(expr) {
                visit(&v, &mut c);
            }
            for lit in literals(expr) {
                if let Ok(l) = lit.parse::<DynLayout>() {
                    check_layout(&l, &mut c);
                }
            }
        }
    }
    eprintln!("{c:?}");
    assert!(c.linear >= 100, "{c:?}");
    assert!(c.swizzled_linear >= 20, "{c:?}");
    assert!(c.basis_linear >= 10, "{c:?}");
}
