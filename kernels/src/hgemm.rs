//! `cute_rs_hgemm`: CuTe's SM80 tensor-core GEMM (the FP16 "TN" case of
//! `sgemm_sm80.cu` with the atoms of CUTLASS's Ampere kernels), `C (M,N) =
//! A (M,K) · B (N,K)ᵀ`, A and B K-major, C row-major, `f16` in and out,
//! `f32` accumulation: the kernel `cute-cuda`'s NVRTC hgemm generates, in
//! Rust against the typed atom layer.
//!
//! - `TiledMMA` of `SM80_16x8x16_F32F16F16F32_TN` over `(2,4,1)` warps with
//!   the permutation `Tile<_32,_64,_16>` (two `n8` atoms per warp, so one
//!   `ldmatrix.x4` feeds B);
//! - block tile `(128,256,64)`, 4 stages of `Sw<3,3,3> ∘ (8,64):(64,1)`
//!   tiled to `(bM,64,stages)` and `(bN,64,stages)`;
//! - `SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>` tiled copies (256 threads
//!   `(32,8):(8,1)`, 8 values each) from global to shared memory,
//!   predicated by the same partition of an identity tensor (zero fill
//!   outside A or B);
//! - `SM75_U32x4_LDSM_N` through `make_tiled_copy_A/B`, writing the
//!   registers `retile_D` of the MMA's fragments names;
//! - the `cp.async` pipeline of `sgemm_sm80`: the next k-block's fragments
//!   are loaded before this k-block's MMAs, and the wait for the next stage
//!   comes before the last k-block;
//! - blocks in groups of tile rows (`(G, tiles_N, tiles_M/G):(1@0,1@1,G@0)`)
//!   so that the blocks resident at once share A's and B's tiles in L2.
//!
//! Every index is a typed partition's: the global offsets and edge
//! predicates are `partition_S` of counting and identity tensors tiled by
//! `local_tile`, the shared-memory offsets `partition_D`/`partition_S` of
//! the stages' layout, and the register indices the fragments' layouts
//! (`partition_fragment_A/B/C`, `retile_D`). Shared memory is swizzled as
//! CuTe's position-independent swizzle does: the partition is taken of the
//! plain stage layout and `Sw<3,3,3>` applied to each offset.
//!
//! The body ([`hgemm_thread`]) is generic over [`GemmOps`], the
//! instructions it issues: on the GPU the inline PTX of
//! `cute_algebra::arch::nvptx`, in the host tests a recorder whose trace is
//! replayed with the PTX semantics of each warp-wide instruction.

use cute_algebra::atom::{
    CopyAtom, SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN, SM80_CP_ASYNC_CACHEGLOBAL, half_t,
    make_tiled_copy, make_tiled_copy_A, make_tiled_copy_B, make_tiled_mma,
};
use cute_algebra::prelude::*;
use cute_algebra::swizzle::Swizzle;
use cute_algebra::tensor::{local_tile_step, make_counting_tensor, make_identity_tensor};

use crate::{fail, require_extents};

/// Threads per block: 8 warps.
pub const HGEMM_THREADS: i32 = 256;
/// The block tile `(bM, bN, bK)`.
pub const HGEMM_TILE: (i32, i32, i32) = (128, 256, 64);
/// Shared-memory stages of the `cp.async` pipeline.
pub const HGEMM_STAGES: i32 = 4;
/// Dynamic shared memory per block: the stages of A and B, in bytes.
pub const HGEMM_SMEM_BYTES: u32 = ((128 + 256) * 64 * 4 * 2) as u32;
/// The largest `K` the GEMM takes (`M` and `N` are bounded by
/// [`crate::MAX_M`] and [`crate::MAX_N`], as the other kernels'). Each extent has its own
/// bound on purpose: LLVM merges equal bounds into one test of `(M-1) |
/// (K-1)`, from which it no longer reads each extent's range, and the
/// checks of the library's arithmetic stay.
pub const HGEMM_MAX_K: i32 = 1 << 14;

