//! Expressions from bytes, and the properties every result must have.
//!
//! Shared by the proptest `tests/hostile_props.rs` and the cargo-fuzz
//! targets in `fuzz/` (which include this file by path), so both check the
//! same things:
//! - every line evaluates to one line of output, and no input panics;
//! - every result prints and evaluates back to itself;
//! - `composition(A, B)(i) == A(B(i))` for every `i` in `B`'s domain;
//! - the image of `complement(L, ...)` meets `L`'s only at offset 0;
//! - divides of injective layouts by injective tiles are injective, and so
//!   are products by a whole layout. Two exceptions follow CuTe, the oracle
//!   and the static path: a by-mode product multiplies each mode on its own
//!   (`logical_product((2,2):(1,2), <2,2>)` reaches offset 2 twice), and a
//!   tile that runs past `A`'s size uses CuTe's extension of `A` beyond its
//!   domain (`[ext]` in tests/data/ORACLE.md), which need not be injective
//!   (`logical_divide((2,2):(2,1), 8:1)`): divides are checked when the
//!   result has `A`'s size, i.e. the tiles stay inside `A`.
//!
//! - swizzled, tensor and recast calls: `values(X)` lists `size(X)` values
//!   or is refused by name; a swizzled inverse `R` of `C` has
//!   `C(R(i)) == i`; the `local_partition`s of a tensor over every thread
//!   index hold its values exactly once between them (when the threads
//!   divide it); a recast covers exactly the bits of its source.
//!
//! The generator draws small layouts (so the checks can enumerate them) with
//! now and then a huge extent or stride, to reach the overflow paths.

#![allow(dead_code)]

use cute_algebra::dynamic::{CoordTree, DynLayout, IntTree, Tiler};
use cute_algebra::eval::{Value, eval, eval_line};

/// Layouts up to this size are enumerated by the checks.
pub const LIMIT: i64 = 1 << 12;

/// A reader of fuzz bytes: zeros once they run out, so every input is an expression.
pub struct Bytes<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data, pos: 0 }
    }

    fn byte(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }

    /// A number below `n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        usize::from(self.byte()) % n
    }
}

const HUGE: [i64; 6] = [
    1 << 31,
    46341,
    1 << 62,
    i64::MAX,
    1_000_000_000_000_000_000,
    -(1 << 62),
];

fn extent(b: &mut Bytes) -> i64 {
    match b.below(32) {
        0 => HUGE[b.below(HUGE.len())].abs().max(1),
        1 => 0,
        2..=5 => 1,
        6..=9 => 8,
        k => (k % 6) as i64 + 1,
    }
}

fn stride(b: &mut Bytes) -> i64 {
    match b.below(32) {
        0 => HUGE[b.below(HUGE.len())],
        1..=6 => 0,
        7..=9 => -(b.below(4) as i64) - 1,
        10..=13 => 1,
        _ => b.below(33) as i64,
    }
}

/// Congruent shape and stride texts.
fn trees(b: &mut Bytes, depth: usize, shape: &mut String, strides: &mut String) {
    if depth >= 2 || b.below(3) > 0 {
        shape.push_str(&extent(b).to_string());
        strides.push_str(&stride(b).to_string());
        return;
    }
    let n = 1 + b.below(3);
    shape.push('(');
    strides.push('(');
    for i in 0..n {
        if i > 0 {
            shape.push(',');
            strides.push(',');
        }
        trees(b, depth + 1, shape, strides);
    }
    shape.push(')');
    strides.push(')');
}

/// A layout literal `S:D`, or now and then a bare shape.
pub fn layout(b: &mut Bytes) -> String {
    let (mut s, mut d) = (String::new(), String::new());
    trees(b, 0, &mut s, &mut d);
    if b.below(8) == 0 {
        s
    } else {
        format!("{s}:{d}")
    }
}

/// A shape (or profile, order, coordinate) of integers.
fn shape(b: &mut Bytes) -> String {
    let (mut s, mut d) = (String::new(), String::new());
    trees(b, 0, &mut s, &mut d);
    s
}

