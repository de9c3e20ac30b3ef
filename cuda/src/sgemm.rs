//! A tiled SGEMM in the style of CuTe's `sgemm_1` tutorial:
//! `C (M,N) = A (M,K) * B (N,K)^T`, all column-major ("NT"), block tiles of
//! `(128, 128, 8)` staged through shared memory, `(32, 8)` threads copying
//! each operand tile, `(16, 16)` threads each computing an `8 x 8` block of C.
//!
//! Every index comes from a layout:
//! - `gA = composition(zipped_divide(A, <128, 8>), <zipped_divide(sA, <32, 8>), _>)`:
//!   `((thread, value), (block_m, block_k))` to A's offset;
//! - `sA` partitioned the same way for the store into shared memory;
//! - `composition(sA, <(16,8):(1,16), _>)`: `((thread_row, i), k)` to the
//!   shared-memory offset read by the MMA loop;
//! - `composition(zipped_divide(C, <128, 128>), <<(16,8):(1,16), (16,8):(1,16)>, _>)`
//!   for the store of C;
//! - the thread's row and column in the `(16,16)` thread layout are the two
//!   components of its identity layout, `(16,16):(1,0)` and `(16,16):(0,1)`.
//!
//! `M` and `N` must be multiples of 128 and `K` of 8 (as in `sgemm_1`).

use cute_algebra::LayoutError;
use cute_algebra::codegen::{CCoord, CLayout};
use cute_algebra::dynamic::DynLayout;

use crate::Kernel;
use crate::kernels::{layout, var as v};

fn t(items: Vec<CCoord>) -> CCoord {
    CCoord::Tuple(items)
}

const SMEM: &str = "(128,8):(1,128)";
const COPY_PART: &str = "zipped_divide((128,8):(1,128), <32:1, 8:1>)";

/// The layouts behind the kernel (see the module docs).
pub struct SgemmLayouts {
    /// `((thread, (value, 0)), (block_m, k_tile))` to A's offset.
    pub ga: DynLayout,
    /// The same for B, by `block_n`.
    pub gb: DynLayout,
    /// `(thread, (value, 0))` to the shared-memory offset of the copy.
    pub s_copy: DynLayout,
    /// `((thread_row, i), k)` to the shared-memory offset the MMA reads.
    pub s_read: DynLayout,
    /// `(((thread_row, i), (thread_col, j)), (block_m, block_n))` to C's offset.
    pub gc: DynLayout,
    /// The `(16,16)` thread layout's row component, `(16,16):(1,0)`.
    pub thr_row: DynLayout,
    /// Its column component, `(16,16):(0,1)`.
    pub thr_col: DynLayout,
}

/// The layouts for `M x N x K`.
pub fn sgemm_layouts(m: i64, n: i64, k: i64) -> Result<SgemmLayouts, LayoutError> {
    if m % 128 != 0
        || n % 128 != 0
        || k % 8 != 0
        || m * k >= i64::from(i32::MAX)
        || n * k >= i64::from(i32::MAX)
        || m * n >= i64::from(i32::MAX)
    {
        return Err(LayoutError::BadArgument {
            op: "sgemm",
            msg: "M and N must be multiples of 128, K of 8, and every matrix under 2^31 elements",
        });
    }
    let operand = |rows: i64| -> Result<DynLayout, LayoutError> {
        layout(&format!(
            "composition(zipped_divide(({rows},{k}):(1,{rows}), <128:1, 8:1>), <{COPY_PART}, _>)"
        ))
    };
    Ok(SgemmLayouts {
        ga: operand(m)?,
        gb: operand(n)?,
        s_copy: layout(COPY_PART)?,
        s_read: layout(&format!("composition({SMEM}, <(16,8):(1,16), _>)"))?,
        gc: layout(&format!(
            "composition(zipped_divide(({m},{n}):(1,{m}), <128:1, 128:1>), <<(16,8):(1,16), (16,8):(1,16)>, _>)"
        ))?,
        thr_row: layout("(16,16):(1,0)")?,
        thr_col: layout("(16,16):(0,1)")?,
    })
}

/// The SGEMM kernel for `M x N x K`.
pub fn sgemm_kernel(m: i64, n: i64, k: i64) -> Result<Kernel, LayoutError> {
    let SgemmLayouts {
        ga,
        gb,
        s_copy,
        s_read,
        gc,
        thr_row,
        thr_col,
    } = sgemm_layouts(m, n, k)?;
    let thr_row = CLayout::from_dyn(&thr_row).idx2offset("tid");
    let thr_col = CLayout::from_dyn(&thr_col).idx2offset("tid");

    // ((thread, (value, 0)), (block, k_tile)); value is the copy's repeat.
    let copy_crd = |blk: &str| {
        t(vec![
            t(vec![v("tid"), t(vec![v("x"), v("0")])]),
            t(vec![v(blk), v("kt")]),
        ])
    };
    let render = |l: &DynLayout, c: &CCoord| CLayout::from_dyn(l).crd2idx_coord(c);
    let ga_at = render(&ga, &copy_crd("bm"))?;
    let gb_at = render(&gb, &copy_crd("bn"))?;
    let s_at = render(&s_copy, &t(vec![v("tid"), t(vec![v("x"), v("0")])]))?;
    let sa_read = render(&s_read, &t(vec![t(vec![v("tr"), v("i")]), v("kk")]))?;
    let sb_read = render(&s_read, &t(vec![t(vec![v("tc"), v("j")]), v("kk")]))?;
    let c_at = render(
        &gc,
        &t(vec![
            t(vec![t(vec![v("tr"), v("i")]), t(vec![v("tc"), v("j")])]),
            t(vec![v("bm"), v("bn")]),
        ]),
    )?;
    let source = format!(
        r#"
extern "C" __global__ void __launch_bounds__(256) cute_sgemm(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C) {{
  __shared__ float sA[1024];
  __shared__ float sB[1024];
  const int tid = threadIdx.x, bm = blockIdx.x, bn = blockIdx.y;
  const int tr = {thr_row}, tc = {thr_col};
  float acc[8][8];
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;
  for (int kt = 0; kt < {k_tiles}; ++kt) {{
#pragma unroll
    for (int x = 0; x < 4; ++x) {{
      sA[{s_at}] = A[{ga_at}];
      sB[{s_at}] = B[{gb_at}];
    }}
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < 8; ++kk) {{
      float a[8], b[8];
#pragma unroll
      for (int i = 0; i < 8; ++i) a[i] = sA[{sa_read}];
#pragma unroll
      for (int j = 0; j < 8; ++j) b[j] = sB[{sb_read}];
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] += a[i] * b[j];
    }}
    __syncthreads();
  }}
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j) C[{c_at}] = acc[i][j];
}}
"#,
        k_tiles = k / 8,
    );
    Ok(Kernel {
        name: "cute_sgemm",
        source,
        grid: ((m / 128) as u32, (n / 128) as u32, 1),
        block: (256, 1, 1),
        smem_bytes: 0,
        // The layouts are built for this M, N, K: every value is a literal.
        args: Vec::new(),
    })
}
