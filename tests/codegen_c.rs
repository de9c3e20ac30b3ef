//! The C expressions of `cute_algebra::codegen`, compiled with the system C
//! compiler (`cc`) and checked against `crd2idx` at every coordinate:
//! - every oracle row (`tests/data/public.tsv`, and the `swizzle` family of
//!   `public-ext.tsv`) whose result is a layout or a swizzled layout;
//! - every `basis` row whose result is a basis-strided layout, rendered per
//!   coordinate component and checked against the row's `values`;
//! - random layouts whose leaves are partly runtime parameters, random
//!   swizzles with offsets, and typed layouts with runtime extents.
//!
//! Each layout is rendered twice: from its 1-D index (`idx2offset`) and
//! from a flat coordinate, one integer per top-level mode (`crd2idx`).
//! Everything goes into one C program, compiled once.

use std::fmt::Write as _;
use std::process::Command;

use cute_algebra::codegen::{CCoord, CLayout, CTerm, CTree};
use cute_algebra::dynamic::{DynLayout, IntTree};
use cute_algebra::eval::{Value, eval};
use cute_algebra::prelude::*;
use cute_algebra::swizzle::DynSwizzle;

/// The largest layout checked element by element (keeps the program small).
const MAX_SIZE: i64 = 1 << 14;

/// One case: the rendered layout and its expected values.
struct Case {
    name: String,
    layout: CLayout,
    /// The top-level coordinate of each index, and the expected value: an
    /// offset, or a coordinate's components for basis strides.
    points: Vec<(Vec<i64>, Vec<i64>)>,
    /// `true` when the value is a coordinate (basis strides).
    basis: bool,
}

/// The top-level shape's sizes (an integer shape is one mode).
fn mode_sizes(shape: &IntTree) -> Vec<i64> {
    fn size(t: &IntTree) -> i64 {
        match t {
            IntTree::Int(v) => *v,
            IntTree::Tuple(v) => v.iter().map(size).product(),
        }
    }
    match shape {
        IntTree::Int(v) => vec![*v],
        IntTree::Tuple(v) => v.iter().map(size).collect(),
    }
}

/// Colexicographic split of `i` over `sizes`.
fn split(mut i: i64, sizes: &[i64]) -> Vec<i64> {
    sizes
        .iter()
        .map(|&s| {
            let c = i % s;
            i /= s;
            c
        })
        .collect()
}

fn case(name: String, layout: CLayout, shape: &IntTree, at: impl Fn(i64) -> i64) -> Case {
    let sizes = mode_sizes(shape);
    let n: i64 = sizes.iter().product();
    let points = (0..n).map(|i| (split(i, &sizes), vec![at(i)])).collect();
    Case {
        name,
        layout,
        points,
        basis: false,
    }
}

/// A printed basis-strided layout (`(_4,_2):(_1@0,_1@1)`, `_` dropped) as
/// shape and stride trees; the stride leaves `k@i` become bases.
fn parse_basis_layout(text: &str) -> (CTree, CTree, IntTree) {
    fn tree(s: &[u8], pos: &mut usize, leaf: &dyn Fn(&str) -> CTree) -> CTree {
        if s[*pos] == b'(' {
            *pos += 1;
            let mut v = Vec::new();
            loop {
                v.push(tree(s, pos, leaf));
                *pos += 1; // ',' or ')'
                if s[*pos - 1] == b')' {
                    return CTree::Tuple(v);
                }
            }
        }
        let start = *pos;
        while *pos < s.len() && !b",)".contains(&s[*pos]) {
            *pos += 1;
        }
        leaf(std::str::from_utf8(&s[start..*pos]).unwrap())
    }
    fn ints(t: &CTree) -> IntTree {
        match t {
            CTree::Leaf(CTerm::Lit(v)) => IntTree::Int(*v),
            CTree::Tuple(v) => IntTree::Tuple(v.iter().map(ints).collect()),
            _ => unreachable!("a shape"),
        }
    }
    let text = text.replace('_', "");
    let (sh, st) = text.split_once(':').unwrap();
    let lit = |x: &str| CTree::Leaf(CTerm::Lit(x.parse().unwrap()));
    let basis = |x: &str| match x.split_once('@') {
        Some((k, i)) => CTree::Basis {
            scale: CTerm::Lit(k.parse().unwrap()),
            mode: i.parse().unwrap(),
        },
        None => CTree::Leaf(CTerm::Lit(x.parse().unwrap())),
    };
    let shape = tree(sh.as_bytes(), &mut 0, &lit);
    let stride = tree(st.as_bytes(), &mut 0, &basis);
    let int_shape = ints(&shape);
    (shape, stride, int_shape)
}

