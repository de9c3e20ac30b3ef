//! The kernels: a vectorized, predicated tiled copy and three transposes.

use cute_algebra::codegen::{CCoord, CLayout, ToCTree};
use cute_algebra::dynamic::{DynLayout, ToIntTree};
use cute_algebra::eval::{Value, eval};
use cute_algebra::frunk_core::hlist;
use cute_algebra::layout::Underscore;
use cute_algebra::prelude::*;
use cute_algebra::tuple::IntTuple;
use cute_algebra::{Layout, LayoutError};

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
    /// The `int` arguments after the two pointers, in order, with their
    /// values: the extents and the layouts' runtime parameters.
    pub args: Vec<(String, i64)>,
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
fn fits_int(m: i64, n: i64) -> Result<(i32, i32), LayoutError> {
    let padded = (m + 127).checked_mul(n + 31);
    match padded {
        Some(p) if p < i64::from(i32::MAX) => Ok((m as i32, n as i32)),
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

/// A layout of the kernel: its rendering (runtime values as named
/// parameters) and the same function as a `DynLayout` for CPU checks.
pub struct KernelLayout {
    /// The rendering, whose parameters become kernel arguments.
    pub c: CLayout,
    /// The same layout with runtime structure.
    pub dynamic: DynLayout,
}

impl KernelLayout {
    fn new<S, D>(l: &Layout<S, D>, prefix: &str) -> Result<Self, LayoutError>
    where
        S: IntTuple + ToCTree + ToIntTree,
        D: IntTuple + ToCTree + ToIntTree,
    {
        Ok(KernelLayout {
            c: CLayout::from_layout(l, prefix),
            dynamic: l.try_to_dyn()?,
        })
    }
}

/// The copy's layouts, each `((thread, value), (block_m, block_n))`: the
/// access to `src`/`dst`, and the row and column for predication.
pub struct CopyLayouts {
    /// `composition(zipped_divide(G, (128,8)), <TV, _>)`, `G = (M,N):(1,M)`.
    pub access: KernelLayout,
    /// The same for `(M,N):(1,0)`.
    pub row: KernelLayout,
    /// The same for `(M,N):(0,1)`.
    pub col: KernelLayout,
}

/// The copy's layouts for an `M x N` column-major matrix, `M` and `N`
/// runtime values. Threads `(32,8)` column-major each move `(4,1)` values:
/// CuTe's `make_tiled_copy(thr, val)` is `right_inverse(raked_product(thr,
/// val))` reshaped to `(threads, values)`, all static.
pub fn copy_layouts(m: i32, n: i32) -> Result<CopyLayouts, LayoutError> {
    let tv = composition(
        right_inverse(raked_product(
            layout![(32, 8) : (1, 32)],
            layout![(4, 1) : (1, 0)],
        )),
        layout![(256, 4) : (1, 256)],
    );
    macro_rules! tiled {
        ($g:expr, $p:literal) => {
            KernelLayout::new(
                &composition(zipped_divide($g, shape![128, 8]), hlist![tv, Underscore]),
                $p,
            )?
        };
    }
    Ok(CopyLayouts {
        access: tiled!(make_layout(shape![m, n]), "g"),
        row: tiled!(layout![(m, n) : (1, 0)], "r"),
        col: tiled!(layout![(m, n) : (0, 1)], "c"),
    })
}

/// The kernel's extra arguments: the layouts' runtime parameters.
fn params_of(ls: &[&KernelLayout]) -> Vec<(String, i64)> {
    ls.iter().flat_map(|l| l.c.params()).collect()
}

fn signature(params: &[(String, i64)]) -> String {
    params
        .iter()
        .map(|(p, _)| format!(", const int {p}"))
        .collect()
}

/// The vectorized tiled copy of an `M x N` `f32` matrix: each thread moves
/// 4 contiguous floats (one 16-byte access when `M % 4 == 0` and the vector
/// is inside the matrix, else element by element), 8 tiles of `(128,8)`
/// per block. `M` and `N` are kernel arguments.
pub fn copy_kernel(m: i64, n: i64) -> Result<Kernel, LayoutError> {
    let (mi, ni) = fits_int(m, n)?;
    let l = copy_layouts(mi, ni)?;
    let crd = pair(pair(var("t"), var("v")), pair(var("bm"), var("bn")));
    let render = |x: &KernelLayout| x.c.crd2idx_coord(&crd);
    let (access, row, col) = (render(&l.access)?, render(&l.row)?, render(&l.col)?);
    let params = params_of(&[&l.access, &l.row, &l.col]);
    let blocks_n = (n + 7) / 8;
    let source = format!(
        r#"
extern "C" __global__ void __launch_bounds__(256) cute_copy(const float* __restrict__ src, float* __restrict__ dst, const int M, const int N{sig}) {{
  const int t = threadIdx.x, bm = blockIdx.x;
  for (int k = 0; k < 8; ++k) {{
    const int bn = blockIdx.y * 8 + k;
    int v = 0;
    const int o = {access};
    const int r = {row}, c = {col};
    if (c >= N) return;
    if ((M & 3) == 0 && r + 3 < M) {{
      *reinterpret_cast<float4*>(dst + o) = __ldg(reinterpret_cast<const float4*>(src + o));
    }} else {{
      for (v = 0; v < 4; ++v) {{
        const int o = {access};
        const int r = {row};
        if (r < M) dst[o] = src[o];
      }}
    }}
  }}
}}
"#,
        sig = signature(&params),
    );
    Ok(Kernel {
        name: "cute_copy",
        source,
        grid: (((m + 127) / 128) as u32, ((blocks_n + 7) / 8) as u32, 1),
        block: (256, 1, 1),
        smem_bytes: 0,
        args: with_extents(m, n, params),
    })
}

fn with_extents(m: i64, n: i64, params: Vec<(String, i64)>) -> Vec<(String, i64)> {
    let mut args = vec![("M".to_string(), m), ("N".to_string(), n)];
    args.extend(params);
    args
}

/// The three transposes compared: naive, padded shared memory, swizzled
/// shared memory.
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
pub fn transpose_layouts(m: i32, n: i32) -> Result<[KernelLayout; 4], LayoutError> {
    macro_rules! tiled {
        ($g:expr, $p:literal) => {
            KernelLayout::new(&zipped_divide($g, shape![32, 32]), $p)?
        };
    }
    Ok([
        tiled!(make_layout(shape![m, n]), "a"),
        tiled!(layout![(m, n) : (n, 1)], "b"),
        tiled!(layout![(m, n) : (1, 0)], "r"),
        tiled!(layout![(m, n) : (0, 1)], "c"),
    ])
}

/// A transpose of an `M x N` `f32` matrix, tiles of `(32,32)`, `(32,8)`
/// threads each moving 4 elements. `M` and `N` are kernel arguments.
pub fn transpose_kernel(kind: TransposeKind, m: i64, n: i64) -> Result<Kernel, LayoutError> {
    let (mi, ni) = fits_int(m, n)?;
    let ls = transpose_layouts(mi, ni)?;
    let params = params_of(&ls.iter().collect::<Vec<_>>());
    let [a, b, row, col] = &ls;
    let at = |l: &KernelLayout, i: &str, j: &str| {
        l.c.crd2idx_coord(&pair(pair(var(i), var(j)), pair(var("bm"), var("bn"))))
    };
    let body = match kind.smem() {
        None => format!(
            r#"  for (int k = 0; k < 4; ++k) {{
    const int i = threadIdx.x, j = threadIdx.y + 8 * k;
    if ({r} < M && {c} < N) dst[{b}] = src[{a}];
  }}"#,
            r = at(row, "i", "j")?,
            c = at(col, "i", "j")?,
            a = at(a, "i", "j")?,
            b = at(b, "i", "j")?,
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
    if ({r} < M && {c} < N) tile[{s}] = src[{a}];
  }}
  __syncthreads();
  for (int k = 0; k < 4; ++k) {{
    const int i = threadIdx.y + 8 * k, j = threadIdx.x;
    if ({r} < M && {c} < N) dst[{b}] = tile[{s}];
  }}"#,
                cosize = if kind == TransposeKind::Padded {
                    32 * 33
                } else {
                    32 * 32
                },
                r = at(row, "i", "j")?,
                c = at(col, "i", "j")?,
                s = smem.crd2idx(&["i", "j"]),
                a = at(a, "i", "j")?,
                b = at(b, "i", "j")?,
            )
        }
    };
    let source = format!(
        r#"
extern "C" __global__ void __launch_bounds__(256) cute_transpose(const float* __restrict__ src, float* __restrict__ dst, const int M, const int N{sig}) {{
  const int bm = blockIdx.x, bn = blockIdx.y;
{body}
}}
"#,
        sig = signature(&params),
    );
    Ok(Kernel {
        name: "cute_transpose",
        source,
        grid: (((m + 31) / 32) as u32, ((n + 31) / 32) as u32, 1),
        block: (32, 8, 1),
        smem_bytes: 0,
        args: with_extents(m, n, params),
    })
}
