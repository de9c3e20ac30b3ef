//! NVIDIA GPUs (PTX): thread and block indices, `__syncthreads`, and the
//! dynamic shared memory (CUDA C's `extern __shared__`).
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

/// Stops the whole grid (`trap`): the launch fails with an error the host
/// sees. What a kernel's `#[panic_handler]` calls, since a kernel can
/// neither unwind nor print.
#[inline(always)]
pub fn trap() -> ! {
    // SAFETY: `trap` ends the kernel; nothing runs after it.
    unsafe { nvptx::trap() }
}
