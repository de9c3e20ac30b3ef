//! NVIDIA GPUs (PTX): thread and block indices, `__syncthreads`, the
//! dynamic shared memory (CUDA C's `extern __shared__`), and the SM80
//! instructions of a tensor-core GEMM (`cp.async`, `ldmatrix`, `mma.sync`).
//!
//! The indices come from LLVM's NVVM intrinsics (`core::arch::nvptx`), which
//! carry their ranges (a thread index is below 1024), so the optimizer may
//! drop the sign handling of a `/` or `%` by a static extent. They are
//! returned as `i32`, the type of a runtime value in a layout.
//!
//! Shared memory is one `.extern .shared` array, the block's dynamic shared
//! memory, sized at launch. Rust has no address spaces, so a reference into
//! it would be a generic pointer, and a generic load may cost a conversion
//! per access; [`Smem`] instead loads and stores with `ld.shared`/`st.shared`
//! at 32-bit shared-window addresses, which is what CUDA C emits for a
//! `__shared__` array.
#![allow(unsafe_code)]

use core::arch::{asm, global_asm, nvptx};
use core::marker::PhantomData;

// The block's dynamic shared memory: CUDA C's `extern __shared__ char s[]`.
// 16-byte aligned so that a 16-byte vector can sit at its start.
global_asm!(".extern .shared .align 16 .b8 cute_dynamic_smem[];");

