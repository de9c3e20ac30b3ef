//! A tensor-core GEMM in the style of CUTLASS's Ampere kernels (CuTe's
//! `sgemm_sm80` tutorial, FP16/BF16 "TN"): `C (M,N) = A (M,K) · B (N,K)ᵀ`,
//! A and B K-major, C row-major, FP32 accumulation, FP16/BF16 output.
//!
//! Every index the kernel uses comes from the crate's atom layer:
//! - a [`TiledMma`] of `SM80_16x8x16_F32{F16,BF16}{..}F32_TN` over a
//!   `(warps_m, warps_n)` warp layout, with the N permutation that gives each
//!   warp two `n8` atoms (so one `ldmatrix.x4` feeds B);
//! - `SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>` [`TiledCopy`]s from global to
//!   shared memory (`tidfrg_S` of the global tile, `tidfrg_D` of the
//!   swizzled shared-memory stages);
//! - `SM75_U32x4_LDSM_N` copies built by `make_tiled_copy_A/B` from the MMA
//!   (`tidfrg_S` of the swizzled stages gives each thread's row address),
//!   whose register destinations are `retile_D` of the MMA's fragments;
//! - the fragments of `partition_fragment_A/B/C`, which name the registers
//!   each `mma.sync` reads and accumulates;
//! - `thrfrg_C` of the global C tile for the epilogue's stores;
//! - the edge predicates: the same partitions of the identity layouts
//!   `(M,K):(1,0)` and `(M,K):(0,1)` (the components `E<0>`, `E<1>` of
//!   CuTe's identity tensor) give each copied chunk's row and column.
//!
//! Shared memory is `tile_to_shape(Sw<B,3,3> ∘ (8,bK):(bK,1), (bM,bK,stages))`
//! per operand; the swizzle is applied to the offset of each partition, after
//! the runtime stage index, as CuTe's position-independent swizzle tensors do.
//!
//! The kernel body only loops, predicates, issues the instructions
//! (`cp.async`, `ldmatrix`, `mma.sync`, as thin inline-PTX wrappers) and
//! runs a `stages`-deep `cp.async` pipeline.
//!
//! Layouts are built for the run's `M`, `N`, `K` (run-time specialization):
//! every value is a literal in the source that NVRTC compiles.

use std::fmt::Write as _;

use cute_algebra::LayoutError;
use cute_algebra::atom::dynamic::{AnyTensor, CopyAtom, MmaAtom, Operand, TiledCopy, TiledMma};
use cute_algebra::codegen::{CCoord, CLayout};
use cute_algebra::dynamic::{DynLayout, IntTree, Tiler};
use cute_algebra::swizzle::{DynComposed, DynSwizzle};
use cute_algebra::tensor::DynComposedTensor;

use crate::Kernel;

/// The 16-bit element type of A, B and C.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// IEEE half precision (`half_t`).
    F16,
    /// bfloat16 (`bfloat16_t`).
    Bf16,
}

impl Elem {
    pub(crate) fn cute(self) -> &'static str {
        match self {
            Elem::F16 => "half_t",
            Elem::Bf16 => "bfloat16_t",
        }
    }

    fn mma_atom(self) -> &'static str {
        match self {
            Elem::F16 => "SM80_16x8x16_F32F16F16F32_TN",
            Elem::Bf16 => "SM80_16x8x16_F32BF16BF16F32_TN",
        }
    }

    /// The PTX of the atom's instruction (`MMA_Atom::call`).
    fn mma_ptx(self) -> &'static str {
        match self {
            Elem::F16 => "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
            Elem::Bf16 => "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
        }
    }

    fn cvt_ptx(self) -> &'static str {
        match self {
            Elem::F16 => "cvt.rn.f16x2.f32",
            Elem::Bf16 => "cvt.rn.bf16x2.f32",
        }
    }

    /// The name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            Elem::F16 => "FP16",
            Elem::Bf16 => "BF16",
        }
    }
}

/// The block tile, pipeline depth and warp layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HgemmConfig {
    /// Block tile rows.
    pub bm: i64,
    /// Block tile columns.
    pub bn: i64,
    /// Block tile depth: 32 (`Sw<2,3,3>` rows of 64 bytes) or 64
    /// (`Sw<3,3,3>`, 128 bytes).
    pub bk: i64,
    /// Shared-memory stages of the `cp.async` pipeline (at least 2).
    pub stages: i64,
    /// Warps along M.
    pub warps_m: i64,
    /// Warps along N.
    pub warps_n: i64,
    /// Element type.
    pub elem: Elem,
}

impl Default for HgemmConfig {
    fn default() -> Self {
        HgemmConfig {
            bm: 128,
            bn: 256,
            bk: 32,
            stages: 4,
            warps_m: 2,
            warps_n: 4,
            elem: Elem::F16,
        }
    }
}

/// The `x`-separated integers of a configuration string (`128x256x64`).
pub(crate) fn dims(s: &str) -> Option<Vec<i64>> {
    s.split('x').map(|p| p.parse().ok()).collect()
}

