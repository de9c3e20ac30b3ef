//! The FP32 SGEMM rebuilt on the atom layer, as CuTe's `sgemm_sm80`
//! tutorial builds its `float` NT path: `C (M,N) = A (M,K) · B (N,K)ᵀ`, all
//! column-major ("NT", as [`crate::sgemm`]), a `(128,256,8)` block tile in a
//! `stages`-deep `cp.async` pipeline: cuBLAS's own shape on this GPU
//! (`cutlass_80_simt_sgemm_128x256_8x4`), 8 x 16 values of C per thread.
//!
//! Every index comes from the atom layer:
//! - a [`TiledMma`] of `UniversalFMA<float>` over `(16,16)` threads whose
//!   permutations `(16,4,2):(4,1,64)` for M and `(16,4,4):(4,1,64)` for N
//!   give each thread runs of 4 consecutive rows (columns), 64 apart, so
//!   that its fragments are read with 128-bit loads and shared memory needs
//!   no padding or swizzle;
//! - `SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>` [`TiledCopy`]s of `(32,8)`
//!   threads by `(4,1)` values into `(128,8,stages)` and `(256,8,stages)`
//!   M- and N-major stages;
//! - `UniversalCopy<uint128_t>` copies from `make_tiled_copy_A/B` for the
//!   shared-to-register loads, whose destinations are `retile_D` of the
//!   fragments of `partition_fragment_A/B`;
//! - `thrfrg_C` of the global C tile for the stores, four consecutive
//!   floats at a time where the layout says they are consecutive;
//! - the identity layout's components for the edge predicates.
//!
//! `M` and `N` must be multiples of 4 (16-byte columns); `K` is any size.

use std::fmt::Write as _;

use cute_algebra::LayoutError;
use cute_algebra::atom::dynamic::{AnyTensor, CopyAtom, MmaAtom, Operand, TiledCopy, TiledMma};
use cute_algebra::dynamic::{DynLayout, IntTree};

use crate::Kernel;
use crate::hgemm::{
    CLayouts, PIPELINE_PRELUDE, Skeleton, TiledGlobal, c_layouts, counting, crd3, kblock_copy,
    kblock_prefix, lit, mode_sizes, parse, render, skeleton, sub_sizes, t, thr_coords,
    tiled_global, tup, var,
};

/// Block tile rows.
pub const BM: i64 = 128;
/// Block tile columns. A 128 x 256 tile (rather than 128 x 128) halves the
/// barriers and shared-memory loads per FMA: on the H100 the 128 x 128
/// kernel issued 16% non-FMA instructions and stalled 13.8% of warp cycles
/// on `__syncthreads` (Nsight Compute), cuBLAS's 128 x 256 kernel 11% and
/// 2%.
pub const BN: i64 = 256;
/// Block tile depth.
pub const BK: i64 = 8;
/// Threads per block.
pub const THREADS: i64 = 256;

fn bad(msg: &'static str) -> LayoutError {
    LayoutError::BadArgument { op: "sgemm", msg }
}

/// One operand's layouts.
#[derive(Clone, Debug)]
pub struct SimtOperand {
    /// `(R',K'):(1,R)` in `(128,8)` tiles.
    pub tiles: TiledGlobal,
    /// `tidfrg_S` of the global tile for the `cp.async` copy.
    pub g2s_src: DynLayout,
    /// `tidfrg_S` of the identity components.
    pub g2s_row: DynLayout,
    /// See [`Self::g2s_row`].
    pub g2s_col: DynLayout,
    /// The stages, `(128,8,stages):(1,128,1024)`.
    pub smem: DynLayout,
    /// `tidfrg_D` of the stages.
    pub g2s_dst: DynLayout,
    /// `tidfrg_S` of the stages for the shared-to-register copy.
    pub s2r_src: DynLayout,
    /// `partition_fragment_A/B`.
    pub frag: DynLayout,
    /// `retile_D(frag)`.
    pub frag_copy: DynLayout,
}

