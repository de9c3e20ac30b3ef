//! A Hopper tensor-core GEMM (CUTLASS's warp-specialized SM90 kernels):
//! `C (M,N) = A (M,K) · B (N,K)ᵀ`, A and B K-major, C row-major, FP16 or
//! BF16 in and out, FP32 accumulation.
//!
//! - **Producer and consumers.** One warpgroup's first thread issues TMA
//!   loads of A's and B's `(bM,bK)` and `(bN,bK)` tiles into a
//!   `stages`-deep ring of shared-memory buffers; the other warpgroups
//!   (one per 64 rows of the block tile) issue `wgmma` on them. Two
//!   mbarriers per stage order them: `full` completes when the TMA's bytes
//!   have landed (`expect_tx`), `empty` when every consumer warpgroup's
//!   `wgmma`s on the stage have completed. The producer gives its registers
//!   to the consumers (`setmaxnreg`).
//! - **Every index comes from the atom layer.** The shared-memory buffers
//!   are `tile_to_shape(GMMA::Layout_K_SW128_Atom<T>, (bR,bK,stages))`; the
//!   `wgmma` atom is `SM90_64x{bN}x16_F32{T}{T}_SS<K,K>` in a [`TiledMma`]
//!   of one atom per consumer warpgroup along M; its `thrfrg_A/B` of the
//!   buffers gives each warpgroup's, k-block's and stage's start address,
//!   and `make_gmma_desc<K>` of the atom's value mode gives the rest of
//!   each shared-memory descriptor (leading and stride byte offsets,
//!   swizzle mode). `make_tma_copy` of one stage's tile gives the TMA box,
//!   swizzle and the map from a tile's origin to TMA coordinates; the
//!   driver encodes the `CUtensorMap` (`cute_cuda::tma`). `thrfrg_C` of the
//!   global C tile and `partition_fragment_C` name the accumulator each
//!   `wgmma` output register and each store uses, and the identity
//!   layout's components predicate the stores.
//! - **Edges.** The TMA reads outside the tensor as zeros, so a ragged K or
//!   a partial tile needs no predicate on the loads; the stores are
//!   predicated.
//!
//! Layouts are built for the run's `M`, `N`, `K` (run-time specialization):
//! every value is a literal in the source that NVRTC compiles (`sm_90a`).

use std::fmt::Write as _;

use cute_algebra::LayoutError;
use cute_algebra::atom::dynamic::{
    GmmaDescriptor, GmmaMajor, GmmaSmem, GmmaSwizzle, MmaAtom, Operand, TiledMma, TmaCopy, TmaGmem,
    TmaSmem, make_tma_copy,
};
use cute_algebra::codegen::{CCoord, CLayout};
use cute_algebra::dynamic::DynLayout;

use crate::Kernel;
use crate::hgemm::{
    CLayouts, Elem, SMEM_ADDR, TiledGlobal, c_layouts, ceil_to, crd3, dims, lit, problem_16bit,
    raster, render, st_pair_src, t, thr_coords, tiled_global, tup, var,
};

/// The block tile and pipeline depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WgmmaConfig {
    /// Block tile rows: 64 per consumer warpgroup.
    pub bm: i64,
    /// Block tile columns: the `wgmma`'s N (a multiple of 8, at most 256).
    pub bn: i64,
    /// Block tile depth: 64 16-bit values, one 128-byte swizzle row.
    pub bk: i64,
    /// Shared-memory stages.
    pub stages: i64,
    /// Element type.
    pub elem: Elem,
    /// Blocks launched: 0 for one per tile; else at most this many, each
    /// running tile after tile (a persistent kernel, one block per SM).
    pub blocks: i64,
    /// Blocks per cluster, along M: they share each tile of B, which each
    /// loads a slice of and multicasts to all (1: no cluster).
    pub cluster: i64,
}

impl Default for WgmmaConfig {
    fn default() -> Self {
        WgmmaConfig {
            bm: 128,
            bn: 256,
            bk: 64,
            stages: 4,
            elem: Elem::F16,
            blocks: 0,
            cluster: 1,
        }
    }
}

/// Threads per warpgroup.
const WG: i64 = 128;

/// The registers a producer warpgroup keeps, and a consumer's: together at
/// most the SM's 64K for one block (CUTLASS's choice for two consumers).
const PRODUCER_REGS: i64 = 40;
const CONSUMER_REGS: i64 = 232;