/// Every `basis` row whose result is a layout: its printed result rendered
/// per component, against the row's `values` (CuTe's coordinates).
fn basis_cases() -> Vec<Case> {
    let mut out = Vec::new();
    for line in include_str!("data/public-ext.tsv").lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols[1] != "basis" || !cols[3].contains(':') {
            continue;
        }
        let (shape, stride, int_shape) = parse_basis_layout(cols[3]);
        let layout = CLayout::new(shape, stride);
        let sizes = mode_sizes(&int_shape);
        let values: Vec<Vec<i64>> = cols[4]
            .split(' ')
            .map(|v| {
                let v = v.replace('_', "");
                // CuTe prints a value with one basis as `k@i`: component i.
                if let Some((k, i)) = v.split_once('@') {
                    let i: usize = i.parse().unwrap();
                    let mut c = vec![0; i + 1];
                    c[i] = k.parse().unwrap();
                    return c;
                }
                v.trim_matches(|c| c == '(' || c == ')')
                    .split(',')
                    .map(|x| x.parse().unwrap())
                    .collect()
            })
            .collect();
        let points = values
            .into_iter()
            .enumerate()
            .map(|(i, v)| (split(i as i64, &sizes), v))
            .collect();
        out.push(Case {
            name: cols[0].into(),
            layout,
            points,
            basis: true,
        });
    }
    out
}

fn oracle_cases() -> Vec<Case> {
    let mut out = Vec::new();
    let rows = include_str!("data/public.tsv")
        .lines()
        .chain(include_str!("data/public-ext.tsv").lines())
        .skip(1);
    for line in rows {
        let cols: Vec<&str> = line.split('\t').collect();
        let (id, expr) = (cols[0], cols[2]);
        if cols[1] != "swizzle" && !id.starts_with(['g', 'd']) {
            continue; // basis strides and tensors are not layouts of integers
        }
        match eval(expr) {
            Ok(Value::Layout(l)) if l.size().is_ok_and(|n| n <= MAX_SIZE) => {
                let c = CLayout::from_dyn(&l);
                out.push(case(id.into(), c, &l.shape(), |i| l.at(i).unwrap()));
            }
            Ok(Value::Composed(c)) if c.size().is_ok_and(|n| n <= MAX_SIZE) => {
                let cl = CLayout::from_composed(&c);
                out.push(case(id.into(), cl, &c.shape(), |i| c.at(i).unwrap()));
            }
            _ => {}
        }
    }
    out
}

/// A small deterministic generator (the program must be reproducible).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: u64) -> i64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n) as i64
    }
}

/// A random tree of `(shape, stride)` leaves: depth <= 2, extents 1..=6,
/// strides -8..=24 (zero included).
fn random_layout(g: &mut Lcg) -> DynLayout {
    fn tree(g: &mut Lcg, depth: u32) -> (IntTree, IntTree) {
        if depth == 0 || g.next(3) == 0 {
            return (IntTree::Int(1 + g.next(6)), IntTree::Int(g.next(33) - 8));
        }
        let (s, d) = (0..1 + g.next(3)).map(|_| tree(g, depth - 1)).unzip();
        (IntTree::Tuple(s), IntTree::Tuple(d))
    }
    loop {
        let (s, d) = tree(g, 2);
        if let Ok(l) = DynLayout::new(s, d) {
            return l;
        }
    }
}

