//! `cute-gpu`: generate the kernels of `cute_cuda::kernels` for an `M x N`
//! matrix, compile them with NVRTC, run them, check every element against
//! the CPU, and time them with CUDA events against a device-to-device
//! `memcpy` of the same bytes.
//!
//! ```text
//! cute-gpu [--m M] [--n N] [--runs R] [--gemm S] [--ptx FILE] [--print-source] [--tma-check]
//! cute-gpu --only-gemm [--gemm S]
//! cute-gpu --hgemm S1,S2,... [--hgemm-config bMxbNxbKxSTAGESxWMxWN,...] [--ptx FILE] [--runs R] [--print-source]
//! ```
//!
//! `--print-source` prints the generated CUDA C and exits (no GPU needed).
//! `--only-gemm` runs only the FP32 SGEMMs (`--gemm S`) beside cuBLAS.
//! `--hgemm` runs only the tensor-core GEMMs (`cute_cuda::hgemm`) at each
//! size, FP16 and BF16, each configuration against cuBLAS; with `--ptx
//! FILE`, also the Rust kernel `cute_rs_hgemm` (FP16) on the same buffers.
//! `--tma-check` prints the TMA descriptors of CuTe's host-side reference
//! cases, encoded by the driver from the crate's `make_tma_copy`.
//! `--ptx FILE` also runs the kernels written in Rust (`kernels/`, built to
//! PTX by `scripts/build-ptx.sh`) in the same run, checked and timed the
//! same way.
//!
//! ```text
//! ```
//!
//! Without a CUDA driver or device it prints `no CUDA device: ...` and exits
//! with status 2: nothing was run, so nothing passed.

use std::process::ExitCode;
use std::sync::Arc;

use cudarc::cublas::sys::cublasOperation_t::{CUBLAS_OP_N, CUBLAS_OP_T};
use cudarc::cublas::{CudaBlas, Gemm, GemmConfig};
use cudarc::driver::CudaFunction;
use cudarc::driver::sys::CUevent_flags::CU_EVENT_DEFAULT;
use cudarc::driver::{CudaContext, CudaSlice, CudaStream, LaunchConfig, PushKernelArg};
use cudarc::nvrtc::{CompileOptions, Ptx, compile_ptx_with_opts};
use cute_cuda::{Kernel, TransposeKind, copy_kernel, sgemm_kernel, transpose_kernel};

mod hgemm_host;

