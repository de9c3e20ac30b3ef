//! The typed atom layer by brute force: a static TiledMMA's C partition
//! covers each (m,n) of its tile exactly once across threads and values; a
//! static tiled copy's source partition covers its tile exactly once; and
//! every thread's typed partition equals the runtime path's
//! (`atom::dynamic`), element by element, and the slice of `tidfrg_S/D`
//! at its index; `retile_S/D` of a thread's MMA
//! fragment names each of its registers exactly once, as the runtime
//! path's does.

use cute_algebra::atom::*;
use cute_algebra::eval::eval;
use cute_algebra::prelude::*;
use cute_algebra::tensor::make_counting_tensor;

/// Each offset of `0..n` exactly once in `offsets`.
fn exactly_once(offsets: impl Iterator<Item = i64>, n: usize) {
    let mut seen = vec![0u32; n];
    for o in offsets {
        seen[usize::try_from(o).unwrap()] += 1;
    }
    assert!(seen.iter().all(|&c| c == 1), "coverage {seen:?}");
}

/// The runtime path's values of an expression, as offsets.
fn eval_values(expr: &str) -> Vec<i64> {
    eval(&format!("values({expr})"))
        .unwrap()
        .to_string()
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect()
}

macro_rules! c_covers_once {
    ($name:ident: $atom:expr, $thr:expr, $perm:expr, $mma_text:literal, ($m:literal, $n:literal)) => {
        #[test]
        fn $name() {
            let mma = make_tiled_mma($atom, $thr, $perm);
            let c = make_counting_tensor(layout![($m, $n) : (1, $m)]);
            let threads = mma.size().value();
            let mut all = Vec::new();
            for t in 0..threads {
                let offsets: Vec<i64> = mma.get_slice(t).partition_C(c).values().collect();
                let expr = format!("partition_C({}, {t}, tensor(({},{}):(1,{})))", $mma_text, $m, $n, $m);
                assert_eq!(offsets, eval_values(&expr), "thread {t}");
                all.extend(offsets);
            }
            exactly_once(all.into_iter(), $m * $n);
        }
    };
}

c_covers_once!(sm80_16x8x16_2x2_tile32: SM80_16x8x16_F16F16F16F16_TN, layout![(2, 2, 1)], tile![32, 32, 16],
    "make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1), (32,32,16))", (32, 32));
c_covers_once!(sm80_16x8x8_permuted_threads: SM80_16x8x8_F32F16F16F32_TN, layout![(2, 2, 1) : (2, 1, 0)], Underscore,
    "make_tiled_mma(MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>, (2,2,1):(2,1,0))", (32, 16));
c_covers_once!(sm70_quadpair_2x2: SM70_8x8x4_F32F16F16F32_NT, layout![(2, 2)], tile![16, 16, 4],
    "make_tiled_mma(MMA_Atom<SM70_8x8x4_F32F16F16F32_NT>, (2,2), (16,16,4))", (16, 16));
c_covers_once!(fma_16x8_layout_perm: UniversalFMA::<f32>::default(), layout![(16, 8, 1)],
    tile![(2, 16) : (16, 1), (2, 4, 2) : (8, 2, 1), 4],
    "make_tiled_mma(MMA_Atom<UniversalFMA<float>>, (16,8,1), <(2,16):(16,1), (2,4,2):(8,2,1), 4>)", (32, 16));
c_covers_once!(sm80_s8_16x8x32_4x2: SM80_16x8x32_S32S8S8S32_TN, layout![(4, 2, 1)], Underscore,
    "make_tiled_mma(MMA_Atom<SM80_16x8x32_S32S8S8S32_TN>, (4,2,1))", (64, 16));
