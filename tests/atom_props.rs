//! Brute-force properties of the runtime atom layer: a tiled MMA's thread
//! layouts cover its tiles, a tiled copy built from an MMA moves the MMA's
//! elements, and partitions cover a tensor once.

use std::collections::HashMap;

use cute_algebra::atom::dynamic::{AnyTensor, CopyAtom, MmaAtom, Operand, TiledCopy, TiledMma};
use cute_algebra::dynamic::{DynLayout, IntTree};
use cute_algebra::tensor::DynTensor;

const MMAS: &[&str] = &[
    "SM70_8x8x4_F16F16F16F16_TN",
    "SM70_8x8x4_F32F16F16F32_NT",
    "SM75_16x8x8_F32F16F16F32_TN",
    "SM75_8x8x16_S32S8S8S32_TN",
    "SM80_16x8x8_F16F16F16F16_TN",
    "SM80_16x8x16_F32BF16BF16F32_TN",
    "SM80_16x8x4_F32TF32TF32F32_TN",
    "SM80_16x8x8_F32TF32TF32F32_TN",
    "SM80_8x8x4_F64F64F64F64_TN",
    "SM80_8x8x16_S32U8S8S32_TN",
    "SM80_16x8x16_S32S8S8S32_TN_SATURATE",
    "SM80_16x8x32_S32U8U8S32_TN",
    "SM90_64x8x16_F16F16F16_SS<K,MN>",
    "SM90_64x24x16_F32BF16BF16_RS<K,K>",
    "SM90_64x64x8_F32TF32TF32_RS_TN<>",
    "SM90_64x32x32_F32E4M3E5M2_SS_TN<>",
    "UniversalFMA<float>",
];

const THRS: &[&str] = &["(1,1,1)", "(2,1,1)", "(2,2,1):(2,1,0)", "(1,4,1)"];

fn lay(s: &str) -> DynLayout {
    s.parse().unwrap()
}

fn tiled(name: &str, thr: &str) -> TiledMma {
    TiledMma::new(MmaAtom::parse(name).unwrap(), &lay(thr), None).unwrap()
}

/// The thread indices the atoms use: the image of `ThrLayoutVMNK` (SM70's
/// quad pairs leave the other threads of the warp idle).
fn threads(tm: &TiledMma) -> Vec<i64> {
    tm.thr_layout_vmnk().values().unwrap()
}

/// A TV layout's value at every (used thread, value).
fn tv_values(tm: &TiledMma, tv: &DynLayout) -> Vec<i64> {
    let nval = tv.mode(1).unwrap().size().unwrap();
    let mut out = Vec::new();
    for t in threads(tm) {
        for v in 0..nval {
            out.push(
                tv.crd2idx(&IntTree::Tuple(vec![IntTree::Int(t), IntTree::Int(v)]))
                    .unwrap(),
            );
        }
    }
    out
}

/// How many times each index is hit.
fn counts(vals: impl IntoIterator<Item = i64>) -> HashMap<i64, usize> {
    let mut m = HashMap::new();
    for v in vals {
        *m.entry(v).or_insert(0) += 1;
    }
    m
}

#[test]
fn c_tv_covers_each_element_of_the_tile_once() {
    for name in MMAS {
        for thr in THRS {
            let tm = tiled(name, thr);
            let [m, n, _] = tm.tile_shape().unwrap();
            let tv = tm.layout_tv(Operand::C).unwrap();
            let c = counts(tv_values(&tm, &tv));
            assert_eq!(c.len() as i64, m * n, "{name} {thr}: {tv}");
            assert!(c.values().all(|&k| k == 1), "{name} {thr}");
            assert!(c.keys().all(|&k| (0..m * n).contains(&k)), "{name} {thr}");
        }
    }
}

#[test]
fn a_and_b_tv_cover_their_tiles() {
    for name in MMAS {
        for thr in THRS {
            let tm = tiled(name, thr);
            let [m, n, k] = tm.tile_shape().unwrap();
            for (op, extent) in [(Operand::A, m * k), (Operand::B, n * k)] {
                let tv = tm.layout_tv(op).unwrap();
                let c = counts(tv_values(&tm, &tv));
                assert_eq!(c.len() as i64, extent, "{name} {thr} {op:?}: {tv}");
                assert!(
                    c.keys().all(|&x| (0..extent).contains(&x)),
                    "{name} {thr} {op:?}"
                );
            }
        }
    }
}

#[test]
fn partition_c_over_all_threads_covers_the_tensor_once() {
    for name in MMAS {
        for thr in THRS {
            let tm = tiled(name, thr);
            let [m, n, _] = tm.tile_shape().unwrap();
            // Two tiles in M and in N, column-major.
            let t = AnyTensor::Counting(DynTensor::new(lay(&format!(
                "({},{}):(1,{})",
                2 * m,
                2 * n,
                2 * m
            ))));
            let mut all = Vec::new();
            for i in threads(&tm) {
                match tm.partition(Operand::C, i, &t).unwrap() {
                    AnyTensor::Counting(p) => all.extend(p.values().unwrap()),
                    other => panic!("{other}"),
                }
            }
            let c = counts(all);
            assert_eq!(c.len() as i64, 4 * m * n, "{name} {thr}");
            assert!(c.values().all(|&k| k == 1), "{name} {thr}");
        }
    }
}