/// Every layout of the kernel.
#[derive(Clone, Debug)]
pub struct SimtLayouts {
    /// Pipeline stages.
    pub stages: i64,
    /// The tiled MMA.
    pub mma: TiledMma,
    /// A's layouts.
    pub a: SimtOperand,
    /// B's layouts.
    pub b: SimtOperand,
    /// C's tiles, partition, accumulators and block order.
    pub c: CLayouts,
}

fn operand(
    mma: &TiledMma,
    op: Operand,
    rows: i64,
    k: i64,
    stages: i64,
) -> Result<SimtOperand, LayoutError> {
    let br = if op == Operand::A { BM } else { BN };
    let tiles = tiled_global(rows, k, [br, BK], [1, rows])?;
    let g2s = TiledCopy::new(
        CopyAtom::parse("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", "float")?,
        &parse("(32,8):(1,32)")?,
        &parse("(4,1)")?,
    )?;
    let src = |l: &DynLayout| counting(g2s.tidfrg_s(&AnyTensor::of_layout(l.mode(0)?))?);
    let smem = DynLayout::make_layout_left(&tup(&[br, BK, stages]))?;
    let s2r = TiledCopy::for_mma(
        CopyAtom::parse("UniversalCopy<uint128_t>", "float")?,
        mma,
        op,
    )?;
    let frag = mma.partition_fragment(
        op,
        0,
        &AnyTensor::of_layout(DynLayout::make_layout_left(&tup(&[br, BK]))?),
    )?;
    Ok(SimtOperand {
        g2s_src: src(&tiles.global)?,
        g2s_row: src(&tiles.row)?,
        g2s_col: src(&tiles.col)?,
        g2s_dst: counting(g2s.tidfrg_d(&AnyTensor::of_layout(smem.clone()))?)?,
        s2r_src: counting(s2r.tidfrg_s(&AnyTensor::of_layout(smem.clone()))?)?,
        frag_copy: counting(s2r.retile(&AnyTensor::of_layout(frag.clone()))?)?,
        frag,
        smem,
        tiles,
    })
}

/// The layouts for `M x N x K` with `stages` shared-memory buffers.
pub fn sgemm_tiled_layouts(
    m: i64,
    n: i64,
    k: i64,
    stages: i64,
) -> Result<SimtLayouts, LayoutError> {
    if m <= 0 || n <= 0 || k <= 0 || m % 4 != 0 || n % 4 != 0 {
        return Err(bad("M and N must be positive multiples of 4, K positive"));
    }
    if [m * k, n * k, m * n]
        .iter()
        .any(|&x| x >= i64::from(i32::MAX))
        || stages < 2
    {
        return Err(bad(
            "every matrix under 2^31 elements, and at least 2 stages",
        ));
    }
    // Each thread: rows 4t..4t+3 and 64+4t..64+4t+3 of the tile, and
    // columns 4t..4t+3 + 64j for j < 4.
    let perm = |l: &str| Ok::<_, LayoutError>(cute_algebra::dynamic::Tiler::Layout(parse(l)?));
    let mma = TiledMma::new(
        MmaAtom::parse("UniversalFMA<float>")?,
        &parse("(16,16,1):(1,16,0)")?,
        Some(&cute_algebra::dynamic::Tiler::Tuple(vec![
            perm("(16,4,2):(4,1,64)")?,
            perm("(16,4,4):(4,1,64)")?,
            cute_algebra::dynamic::Tiler::Int(1),
        ])),
    )?;
    let a = operand(&mma, Operand::A, m, k, stages)?;
    let b = operand(&mma, Operand::B, n, k, stages)?;
    Ok(SimtLayouts {
        c: c_layouts(&mma, m, n, [BM, BN], [1, m])?,
        stages,
        mma,
        a,
        b,
    })
}

/// The fragment indices of `n` consecutive values, which must be
/// consecutive registers (one 128-bit access).
fn quad(l: &DynLayout, c: impl Fn(i64) -> IntTree) -> Result<i64, LayoutError> {
    let first = l.crd2idx(&c(0))?;
    for v in 1..4 {
        if l.crd2idx(&c(v))? != first + v {
            return Err(bad("a 128-bit access is not 4 consecutive values"));
        }
    }
    Ok(first)
}

