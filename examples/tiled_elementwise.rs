//! The seed workflow end to end: tile per block, partition per thread.
//!
//! An (M, N) `f32` matrix with runtime M and N is cut into static (32, 16)
//! tiles with `local_tile` (= `zipped_divide` then `(_, (bx, by))`). Each
//! block runs on a real CPU thread (`std::thread::scope`); inside it, 32
//! "threads" laid out (8, 4) each take their part of the tile with
//! `local_partition` and apply an elementwise function. The edge tiles
//! hang over the matrix, so each element is predicated on its coordinate,
//! read from an identity tensor (`make_identity_tensor(shape![m, n])`,
//! whose value at each coordinate is the coordinate) tiled and partitioned
//! exactly like the data: the same `local_tile`, the same `local_partition`,
//! so element `k` of a thread's data part sits at the coordinate held by
//! element `k` of its identity part. CuTe kernels predicate the same way.
//!
//! Run with `cargo run --example tiled_elementwise -- [M N]`.

use std::sync::atomic::{AtomicUsize, Ordering};

use cute_algebra::prelude::*;
use cute_algebra::tensor::{
    local_partition, local_tile, make_identity_tensor, make_tensor, make_tensor_raw,
};

/// The largest extent taken from the command line: the identity tensor's
/// typed divides encode its basis strides in 20-bit fields (`crate::basis`).
const MAX_EXTENT: i32 = 1 << 16;

fn f(x: f32) -> f32 {
    2.0 * x + 1.0
}

fn main() {
    let args: Vec<i32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (m, n) = match args[..] {
        [m, n] if m > 0 && n > 0 && m < MAX_EXTENT && n < MAX_EXTENT => (m, n),
        _ => (100, 37), // neither is a multiple of the tile
    };
    let a: Vec<f32> = (0..m * n).map(|i| (i % 97) as f32 * 0.5).collect();
    let mut out = vec![0.0f32; a.len()];

    let layout = make_layout(shape![m, n]); // column-major (m, n):(_1, m)
    let input = make_tensor(&a, layout);
    // SAFETY: the layout's reach is exactly `out`, which outlives the
    // scope; each block writes only its own tile's in-bounds elements.
    let output = unsafe { make_tensor_raw(out.as_mut_ptr(), layout) };
    let coords = make_identity_tensor(shape![m, n]); // (m,n):(_1@0,_1@1)

    let tile = shape![32, 16];
    let thr = layout![(8, 4) : (1, 8)]; // 32 threads, column-major
    let (grid_m, grid_n) = ((m + 31) / 32, (n + 15) / 16);
    println!("matrix   {}", input.layout());
    println!(
        "tiles    {}",
        cute_algebra::tensor::zipped_divide(input, tile).layout()
    );
    // Elements written, over all blocks: exactly m * n when the predicate
    // keeps every in-bounds element and drops every one past the edge (an
    // element past row m would alias one of the next column).
    let written = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for bx in 0..grid_m {
            for by in 0..grid_n {
                // SAFETY: blocks write disjoint tiles.
                let output = unsafe { output.alias() };
                let written = &written;
                s.spawn(move || {
                    let a_tile = local_tile(input, tile, coord![bx, by]);
                    let o_tile = local_tile(output, tile, coord![bx, by]);
                    let c_tile = local_tile(coords, tile, coord![bx, by]);
                    if (bx, by) == (0, 0) {
                        println!("block    {a_tile}");
                    }
                    if (bx, by) == (grid_m - 1, grid_n - 1) {
                        println!("edge     {c_tile}");
                    }
                    for t in 0..32i32 {
                        // SAFETY: the threads of a block write disjoint parts.
                        let mut o_part = local_partition(unsafe { o_tile.alias() }, thr, t);
                        let a_part = local_partition(a_tile, thr, t);
                        let c_part = local_partition(c_tile, thr, t);
                        if (bx, by, t) == (0, 0, 0) {
                            println!("thread   {}", a_part.layout());
                            println!("its crds {c_part}");
                        }
                        for k in 0..a_part.size() as i32 {
                            // The global coordinate of element k: an
                            // `ArithTuple` of two runtime integers.
                            let (cm, cn) = c_part.at(k).0.into_tuple2();
                            if cm < m && cn < n {
                                o_part[k] = f(a_part.at(k));
                                written.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                    }
                });
            }
        }
    });

    // Check against a plain loop.
    let mut bad = 0;
    for j in 0..n {
        for i in 0..m {
            let k = (i + j * m) as usize;
            if out[k] != f(a[k]) {
                bad += 1;
            }
        }
    }
    println!(
        "{m}x{n} matrix, {grid_m}x{grid_n} blocks of 32x16, 32 threads each: {bad} mismatches"
    );
    assert_eq!(bad, 0);
    assert_eq!(written.into_inner(), (m * n) as usize);
}