/// The layout with about a third of its leaves turned into parameters.
fn with_params(l: &DynLayout, g: &mut Lcg, tag: &str) -> CLayout {
    fn walk(t: &IntTree, g: &mut Lcg, name: &str, k: &mut usize) -> CTree {
        match t {
            IntTree::Int(v) => {
                *k += 1;
                CTree::Leaf(if g.next(3) == 0 {
                    CTerm::Param {
                        name: format!("{name}{k}"),
                        value: *v,
                    }
                } else {
                    CTerm::Lit(*v)
                })
            }
            IntTree::Tuple(v) => CTree::Tuple(v.iter().map(|c| walk(c, g, name, k)).collect()),
        }
    }
    let s = walk(&l.shape(), g, &format!("{tag}_s"), &mut 0);
    let d = walk(&l.stride(), g, &format!("{tag}_d"), &mut 0);
    CLayout::new(s, d)
}

fn random_cases() -> Vec<Case> {
    let mut g = Lcg(0x5eed);
    let mut out = Vec::new();
    for k in 0..300 {
        let l = random_layout(&mut g);
        let name = format!("r{k}");
        let c = with_params(&l, &mut g, &name);
        out.push(case(name, c, &l.shape(), |i| l.at(i).unwrap()));
    }
    for k in 0..200 {
        let l = random_layout(&mut g);
        let (b, m) = (g.next(4) as u32, g.next(4) as u32);
        let s = (b + g.next(3) as u32) as i32 * if g.next(2) == 0 { 1 } else { -1 };
        let sw = DynSwizzle::new(b, m, s).unwrap();
        let off = g.next(64);
        let name = format!("w{k}");
        let c = with_params(&l, &mut g, &name).with_swizzle(
            sw,
            CTerm::Param {
                name: format!("{name}_o"),
                value: off,
            },
        );
        out.push(case(name, c, &l.shape(), |i| {
            sw.apply(off + l.at(i).unwrap())
        }));
    }
    out
}

/// Typed layouts with runtime extents and strides (named parameters).
fn typed_cases() -> Vec<Case> {
    let mut out = Vec::new();
    for (m, n) in [(3, 5), (8, 7), (1, 9)] {
        let m2 = 2 * m;
        let l = layout![(m, (2, n)) : (1, (m, m2))];
        let d = l.to_dyn();
        let c = CLayout::from_layout(&l, &format!("t{m}{n}"));
        out.push(case(format!("t{m}{n}"), c, &d.shape(), |i| {
            d.at(i).unwrap()
        }));
    }
    let sw = cute_algebra::swizzle::Swizzle::<3, 2, 3>;
    let o: i32 = 96;
    let c = cute_algebra::swizzle::ComposedLayout::new(sw, o, layout![(16, 32) : (32, 1)]);
    let d = c.try_to_dyn().unwrap();
    let cl = CLayout::from_composed_layout(&c, "ts");
    out.push(case("ts".into(), cl, &d.shape(), |i| d.at(i).unwrap()));
    out
}

