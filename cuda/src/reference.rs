//! CPU checks of the kernels' layouts: what each thread touches, computed
//! with the runtime algebra, covers every element exactly once.

use cute_algebra::LayoutError;
use cute_algebra::dynamic::{DynLayout, IntTree};

fn at(l: &DynLayout, t: i64, v: i64, bm: i64, bn: i64) -> Result<i64, LayoutError> {
    let c = IntTree::Tuple(vec![
        IntTree::Tuple(vec![IntTree::Int(t), IntTree::Int(v)]),
        IntTree::Tuple(vec![IntTree::Int(bm), IntTree::Int(bn)]),
    ]);
    l.crd2idx(&c)
}

/// How many times the copy kernel's threads touch each element of an
/// `M x N` matrix (in range, after predication), and whether every touched
/// offset is the element at that row and column.
pub fn copy_coverage(m: i64, n: i64) -> Result<(Vec<u32>, bool), LayoutError> {
    let l = crate::kernels::copy_layouts(m as i32, n as i32)?;
    let (access, row, col) = (&l.access.dynamic, &l.row.dynamic, &l.col.dynamic);
    let mut hits = vec![0u32; (m * n) as usize];
    let mut consistent = true;
    for bm in 0..(m + 127) / 128 {
        for bn in 0..(n + 7) / 8 {
            for t in 0..256 {
                for v in 0..4 {
                    let (r, c) = (at(row, t, v, bm, bn)?, at(col, t, v, bm, bn)?);
                    if r < m && c < n {
                        let o = at(access, t, v, bm, bn)?;
                        consistent &= o == r + c * m;
                        hits[o as usize] += 1;
                    }
                }
            }
        }
    }
    Ok((hits, consistent))
}

/// The transpose layouts' check: at every in-range `(i, j)` of every tile,
/// `A`'s offset is `r + c*M` and `B`'s is `c + r*N`, and each element is
/// visited once.
pub fn transpose_coverage(m: i64, n: i64) -> Result<(Vec<u32>, bool), LayoutError> {
    let ls = crate::kernels::transpose_layouts(m as i32, n as i32)?;
    let [a, b, row, col] = ls.each_ref().map(|l| &l.dynamic);
    let mut hits = vec![0u32; (m * n) as usize];
    let mut consistent = true;
    for bm in 0..(m + 31) / 32 {
        for bn in 0..(n + 31) / 32 {
            for i in 0..32 {
                for j in 0..32 {
                    let (r, c) = (at(row, i, j, bm, bn)?, at(col, i, j, bm, bn)?);
                    if r < m && c < n {
                        let (oa, ob) = (at(a, i, j, bm, bn)?, at(b, i, j, bm, bn)?);
                        consistent &= oa == r + c * m && ob == c + r * n;
                        hits[oa as usize] += 1;
                    }
                }
            }
        }
    }
    Ok((hits, consistent))
}

/// The SGEMM kernel's loops run on the CPU through its layouts (the same
/// layouts the CUDA source renders): `C = A * B^T`, `A` `M x K`, `B` `N x K`,
/// column-major.
pub fn sgemm_emulated(
    m: i64,
    n: i64,
    k: i64,
    a: &[f32],
    b: &[f32],
) -> Result<Vec<f32>, LayoutError> {
    let l = crate::sgemm::sgemm_layouts(m, n, k)?;
    let it = |x: i64| IntTree::Int(x);
    let tup = |v: Vec<IntTree>| IntTree::Tuple(v);
    let mut c = vec![0f32; (m * n) as usize];
    for bm in 0..m / 128 {
        for bn in 0..n / 128 {
            let mut acc = vec![[[0f32; 8]; 8]; 256];
            for kt in 0..k / 8 {
                let (mut sa, mut sb) = (vec![0f32; 1024], vec![0f32; 1024]);
                for tid in 0..256 {
                    for x in 0..4 {
                        let part = tup(vec![it(tid), tup(vec![it(x), it(0)])]);
                        let s = l.s_copy.crd2idx(&part)? as usize;
                        let ga = tup(vec![part.clone(), tup(vec![it(bm), it(kt)])]);
                        let gb = tup(vec![part, tup(vec![it(bn), it(kt)])]);
                        sa[s] = a[l.ga.crd2idx(&ga)? as usize];
                        sb[s] = b[l.gb.crd2idx(&gb)? as usize];
                    }
                }
                for (tid, acc) in acc.iter_mut().enumerate() {
                    let (tr, tc) = (l.thr_row.at(tid as i64)?, l.thr_col.at(tid as i64)?);
                    for kk in 0..8 {
                        for (i, row) in acc.iter_mut().enumerate() {
                            let ia = tup(vec![tup(vec![it(tr), it(i as i64)]), it(kk)]);
                            let av = sa[l.s_read.crd2idx(&ia)? as usize];
                            for (j, cell) in row.iter_mut().enumerate() {
                                let jb = tup(vec![tup(vec![it(tc), it(j as i64)]), it(kk)]);
                                *cell += av * sb[l.s_read.crd2idx(&jb)? as usize];
                            }
                        }
                    }
                }
            }
            for (tid, acc) in acc.iter().enumerate() {
                let (tr, tc) = (l.thr_row.at(tid as i64)?, l.thr_col.at(tid as i64)?);
                for (i, row) in acc.iter().enumerate() {
                    for (j, cell) in row.iter().enumerate() {
                        let crd = tup(vec![
                            tup(vec![
                                tup(vec![it(tr), it(i as i64)]),
                                tup(vec![it(tc), it(j as i64)]),
                            ]),
                            tup(vec![it(bm), it(bn)]),
                        ]);
                        c[l.gc.crd2idx(&crd)? as usize] = *cell;
                    }
                }
            }
        }
    }
    Ok(c)
}
