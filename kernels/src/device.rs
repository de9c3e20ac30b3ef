//! The kernels' entry points on the GPU: the bodies of the crate root,
//! called with the hardware's thread and block indices.

use cute_algebra::arch::nvptx::{
    Smem, block_coord, block_idx_x, cp_async_cg_16, cp_async_commit, cp_async_wait,
    dynamic_smem_addr, ldmatrix_x4, mma_m16n8k16_f32_f16, pack_f16x2, sync_threads, thread_idx_x,
    thread_idx_y, trap,
};

use crate::hgemm::{GemmOps, hgemm_thread};
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

/// The GEMM's instructions on the GPU: the inline PTX of
/// `cute_algebra::arch::nvptx`, shared memory addressed from the dynamic
/// shared memory's base.
struct Sm80;

impl GemmOps for Sm80 {
    type Reg = u32;
    type Acc = f32;
    #[inline(always)]
    fn zero(&self) -> f32 {
        0.0
    }
    #[inline(always)]
    fn zero_reg(&self) -> u32 {
        0
    }
    #[inline(always)]
    unsafe fn cp_async(&self, smem: i32, src: *const u16, pred: bool) {
        // SAFETY: the caller's contract; 2 bytes per element.
        unsafe { cp_async_cg_16(dynamic_smem_addr(smem as u32 * 2), src.cast(), pred) }
    }
    #[inline(always)]
    fn commit(&self) {
        cp_async_commit()
    }
    #[inline(always)]
    fn wait<const N: u32>(&self) {
        cp_async_wait::<N>()
    }
    #[inline(always)]
    fn sync(&self) {
        sync_threads()
    }
    #[inline(always)]
    unsafe fn ldsm_x4(&self, smem: i32) -> [u32; 4] {
        // SAFETY: the caller's contract.
        unsafe { ldmatrix_x4(dynamic_smem_addr(smem as u32 * 2)) }
    }
    #[inline(always)]
    fn mma(&self, c: [f32; 4], a: [u32; 4], b: [u32; 2]) -> [f32; 4] {
        mma_m16n8k16_f32_f16(c, a, b)
    }
    #[inline(always)]
    unsafe fn store_pair(&self, dst: *mut u16, lo: f32, hi: f32) {
        // SAFETY: the caller's contract: 4-byte aligned, this thread's.
        unsafe { dst.cast::<u32>().write(pack_f16x2(lo, hi)) }
    }
}

/// `C = A Bᵀ` in `f16` with `f32` accumulation ([`hgemm_thread`]) on a
/// grid of `hgemm_blocks(M, N)` blocks of 256 threads with
/// `HGEMM_SMEM_BYTES` of dynamic shared memory (the host raises the
/// kernel's dynamic shared-memory limit to it).
///
/// # Safety
/// As [`hgemm_thread`], with that launch shape.
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn cute_rs_hgemm(
    a: *const u16,
    b: *const u16,
    c: *mut u16,
    m: i32,
    n: i32,
    k: i32,
) {
    // SAFETY: the launch's contract; the extents' check stops every thread
    // or none, so all reach the pipeline's barriers.
    unsafe { hgemm_thread(&Sm80, a, b, c, m, n, k, thread_idx_x(), block_idx_x()) }
}