#[test]
fn g2s_copy_covers_its_tile_once_and_agrees() {
    let copy = make_tiled_copy(
        CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<u128>, half_t>::default(),
        layout![(16, 8) : (8, 1)],
        layout![(1, 8)],
    );
    let g = make_counting_tensor(layout![(16, 64) : (64, 1)]);
    let mut all = Vec::new();
    for t in 0..128i32 {
        let s: Vec<i64> = copy.get_slice(t).partition_S(g).values().collect();
        let expr = format!(
            "partition_S(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, (16,8):(8,1), (1,8)), {t}, tensor((16,64):(64,1)))"
        );
        assert_eq!(s, eval_values(&expr), "thread {t}");
        let d: Vec<i64> = copy.get_slice(t).partition_D(g).values().collect();
        assert_eq!(s, d);
        all.extend(s);
    }
    exactly_once(all.into_iter(), 16 * 64);
}

/// `tidfrg_S/D` hold every thread's partition at once: thread `t`'s
/// values are the `(t, j)` entries of `(Thr, Val, Rest)`, in the order
/// its `partition_S/D` lists them.
macro_rules! tidfrg_is_every_partition {
    ($name:ident: $copy:expr, $tensor:expr, $tidfrg:ident, $partition:ident) => {
        #[test]
        fn $name() {
            let copy = $copy;
            let l = $tensor;
            let all: Vec<i64> = copy.$tidfrg(l).offsets().map(|o| o as i64).collect();
            let threads = copy.layout_tv().size().value() as usize
                / copy.layout_tv().slice(coord![0, _]).size().value() as usize;
            assert_eq!(all.len() % threads, 0);
            for t in 0..threads {
                let mine: Vec<i64> = copy
                    .get_slice(t as i32)
                    .$partition(make_counting_tensor(l))
                    .values()
                    .collect();
                let from_tidfrg: Vec<i64> = all.iter().skip(t).step_by(threads).copied().collect();
                assert_eq!(mine, from_tidfrg, "thread {t}");
            }
        }
    };
}
tidfrg_is_every_partition!(tidfrg_s_of_g2s_copy:
    make_tiled_copy(CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<u128>, half_t>::default(),
                    layout![(16, 8) : (8, 1)], layout![(1, 8)]),
    layout![(32, 128) : (128, 1)], tidfrg_S, partition_S);
tidfrg_is_every_partition!(tidfrg_d_of_ldsm_copy_a:
    make_tiled_copy_A(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::default(),
                      make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, layout![(2, 2, 1)], tile![32, 32, 16])),
    layout![(64, 32) : (1, 64)], tidfrg_D, partition_D);

#[test]
fn ldsm_copy_a_destination_is_the_mma_a_layout() {
    let mma = make_tiled_mma(
        SM80_16x8x16_F16F16F16F16_TN,
        layout![(2, 2, 1)],
        tile![32, 32, 16],
    );
    let a = make_tiled_copy_A(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::default(), mma);
    let b = make_tiled_copy_B(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::default(), mma);
    // The same function of (thread, value) (the copy's is coalesced where
    // the MMA's keeps a unit mode).
    assert!(
        a.get_layoutD_TV()
            .offsets()
            .eq(mma.get_layoutA_TV().offsets())
    );
    assert!(
        b.get_layoutD_TV()
            .offsets()
            .eq(mma.get_layoutB_TV().offsets())
    );
    assert_eq!(a.get_layoutD_TV().size().value(), 128 * 8);
}

