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
    let l = crate::kernels::copy_layouts(m, n)?;
    let mut hits = vec![0u32; (m * n) as usize];
    let mut consistent = true;
    for bm in 0..(m + 127) / 128 {
        for bn in 0..(n + 7) / 8 {
            for t in 0..256 {
                for v in 0..4 {
                    let (r, c) = (at(&l.row, t, v, bm, bn)?, at(&l.col, t, v, bm, bn)?);
                    if r < m && c < n {
                        let o = at(&l.access, t, v, bm, bn)?;
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
    let [a, b, row, col] = crate::kernels::transpose_layouts(m, n)?;
    let mut hits = vec![0u32; (m * n) as usize];
    let mut consistent = true;
    for bm in 0..(m + 31) / 32 {
        for bn in 0..(n + 31) / 32 {
            for i in 0..32 {
                for j in 0..32 {
                    let (r, c) = (at(&row, i, j, bm, bn)?, at(&col, i, j, bm, bn)?);
                    if r < m && c < n {
                        let (oa, ob) = (at(&a, i, j, bm, bn)?, at(&b, i, j, bm, bn)?);
                        consistent &= oa == r + c * m && ob == c + r * n;
                        hits[oa as usize] += 1;
                    }
                }
            }
        }
    }
    Ok((hits, consistent))
}