impl WgmmaConfig {
    /// Consumer warpgroups: one per 64 rows.
    pub fn consumers(&self) -> i64 {
        self.bm / 64
    }

    /// Threads per block: the producer warpgroup and the consumers.
    pub fn threads(&self) -> i64 {
        WG * (1 + self.consumers())
    }

    /// Bytes of one stage of A.
    fn a_stage_bytes(&self) -> i64 {
        self.bm * self.bk * 2
    }

    /// Bytes of one stage of B.
    fn b_stage_bytes(&self) -> i64 {
        self.bn * self.bk * 2
    }

    /// Dynamic shared memory per block: the stages, the barriers, and room
    /// to align the buffers to the 128-byte swizzle's 1024-byte period.
    pub fn smem_bytes(&self) -> i64 {
        (self.a_stage_bytes() + self.b_stage_bytes()) * self.stages + 16 * self.stages + 1024
    }

    fn mma_atom(&self) -> String {
        let t = match self.elem {
            Elem::F16 => "F16F16",
            Elem::Bf16 => "BF16BF16",
        };
        format!("SM90_64x{}x16_F32{t}_SS<K,K>", self.bn)
    }

    /// The PTX of the atom's instruction.
    fn wgmma_ptx(&self) -> String {
        let t = match self.elem {
            Elem::F16 => "f16",
            Elem::Bf16 => "bf16",
        };
        format!(
            "wgmma.mma_async.sync.aligned.m64n{}k16.f32.{t}.{t}",
            self.bn
        )
    }

    /// `bMxbNxbKxSTAGES`, or `bMxbNxbKxSTAGESxCLUSTER`.
    pub fn parse(s: &str, elem: Elem) -> Option<WgmmaConfig> {
        let (bm, bn, bk, stages, cluster) = match dims(s)?[..] {
            [bm, bn, bk, stages] => (bm, bn, bk, stages, 1),
            [bm, bn, bk, stages, cluster] => (bm, bn, bk, stages, cluster),
            _ => return None,
        };
        Some(WgmmaConfig {
            bm,
            bn,
            bk,
            stages,
            elem,
            blocks: 0,
            cluster,
        })
    }
}

fn bad(msg: &'static str) -> LayoutError {
    LayoutError::BadArgument { op: "wgmma", msg }
}

/// One operand's layouts (A: rows M; B: rows N).
#[derive(Clone, Debug)]
pub struct WgmmaOperand {
    /// The matrix in `(bR,bK)` tiles, with the identity's components.
    pub tiles: TiledGlobal,
    /// The stages: `tile_to_shape(Layout_K_SW128_Atom<T>, (bR,bK,stages))`.
    pub smem: GmmaSmem,
    /// `thrfrg_A/B` of the stages:
    /// `((ThrV,(ThrR,ThrK)),(FrgV,(RestR,RestK,stage)))` to the element
    /// offset, before the swizzle (which the descriptor carries).
    pub part: DynLayout,
    /// `make_gmma_desc<K>` of the atom's value mode `FrgV`: every field but
    /// the start address.
    pub desc: GmmaDescriptor,
    /// `make_tma_copy` of one stage's tile, its box split among the
    /// cluster's blocks when they multicast it.
    pub tma: TmaCopy,
    /// The rows of the stage's tile that one block's TMA loads, and their
    /// element offset in the stage per block of the cluster (its rank).
    pub slice: (i64, i64),
}

/// Every layout of the kernel.
#[derive(Clone, Debug)]
pub struct WgmmaLayouts {
    /// The configuration.
    pub cfg: WgmmaConfig,
    /// The tiled MMA: one `wgmma` atom per consumer warpgroup along M.
    pub mma: TiledMma,
    /// A's layouts.
    pub a: WgmmaOperand,
    /// B's layouts.
    pub b: WgmmaOperand,
    /// C's tiles, partition, accumulators and block order.
    pub c: CLayouts,
}