fn tiler(b: &mut Bytes, depth: usize) -> String {
    match b.below(6) {
        0 => extent(b).to_string(),
        1 if depth > 0 => "_".into(),
        2 if depth == 0 => {
            let n = 1 + b.below(3);
            let parts: Vec<String> = (0..n).map(|_| tiler(b, depth + 1)).collect();
            format!("<{}>", parts.join(", "))
        }
        3 if depth == 0 => shape(b),
        _ => layout(b),
    }
}

/// A layout argument: a literal, or now and then a call that gives one.
fn layout_arg(b: &mut Bytes, depth: usize) -> String {
    if depth == 0 && b.below(6) == 0 {
        let (op, args) = expr_at(b, 1);
        format!("{op}({})", args.join(", "))
    } else {
        layout(b)
    }
}

const OPS: [&str; 30] = [
    "composition",
    "complement",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
    "coalesce",
    "filter",
    "right_inverse",
    "left_inverse",
    "nullspace",
    "size",
    "cosize",
    "rank",
    "depth",
    "tile_to_shape",
    "make_layout",
    "make_layout_right",
    "make_ordered_layout",
    "crd2idx",
    "idx2crd",
    "slice",
    "domain_distribute",
    "make_layout",
];

/// A call: its name and argument texts. One call in four is on a
/// swizzled layout, a tensor or a recast.
pub fn expr(b: &mut Bytes) -> (&'static str, Vec<String>) {
    if b.below(4) == 0 {
        return tensor_expr(b);
    }
    expr_at(b, 0)
}

/// `Sw<B,M,S>` with the parameters CuTe accepts (`|S| >= B`), now and then
/// one it refuses.
fn swizzle(b: &mut Bytes) -> String {
    let bits = b.below(4);
    let base = b.below(5);
    let shift = (bits + b.below(3)) as i64 * if b.below(3) == 0 { -1 } else { 1 };
    if b.below(32) == 0 {
        return format!("Sw<{bits},{base},{}>", b.below(3));
    }
    format!("Sw<{bits},{base},{shift}>")
}

/// A swizzled layout `composition(Sw, L)` over a compact layout, so that
/// its values are small enough to enumerate.
fn swizzled(b: &mut Bytes) -> String {
    let sw = swizzle(b);
    let l = match b.below(4) {
        0 => layout(b),
        1 => format!("{}:1", 1 << b.below(9)),
        2 => format!(
            "({},{}):({},1)",
            1 << b.below(5),
            1 << b.below(5),
            1 << b.below(5)
        ),
        _ => format!("({},{})", 1 << b.below(5), 1 << b.below(5)),
    };
    format!("composition({sw}, {l})")
}

/// A tensor: counting over a layout or a swizzled layout, or an identity
/// tensor.
fn tensor(b: &mut Bytes) -> String {
    match b.below(3) {
        0 => format!("tensor({})", layout(b)),
        1 => format!("tensor({})", swizzled(b)),
        _ => format!("identity_tensor({})", shape(b)),
    }
}

/// A small thread layout for `local_partition`.
fn threads(b: &mut Bytes) -> String {
    match b.below(3) {
        0 => format!("{}:1", 1 << b.below(4)),
        1 => format!(
            "({},{}):({},1)",
            1 << b.below(3),
            1 << b.below(3),
            1 << b.below(3)
        ),
        _ => format!("({},{})", 1 << b.below(3), 1 << b.below(3)),
    }
}

const TENSOR_OPS: [&str; 10] = [
    "values",
    "right_inverse",
    "left_inverse",
    "slice",
    "zipped_divide",
    "local_partition",
    "local_tile",
    "outer_partition",
    "recast",
    "values",
];

fn tensor_expr(b: &mut Bytes) -> (&'static str, Vec<String>) {
    let op = TENSOR_OPS[b.below(TENSOR_OPS.len())];
    let a = match op {
        "values" => vec![match b.below(3) {
            0 => swizzled(b),
            1 => tensor(b),
            _ => layout(b),
        }],
        "right_inverse" | "left_inverse" => vec![swizzled(b)],
        "slice" => vec![tensor(b), shape(b).replace('8', "_")],
        "zipped_divide" => vec![swizzled(b), tiler(b, 0)],
        "local_partition" => vec![tensor(b), threads(b), extent(b).to_string()],
        "local_tile" | "outer_partition" => vec![tensor(b), shape(b), shape(b)],
        _ => {
            let bits = [8, 16, 32, 64];
            vec![
                format!("tensor({})", layout(b)),
                bits[b.below(4)].to_string(),
                bits[b.below(4)].to_string(),
            ]
        }
    };
    (op, a)
}

