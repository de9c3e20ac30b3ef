//! The kernel author's small idioms against CuTe C++
//! (`tests/data/cute/idioms_cases.cpp` and its `.out`): `copy_if` with a
//! predicate tensor on a partial tile, `gemm` in its five rank forms and
//! `axpby` (CuTe's `UniversalFMA` on the host), `half_t` inputs with a
//! `float` accumulator; and `gemm` against a naive loop.

use cute_algebra::half::f16;
use cute_algebra::prelude::*;
use cute_algebra::tensor::{
    axpby, copy_if, fill, gemm, local_partition, local_tile, make_identity_tensor, make_tensor,
    make_tensor_mut, make_tensor_owned, try_axpby, try_copy_if, try_gemm,
};
use cute_algebra::tuple::elem_less;

const OUT: &str = include_str!("data/cute/idioms_cases.out");

/// The values CuTe printed under `key`.
fn cute(key: &str) -> Vec<f64> {
    let line = OUT
        .lines()
        .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(':')))
        .unwrap_or_else(|| panic!("no line {key} in idioms_cases.out"));
    line.split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect()
}

fn as_f64<T: Into<f64>>(it: impl Iterator<Item = T>) -> Vec<f64> {
    it.map(Into::into).collect()
}

#[test]
fn copy_if_masks_a_partial_tile_as_cute_does() {
    // A 10x7 matrix stored column-major in a 12x8 buffer; block (2,1) of
    // 4x4 tiles covers rows 8..11, columns 4..7.
    let mem: Vec<i32> = (0..12 * 8).collect();
    let (m, n): (i32, i32) = (10, 7);
    let (bx, by): (u32, u32) = (2, 1);
    let g = make_tensor(&mem, make_layout(shape![12, 8]));
    let c = make_identity_tensor(shape![12, 8]);
    let g_t = local_tile(g, shape![4, 4], coord![bx, by]);
    let c_t = local_tile(c, shape![4, 4], coord![bx, by]);

    let mut pred_t = make_tensor_owned::<bool, _>(layout![(4, 4)]);
    for i in 0..pred_t.size() {
        pred_t[i] = elem_less(c_t.at(i), shape![m, n]);
    }
    let mut frag_t = make_tensor_owned::<i32, _>(layout![(4, 4)]);
    fill(&mut frag_t, -1);
    copy_if(&pred_t, &g_t, &mut frag_t);
    assert_eq!(as_f64(frag_t.values()), cute("copy_if frag tile (2,1)"));

    let thr = layout![(2, 2) : (1, 2)];
    let tid: u32 = 1;
    let t_g = local_partition(g_t, thr, tid);
    let t_c = local_partition(c_t, thr, tid);
    let mut pred = make_tensor_owned::<bool, _>(layout![(2, 2)]);
    for i in 0..pred.size() {
        pred[i] = elem_less(t_c.at(i), shape![m, n]);
    }
    assert_eq!(
        as_f64(pred.values().map(u8::from)),
        cute("copy_if pred tile (2,1) thread 1")
    );
    let mut frag = make_tensor_owned::<i32, _>(layout![(2, 2)]);
    fill(&mut frag, -1);
    copy_if(&pred, &t_g, &mut frag);
    assert_eq!(
        as_f64(frag.values()),
        cute("copy_if frag tile (2,1) thread 1")
    );

    // A closure predicate gives the same; a predicate of another size is an error.
    let mut again = make_tensor_owned::<i32, _>(layout![(2, 2)]);
    fill(&mut again, -1);
    copy_if(&|i: usize| pred.at(i), &t_g, &mut again);
    assert_eq!(
        again.values().collect::<Vec<_>>(),
        frag.values().collect::<Vec<_>>()
    );
    let short = [true; 3];
    let err = try_copy_if(&make_tensor(&short, layout![3 : 1]), &t_g, &mut again).unwrap_err();
    assert_eq!(
        err.to_string(),
        "copy_if: predicate, source and destination differ in size"
    );
}

