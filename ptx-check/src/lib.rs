//! Zero cost on the GPU, checked by `.ci/ptx-check` as `.ci/asm-check` does
//! for x86-64: for every static layout, swizzle and partition that the Rust
//! kernels (`kernels/`) use, a kernel `lib_K` computes an access through the
//! library (the kernels' own layouts: `CopyThreads`, `ReadThreads`,
//! `WriteThreads`, `smem_tile`, `require_extents`), and a kernel `hand_K`
//! computes the same access written by hand, as a CUDA C author writes it.
//! `.ci/ptx-check` builds this crate to PTX for `sm_90` and requires the
//! instructions of each pair to be identical once registers and labels are
//! renamed in order of appearance.
//!
//! The pairs are kernels, not device functions, so that the thread and block
//! indices come from the hardware registers with the ranges the kernels see
//! (a thread index below 1024), and each starts with the kernels' extent
//! check, without which the library's checked runtime arithmetic would stay
//! (`kernels/src/lib.rs`, `require_extents`, says why).
//!
//! The hand-written side moves the pointer once per step (block tile,
//! thread, element), as CuTe's tensors do, and takes the thread's
//! coordinate in a `(32,8)` thread layout as `(t % 32, (t / 32) % 8)`: the
//! hardware index is not known to be below 256, so `% 8` is part of the
//! partition's meaning.
#![no_std]
#![feature(abi_ptx, asm_experimental_arch)]
#![allow(unsafe_code, clippy::missing_safety_doc)]

use core::arch::asm;

use cute_algebra::arch::nvptx::{
    Smem, block_coord, block_idx_x, block_idx_y, thread_idx_x, thread_idx_y,
};
use cute_algebra::prelude::*;
use cute_algebra::tensor::{local_partition, local_tile, make_identity_tensor, make_tensor_raw};
use cute_kernels::hgemm::smem_swizzle;
use cute_kernels::{CopyThreads, ReadThreads, WriteThreads, require_extents, smem_tile};

/// Defines the kernels `lib_K` (library) and `hand_K` (by hand) with the
/// same parameters.
macro_rules! pair {
    ($lib:ident, $hand:ident, ($($a:ident : $t:ty),*), lib: $l:block, hand: $h:block) => {
        #[unsafe(no_mangle)]
        pub unsafe extern "ptx-kernel" fn $lib($($a: $t),*) $l
        #[unsafe(no_mangle)]
        pub unsafe extern "ptx-kernel" fn $hand($($a: $t),*) $h
    };
}

/// The thread's coordinate `(t % 32, (t / 32) % 8)` in a `(32,8)` layout.
#[inline(always)]
fn thr_32x8(t: i32) -> (i32, i32) {
    (t % 32, (t / 32) % 8)
}

// 1. The copy's vector path: the `(M/4, N)` matrix of 16-byte vectors,
//    tile `(32,64)` per block, `CopyThreads` `(32,8):(1,32)`, element
//    `(0, j)` of the thread's `(1,8)` part.
pair!(lib_copy_vec, hand_copy_vec, (p: *const f32, out: *mut f32, mv: i32, n: i32, j: i32),
lib: {
    require_extents(mv, n);
    let g = unsafe { make_tensor_raw(p.cast_mut(), make_layout(shape![mv, n])) };
    let part = local_partition(local_tile(g, shape![32, 64], block_coord()), CopyThreads::default(), thread_idx_x());
    unsafe { *out = part.at_unchecked(coord![0, j]) };
},
hand: {
    require_extents(mv, n);
    let (bx, by) = (block_idx_x(), block_idx_y());
    let p = unsafe { p.offset((by * 64 * mv + bx * 32) as isize) };
    let (r, c) = thr_32x8(thread_idx_x());
    let p = unsafe { p.offset((r + c * mv) as isize) };
    unsafe { *out = *p.offset((j * 8 * mv) as isize) };
});

