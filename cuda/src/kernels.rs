//! The kernels: a vectorized, predicated tiled copy and three transposes.

use cute_algebra::LayoutError;
use cute_algebra::codegen::{CCoord, CLayout};
use cute_algebra::dynamic::DynLayout;
use cute_algebra::dynamic::eval::{Value, eval};

/// A generated kernel: its CUDA C source, entry point and launch shape.
#[derive(Clone, Debug)]
pub struct Kernel {
    /// `extern "C" __global__` function name.
    pub name: &'static str,
    /// The whole translation unit, for NVRTC.
    pub source: String,
    /// Grid dimensions.
    pub grid: (u32, u32, u32),
    /// Block dimensions.
    pub block: (u32, u32, u32),
    /// Dynamic shared memory, in bytes.
    pub smem_bytes: u32,
}

/// A layout-valued expression of the runtime algebra.
pub(crate) fn layout(expr: &str) -> Result<DynLayout, LayoutError> {
    match eval(expr)? {
        Value::Layout(l) => Ok(l),
        _ => Err(LayoutError::BadArgument {
            op: "kernel",
            msg: "expected a layout",
        }),
    }
}

/// The kernels compute offsets in 32-bit `int` (cheaper than 64-bit on the
/// GPU): every offset of a padded `M x N` tile grid must fit.
fn fits_int(m: i64, n: i64) -> Result<(), LayoutError> {
    let padded = (m + 127).checked_mul(n + 31);
    match padded {
        Some(p) if p < i64::from(i32::MAX) => Ok(()),
        _ => Err(LayoutError::BadArgument {
            op: "kernel",
            msg: "the matrix is too large for 32-bit offsets",
        }),
    }
}

/// An integer coordinate held in the variable (or C expression) `s`.
pub(crate) fn var(s: &str) -> CCoord {
    CCoord::Var(s.into())
}

fn pair(a: CCoord, b: CCoord) -> CCoord {
    CCoord::Tuple(vec![a, b])
}

/// The copy's layouts: the per-thread access layout of `src`/`dst`, and the
/// row and column layouts for predication, each
/// `((thread, value), (block_m, block_n))`.
pub struct CopyLayouts {
    /// `composition(zipped_divide(G, (128,8)), <TV, _>)`.
    pub access: DynLayout,
    /// The same for `(M,N):(1,0)`.
    pub row: DynLayout,
    /// The same for `(M,N):(0,1)`.
    pub col: DynLayout,
}

/// Threads `(32,8)` column-major, each moving `(4,1)` values: CuTe's
/// `make_tiled_copy(thr, val)` is `right_inverse(raked_product(thr, val))`
/// reshaped to `(threads, values)`.
pub const COPY_TV: &str =
    "composition(right_inverse(raked_product((32,8):(1,32), (4,1):(1,0))), (256,4):(1,256))";

/// The copy's layouts for an `M x N` column-major matrix.
pub fn copy_layouts(m: i64, n: i64) -> Result<CopyLayouts, LayoutError> {
    let tiled = |g: String| {
        layout(&format!(
            "composition(zipped_divide({g}, <128:1, 8:1>), <{COPY_TV}, _>)"
        ))
    };
    Ok(CopyLayouts {
        access: tiled(format!("({m},{n}):(1,{m})"))?,
        row: tiled(format!("({m},{n}):(1,0)"))?,
        col: tiled(format!("({m},{n}):(0,1)"))?,
    })
}

/// The vectorized tiled copy of an `M x N` `f32` matrix: each thread moves
/// 4 contiguous floats (one 16-byte access when `M % 4 == 0` and the vector
/// is inside the matrix, else element by element), 8 tiles of `(128,8)`
/// per block.
pub fn copy_kernel(m: i64, n: i64) -> Result<Kernel, LayoutError> {
    fits_int(m, n)?;
    let l = copy_layouts(m, n)?;
    let blocks_m = (m + 127) / 128;
    let blocks_n = (n + 7) / 8;
    // Each mode takes its 1-D (colexicographic) index, which works whatever
    // structure the algebra gave the mode: (t, v) in the (256, 4) TV mode,
    // (bm, bn) in the (blocks_m, blocks_n) mode.
    let crd = pair(
        var("(t + 256 * v)"),
        var(&format!("(bm + {blocks_m} * bn)")),
    );
    let render = |x: &DynLayout| CLayout::from_dyn(x).crd2idx_coord(&crd);
    let (access, row, col) = (render(&l.access)?, render(&l.row)?, render(&l.col)?);
    let vec_ok = m % 4 == 0;
    let source = format!(
        r#"
extern "C" __global__ void __launch_bounds__(256) cute_copy(const float* __restrict__ src, float* __restrict__ dst) {{
  const int t = threadIdx.x, bm = blockIdx.x;
  for (int k = 0; k < 8; ++k) {{
    const int bn = blockIdx.y * 8 + k;
    if (bn >= {blocks_n}) return;
    int v = 0;
    const int o = {access};
    const int r = {row}, c = {col};
    if ({vec_ok} && c < {n} && r + 3 < {m}) {{
      *reinterpret_cast<float4*>(dst + o) = __ldg(reinterpret_cast<const float4*>(src + o));
    }} else {{
      for (v = 0; v < 4; ++v) {{
        const int o = {access};
        const int r = {row}, c = {col};
        if (r < {m} && c < {n}) dst[o] = src[o];
      }}
    }}
  }}
}}
"#,
        vec_ok = u8::from(vec_ok),
    );
    Ok(Kernel {
        name: "cute_copy",
        source,
        grid: (blocks_m as u32, ((blocks_n + 7) / 8) as u32, 1),
        block: (256, 1, 1),
        smem_bytes: 0,
    })
}