fn program(cases: &[Case]) -> String {
    let mut p = String::from("#include <stdio.h>\nstatic long long bad = 0, checked = 0;\n");
    for c in cases {
        for (name, value) in c.layout.params() {
            writeln!(p, "long long {name} = {value};").unwrap();
        }
        let r = c.points[0].0.len();
        let vars: Vec<String> = (0..r).map(|k| format!("c{k}")).collect();
        let flat = CCoord::Tuple(vars.iter().map(|v| CCoord::Var(v.clone())).collect());
        let one = CCoord::Var("i".into());
        let (by_idx, by_crd) = if c.basis {
            let comps = |x: &CCoord| c.layout.crd2idx_components(x).unwrap();
            (comps(&one), comps(&flat))
        } else {
            let names: Vec<&str> = vars.iter().map(String::as_str).collect();
            (
                vec![c.layout.idx2offset("i")],
                vec![c.layout.crd2idx(&names)],
            )
        };
        let args: Vec<String> = vars.iter().map(|v| format!("long long {v}")).collect();
        let n = &c.name;
        for (k, (e_idx, e_crd)) in by_idx.iter().zip(&by_crd).enumerate() {
            writeln!(
                p,
                "static long long {n}_idx{k}(long long i) {{ return {e_idx}; }}\n\
                 static long long {n}_crd{k}({}) {{ return {e_crd}; }}",
                args.join(", ")
            )
            .unwrap();
        }
        let comps = by_idx.len();
        assert_eq!(comps, c.points[0].1.len(), "{n}: components");
        let exp: Vec<String> = c
            .points
            .iter()
            .map(|(_, w)| {
                let w: Vec<String> = w.iter().map(|x| format!("{x}LL")).collect();
                format!("{{{}}}", w.join(","))
            })
            .collect();
        let crd: Vec<String> = c
            .points
            .iter()
            .map(|(x, _)| {
                let x: Vec<String> = x.iter().map(i64::to_string).collect();
                format!("{{{}}}", x.join(","))
            })
            .collect();
        let call: Vec<String> = (0..r).map(|k| format!("crd[i][{k}]")).collect();
        writeln!(
            p,
            "static void {n}_check(void) {{\n\
             \x20 static const long long exp[][{comps}] = {{{}}};\n\
             \x20 static const long long crd[][{r}] = {{{}}};\n\
             \x20 for (long long i = 0; i < {len}; i++) {{",
            exp.join(","),
            crd.join(","),
            len = c.points.len(),
        )
        .unwrap();
        for k in 0..comps {
            writeln!(
                p,
                "    checked += 2;\n\
                 \x20   if ({n}_idx{k}(i) != exp[i][{k}]) {{ bad++; printf(\"{n} idx %lld comp {k}: %lld != %lld\\n\", i, {n}_idx{k}(i), exp[i][{k}]); }}\n\
                 \x20   if ({n}_crd{k}({c}) != exp[i][{k}]) {{ bad++; printf(\"{n} crd %lld comp {k}\\n\", i); }}",
                c = call.join(", ")
            )
            .unwrap();
        }
        p.push_str("  }\n}\n");
    }
    p.push_str("int main(void) {\n");
    for c in cases {
        writeln!(p, "  {}_check();", c.name).unwrap();
    }
    p.push_str("  printf(\"checked %lld bad %lld\\n\", checked, bad);\n  return bad != 0;\n}\n");
    p
}

#[test]
fn rendered_expressions_equal_crd2idx_everywhere() {
    let oracle = oracle_cases();
    assert!(oracle.len() >= 200, "only {} oracle layouts", oracle.len());
    eprintln!("{} oracle layouts", oracle.len());
    let mut cases = oracle;
    let basis = basis_cases();
    assert_eq!(basis.len(), 35, "the basis rows whose result is a layout");
    cases.extend(basis);
    cases.extend(random_cases());
    cases.extend(typed_cases());
    let points: usize = cases
        .iter()
        .map(|c| c.points.len() * c.points[0].1.len())
        .sum();

    let dir = std::env::temp_dir().join(format!("cute_codegen_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("check.c");
    let exe = dir.join("check");
    std::fs::write(&src, program(&cases)).unwrap();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let built = Command::new(&cc)
        .args(["-O0", "-w", "-o"])
        .arg(&exe)
        .arg(&src)
        .output()
        .unwrap_or_else(|e| panic!("the C compiler `{cc}` is needed for this test: {e}"));
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let run = Command::new(&exe).output().unwrap();
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{out}");
    assert_eq!(
        out.lines().last(),
        Some(format!("checked {} bad 0", 2 * points).as_str()),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
