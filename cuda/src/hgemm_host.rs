//! `cute-gpu --hgemm`: the generated tensor-core GEMM (`cute_cuda::hgemm`)
//! against cuBLAS (`cublasGemmEx`, FP32 compute) on the same buffers, in
//! FP16 and BF16, checked element by element against cuBLAS and against an
//! `f64` CPU product at sampled elements (the ragged sizes' last rows and
//! columns among them), and timed with CUDA events. With a PTX file from
//! `scripts/build-ptx.sh`, the Rust kernel `cute_rs_hgemm` (`kernels/`,
//! FP16, the default configuration's tiling) runs beside them, checked and
//! timed the same way.

use std::sync::Arc;

use cudarc::cublas::CudaBlas;
use cudarc::cublas::sys::{
    cublasComputeType_t, cublasGemmAlgo_t, cublasGemmEx, cublasOperation_t, cublasStatus_t,
    cudaDataType,
};
use cudarc::driver::{
    CudaContext, CudaFunction, CudaSlice, CudaStream, DevicePtr, DevicePtrMut, LaunchConfig,
    PushKernelArg,
};
use cudarc::nvrtc::Ptx;
use cute_cuda::hgemm::{Elem, HgemmConfig, hgemm_kernel};
use cute_cuda::tma::{TensorMapArg, encode_tensor_map};
use cute_cuda::wgmma::{WgmmaConfig, wgmma_kernel, wgmma_layouts};

use crate::{Res, allow_dynamic_smem, compile, time};

/// `cute_rs_hgemm`'s tiling (`kernels/src/hgemm.rs`): block tile `bM x bN`,
/// threads, dynamic shared memory (4 stages of `(bM + bN) x 64` halves),
/// and its limits on `M`, `N` and `K` (outside them it traps).
const RS_TILE: (i64, i64) = (128, 256);
const RS_THREADS: u32 = 256;
const RS_SMEM_BYTES: u32 = (128 + 256) * 64 * 4 * 2;
const RS_MAX: [i64; 3] = [1 << 15, (1 << 16) - 1, 1 << 14];

/// The Rust kernel loaded from `path`, allowed its shared memory.
fn rust_hgemm(ctx: &Arc<CudaContext>, path: &str) -> Res<CudaFunction> {
    let src = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let f = ctx
        .load_module(Ptx::from_src(src))?
        .load_function("cute_rs_hgemm")?;
    allow_dynamic_smem(&f, RS_SMEM_BYTES)?;
    Ok(f)
}

/// Mismatches of `hc` against cuBLAS's `href` everywhere (both round an
/// FP32 sum to the output type, so they differ by at most 2 ulp), and
/// against an `f64` product of the rounded inputs at sampled elements and
/// at the last row and column: `(vs cuBLAS, vs f64, samples)`.
fn check(
    e: Elem,
    (m, n, k): (i64, i64, i64),
    (ha, hb): (&[u16], &[u16]),
    hc: &[u16],
    href: &[u16],
) -> (usize, usize, usize) {
    let vs_blas = hc
        .iter()
        .zip(href)
        .filter(|&(&x, &y)| {
            let (x, y) = (from_bits(e, x), from_bits(e, y));
            !within(x - y, 2.0 * ulp(e, y))
        })
        .count();
    let mut pts: Vec<(i64, i64)> = (0..1024i64)
        .map(|q| ((q * 7919) % m, (q * 104_729) % n))
        .collect();
    pts.extend((0..64).flat_map(|q| [(m - 1, (q * 131) % n), ((q * 131) % m, n - 1)]));
    let vs_cpu = pts
        .iter()
        .filter(|&&(i, j)| {
            let want: f64 = (0..k)
                .map(|p| {
                    from_bits(e, ha[(i * k + p) as usize]) * from_bits(e, hb[(j * k + p) as usize])
                })
                .sum();
            let got = from_bits(e, hc[(i * n + j) as usize]);
            !within(got - want, 2.0 * ulp(e, want) + 1e-3)
        })
        .count();
    (vs_blas, vs_cpu, pts.len())
}

/// Uniform in [-1, 1), from a 64-bit LCG (the same stream on every run).
fn uniform(n: usize, seed: u64) -> Vec<f32> {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((x >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        })
        .collect()
}

