//! The seed workflow end to end: tile per block, partition per thread.
//!
//! An (M, N) `f32` matrix with runtime M and N is cut into static (32, 16)
//! tiles with `local_tile` (= `zipped_divide` then `(_, (bx, by))`). Each
//! block runs on a real CPU thread (`std::thread::scope`); inside it, 32
//! "threads" laid out (8, 4) each take their part of the tile with
//! `local_partition` and apply an elementwise function. The edge tiles
//! hang over the matrix, so each element is predicated on its coordinate,
//! read from a coordinate tensor partitioned the same way.
//!
//! The coordinate tensor here is a counting tensor over `(M, N):(1, 2^16)`,
//! whose value `m + n * 2^16` encodes the coordinate: CuTe's
//! `make_identity_tensor` (basis strides) does this job directly once that
//! issue lands.
//!
//! Run with `cargo run --example tiled_elementwise -- [M N]`.

use cute_algebra::prelude::*;
use cute_algebra::tensor::{
    local_partition, local_tile, make_counting_tensor, make_tensor, make_tensor_raw,
};

const ROW: i32 = 1 << 16;

fn f(x: f32) -> f32 {
    2.0 * x + 1.0
}

fn main() {
    let args: Vec<i32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (m, n) = match args[..] {
        [m, n] if m > 0 && n > 0 && m < ROW => (m, n),
        _ => (100, 37), // neither is a multiple of the tile
    };
    let a: Vec<f32> = (0..m * n).map(|i| (i % 97) as f32 * 0.5).collect();
    let mut out = vec![0.0f32; a.len()];

    let layout = make_layout(shape![m, n]); // column-major (m, n):(_1, m)
    let input = make_tensor(&a, layout);
    // SAFETY: the layout's reach is exactly `out`, which outlives the
    // scope; each block writes only its own tile's in-bounds elements.
    let output = unsafe { make_tensor_raw(out.as_mut_ptr(), layout) };
    let coords = make_counting_tensor(layout![(m, n) : (1, ROW)]);

    let tile = shape![32, 16];
    let thr = layout![(8, 4) : (1, 8)]; // 32 threads, column-major
    let (grid_m, grid_n) = ((m + 31) / 32, (n + 15) / 16);
    println!("matrix   {}", input.layout());
    println!(
        "tiles    {}",
        cute_algebra::tensor::zipped_divide(input, tile).layout()
    );
    std::thread::scope(|s| {
        for bx in 0..grid_m {
            for by in 0..grid_n {
                // SAFETY: blocks write disjoint tiles.
                let output = unsafe { output.alias() };
                s.spawn(move || {
                    let a_tile = local_tile(input, tile, coord![bx, by]);
                    let o_tile = local_tile(output, tile, coord![bx, by]);
                    let c_tile = local_tile(coords, tile, coord![bx, by]);
                    if (bx, by) == (0, 0) {
                        println!("block    {a_tile}");
                    }
                    for t in 0..32 {
                        // SAFETY: the threads of a block write disjoint parts.
                        let mut o_part = local_partition(unsafe { o_tile.alias() }, thr, t);
                        let a_part = local_partition(a_tile, thr, t);
                        let c_part = local_partition(c_tile, thr, t);
                        if (bx, by, t) == (0, 0, 0) {
                            println!("thread   {}", a_part.layout());
                        }
                        for k in 0..a_part.size() as i32 {
                            let c = c_part.at(k);
                            let (cm, cn) = ((c % ROW as i64) as i32, (c / ROW as i64) as i32);
                            if cm < m && cn < n {
                                o_part[k] = f(a_part.at(k));
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
}
