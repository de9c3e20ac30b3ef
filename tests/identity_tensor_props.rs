//! Properties of identity tensors, checked by brute force on random runtime
//! extents, block and thread indices:
//! - an identity tensor's value at each index and at each coordinate is the
//!   coordinate (colexicographic `idx2crd` of the index);
//! - `local_tile` then `local_partition` of an identity tensor gives, at
//!   each element, the coordinate `idx2crd` gives for the counting tensor's
//!   offset at the same element (the counting tensor over the compact
//!   column-major layout of the same shape, tiled and partitioned alike);
//! - the typed path and the runtime path (`dynamic::eval`) agree.

use cute_algebra::eval::eval;
use cute_algebra::prelude::*;
use cute_algebra::tensor::{
    local_partition, local_tile, make_counting_tensor, make_identity_tensor, outer_partition,
};
use proptest::prelude::*;

#[path = "support/cute_print.rs"]
mod cute_print;
use cute_print::strip_static;

/// Tiles each `(m, n)` tensor with `$tile`, partitions each tile among the
/// threads of `$thr`, and checks every element of the identity partition
/// against `idx2crd` of the counting partition's offset, `(v % m, v / m)`.
macro_rules! tile_partition_matches_idx2crd {
    ($m:expr, $n:expr, $tile:expr, ($tm:expr, $tn:expr), $thr:expr, $nthr:expr) => {{
        let (m, n): (i32, i32) = ($m, $n);
        let id = make_identity_tensor(shape![m, n]);
        let ct = make_counting_tensor(make_layout(shape![m, n]));
        let mut seen = vec![0u32; (m * n) as usize];
        for bx in 0..m / $tm {
            for by in 0..n / $tn {
                let id_tile = local_tile(id, $tile, coord![bx, by]);
                let ct_tile = local_tile(ct, $tile, coord![bx, by]);
                for t in 0..($nthr as i32) {
                    let ip = local_partition(id_tile, $thr, t);
                    let cp = local_partition(ct_tile, $thr, t);
                    prop_assert_eq!(ip.size(), cp.size());
                    for (c, v) in ip.values().zip(cp.values()) {
                        let (cm, cn) = c.0.into_tuple2();
                        prop_assert_eq!((cm as i64, cn as i64), (v % m as i64, v / m as i64));
                        seen[v as usize] += 1;
                    }
                }
            }
        }
        prop_assert!(seen.iter().all(|&k| k == 1));
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn values_are_coordinates(m in 1i32..20, n in 1i32..20, k in 1i32..4) {
        let id = make_identity_tensor(shape![m, n]);
        for (i, c) in id.values().enumerate() {
            let i = i as i32;
            prop_assert_eq!(c.0.into_tuple2(), (i % m, i / m));
        }
        for j in 0..n {
            for i in 0..m {
                prop_assert_eq!(id.at(coord![i, j]).0.into_tuple2(), (i, j));
            }
        }
        let id3 = make_identity_tensor(shape![m, n, k]);
        for (i, c) in id3.values().enumerate() {
            let i = i as i32;
            let (a, (b, d)) = (c.0.head, c.0.tail.into_tuple2());
            prop_assert_eq!((a, b, d), (i % m, (i / m) % n, i / (m * n)));
        }
    }

    #[test]
    fn tile_then_partition_gives_idx2crd_of_the_offsets(bm in 1i32..5, bn in 1i32..5) {
        tile_partition_matches_idx2crd!(8 * bm, 4 * bn, shape![8, 4], (8, 4), layout![(4, 2) : (1, 4)], 8);
        tile_partition_matches_idx2crd!(8 * bm, 4 * bn, shape![8, 4], (8, 4), layout![(2, 4) : (4, 1)], 8);
        tile_partition_matches_idx2crd!(4 * bm, 8 * bn, shape![4, 8], (4, 8), layout![(4, 8) : (8, 1)], 32);
        tile_partition_matches_idx2crd!(2 * bm, 16 * bn, shape![2, 16], (2, 16), layout![(1, 4) : (0, 1)], 4);
    }

    #[test]
    fn typed_and_runtime_paths_agree(
        bm in 1i32..5, bn in 1i32..5, bx in 0i32..4, by in 0i32..4, thr in 0i32..8,
        c0 in 0i32..4, c1 in 0i32..2,
    ) {
        let (m, n) = (8 * bm, 4 * bn);
        let (bx, by) = (bx % bm, by % bn);
        let id = make_identity_tensor(shape![m, n]);
        let tile = local_tile(id, shape![8, 4], coord![bx, by]);
        let part = local_partition(tile, layout![(4, 2) : (1, 4)], thr);
        let outer = outer_partition(id, shape![4, 2], coord![c0, c1]);
        let base = format!("identity_tensor(({m},{n}))");
        let e_tile = format!("local_tile({base}, (8,4), ({bx},{by}))");
        let e_part = format!("local_partition({e_tile}, (4,2):(1,4), {thr})");
        let e_outer = format!("outer_partition({base}, (4,2), ({c0},{c1}))");
        for (typed, expr, vals) in [
            (tile.to_string(), e_tile, tile.values().map(|v| v.to_string()).collect::<Vec<_>>()),
            (part.to_string(), e_part, part.values().map(|v| v.to_string()).collect()),
            (outer.to_string(), e_outer, outer.values().map(|v| v.to_string()).collect()),
        ] {
            prop_assert_eq!(strip_static(&typed), eval(&expr).unwrap().to_string());
            prop_assert_eq!(
                strip_static(&vals.join(" ")),
                eval(&format!("values({expr})")).unwrap().to_string()
            );
        }
    }
}
