//! The kernels' entry points on the GPU: the bodies of the crate root,
//! called with the hardware's thread and block indices.

use cute_algebra::arch::nvptx::{
    Smem, block_coord, sync_threads, thread_idx_x, thread_idx_y, trap,
};

use crate::{SharedTile, copy_thread, transpose_read, transpose_write};

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    // A kernel cannot unwind or print: stop the whole grid, which the host
    // sees as a launch error.
    trap()
}

impl SharedTile for Smem<f32> {
    #[inline(always)]
    unsafe fn load(&self, o: i32) -> f32 {
        // SAFETY: the caller's contract; the launch gives 4096 bytes.
        unsafe { Smem::load(self, o) }
    }
    #[inline(always)]
    unsafe fn store(&self, o: i32, v: f32) {
        // SAFETY: as `load`.
        unsafe { Smem::store(self, o, v) }
    }
}

/// `dst = src`, `M x N` column-major `f32`: [`copy_thread`] on a grid of
/// `(ceil(M/128), ceil(N/64))` blocks of 256 threads.
///
/// # Safety
/// As [`copy_thread`], with that launch shape.
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn cute_rs_copy(src: *const f32, dst: *mut f32, m: i32, n: i32) {
    // SAFETY: the launch's contract.
    unsafe { copy_thread(src, dst, m, n, thread_idx_x(), block_coord()) }
}

/// `B = Aᵀ` through the swizzled shared-memory tile: [`transpose_read`],
/// the barrier, [`transpose_write`], on a grid of `(ceil(M/32),
/// ceil(N/32))` blocks of `(32,8)` threads with 4096 bytes of dynamic
/// shared memory.
///
/// # Safety
/// As [`transpose_read`] and [`transpose_write`], with that launch shape.
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn cute_rs_transpose(
    src: *const f32,
    dst: *mut f32,
    m: i32,
    n: i32,
) {
    let (tx, ty, blk) = (thread_idx_x(), thread_idx_y(), block_coord());
    let smem = Smem::<f32>::dynamic(0);
    // SAFETY: the launch's contract; every thread of the block reaches the
    // barrier (the extents' check stops all of them or none).
    unsafe {
        transpose_read(src, m, n, tx, ty, blk, &smem);
        sync_threads();
        transpose_write(dst, m, n, tx, ty, blk, &smem);
    }
}