impl HgemmConfig {
    /// `bMxbNxbKxSTAGESxWARPS_MxWARPS_N`.
    pub fn parse(s: &str, elem: Elem) -> Option<HgemmConfig> {
        let [bm, bn, bk, stages, warps_m, warps_n] = dims(s)?[..] else {
            return None;
        };
        Some(HgemmConfig {
            bm,
            bn,
            bk,
            stages,
            warps_m,
            warps_n,
            elem,
        })
    }

    /// Threads per block.
    pub fn threads(&self) -> i64 {
        32 * self.warps_m * self.warps_n
    }

    /// Dynamic shared memory per block, in bytes.
    pub fn smem_bytes(&self) -> i64 {
        (self.bm + self.bn) * self.bk * self.stages * 2
    }
}

fn bad(msg: &'static str) -> LayoutError {
    LayoutError::BadArgument { op: "hgemm", msg }
}

pub(crate) fn parse(s: &str) -> Result<DynLayout, LayoutError> {
    s.parse()
}

pub(crate) fn tup(v: &[i64]) -> IntTree {
    IntTree::Tuple(v.iter().map(|&x| IntTree::Int(x)).collect())
}

pub(crate) fn tiler(v: &[i64]) -> Tiler {
    Tiler::Tuple(v.iter().map(|&x| Tiler::Int(x)).collect())
}

/// The plain layout of a counting or swizzled partition.
pub(crate) fn counting(t: AnyTensor) -> Result<DynLayout, LayoutError> {
    match t {
        AnyTensor::Counting(t) => Ok(t.layout),
        _ => Err(bad("a layout's partition is a layout")),
    }
}

fn swizzled(t: AnyTensor) -> Result<DynComposed, LayoutError> {
    match t {
        AnyTensor::Swizzled(t) => Ok(t.layout),
        _ => Err(bad("a swizzled partition keeps its swizzle")),
    }
}

/// One operand's layouts (A: rows M; B: rows N).
#[derive(Clone, Debug)]
pub struct OperandLayouts {
    /// `(R',K'):(K,1)` in `(bR,bK)` tiles (R', K' rounded up to whole tiles).
    pub tiles: TiledGlobal,
    /// The global-to-shared copy.
    pub g2s: TiledCopy,
    /// `tidfrg_S` of the global tile: `(thr,(val),(rest_R,rest_K))` to the
    /// offset inside the tile.
    pub g2s_src: DynLayout,
    /// `tidfrg_S` of the identity components over the tile.
    pub g2s_row: DynLayout,
    /// See [`Self::g2s_row`].
    pub g2s_col: DynLayout,
    /// The stages, `Sw ∘ tile_to_shape(atom, (bR,bK,stages))`.
    pub smem: DynComposed,
    /// `tidfrg_D` of the stages: `(thr,(val),(rest_R,rest_K,stage))`.
    pub g2s_dst: DynComposed,
    /// The shared-to-register copy, `make_tiled_copy_A/B`.
    pub s2r: TiledCopy,
    /// `tidfrg_S` of the stages for it: each thread's `ldmatrix` row.
    pub s2r_src: DynComposed,
    /// The thread's register fragment, `partition_fragment_A/B`
    /// (in 16-bit values).
    pub frag: DynLayout,
    /// `retile_D(frag)`: the copy's view of the same registers.
    pub frag_copy: DynLayout,
}

/// Every layout of the kernel.
#[derive(Clone, Debug)]
pub struct HgemmLayouts {
    /// The configuration.
    pub cfg: HgemmConfig,
    /// The tiled MMA.
    pub mma: TiledMma,
    /// A's layouts.
    pub a: OperandLayouts,
    /// B's layouts.
    pub b: OperandLayouts,
    /// C's tiles, partition, accumulators and block order.
    pub c: CLayouts,
}

/// A matrix `(R',C'):stride` (rounded up to whole tiles) divided into tiles,
/// `zipped_divide(_, tile)`: `((tile),(tiles_R,tiles_C))` to the offset, with
/// the identity layout's components tiled alike for the edge predicates.
#[derive(Clone, Debug)]
pub struct TiledGlobal {
    /// The matrix's tiles.
    pub global: DynLayout,
    /// The row component of the identity, `(R',C'):(1,0)`, tiled alike.
    pub row: DynLayout,
    /// The column component, `(R',C'):(0,1)`, tiled alike.
    pub col: DynLayout,
}

/// `rows x cols` with `stride`, in `tile`s.
pub(crate) fn tiled_global(
    rows: i64,
    cols: i64,
    tile: [i64; 2],
    stride: [i64; 2],
) -> Result<TiledGlobal, LayoutError> {
    let shape = tup(&[ceil_to(rows, tile[0]), ceil_to(cols, tile[1])]);
    let divided = |d: &[i64]| DynLayout::new(shape.clone(), tup(d))?.zipped_divide(&tiler(&tile));
    Ok(TiledGlobal {
        global: divided(&stride)?,
        row: divided(&[1, 0])?,
        col: divided(&[0, 1])?,
    })
}

impl TiledGlobal {
    /// The opening of a block of C code that names the tile `at`'s offset
    /// (`base`) and its first row and column (`r0`, `c0`).
    pub(crate) fn origin(&self, at: &CCoord) -> Result<String, LayoutError> {
        Ok(format!(
            "  {{ const long base = {}; const int r0 = {}, c0 = {};\n",
            render(&self.global.mode(1)?, at)?,
            render(&self.row.mode(1)?, at)?,
            render(&self.col.mode(1)?, at)?,
        ))
    }
}

