//! GPU kernels written in Rust with `cute-algebra`'s typed tensors, built to
//! PTX by `scripts/build-ptx.sh` (target `nvptx64-nvidia-cuda`) and run by
//! `cute-gpu --ptx` beside the NVRTC-compiled kernels of
//! `cuda/src/kernels.rs` and CuTe C++'s, which use the same tiling:
//!
//! - `cute_rs_copy`: an `M x N` column-major `f32` copy, a `(128,64)` tile
//!   per block of 256 threads, each thread moving 16-byte vectors of four
//!   floats (CuTe's `make_tiled_copy` with `(32,8)` threads and `(4,1)`
//!   values), predicated at the matrix's edge;
//! - `cute_rs_transpose`: `B = Aᵀ` through a `(32,32)` shared-memory tile
//!   swizzled by `Sw<5,0,5>`, `(32,8)` threads.
//! - `cute_rs_hgemm` ([`hgemm`]): an SM80 tensor-core GEMM, FP16 in and
//!   out with FP32 accumulation, through the typed atom layer (`TiledMMA`,
//!   `TiledCopy`s, `cp.async`, `ldmatrix`, `mma.sync`).
//!
//! The index math is the library's: the global tensors are tiled per block
//! with `local_tile` and split among threads with `local_partition`, the
//! edge predicate reads an identity tensor tiled and partitioned the same
//! way, and the shared-memory offset is the swizzled `ComposedLayout`'s
//! `crd2idx`. The kernel bodies only loop, predicate and move data.
//!
//! Each kernel's body is a plain function of the thread's and block's
//! indices ([`copy_thread`], [`transpose_read`] and [`transpose_write`],
//! the two sides of the barrier). The entry points on the GPU call them
//! with the hardware's indices; on the host, the tests call them for every
//! thread of every block of a grid and check the result, so the kernels'
//! index math is tested without a GPU.
#![cfg_attr(target_arch = "nvptx64", no_std)]
#![cfg_attr(target_arch = "nvptx64", feature(abi_ptx))]
#![allow(unsafe_code)]

use cute_algebra::prelude::*;
use cute_algebra::swizzle::{ComposedLayout, Swizzle};
use cute_algebra::tensor::{local_partition, local_tile, make_identity_tensor, make_tensor_raw};
use cute_algebra::typenum::Z0;

#[cfg(target_arch = "nvptx64")]
mod device;
pub mod hgemm;

/// A block's coordinate in the grid, `(blockIdx.x, blockIdx.y)`.
pub type BlockCoord = Coord![i32, i32];

/// The largest `M` the kernels take.
pub const MAX_M: i32 = 1 << 15;
/// The largest `N` the kernels take.
pub const MAX_N: i32 = (1 << 16) - 1;

/// Stops the kernel unless `0 < M <= MAX_M` and `0 < N <= MAX_N`.
///
/// The library checks its runtime integer arithmetic (an overflow panics),
/// and with extents of unknown range each check of a tiling (`M * N`,
/// `ceil(M / 32)`, the stride `8 * M`, ...) stays in the kernel as a
/// branch to a panic. Past this one branch, LLVM knows the extents' ranges,
/// in which none of those can overflow (`M * N < 2^31`), and drops them all:
/// the offsets are then the shifts, multiplies and adds a kernel author
/// writes by hand.
#[inline(always)]
pub fn require_extents(m: i32, n: i32) {
    if !(0 < m && m <= MAX_M && 0 < n && n <= MAX_N) {
        fail();
    }
}

#[inline(always)]
fn fail() -> ! {
    #[cfg(target_arch = "nvptx64")]
    cute_algebra::arch::nvptx::trap();
    #[cfg(not(target_arch = "nvptx64"))]
    panic!("extents outside the kernels' range");
}

/// Four floats moved as one 16-byte access (`ld.global.v4.f32`): CuTe's
/// `uint128_t` copy atom. The alignment makes the access a vector one.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct F4([f32; 4]);

/// The copy's threads: `(32,8)`, column-major, so that a warp's 32 threads
/// read 32 consecutive vectors (512 bytes) of one column.
pub type CopyThreads = Layout![(32, 8) : (1, 32)];
/// A block's tile of the copy, in floats: `(128, 64)`.
pub const COPY_TILE: (i32, i32) = (128, 64);
/// Threads in a block of the copy.
pub const COPY_THREADS: i32 = 256;