fn expr_at(b: &mut Bytes, depth: usize) -> (&'static str, Vec<String>) {
    let op = OPS[b.below(OPS.len())];
    let mut a = vec![layout_arg(b, depth)];
    match op {
        "composition" | "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide"
        | "logical_product" | "zipped_product" | "tiled_product" | "flat_product" => {
            a.push(tiler(b, 0))
        }
        "blocked_product" | "raked_product" => a.push(layout_arg(b, depth)),
        "complement" | "coalesce" | "filter" if b.below(2) == 0 => a.push(shape(b)),
        "tile_to_shape" => {
            a.push(shape(b));
            if b.below(2) == 0 {
                a.push(shape(b));
            }
        }
        "make_layout" => (0..b.below(3)).for_each(|_| a.push(layout_arg(b, depth))),
        "make_layout_right" => a[0] = shape(b),
        "make_ordered_layout" => {
            a[0] = shape(b);
            a.push(shape(b));
        }
        "crd2idx" | "slice" => a.push(shape(b).replace('8', "_")),
        "idx2crd" | "domain_distribute" => a.push(extent(b).to_string()),
        _ => {}
    }
    if b.below(64) == 0 {
        a.pop(); // a wrong number of arguments now and then
    }
    (op, a)
}

/// The layout an argument denotes (a bare shape is LayoutLeft).
fn as_layout(v: &Value) -> Option<DynLayout> {
    match v {
        Value::Layout(l) => Some(l.clone()),
        Value::Int(_) | Value::Tuple(_) => v.to_string().parse().ok(),
        _ => None,
    }
}

/// The offsets of `l`, if it is small enough to enumerate.
fn image(l: &DynLayout) -> Option<Vec<i64>> {
    let n = l.size().ok().filter(|&n| n <= LIMIT)?;
    (0..n).map(|i| l.at(i).ok()).collect()
}

fn injective(l: &DynLayout) -> Option<bool> {
    let mut v = image(l)?;
    v.sort_unstable();
    let n = v.len();
    v.dedup();
    Some(v.len() == n)
}

/// `Some(true)` if every layout in the tiler is injective.
fn tiler_injective(v: &Value) -> Option<bool> {
    fn go(t: &Tiler) -> Option<bool> {
        match t {
            Tiler::Layout(l) => injective(l),
            Tiler::Tuple(ts) => ts.iter().try_fold(true, |acc, t| Some(acc && go(t)?)),
            _ => Some(true),
        }
    }
    match v {
        Value::Tiler(t) => go(t),
        Value::Underscore => Some(true),
        v => injective(&as_layout(v)?),
    }
}

/// Check any text: one line of output, and a result (of `eval`, or of
/// parsing a layout, shape or coordinate) that prints and reads back to
/// itself. Returns the value of `eval`.
pub fn check_text(text: &str) -> Result<Option<Value>, String> {
    let line = eval_line(text);
    if line.contains('\n') || line.contains('\r') {
        return Err(format!(
            "{text:?}: the output is more than one line: {line:?}"
        ));
    }
    if let Ok(l) = text.parse::<DynLayout>() {
        same(text, &l, l.to_string().parse())?;
    }
    if let Ok(t) = text.parse::<IntTree>() {
        same(text, &t, t.to_string().parse())?;
    }
    if let Ok(t) = text.parse::<CoordTree>() {
        same(text, &t, t.to_string().parse())?;
    }
    let Ok(r) = eval(text) else { return Ok(None) };
    round_trip(text, &r)?;
    Ok(Some(r))
}

fn same<T: PartialEq + std::fmt::Display, E: std::fmt::Debug>(
    text: &str,
    v: &T,
    back: Result<T, E>,
) -> Result<(), String> {
    match back {
        Ok(w) if w == *v => Ok(()),
        Ok(w) => Err(format!("{text:?} parses to {v}, which reads back as {w}")),
        Err(e) => Err(format!("{text:?} parses to {v}, which reads back as {e:?}")),
    }
}