fn operand(
    cfg: &WgmmaConfig,
    mma: &TiledMma,
    op: Operand,
    rows: i64,
    k: i64,
) -> Result<WgmmaOperand, LayoutError> {
    let br = if op == Operand::A { cfg.bm } else { cfg.bn };
    let elem = cfg.elem.cute();
    let atom = GmmaSmem::atom(GmmaMajor::K, GmmaSwizzle::Sw128, elem)?;
    let smem = atom.tile_to_shape(&tup(&[br, cfg.bk, cfg.stages]))?;
    let part = mma.thrfrg_layout(op, &smem.layout)?;
    let frg_v = GmmaSmem {
        layout: part.mode(1)?.mode(0)?,
        ..smem.clone()
    };
    let desc = frg_v.make_gmma_desc(GmmaMajor::K)?;
    let stage = atom.tile_to_shape(&tup(&[br, cfg.bk]))?;
    let gmem = TmaGmem::parse(&format!("({rows},{k}):({k},_1)"), elem)?;
    let multicast = if op == Operand::B { cfg.cluster } else { 1 };
    let tma = make_tma_copy(&gmem, TmaSmem::Gmma(&stage), multicast as u32)?;
    if tma.box_dim.iter().map(|&b| i64::from(b)).product::<i64>() * multicast != br * cfg.bk {
        return Err(bad(
            "the cluster's TMA boxes must fill one stage's tile together",
        ));
    }
    // Block r's box is rows [r·bR/c, (r+1)·bR/c) of the tile: where they sit.
    let rows_per = br / multicast;
    let at = |r: i64| stage.layout.crd2idx(&tup(&[r * rows_per, 0]));
    let step = at(1)?;
    for r in 0..multicast {
        if at(r)? != r * step {
            return Err(bad("the cluster's slices of a stage are not evenly spaced"));
        }
    }
    Ok(WgmmaOperand {
        tiles: tiled_global(rows, k, [br, cfg.bk], [k, 1])?,
        smem,
        part,
        desc,
        tma,
        slice: (rows_per, step),
    })
}

/// The layouts for `M x N x K`.
pub fn wgmma_layouts(
    cfg: WgmmaConfig,
    m: i64,
    n: i64,
    k: i64,
) -> Result<WgmmaLayouts, LayoutError> {
    problem_16bit(m, n, k).map_err(bad)?;
    if cfg.bm % 64 != 0 || cfg.bm < 64 || cfg.bk != 64 || cfg.stages < 2 {
        return Err(bad(
            "bM must be a multiple of 64, bK 64 (one 128-byte swizzle row), and stages at least 2",
        ));
    }
    if ![1, 2, 4].contains(&cfg.cluster) || (cfg.cluster > 1 && cfg.blocks > 0) {
        return Err(bad(
            "a cluster has 1, 2 or 4 blocks, and a persistent grid is built without clusters",
        ));
    }
    let mma = TiledMma::new(
        MmaAtom::parse(&cfg.mma_atom())?,
        &format!("({},1,1):(1,0,0)", cfg.consumers()).parse()?,
        None,
    )?;
    if mma.tile_shape()?[..2] != [cfg.bm, cfg.bn] {
        return Err(bad("the tiled MMA's tile is not the block tile"));
    }
    let mut c = c_layouts(&mma, m, n, [cfg.bm, cfg.bn], [n, 1])?;
    if cfg.cluster > 1 {
        // A cluster's blocks take adjacent tile rows of one tile column;
        // a last, partial cluster runs past M, where the TMA reads zeros
        // and no store is made.
        let rows = ceil_to(ceil_to(m, cfg.bm) / cfg.bm, cfg.cluster);
        (c.raster_m, c.raster_n) = raster(rows, ceil_to(n, cfg.bn) / cfg.bn, cfg.cluster)?;
    }
    Ok(WgmmaLayouts {
        a: operand(&cfg, &mma, Operand::A, m, k)?,
        b: operand(&cfg, &mma, Operand::B, n, k)?,
        c,
        cfg,
        mma,
    })
}

impl WgmmaLayouts {
    /// The number of blocks.
    pub fn blocks(&self) -> Result<i64, LayoutError> {
        self.c.blocks()
    }
}

/// `part` at the thread `thr` and the value `(0, (0, kb, stage))`: the
/// element offset of the warpgroup's `(64 or bN, 16)` piece of k-block `kb`
/// in `stage`.
fn piece(part: &DynLayout, thr: &CCoord, kb: i64, stage: &str) -> Result<String, LayoutError> {
    let rest = part.mode(1)?.mode(1)?;
    if rest.rank() != 3 || rest.mode(0)?.size()? != 1 {
        return Err(bad(
            "a warpgroup's operand is one atom along its rows, then k-blocks and stages",
        ));
    }
    let c = t(vec![
        thr.clone(),
        t(vec![lit(0), t(vec![lit(0), lit(kb), var(stage)])]),
    ]);
    render(part, &c)
}

