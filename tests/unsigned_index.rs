//! Unsigned coordinates and indices: `u32` (CUDA's thread and block
//! indices) and `usize` (Rust's lengths) give the same tensors and values
//! as the `i32` they stand for, in every entry point that takes one.

use cute_algebra::prelude::*;
use cute_algebra::tensor::{
    local_partition, local_partition_step, local_tile, make_tensor, make_tensor_mut,
};

/// A (64, 32) column-major matrix of its own offsets.
fn matrix() -> Vec<i32> {
    (0..64 * 32).collect()
}

#[test]
fn usize_index_reads_as_the_same_i32_index() {
    let data = matrix();
    let t = make_tensor(&data, layout![(64, 32) : (1, 64)]).slice(coord![_, 3]);
    for i in 0..t.size() {
        assert_eq!(t.at(i), t.at(i as i32));
        assert_eq!(t[i], t.at(i as i32));
    }
    assert_eq!(t.at(5usize), 3 * 64 + 5);
    // Past the memory: an error, as for an `i32` index.
    let whole = make_tensor(&data, layout![(64, 32) : (1, 64)]);
    assert!(whole.try_at(whole.size()).is_err());
}

#[test]
fn u32_coordinates_in_coord_macro() {
    let data = matrix();
    let t = make_tensor(&data, layout![(64, 32) : (1, 64)]);
    let (i, j): (u32, u32) = (7, 9);
    assert_eq!(t.at(coord![i, j]), 9 * 64 + 7);
    let (ii, jj): (usize, usize) = (7, 9);
    assert_eq!(t.at(coord![ii, jj]), 9 * 64 + 7);
    let mut buf = matrix();
    let mut m = make_tensor_mut(&mut buf, layout![(64, 32) : (1, 64)]);
    *m.at_mut(coord![i, j]) = -1;
    m[coord![ii, 0]] = -2;
    assert_eq!((buf[9 * 64 + 7], buf[7]), (-1, -2));
}

#[test]
fn local_tile_and_partition_by_unsigned_indices() {
    let data = matrix();
    let a = make_tensor(&data, layout![(64, 32) : (1, 64)]);
    let thr = layout![(8, 4) : (4, 1)];
    for bx in 0u32..4 {
        let tile_u = local_tile(a, shape![16, 32], coord![bx, _]);
        let tile_i = local_tile(a, shape![16, 32], coord![{ bx as i32 }, _]);
        assert_eq!(tile_u.to_string(), tile_i.to_string());
        for tid in 0u32..32 {
            let p_i = local_partition(tile_i, thr, tid as i32);
            let p_u = local_partition(tile_u, thr, tid);
            let p_z = local_partition(tile_u, thr, tid as usize);
            assert_eq!(p_u.to_string(), p_i.to_string());
            assert_eq!(p_z.to_string(), p_i.to_string());
            let s_u = local_partition_step(
                tile_u,
                layout![(8, 4, 2) : (4, 1, 32)],
                tid,
                coord![1, 1, _],
            );
            let s_i = local_partition_step(
                tile_i,
                layout![(8, 4, 2) : (4, 1, 32)],
                tid as i32,
                coord![1, 1, _],
            );
            assert_eq!(s_u.to_string(), s_i.to_string());
            for k in 0..p_u.size() {
                assert_eq!(p_u.at(k), p_i.at(k as i32));
            }
        }
    }
}

#[test]
fn u32_index_above_i32_max_wraps_as_cute_unsigned_offsets() {
    // CuTe's `unsigned` offset arithmetic is modulo 2^32; so is a `u32`
    // read as the `i32` of the same bits. Out of the tensor, it is an error.
    let data = matrix();
    let t = make_tensor(&data, layout![2048 : 1]);
    assert!(t.try_at(u32::MAX).is_err());
    assert!(t.try_at(usize::MAX).is_err());
}