/// The value of a layout or swizzled layout at 1-D index `i`.
fn at(v: &Value, i: i64) -> Option<i64> {
    match v {
        Value::Layout(l) => l.at(i).ok(),
        Value::Composed(c) => c.at(i).ok(),
        _ => None,
    }
}

fn size_of(v: &Value) -> Option<i64> {
    match v {
        Value::Layout(l) => l.size().ok(),
        Value::Composed(c) => c.size().ok(),
        Value::Tensor(t) => t.layout.size().ok(),
        Value::ComposedTensor(t) => t.layout.size().ok(),
        Value::IdentityTensor(t) => t.layout.size().ok(),
        Value::Basis(l) => l.size().ok(),
        _ => None,
    }
}

/// A list's items as printed (`values` of any kind), sorted.
fn sorted_items(v: &Value) -> Option<Vec<String>> {
    let Value::List(items) = v else { return None };
    let mut out: Vec<String> = items.iter().map(|x| x.to_string()).collect();
    out.sort();
    Some(out)
}

/// The swizzle, tensor and recast properties.
fn check_tensor(op: &str, args: &[String], text: &str, r: &Value) -> Result<(), String> {
    let Ok(x) = eval(&args[0]) else { return Ok(()) };
    // A bare shape or integer is a (column-major) layout.
    let x = as_layout(&x).map_or(x, Value::Layout);
    match op {
        "values" => {
            let (Value::List(items), Some(n)) = (r, size_of(&x)) else {
                return Ok(());
            };
            if items.len() as i64 != n {
                return Err(format!("{text}: {} values for size {n}", items.len()));
            }
            if let (Value::Layout(_) | Value::Composed(_), true) = (&x, n <= LIMIT) {
                for (i, item) in items.iter().enumerate() {
                    if at(&x, i as i64).map(Value::Int).as_ref() != Some(item) {
                        return Err(format!("{text}: value {i} is {item}, not the function's"));
                    }
                }
            }
        }
        "right_inverse" | "left_inverse" => {
            // A left inverse undoes only an injective layout.
            let plain_not_injective = match &x {
                Value::Layout(l) => injective(l) != Some(true),
                _ => false,
            };
            if op == "left_inverse" && plain_not_injective {
                return Ok(());
            }
            let n = if op == "right_inverse" {
                size_of(r)
            } else {
                size_of(&x)
            };
            for i in 0..n.unwrap_or(0).min(LIMIT) {
                let back = if op == "right_inverse" {
                    at(r, i).and_then(|j| at(&x, j))
                } else {
                    at(&x, i).and_then(|j| at(r, j))
                };
                if back != Some(i) {
                    return Err(format!("{text} = {r}: {op} fails at {i} ({back:?})"));
                }
            }
        }
        "local_partition" => {
            let (Some(n), Ok(thr)) = (size_of(&x), args[1].parse::<DynLayout>()) else {
                return Ok(());
            };
            let (Ok(t), Some(all)) = (
                thr.size(),
                eval(&format!("values({})", args[0]))
                    .ok()
                    .as_ref()
                    .and_then(sorted_items),
            ) else {
                return Ok(());
            };
            // The threads cover the tile once each only where the thread
            // layout is a bijection onto 0..size (CuTe reads a thread's
            // coordinate through it).
            let bijective = image(&thr).is_some_and(|mut v| {
                v.sort_unstable();
                v.iter().copied().eq(0..t)
            });
            if n > LIMIT || !bijective {
                return Ok(());
            }
            let mut got = Vec::new();
            for idx in 0..t {
                let e = format!("values(local_partition({}, {}, {idx}))", args[0], args[1]);
                match eval(&e).ok().as_ref().and_then(sorted_items) {
                    Some(v) => got.extend(v),
                    None => return Ok(()),
                }
            }
            got.sort();
            if got.len() as i64 == n && got != all {
                return Err(format!(
                    "{text}: the partitions over {t} threads do not hold the tensor's values once each"
                ));
            }
        }
        "recast" => {
            let (Value::Tensor(src), Value::Tensor(dst)) = (&x, r) else {
                return Ok(());
            };
            let (Ok(old), Ok(new)) = (args[1].parse::<i64>(), args[2].parse::<i64>()) else {
                return Ok(());
            };
            let (Ok(a), Ok(b)) = (src.values(), dst.values()) else {
                return Ok(());
            };
            if (a.len() as i64) * old > LIMIT * 64 {
                return Ok(());
            }
            let bits = |v: &[i64], w: i64| {
                let mut out: Vec<i64> = v
                    .iter()
                    .flat_map(|&o| (0..w).map(move |k| o * w + k))
                    .collect();
                out.sort_unstable();
                out
            };
            if bits(&a, old) != bits(&b, new) {
                return Err(format!(
                    "{text} = {r}: the recast does not cover its source's bits exactly"
                ));
            }
        }
        _ => {}
    }
    Ok(())
}