/// The TMA coordinates of the box whose first row and column are `r0`,
/// `c0` (C expressions), through the coordinate tensor's strides.
fn tma_coords(tma: &TmaCopy, r0: &str, c0: &str) -> Result<Vec<String>, LayoutError> {
    let mut out = vec![String::from("0"); tma.box_dim.len()];
    let names = [r0, c0];
    for (mode, s) in tma.tma_stride.iter().enumerate() {
        let Some((scale, tmode, _)) = *s else {
            continue;
        };
        let name = names
            .get(mode)
            .ok_or(bad("a TMA of a matrix has two global modes"))?;
        let slot = out
            .get_mut(usize::from(tmode))
            .ok_or(bad("a TMA mode outside the box"))?;
        *slot = format!("{slot} + {scale} * {name}");
    }
    Ok(out)
}

/// The kernel's body for `M x N x K`: CUDA C that moves data and
/// synchronizes only through the helpers of [`device_prelude`], so that a
/// host prelude can record every operation (`tests/wgmma.rs`).
pub fn wgmma_body(cfg: WgmmaConfig, m: i64, n: i64, k: i64) -> Result<String, LayoutError> {
    let l = wgmma_layouts(cfg, m, n, k)?;
    let k_tiles = (k + cfg.bk - 1) / cfg.bk;
    let k_blocks = cfg.bk / 16;
    let stage_bytes = cfg.a_stage_bytes() + cfg.b_stage_bytes();
    if l.a.smem.layout.cosize()? * 2 != cfg.a_stage_bytes() * cfg.stages
        || l.b.smem.layout.cosize()? * 2 != cfg.b_stage_bytes() * cfg.stages
    {
        return Err(bad("the stages are not packed"));
    }

    // The producer: one TMA per operand and stage; with a cluster, B's
    // slice of this block (its rank), multicast to every block.
    let mut produce = String::new();
    for (op, name, blk) in [(&l.a, "A", "bm"), (&l.b, "B", "bn")] {
        let multicast = name == "B" && cfg.cluster > 1;
        let (rows, step) = op.slice;
        let c = if multicast {
            tma_coords(&op.tma, &format!("(r0 + rank * {rows})"), "c0")?
        } else {
            tma_coords(&op.tma, "r0", "c0")?
        };
        if c.len() != 2 {
            return Err(bad("a stage's tile is one 2-D TMA box"));
        }
        produce += &op.tiles.origin(&t(vec![var(blk), var("kt")]))?;
        let stage = render(&op.smem.layout.mode(2)?, &var("st"))?;
        if multicast {
            writeln!(
                produce,
                "          tma_load_2d_mc(s{name} + 2 * ({stage} + rank * {step}), &tm{name}, {}, {}, full + 8 * st, {mask});\n        }}",
                c[0],
                c[1],
                mask = (1 << cfg.cluster) - 1,
            )
            .ok();
        } else {
            writeln!(
                produce,
                "          tma_load_2d(s{name} + 2 * ({stage}), &tm{name}, {}, {}, full + 8 * st);\n        }}",
                c[0],
                c[1],
            )
            .ok();
        }
    }

    // The consumers: each k-block's descriptors, from the warpgroup's part.
    let [tv, tm, tn, tk] = thr_coords(&l.mma)?;
    let thr_a = t(vec![var(&tv), t(vec![var(&tm), var(&tk)])]);
    let thr_b = t(vec![var(&tv), t(vec![var(&tn), var(&tk)])]);
    let frag = &l.c.frag;
    let nacc = frag.size()?;
    let mut consume = String::new();
    for kb in 0..k_blocks {
        writeln!(
            consume,
            "          wgmma(acc, DESC_A | (unsigned long long)(((sA + 2 * ({})) & 0x3FFFF) >> 4), DESC_B | (unsigned long long)(((sB + 2 * ({})) & 0x3FFFF) >> 4));",
            piece(&l.a.part, &thr_a, kb, "st")?,
            piece(&l.b.part, &thr_b, kb, "st")?,
        )
        .ok();
    }

    // The epilogue: thrfrg_C of the global tile at the thread's (V, M, N).
    let thr_c = t(vec![var(&tv), t(vec![var(&tm), var(&tn)])]);
    let frg_v = l.c.part.mode(1)?.mode(0)?;
    if frg_v.flat().first().map(|&(s, d)| (s, d)) != Some((2, 1)) {
        return Err(bad("C's values 0 and 1 are not adjacent in a row"));
    }
    let (vals, rest_m, rest_n) = (
        frag.mode(0)?.size()?,
        frag.mode(1)?.size()?,
        frag.mode(2)?.size()?,
    );
    if rest_m != 1 || rest_n != 1 {
        return Err(bad(
            "each consumer warpgroup's C tile is one wgmma atom (bM = 64 per warpgroup, bN = the atom's N)",
        ));
    }
    let mut epilogue = l.c.tiles.origin(&t(vec![var("bm"), var("bn")]))?;
    for mi in 0..rest_m {
        for ni in 0..rest_n {
            for v0 in (0..vals).step_by(2) {
                let c = t(vec![
                    thr_c.clone(),
                    t(vec![lit(v0), t(vec![lit(mi), lit(ni)])]),
                ]);
                let (i0, i1) = (
                    frag.crd2idx(&crd3(v0, mi, ni))?,
                    frag.crd2idx(&crd3(v0 + 1, mi, ni))?,
                );
                epilogue +=
                    &l.c.store(&c, (m, n), "st_pair", &format!("acc, {i0}, {i1}"))?;
            }
        }
    }
    epilogue.push_str("  }\n");

    let desc_hi = |d: &GmmaDescriptor| d.word() & !0x3fff;
    let cl = cfg.cluster;
    Ok(format!(
        r#"// Generated by cute-cuda's wgmma from the crate's atom layouts: {bm}x{bn}x{bk}, {stages} stages, {consumers} consumer warpgroups, {elem}.
#define DESC_A 0x{desc_a:x}ull
#define DESC_B 0x{desc_b:x}ull
extern "C" __global__ void __launch_bounds__({threads}, 1){cluster_dims} cute_wgmma_gemm(
    const __grid_constant__ TmaDesc tmA, const __grid_constant__ TmaDesc tmB,
    unsigned short* __restrict__ C) {{
  extern __shared__ __align__(1024) unsigned char smem[];
  // The 128-byte swizzle repeats every 1024 bytes of the address: the
  // buffers start on that period, as the descriptors' base offset 0 says.
  const unsigned sA = (smem_addr(smem) + 1023u) & ~1023u;
  const unsigned sB = sA + {a_bytes}, full = sB + {b_bytes}, empty = full + 8 * {stages};
  if (threadIdx.x == 0) {{
    for (int s = 0; s < {stages}; ++s) {{
      mbar_init(full + 8 * s, 1);
      mbar_init(empty + 8 * s, {empty_count});
    }}
    fence_barrier_init();
  }}
  __syncthreads();
{cluster_start}  // The ring's stage and phase run on across the block's tiles: a
  // persistent block (fewer blocks than tiles) loads its next tile while
  // its consumers store the last one.
  int st = 0;
  unsigned ph = 0;
  if (threadIdx.x < {wg}) {{
    setmaxnreg_dec<{preg}>();
    if (threadIdx.x == 0) {{
      for (int pid = blockIdx.x; pid < {tiles}; pid += gridDim.x) {{
        const int bm = {rm}, bn = {rn};
        for (int kt = 0; kt < {k_tiles}; ++kt) {{
          mbar_wait(empty + 8 * st, ph ^ 1);
          mbar_expect_tx(full + 8 * st, {stage_bytes});
{produce}          if (++st == {stages}) {{ st = 0; ph ^= 1; }}
        }}
      }}
    }}
  }} else {{
    setmaxnreg_inc<{creg}>();
    const int tid = threadIdx.x - {wg};
    float acc[{nacc}];
    for (int pid = blockIdx.x; pid < {tiles}; pid += gridDim.x) {{
      const int bm = {rm}, bn = {rn};
      acc_zero(acc);
      int prev = 0;
      for (int kt = 0; kt < {k_tiles}; ++kt) {{
        mbar_wait(full + 8 * st, ph);
        wgmma_fence(acc);
{consume}        wgmma_commit();
        // The previous k-tile's wgmmas are complete: its stage is free.
        wgmma_wait<1>(acc);
        if (kt > 0 && tid % {wg} == 0) {release}
        prev = st;
        if (++st == {stages}) {{ st = 0; ph ^= 1; }}
      }}
      wgmma_wait<0>(acc);
      if (tid % {wg} == 0) {release}
{epilogue}    }}
  }}
{cluster_end}}}
"#,
        bm = cfg.bm,
        bn = cfg.bn,
        bk = cfg.bk,
        stages = cfg.stages,
        consumers = cfg.consumers(),
        elem = cfg.elem.name(),
        desc_a = desc_hi(&l.a.desc),
        desc_b = desc_hi(&l.b.desc),
        threads = cfg.threads(),
        a_bytes = cfg.a_stage_bytes() * cfg.stages,
        b_bytes = cfg.b_stage_bytes() * cfg.stages,
        tiles = l.blocks()?,
        cluster_dims = if cl > 1 {
            format!(" __cluster_dims__({cl}, 1, 1)")
        } else {
            String::new()
        },
        empty_count = cfg.consumers() * cl,
        // Every block of the cluster must be running before any multicasts
        // into it or arrives on its barriers, and still be running until
        // the others have stopped doing so.
        cluster_start = if cl > 1 {
            "  cluster_sync();\n  const unsigned rank = cluster_ctarank();\n"
        } else {
            ""
        },
        // The producer's first lane leaves the others of its warp for the
        // whole main loop; the cluster barrier is warp-aligned.
        cluster_end = if cl > 1 {
            "  __syncwarp();\n  cluster_sync();\n"
        } else {
            ""
        },
        // A stage is free once the wgmmas of every block that reads it
        // (each block's copy of a multicast B) are done with it.
        release = if cl > 1 {
            format!("for (unsigned r = 0; r < {cl}; ++r) mbar_arrive_cluster(empty + 8 * prev, r);")
        } else {
            "mbar_arrive(empty + 8 * prev);".into()
        },
        rm = CLayout::from_dyn(&l.c.raster_m).idx2offset("pid"),
        rn = CLayout::from_dyn(&l.c.raster_n).idx2offset("pid"),
        wg = WG,
        preg = PRODUCER_REGS,
        creg = CONSUMER_REGS,
    ))
}