/// Stops the kernel unless `0 < M <= MAX_M`, `0 < N <= MAX_N`, `0 < K <=
/// HGEMM_MAX_K`, `K % 8 == 0` (a row of A or B is whole 16-byte chunks, as
/// `cp.async` moves them) and `N` is even (the epilogue stores two adjacent
/// outputs at once).
///
/// As [`require_extents`]: past this branch LLVM knows every offset
/// (`M * K`, `N * K`, `M * N` are below `2^31`) fits, and drops the checks
/// of the library's runtime arithmetic.
#[inline(always)]
pub fn require_gemm_extents(m: i32, n: i32, k: i32) {
    require_extents(m, n);
    if !(0 < k && k <= HGEMM_MAX_K && k % 8 == 0 && n % 2 == 0) {
        fail();
    }
}

/// The instructions the GEMM's body issues: the warp-wide ones (`ldmatrix`,
/// `mma.sync`) read other lanes' operands, so on the host they are recorded
/// and replayed a warp at a time; on the GPU they are the inline PTX of
/// `cute_algebra::arch::nvptx`.
pub trait GemmOps {
    /// A 32-bit register holding two `f16` values.
    type Reg: Copy;
    /// An `f32` accumulator.
    type Acc: Copy;
    /// An accumulator holding zero.
    fn zero(&self) -> Self::Acc;
    /// A register before its first load (never read).
    fn zero_reg(&self) -> Self::Reg;
    /// `cp.async.cg` of 16 bytes from `src` to the 16-bit element `smem` of
    /// the dynamic shared memory; zeros when `pred` is false.
    ///
    /// # Safety
    /// As `cute_algebra::arch::nvptx::cp_async_cg_16`.
    unsafe fn cp_async(&self, smem: i32, src: *const u16, pred: bool);
    /// `cp.async.commit_group`.
    fn commit(&self);
    /// `cp.async.wait_group N`.
    fn wait<const N: u32>(&self);
    /// `__syncthreads()`.
    fn sync(&self);
    /// `ldmatrix.x4` with this lane's row at the 16-bit element `smem`.
    ///
    /// # Safety
    /// As `cute_algebra::arch::nvptx::ldmatrix_x4`.
    unsafe fn ldsm_x4(&self, smem: i32) -> [Self::Reg; 4];
    /// `mma.sync.m16n8k16` `f32 += f16 · f16`.
    fn mma(&self, c: [Self::Acc; 4], a: [Self::Reg; 4], b: [Self::Reg; 2]) -> [Self::Acc; 4];
    /// Rounds `lo` and `hi` to `f16` and stores them at `dst` and `dst + 1`.
    ///
    /// # Safety
    /// `dst` is 4-byte aligned, two writable `u16`s no other thread writes.
    unsafe fn store_pair(&self, dst: *mut u16, lo: Self::Acc, hi: Self::Acc);
}

/// `$body` once for each value of `$i` in the list: the register fragments
/// are arrays indexed by static values, which become registers only when
/// every loop over them is unrolled (LLVM's unroller gives up on a body of
/// this size and would leave them in local memory).
macro_rules! unroll {
    ($i:ident in [$($v:literal),*] $body:block) => {{
        $({
            let $i: i32 = $v;
            $body
        })*
    }};
}

/// The offset `$t` (a counting tensor) holds at `$c`, without the check
/// that `start + offset` fits in an `i64`: every offset here is below
/// `2^31` (the extents' guard bounds `M*K`, `N*K`, `M*N`; the shared and
/// register layouts are static), and a check left in the code is a panic
/// path LLVM cannot remove (it does not see the engine's start is small).
macro_rules! off {
    ($t:expr, $c:expr) => {
        // SAFETY: a counting tensor reads no memory; its offsets fit.
        unsafe { $t.at_unchecked($c) }
    };
}

/// The value of a fully static type, from the expression that builds it,
/// without running the expression: `tile_to_shape` returns its errors at
/// runtime even when every extent is static, and LLVM does not fold that
/// check away, so the kernel would keep a panic path. A static layout's
/// type has one value, which `Default` gives (the tests compare it with the
/// expression's).
#[inline(always)]
fn static_value<T: Default>(_: fn() -> T) -> T {
    T::default()
}