// 2. The copy's scalar path (`M % 4 != 0`): tile `(128,64)`, the thread's
//    `(4,8)` part, element `(i, j)`.
pair!(lib_copy_scalar, hand_copy_scalar, (p: *const f32, out: *mut f32, m: i32, n: i32, i: i32, j: i32),
lib: {
    require_extents(m, n);
    let g = unsafe { make_tensor_raw(p.cast_mut(), make_layout(shape![m, n])) };
    let part = local_partition(local_tile(g, shape![128, 64], block_coord()), CopyThreads::default(), thread_idx_x());
    unsafe { *out = part.at_unchecked(coord![i, j]) };
},
hand: {
    require_extents(m, n);
    let (bx, by) = (block_idx_x(), block_idx_y());
    let p = unsafe { p.offset((by * 64 * m + bx * 128) as isize) };
    let (r, c) = thr_32x8(thread_idx_x());
    let p = unsafe { p.offset((r + c * m) as isize) };
    unsafe { *out = *p.offset((i * 32 + j * 8 * m) as isize) };
});

// 3. The copy's edge predicate: an identity tensor of `(M/4, N)` tiled and
//    partitioned as in 1; element `(0, j)` is inside the matrix.
pair!(lib_copy_pred, hand_copy_pred, (out: *mut i32, mv: i32, n: i32, j: i32),
lib: {
    require_extents(mv, n);
    let id = make_identity_tensor(shape![mv, n]);
    let part = local_partition(local_tile(id, shape![32, 64], block_coord()), CopyThreads::default(), thread_idx_x());
    let c = part.at(coord![0, j]);
    unsafe { *out = (c.0.head < mv && c.0.tail.head < n) as i32 };
},
hand: {
    require_extents(mv, n);
    let tid = thread_idx_x();
    let col = ((tid / 32) % 8 | block_idx_y() * 64) + 8 * j;
    let row = tid % 32 | block_idx_x() * 32;
    unsafe { *out = ((row < mv) & (col < n)) as i32 };
});

// 4. The transpose's read phase: tile `(32,32)` of `A = (M,N):(1,M)`,
//    `ReadThreads` `(32,8):(1,32)`, thread `tx + 32 ty`, element `(0, k)`.
pair!(lib_tr_read, hand_tr_read, (p: *const f32, out: *mut f32, m: i32, n: i32, k: i32),
lib: {
    require_extents(m, n);
    let g = unsafe { make_tensor_raw(p.cast_mut(), make_layout(shape![m, n])) };
    let t = thread_idx_x() + 32 * thread_idx_y();
    let part = local_partition(local_tile(g, shape![32, 32], block_coord()), ReadThreads::default(), t);
    unsafe { *out = part.at_unchecked(coord![0, k]) };
},
hand: {
    require_extents(m, n);
    let t = thread_idx_x() + 32 * thread_idx_y();
    let (bx, by) = (block_idx_x(), block_idx_y());
    let p = unsafe { p.offset((by * 32 * m + bx * 32) as isize) };
    let (r, c) = thr_32x8(t);
    let p = unsafe { p.offset((r + c * m) as isize) };
    unsafe { *out = *p.offset((k * 8 * m) as isize) };
});

// 5. The transpose's write phase: tile `(32,32)` of `B` viewed over `A`'s
//    coordinates, `(M,N):(N,1)`, `WriteThreads` `(8,32):(32,1)`, element
//    `(k, 0)`.
pair!(lib_tr_write, hand_tr_write, (p: *const f32, out: *mut f32, m: i32, n: i32, k: i32),
lib: {
    require_extents(m, n);
    let g = unsafe { make_tensor_raw(p.cast_mut(), layout![(m, n) : (n, 1)]) };
    let t = thread_idx_x() + 32 * thread_idx_y();
    let part = local_partition(local_tile(g, shape![32, 32], block_coord()), WriteThreads::default(), t);
    unsafe { *out = part.at_unchecked(coord![k, 0]) };
},
hand: {
    require_extents(m, n);
    let t = thread_idx_x() + 32 * thread_idx_y();
    let (bx, by) = (block_idx_x(), block_idx_y());
    let p = unsafe { p.offset((bx * 32 * n + by * 32) as isize) };
    let (r, c) = ((t / 32) % 8, t % 32); // (8,32):(32,1) is row-major
    let p = unsafe { p.offset((r * n + c) as isize) };
    unsafe { *out = *p.offset((k * 8 * n) as isize) };
});