/// One function per special register, each read through its NVVM
/// intrinsic and returned as an `i32`.
macro_rules! special_registers {
    ($($(#[$doc:meta])* $name:ident => $intrinsic:ident;)*) => {$(
        $(#[$doc])*
        #[inline(always)]
        pub fn $name() -> i32 {
            // SAFETY: reads a special register; no memory is touched.
            unsafe { nvptx::$intrinsic() as i32 }
        }
    )*};
}

special_registers! {
    /// `threadIdx.x`.
    thread_idx_x => _thread_idx_x;
    /// `threadIdx.y`.
    thread_idx_y => _thread_idx_y;
    /// `threadIdx.z`.
    thread_idx_z => _thread_idx_z;
    /// `blockIdx.x`.
    block_idx_x => _block_idx_x;
    /// `blockIdx.y`.
    block_idx_y => _block_idx_y;
    /// `blockIdx.z`.
    block_idx_z => _block_idx_z;
    /// `blockDim.x`.
    block_dim_x => _block_dim_x;
    /// `blockDim.y`.
    block_dim_y => _block_dim_y;
    /// `gridDim.x`.
    grid_dim_x => _grid_dim_x;
    /// `gridDim.y`.
    grid_dim_y => _grid_dim_y;
}

/// The block's `(blockIdx.x, blockIdx.y)` as a coordinate, for
/// `local_tile(tensor, tile, block_coord())`.
#[inline(always)]
pub fn block_coord() -> crate::Coord![i32, i32] {
    let (x, y) = (block_idx_x(), block_idx_y());
    crate::coord![x, y]
}

/// The thread's index in its block, `x` fastest: `threadIdx.x + blockDim.x
/// * threadIdx.y` for a block of two dimensions, the index that
/// `local_partition` takes. `DIM_X` is the block's static `blockDim.x`.
#[inline(always)]
pub fn thread_rank_2d<const DIM_X: i32>() -> i32 {
    thread_idx_x() + DIM_X * thread_idx_y()
}

/// `__syncthreads()`: every thread of the block waits here, and shared
/// memory written before it is visible to the whole block after it.
#[inline(always)]
pub fn sync_threads() {
    // SAFETY: a barrier reached by every thread of the block (the caller's
    // control flow must be uniform, as in CUDA C); it touches no memory.
    unsafe { nvptx::_syncthreads() }
}

/// Elements of the block's dynamic shared memory, read and written with
/// `ld.shared`/`st.shared` at element offsets, such as those a shared-memory
/// layout (swizzled or not) computes.
///
/// The launch must give the block at least as many bytes of dynamic shared
/// memory as the offsets reach; every thread of the block sees the same
/// elements, and ordering between threads is `sync_threads`'s job.
#[derive(Clone, Copy, Debug)]
pub struct Smem<T> {
    /// Address of element 0 in the shared window.
    base: u32,
    _t: PhantomData<T>,
}

/// Element types [`Smem`] can move with one `ld.shared`/`st.shared`.
pub trait SmemElement: Copy + sealed::Sealed {
    #[doc(hidden)]
    unsafe fn ld(addr: u32) -> Self;
    #[doc(hidden)]
    unsafe fn st(addr: u32, v: Self);
}
mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for u32 {}
    impl Sealed for i32 {}
}

macro_rules! smem_b32 {
    ($t:ty, $reg:ident) => {
        impl SmemElement for $t {
            #[inline(always)]
            unsafe fn ld(addr: u32) -> Self {
                let v: $t;
                // SAFETY: the caller vouches that `addr` is in the block's
                // shared memory; `readonly` keeps it after earlier barriers.
                unsafe {
                    asm!("ld.shared.b32 {v}, [{a}];", v = out($reg) v, a = in(reg32) addr,
                         options(nostack, readonly, preserves_flags));
                }
                v
            }
            #[inline(always)]
            unsafe fn st(addr: u32, v: Self) {
                // SAFETY: as `ld`.
                unsafe {
                    asm!("st.shared.b32 [{a}], {v};", v = in($reg) v, a = in(reg32) addr,
                         options(nostack, preserves_flags));
                }
            }
        }
    };
}
smem_b32!(f32, reg32);
smem_b32!(u32, reg32);
smem_b32!(i32, reg32);

impl<T: SmemElement> Smem<T> {
    /// The block's dynamic shared memory, starting `byte_offset` bytes in
    /// (a multiple of `align_of::<T>()`).
    #[inline(always)]
    pub fn dynamic(byte_offset: u32) -> Self {
        let base: u32;
        // SAFETY: takes the address of the shared array; touches no memory.
        unsafe {
            asm!("mov.u32 {b}, cute_dynamic_smem;", b = out(reg32) base,
                 options(pure, nomem, nostack, preserves_flags));
        }
        Smem {
            base: base + byte_offset,
            _t: PhantomData,
        }
    }
    /// Element `off`.
    ///
    /// # Safety
    /// Element `off` must lie inside the dynamic shared memory the block was
    /// launched with, and no other thread may write it concurrently.
    #[inline(always)]
    pub unsafe fn load(&self, off: i32) -> T {
        // SAFETY: the caller vouches for the offset.
        unsafe {
            T::ld(
                self.base
                    .wrapping_add((off as u32).wrapping_mul(size_of::<T>() as u32)),
            )
        }
    }
    /// Writes element `off`.
    ///
    /// # Safety
    /// As [`Smem::load`], and no other thread may read or write the element
    /// concurrently.
    #[inline(always)]
    pub unsafe fn store(&self, off: i32, v: T) {
        // SAFETY: the caller vouches for the offset.
        unsafe {
            T::st(
                self.base
                    .wrapping_add((off as u32).wrapping_mul(size_of::<T>() as u32)),
                v,
            )
        }
    }
}

/// The 32-bit shared-window address of byte `byte_offset` of the block's
/// dynamic shared memory: what `cp.async` and `ldmatrix` take, as CUDA C's
/// `cvta.to.shared` of a `__shared__` pointer gives it.
#[inline(always)]
pub fn dynamic_smem_addr(byte_offset: u32) -> u32 {
    let base: u32;
    // SAFETY: takes the address of the shared array; touches no memory.
    unsafe {
        asm!("mov.u32 {b}, cute_dynamic_smem;", b = out(reg32) base,
             options(pure, nomem, nostack, preserves_flags));
    }
    base.wrapping_add(byte_offset)
}

/// `cp.async.cg.shared.global [dst], [src], 16, src_size` (CuTe's
/// `SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>`): starts a 16-byte copy
/// from global to shared memory that bypasses L1. When `pred` is false no
/// byte is read and the 16 bytes at `dst` are zeroed, so a tile's elements
/// outside the matrix contribute nothing to a product.
///
/// The copy lands at an unknown time: [`cp_async_commit`] closes a group of
/// copies and [`cp_async_wait`] waits for all but the newest groups.
///
/// # Safety
/// `dst` is a 16-byte aligned shared-window address inside the block's
/// dynamic shared memory ([`dynamic_smem_addr`]) that no thread reads or
/// writes until the copy's group is waited for; when `pred` holds, `src` is
/// a 16-byte aligned global address of 16 readable bytes.
#[inline(always)]
pub unsafe fn cp_async_cg_16(dst: u32, src: *const u8, pred: bool) {
    let size: u32 = if pred { 16 } else { 0 };
    // SAFETY: the caller's contract; the asm is not pure (it writes
    // shared memory later) so it is neither moved nor dropped.
    unsafe {
        asm!("cp.async.cg.shared.global [{d}], [{s}], 16, {n};",
             d = in(reg32) dst, s = in(reg64) src, n = in(reg32) size,
             options(nostack, preserves_flags));
    }
}

/// `cp.async.commit_group`: the `cp.async`s issued since the last commit
/// become one group, which [`cp_async_wait`] counts.
#[inline(always)]
pub fn cp_async_commit() {
    // SAFETY: groups copies already issued; touches no memory itself.
    unsafe { asm!("cp.async.commit_group;", options(nostack, preserves_flags)) }
}

/// `cp.async.wait_group N`: waits until at most `N` of this thread's
/// committed groups are still in flight. The copies waited for are visible
/// to this thread; other threads see them after a barrier
/// ([`sync_threads`]).
#[inline(always)]
pub fn cp_async_wait<const N: u32>() {
    // SAFETY: waits; the asm is a memory clobber (no `nomem`), so no shared
    // load is moved above it.
    unsafe { asm!("cp.async.wait_group {n};", n = const N, options(nostack, preserves_flags)) }
}

/// `ldmatrix.sync.aligned.m8n8.x4.shared.b16` (CuTe's `SM75_U32x4_LDSM_N`):
/// the warp loads four 8x8 matrices of 16-bit values. Lane `l` gives the
/// address of row `l % 8` of matrix `l / 8` (16 contiguous bytes); register
/// `j` of lane `l` receives elements `2 (l % 4)` and `2 (l % 4) + 1` of row
/// `l / 4` of matrix `j`, the layout an `mma.sync` fragment wants.
///
/// # Safety
/// Every lane of the warp executes it together (`.sync.aligned`), and
/// `addr` is a 16-byte aligned shared-window address of 16 bytes inside the
/// block's dynamic shared memory that no thread writes concurrently.
#[inline(always)]
pub unsafe fn ldmatrix_x4(addr: u32) -> [u32; 4] {
    let (r0, r1, r2, r3): (u32, u32, u32, u32);
    // SAFETY: the caller's contract; `readonly`, as `Smem::load`, keeps it
    // below earlier barriers and waits (both clobber memory).
    unsafe {
        asm!("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{{r0}, {r1}, {r2}, {r3}}}, [{a}];",
             r0 = out(reg32) r0, r1 = out(reg32) r1, r2 = out(reg32) r2, r3 = out(reg32) r3,
             a = in(reg32) addr, options(nostack, readonly, preserves_flags));
    }
    [r0, r1, r2, r3]
}

/// `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32` (CuTe's
/// `SM80_16x8x16_F32F16F16F32_TN`): `D = A B + C` for a warp, `A` 16x16
/// (four registers of two `f16` per lane), `B` 16x8 (two), `C` and `D`
/// 16x8 `f32` (four per lane), in the fragment layouts of the PTX ISA.
#[inline(always)]
pub fn mma_m16n8k16_f32_f16(c: [f32; 4], a: [u32; 4], b: [u32; 2]) -> [f32; 4] {
    let (d0, d1, d2, d3): (f32, f32, f32, f32);
    // SAFETY: registers only; every lane of the warp reaches it together,
    // as the kernels' uniform control flow guarantees.
    unsafe {
        asm!("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{{d0}, {d1}, {d2}, {d3}}}, {{{a0}, {a1}, {a2}, {a3}}}, {{{b0}, {b1}}}, {{{c0}, {c1}, {c2}, {c3}}};",
             d0 = lateout(reg32) d0, d1 = lateout(reg32) d1, d2 = lateout(reg32) d2, d3 = lateout(reg32) d3,
             a0 = in(reg32) a[0], a1 = in(reg32) a[1], a2 = in(reg32) a[2], a3 = in(reg32) a[3],
             b0 = in(reg32) b[0], b1 = in(reg32) b[1],
             c0 = in(reg32) c[0], c1 = in(reg32) c[1], c2 = in(reg32) c[2], c3 = in(reg32) c[3],
             options(pure, nomem, nostack, preserves_flags));
    }
    [d0, d1, d2, d3]
}

/// `cvt.rn.f16x2.f32`: two `f32` rounded to `f16`, packed with `lo` in the
/// low half, for one 32-bit store of two adjacent outputs.
#[inline(always)]
pub fn pack_f16x2(lo: f32, hi: f32) -> u32 {
    let v: u32;
    // SAFETY: registers only.
    unsafe {
        asm!("cvt.rn.f16x2.f32 {v}, {hi}, {lo};", v = out(reg32) v, hi = in(reg32) hi,
             lo = in(reg32) lo, options(pure, nomem, nostack, preserves_flags));
    }
    v
}

/// Stops the whole grid (`trap`): the launch fails with an error the host
/// sees. What a kernel's `#[panic_handler]` calls, since a kernel can
/// neither unwind nor print.
#[inline(always)]
pub fn trap() -> ! {
    // SAFETY: `trap` ends the kernel; nothing runs after it.
    unsafe { nvptx::trap() }
}
