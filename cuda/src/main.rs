//! `cute-gpu`: generate the kernels of `cute_cuda::kernels` for an `M x N`
//! matrix, compile them with NVRTC, run them, check every element against
//! the CPU, and time them with CUDA events against a device-to-device
//! `memcpy` of the same bytes.
//!
//! ```text
//! cute-gpu [--m M] [--n N] [--runs R] [--print-source]
//! ```
//!
//! `--print-source` prints the generated CUDA C and exits (no GPU needed).
//!
//! ```text
//! ```
//!
//! Without a CUDA driver or device it prints `no CUDA device: ...` and exits
//! with status 2: nothing was run, so nothing passed.

use std::process::ExitCode;
use std::sync::Arc;

use cudarc::driver::sys::CUevent_flags::CU_EVENT_DEFAULT;
use cudarc::driver::{CudaContext, CudaSlice, CudaStream, LaunchConfig, PushKernelArg};
use cudarc::nvrtc::{CompileOptions, compile_ptx_with_opts};
use cute_cuda::{Kernel, TransposeKind, copy_kernel, transpose_kernel};

struct Args {
    m: i64,
    n: i64,
    runs: usize,
    print_source: bool,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        m: 16380,
        n: 8190,
        runs: 50,
        print_source: false,
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
            "--print-source" => a.print_source = true,
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

fn launch(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    k: &Kernel,
) -> Res<impl FnMut(&CudaSlice<f32>, &mut CudaSlice<f32>) -> Res<()>> {
    let ptx = compile_ptx_with_opts(
        &k.source,
        CompileOptions {
            arch: Some("sm_90"),
            options: vec!["--std=c++17".into()],
            ..Default::default()
        },
    )?;
    let module = ctx.load_module(ptx)?;
    let f = module.load_function(k.name)?;
    let cfg = LaunchConfig {
        grid_dim: k.grid,
        block_dim: k.block,
        shared_mem_bytes: k.smem_bytes,
    };
    let stream = stream.clone();
    Ok(
        move |src: &CudaSlice<f32>, dst: &mut CudaSlice<f32>| -> Res<()> {
            let mut b = stream.launch_builder(&f);
            b.arg(src).arg(dst);
            // SAFETY: the kernel takes (const float*, float*) and, predicated
            // by the layouts' row and column, touches only elements inside the
            // M x N buffers it is given (checked on the CPU by the crate's tests).
            unsafe { b.launch(cfg) }?;
            Ok(())
        },
    )
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
    if a.print_source {
        for (label, k, _) in &kernels {
            println!(
                "// --- {label}: grid {:?}, block {:?}\n{}",
                k.grid, k.block, k.source
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
    let stream = ctx.default_stream();
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

    for (label, k, transpose) in &kernels {
        stream.memset_zeros(&mut dst)?;
        let mut go = launch(&ctx, &stream, k)?;
        go(&src, &mut dst)?;
        let out = stream.clone_dtoh(&dst)?;
        let bad = (0..len)
            .filter(|&o| {
                let want = if *transpose {
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