/// The instructions behind the body's helpers, as thin inline-PTX wrappers:
/// mbarriers, the TMA load (`SM90_TMA_LOAD_2D`), `setmaxnreg`, the `wgmma`
/// atom with the accumulators in the order of the fragment's values, and
/// the paired store.
pub fn device_prelude(cfg: WgmmaConfig, frag: &DynLayout) -> Result<String, LayoutError> {
    let acc = accumulator_registers(frag)?;
    let n = acc.len();
    let regs: Vec<String> = (0..n).map(|i| format!("%{i}")).collect();
    let outs: Vec<String> = acc.iter().map(|i| format!("\"+f\"(d[{i}])")).collect();
    Ok(format!(
        r#"struct __align__(64) TmaDesc {{ unsigned long long v[16]; }};
{SMEM_ADDR}__device__ __forceinline__ void mbar_init(unsigned bar, unsigned count) {{
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" :: "r"(bar), "r"(count));
}}
__device__ __forceinline__ void fence_barrier_init() {{
  asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}}
__device__ __forceinline__ void mbar_wait(unsigned bar, unsigned parity) {{
  asm volatile("{{\n.reg .pred p;\nWAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@p bra DONE;\nbra WAIT;\nDONE:\n}}\n"
      :: "r"(bar), "r"(parity) : "memory");
}}
__device__ __forceinline__ void mbar_expect_tx(unsigned bar, unsigned bytes) {{
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" :: "r"(bar), "r"(bytes) : "memory");
}}
__device__ __forceinline__ void mbar_arrive(unsigned bar) {{
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" :: "r"(bar) : "memory");
}}
__device__ __forceinline__ void tma_load_2d(unsigned dst, const TmaDesc* map, int c0, int c1, unsigned bar) {{
  // SM90_TMA_LOAD_2D
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {{%2, %3}}], [%4];\n"
      :: "r"(dst), "l"(map), "r"(c0), "r"(c1), "r"(bar) : "memory");
}}
__device__ __forceinline__ void tma_load_2d_mc(unsigned dst, const TmaDesc* map, int c0, int c1, unsigned bar, unsigned short mask) {{
  // SM90_TMA_LOAD_MULTICAST_2D: the box lands at `dst` and completes its
  // bytes on `bar` in every block of `mask`.
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {{%2, %3}}], [%4], %5;\n"
      :: "r"(dst), "l"(map), "r"(c0), "r"(c1), "r"(bar), "h"(mask) : "memory");
}}
__device__ __forceinline__ unsigned cluster_ctarank() {{
  unsigned r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;\n" : "=r"(r));
  return r;
}}
__device__ __forceinline__ void cluster_sync() {{
  asm volatile("barrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;\n" ::: "memory");
}}
__device__ __forceinline__ void mbar_arrive_cluster(unsigned bar, unsigned cta) {{
  // The barrier at the same offset in block `cta` of the cluster. CTA
  // scope, as CUTLASS's ClusterBarrier arrives: the stage's readers are
  // this block's wgmmas, already retired; a cluster-scope release would
  // fence every arrival (measured: a 2x slower kernel).
  asm volatile("{{\n.reg .b32 a;\nmapa.shared::cluster.u32 a, %0, %1;\nmbarrier.arrive.shared::cluster.b64 _, [a];\n}}\n"
      :: "r"(bar), "r"(cta) : "memory");
}}
template <int R> __device__ __forceinline__ void setmaxnreg_dec() {{
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" :: "n"(R));
}}
template <int R> __device__ __forceinline__ void setmaxnreg_inc() {{
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" :: "n"(R));
}}
// Keeps the compiler from moving the accumulators' uses across the
// asynchronous wgmma (CUTLASS's warpgroup_fence_operand).
__device__ __forceinline__ void fence_acc(float* d) {{
#pragma unroll
  for (int i = 0; i < {nacc}; ++i) asm volatile("" : "+f"(d[i]) :: "memory");
}}
__device__ __forceinline__ void acc_zero(float* d) {{
#pragma unroll
  for (int i = 0; i < {nacc}; ++i) d[i] = 0.0f;
}}
__device__ __forceinline__ void wgmma_fence(float* d) {{
  fence_acc(d);
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
}}
__device__ __forceinline__ void wgmma_commit() {{
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
}}
template <int N> __device__ __forceinline__ void wgmma_wait(float* d) {{
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" :: "n"(N) : "memory");
  fence_acc(d);
}}
__device__ __forceinline__ void wgmma(float* d, unsigned long long da, unsigned long long db) {{
  // {atom}
  asm volatile("{{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n{ptx} {{{regs}}}, %{ia}, %{ib}, p, 1, 1, 0, 0;\n}}\n"
      : {outs}
      : "l"(da), "l"(db));
}}
{st_pair}"#,
        st_pair = st_pair_src(cfg.elem),
        nacc = frag.size()?,
        atom = cfg.mma_atom(),
        ptx = cfg.wgmma_ptx(),
        regs = regs.join(", "),
        ia = n,
        ib = n + 1,
        outs = outs.join(", "),
    ))
}