/// C in block tiles, its partition among a tiled MMA's threads and their
/// accumulators, and the block order.
#[derive(Clone, Debug)]
pub struct CLayouts {
    /// C's tiles.
    pub tiles: TiledGlobal,
    /// `thrfrg_C` of a tile: `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN)))`.
    pub part: DynLayout,
    /// `thrfrg_C` of the identity's row component over a tile.
    pub part_row: DynLayout,
    /// ... and of its column component.
    pub part_col: DynLayout,
    /// `partition_fragment_C`: the accumulators.
    pub frag: DynLayout,
    /// The block order, `(G, tiles_N, tiles_M/G):(1@0, 1@1, G@0)` from the
    /// 1-D block index to the block's tile `(bm, bn)`, as its components:
    /// blocks run down a group of `G` tile rows before the next tile column,
    /// so the blocks resident at once share A's and B's tiles in L2.
    pub raster_m: DynLayout,
    /// See [`Self::raster_m`].
    pub raster_n: DynLayout,
}

/// C's layouts for `mma`, `M x N` with `stride`, in `tile`s.
pub(crate) fn c_layouts(
    mma: &TiledMma,
    m: i64,
    n: i64,
    tile: [i64; 2],
    stride: [i64; 2],
) -> Result<CLayouts, LayoutError> {
    let tiles = tiled_global(m, n, tile, stride)?;
    let part = |l: &DynLayout| mma.thrfrg_layout(Operand::C, &l.mode(0)?);
    let c_tile = DynLayout::make_layout_left(&tup(&tile))?;
    let (raster_m, raster_n) = raster(
        ceil_to(m, tile[0]) / tile[0],
        ceil_to(n, tile[1]) / tile[1],
        1,
    )?;
    Ok(CLayouts {
        part: part(&tiles.global)?,
        part_row: part(&tiles.row)?,
        part_col: part(&tiles.col)?,
        frag: mma.partition_fragment(Operand::C, 0, &AnyTensor::of_layout(c_tile))?,
        tiles,
        raster_m,
        raster_n,
    })
}

impl CLayouts {
    /// A store of the thread's values at `c` (a coordinate of [`Self::part`])
    /// by `call(C + offset, args)`, predicated on the element being inside
    /// `M x N`; inside the block that [`TiledGlobal::origin`] opens.
    pub(crate) fn store(
        &self,
        c: &CCoord,
        (m, n): (i64, i64),
        call: &str,
        args: &str,
    ) -> Result<String, LayoutError> {
        Ok(format!(
            "    if (r0 + ({}) < {m} && c0 + ({}) < {n}) {call}(C + base + ({}), {args});\n",
            render(&self.part_row, c)?,
            render(&self.part_col, c)?,
            render(&self.part, c)?,
        ))
    }

    /// The tile `(bm, bn)` of the block with 1-D index `pid`.
    pub fn block_tile(&self, pid: i64) -> Result<(i64, i64), LayoutError> {
        Ok((self.raster_m.at(pid)?, self.raster_n.at(pid)?))
    }

    /// The number of blocks.
    pub fn blocks(&self) -> Result<i64, LayoutError> {
        self.raster_m.size()
    }
}

impl HgemmLayouts {
    /// The tile `(bm, bn)` of the block with 1-D index `pid`.
    pub fn block_tile(&self, pid: i64) -> Result<(i64, i64), LayoutError> {
        self.c.block_tile(pid)
    }

    /// The number of blocks.
    pub fn blocks(&self) -> Result<i64, LayoutError> {
        self.c.blocks()
    }
}

pub(crate) fn ceil_to(x: i64, t: i64) -> i64 {
    (x + t - 1) / t * t
}

fn operand(
    cfg: &HgemmConfig,
    mma: &TiledMma,
    op: Operand,
    rows: i64,
    k: i64,
) -> Result<OperandLayouts, LayoutError> {
    let br = if op == Operand::A { cfg.bm } else { cfg.bn };
    let tiles = tiled_global(rows, k, [br, cfg.bk], [k, 1])?;

    // 128-bit cp.async: 8 values along K per thread, threads K-major.
    let per_row = cfg.bk / 8;
    let nthr = cfg.threads();
    let g2s = TiledCopy::new(
        CopyAtom::parse("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", cfg.elem.cute())?,
        &parse(&format!("({},{per_row}):({per_row},1)", nthr / per_row))?,
        &parse("(1,8)")?,
    )?;
    let src = |l: &DynLayout| -> Result<DynLayout, LayoutError> {
        counting(g2s.tidfrg_s(&AnyTensor::of_layout(l.mode(0)?))?)
    };
    let (g2s_src, g2s_row, g2s_col) = (src(&tiles.global)?, src(&tiles.row)?, src(&tiles.col)?);

    // Sw<B,3,3> over rows of bK values: B = log2(bK / 8) keeps each 16-byte
    // chunk whole and spreads the 8 rows an ldmatrix reads over all banks.
    let sw_bits = match cfg.bk {
        32 => 2,
        64 => 3,
        _ => return Err(bad("bK must be 32 or 64")),
    };
    let atom = parse(&format!("(8,{}):({},1)", cfg.bk, cfg.bk))?;
    let plain = atom.tile_to_shape(&tup(&[br, cfg.bk, cfg.stages]), None)?;
    let smem = DynComposed::new(DynSwizzle::new(sw_bits, 3, 3)?, 0, plain);
    let smem_t = AnyTensor::Swizzled(DynComposedTensor {
        start: 0,
        layout: smem.clone(),
    });
    let g2s_dst = swizzled(g2s.tidfrg_d(&smem_t)?)?;

    let s2r = TiledCopy::for_mma(
        CopyAtom::parse("SM75_U32x4_LDSM_N", cfg.elem.cute())?,
        mma,
        op,
    )?;
    let s2r_src = swizzled(s2r.tidfrg_s(&smem_t)?)?;
    let tile_layout = DynLayout::make_layout_left(&tup(&[br, cfg.bk]))?;
    let frag = mma.partition_fragment(op, 0, &AnyTensor::of_layout(tile_layout))?;
    let frag_copy = counting(s2r.retile(&AnyTensor::of_layout(frag.clone()))?)?;
    Ok(OperandLayouts {
        tiles,
        g2s,
        g2s_src,
        g2s_row,
        g2s_col,
        smem,
        g2s_dst,
        s2r,
        s2r_src,
        frag,
        frag_copy,
    })
}