/// `retile_D` (and `retile_S`, the same view) of thread `t`'s MMA fragment
/// names the fragment's registers: the same offsets, each exactly once,
/// with whole copy atoms in its first mode; and the runtime path's
/// `retile_D` of the same fragment reads the same offsets in the same
/// order.
macro_rules! retile_views_the_fragment {
    ($name:ident: $mma:expr, $mma_text:literal, $copy_for:ident($atom:ty, $atom_text:literal),
     $fragment:ident, ($rows:literal, $cols:literal)) => {
        #[test]
        fn $name() {
            let mma = $mma;
            let copy = $copy_for(<$atom>::default(), mma);
            let threads = mma.size().value();
            for t in [0, 1, threads / 2 + 3, threads - 1] {
                let tile = make_counting_tensor(layout![($rows, $cols) : (1, $rows)]);
                let frag = mma.get_slice(t).$fragment::<f32, _, _>(tile).layout();
                let regs: Vec<i64> = make_counting_tensor(frag).values().collect();
                let d = copy.get_slice(t).retile_D(make_counting_tensor(frag));
                let got: Vec<i64> = d.values().collect();
                let mut sorted = got.clone();
                sorted.sort_unstable();
                let mut want = regs.clone();
                want.sort_unstable();
                assert_eq!(sorted, want, "thread {t}: {frag} -> {d}");
                exactly_once(got.iter().copied(), regs.len());
                let atom_vals = <<$atom as CopyAtomTypes>::NumVal as Default>::default().value();
                assert_eq!(d.layout().size_of::<0>().value() % atom_vals, 0, "{d}");
                let s: Vec<i64> = copy.get_slice(t).retile_S(make_counting_tensor(frag)).values().collect();
                assert_eq!(s, got, "retile_S and retile_D are one view");
                let expr = format!(
                    "retile_D({}({}, {}), tensor({}({}, {t}, tensor(({},{}):(1,{})))))",
                    stringify!($copy_for), $atom_text, $mma_text, stringify!($fragment),
                    $mma_text, $rows, $cols, $rows
                );
                assert_eq!(got, eval_values(&expr), "thread {t}: {expr}");
            }
        }
    };
}

retile_views_the_fragment!(retile_ldsm_a_sm80_16x8x16: make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, layout![(2, 2, 1)], tile![32, 32, 16]),
    "make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1), (32,32,16))",
    make_tiled_copy_A(CopyAtom<SM75_U32x4_LDSM_N, half_t>, "Copy_Atom<SM75_U32x4_LDSM_N, half_t>"),
    partition_fragment_A, (64, 32));
retile_views_the_fragment!(retile_ldsm_t_b_sm80_16x8x16: make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, layout![(2, 2, 1)], tile![32, 32, 16]),
    "make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1), (32,32,16))",
    make_tiled_copy_B(CopyAtom<SM75_U16x8_LDSM_T, half_t>, "Copy_Atom<SM75_U16x8_LDSM_T, half_t>"),
    partition_fragment_B, (32, 32));
retile_views_the_fragment!(retile_u32_c_sm80_16x8x8_permuted: make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN, layout![(2, 2, 1) : (2, 1, 0)], Underscore),
    "make_tiled_mma(MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>, (2,2,1):(2,1,0))",
    make_tiled_copy_C(CopyAtom<UniversalCopy<u32>, half_t>, "Copy_Atom<UniversalCopy<uint32_t>, half_t>"),
    partition_fragment_C, (64, 32));
retile_views_the_fragment!(retile_u64_a_sm70_quadpair: make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT, layout![(2, 2)], tile![16, 16, 4]),
    "make_tiled_mma(MMA_Atom<SM70_8x8x4_F32F16F16F32_NT>, (2,2), (16,16,4))",
    make_tiled_copy_A(CopyAtom<UniversalCopy<u64>, half_t>, "Copy_Atom<UniversalCopy<uint64_t>, half_t>"),
    partition_fragment_A, (32, 8));
retile_views_the_fragment!(retile_default_copy_a_fma_16x16: make_tiled_mma(UniversalFMA::<f32, f32, f32>::default(), layout![(16, 16, 1)], Underscore),
    "make_tiled_mma(MMA_Atom<UniversalFMA<float,float,float>>, (16,16,1))",
    make_tiled_copy_A(CopyAtom<DefaultCopy, f32>, "Copy_Atom<DefaultCopy, float>"),
    partition_fragment_A, (128, 8));
retile_views_the_fragment!(retile_ldsm_t_b_permuted_tile_reorders: make_tiled_mma(SM80_16x8x16_S32S8S8S32_TN, layout![(2, 2)],
        tile![(8, 2, 4) : (4, 32, 1), (2, 4, 2) : (1, 4, 2), 32]),
    "make_tiled_mma(MMA_Atom<SM80_16x8x16_S32S8S8S32_TN>, (2,2), <(8,2,4):(4,32,1), (2,4,2):(1,4,2), 32>)",
    make_tiled_copy_B(CopyAtom<SM75_U16x8_LDSM_T, half_t>, "Copy_Atom<SM75_U16x8_LDSM_T, half_t>"),
    partition_fragment_B, (32, 32));
