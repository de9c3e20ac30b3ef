//! Atoms: a static tiled MMA's `partition_C` and a static tiled copy's
//! `partition_S`, each with a runtime thread index, then one element of the
//! thread's partition, next to the same pointer arithmetic written by hand.
//! The tiled MMA's and copy's layouts are types, so only the thread's
//! coordinates and the element's offset are computed at run time.
#![allow(unsafe_code)]

use cute_algebra::atom::{
    CopyAtom, SM80_16x8x16_F16F16F16F16_TN, SM80_CP_ASYNC_CACHEALWAYS, half_t, make_tiled_copy,
    make_tiled_mma,
};
use cute_algebra::prelude::*;
use cute_algebra::tensor::make_tensor_raw;

/// The accumulators of thread `t` of a 2x2 `SM80_16x8x16` TiledMMA with
/// `Tile<_32,_32,_16>` over a (128,128) column-major C block tile: element
/// `(i, j, k)` of its `((2,2),4,8)` partition.
///
/// # Safety
/// `p` must point to 128 * 128 readable `f32`s.
#[inline(never)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lib_partition_c(p: *const f32, t: i32, i: i32, j: i32, k: i32) -> f32 {
    let mma = make_tiled_mma(
        SM80_16x8x16_F16F16F16F16_TN,
        layout![(2, 2, 1)],
        tile![32, 32, 16],
    );
    // SAFETY: the caller provides the 128 * 128 elements the layout reaches.
    let c = unsafe { make_tensor_raw(p.cast_mut(), layout![(128, 128) : (1, 128)]) };
    let part = mma.get_slice(t).partition_C(c);
    // SAFETY: in-range coordinates stay inside the tensor.
    unsafe { part.at_unchecked(coord![i, j, k]) }
}

/// # Safety
/// As [`lib_partition_c`].
#[inline(never)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hand_partition_c(p: *const f32, t: i32, i: i32, j: i32, k: i32) -> f32 {
    // The thread's (v, m, n) in ThrLayoutVMNK (32,2,2,1):(1,32,64,0), its
    // offset through thrfrg_C's thread mode ((4,8),(2,2)):((256,1),(16,1024))
    // (each leaf of `v` taken modulo its extent, as CuTe's idx2crd does),
    // then the value's through ((2,2),4,8):((128,8),32,2048).
    let (v, m, n) = (t % 32, (t / 32) % 2, (t / 64) % 2);
    // SAFETY (both): the offsets stay inside the 128 * 128 elements.
    let p = unsafe { p.offset(((v % 4) * 256 + ((v / 4) % 8) * 1 + (m * 16 + n * 1024)) as isize) };
    unsafe { *p.offset((((i % 2) * 128 + (i / 2) * 8) + j * 32 + k * 2048) as isize) }
}

/// Thread `t`'s source of a 128-bit `cp.async` tiled copy (16x8 threads,
/// row-major, 8 `half_t`s each) over a (128,64) row-major global tile:
/// element `(i, j)` of its `((8,1),8,1)` partition.
///
/// # Safety
/// `p` must point to 128 * 64 readable `u16`s.
#[inline(never)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lib_partition_s(p: *const u16, t: i32, i: i32, j: i32) -> u16 {
    let copy = make_tiled_copy(
        CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<u128>, half_t>::default(),
        layout![(16, 8) : (8, 1)],
        layout![(1, 8)],
    );
    // SAFETY: the caller provides the 128 * 64 elements the layout reaches.
    let g = unsafe { make_tensor_raw(p.cast_mut(), layout![(128, 64) : (64, 1)]) };
    let part = copy.get_slice(t).partition_S(g);
    // SAFETY: in-range coordinates stay inside the tensor.
    unsafe { part.at_unchecked(coord![(i, 0), j, 0]) }
}

/// # Safety
/// As [`lib_partition_s`].
#[inline(never)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hand_partition_s(p: *const u16, t: i32, i: i32, j: i32) -> u16 {
    // The thread's offset through the (8,16):(8,64) thread mode, then the
    // value's through ((8,1),8,1):((1,0),1024,0).
    // SAFETY (both): the offsets stay inside the 128 * 64 elements.
    let p = unsafe { p.offset(((t % 8) * 8 + (t / 8) * 64) as isize) };
    unsafe { *p.offset((i * 1 + j * 1024) as isize) }
}