/// The layouts for `M x N x K`.
pub fn hgemm_layouts(
    cfg: HgemmConfig,
    m: i64,
    n: i64,
    k: i64,
) -> Result<HgemmLayouts, LayoutError> {
    problem_16bit(m, n, k).map_err(bad)?;
    if cfg.stages < 2 || cfg.warps_m < 1 || cfg.warps_n < 1 {
        return Err(bad("at least 2 stages and 1 warp per mode"));
    }
    let mma = TiledMma::new(
        MmaAtom::parse(cfg.elem.mma_atom())?,
        &parse(&format!(
            "({},{},1):(1,{},0)",
            cfg.warps_m, cfg.warps_n, cfg.warps_m
        ))?,
        // Two n8 atoms per warp, so that one ldmatrix.x4 loads a warp's B.
        Some(&tiler(&[16 * cfg.warps_m, 16 * cfg.warps_n, 16])),
    )?;
    let a = operand(&cfg, &mma, Operand::A, m, k)?;
    let b = operand(&cfg, &mma, Operand::B, n, k)?;
    Ok(HgemmLayouts {
        c: c_layouts(&mma, m, n, [cfg.bm, cfg.bn], [n, 1])?,
        cfg,
        mma,
        a,
        b,
    })
}

/// What a 16-bit GEMM's `M x N x K` must satisfy, as the condition that
/// failed: positive extents, K-major rows of whole 16-byte chunks (for
/// `cp.async` and TMA alike), C stored in pairs, and 32-bit offsets.
pub(crate) fn problem_16bit(m: i64, n: i64, k: i64) -> Result<(), &'static str> {
    if m <= 0 || n <= 0 || k <= 0 {
        return Err("M, N and K must be positive");
    }
    if k % 8 != 0 || n % 2 != 0 {
        return Err("K must be a multiple of 8 (16-byte rows) and N even (paired stores)");
    }
    if [m * k, n * k, m * n]
        .iter()
        .any(|&x| x >= i64::from(i32::MAX))
    {
        return Err("every matrix must have under 2^31 elements");
    }
    Ok(())
}

/// The grouped block order over a `gx x gy` grid of tiles, as the two
/// components of `(G, gy, gx/G):(1@0, 1@1, G@0)`: `G` is the largest group
/// of tile rows, up to 16, that divides `gx` and is a multiple of `pair`
/// (so that blocks `pair·i … pair·i + pair - 1` take adjacent tile rows of
/// one tile column: a cluster's blocks).
pub(crate) fn raster(gx: i64, gy: i64, pair: i64) -> Result<(DynLayout, DynLayout), LayoutError> {
    let g = (1..=16.min(gx))
        .rev()
        .find(|g| gx % g == 0 && g % pair == 0)
        .ok_or(bad("no group of tile rows is a multiple of the cluster"))?;
    let l = |d: [i64; 3]| DynLayout::new(tup(&[g, gy, gx / g]), tup(&d));
    Ok((l([1, 0, g])?, l([0, 1, 0])?))
}

pub(crate) fn var(s: impl Into<String>) -> CCoord {
    CCoord::Var(s.into())
}

pub(crate) fn lit(v: i64) -> CCoord {
    CCoord::Var(v.to_string())
}

pub(crate) fn t(items: Vec<CCoord>) -> CCoord {
    CCoord::Tuple(items)
}

/// `L(c)` rendered.
pub(crate) fn render(l: &DynLayout, c: &CCoord) -> Result<String, LayoutError> {
    CLayout::from_dyn(l).crd2idx_coord(c)
}

fn render_sw(l: &DynComposed, c: &CCoord) -> Result<String, LayoutError> {
    CLayout::from_composed(l).crd2idx_coord(c)
}

/// A coordinate of a rest mode: a literal or a runtime variable.
#[derive(Clone, Copy)]
enum Rest<'a> {
    Lit(i64),
    Var(&'a str),
}

