//! GPU kernels written in Rust with `cute-algebra`'s typed tensors, built to
//! PTX by `scripts/build-ptx.sh` (target `nvptx64-nvidia-cuda`) and run by
//! `cute-gpu` beside the NVRTC-compiled kernels of `cuda/src/kernels.rs`
//! and CuTe C++'s, which use the same tiling:
//!
//! - `cute_rs_copy`: an `M x N` column-major `f32` copy, a `(128,64)` tile
//!   per block of 256 threads, each thread moving 16-byte vectors of four
//!   floats (CuTe's `make_tiled_copy` with `(32,8)` threads and `(4,1)`
//!   values), predicated at the matrix's edge;
//! - `cute_rs_transpose`: `B = Aᵀ` through a `(32,32)` shared-memory tile
//!   swizzled by `Sw<5,0,5>`, `(32,8)` threads.
//!
//! The index math is the library's: the global tensors are tiled per block
//! with `local_tile` and split among threads with `local_partition`, the
//! edge predicate reads an identity tensor tiled and partitioned the same
//! way, and the shared-memory offset is the swizzled `ComposedLayout`'s
//! `crd2idx`. The kernel bodies only loop, predicate and move data.
#![no_std]
#![feature(abi_ptx)]
#![allow(unsafe_code)]

use cute_algebra::arch::nvptx::{
    Smem, block_coord, sync_threads, thread_idx_x, thread_idx_y, trap,
};
use cute_algebra::prelude::*;
use cute_algebra::swizzle::Swizzle;
use cute_algebra::tensor::{local_partition, local_tile, make_identity_tensor, make_tensor_raw};

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    // A kernel cannot unwind or print: stop the whole grid, which the host
    // sees as a launch error.
    trap()
}

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
fn require_extents(m: i32, n: i32) {
    if !(0 < m && m <= MAX_M && 0 < n && n <= MAX_N) {
        trap();
    }
}

/// Four floats moved as one 16-byte access (`ld.global.v4.f32`): CuTe's
/// `uint128_t` copy atom. The alignment makes the access a vector one.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct F4([f32; 4]);

/// The copy's threads: `(32,8)`, column-major, so that a warp's 32 threads
/// read 32 consecutive vectors (512 bytes) of one column.
type CopyThreads = Layout![(32, 8) : (1, 32)];
/// Columns of a block's tile (the rows are 32 vectors, 128 floats).
const COPY_TILE_N: i32 = 64;