/// The kernel's body: CUDA C that moves data only through the helpers of
/// [`DEVICE_PRELUDE`] and `__syncthreads`, so that a host prelude can record
/// every access (`tests/hgemm.rs`).
pub fn sgemm_tiled_body(m: i64, n: i64, k: i64, stages: i64) -> Result<String, LayoutError> {
    let l = sgemm_tiled_layouts(m, n, k, stages)?;
    let k_tiles = (k + BK - 1) / BK;

    let load = |op: &SimtOperand, name: &str, blk: &str, rows: i64, tile: &str, stage: &str| {
        let mut out = String::new();
        out += &op.tiles.origin(&t(vec![var(blk), var(tile)]))?;
        let rest = sub_sizes(&op.g2s_src, 2)?;
        for r in 0..rest.iter().product::<i64>() {
            let c = t(vec![var("tid"), lit(0), lit(r)]);
            let d = t(vec![
                var("tid"),
                lit(0),
                t(vec![lit(r % rest[0]), lit(r / rest[0]), var(stage)]),
            ]);
            writeln!(
                out,
                "    cp_async_16(s{name} + ({}), {name} + base + ({}), r0 + ({}) < {rows} && c0 + ({}) < {k});",
                render(&op.g2s_dst, &d)?,
                render(&op.g2s_src, &c)?,
                render(&op.g2s_row, &c)?,
                render(&op.g2s_col, &c)?,
            )
            .ok();
        }
        out.push_str("  }\n");
        Ok::<_, LayoutError>(out)
    };
    let load_ab = |tile: &str, stage: &str| -> Result<String, LayoutError> {
        Ok(load(&l.a, "A", "bm", m, tile, stage)? + &load(&l.b, "B", "bn", n, tile, stage)?)
    };
    // Shared-to-register: 128-bit loads of the fragment at k-block `kb`.
    let lds = |op: &SimtOperand, name: &str, kb: i64, stage: &str| {
        let mut out = String::new();
        let rest = mode_sizes(&op.s2r_src.mode(2)?)?; // (CPY_R, CPY_K, stage)
        if op.s2r_src.mode(1)?.flat().first() != Some(&(4, 1)) {
            return Err(bad("a 128-bit load is not 4 consecutive values"));
        }
        // Each 128-bit atom of the thread's values, in every repeat.
        for x in 0..op.s2r_src.mode(1)?.size()? / 4 {
            for cr in 0..rest[0] {
                let c = t(vec![
                    var("tid"),
                    lit(4 * x),
                    t(vec![lit(cr), lit(kb), var(stage)]),
                ]);
                let r = quad(&op.frag_copy, |v| crd3(4 * x + v, cr, kb))?;
                writeln!(
                    out,
                    "      lds4(r{name}, {r}, s{name} + ({}));",
                    render(&op.s2r_src, &c)?
                )
                .ok();
            }
        }
        Ok::<_, LayoutError>(out)
    };
    let mma_m = l.c.frag.mode(1)?.size()?;
    let mma_n = l.c.frag.mode(2)?.size()?;
    let mut mainloop = String::new();
    let loads = load_ab("kt_", "wst")?;
    for kb in 0..BK {
        mainloop += &kblock_prefix(kb, BK, stages);
        let next = (kb + 1) % BK;
        mainloop += &lds(&l.a, "A", next, "st")?;
        mainloop += &lds(&l.b, "B", next, "st")?;
        mainloop += &kblock_copy(kb, stages, k_tiles, &loads);
        for mi in 0..mma_m {
            for ni in 0..mma_n {
                let c = l.c.frag.crd2idx(&crd3(0, mi, ni))?;
                let a = l.a.frag.crd2idx(&crd3(0, mi, kb))?;
                let b = l.b.frag.crd2idx(&crd3(0, ni, kb))?;
                writeln!(mainloop, "      fma(acc, {c}, rA, {a}, rB, {b});").ok();
            }
        }
    }

    // Epilogue: four consecutive rows per 128-bit store.
    let [tv, tm, tn, _] = thr_coords(&l.mma)?;
    let thr = t(vec![var(tv), t(vec![var(tm), var(tn)])]);
    let mut epilogue = String::new();
    epilogue += &l.c.tiles.origin(&t(vec![var("bm"), var("bn")]))?;
    let val = |mi: i64, ni: i64| {
        t(vec![
            thr.clone(),
            t(vec![lit(0), t(vec![lit(mi), lit(ni)])]),
        ])
    };
    for ni in 0..mma_n {
        for mq in 0..mma_m / 4 {
            let mi = 4 * mq;
            let i0 = quad(&l.c.frag, |v| crd3(0, mi + v, ni))?;
            let g0 = l.c.part.crd2idx(&IntTree::Tuple(vec![
                IntTree::Int(0),
                IntTree::Tuple(vec![
                    IntTree::Int(0),
                    IntTree::Tuple(vec![IntTree::Int(mi), IntTree::Int(ni)]),
                ]),
            ]))?;
            for v in 1..4 {
                let g = l.c.part.crd2idx(&IntTree::Tuple(vec![
                    IntTree::Int(0),
                    IntTree::Tuple(vec![
                        IntTree::Int(0),
                        IntTree::Tuple(vec![IntTree::Int(mi + v), IntTree::Int(ni)]),
                    ]),
                ]))?;
                if g != g0 + v {
                    return Err(bad("C's 4 values are not consecutive in a column"));
                }
            }
            let c = val(mi, ni);
            epilogue += &l.c.store(&c, (m, n), "st4", &format!("acc, {i0}"))?;
        }
    }
    epilogue.push_str("  }\n");

    Ok(skeleton(&Skeleton {
        header: format!(
            "Generated by cute-cuda's sgemm_tiled from the crate's atom layouts: {BM}x{BN}x{BK}, {stages} stages."
        ),
        name: "cute_sgemm_tiled",
        elem: "float",
        reg: "float",
        threads: THREADS,
        smem_a: l.a.smem.cosize()?,
        raster: (&l.c.raster_m, &l.c.raster_n),
        nacc: l.c.frag.size()?,
        regs: (l.a.frag.size()?, l.b.frag.size()?),
        stages,
        k_tiles,
        prologue: load_ab("s", "s")?,
        first: lds(&l.a, "A", 0, "st")? + &lds(&l.b, "B", 0, "st")?,
        mainloop,
        epilogue,
    }))
}