/// `Sw(L(thr, 0, rest))` for a partition `(thr, val, rest...)` of a
/// swizzled layout, with every rest coordinate whose term is a multiple of
/// the swizzle's period added outside the swizzle: a translation by a
/// multiple of the period commutes with it (checked on the layout, for every
/// value of that coordinate). The swizzled part is then one loop-invariant
/// base per thread, and the stages and repeats are immediate offsets.
fn render_split(l: &DynComposed, rest: &[Rest<'_>]) -> Result<String, LayoutError> {
    let plain = l.layout();
    let rest_mode = plain.mode(2)?;
    let sizes = mode_sizes(&rest_mode)?;
    if sizes.len() != rest.len() || l.offset() != 0 {
        return Err(bad("a partition's rest coordinate has the wrong rank"));
    }
    let at = |i: usize, v: i64| -> Result<i64, LayoutError> {
        let c: Vec<IntTree> = (0..rest.len())
            .map(|j| IntTree::Int(if j == i { v } else { 0 }))
            .collect();
        rest_mode.crd2idx(&IntTree::Tuple(c))
    };
    let period = l.swizzle().period();
    let mut inside = Vec::new();
    let mut outside = String::new();
    for (i, r) in rest.iter().enumerate() {
        let delta = at(i, 1)? - at(i, 0)?;
        let linear = (0..sizes[i]).try_fold(true, |ok, v| {
            Ok::<_, LayoutError>(ok && at(i, v)? == v * delta)
        })?;
        if linear && delta % period == 0 {
            inside.push(lit(0));
            match r {
                Rest::Lit(0) => {}
                Rest::Lit(v) => write!(outside, " + {}", v * delta).unwrap_or_default(),
                Rest::Var(name) => write!(outside, " + {name} * {delta}").unwrap_or_default(),
            }
        } else {
            inside.push(match r {
                Rest::Lit(v) => lit(*v),
                Rest::Var(name) => var(*name),
            });
        }
    }
    let c = t(vec![var("tid"), lit(0), t(inside)]);
    Ok(format!("({}){outside}", render_sw(l, &c)?))
}

/// The sizes of a layout's top-level modes.
pub(crate) fn mode_sizes(l: &DynLayout) -> Result<Vec<i64>, LayoutError> {
    (0..l.rank()).map(|i| l.mode(i)?.size()).collect()
}

pub(crate) fn sub_sizes(l: &DynLayout, i: usize) -> Result<Vec<i64>, LayoutError> {
    mode_sizes(&l.mode(i)?)
}

/// The thread's coordinate in each mode of `ThrLayoutVMNK`, as C
/// expressions of `tid` (CuTe's `get_flat_coord(thr_idx)`, from the
/// layout's own shape and strides).
pub(crate) fn thr_coords(mma: &TiledMma) -> Result<[String; 4], LayoutError> {
    let vmnk = mma.thr_layout_vmnk();
    let mut out: [String; 4] = Default::default();
    for (i, o) in out.iter_mut().enumerate() {
        let mut terms = Vec::new();
        let mut w = 1;
        for &(s, d) in vmnk.mode(i)?.flat() {
            if s > 1 {
                if d == 0 {
                    return Err(bad("a thread mode with stride 0"));
                }
                terms.push(format!("((tid / {d}) % {s}) * {w}"));
            }
            w *= s;
        }
        *o = if terms.is_empty() {
            "0".into()
        } else {
            format!("({})", terms.join(" + "))
        };
    }
    Ok(out)
}

/// The 32-bit register holding 16-bit values `v` and `v + 1` of a fragment
/// (`recast<uint32_t>`): the pair must be adjacent and aligned.
fn reg_pair(frag: &DynLayout, v: IntTree, next: IntTree) -> Result<i64, LayoutError> {
    let (a, b) = (frag.crd2idx(&v)?, frag.crd2idx(&next)?);
    if a % 2 != 0 || b != a + 1 {
        return Err(bad("a fragment's 16-bit pair is not one 32-bit register"));
    }
    Ok(a / 2)
}

pub(crate) fn crd3(v: i64, x: i64, y: i64) -> IntTree {
    IntTree::Tuple(vec![IntTree::Int(v), IntTree::Int(x), IntTree::Int(y)])
}

/// What differs between the pipelined GEMM kernels: the rest of their
/// text is [`skeleton`]'s.
pub(crate) struct Skeleton<'a> {
    pub header: String,
    pub name: &'a str,
    pub elem: &'a str,
    pub reg: &'a str,
    pub threads: i64,
    pub smem_a: i64,
    pub raster: (&'a DynLayout, &'a DynLayout),
    pub nacc: i64,
    pub regs: (i64, i64),
    pub stages: i64,
    pub k_tiles: i64,
    pub prologue: String,
    pub first: String,
    pub mainloop: String,
    pub epilogue: String,
}