/// The stages' swizzle `Sw<3,3,3>` of a partition's offset `inner +
/// outer`. When `outer` is a multiple of the swizzle's period (2^9: the
/// bits it reads and writes all lie below bit 9), adding it commutes with
/// the swizzle, so `Sw(inner)` becomes a loop-invariant base and `outer`
/// (the stage, the repeats along M or N) an add or an immediate; otherwise
/// the swizzle takes the whole offset. The value is `Sw(inner + outer)`
/// either way.
#[inline(always)]
pub fn smem_swizzle(inner: i32, outer: i32) -> i32 {
    let sw = Swizzle::<3, 3, 3>;
    if outer % 512 == 0 {
        sw.apply(inner) + outer
    } else {
        sw.apply(inner + outer)
    }
}

/// The group of tile rows the blocks run down before moving one tile
/// column: the largest `G <= 16` dividing the tile rows `gx`.
#[inline(always)]
fn raster_group(gx: i32) -> i32 {
    let mut g = 16;
    while g > 1 && gx % g != 0 {
        g -= 1;
    }
    g
}

/// The GEMM's grid: `(ceil(M/bM) * ceil(N/bN), 1, 1)` blocks.
pub fn hgemm_blocks(m: i32, n: i32) -> i32 {
    (m + HGEMM_TILE.0 - 1) / HGEMM_TILE.0 * ((n + HGEMM_TILE.1 - 1) / HGEMM_TILE.1)
}