struct Args {
    m: i64,
    n: i64,
    runs: usize,
    gemm: i64,
    ptx: Option<String>,
    print_source: bool,
    tma_check: bool,
    hgemm: Vec<i64>,
    hgemm_configs: Vec<String>,
    only_gemm: bool,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        m: 16380,
        n: 8190,
        runs: 50,
        gemm: 4096,
        ptx: None,
        print_source: false,
        tma_check: false,
        hgemm: Vec::new(),
        hgemm_configs: vec!["128x256x64x4x2x4".into()],
        only_gemm: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        let mut num = |what: &str| -> Result<i64, String> {
            it.next()
                .and_then(|v| v.parse().ok())
                .filter(|v: &i64| *v > 0)
                .ok_or(format!("{what} needs a positive integer"))
        };
        match k.as_str() {
            "--m" => a.m = num("--m")?,
            "--n" => a.n = num("--n")?,
            "--runs" => a.runs = num("--runs")? as usize,
            "--gemm" => a.gemm = num("--gemm")?,
            "--ptx" => a.ptx = Some(it.next().ok_or("--ptx needs a file")?),
            "--print-source" => a.print_source = true,
            "--tma-check" => a.tma_check = true,
            "--only-gemm" => a.only_gemm = true,
            "--hgemm" => {
                a.hgemm = it
                    .next()
                    .and_then(|v| v.split(',').map(|x| x.parse().ok()).collect())
                    .filter(|v: &Vec<i64>| v.iter().all(|&x| x > 0))
                    .ok_or("--hgemm needs sizes, e.g. 4096,8192,8000")?
            }
            "--hgemm-config" => {
                a.hgemm_configs = it
                    .next()
                    .ok_or("--hgemm-config needs bMxbNxbKxSTAGESxWMxWN[,...]")?
                    .split(',')
                    .map(String::from)
                    .collect()
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(a)
}

type Res<T> = Result<T, Box<dyn std::error::Error>>;

/// Median of the event-timed milliseconds of `runs` calls of `f`, after 3
/// warm-up calls.
fn time(stream: &Arc<CudaStream>, runs: usize, mut f: impl FnMut() -> Res<()>) -> Res<f64> {
    for _ in 0..3 {
        f()?;
    }
    let mut ms = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = stream.record_event(Some(CU_EVENT_DEFAULT))?;
        f()?;
        let end = stream.record_event(Some(CU_EVENT_DEFAULT))?;
        end.synchronize()?;
        ms.push(f64::from(start.elapsed_ms(&end)?));
    }
    ms.sort_by(f64::total_cmp);
    Ok(ms[ms.len() / 2])
}

/// NVRTC-compiles `k` and loads its entry point.
fn compile(ctx: &Arc<CudaContext>, k: &Kernel) -> Res<(CudaFunction, LaunchConfig)> {
    let ptx = compile_ptx_with_opts(
        &k.source,
        CompileOptions {
            // `sm_90a` enables Hopper's arch-specific instructions
            // (`wgmma`, `setmaxnreg`); the other kernels compile as for
            // `sm_90`.
            arch: Some("sm_90a"),
            options: vec!["--std=c++17".into()],
            ..Default::default()
        },
    )?;
    let f = ctx.load_module(ptx)?.load_function(k.name)?;
    allow_dynamic_smem(&f, k.smem_bytes)?;
    let cfg = LaunchConfig {
        grid_dim: k.grid,
        block_dim: k.block,
        shared_mem_bytes: k.smem_bytes,
    };
    Ok((f, cfg))
}

/// Past 48 KiB a kernel must opt in to its dynamic shared memory: every
/// kernel launched with more (NVRTC's or a Rust kernel's PTX) comes here.
fn allow_dynamic_smem(f: &CudaFunction, bytes: u32) -> Res<()> {
    if bytes > 48 * 1024 {
        f.set_attribute(
            cudarc::driver::sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            bytes as i32,
        )?;
    }
    Ok(())
}

fn launch(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    k: &Kernel,
) -> Res<impl FnMut(&CudaSlice<f32>, &mut CudaSlice<f32>) -> Res<()> + use<>> {
    let (f, cfg) = compile(ctx, k)?;
    let stream = stream.clone();
    let args: Vec<i32> = k.args.iter().map(|(_, v)| *v as i32).collect();
    Ok(
        move |src: &CudaSlice<f32>, dst: &mut CudaSlice<f32>| -> Res<()> {
            let mut b = stream.launch_builder(&f);
            b.arg(src).arg(dst);
            for a in &args {
                b.arg(a);
            }
            // SAFETY: the kernel takes (const float*, float*, int...) with
            // one int per entry of `k.args`, and, predicated by the layouts'
            // row and column, touches only elements inside the M x N buffers
            // it is given (checked on the CPU by the crate's tests).
            unsafe { b.launch(cfg) }?;
            Ok(())
        },
    )
}

/// A kernel's launch on `(src, dst)`.
type Launch = Box<dyn FnMut(&CudaSlice<f32>, &mut CudaSlice<f32>) -> Res<()>>;

/// The kernels written in Rust (`kernels/src/lib.rs`), loaded from the PTX
/// that `scripts/build-ptx.sh` builds, with the launch shapes their docs
/// state: the copy, then the swizzled transpose.
fn rust_kernels(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    path: &str,
    m: i64,
    n: i64,
) -> Res<Vec<(String, bool, Launch)>> {
    // The kernels' own limits (`MAX_M`, `MAX_N` in kernels/src/lib.rs):
    // outside them they trap instead of computing offsets that overflow.
    if !(1..=1 << 15).contains(&m) || !(1..(1 << 16)).contains(&n) {
        return Err(
            format!("the Rust kernels take M <= 32768 and N <= 65535, not {m} x {n}").into(),
        );
    }
    let src = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let module = ctx.load_module(Ptx::from_src(src))?;
    let (mi, ni) = (m as i32, n as i32);
    let shapes = [
        (
            "tiled copy (Rust, PTX)",
            "cute_rs_copy",
            false,
            LaunchConfig {
                grid_dim: (((m + 127) / 128) as u32, ((n + 63) / 64) as u32, 1),
                block_dim: (256, 1, 1),
                shared_mem_bytes: 0,
            },
        ),
        (
            "transpose smem+swizzle (Rust, PTX)",
            "cute_rs_transpose",
            true,
            LaunchConfig {
                grid_dim: (((m + 31) / 32) as u32, ((n + 31) / 32) as u32, 1),
                block_dim: (32, 8, 1),
                shared_mem_bytes: 32 * 32 * 4,
            },
        ),
    ];
    let mut out: Vec<(String, bool, Launch)> = Vec::new();
    for (label, name, transpose, cfg) in shapes {
        let f = module.load_function(name)?;
        let stream = stream.clone();
        let go = move |src: &CudaSlice<f32>, dst: &mut CudaSlice<f32>| -> Res<()> {
            let mut b = stream.launch_builder(&f);
            b.arg(src).arg(dst).arg(&mi).arg(&ni);
            // SAFETY: the kernel takes (const float*, float*, int M, int N),
            // both buffers hold M * N floats (cudaMalloc aligns them to 256
            // bytes, as the copy's 16-byte vectors need), and the launch
            // shape is the one its documentation states.
            unsafe { b.launch(cfg) }?;
            Ok(())
        };
        out.push((label.to_string(), transpose, Box::new(go)));
    }
    Ok(out)
}

/// The kernels of a run, with their labels and whether they transpose.
fn kernels(m: i64, n: i64) -> Res<Vec<(String, Kernel, bool)>> {
    let mut ks = vec![(
        "tiled copy (generated)".to_string(),
        copy_kernel(m, n)?,
        false,
    )];
    for kind in [
        TransposeKind::Naive,
        TransposeKind::Padded,
        TransposeKind::Swizzled,
    ] {
        let label = format!("transpose {} (generated)", kind.label());
        ks.push((label, transpose_kernel(kind, m, n)?, true));
    }
    Ok(ks)
}

fn run(a: &Args) -> Res<()> {
    let kernels = kernels(a.m, a.n)?;
    if a.print_source && !a.hgemm.is_empty() {
        for c in &a.hgemm_configs {
            let s = a.hgemm[0];
            // The H100 SXM's 132 SMs, for a persistent kernel's grid.
            let k = hgemm_host::GemmConfig::parse(c, cute_cuda::hgemm::Elem::F16, 132)?
                .kernel((s, s, s))?;
            println!(
                "// --- hgemm {c}, {s}^3: grid {:?}, block {:?}, {} B shared\n{}",
                k.grid, k.block, k.smem_bytes, k.source
            );
        }
        return Ok(());
    }
    if a.print_source {
        for (label, k, _) in &kernels {
            println!(
                "// --- {label}: grid {:?}, block {:?}, int arguments {:?}\n{}",
                k.grid, k.block, k.args, k.source
            );
        }
        return Ok(());
    }
    // cudarc panics when the driver library is missing: catch that quietly.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let ctx = std::panic::catch_unwind(|| CudaContext::new(0));
    std::panic::set_hook(hook);
    let ctx = match ctx {
        Ok(Ok(ctx)) => ctx,
        Ok(Err(e)) => return Err(format!("no CUDA device: {e}").into()),
        Err(_) => return Err("no CUDA device: the CUDA driver library could not be loaded".into()),
    };
    if a.tma_check {
        return tma_check();
    }
    let stream = ctx.default_stream();
    if !a.hgemm.is_empty() {
        println!("device: {}", ctx.name()?);
        return hgemm_host::run(
            &ctx,
            &stream,
            &a.hgemm,
            &a.hgemm_configs,
            a.ptx.as_deref(),
            a.runs.min(20),
        );
    }
    if a.only_gemm {
        println!("device: {}", ctx.name()?);
        return gemm(&ctx, &stream, a);
    }
    let (m, n) = (a.m, a.n);
    let len = (m * n) as usize;
    let host: Vec<f32> = (0..len).map(|i| (i % 1_000_003) as f32).collect();
    let src = stream.clone_htod(&host)?;
    let mut dst = stream.alloc_zeros::<f32>(len)?;
    let bytes = 2.0 * (len * 4) as f64; // read + write
    let gbs = |ms: f64| bytes / (ms * 1e-3) / 1e9;

    println!("device: {}", ctx.name()?);
    println!(
        "matrix: {m} x {n} f32 ({:.1} MiB), median of {} runs",
        (len * 4) as f64 / 1048576.0,
        a.runs
    );
    let memcpy_ms = time(&stream, a.runs, || {
        stream.memcpy_dtod(&src, &mut dst)?;
        Ok(())
    })?;
    let ceiling = gbs(memcpy_ms);
    println!("| kernel | ms | GB/s | % of memcpy |\n|---|---:|---:|---:|");
    println!("| cudaMemcpy D2D (ceiling) | {memcpy_ms:.4} | {ceiling:.1} | 100.0 |");

    let mut runs: Vec<(String, bool, Launch)> = Vec::new();
    for (label, k, transpose) in &kernels {
        runs.push((
            label.clone(),
            *transpose,
            Box::new(launch(&ctx, &stream, k)?),
        ));
    }
    if let Some(path) = &a.ptx {
        runs.extend(rust_kernels(&ctx, &stream, path, m, n)?);
    }
    for (label, transpose, mut go) in runs {
        stream.memset_zeros(&mut dst)?;
        go(&src, &mut dst)?;
        let out = stream.clone_dtoh(&dst)?;
        let bad = (0..len)
            .filter(|&o| {
                let want = if transpose {
                    // dst is N x M column-major: dst[c + r*N] = src[r + c*M]
                    let (c, r) = ((o as i64) % n, (o as i64) / n);
                    host[(r + c * m) as usize]
                } else {
                    host[o]
                };
                out[o] != want
            })
            .count();
        let ms = time(&stream, a.runs, || go(&src, &mut dst))?;
        println!(
            "| {label} | {ms:.4} | {:.1} | {:.1} |{}",
            gbs(ms),
            100.0 * gbs(ms) / ceiling,
            if bad == 0 {
                String::new()
            } else {
                format!(" WRONG: {bad} elements")
            }
        );
        if bad != 0 {
            return Err(format!("{label}: {bad} wrong elements").into());
        }
    }
    gemm(&ctx, &stream, a)
}

/// The generated SGEMM against cuBLAS on `S x S x S`: both checked against
/// each other everywhere and against an `f64` CPU dot product on a sample.
fn gemm(ctx: &Arc<CudaContext>, stream: &Arc<CudaStream>, a: &Args) -> Res<()> {
    let s = a.gemm;
    let len = (s * s) as usize;
    let ha: Vec<f32> = (0..len)
        .map(|x| ((x * 7) % 13) as f32 / 13.0 - 0.5)
        .collect();
    let hb: Vec<f32> = (0..len)
        .map(|x| ((x * 5) % 11) as f32 / 11.0 - 0.5)
        .collect();
    let (da, db) = (stream.clone_htod(&ha)?, stream.clone_htod(&hb)?);
    let mut dc = stream.alloc_zeros::<f32>(len)?;
    let mut dref = stream.alloc_zeros::<f32>(len)?;
    let blas = CudaBlas::new(stream.clone())?;
    let cfg_blas = GemmConfig {
        transa: CUBLAS_OP_N,
        transb: CUBLAS_OP_T,
        m: s as i32,
        n: s as i32,
        k: s as i32,
        alpha: 1.0f32,
        lda: s as i32,
        ldb: s as i32,
        beta: 0.0f32,
        ldc: s as i32,
    };
    let cublas = |c: &mut CudaSlice<f32>| -> Res<()> {
        // SAFETY: the dimensions and leading dimensions match the buffers.
        unsafe { blas.gemm(cfg_blas, &da, &db, c) }?;
        Ok(())
    };
    cublas(&mut dref)?;
    let href = stream.clone_dtoh(&dref)?;
    let flops = 2.0 * (s as f64).powi(3);
    let tf = |ms: f64| flops / (ms * 1e-3) / 1e12;
    let ms_blas = time(stream, a.runs.min(20), || cublas(&mut dref))?;
    println!("\n| SGEMM {s}^3 (NT) | ms | TFLOP/s | vs cuBLAS |\n|---|---:|---:|---:|");
    println!(
        "| cuBLAS sgemm | {ms_blas:.3} | {:.2} | 1.00 |",
        tf(ms_blas)
    );
    let mut wrong = 0;
    let kernels = [
        ("generated sgemm_1-style", sgemm_kernel(s, s, s)?),
        (
            "generated TiledMMA/TiledCopy, 3-stage cp.async",
            cute_cuda::sgemm_tiled::sgemm_tiled_kernel(s, s, s, 3)?,
        ),
        (
            "generated TiledMMA/TiledCopy, 4-stage cp.async",
            cute_cuda::sgemm_tiled::sgemm_tiled_kernel(s, s, s, 4)?,
        ),
    ];
    for (label, k) in &kernels {
        let (f, cfg) = compile(ctx, k)?;
        let ours = |c: &mut CudaSlice<f32>| -> Res<()> {
            let mut b = stream.launch_builder(&f);
            b.arg(&da).arg(&db).arg(c);
            // SAFETY: (const float* A, const float* B, float* C), S x S
            // each: every access is inside (tests/coverage.rs, tests/hgemm.rs).
            unsafe { b.launch(cfg) }?;
            Ok(())
        };
        stream.memset_zeros(&mut dc)?;
        ours(&mut dc)?;
        let hc = stream.clone_dtoh(&dc)?;
        // Tolerance: |C| is at most S/4; f32 sums of S terms differ by ~S * 2^-24 * |C|.
        let tol = 1e-5 * s as f32;
        let mismatched = hc
            .iter()
            .zip(&href)
            .filter(|(x, y)| (*x - *y).abs() > tol)
            .count();
        let mut cpu_bad = 0;
        for q in 0..1024usize {
            let (i, j) = ((q * 7919) % s as usize, (q * 104729) % s as usize);
            let want: f64 = (0..s as usize)
                .map(|p| f64::from(ha[i + p * s as usize]) * f64::from(hb[j + p * s as usize]))
                .sum();
            let idx = i + j * s as usize;
            cpu_bad += usize::from((f64::from(hc[idx]) - want).abs() > f64::from(tol));
        }
        let ms_ours = time(stream, a.runs.min(20), || ours(&mut dc))?;
        println!(
            "| {label} | {ms_ours:.3} | {:.2} | {:.2} |{}",
            tf(ms_ours),
            ms_blas / ms_ours,
            if mismatched + cpu_bad == 0 {
                String::new()
            } else {
                format!(" WRONG: {mismatched} vs cuBLAS, {cpu_bad}/1024 vs CPU")
            }
        );
        wrong += mismatched + cpu_bad;
    }
    if wrong != 0 {
        return Err("sgemm: wrong results".into());
    }
    Ok(())
}

#[path = "../../tests/support/tma_cases.rs"]
mod tma_cases;

/// The TMA descriptors of CuTe's reference cases, encoded by the driver
/// from the crate's host-side computation at the address CuTe's program
/// uses, printed as it prints them (`case <name>` and `descriptor <hex>`).
fn tma_check() -> Res<()> {
    for c in tma_cases::cases() {
        let tma = c.make_tma_copy();
        let (extents, strides) = c.get("gmem").split_once(':').ok_or("gmem")?;
        let leaves = |t: &str| -> Vec<u64> {
            t.trim_matches(|ch| ch == '(' || ch == ')')
                .split(',')
                .map(|x| x.trim_start_matches('_').parse().unwrap())
                .collect()
        };
        // CuTe's footprint: cosize times the element's bytes.
        let cosize: u64 = 1 + leaves(extents)
            .iter()
            .zip(leaves(strides))
            .map(|(s, d)| (s - 1) * d)
            .sum::<u64>();
        let bytes = cosize * c.get("elem_bits").parse::<u64>()? / 8;
        let map = cute_cuda::tma::encode_tensor_map(&tma, 0x7f00_0000_0000, bytes)?;
        println!(
            "case {}\n  descriptor {}",
            c.name,
            cute_cuda::tma::hex(&map)
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    let a = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match run(&a) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            if e.to_string().starts_with("no CUDA device") {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}