#[test]
fn tiled_copy_from_an_mma_has_the_mmas_tv_layout() {
    for name in MMAS {
        for thr in THRS {
            let tm = tiled(name, thr);
            for (op, ty) in [
                (Operand::A, "half_t"),
                (Operand::B, "float"),
                (Operand::C, "double"),
            ] {
                let atom = CopyAtom::parse("UniversalCopy<uint64_t>", ty).ok();
                let Some(atom) = atom else { continue };
                let Ok(tc) = TiledCopy::for_mma(atom, &tm, op) else {
                    continue; // too few values for this atom: CuTe refuses too
                };
                let mma_tv = tm.layout_tv(op).unwrap().values().unwrap();
                assert_eq!(
                    tc.layout_tv_of(false).unwrap().values().unwrap(),
                    mma_tv,
                    "{name} {thr} {op:?}"
                );
                assert_eq!(
                    tc.layout_tv_of(true).unwrap().values().unwrap(),
                    mma_tv,
                    "{name} {thr} {op:?}"
                );
            }
        }
    }
}

/// Thread `i`'s partition of `t` (source side or destination side), as
/// the indices it holds.
fn part(tc: &TiledCopy, i: i64, t: &AnyTensor, src: bool) -> Vec<i64> {
    match tc.partition(i, t, src).unwrap() {
        AnyTensor::Counting(p) => p.values().unwrap(),
        other => panic!("{other}"),
    }
}

#[test]
fn partition_s_then_d_moves_every_element_once() {
    // One-thread atoms: each thread copies its own values, so the copy is
    // simulated element by element.
    let cases: &[(&str, &str, &str, &str)] = &[
        ("UniversalCopy<uint32_t>", "half_t", "(16,8):(8,1)", "(1,2)"),
        ("UniversalCopy<uint128_t>", "half_t", "(8,4):(4,1)", "(1,8)"),
        (
            "SM80_CP_ASYNC_CACHEALWAYS<uint64_t>",
            "float",
            "(32,4)",
            "(2,1)",
        ),
        ("DefaultCopy", "bfloat16_t", "(4,8)", "(2,2)"),
    ];
    for &(op, ty, thr, val) in cases {
        let tc = TiledCopy::new(CopyAtom::parse(op, ty).unwrap(), &lay(thr), &lay(val)).unwrap();
        let (m, n) = (tc.tiler_mn[0], tc.tiler_mn[1]);
        // Source row-major, destination column-major, two tiles in N.
        let src = AnyTensor::Counting(DynTensor::new(lay(&format!(
            "({m},{}):({},1)",
            2 * n,
            2 * n
        ))));
        let dst = AnyTensor::Counting(DynTensor::new(lay(&format!("({m},{}):(1,{m})", 2 * n))));
        let mut out = vec![None; (2 * m * n) as usize];
        for i in 0..tc.layout_tv.mode(0).unwrap().size().unwrap() {
            let (s, d) = (part(&tc, i, &src, true), part(&tc, i, &dst, false));
            assert_eq!(s.len(), d.len(), "{op}");
            for (a, b) in s.into_iter().zip(d) {
                assert!(out[b as usize].is_none(), "{op}: element {b} written twice");
                out[b as usize] = Some(a);
            }
        }
        // Destination index m + M*n holds source index n + 2N*m.
        for (b, a) in out.iter().enumerate() {
            let (mm, nn) = (b as i64 % m, b as i64 / m);
            assert_eq!(*a, Some(nn + 2 * n * mm), "{op} {thr} {val}: element {b}");
        }
    }
}

#[test]
fn warp_copies_cover_the_tile_on_both_sides() {
    // ldmatrix/stmatrix exchange values between threads: their register
    // side (the reference) covers each element once, the shared-memory
    // side (one row address per thread) covers every element.
    let cases: &[(&str, &str, &str, &str, bool)] = &[
        ("SM75_U32x4_LDSM_N", "half_t", "(32,1)", "(1,8)", false),
        ("SM75_U16x8_LDSM_T", "half_t", "(32,1)", "(8,1)", false),
        ("SM75_U32x1_LDSM_N", "float", "(32,2)", "(1,1)", false),
        ("SM90_U32x2_STSM_N", "half_t", "(32,2)", "(1,4)", true),
        ("SM90_U16x4_STSM_T", "bfloat16_t", "(16,2)", "(4,2)", true),
    ];
    for &(op, ty, thr, val, reg_is_src) in cases {
        let tc = TiledCopy::new(CopyAtom::parse(op, ty).unwrap(), &lay(thr), &lay(val)).unwrap();
        let (m, n) = (tc.tiler_mn[0], tc.tiler_mn[1]);
        let t = AnyTensor::Counting(DynTensor::new(lay(&format!("({m},{n}):(1,{m})"))));
        let nthr = tc.layout_tv.mode(0).unwrap().size().unwrap();
        let reg = counts((0..nthr).flat_map(|i| part(&tc, i, &t, reg_is_src)));
        let mem = counts((0..nthr).flat_map(|i| part(&tc, i, &t, !reg_is_src)));
        assert_eq!(reg.len() as i64, m * n, "{op}");
        assert!(reg.values().all(|&k| k == 1), "{op}");
        assert_eq!(mem.len() as i64, m * n, "{op}");
    }
}