/// A(m,k) = m + 2k + 1, B(n,k) = n - k, C(m,n) = 10m + n, as the C++ sets them.
fn operands() -> (Vec<f32>, Vec<f32>, Vec<f32>) {
    let a = (0..12)
        .map(|i| ((i % 4) + 2 * (i / 4) + 1) as f32)
        .collect();
    let b = (0..15).map(|i| ((i % 5) - (i / 5)) as f32).collect();
    let c = (0..20).map(|i| (10 * (i % 4) + i / 4) as f32).collect();
    (a, b, c)
}

#[test]
fn gemm_matches_cute_in_every_rank_form() {
    let (a, b, c0) = operands();
    let at = make_tensor(&a, layout![(4, 3)]);
    let bt = make_tensor(&b, layout![(5, 3)]);
    let mut c = c0.clone();
    gemm(&at, &bt, &mut make_tensor_mut(&mut c, layout![(4, 5)]));
    assert_eq!(
        as_f64(c.iter().copied()),
        cute("gemm (M,K)x(N,K)=>(M,N) (4,3)x(5,3)")
    );

    // The same values in a row-major A: the layout places them.
    let mut a_rm = vec![0.0f32; 12];
    let mut t = make_tensor_mut(&mut a_rm, layout![(4, 3) : (3, 1)]);
    for i in 0..12usize {
        t[i] = at.at(i);
    }
    let mut c = c0.clone();
    gemm(
        &make_tensor(&a_rm, layout![(4, 3) : (3, 1)]),
        &bt,
        &mut make_tensor_mut(&mut c, layout![(4, 5)]),
    );
    assert_eq!(
        as_f64(c.iter().copied()),
        cute("gemm (M,K)x(N,K)=>(M,N) row-major A")
    );

    // Rank 3 with V = 1.
    let mut c = c0.clone();
    gemm(
        &make_tensor(&a, layout![(1, 4, 3)]),
        &make_tensor(&b, layout![(1, 5, 3)]),
        &mut make_tensor_mut(&mut c, layout![(1, 4, 5)]),
    );
    assert_eq!(
        as_f64(c.iter().copied()),
        cute("gemm (V,M,K)x(V,N,K)=>(V,M,N) (1,4,3)x(1,5,3)")
    );

    // Outer products: (M) x (N) and (V,M) x (V,N).
    let av: Vec<f32> = (1..=4).map(|x| x as f32).collect();
    let bv: Vec<f32> = (-2..3).map(|x| x as f32).collect();
    let mut c = c0.clone();
    gemm(
        &make_tensor(&av, layout![4 : 1]),
        &make_tensor(&bv, layout![5 : 1]),
        &mut make_tensor_mut(&mut c, layout![(4, 5)]),
    );
    assert_eq!(
        as_f64(c.iter().copied()),
        cute("gemm (M)x(N)=>(M,N) (4)x(5)")
    );
    let mut c = c0.clone();
    gemm(
        &make_tensor(&av, layout![(1, 4)]),
        &make_tensor(&bv, layout![(1, 5)]),
        &mut make_tensor_mut(&mut c, layout![(1, 4, 5)]),
    );
    assert_eq!(
        as_f64(c.iter().copied()),
        cute("gemm (V,M)x(V,N)=>(V,M,N) (1,4)x(1,5)")
    );

    // (V) x (V) => (V).
    let mut cv = [7.0f32];
    gemm(
        &make_tensor(&[3.0f32], layout![1 : 1]),
        &make_tensor(&[-4.0f32], layout![1 : 1]),
        &mut make_tensor_mut(&mut cv, layout![1 : 1]),
    );
    assert_eq!(as_f64(cv.iter().copied()), cute("gemm (V)x(V)=>(V) V=1"));
}