fn to_bits(e: Elem, v: &[f32]) -> Vec<u16> {
    match e {
        Elem::F16 => v
            .iter()
            .map(|&x| half::f16::from_f32(x).to_bits())
            .collect(),
        Elem::Bf16 => v
            .iter()
            .map(|&x| half::bf16::from_f32(x).to_bits())
            .collect(),
    }
}

fn from_bits(e: Elem, b: u16) -> f64 {
    match e {
        Elem::F16 => f64::from(half::f16::from_bits(b).to_f32()),
        Elem::Bf16 => f64::from(half::bf16::from_bits(b).to_f32()),
    }
}

/// One unit in the last place of the output type at `|x|` (at least 1).
fn ulp(e: Elem, x: f64) -> f64 {
    let mant = match e {
        Elem::F16 => 10,
        Elem::Bf16 => 7,
    };
    2f64.powi(x.abs().max(1.0).log2().floor() as i32 - mant)
}

/// `|d| <= tol`, and false for NaN (a wrong result, not a pass).
fn within(d: f64, tol: f64) -> bool {
    d.abs() <= tol
}

/// `cublasGemmEx` computing our row-major `C (M,N) = A (M,K) · B (N,K)ᵀ`:
/// in cuBLAS's column-major terms `Cᵀ (N x M) = Bᵀ·A` with `B` read as a
/// `K x N` matrix transposed and `A` as `K x M`.
#[allow(clippy::too_many_arguments)]
fn cublas(
    blas: &CudaBlas,
    stream: &Arc<CudaStream>,
    e: Elem,
    (m, n, k): (i64, i64, i64),
    a: &CudaSlice<u16>,
    b: &CudaSlice<u16>,
    c: &mut CudaSlice<u16>,
) -> Res<()> {
    let ty = match e {
        Elem::F16 => cudaDataType::CUDA_R_16F,
        Elem::Bf16 => cudaDataType::CUDA_R_16BF,
    };
    let (alpha, beta) = (1.0f32, 0.0f32);
    let (pa, _ga) = a.device_ptr(stream);
    let (pb, _gb) = b.device_ptr(stream);
    let (pc, _gc) = c.device_ptr_mut(stream);
    // SAFETY: the handle is live; A is M x K, B is N x K, C is M x N, each
    // a buffer of exactly that many 16-bit elements; alpha and beta are
    // host f32 values as CUBLAS_COMPUTE_32F reads them.
    let status = unsafe {
        cublasGemmEx(
            *blas.handle(),
            cublasOperation_t::CUBLAS_OP_T,
            cublasOperation_t::CUBLAS_OP_N,
            n as i32,
            m as i32,
            k as i32,
            (&raw const alpha).cast(),
            pb as *const _,
            ty,
            k as i32,
            pa as *const _,
            ty,
            k as i32,
            (&raw const beta).cast(),
            pc as *mut _,
            ty,
            n as i32,
            cublasComputeType_t::CUBLAS_COMPUTE_32F,
            cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
        )
    };
    if status != cublasStatus_t::CUBLAS_STATUS_SUCCESS {
        return Err(format!("cublasGemmEx: {status:?}").into());
    }
    Ok(())
}

/// A GEMM kernel's configuration, as `--hgemm-config` names it:
/// `bMxbNxbKxSTAGESxWMxWN` is the SM80 kernel (`cute_cuda::hgemm`),
/// `sm90:bMxbNxbKxSTAGES[xCLUSTER]` the SM90 one (`cute_cuda::wgmma`), a
/// block per tile, and `sm90p:…` its persistent form, `sms` blocks.
pub enum GemmConfig {
    /// `mma.sync`, `ldmatrix`, `cp.async`.
    Sm80(HgemmConfig),
    /// `wgmma`, TMA, warp specialization.
    Sm90(WgmmaConfig),
}

impl GemmConfig {
    /// `cfg_s` for element type `e` on a GPU of `sms` SMs.
    pub fn parse(cfg_s: &str, e: Elem, sms: i64) -> Res<GemmConfig> {
        let cfg = if let Some(rest) = cfg_s.strip_prefix("sm90:") {
            WgmmaConfig::parse(rest, e).map(GemmConfig::Sm90)
        } else if let Some(rest) = cfg_s.strip_prefix("sm90p:") {
            WgmmaConfig::parse(rest, e).map(|c| GemmConfig::Sm90(WgmmaConfig { blocks: sms, ..c }))
        } else {
            HgemmConfig::parse(cfg_s, e).map(GemmConfig::Sm80)
        };
        Ok(cfg.ok_or(format!("bad --hgemm-config '{cfg_s}'"))?)
    }