/// The blocks launched for `tiles` tiles.
pub fn grid(cfg: WgmmaConfig, tiles: i64) -> i64 {
    if cfg.blocks > 0 {
        tiles.min(cfg.blocks)
    } else {
        tiles
    }
}

/// The accumulator (an index of `acc`) that each output register `d_v` of
/// one `wgmma` updates: value `v` of the atom's C fragment,
/// `partition_fragment_C` at `(v, 0, 0)`.
pub fn accumulator_registers(frag: &DynLayout) -> Result<Vec<i64>, LayoutError> {
    (0..frag.mode(0)?.size()?)
        .map(|v| frag.crd2idx(&crd3(v, 0, 0)))
        .collect()
}

/// The CUDA C source and launch shape for `M x N x K`; the kernel takes
/// A's and B's `CUtensorMap`s (`WgmmaLayouts::a.tma`, `b.tma`) and C.
pub fn wgmma_kernel(cfg: WgmmaConfig, m: i64, n: i64, k: i64) -> Result<Kernel, LayoutError> {
    let l = wgmma_layouts(cfg, m, n, k)?;
    Ok(Kernel {
        name: "cute_wgmma_gemm",
        source: device_prelude(cfg, &l.c.frag)? + &wgmma_body(cfg, m, n, k)?,
        grid: (grid(cfg, l.blocks()?) as u32, 1, 1),
        block: (cfg.threads() as u32, 1, 1),
        smem_bytes: cfg.smem_bytes() as u32,
        args: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders() {
        let k = wgmma_kernel(WgmmaConfig::default(), 4096, 4096, 4096).unwrap();
        assert!(
            k.source
                .contains("wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16")
        );
    }
}