#[test]
fn gemm_f16_inputs_accumulate_in_f32_as_cute() {
    let a: Vec<f16> = (0..8)
        .map(|i| f16::from_f32(0.5 * ((i % 2) + i / 2) as f32 - 1.0))
        .collect();
    let b: Vec<f16> = (0..12)
        .map(|i| f16::from_f32(0.25 * ((i % 3) * (i / 3)) as f32 + 0.5))
        .collect();
    let mut c: Vec<f32> = (0..6)
        .map(|i| 1000.0 + (i % 2) as f32 - (i / 2) as f32)
        .collect();
    gemm(
        &make_tensor(&a, layout![(2, 4)]),
        &make_tensor(&b, layout![(3, 4)]),
        &mut make_tensor_mut(&mut c, layout![(2, 3)]),
    );
    assert_eq!(
        as_f64(c.iter().copied()),
        cute("gemm half_t (2,4)x(3,4)=>float (2,3)")
    );
}

#[test]
fn gemm_matches_a_naive_loop_on_strided_fragments() {
    // (V,M,K) x (V,N,K) => (V,M,N) with V = (2,2), strided operands, integers.
    let (v, m, n, k) = (4usize, 3usize, 5usize, 6usize);
    let a: Vec<i64> = (0..(v * m * k) as i64).map(|x| (x * 7) % 11 - 5).collect();
    let b: Vec<i64> = (0..(v * n * k) as i64).map(|x| (x * 5) % 13 - 6).collect();
    let mut c: Vec<i64> = (0..(v * m * n) as i64).collect();
    // A is (V,M,K) with K outermost but M strided past K: (4,3,6):(1,24,4).
    let la = layout![((2, 2), 3, 6) : ((1, 2), 24, 4)];
    let lb = layout![((2, 2), 5, 6) : ((1, 2), 4, 20)];
    let lc = layout![((2, 2), 3, 5) : ((1, 2), 4, 12)];
    let mut want = c.clone();
    let (ta, tb) = (make_tensor(&a, la), make_tensor(&b, lb));
    for vv in 0..v as i32 {
        for mm in 0..m as i32 {
            for nn in 0..n as i32 {
                let mut acc = want[lc.crd2idx(coord![vv, mm, nn]) as usize];
                for kk in 0..k as i32 {
                    acc += ta.at(coord![vv, mm, kk]) * tb.at(coord![vv, nn, kk]);
                }
                want[lc.crd2idx(coord![vv, mm, nn]) as usize] = acc;
            }
        }
    }
    gemm(&ta, &tb, &mut make_tensor_mut(&mut c, lc));
    assert_eq!(c, want);
}

#[test]
fn gemm_shape_mismatches_are_errors_in_cute_terms() {
    let x = [1.0f32; 64];
    let mut y = [0.0f32; 64];
    let e = |r: Result<(), LayoutError>| r.unwrap_err().to_string();
    assert_eq!(
        e(try_gemm(
            &make_tensor(&x, layout![(4, 3)]),
            &make_tensor(&x, layout![(5, 2)]),
            &mut make_tensor_mut(&mut y, layout![(4, 5)])
        )),
        "gemm: (M,K) x (N,K) => (M,N) needs size<1>(A) == size<1>(B) (AK == BK)"
    );
    assert_eq!(
        e(try_gemm(
            &make_tensor(&x, layout![(4, 3)]),
            &make_tensor(&x, layout![(5, 3)]),
            &mut make_tensor_mut(&mut y, layout![(5, 4)])
        )),
        "gemm: C's modes must be the (M,N) (or (V,M,N)) of A and B (AM == CM, BN == CN)"
    );
    assert!(
        e(try_gemm(
            &make_tensor(&x, layout![(4, 3)]),
            &make_tensor(&x, layout![5 : 1]),
            &mut make_tensor_mut(&mut y, layout![(4, 5)])
        ))
        .starts_with("gemm: the ranks of (A, B, C) must be one of CuTe's forms")
    );
    // Nothing was written.
    assert!(y.iter().all(|&v| v == 0.0));
}