    /// The kernel for `M x N x K`.
    pub fn kernel(&self, (m, n, k): (i64, i64, i64)) -> Res<cute_cuda::Kernel> {
        Ok(match *self {
            GemmConfig::Sm80(c) => hgemm_kernel(c, m, n, k)?,
            GemmConfig::Sm90(c) => wgmma_kernel(c, m, n, k)?,
        })
    }
}

/// A GEMM's launch on C, for the stream it was built on.
type GemmLaunch<'a> = Box<dyn FnMut(&Arc<CudaStream>, &mut CudaSlice<u16>) -> Res<()> + 'a>;

/// The kernel of configuration `cfg_s` ([`GemmConfig`]) for `M x N x K`
/// on A and B; the SM90 kernel takes A's and B's TMA descriptors, encoded
/// here by the driver from the crate's `make_tma_copy`.
fn launcher<'a>(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    cfg_s: &str,
    e: Elem,
    (m, n, k): (i64, i64, i64),
    da: &'a CudaSlice<u16>,
    db: &'a CudaSlice<u16>,
) -> Res<GemmLaunch<'a>> {
    let sms = i64::from(ctx.attribute(
        cudarc::driver::sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
    )?);
    let cfg = GemmConfig::parse(cfg_s, e, sms)?;
    let (f, lc) = compile(ctx, &cfg.kernel((m, n, k))?)?;
    if let GemmConfig::Sm90(cfg) = cfg {
        let l = wgmma_layouts(cfg, m, n, k)?;
        let map = |t: &cute_algebra::atom::dynamic::TmaCopy, d: &CudaSlice<u16>, rows: i64| {
            let (p, _g) = d.device_ptr(stream);
            encode_tensor_map(t, p, (rows * k * 2) as u64).map(TensorMapArg)
        };
        let (ma, mb) = (map(&l.a.tma, da, m)?, map(&l.b.tma, db, n)?);
        return Ok(Box::new(
            move |s: &Arc<CudaStream>, c: &mut CudaSlice<u16>| {
                let mut b = s.launch_builder(&f);
                b.arg(&ma).arg(&mb).arg(c);
                // SAFETY: (CUtensorMap A, CUtensorMap B, u16* C): the maps
                // describe A (M x K) and B (N x K), which outlive the launcher;
                // the TMA reads inside them, and every store to C (M x N) is
                // predicated by the identity partitions (tests/wgmma.rs).
                unsafe { b.launch(lc) }?;
                Ok(())
            },
        ));
    }
    Ok(Box::new(
        move |s: &Arc<CudaStream>, c: &mut CudaSlice<u16>| {
            let mut b = s.launch_builder(&f);
            b.arg(da).arg(db).arg(c);
            // SAFETY: (const u16* A, const u16* B, u16* C), M x K, N x K and
            // M x N: every access is predicated by the identity partitions
            // (tests/hgemm.rs checks them).
            unsafe { b.launch(lc) }?;
            Ok(())
        },
    ))
}

/// `cute_rs_hgemm` for `M x N x K` on A and B, in its launch shape; an
/// error outside the extents the kernel takes (it would trap).
fn rust_launcher<'a>(
    f: &'a CudaFunction,
    (m, n, k): (i64, i64, i64),
    da: &'a CudaSlice<u16>,
    db: &'a CudaSlice<u16>,
) -> Res<GemmLaunch<'a>> {
    let inside = [m, n, k]
        .iter()
        .zip(RS_MAX)
        .all(|(&x, max)| (1..=max).contains(&x));
    if !inside || k % 8 != 0 || n % 2 != 0 {
        return Err(format!(
            "cute_rs_hgemm takes M <= {}, N <= {}, K <= {}, K % 8 == 0 and N even, not {m}x{n}x{k}",
            RS_MAX[0], RS_MAX[1], RS_MAX[2]
        )
        .into());
    }
    let blocks = ((m + RS_TILE.0 - 1) / RS_TILE.0) * ((n + RS_TILE.1 - 1) / RS_TILE.1);
    let lc = LaunchConfig {
        grid_dim: (blocks as u32, 1, 1),
        block_dim: (RS_THREADS, 1, 1),
        shared_mem_bytes: RS_SMEM_BYTES,
    };
    let (mi, ni, ki) = (m as i32, n as i32, k as i32);
    Ok(Box::new(
        move |s: &Arc<CudaStream>, c: &mut CudaSlice<u16>| {
            let mut b = s.launch_builder(f);
            b.arg(da).arg(db).arg(c).arg(&mi).arg(&ni).arg(&ki);
            // SAFETY: (const u16* A, const u16* B, u16* C, int M, int N,
            // int K) with M x K, N x K and M x N buffers (cudaMalloc aligns
            // them to 256 bytes), the extents inside the kernel's limits,
            // and the launch shape kernels/src/hgemm.rs states; every access
            // is predicated by identity partitions (its host tests).
            unsafe { b.launch(lc) }?;
            Ok(())
        },
    ))
}