/// Thread `t` of block `blk` of `cute_rs_copy`: `dst = src`, both `M x N`
/// column-major `f32`, on a grid of `(ceil(M/128), ceil(N/64))` blocks of
/// 256 threads.
///
/// When `M % 4 == 0` (every column starts 16-byte aligned) the matrices are
/// viewed as `(M/4) x N` tensors of 16-byte vectors, each thread moving one
/// vector in each of 8 columns; otherwise as `f32`, each thread moving 4
/// floats 32 apart in each of 8 columns. Either way a warp reads whole
/// contiguous rows of a column. Extents outside `1..=MAX_M` and
/// `1..=MAX_N` stop the kernel.
///
/// # Safety
/// `src` and `dst` point to `M * N` floats each (`dst` writable, both
/// 16-byte aligned), `t < 256`, `blk` is inside the grid above, and no
/// other thread writes the elements this one reads or writes.
#[inline(always)]
pub unsafe fn copy_thread(src: *const f32, dst: *mut f32, m: i32, n: i32, t: i32, blk: BlockCoord) {
    require_extents(m, n);
    let thr = CopyThreads::default();
    if m % 4 == 0 {
        let mv = m / 4;
        let g = make_layout(shape![mv, n]);
        // SAFETY: the caller provides the `M * N` floats, 16-byte aligned,
        // that the `(M/4, N)` vectors cover.
        let (s, d) = unsafe {
            (
                make_tensor_raw(src.cast::<F4>().cast_mut(), g),
                make_tensor_raw(dst.cast::<F4>(), g),
            )
        };
        let tile = shape![32, 64];
        let ts = local_partition(local_tile(s, tile, blk), thr, t); // (1,8)
        let mut td = local_partition(local_tile(d, tile, blk), thr, t);
        let tc = local_partition(
            local_tile(make_identity_tensor(shape![mv, n]), tile, blk),
            thr,
            t,
        );
        // CuTe's copy(src, fragment); copy(fragment, dst): all 8 loads are
        // in flight before the first store.
        let mut frag = [F4([0.0; 4]); 8];
        for (j, f) in frag.iter_mut().enumerate() {
            let c = tc.at(coord![0, { j as i32 }]);
            if c.0.head < mv && c.0.tail.head < n {
                // SAFETY: the identity tensor says the element is inside.
                *f = unsafe { ts.at_unchecked(coord![0, { j as i32 }]) };
            }
        }
        for (j, f) in frag.iter().enumerate() {
            let c = tc.at(coord![0, { j as i32 }]);
            if c.0.head < mv && c.0.tail.head < n {
                // SAFETY: as above; each thread writes its own elements.
                unsafe { *td.at_unchecked_mut(coord![0, { j as i32 }]) = *f };
            }
        }
    } else {
        let g = make_layout(shape![m, n]);
        // SAFETY: the caller provides the `M * N` floats.
        let (s, d) = unsafe { (make_tensor_raw(src.cast_mut(), g), make_tensor_raw(dst, g)) };
        let tile = shape![128, 64];
        let ts = local_partition(local_tile(s, tile, blk), thr, t); // (4,8)
        let mut td = local_partition(local_tile(d, tile, blk), thr, t);
        let tc = local_partition(
            local_tile(make_identity_tensor(shape![m, n]), tile, blk),
            thr,
            t,
        );
        for j in 0..8 {
            for i in 0..4 {
                let c = tc.at(coord![i, j]);
                if c.0.head < m && c.0.tail.head < n {
                    // SAFETY: inside the matrix; each thread its own element.
                    unsafe { *td.at_unchecked_mut(coord![i, j]) = ts.at_unchecked(coord![i, j]) };
                }
            }
        }
    }
}

/// The transpose's threads in the read phase: `(32,8)`, `m` fastest, so
/// that a warp reads 32 consecutive floats of one column of `A`.
pub type ReadThreads = Layout![(32, 8) : (1, 32)];
/// In the write phase: `(8,32):(32,1)`, `n` fastest, so that a warp writes
/// 32 consecutive floats of one column of `B` (a row of `A`).
pub type WriteThreads = Layout![(8, 32) : (32, 1)];
/// The shared memory the transpose needs: one `(32,32)` `f32` tile.
pub const TRANSPOSE_SMEM_BYTES: u32 = 32 * 32 * 4;

/// The transpose's shared-memory tile, as the block sees it: on the GPU
/// the dynamic shared memory (`ld.shared`/`st.shared`), in the host tests
/// an array.
pub trait SharedTile {
    /// Element `o`.
    ///
    /// # Safety
    /// `0 <= o < 1024`, and no thread writes element `o` concurrently.
    unsafe fn load(&self, o: i32) -> f32;
    /// Writes element `o`.
    ///
    /// # Safety
    /// As `load`, and no other thread reads element `o` concurrently.
    unsafe fn store(&self, o: i32, v: f32);
}