/// `dst = src`, both `M x N` column-major `f32`, on a grid of
/// `(ceil(M/128), ceil(N/64))` blocks of 256 threads.
///
/// When `M % 4 == 0` (every column starts 16-byte aligned) the matrices are
/// viewed as `(M/4) x N` tensors of 16-byte vectors, each thread moving one
/// vector in each of 8 columns; otherwise as `f32`, each thread moving 4
/// floats 32 apart in each of 8 columns. Either way a warp reads whole
/// contiguous rows of a column.
///
/// Extents outside `1..=MAX_M` and `1..=MAX_N` stop the launch with an error.
///
/// # Safety
/// `src` and `dst` point to `M * N` floats each (`dst` writable, 16-byte
/// aligned), and the launch has the shape above.
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn cute_rs_copy(src: *const f32, dst: *mut f32, m: i32, n: i32) {
    require_extents(m, n);
    let t = thread_idx_x();
    let blk = block_coord();
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
        let thr = CopyThreads::default();
        let ts = local_partition(local_tile(s, tile, blk), thr, t); // (1,8)
        let mut td = local_partition(local_tile(d, tile, blk), thr, t);
        let tc = local_partition(
            local_tile(make_identity_tensor(shape![mv, n]), tile, blk),
            thr,
            t,
        );
        // CuTe's copy(src, fragment); copy(fragment, dst): all 8 loads are
        // in flight before the first store.
        let mut frag = [F4([0.0; 4]); COPY_TILE_N as usize / 8];
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
        let thr = CopyThreads::default();
        let ts = local_partition(local_tile(s, tile, blk), thr, t); // (4,8)
        let mut td = local_partition(local_tile(d, tile, blk), thr, t);
        let tc = local_partition(
            local_tile(make_identity_tensor(shape![m, n]), tile, blk),
            thr,
            t,
        );
        for j in 0..COPY_TILE_N / 8 {
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
type ReadThreads = Layout![(32, 8) : (1, 32)];
/// In the write phase: `(8,32):(32,1)`, `n` fastest, so that a warp writes
/// 32 consecutive floats of one column of `B` (a row of `A`).
type WriteThreads = Layout![(8, 32) : (32, 1)];
/// Dynamic shared memory the transpose needs: one `(32,32)` `f32` tile.
pub const TRANSPOSE_SMEM_BYTES: u32 = 32 * 32 * 4;

/// `B = Aᵀ`: `A` is `M x N` column-major, `B` `N x M` column-major, through
/// a `(32,32)` shared-memory tile with the layout `Sw<5,0,5> o
/// (32,32):(1,32)`, on a grid of `(ceil(M/32), ceil(N/32))` blocks of
/// `(32,8)` threads with 4096 bytes of dynamic shared memory.
///
/// `B` is viewed over `A`'s coordinates, `(M,N):(N,1)`, so both phases use
/// one tiling of `(m, n)`; only the thread layouts differ.
///
/// Extents outside `1..=MAX_M` and `1..=MAX_N` stop the launch with an error.
///
/// # Safety
/// `src` and `dst` point to `M * N` floats each (`dst` writable), and the
/// launch has the shape above.
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn cute_rs_transpose(
    src: *const f32,
    dst: *mut f32,
    m: i32,
    n: i32,
) {
    require_extents(m, n);
    let t = thread_idx_x() + 32 * thread_idx_y();
    let blk = block_coord();
    // SAFETY: the caller provides the `M * N` floats of each matrix.
    let (a, b) = unsafe {
        (
            make_tensor_raw(src.cast_mut(), make_layout(shape![m, n])),
            make_tensor_raw(dst, layout![(m, n) : (n, 1)]),
        )
    };
    let tile = shape![32, 32];
    let ga = local_tile(a, tile, blk);
    let gb = local_tile(b, tile, blk);
    let id = local_tile(make_identity_tensor(shape![m, n]), tile, blk);
    let smem_layout = composition(Swizzle::<5, 0, 5>, layout![(32, 32) : (1, 32)]);
    let smem = Smem::<f32>::dynamic(0);

    // Read phase: thread (tx, ty) takes elements (tx, ty + 8k) of the tile.
    let (ra, rc) = (
        local_partition(ga, ReadThreads::default(), t), // (1,4)
        local_partition(id, ReadThreads::default(), t),
    );
    let (tx, ty) = (thread_idx_x(), thread_idx_y());
    for k in 0..4 {
        let c = rc.at(coord![0, k]);
        if c.0.head < m && c.0.tail.head < n {
            // The swizzled tile is indexed by the typed ComposedLayout: a
            // tensor over it cannot yet be partitioned by a runtime thread
            // index (slicing a swizzled layout needs a static offset).
            let (i, j) = (tx, ty + 8 * k);
            let o = smem_layout.crd2idx(coord![i, j]);
            // SAFETY: the tile is 32 * 32 floats of the launch's shared
            // memory; each thread writes its own elements.
            unsafe { smem.store(o, ra.at_unchecked(coord![0, k])) };
        }
    }
    sync_threads();
    // Write phase: thread (tx, ty) takes elements (ty + 8k, tx).
    let (mut wb, wc) = (
        local_partition(gb, WriteThreads::default(), t), // (4,1)
        local_partition(id, WriteThreads::default(), t),
    );
    for k in 0..4 {
        let c = wc.at(coord![k, 0]);
        if c.0.head < m && c.0.tail.head < n {
            let (i, j) = (ty + 8 * k, tx);
            let o = smem_layout.crd2idx(coord![i, j]);
            // SAFETY: written above, before the barrier, by the thread that
            // read element (i, j); `dst` element inside the matrix.
            unsafe { *wb.at_unchecked_mut(coord![k, 0]) = smem.load(o) };
        }
    }
}