// 6. The transpose's edge predicate in the write phase (the read phase's is
//    3's with a `(32,32)` tile).
pair!(lib_tr_pred, hand_tr_pred, (out: *mut i32, m: i32, n: i32, k: i32),
lib: {
    require_extents(m, n);
    let id = make_identity_tensor(shape![m, n]);
    let t = thread_idx_x() + 32 * thread_idx_y();
    let part = local_partition(local_tile(id, shape![32, 32], block_coord()), WriteThreads::default(), t);
    let c = part.at(coord![k, 0]);
    unsafe { *out = (c.0.head < m && c.0.tail.head < n) as i32 };
},
hand: {
    require_extents(m, n);
    // Thread `t = tx + 32 ty`: `t % 32 = tx % 32`, `t / 32 = tx / 32 + ty`.
    let tx = thread_idx_x();
    let col = tx % 32 + block_idx_y() * 32;
    let row = (tx / 32 + thread_idx_y()) % 8 + block_idx_x() * 32 + 8 * k;
    unsafe { *out = ((row < m) & (col < n)) as i32 };
});

// 7. The swizzled shared-memory tile `Sw<5,0,5> o (32,32):(1,32)` at the
//    write phase's coordinate `(ty + 8k, tx)`: CUDA C's `o ^ ((o >> 5) & 31)`.
pair!(lib_sw505, hand_sw505, (out: *mut i32, k: i32),
lib: {
    let o = smem_tile().crd2idx(coord![{ thread_idx_y() + 8 * k }, { thread_idx_x() }]);
    unsafe { *out = o };
},
hand: {
    let o = (thread_idx_y() + 8 * k) + 32 * thread_idx_x();
    unsafe { *out = o ^ ((o >> 5) & 31) };
});

// 8. A store to the swizzled tile in the block's dynamic shared memory
//    through `Smem` (the read phase's coordinate `(tx, ty + 8k)`), next to
//    CUDA C's `tile[o] = v` with `tile` an `extern __shared__ float[]`.
pair!(lib_smem_store, hand_smem_store, (v: f32, k: i32),
lib: {
    let o = smem_tile().crd2idx(coord![{ thread_idx_x() }, { thread_idx_y() + 8 * k }]);
    unsafe { Smem::<f32>::dynamic(0).store(o, v) };
},
hand: {
    let o = thread_idx_x() + 32 * (thread_idx_y() + 8 * k);
    let o = o ^ ((o >> 5) & 31);
    let base: u32;
    unsafe {
        asm!("mov.u32 {b}, cute_dynamic_smem;", b = out(reg32) base,
             options(pure, nomem, nostack, preserves_flags));
        asm!("st.shared.b32 [{a}], {v};", a = in(reg32) base + o as u32 * 4, v = in(reg32) v,
             options(nostack, preserves_flags));
    }
});

// 9. The GEMM's shared-memory offset (`cute_rs_hgemm`): `Sw<3,3,3>` of a
//    thread's `ldmatrix` row at k-block `k`, with the stage `st` added
//    outside the swizzle (a multiple of its period), next to CUDA C's
//    `(o ^ ((o >> 3) & 0x38)) + st * 8192`.
pair!(lib_hgemm_sw333, hand_hgemm_sw333, (out: *mut i32, k: i32, st: i32),
lib: {
    let o = smem_swizzle(thread_idx_x() * 64 + 16 * k, st * 8192);
    unsafe { *out = o };
},
hand: {
    let stage = st * 8192;
    let o = thread_idx_x() * 64 + 16 * k;
    unsafe { *out = stage + (o ^ ((o >> 3) & 0x38)) };
});