/// A `stages`-deep `cp.async` pipeline over the k-tiles (CuTe's
/// `sgemm_sm80`): the prologue fills `stages - 1` stages, `first` loads the
/// first k-block's fragments, and each k-tile's `mainloop` waits for the
/// next stage before its last k-block ([`kblock_prefix`]).
pub(crate) fn skeleton(k: &Skeleton<'_>) -> String {
    format!(
        r#"// {header}
extern "C" __global__ void __launch_bounds__({threads}) {name}(
    const {elem}* __restrict__ A, const {elem}* __restrict__ B, {elem}* __restrict__ C) {{
  extern __shared__ __align__(128) {elem} smem[];
  {elem}* sA = smem;
  {elem}* sB = smem + {smem_a};
  const int tid = threadIdx.x, pid = blockIdx.x;
  const int bm = {rm}, bn = {rn};
  float acc[{nacc}];
#pragma unroll
  for (int i = 0; i < {nacc}; ++i) acc[i] = 0.0f;
  {reg} rA[{ra}], rB[{rb}];
#pragma unroll
  for (int s = 0; s < {stages} - 1; ++s) {{
    if (s < {k_tiles}) {{
{prologue}    }}
    cp_async_commit();
  }}
  cp_async_wait<{wait}>();
  __syncthreads();
  int st = 0, wst = {stages} - 1;
{first}
  for (int kt = 0; kt < {k_tiles}; ++kt) {{
{mainloop}  }}
  cp_async_wait<0>();
{epilogue}}}
"#,
        header = k.header,
        threads = k.threads,
        name = k.name,
        elem = k.elem,
        reg = k.reg,
        smem_a = k.smem_a,
        rm = CLayout::from_dyn(k.raster.0).idx2offset("pid"),
        rn = CLayout::from_dyn(k.raster.1).idx2offset("pid"),
        nacc = k.nacc,
        ra = k.regs.0,
        rb = k.regs.1,
        stages = k.stages,
        k_tiles = k.k_tiles,
        prologue = k.prologue,
        first = k.first,
        mainloop = k.mainloop,
        epilogue = k.epilogue,
        wait = k.stages - 2,
    )
}

/// What a k-tile's k-block `kb` of `kblocks` does before loading the next
/// k-block's fragments and computing: the last waits for the next stage
/// (and every warp) and moves to it; after the first's fragment loads
/// ([`kblock_copy`]) the copy of the tile `stages - 1` ahead is issued.
pub(crate) fn kblock_prefix(kb: i64, kblocks: i64, stages: i64) -> String {
    if kb == kblocks - 1 {
        format!(
            "      cp_async_wait<{}>();\n      __syncthreads();\n      st = st + 1 == {stages} ? 0 : st + 1;\n",
            stages - 2
        )
    } else {
        String::new()
    }
}

/// The copy issued in k-block 0: the tile `stages - 1` ahead, into the
/// stage read longest ago.
pub(crate) fn kblock_copy(kb: i64, stages: i64, k_tiles: i64, loads: &str) -> String {
    if kb != 0 {
        return String::new();
    }
    format!(
        "      if (kt + {ahead} < {k_tiles}) {{\n        const int kt_ = kt + {ahead};\n{loads}      }}\n      cp_async_commit();\n      wst = wst + 1 == {stages} ? 0 : wst + 1;\n",
        ahead = stages - 1,
    )
}

/// `smem_addr`: the 32-bit shared-window address of a generic pointer
/// into shared memory, which `cp.async`, `ldmatrix`, mbarriers and TMA take.
macro_rules! smem_addr_src {
    () => {
        r#"__device__ __forceinline__ unsigned smem_addr(const void* p) {
  unsigned long long a;
  asm("cvta.to.shared.u64 %0, %1;\n" : "=l"(a) : "l"(p));
  return (unsigned)a;
}
"#
    };
}

/// See [`smem_addr_src`].
pub(crate) const SMEM_ADDR: &str = smem_addr_src!();

/// The helpers every pipelined kernel uses: shared addresses and
/// `SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>` (a false predicate writes
/// zeros) with its commit and wait.
pub(crate) const PIPELINE_PRELUDE: &str = concat!(
    smem_addr_src!(),
    r#"__device__ __forceinline__ void cp_async_16(void* dst, const void* src, bool pred) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::
      "r"(smem_addr(dst)), "l"(src), "r"(pred ? 16 : 0));
}
__device__ __forceinline__ void cp_async_commit() {
  asm volatile("cp.async.commit_group;\n" ::);
}
template <int N> __device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" :: "n"(N));
}
"#
);

/// `st_pair`: accumulators `i0` and `i1` rounded to `elem` and stored as
/// one 32-bit word (the epilogues' paired stores).
pub(crate) fn st_pair_src(elem: Elem) -> String {
    format!(
        r#"__device__ __forceinline__ void st_pair(unsigned short* p, const float* acc, int i0, int i1) {{
  unsigned v;
  asm("{cvt} %0, %2, %1;\n" : "=r"(v) : "f"(acc[i0]), "f"(acc[i1]));
  *reinterpret_cast<unsigned*>(p) = v;
}}
"#,
        cvt = elem.cvt_ptx()
    )
}