#[test]
fn axpby_matches_cute() {
    let x: Vec<f32> = (0..6).map(|i| i as f32 - 2.0).collect();
    let mut y: Vec<f32> = (0..6).map(|i| 10.0 * i as f32).collect();
    axpby(
        2.0,
        &make_tensor(&x, layout![6 : 1]),
        0.5,
        &mut make_tensor_mut(&mut y, layout![6 : 1]),
    );
    assert_eq!(as_f64(y.iter().copied()), cute("axpby 2 x + 0.5 y"));
    y[0] = f32::NAN; // beta == 0: y is not read
    axpby(
        3.0,
        &make_tensor(&x, layout![6 : 1]),
        0.0,
        &mut make_tensor_mut(&mut y, layout![6 : 1]),
    );
    assert_eq!(as_f64(y.iter().copied()), cute("axpby 3 x + 0 y"));
    assert!(
        try_axpby(
            1.0,
            &make_tensor(&x, layout![6 : 1]),
            1.0,
            &mut make_tensor_mut(&mut y[..4], layout![4 : 1])
        )
        .is_err()
    );
}

#[test]
fn f16_and_bf16_are_tensor_elements() {
    use cute_algebra::half::bf16;
    use cute_algebra::tensor::copy;
    // recast: each u32 holds two f16s (little-endian), the unit-stride mode doubles.
    let h: Vec<f16> = (0..16).map(|i| f16::from_f32(i as f32 * 0.5)).collect();
    let words: Vec<u32> = h
        .chunks(2)
        .map(|p| u32::from(p[0].to_bits()) | (u32::from(p[1].to_bits()) << 16))
        .collect();
    let t = make_tensor(&words, layout![(2, 4) : (4, 1)]).recast::<f16>();
    assert_eq!(t.layout().to_string(), "(_2,_8):(_8,_1)");
    for r in 0..2i32 {
        for col in 0..8i32 {
            assert_eq!(t.at(coord![r, col]), h[(8 * r + col) as usize]);
        }
    }
    // copy between f16 tensors, transposing.
    let mut out = vec![f16::ZERO; 16];
    copy(
        &make_tensor(&h, layout![(4, 4) : (1, 4)]),
        &mut make_tensor_mut(&mut out, layout![(4, 4) : (4, 1)]),
    );
    assert_eq!(out[1], h[4]);
    // bf16 inputs, f32 accumulator, against the naive loop.
    let a: Vec<bf16> = (0..6).map(|i| bf16::from_f32(i as f32 - 2.0)).collect();
    let b: Vec<bf16> = (0..6).map(|i| bf16::from_f32(0.5 * i as f32)).collect();
    let mut c = [0.0f32; 4];
    gemm(
        &make_tensor(&a, layout![(2, 3)]),
        &make_tensor(&b, layout![(2, 3)]),
        &mut make_tensor_mut(&mut c, layout![(2, 2)]),
    );
    for (i, got) in c.iter().enumerate() {
        let (mm, nn) = (i % 2, i / 2);
        let want: f32 = (0..3)
            .map(|k| a[mm + 2 * k].to_f32() * b[nn + 2 * k].to_f32())
            .sum();
        assert_eq!(*got, want);
    }
}

#[test]
fn mode_access_and_static_printing_as_cute_writes_them() {
    use cute_algebra::tensor::make_counting_tensor;
    let (i, j): (u32, i32) = (3, 7);
    let c = coord![i, (j, 2)];
    assert_eq!(c.get::<0>(), 3i32);
    assert_eq!(get::<1, _>(c).to_cute_string(), "(7,_2)");
    let t = make_counting_tensor(layout![(4, (2, 8)) : (1, (4, 8))]);
    assert_eq!(t.size_of::<1>().cute().to_string(), "_16");
    assert_eq!(t.shape_of::<1>().cute().to_string(), "(_2,_8)");
    assert_eq!(t.stride_of::<1>().cute().to_string(), "(_4,_8)");
    let l = layout![(8, 16) : (16, 1)];
    assert_eq!(format!("{}", l.cosize().cute()), "_128");
    assert_eq!(format!("{}", l.cosize().value()), "128");
}