/// The three transposes of the issue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TransposeKind {
    /// Read a tile, write it straight out (strided writes).
    Naive,
    /// Through a `(32,32):(1,33)` shared-memory tile.
    Padded,
    /// Through a `Sw<5,0,5> o (32,32):(1,32)` shared-memory tile.
    Swizzled,
}

impl TransposeKind {
    /// The shared-memory tile's layout, if any.
    pub fn smem(self) -> Option<&'static str> {
        match self {
            TransposeKind::Naive => None,
            TransposeKind::Padded => Some("(32,32):(1,33)"),
            TransposeKind::Swizzled => Some("composition(Sw<5,0,5>, (32,32):(1,32))"),
        }
    }
    /// A short name.
    pub fn label(self) -> &'static str {
        match self {
            TransposeKind::Naive => "naive",
            TransposeKind::Padded => "smem+padding",
            TransposeKind::Swizzled => "smem+swizzle",
        }
    }
}

/// The layouts of `B = A^T`, `A` an `M x N` column-major matrix and `B`
/// `N x M` column-major, both indexed by `A`'s `((m, n), (block_m, block_n))`
/// after `zipped_divide` by `(32,32)`: `A`, `B`, the row and the column.
pub fn transpose_layouts(m: i64, n: i64) -> Result<[DynLayout; 4], LayoutError> {
    let tiled = |g: String| layout(&format!("zipped_divide({g}, <32:1, 32:1>)"));
    Ok([
        tiled(format!("({m},{n}):(1,{m})"))?,
        tiled(format!("({m},{n}):({n},1)"))?,
        tiled(format!("({m},{n}):(1,0)"))?,
        tiled(format!("({m},{n}):(0,1)"))?,
    ])
}

/// A transpose of an `M x N` `f32` matrix, tiles of `(32,32)`, `(32,8)`
/// threads each moving 4 elements.
pub fn transpose_kernel(kind: TransposeKind, m: i64, n: i64) -> Result<Kernel, LayoutError> {
    fits_int(m, n)?;
    let [a, b, row, col] = transpose_layouts(m, n)?;
    let blocks_m = (m + 31) / 32;
    // 1-D indices per mode, as in the copy: (i, j) in the (32, 32) tile,
    // (bm, bn) in the (blocks_m, blocks_n) grid.
    let at = |l: &DynLayout, i: &str, j: &str| {
        let tile = var(&format!("({i} + 32 * {j})"));
        CLayout::from_dyn(l).crd2idx_coord(&pair(tile, var(&format!("(bm + {blocks_m} * bn)"))))
    };
    let body = match kind.smem() {
        None => format!(
            r#"  for (int k = 0; k < 4; ++k) {{
    const int i = threadIdx.x, j = threadIdx.y + 8 * k;
    if ({r} < {m} && {c} < {n}) dst[{b}] = src[{a}];
  }}"#,
            r = at(&row, "i", "j")?,
            c = at(&col, "i", "j")?,
            a = at(&a, "i", "j")?,
            b = at(&b, "i", "j")?,
        ),
        Some(s) => {
            let smem = match eval(s)? {
                Value::Layout(l) => CLayout::from_dyn(&l),
                Value::Composed(c) => CLayout::from_composed(&c),
                _ => unreachable!("a shared-memory layout"),
            };
            format!(
                r#"  __shared__ float tile[{cosize}];
  for (int k = 0; k < 4; ++k) {{
    const int i = threadIdx.x, j = threadIdx.y + 8 * k;
    if ({r1} < {m} && {c1} < {n}) tile[{s1}] = src[{a}];
  }}
  __syncthreads();
  for (int k = 0; k < 4; ++k) {{
    const int i = threadIdx.y + 8 * k, j = threadIdx.x;
    if ({r2} < {m} && {c2} < {n}) dst[{b}] = tile[{s2}];
  }}"#,
                cosize = if kind == TransposeKind::Padded {
                    32 * 33
                } else {
                    32 * 32
                },
                r1 = at(&row, "i", "j")?,
                c1 = at(&col, "i", "j")?,
                s1 = smem.crd2idx(&["i", "j"]),
                a = at(&a, "i", "j")?,
                r2 = at(&row, "i", "j")?,
                c2 = at(&col, "i", "j")?,
                s2 = smem.crd2idx(&["i", "j"]),
                b = at(&b, "i", "j")?,
            )
        }
    };
    let source = format!(
        r#"
extern "C" __global__ void __launch_bounds__(256) cute_transpose(const float* __restrict__ src, float* __restrict__ dst) {{
  const int bm = blockIdx.x, bn = blockIdx.y;
{body}
}}
"#
    );
    Ok(Kernel {
        name: "cute_transpose",
        source,
        grid: (blocks_m as u32, ((n + 31) / 32) as u32, 1),
        block: (32, 8, 1),
        smem_bytes: 0,
    })
}