/// The instructions behind the body's helpers beyond `hgemm`'s pipeline
/// prelude (`lds4`, `fma`, `st4`).
pub const DEVICE_PRELUDE: &str = r#"__device__ __forceinline__ void lds4(float* r, int i, const float* p) {
  // UniversalCopy<uint128_t>
  const float4 v = *reinterpret_cast<const float4*>(p);
  r[i] = v.x; r[i + 1] = v.y; r[i + 2] = v.z; r[i + 3] = v.w;
}
__device__ __forceinline__ void st4(float* p, const float* acc, int i) {
  *reinterpret_cast<float4*>(p) = make_float4(acc[i], acc[i + 1], acc[i + 2], acc[i + 3]);
}
__device__ __forceinline__ void fma(float* acc, int c, const float* a, int i, const float* b, int j) {
  // UniversalFMA<float>
  acc[c] = fmaf(a[i], b[j], acc[c]);
}
"#;

/// The CUDA C source and launch shape.
pub fn sgemm_tiled_kernel(m: i64, n: i64, k: i64, stages: i64) -> Result<Kernel, LayoutError> {
    let l = sgemm_tiled_layouts(m, n, k, stages)?;
    let smem = l.a.smem.cosize()? + l.b.smem.cosize()?;
    Ok(Kernel {
        name: "cute_sgemm_tiled",
        source: String::from(PIPELINE_PRELUDE)
            + DEVICE_PRELUDE
            + &sgemm_tiled_body(m, n, k, stages)?,
        grid: (l.c.blocks()? as u32, 1, 1),
        block: (THREADS as u32, 1, 1),
        smem_bytes: (smem * 4) as u32,
        args: Vec::new(),
    })
}