/// Every size in `sizes` (cubes), every element type, every configuration:
/// a table row each, with cuBLAS beside.
pub fn run(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    sizes: &[i64],
    configs: &[String],
    ptx: Option<&str>,
    runs: usize,
) -> Res<()> {
    let blas = CudaBlas::new(stream.clone())?;
    let rs = ptx.map(|p| rust_hgemm(ctx, p)).transpose()?;
    let mut failed = 0;
    for &s in sizes {
        let (m, n, k) = (s, s, s);
        let (fa, fb) = (uniform((m * k) as usize, 1), uniform((n * k) as usize, 2));
        println!(
            "\n| GEMM {m}x{n}x{k} TN, FP32 accumulate, random inputs in [-1,1] | ms | TFLOP/s | vs cuBLAS | check |\n|---|---:|---:|---:|---|"
        );
        for e in [Elem::F16, Elem::Bf16] {
            let (ha, hb) = (to_bits(e, &fa), to_bits(e, &fb));
            let (da, db) = (stream.clone_htod(&ha)?, stream.clone_htod(&hb)?);
            let mut dref = stream.alloc_zeros::<u16>((m * n) as usize)?;
            let mut dc = stream.alloc_zeros::<u16>((m * n) as usize)?;
            cublas(&blas, stream, e, (m, n, k), &da, &db, &mut dref)?;
            let href = stream.clone_dtoh(&dref)?;
            let flops = 2.0 * (m * n * k) as f64;
            let tf = |ms: f64| flops / (ms * 1e-3) / 1e12;
            let ms_blas = time(stream, runs, || {
                cublas(&blas, stream, e, (m, n, k), &da, &db, &mut dref)
            })?;
            println!(
                "| cuBLAS `cublasGemmEx` {} | {ms_blas:.3} | {:.1} | 1.00 | |",
                e.name(),
                tf(ms_blas)
            );
            // One row per kernel: launched on zeroed C, checked, timed.
            let mut row = |label: String, mut go: GemmLaunch<'_>| -> Res<()> {
                stream.memset_zeros(&mut dc)?;
                go(stream, &mut dc)?;
                let hc = stream.clone_dtoh(&dc)?;
                let (vs_blas, vs_cpu, npts) = check(e, (m, n, k), (&ha, &hb), &hc, &href);
                let ms = time(stream, runs, || go(stream, &mut dc))?;
                let ok = vs_blas == 0 && vs_cpu == 0;
                failed += usize::from(!ok);
                println!(
                    "| {label} {} | {ms:.3} | {:.1} | {:.2} | {} |",
                    e.name(),
                    tf(ms),
                    ms_blas / ms,
                    if ok {
                        format!("ok ({} vs cuBLAS, {npts} vs f64)", m * n)
                    } else {
                        format!("WRONG: {vs_blas} vs cuBLAS, {vs_cpu}/{npts} vs f64")
                    }
                );
                Ok(())
            };
            for cfg_s in configs {
                let go = launcher(ctx, stream, cfg_s, e, (m, n, k), &da, &db)?;
                row(format!("generated `{cfg_s}`"), go)?;
            }
            if let (Some(f), Elem::F16) = (&rs, e) {
                let go = rust_launcher(f, (m, n, k), &da, &db)?;
                row("Rust `cute_rs_hgemm` (PTX)".into(), go)?;
            }
        }
    }
    if failed != 0 {
        return Err(format!("hgemm: {failed} wrong results").into());
    }
    Ok(())
}