/// The shared-memory tile's layout: `Sw<5,0,5> o (32,32):(1,32)`. Row `i`
/// of column `j` lands in bank `i ^ j`, so both a column (read phase) and a
/// row (write phase) of the tile spread over the 32 banks.
pub type SmemTile = ComposedLayout<Swizzle<5, 0, 5>, Z0, Layout![(32, 32) : (1, 32)]>;

/// The transpose's [`SmemTile`], built as CuTe writes it.
#[inline(always)]
pub fn smem_tile() -> SmemTile {
    composition(Swizzle::<5, 0, 5>, layout![(32, 32) : (1, 32)])
}

/// `A` (`M x N` column-major) and `B = Aᵀ` (`N x M` column-major) viewed
/// over `A`'s coordinates (`(M,N):(N,1)`), each block's `(32,32)` tile.
macro_rules! transpose_tiles {
    ($ptr:expr, $layout:expr, $m:expr, $n:expr, $blk:expr) => {{
        // SAFETY: the caller provides the `M * N` floats.
        let g = unsafe { make_tensor_raw($ptr, $layout) };
        let tile = shape![32, 32];
        (
            local_tile(g, tile, $blk),
            local_tile(make_identity_tensor(shape![$m, $n]), tile, $blk),
        )
    }};
}

/// Before the barrier, thread `(tx, ty)` of block `blk` of
/// `cute_rs_transpose`: reads elements `(tx, ty + 8k)` of the block's
/// `(32,32)` tile of `A` (`M x N` column-major) into the swizzled
/// shared-memory tile. The grid is `(ceil(M/32), ceil(N/32))` blocks of
/// `(32,8)` threads. Extents outside `1..=MAX_M` and `1..=MAX_N` stop the
/// kernel.
///
/// # Safety
/// `src` points to `M * N` floats, `tx < 32`, `ty < 8`, `blk` is inside the
/// grid, and the block's other threads use `smem` only as this kernel does.
#[inline(always)]
pub unsafe fn transpose_read(
    src: *const f32,
    m: i32,
    n: i32,
    tx: i32,
    ty: i32,
    blk: BlockCoord,
    smem: &impl SharedTile,
) {
    require_extents(m, n);
    let (ga, id) = transpose_tiles!(src.cast_mut(), make_layout(shape![m, n]), m, n, blk);
    let t = tx + 32 * ty;
    let ra = local_partition(ga, ReadThreads::default(), t); // (1,4)
    let rc = local_partition(id, ReadThreads::default(), t);
    let sw = smem_tile();
    for k in 0..4 {
        let c = rc.at(coord![0, k]);
        if c.0.head < m && c.0.tail.head < n {
            // The swizzled tile is indexed through its typed layout's
            // crd2idx: a tensor over a swizzled layout cannot yet be
            // partitioned by a runtime thread index (slicing it needs a
            // static offset), so the thread's coordinate is written out.
            let o = sw.crd2idx(coord![tx, { ty + 8 * k }]);
            // SAFETY: `o` is in the 1024-element tile; each thread writes
            // its own elements; `A`'s element is inside the matrix.
            unsafe { smem.store(o, ra.at_unchecked(coord![0, k])) };
        }
    }
}

/// After the barrier, thread `(tx, ty)` of block `blk`: writes elements
/// `(ty + 8k, tx)` of the block's tile, read from shared memory, to `B`
/// (`N x M` column-major), so that a warp writes 32 consecutive floats.
///
/// # Safety
/// As [`transpose_read`], `dst` points to `M * N` writable floats, and every
/// thread of the block has finished `transpose_read`.
#[inline(always)]
pub unsafe fn transpose_write(
    dst: *mut f32,
    m: i32,
    n: i32,
    tx: i32,
    ty: i32,
    blk: BlockCoord,
    smem: &impl SharedTile,
) {
    require_extents(m, n);
    let (gb, id) = transpose_tiles!(dst, layout![(m, n) : (n, 1)], m, n, blk);
    let t = tx + 32 * ty;
    let mut wb = local_partition(gb, WriteThreads::default(), t); // (4,1)
    let wc = local_partition(id, WriteThreads::default(), t);
    let sw = smem_tile();
    for k in 0..4 {
        let c = wc.at(coord![k, 0]);
        if c.0.head < m && c.0.tail.head < n {
            let o = sw.crd2idx(coord![{ ty + 8 * k }, tx]);
            // SAFETY: written before the barrier by the thread that read
            // element (ty + 8k, tx); `B`'s element is inside the matrix.
            unsafe { *wb.at_unchecked_mut(coord![k, 0]) = smem.load(o) };
        }
    }
}

#[cfg(test)]
mod tests;