#[test]
fn bad_input_is_a_named_error() {
    use cute_algebra::eval::eval;
    for e in [
        "thr_id(MMA_Atom<SM80_16x8x8_F16F16F16F16_NT>)",
        "layout_src(Copy_Atom<SM75_U32x4_LDSM_N, halff>)",
        "make_tiled_mma(MMA_Atom<SM90_64x12x16_F16F16F16_SS<K,K>>, (2,1,1))",
        "make_tiled_mma(MMA_Atom<SM90_64x16x16_F16F16F16_RS<MN,K>>, (2,1,1))",
        "make_tiled_mma(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>, (2,1,1,1))",
        "make_tiled_copy(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, (32,1), (1,4))",
        "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (64,48))",
        "make_gmma_desc<K>(tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>, (64,64)))",
        "partition_fragment_A(make_tiled_mma(MMA_Atom<SM90_64x64x16_F16F16F16_SS<K,K>>), 0, tensor((64,16):(16,1)))",
        "partition_C(make_tiled_mma(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>), 0, tensor(16:1))",
        "MMA_Atom<SM80_16x8x8_F16F16F16F16_TN",
        "Copy_Atom<DefaultCopy>",
    ] {
        let r = eval(e);
        assert!(r.is_err(), "{e}: {r:?}");
        assert!(!r.unwrap_err().to_string().is_empty());
    }
}

/// Every oracle expression, cut short, with a character dropped or with a
/// number changed, is an error or a value, never a panic.
#[test]
fn mangled_oracle_expressions_never_panic() {
    let data = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/public-atoms.tsv"
    ))
    .unwrap();
    let mut tried = 0;
    for line in data.lines().skip(1) {
        let expr = line.split('\t').nth(2).unwrap();
        let chars: Vec<char> = expr.chars().collect();
        let step = (chars.len() / 12).max(1);
        let mut variants = Vec::new();
        for k in (0..chars.len()).step_by(step) {
            variants.push(chars[..k].iter().collect::<String>());
            let mut v = chars.clone();
            v.remove(k);
            variants.push(v.into_iter().collect());
            let mut v = chars.clone();
            if v[k].is_ascii_digit() {
                v[k] = if v[k] == '0' { '7' } else { '0' };
                variants.push(v.into_iter().collect());
            }
        }
        for v in variants {
            tried += 1;
            let r =
                std::panic::catch_unwind(|| cute_algebra::eval::eval(&v).map(|x| x.to_string()));
            assert!(r.is_ok(), "panic on {v}");
        }
    }
    assert!(tried > 2000);
}

/// `retile_D` of a thread's MMA fragment regroups the fragment: every
/// register is named once, and the first mode holds whole copy atoms.
#[test]
fn retile_names_each_register_once() {
    let mut checked = 0;
    for name in MMAS
        .iter()
        .filter(|n| n.starts_with("SM80") || n.starts_with("SM75"))
    {
        for thr in THRS {
            let tm = tiled(name, thr);
            let [m, _, k] = tm.tile_shape().unwrap();
            for (op, ty) in [
                ("UniversalCopy<uint32_t>", "half_t"),
                ("UniversalCopy<uint64_t>", "half_t"),
            ] {
                let Ok(tc) = TiledCopy::for_mma(CopyAtom::parse(op, ty).unwrap(), &tm, Operand::A)
                else {
                    continue;
                };
                let t = AnyTensor::Counting(DynTensor::new(lay(&format!(
                    "({},{}):(1,{})",
                    2 * m,
                    2 * k,
                    2 * m
                ))));
                let frag = tm.partition_fragment(Operand::A, 0, &t).unwrap();
                let n = frag.size().unwrap();
                let AnyTensor::Counting(r) =
                    tc.retile(&AnyTensor::of_layout(frag.clone())).unwrap()
                else {
                    panic!("counting")
                };
                let mut v = r.values().unwrap();
                v.sort_unstable();
                assert_eq!(
                    v,
                    (0..n).collect::<Vec<_>>(),
                    "{name} {thr} {op}: {frag} -> {r}"
                );
                let atom_vals = tc.atom.num_val();
                assert_eq!(
                    r.layout.mode(0).unwrap().size().unwrap() % atom_vals,
                    0,
                    "{name} {thr} {op}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "{checked}");
}