/// Thread `tid` of block `pid` of `cute_rs_hgemm`: `C = A Bᵀ` with `A`
/// `M x K`, `B` `N x K` (both row-major, i.e. K-major) and `C` `M x N`
/// row-major, on a grid of [`hgemm_blocks`] blocks of [`HGEMM_THREADS`]
/// threads with [`HGEMM_SMEM_BYTES`] of dynamic shared memory. Extents
/// outside [`require_gemm_extents`] stop the kernel.
///
/// # Safety
/// `a`, `b`, `c` point to `M*K`, `N*K`, `M*N` 16-bit values (16-byte
/// aligned, `c` writable), `tid < 256` and `pid` is inside the grid, every
/// thread of the block runs this body with the same `ops` kind, and no
/// other code touches the block's shared memory.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub unsafe fn hgemm_thread<O: GemmOps>(
    ops: &O,
    a: *const u16,
    b: *const u16,
    c: *mut u16,
    m: i32,
    n: i32,
    k: i32,
    tid: i32,
    pid: i32,
) {
    require_gemm_extents(m, n, k);

    // TiledMMA: 2x4 warps of m16n8k16, each warp two n8 atoms wide.
    let mma = make_tiled_mma(
        SM80_16x8x16_F32F16F16F32_TN,
        layout![(2, 4, 1) : (1, 2, 0)],
        tile![32, 64, 16],
    );
    // 16-byte cp.async, threads K-major: 8 threads cover a 64-wide row.
    let g2s = make_tiled_copy(
        CopyAtom::<SM80_CP_ASYNC_CACHEGLOBAL<u128>, half_t>::default(),
        layout![(32, 8) : (8, 1)],
        layout![(1, 8)],
    );
    let s2r_a = make_tiled_copy_A(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::default(), mma);
    let s2r_b = make_tiled_copy_B(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::default(), mma);
    let cta = shape![128, 256, 64]; // (BLK_M, BLK_N, BLK_K)

    // Shared memory: each stage a (bR,64) tile of 8-row swizzle atoms.
    // A 16-byte chunk stays whole (M = 3) and the 8 rows an ldmatrix reads
    // fall in 8 different bank groups (B = 3, S = 3).
    let s_a = static_value(|| tile_to_shape(layout![(8, 64) : (64, 1)], shape![128, 64, 4]));
    let s_b = static_value(|| tile_to_shape(layout![(8, 64) : (64, 1)], shape![256, 64, 4]));
    let b_at = s_a.cosize().value(); // B's stages follow A's
    let swz = |inner: i64, outer: i64| smem_swizzle(inner as i32, outer as i32);
    let smem_a = |inner: i64, outer: i64| swz(inner, outer);
    let smem_b = |inner: i64, outer: i64| b_at + swz(inner, outer);

    // The block's tile: grouped raster of the 1-D block index.
    let (gx, gy) = ((m + 127) / 128, (n + 255) / 256);
    let g = raster_group(gx);
    let q = gx / g;
    let bm = off!(make_counting_tensor(layout![(g, gy, q) : (1, 0, g)]), pid) as i32;
    let bn = off!(make_counting_tensor(layout![(g, gy, q) : (0, 1, 0)]), pid) as i32;

    // Global tiles as offsets (counting tensors) and coordinates (identity);
    // C's offsets are its layout at the identity partition's coordinates.
    let g_a = local_tile_step(
        make_counting_tensor(layout![(m, k) : (k, 1)]),
        cta,
        coord![bm, bn, _],
        coord![1, _, 1],
    ); // (BLK_M,BLK_K,k)
    let c_a = local_tile_step(
        make_identity_tensor(shape![m, k]),
        cta,
        coord![bm, bn, _],
        coord![1, _, 1],
    );
    let g_b = local_tile_step(
        make_counting_tensor(layout![(n, k) : (k, 1)]),
        cta,
        coord![bm, bn, _],
        coord![_, 1, 1],
    ); // (BLK_N,BLK_K,k)
    let c_b = local_tile_step(
        make_identity_tensor(shape![n, k]),
        cta,
        coord![bm, bn, _],
        coord![_, 1, 1],
    );
    let c_c = local_tile_step(
        make_identity_tensor(shape![m, n]),
        cta,
        coord![bm, bn, _],
        coord![1, 1, _],
    );

    // Global-to-shared partitions: (CPY,CPY_R,CPY_K,k) and (CPY,CPY_R,CPY_K,PIPE).
    let thr_g2s = g2s.get_slice(tid);
    let t_ag_a = thr_g2s.partition_S(g_a);
    let t_ac_a = thr_g2s.partition_S(c_a);
    let t_as_a = thr_g2s.partition_D(make_counting_tensor(s_a));
    let t_bg_b = thr_g2s.partition_S(g_b);
    let t_bc_b = thr_g2s.partition_S(c_b);
    let t_bs_b = thr_g2s.partition_D(make_counting_tensor(s_b));
    let k_tiles = t_ag_a.size_of::<3>().value();

    // Copies k-tile `kt` into stage `st` if `live`. A tile past the end is
    // copied as zeros (every predicate false) rather than branched around:
    // the branch would split the warp before the next `ldmatrix` and
    // `mma.sync`, which must then wait for it to reconverge. The stage it
    // fills is read by no later k-tile.
    // One operand's chunks of k-tile `kt` into stage `st`: the identity
    // partition `$c` predicates, `$g` is the global offset, `$s` the shared.
    macro_rules! load_operand {
        ($c:ident, $g:ident, $s:ident, $ptr:ident, $smem:ident, $rows:ident, [$($i:literal),*],
         $kt:ident, $st:ident, $live:ident) => {
        unroll!(i in [$($i),*] {
            let inside = $c.at(coord![0, i, 0, $kt]);
            let src = $ptr.wrapping_offset(off!($g, coord![0, i, 0, $kt]) as isize);
            let base = off!($s, coord![0, 0, 0, 0]);
            let dst = $smem(base, off!($s, coord![0, i, 0, $st]) - base);
            let pred = $live && inside.0.head < $rows && inside.0.tail.head < k;
            // SAFETY: the partition's chunk is in the stage, and inside the
            // operand when the predicate holds.
            unsafe { ops.cp_async(dst, src, pred) };
        });
        };
    }
    // A macro, not a closure: LLVM outlines a closure called from four
    // places, and its captures then live in local memory.
    macro_rules! load {
        ($kt:expr, $st:expr, $live:expr) => {{
            let (kt, st, live): (i32, i32, bool) = ($kt, $st, $live);
            load_operand!(
                t_ac_a,
                t_ag_a,
                t_as_a,
                a,
                smem_a,
                m,
                [0, 1, 2, 3],
                kt,
                st,
                live
            );
            load_operand!(
                t_bc_b,
                t_bg_b,
                t_bs_b,
                b,
                smem_b,
                n,
                [0, 1, 2, 3, 4, 5, 6, 7],
                kt,
                st,
                live
            );
        }};
    }

    // Register fragments: A (MMA,MMA_M,MMA_K), B (MMA,MMA_N,MMA_K), C (MMA,MMA_M,MMA_N).
    let thr_mma = mma.get_slice(tid);
    let s_a0 = make_counting_tensor(s_a).slice(coord![_, _, 0]);
    let s_b0 = make_counting_tensor(s_b).slice(coord![_, _, 0]);
    let f_a = thr_mma.partition_fragment_A::<u16, _, _>(s_a0).layout();
    let f_b = thr_mma.partition_fragment_B::<u16, _, _>(s_b0).layout();
    // The accumulators' layout depends only on the tile's shape: taken of a
    // static (BLK_M,BLK_N) tile, it has no runtime stride whose checks would
    // stay in the kernel.
    let f_c = thr_mma
        .partition_fragment_C::<f32, _, _>(make_counting_tensor(make_layout(shape![128, 256])))
        .layout();
    // Shared-to-register copies: the thread's ldmatrix rows, and the
    // fragments' registers seen as each ldmatrix's destination.
    let thr_s2r_a = s2r_a.get_slice(tid);
    let thr_s2r_b = s2r_b.get_slice(tid);
    let t_xs_a = thr_s2r_a.partition_S(make_counting_tensor(s_a)); // (CPY,MMA_M,MMA_K,PIPE)
    let t_xr_a = thr_s2r_a.retile_D(make_counting_tensor(f_a)); // (CPY,MMA_M,MMA_K)
    let t_xs_b = thr_s2r_b.partition_S(make_counting_tensor(s_b)); // (CPY,MMA_N/2,MMA_K,PIPE)
    let t_xr_b = thr_s2r_b.retile_D(make_counting_tensor(f_b)); // (CPY,MMA_N/2,MMA_K)

    let mut r_a = [ops.zero_reg(); 64];
    let mut r_b = [ops.zero_reg(); 64];
    let mut acc = [ops.zero(); 128];
    // The 32-bit register holding 16-bit values `v` and `v + 1`.
    let reg = |v: i64| (v / 2) as usize;

    // Loads k-block `kb` of stage `st` into the fragments.
    macro_rules! load_frags {
        ($kb:expr, $st:expr) => {{
            let (kb, st): (i32, i32) = ($kb, $st);
            unroll!(i in [0, 1, 2, 3] {
                let base = off!(t_xs_a, coord![0, 0, kb, 0]);
                let at = smem_a(base, off!(t_xs_a, coord![0, i, kb, st]) - base);
                // SAFETY: the partition's row is in the stage, which the
                // pipeline has waited for.
                let r = unsafe { ops.ldsm_x4(at) };
                unroll!(j in [0, 1, 2, 3] { r_a[reg(off!(t_xr_a, coord![{ 2 * j }, i, kb]))] = r[j as usize]; });
                let base = off!(t_xs_b, coord![0, 0, kb, 0]);
                let at = smem_b(base, off!(t_xs_b, coord![0, i, kb, st]) - base);
                // SAFETY: as for A.
                let r = unsafe { ops.ldsm_x4(at) };
                unroll!(j in [0, 1, 2, 3] { r_b[reg(off!(t_xr_b, coord![{ 2 * j }, i, kb]))] = r[j as usize]; });
            });
        }};
    }
    // This k-block's MMAs, serpentine over N so that B's registers are
    // reused across consecutive MMAs.
    macro_rules! mmas {
        ($kb:expr) => {{
            let kb: i32 = $kb;
            unroll!(i in [0, 1, 2, 3] {
                unroll!(jj in [0, 1, 2, 3, 4, 5, 6, 7] {
                    let j = if i % 2 == 1 { 7 - jj } else { jj };
                    let fa = |v: i32| r_a[f_a.crd2idx(coord![v, i, kb]) as usize / 2];
                    let fb = |v: i32| r_b[f_b.crd2idx(coord![v, j, kb]) as usize / 2];
                    let ci = |v: i32| f_c.crd2idx(coord![v, i, j]) as usize;
                    let d = ops.mma(
                        [acc[ci(0)], acc[ci(1)], acc[ci(2)], acc[ci(3)]],
                        [fa(0), fa(2), fa(4), fa(6)],
                        [fb(0), fb(2)],
                    );
                    unroll!(v in [0, 1, 2, 3] { acc[ci(v)] = d[v as usize]; });
                });
            });
        }};
    }

    // PREFETCH: all stages but the last.
    unroll!(s in [0, 1, 2] {
        load!(s, s, s < k_tiles);
        ops.commit();
    });
    ops.wait::<{ (HGEMM_STAGES - 2) as u32 }>();
    ops.sync();

    // The stage read and the stage written next.
    let mut st = 0;
    let mut wst = HGEMM_STAGES - 1;
    load_frags!(0, st);

    // PIPELINED MAIN LOOP
    for kt in 0..k_tiles {
        // SAFETY: the stages cycle through `0..HGEMM_STAGES` (each advance
        // wraps at the end), and `kt < k_tiles <= HGEMM_MAX_K / 64`. Said to
        // LLVM, the checked arithmetic of the partitions' offsets at these
        // runtime coordinates cannot overflow, and its checks fold away.
        unsafe {
            core::hint::assert_unchecked(
                (0..HGEMM_STAGES).contains(&st)
                    && (0..HGEMM_STAGES).contains(&wst)
                    && kt < HGEMM_MAX_K / 64,
            )
        };
        unroll!(kb in [0, 1, 2, 3] {
            if kb == 3 {
                // The next stage has landed (this thread's copies) and is
                // visible to every thread (the barrier), and every warp has
                // read its last k-block of this stage.
                ops.wait::<{ (HGEMM_STAGES - 2) as u32 }>();
                ops.sync();
                st = if st + 1 == HGEMM_STAGES { 0 } else { st + 1 };
            }
            load_frags!((kb + 1) % 4, st);
            if kb == 0 {
                // The tile `stages - 1` ahead, into the stage every warp
                // finished reading before the last barrier.
                let ahead = kt + HGEMM_STAGES - 1;
                load!(ahead, wst, ahead < k_tiles);
                ops.commit();
                wst = if wst + 1 == HGEMM_STAGES { 0 } else { wst + 1 };
            }
            mmas!(kb);
        });
    }
    ops.wait::<0>();

    // Epilogue: C's partition and its coordinates, two adjacent outputs
    // (values 0, 1 and 2, 3 of an MMA's fragment share a row) per store.
    // The offset of each element is C's layout at the coordinate the
    // identity tensor's partition gives it.
    let l_c = layout![(m, n) : (n, 1)];
    let t_cc_c = thr_mma.partition_C(c_c); // (MMA,MMA_M,MMA_N)
    unroll!(i in [0, 1, 2, 3] {
        unroll!(j in [0, 1, 2, 3, 4, 5, 6, 7] {
            unroll!(h in [0, 2] {
                let p = t_cc_c.at(coord![h, i, j]);
                if p.0.head < m && p.0.tail.head < n {
                    let dst = c.wrapping_offset(l_c.crd2idx(coord![{ p.0.head }, { p.0.tail.head }]) as isize);
                    let (lo, hi) = (f_c.crd2idx(coord![h, i, j]), f_c.crd2idx(coord![{ h + 1 }, i, j]));
                    // SAFETY: the element is inside C and N is even, so its
                    // neighbour in the row is too; each is this thread's.
                    unsafe { ops.store_pair(dst, acc[lo as usize], acc[hi as usize]) };
                }
            });
        });
    });
}

#[cfg(test)]
#[path = "tests_hgemm.rs"]
mod tests;