/// The kernel's body for `M x N x K`: CUDA C that moves data only through
/// the helpers of [`device_prelude`] (`cp_async_16`, `cp_async_commit`,
/// `cp_async_wait<N>`, `ldsm_x4`, `mma`, `st_pair`) and `__syncthreads`,
/// with register fragments passed as arrays and constant indices, so that
/// a host prelude can record every access (`tests/hgemm.rs`).
pub fn hgemm_body(cfg: HgemmConfig, m: i64, n: i64, k: i64) -> Result<String, LayoutError> {
    let l = hgemm_layouts(cfg, m, n, k)?;
    let nthr = cfg.threads();
    let k_tiles = (k + cfg.bk - 1) / cfg.bk;

    // Global-to-shared: each thread's chunks, predicated by the identity.
    let load = |op: &OperandLayouts,
                name: &str,
                blk: &str,
                bound_r: i64,
                tile: &str,
                stage: &str|
     -> Result<String, LayoutError> {
        let mut out = String::new();
        let rest = sub_sizes(&op.g2s_src, 2)?;
        let vsz = op.g2s_src.mode(1)?.size()?;
        if vsz != 8 || op.g2s_src.mode(1)?.flat().first() != Some(&(8, 1)) {
            return Err(bad("a cp.async chunk is not 8 contiguous values"));
        }
        out += &op.tiles.origin(&t(vec![var(blk), var(tile)]))?;
        for rr in 0..rest[0] {
            for rk in 0..rest.get(1).copied().unwrap_or(1) {
                let c = t(vec![var("tid"), lit(0), t(vec![lit(rr), lit(rk)])]);

                writeln!(
                    out,
                    "    cp_async_16(s{name} + {}, {name} + base + ({}), r0 + ({}) < {bound_r} && c0 + ({}) < {k});",
                    render_split(&op.g2s_dst, &[Rest::Lit(rr), Rest::Lit(rk), Rest::Var(stage)])?,
                    render(&op.g2s_src, &c)?,
                    render(&op.g2s_row, &c)?,
                    render(&op.g2s_col, &c)?,
                )
                .ok();
            }
        }
        out.push_str("  }\n");
        Ok(out)
    };
    let load_ab = |tile: &str, stage: &str| -> Result<String, LayoutError> {
        Ok(load(&l.a, "A", "bm", m, tile, stage)? + &load(&l.b, "B", "bn", n, tile, stage)?)
    };

    // Shared-to-register (ldmatrix.x4) and the MMAs, per k-block.
    let k_blocks = cfg.bk / 16;
    let frag_regs = |op: &OperandLayouts| -> Result<i64, LayoutError> { Ok(op.frag.size()? / 2) };
    let ldsm = |op: &OperandLayouts,
                name: &str,
                kb: i64,
                stage: &str|
     -> Result<String, LayoutError> {
        let mut out = String::new();
        let rest = sub_sizes(op.s2r_src.layout(), 2)?; // (rest_R, rest_K, stage)
        let copy_rest = sub_sizes(&op.frag_copy, 0)?;
        if op.s2r_src.layout().mode(1)?.size()? != 8 || copy_rest.iter().product::<i64>() != 8 {
            return Err(bad("an ldmatrix.x4 moves 8 values per thread"));
        }
        let r_rest = op.frag_copy.mode(1)?.size()?;
        if r_rest != rest[0] {
            return Err(bad(
                "the copy's rest modes differ between source and fragment",
            ));
        }
        for cr in 0..rest[0] {
            let regs = (0..4)
                .map(|j| {
                    let v = |x: i64| {
                        IntTree::Tuple(vec![IntTree::Int(x), IntTree::Int(cr), IntTree::Int(kb)])
                    };
                    reg_pair(&op.frag_copy, v(2 * j), v(2 * j + 1)).map(|r| r.to_string())
                })
                .collect::<Result<Vec<_>, _>>()?;
            writeln!(
                out,
                "      ldsm_x4(r{name}, {}, s{name} + {});",
                regs.join(", "),
                render_split(
                    &op.s2r_src,
                    &[Rest::Lit(cr), Rest::Lit(kb), Rest::Var(stage)]
                )?
            )
            .ok();
        }
        Ok(out)
    };
    let mma_m = l.c.frag.mode(1)?.size()?;
    let mma_n = l.c.frag.mode(2)?.size()?;
    // The k-blocks of one k-tile, CuTe's sgemm_sm80 pipeline: the next
    // k-block's fragments are loaded before this one's MMAs; before the
    // last k-block the next stage is waited for, so the loads of its first
    // k-block overlap the last MMAs; the first k-block issues the copy of
    // the tile `stages - 1` ahead into the stage read last.
    let mut mainloop = String::new();
    let loads = load_ab("kt_", "wst")?;
    for kb in 0..k_blocks {
        mainloop += &kblock_prefix(kb, k_blocks, cfg.stages);
        let next = (kb + 1) % k_blocks;
        mainloop += &ldsm(&l.a, "A", next, "st")?;
        mainloop += &ldsm(&l.b, "B", next, "st")?;
        mainloop += &kblock_copy(kb, cfg.stages, k_tiles, &loads);
        for mi in 0..mma_m {
            for ni in 0..mma_n {
                let ni = if mi % 2 == 1 { mma_n - 1 - ni } else { ni }; // serpentine
                let a = (0..4)
                    .map(|j| reg_pair(&l.a.frag, crd3(2 * j, mi, kb), crd3(2 * j + 1, mi, kb)))
                    .collect::<Result<Vec<_>, _>>()?;
                let b = (0..2)
                    .map(|j| reg_pair(&l.b.frag, crd3(2 * j, ni, kb), crd3(2 * j + 1, ni, kb)))
                    .collect::<Result<Vec<_>, _>>()?;
                let c = (0..4)
                    .map(|j| l.c.frag.crd2idx(&crd3(j, mi, ni)))
                    .collect::<Result<Vec<_>, _>>()?;
                writeln!(
                    mainloop,
                    "      mma(acc, {}, {}, {}, {}, rA, {}, {}, {}, {}, rB, {}, {});",
                    c[0], c[1], c[2], c[3], a[0], a[1], a[2], a[3], b[0], b[1]
                )
                .ok();
            }
        }
    }
    let first_frags = ldsm(&l.a, "A", 0, "st")? + &ldsm(&l.b, "B", 0, "st")?;
    let prologue_load = load_ab("s", "s")?;

    // Epilogue: thrfrg_C of the global tile, at the thread's (V, M, N).
    let [tv, tm, tn, _] = thr_coords(&l.mma)?;
    let thr = t(vec![var(tv), t(vec![var(tm), var(tn)])]);
    let frg_v = l.c.part.mode(1)?.mode(0)?;
    if frg_v.flat().first().map(|&(s, d)| (s, d)) != Some((2, 1)) {
        return Err(bad("C's values 0 and 1 are not adjacent in a row"));
    }
    let mut epilogue = String::new();
    epilogue += &l.c.tiles.origin(&t(vec![var("bm"), var("bn")]))?;
    for mi in 0..mma_m {
        for ni in 0..mma_n {
            for half in 0..2 {
                let v0 = 2 * half;
                let c = t(vec![
                    thr.clone(),
                    t(vec![lit(v0), t(vec![lit(mi), lit(ni)])]),
                ]);
                let (i0, i1) = (
                    l.c.frag.crd2idx(&crd3(v0, mi, ni))?,
                    l.c.frag.crd2idx(&crd3(v0 + 1, mi, ni))?,
                );
                epilogue +=
                    &l.c.store(&c, (m, n), "st_pair", &format!("acc, {i0}, {i1}"))?;
            }
        }
    }
    epilogue.push_str("  }\n");

    Ok(skeleton(&Skeleton {
        header: format!(
            "Generated by cute-cuda's hgemm from the crate's atom layouts: {}x{}x{}, {} stages, {}x{} warps, {}.",
            cfg.bm,
            cfg.bn,
            cfg.bk,
            cfg.stages,
            cfg.warps_m,
            cfg.warps_n,
            cfg.elem.name()
        ),
        name: "cute_hgemm",
        elem: "unsigned short",
        reg: "unsigned",
        threads: nthr,
        smem_a: l.a.smem.layout().cosize()?,
        raster: (&l.c.raster_m, &l.c.raster_n),
        nacc: l.c.frag.size()?,
        regs: (frag_regs(&l.a)?, frag_regs(&l.b)?),
        stages: cfg.stages,
        k_tiles,
        prologue: prologue_load,
        first: first_frags,
        mainloop,
        epilogue,
    }))
}

