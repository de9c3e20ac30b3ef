//! The kernels run on the host: every thread of every block of the grid,
//! one after another (the transpose's phases block by block, all reads of a
//! block before its writes, as its barrier orders them), checked against
//! the plain definition at every element.

use core::cell::Cell;

use super::*;

fn grid(m: i32, n: i32, tile: (i32, i32)) -> impl Iterator<Item = BlockCoord> {
    let (gx, gy) = ((m + tile.0 - 1) / tile.0, (n + tile.1 - 1) / tile.1);
    (0..gy).flat_map(move |y| (0..gx).map(move |x| coord![x, y]))
}

/// A column-major `M x N` matrix of distinct values, in a 16-byte aligned
/// buffer (the copy's vectors need it), and a zeroed one of the same size.
fn buffers(m: i32, n: i32) -> (Vec<F4>, Vec<F4>) {
    let len = (m * n) as usize;
    let mut src = vec![F4([0.0; 4]); len.div_ceil(4)];
    for (i, x) in floats_mut(&mut src).iter_mut().enumerate() {
        *x = i as f32 + 1.0;
    }
    (src, vec![F4([0.0; 4]); len.div_ceil(4)])
}

fn floats_mut(v: &mut [F4]) -> &mut [f32] {
    // SAFETY: `F4` is four `f32`s, `repr(C)`.
    unsafe { core::slice::from_raw_parts_mut(v.as_mut_ptr().cast::<f32>(), v.len() * 4) }
}

fn copy_on_host(m: i32, n: i32) {
    let (mut src, mut dst) = buffers(m, n);
    let (s, d) = (
        floats_mut(&mut src).as_ptr(),
        floats_mut(&mut dst).as_mut_ptr(),
    );
    for blk in grid(m, n, COPY_TILE) {
        for t in 0..COPY_THREADS {
            // SAFETY: the buffers hold M * N floats, 16-byte aligned; the
            // grid and block are the kernel's.
            unsafe { copy_thread(s, d, m, n, t, blk) };
        }
    }
    let len = (m * n) as usize;
    let (want, got) = (
        floats_mut(&mut src)[..len].to_vec(),
        &floats_mut(&mut dst)[..len],
    );
    let bad = (0..len).filter(|&i| got[i] != want[i]).count();
    assert_eq!(bad, 0, "copy {m} x {n}: {bad} wrong elements");
}

#[test]
fn copy_divisible_and_ragged() {
    // Tiles divide; vectors with ragged rows and columns; scalars (M % 4 != 0).
    for (m, n) in [(256, 128), (132, 70), (4, 1), (130, 65), (1, 1), (127, 3)] {
        copy_on_host(m, n);
    }
}

struct HostTile(Vec<Cell<f32>>);
impl SharedTile for HostTile {
    unsafe fn load(&self, o: i32) -> f32 {
        self.0[o as usize].get()
    }
    unsafe fn store(&self, o: i32, v: f32) {
        self.0[o as usize].set(v)
    }
}

fn transpose_on_host(m: i32, n: i32) {
    let (mut src, mut dst) = buffers(m, n);
    let (s, d) = (
        floats_mut(&mut src).as_ptr(),
        floats_mut(&mut dst).as_mut_ptr(),
    );
    let mut touched = vec![0u16; 1024];
    for blk in grid(m, n, (32, 32)) {
        let tile = HostTile(vec![Cell::new(f32::NAN); 1024]);
        for (tx, ty) in (0..8).flat_map(|y| (0..32).map(move |x| (x, y))) {
            // SAFETY: the buffers hold M * N floats; the grid and block
            // are the kernel's.
            unsafe { transpose_read(s, m, n, tx, ty, blk, &tile) };
        }
        for (o, c) in tile.0.iter().enumerate() {
            touched[o] += u16::from(!c.get().is_nan());
        }
        for (tx, ty) in (0..8).flat_map(|y| (0..32).map(move |x| (x, y))) {
            // SAFETY: as above, after all of the block's reads.
            unsafe { transpose_write(d, m, n, tx, ty, blk, &tile) };
        }
    }
    let (a, b) = (floats_mut(&mut src).to_vec(), floats_mut(&mut dst).to_vec());
    let mut bad = 0;
    for r in 0..m as usize {
        for c in 0..n as usize {
            // B = A^T: B is N x M column-major.
            bad += usize::from(b[c + r * n as usize] != a[r + c * m as usize]);
        }
    }
    assert_eq!(bad, 0, "transpose {m} x {n}: {bad} wrong elements");
    if m % 32 == 0 && n % 32 == 0 {
        // The swizzle is a permutation of the tile: every slot used once a block.
        let blocks = (m / 32 * (n / 32)) as u16;
        assert!(
            touched.iter().all(|&k| k == blocks),
            "a shared-memory slot used twice"
        );
    }
}

#[test]
fn transpose_divisible_and_ragged() {
    for (m, n) in [(64, 96), (32, 32), (33, 70), (1, 1), (100, 3)] {
        transpose_on_host(m, n);
    }
}

#[test]
fn transpose_smem_banks() {
    // A warp's 32 accesses to the tile hit 32 different banks in both
    // phases (the swizzle's purpose): the read phase's warp is a column of
    // the tile, the write phase's a row.
    let sw = smem_tile();
    for k in 0..32 {
        let col: Vec<i32> = (0..32).map(|i| sw.crd2idx(coord![i, k]) % 32).collect();
        let row: Vec<i32> = (0..32).map(|j| sw.crd2idx(coord![k, j]) % 32).collect();
        for banks in [col, row] {
            let mut seen = [false; 32];
            banks.iter().for_each(|&b| seen[b as usize] = true);
            assert!(seen.iter().all(|&s| s), "bank conflict in {banks:?}");
        }
    }
}

#[test]
#[should_panic(expected = "extents outside")]
fn extents_checked() {
    require_extents(MAX_M + 1, 1);
}
