//! Tensors: `local_tile` then `local_partition`, then indexing a
//! thread's partition with runtime coordinates through the unchecked form,
//! next to the same pointer arithmetic written by hand. Block and thread
//! indices are runtime values; the tiles' layouts stay static, so only the
//! offsets are computed at run time. The last pair predicates through an
//! identity tensor tiled and partitioned the same way.
#![allow(unsafe_code)]

use cute_algebra::prelude::*;
use cute_algebra::tensor::{local_partition, local_tile, make_identity_tensor, make_tensor_raw};

/// A static (64,64) column-major tensor, tile (8,4) per block, threads
/// (4,2):(1,4): the element (i, j) of thread `t`'s part of block (bx, by),
/// with every index of type `$I`: `i32`, or `u32` as CUDA's `threadIdx.x`
/// and `blockIdx.x` arrive (a `u32` coordinate reads as the `i32` of the
/// same bits, so both compile to the `i32` hand-written arithmetic).
macro_rules! lib_tile_part {
    ($($name:ident: $I:ty),*) => {$(
        /// # Safety
        /// `p` must point to 64 * 64 readable `f32`s.
        #[inline(never)]
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(p: *const f32, bx: $I, by: $I, t: $I, i: $I, j: $I) -> f32 {
            // SAFETY: the caller provides the 64 * 64 elements the layout reaches.
            let a = unsafe { make_tensor_raw(p.cast_mut(), layout![(64, 64) : (1, 64)]) };
            let tile = local_tile(a, shape![8, 4], coord![bx, by]);
            let part = local_partition(tile, layout![(4, 2) : (1, 4)], t);
            // SAFETY: in-range coordinates stay inside the tensor.
            unsafe { part.at_unchecked(coord![i, j]) }
        }
    )*};
}
lib_tile_part!(lib_tile_part: i32, lib_tile_part_u32: u32);

/// `lib_tile_part`'s pointer arithmetic by hand, on `i32`s.
///
/// # Safety
/// As `lib_tile_part`.
#[inline(always)]
unsafe fn tile_part_by_hand(p: *const f32, bx: i32, by: i32, t: i32, i: i32, j: i32) -> f32 {
    // CuTe style: each step moves the pointer (block tile, thread, element).
    // SAFETY (all three): the offsets stay inside the 64 * 64 elements.
    let p = unsafe { p.offset((bx * 8 + by * 4 * 64) as isize) };
    let p = unsafe { p.offset(((t % 4) + ((t / 4) % 2) * 64) as isize) };
    unsafe { *p.offset((i * 4 + j * 2 * 64) as isize) }
}

/// # Safety
/// As `lib_tile_part`.
#[inline(never)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hand_tile_part(
    p: *const f32,
    bx: i32,
    by: i32,
    t: i32,
    i: i32,
    j: i32,
) -> f32 {
    // SAFETY: forwarded to the caller.
    unsafe { tile_part_by_hand(p, bx, by, t, i, j) }
}

/// # Safety
/// As `lib_tile_part`.
#[inline(never)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hand_tile_part_u32(
    p: *const f32,
    bx: u32,
    by: u32,
    t: u32,
    i: u32,
    j: u32,
) -> f32 {
    // SAFETY: forwarded to the caller.
    unsafe { tile_part_by_hand(p, bx as i32, by as i32, t as i32, i as i32, j as i32) }
}

/// A row-major (256,128) tensor, tile (16,32), threads (8,4):(4,1).
///
/// # Safety
/// `p` must point to 256 * 128 readable `f32`s.
#[inline(never)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lib_tile_part_rm(
    p: *const f32,
    bx: i32,
    by: i32,
    t: i32,
    i: i32,
    j: i32,
) -> f32 {
    // SAFETY: the caller provides the elements the layout reaches.
    let a = unsafe { make_tensor_raw(p.cast_mut(), layout![(256, 128) : (128, 1)]) };
    let tile = local_tile(a, shape![16, 32], coord![bx, by]);
    let part = local_partition(tile, layout![(8, 4) : (4, 1)], t);
    // SAFETY: in-range coordinates stay inside the tensor.
    unsafe { part.at_unchecked(coord![i, j]) }
}

/// # Safety
/// As [`lib_tile_part_rm`].
#[inline(never)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hand_tile_part_rm(
    p: *const f32,
    bx: i32,
    by: i32,
    t: i32,
    i: i32,
    j: i32,
) -> f32 {
    // SAFETY (all three): the offsets stay inside the 256 * 128 elements.
    let p = unsafe { p.offset((bx * 16 * 128 + by * 32) as isize) };
    let (row, col) = ((t / 4) % 8, t % 4); // the thread's coordinate
    let p = unsafe { p.offset((row * 128 + col) as isize) };
    unsafe { *p.offset((i * 8 * 128 + j * 4) as isize) }
}

/// Edge predication through an identity tensor: a static (64,64) identity
/// tensor tiled (8,4) per block and partitioned (4,2):(1,4) per thread,
/// exactly as the data tensor of `lib_tile_part`; element (i, j) of thread
/// `t`'s part holds its global coordinate, compared with the extent (m, n).
#[inline(never)]
#[unsafe(no_mangle)]
pub extern "C" fn lib_id_tile_pred(
    bx: i32,
    by: i32,
    t: i32,
    i: i32,
    j: i32,
    m: i32,
    n: i32,
) -> i32 {
    let id = make_identity_tensor(shape![64, 64]);
    let tile = local_tile(id, shape![8, 4], coord![bx, by]);
    let part = local_partition(tile, layout![(4, 2) : (1, 4)], t);
    let c = part.at(coord![i, j]);
    (c.0.head < m) as i32 & (c.0.tail.head < n) as i32
}

/// The same predicate written by hand: thread start, block start, element.
#[inline(never)]
#[unsafe(no_mangle)]
pub extern "C" fn hand_id_tile_pred(
    bx: i32,
    by: i32,
    t: i32,
    i: i32,
    j: i32,
    m: i32,
    n: i32,
) -> i32 {
    let (tr, tc) = (t % 4, (t / 4) % 2);
    let (r0, c0) = (tr + bx * 8, tc + by * 4);
    let (row, col) = (r0 + i * 4, c0 + j * 2);
    (row < m) as i32 & (col < n) as i32
}