/// The instructions behind the body's helpers, as thin inline-PTX wrappers
/// (the atoms' `call`s): [`PIPELINE_PRELUDE`]'s `cp.async`,
/// `SM75_U32x4_LDSM_N` and the MMA atom of `elem`.
pub fn device_prelude(elem: Elem) -> String {
    format!(
        r#"{PIPELINE_PRELUDE}__device__ __forceinline__ void ldsm_x4(unsigned* r, int i0, int i1, int i2, int i3, const unsigned short* p) {{
  // SM75_U32x4_LDSM_N
  asm volatile("ldmatrix.sync.aligned.x4.m8n8.shared.b16 {{%0, %1, %2, %3}}, [%4];\n"
      : "=r"(r[i0]), "=r"(r[i1]), "=r"(r[i2]), "=r"(r[i3]) : "r"(smem_addr(p)));
}}
__device__ __forceinline__ void mma(float* d, int d0, int d1, int d2, int d3,
    const unsigned* a, int a0, int a1, int a2, int a3, const unsigned* b, int b0, int b1) {{
  // {atom}
  asm("{ptx} {{%0, %1, %2, %3}}, {{%4, %5, %6, %7}}, {{%8, %9}}, {{%0, %1, %2, %3}};\n"
      : "+f"(d[d0]), "+f"(d[d1]), "+f"(d[d2]), "+f"(d[d3])
      : "r"(a[a0]), "r"(a[a1]), "r"(a[a2]), "r"(a[a3]), "r"(b[b0]), "r"(b[b1]));
}}
{st_pair}"#,
        atom = elem.mma_atom(),
        ptx = elem.mma_ptx(),
        st_pair = st_pair_src(elem),
    )
}

/// The CUDA C source and launch shape for `M x N x K`.
pub fn hgemm_kernel(cfg: HgemmConfig, m: i64, n: i64, k: i64) -> Result<Kernel, LayoutError> {
    let blocks = hgemm_layouts(cfg, m, n, k)?.blocks()?;
    Ok(Kernel {
        name: "cute_hgemm",
        source: device_prelude(cfg.elem) + &hgemm_body(cfg, m, n, k)?,
        grid: (blocks as u32, 1, 1),
        block: (cfg.threads() as u32, 1, 1),
        smem_bytes: cfg.smem_bytes() as u32,
        args: Vec::new(),
    })
}