/// Check one call; `Err` describes the broken property.
pub fn check(op: &str, args: &[String]) -> Result<(), String> {
    let text = format!("{op}({})", args.join(", "));
    let Some(r) = check_text(&text)? else {
        return Ok(());
    };
    if TENSOR_OPS.contains(&op) && op != "slice" && op != "zipped_divide" {
        return check_tensor(op, args, &text, &r);
    }
    let vals: Vec<Value> = match args.iter().map(|a| eval(a)).collect() {
        Ok(v) => v,
        Err(_) => return Ok(()),
    };
    let Value::Layout(res) = &r else {
        return Ok(());
    };
    match op {
        "composition" => {
            let (Some(a), Value::Layout(b)) = (as_layout(&vals[0]), &vals[1]) else {
                return Ok(());
            };
            if res.size() != b.size() {
                return Err(format!("{text} = {res}: size differs from B's"));
            }
            let n = b.size().unwrap_or(0).min(LIMIT);
            for i in 0..n {
                let (Ok(bi), Ok(ri)) = (b.at(i), res.at(i)) else {
                    return Err(format!("{text} = {res}: not defined at {i}"));
                };
                if a.at(bi) != Ok(ri) {
                    return Err(format!(
                        "{text} = {res}: R({i}) = {ri} but A(B({i})) = {:?}",
                        a.at(bi)
                    ));
                }
            }
        }
        "complement" => {
            let Some(l) = as_layout(&vals[0]) else {
                return Ok(());
            };
            if let (Some(li), Some(ri)) = (image(&l), image(res)) {
                let set: std::collections::HashSet<i64> = li.into_iter().collect();
                if let Some(x) = ri.iter().find(|&&x| x != 0 && set.contains(&x)) {
                    return Err(format!("{text} = {res}: offset {x} is in both images"));
                }
            }
        }
        // A by-mode product (a tuple tiler) multiplies each mode on its
        // own, and the modes' products may share offsets, as in CuTe; the
        // property holds for whole-layout products and for every divide.
        op if op.ends_with("_product") && matches!(vals[1], Value::Tiler(_) | Value::Tuple(_)) => {}
        op if op.ends_with("_divide") || op.ends_with("_product") => {
            let Some(a) = as_layout(&vals[0]) else {
                return Ok(());
            };
            let inside = op.ends_with("_product") || res.size() == a.size();
            if inside
                && injective(&a) == Some(true)
                && tiler_injective(&vals[1]) == Some(true)
                && injective(res) == Some(false)
            {
                return Err(format!(
                    "{text} = {res}: injective inputs, overlapping result"
                ));
            }
        }
        _ => {}
    }
    Ok(())
}

/// A result prints and evaluates back to itself (a `values` list prints
/// space-separated and a tensor prints its iterator, for reading, not as
/// expressions).
fn round_trip(text: &str, v: &Value) -> Result<(), String> {
    if let Value::List(_) | Value::Tensor(_) | Value::ComposedTensor(_) | Value::IdentityTensor(_) =
        v
    {
        return Ok(());
    }
    let printed = v.to_string();
    match eval(&printed) {
        Ok(w) if w == *v => Ok(()),
        other => Err(format!("{text} = {printed}, which evaluates to {other:?}")),
    }
}
