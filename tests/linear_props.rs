//! Each linear-layout operation's defining property, checked by brute force
//! over every input of many random layouts, and the CuTe bridge checked at
//! every index: `to_linear(L)` equals `L` where the images of the input
//! bits are disjoint and fails exactly where two of them share a bit;
//! `to_cute` gives back a CuTe layout with the same function.
//!
//! `LINEAR_CASES=N` sets the number of random layouts per test (default
//! 1000); `scripts/linear-props.sh` runs the 100,000-layout sweep.

use cute_algebra::dynamic::{DynLayout, IntTree};
use cute_algebra::linear::{
    LinearLayout, bank_conflicts, to_cute, to_linear, to_linear_composed, to_linear_modes,
};
use cute_algebra::swizzle::{DynComposed, DynSwizzle, MaybeComposed};
use proptest::prelude::*;

fn cases() -> u32 {
    std::env::var("LINEAR_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000)
}

/// A small deterministic generator, so that one proptest seed draws a whole
/// layout.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const INS: [&str; 4] = ["register", "lane", "warp", "block"];
const OUTS: [&str; 3] = ["dim0", "dim1", "dim2"];

/// A random layout: 1-3 input dimensions of 0-4 bits, 1-3 output
/// dimensions of 0-4 bits, uniform bases (some forced to 0).
fn random(seed: u64, ins: &[&str], outs: &[&str]) -> LinearLayout {
    let mut r = Rng(seed | 1);
    let n_in = 1 + r.below(ins.len() as u64) as usize;
    let n_out = 1 + r.below(outs.len() as u64) as usize;
    let out_bits: Vec<u32> = (0..n_out).map(|_| r.below(5) as u32).collect();
    let bases: Vec<(&str, Vec<Vec<u64>>)> = ins[..n_in]
        .iter()
        .map(|n| {
            let k = r.below(5);
            let b = (0..k)
                .map(|_| {
                    let zero = r.below(6) == 0;
                    out_bits
                        .iter()
                        .map(|k| if zero { 0 } else { r.below(1 << k) })
                        .collect()
                })
                .collect();
            (*n, b)
        })
        .collect();
    let outs: Vec<(&str, i64)> = outs[..n_out]
        .iter()
        .copied()
        .zip(out_bits.iter().map(|k| 1i64 << k))
        .collect();
    LinearLayout::new(&bases, &outs, false).unwrap()
}

/// `l` with one more input dimension, `extra`, that reaches every output
/// bit: a surjective layout.
fn surjective(l: LinearLayout) -> LinearLayout {
    let outs = l.out_dims();
    let mut bases = Vec::new();
    for (i, (_, s)) in outs.iter().enumerate() {
        for b in 0..s.trailing_zeros() {
            bases.push(
                (0..outs.len())
                    .map(|j| if j == i { 1u64 << b } else { 0 })
                    .collect(),
            );
        }
    }
    let extra = LinearLayout::new(&[("extra", bases)], &outs, true).unwrap();
    l.concat_ins(&extra).unwrap()
}

/// A random CuTe layout whose bit images are disjoint: power-of-two
/// extents in a random order, compact, some modes of stride 0.
fn linear_cute_layout(seed: u64) -> DynLayout {
    let mut r = Rng(seed | 1);
    let rank = 1 + r.below(3) as usize;
    let shape: Vec<i64> = (0..rank).map(|_| 1 << r.below(4)).collect();
    let mut order: Vec<usize> = (0..rank).collect();
    for i in (1..rank).rev() {
        order.swap(i, r.below(i as u64 + 1) as usize);
    }
    let mut stride = vec![0i64; rank];
    let mut acc = 1;
    for &k in &order {
        if r.below(4) != 0 {
            stride[k] = acc;
            acc *= shape[k];
        }
    }
    let t = |v: &[i64]| IntTree::Tuple(v.iter().map(|&x| IntTree::Int(x)).collect());
    DynLayout::new(t(&shape), t(&stride)).unwrap()
}

/// Every input of `l`, as values per input dimension.
fn inputs(l: &LinearLayout) -> Vec<Vec<(&str, u64)>> {
    let dims = l.in_dims();
    let total: u64 = dims.iter().map(|d| d.1 as u64).product();
    (0..total)
        .map(|mut x| {
            dims.iter()
                .map(|&(n, s)| {
                    let v = x % s as u64;
                    x /= s as u64;
                    (n, v)
                })
                .collect()
        })
        .collect()
}

/// The output as one integer, the output dimensions concatenated.
fn flat_out(l: &LinearLayout, ys: &[u64]) -> u64 {
    let mut shift = 0;
    let mut acc = 0;
    for ((_, s), y) in l.out_dims().iter().zip(ys) {
        acc |= y << shift;
        shift += s.trailing_zeros();
    }
    acc
}

fn flat_in(l: &LinearLayout, xs: &[(&str, u64)]) -> u64 {
    let mut shift = 0;
    let mut acc = 0;
    for ((_, s), (_, x)) in l.in_dims().iter().zip(xs) {
        acc |= x << shift;
        shift += s.trailing_zeros();
    }
    acc
}

fn apply(l: &LinearLayout, xs: &[(&str, u64)]) -> Vec<u64> {
    l.apply(xs).unwrap()
}

/// A random CuTe layout with power-of-two extents and strides from
/// `0..64` (so some are linear, some not).
fn cute_layout(seed: u64) -> DynLayout {
    let mut r = Rng(seed | 1);
    let rank = 1 + r.below(3) as usize;
    let mut shape = Vec::new();
    let mut stride = Vec::new();
    for _ in 0..rank {
        shape.push(IntTree::Int(1 << r.below(4)));
        let s = match r.below(3) {
            0 => 1 << r.below(7),
            1 => r.below(64) as i64,
            _ => 0,
        };
        stride.push(IntTree::Int(s));
    }
    DynLayout::new(IntTree::Tuple(shape), IntTree::Tuple(stride)).unwrap()
}

/// Whether the layout's sum is the XOR of its bit images at every index.
fn linear_by_brute_force(l: &DynLayout) -> bool {
    let n = l.size().unwrap();
    let imgs: Vec<i64> = (0..n.trailing_zeros())
        .map(|b| l.at(1 << b).unwrap())
        .collect();
    (0..n).all(|i| {
        let x = imgs
            .iter()
            .enumerate()
            .filter(|(b, _)| (i >> b) & 1 == 1)
            .fold(0, |a, (_, v)| a ^ v);
        l.at(i).unwrap() == x
    })
}

fn cute_values(m: &MaybeComposed, n: i64) -> Vec<i64> {
    (0..n)
        .map(|i| match m {
            MaybeComposed::Layout(l) => l.at(i).unwrap(),
            MaybeComposed::Composed(c) => c.at(i).unwrap(),
        })
        .collect()
}

proptest! {
    // Two tests draw only some layouts (surjective ones, products of at
    // most 12 input bits): rejects allowed in proportion to the cases.
    #![proptest_config(ProptestConfig {
        cases: cases(),
        max_global_rejects: cases().saturating_mul(10),
        ..ProptestConfig::default()
    })]

    #[test]
    fn apply_is_xor_of_bit_images(seed in any::<u64>()) {
        let l = random(seed, &INS, &OUTS);
        let imgs = l.flatten_ins().flatten_outs();
        for xs in inputs(&l) {
            let i = flat_in(&l, &xs);
            let want = (0..64).filter(|b| (i >> b) & 1 == 1).fold(0u64, |acc, b| {
                acc ^ imgs.bases()[0].1[b][0]
            });
            prop_assert_eq!(flat_out(&l, &apply(&l, &xs)), want);
        }
    }

    #[test]
    fn compose_is_function_composition(seed in any::<u64>(), seed2 in any::<u64>()) {
        let a = random(seed, &INS, &OUTS);
        // The outer layout's inputs are a's outputs, each at least as large.
        let mut r = Rng(seed2 | 1);
        let ins: Vec<(&str, Vec<Vec<u64>>)> = a.out_dims().iter().map(|&(n, s)| {
            let k = s.trailing_zeros() as u64 + r.below(2);
            (n, (0..k).map(|_| vec![r.below(16), r.below(4)]).collect())
        }).collect();
        let b = LinearLayout::new(&ins, &[("x", 16), ("y", 4)], false).unwrap();
        let c = a.compose(&b).unwrap();
        for xs in inputs(&a) {
            let mid = apply(&a, &xs);
            let names = a.out_dim_names();
            let m: Vec<(&str, u64)> = names.iter().copied().zip(mid).collect();
            prop_assert_eq!(apply(&c, &xs), apply(&b, &m));
        }
    }

    #[test]
    fn product_puts_outer_above_inner(seed in any::<u64>(), seed2 in any::<u64>()) {
        let a = random(seed, &INS, &OUTS);
        let b = random(seed2, &INS, &OUTS);
        let c = a.mul(&b).unwrap();
        prop_assume!(c.total_in_bits() <= 12);
        for xs in inputs(&c) {
            // Split each input into a's low bits and b's high bits.
            let lo: Vec<(&str, u64)> = a.in_dims().iter().map(|&(n, s)| {
                (n, xs.iter().find(|p| p.0 == n).unwrap().1 % s as u64)
            }).collect();
            let hi: Vec<(&str, u64)> = b.in_dims().iter().map(|&(n, _)| {
                let x = xs.iter().find(|p| p.0 == n).unwrap().1;
                (n, x >> a.in_dim_size_log2(n).unwrap_or(0))
            }).collect();
            let ya = apply(&a, &lo);
            let yb = apply(&b, &hi);
            let y = apply(&c, &xs);
            for (o, (name, _)) in c.out_dims().iter().enumerate() {
                let va = a.out_dim_names().iter().position(|n| n == name).map_or(0, |i| ya[i]);
                let vb = b.out_dim_names().iter().position(|n| n == name).map_or(0, |i| yb[i]);
                let shift = a.out_dim_size_log2(name).unwrap_or(0);
                prop_assert_eq!(y[o], va ^ (vb << shift));
            }
        }
    }

    #[test]
    fn injective_and_surjective_by_counting(seed in any::<u64>()) {
        let l = random(seed, &INS, &OUTS);
        let mut seen = std::collections::HashSet::new();
        for xs in inputs(&l) {
            seen.insert(flat_out(&l, &apply(&l, &xs)));
        }
        let n_in: i64 = l.in_dims().iter().map(|d| d.1).product();
        let n_out: i64 = l.out_dims().iter().map(|d| d.1).product();
        prop_assert_eq!(l.is_injective(), seen.len() as i64 == n_in);
        prop_assert_eq!(l.is_surjective(), seen.len() as i64 == n_out);
        prop_assert_eq!(l.is_invertible(), seen.len() as i64 == n_out && n_in == n_out);
        prop_assert_eq!(1usize << l.rank(), seen.len());
    }

    #[test]
    fn pseudoinverse_is_a_right_inverse(seed in any::<u64>()) {
        let l = random(seed, &INS, &OUTS);
        let l = if l.is_surjective() || seed % 2 == 0 { l } else { surjective(l) };
        prop_assume!(l.is_surjective());
        let p = l.pseudoinvert().unwrap();
        for ys in inputs(&p) {
            let x = apply(&p, &ys);
            let xs: Vec<(&str, u64)> = l.in_dim_names().into_iter().zip(x).collect();
            prop_assert_eq!(apply(&l, &xs), ys.iter().map(|p| p.1).collect::<Vec<_>>());
        }
        if l.is_invertible() {
            let inv = l.invert().unwrap();
            for xs in inputs(&l) {
                let y = apply(&l, &xs);
                let ys: Vec<(&str, u64)> = l.out_dim_names().into_iter().zip(y).collect();
                prop_assert_eq!(apply(&inv, &ys), xs.iter().map(|p| p.1).collect::<Vec<_>>());
            }
        } else {
            prop_assert!(l.invert().is_err());
        }
    }

    #[test]
    fn invert_and_compose_solves_a_eq_b_of_c(seed in any::<u64>(), seed2 in any::<u64>()) {
        let b = random(seed2, &["lane", "offset"], &OUTS);
        let b = if b.is_surjective() { b } else { surjective(b) };
        // a: the same outputs and sizes, its own inputs.
        let mut r = Rng(seed | 1);
        let ins: Vec<(&str, Vec<Vec<u64>>)> = ["register", "lane"].iter().map(|n| {
            (*n, (0..r.below(4)).map(|_| b.out_dims().iter().map(|d| r.below(d.1 as u64)).collect()).collect())
        }).collect();
        let a = LinearLayout::new(&ins, &b.out_dims(), false).unwrap();
        let c = a.invert_and_compose(&b).unwrap();
        for xs in inputs(&a) {
            let z = apply(&c, &xs);
            let zs: Vec<(&str, u64)> = b.in_dim_names().into_iter().zip(z).collect();
            prop_assert_eq!(apply(&b, &zs), apply(&a, &xs));
        }
    }

    #[test]
    fn free_variables_are_the_dependent_bits(seed in any::<u64>()) {
        let l = random(seed, &INS, &OUTS);
        let masks = l.free_variable_masks();
        let free: u32 = masks.iter().map(|m| m.1.count_ones()).sum();
        prop_assert_eq!(free as usize + l.rank(), l.total_in_bits());
        // Each free bit's image is a XOR of the images of the bits before
        // it; each other bit's is not.
        let flat = l.flatten_ins().flatten_outs();
        let imgs: Vec<u64> = flat.bases().first().map(|b| b.1.iter().map(|x| x[0]).collect()).unwrap_or_default();
        let mut c = 0;
        for (name, m) in &masks {
            for i in 0..l.in_dim_size_log2(name).unwrap() {
                let mut span = std::collections::HashSet::from([0u64]);
                for v in &imgs[..c] {
                    let more: Vec<u64> = span.iter().map(|s| s ^ v).collect();
                    span.extend(more);
                }
                prop_assert_eq!((m >> i) & 1 == 1, span.contains(&imgs[c]), "{} bit {}", name, i);
                c += 1;
            }
        }
    }

    #[test]
    fn reshapes_keep_the_flat_function(seed in any::<u64>(), seed2 in any::<u64>()) {
        let l = random(seed, &INS, &OUTS);
        let flat = l.flatten_ins().flatten_outs();
        let mut r = Rng(seed2 | 1);
        // Split the input bits over two new dims, the output bits over two.
        let ti = l.total_in_bits() as u64;
        let ki = r.below(ti + 1);
        let re = l.reshape_ins(&[("p", 1 << ki), ("q", 1 << (ti - ki))]).unwrap();
        let to = l.total_out_bits() as u64;
        let ko = r.below(to + 1);
        let re = re.reshape_outs(&[("u", 1 << ko), ("v", 1 << (to - ko))]).unwrap();
        let re_flat = re.flatten_ins().flatten_outs();
        prop_assert_eq!(re_flat.bases()[0].1, flat.bases()[0].1);
        // Transposing twice is the identity.
        let mut ins = l.in_dim_names();
        ins.reverse();
        let mut outs = l.out_dim_names();
        outs.reverse();
        let t = l.transpose_ins(&ins).unwrap().transpose_outs(&outs).unwrap();
        prop_assert_eq!(t.transpose_ins(&l.in_dim_names()).unwrap().transpose_outs(&l.out_dim_names()).unwrap(), l.clone());
        // concat_outs then sublayout gives each part back.
        let other = l.sublayout(&l.in_dim_names(), &[]).unwrap();
        prop_assert_eq!(l.concat_outs(&other).unwrap(), l.clone());
    }

    #[test]
    fn divisions_undo_products(seed in any::<u64>(), seed2 in any::<u64>()) {
        let b = random(seed, &INS, &OUTS);
        let c = random(seed2, &INS, &OUTS);
        if let Ok(a) = b.mul(&c) {
            let d = a.divide_left(&b).unwrap();
            prop_assert!(d.is_some(), "{a} / {b}");
            let d = d.unwrap();
            let back = b.mul(&d).unwrap().transpose_ins(&a.in_dim_names()).unwrap()
                .transpose_outs(&a.out_dim_names()).unwrap();
            prop_assert_eq!(back, a.clone());
        }
        if let Ok(a) = c.mul(&b) {
            let d = a.divide_right(&b).unwrap();
            prop_assert!(d.is_some(), "{a} / {b}");
        }
    }

    #[test]
    fn consecutive_in_out_by_definition(seed in any::<u64>()) {
        let l = random(seed, &INS, &OUTS);
        let v = l.num_consecutive_in_out();
        // For all inputs with first-dim value a multiple of V plus v < V:
        // L(a V + v, ...) = L(a V, ...) + (v, 0, ...).
        for xs in inputs(&l) {
            let x0 = xs[0].1;
            let base: Vec<(&str, u64)> = xs.iter().enumerate().map(|(i, p)| (p.0, if i == 0 { x0 - x0 % v } else { p.1 })).collect();
            let yb = apply(&l, &base);
            let y = apply(&l, &xs);
            prop_assert_eq!(y[0], yb[0] + x0 % v);
            prop_assert_eq!(&y[1..], &yb[1..]);
        }
    }

    #[test]
    fn bank_conflicts_by_counting(seed in any::<u64>(), e in 0u32..5) {
        let l = random(seed, &["lane", "register"], &["offset", "hi"]);
        let bytes = 1u32 << e;
        let w = bank_conflicts(&l, bytes).unwrap();
        let mut per_bank: std::collections::HashMap<u64, std::collections::HashSet<u64>> = Default::default();
        for xs in inputs(&l) {
            let off = flat_out(&l, &apply(&l, &xs));
            let first = off * bytes as u64 / 4;
            let last = (off * bytes as u64 + bytes as u64 - 1) / 4;
            for word in first..=last {
                per_bank.entry(word % 32).or_default().insert(word);
            }
        }
        let most = per_bank.values().map(|s| s.len() as u64).max().unwrap();
        let words: u64 = per_bank.values().map(|s| s.len() as u64).sum();
        prop_assert_eq!(w.wavefronts, most);
        prop_assert_eq!(w.words, words);
        prop_assert_eq!(w.banks, per_bank.len() as u64);
    }

    #[test]
    fn to_linear_is_the_layout_where_linear(seed in any::<u64>()) {
        let l = cute_layout(seed);
        let linear = linear_by_brute_force(&l);
        match to_linear(&l) {
            Ok(ll) => {
                prop_assert!(linear, "{l}");
                for i in 0..l.size().unwrap() {
                    prop_assert_eq!(ll.apply(&[("in", i as u64)]).unwrap()[0] as i64, l.at(i).unwrap());
                }
                let back = to_cute(&ll).unwrap();
                let n = l.size().unwrap();
                prop_assert_eq!(cute_values(&back, n), (0..n).map(|i| l.at(i).unwrap()).collect::<Vec<_>>());
                // And back again: the same bases.
                let again = match &back {
                    MaybeComposed::Layout(b) => to_linear(b).unwrap(),
                    MaybeComposed::Composed(_) => unreachable!("disjoint images give a plain layout"),
                };
                prop_assert_eq!(again.bases()[0].1, ll.bases()[0].1);
            }
            Err(e) => {
                prop_assert!(!linear, "{l}: {e}");
                prop_assert!(e.to_string().starts_with("to_linear: not linear over F2"), "{e}");
            }
        }
        // One input dimension per mode: the same function.
        let names: Vec<String> = (0..l.rank()).map(|i| format!("m{i}")).collect();
        let refs: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
        prop_assert_eq!(to_linear_modes(&l, &refs, "out").is_ok(), linear);
    }

    #[test]
    fn swizzled_layouts_round_trip(b in 0u32..=3, m in 0u32..=3, s in 0u32..=2, neg in any::<bool>(), seed in any::<u64>()) {
        let s = (b + s) as i32;
        let sw = DynSwizzle::new(b, m, if neg { -s } else { s }).unwrap();
        let l = linear_cute_layout(seed);
        let c = DynComposed::new(sw, 0, l.clone());
        let ll = to_linear_composed(&c).unwrap();
        let n = l.size().unwrap();
        for i in 0..n {
            prop_assert_eq!(ll.apply(&[("in", i as u64)]).unwrap()[0] as i64, c.at(i).unwrap());
        }
        let back = to_cute(&ll).unwrap();
        prop_assert_eq!(cute_values(&back, n), (0..n).map(|i| c.at(i).unwrap()).collect::<Vec<_>>());
    }

    #[test]
    fn to_cute_keeps_the_function(seed in any::<u64>()) {
        let l = random(seed, &INS, &OUTS);
        if let Ok(c) = to_cute(&l) {
            let flat = l.flatten_ins().flatten_outs();
            let n = 1i64 << l.total_in_bits();
            let want: Vec<i64> = (0..n).map(|i| flat.apply(&[(flat.in_dim_names()[0], i as u64)]).unwrap()[0] as i64).collect();
            prop_assert_eq!(cute_values(&c, n), want);
        } else {
            // No CuTe form: then the images are not disjoint as given.
            let imgs = l.flatten_ins().flatten_outs();
            let v: Vec<u64> = imgs.bases().first().map(|b| b.1.iter().map(|x| x[0]).collect()).unwrap_or_default();
            let disjoint = v.iter().enumerate().all(|(i, a)| v[i + 1..].iter().all(|b| a & b == 0));
            prop_assert!(!disjoint);
        }
    }

    #[test]
    fn evaluator_calls_never_panic(a in 1i64..=9, b in -3i64..=70, c in 1i64..=9, d in -3i64..=70, e in 0usize..20) {
        let l = format!("({a},{c}):({b},{d})");
        let calls = [
            format!("to_linear({l})"), format!("to_cute({l})"), format!("invert({l})"),
            format!("pseudoinvert({l})"), format!("invert_and_compose({l}, {l})"),
            format!("compose({l}, {l})"), format!("mul({l}, {l})"), format!("apply({l}, {e})"),
            format!("matrix({l})"), format!("free_variable_masks({l})"),
            format!("num_consecutive_in_out({l})"), format!("vector_width({l}, {e})"),
            format!("bank_conflicts({l}, {e})"), format!("to_linear({l}, ({a},{c}))"),
            format!("swizzle_search(to_linear({l}, ({a},{c})), {l}, {e})"),
            format!("to_linear(composition(Sw<1,0,1>, {l}))"),
            format!("to_cute(composition(Sw<2,1,2>, {l}))"),
        ];
        for call in &calls {
            let _ = cute_algebra::eval::eval_line(call);
        }
    }
}
