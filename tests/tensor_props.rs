//! Properties of tensors, checked by brute force on random runtime extents:
//! - `local_tile` then `local_partition` covers every element exactly once;
//! - `copy` through a partition of a tile (and through a register fragment)
//!   is the identity;
//! - the typed path and the runtime path (`dynamic::eval`) agree.

use cute_algebra::eval::eval;
use cute_algebra::prelude::*;
use cute_algebra::tensor::{
    copy, local_partition, local_tile, make_counting_tensor, make_fragment_like, make_tensor,
    make_tensor_mut,
};
use proptest::prelude::*;

#[path = "support/cute_print.rs"]
mod cute_print;
use cute_print::strip_static;

/// Tile `(8, 4)`, thread layouts of 8 threads: visits every block and
/// thread of an `(8·bm, 4·bn)` tensor and counts how often each offset
/// is reached.
macro_rules! coverage {
    ($t:expr, $bm:expr, $bn:expr, $thr:expr, $nthr:expr) => {{
        let t = $t;
        let mut seen = vec![0u32; (8 * $bm * 4 * $bn) as usize];
        for bx in 0..$bm {
            for by in 0..$bn {
                let tile = local_tile(t, shape![8, 4], coord![bx, by]);
                for i in 0..$nthr {
                    let part = local_partition(tile, $thr, i);
                    for v in part.values() {
                        seen[v as usize] += 1;
                    }
                }
            }
        }
        seen
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn tile_then_partition_covers_each_element_once(bm in 1i32..6, bn in 1i32..6, row_major: bool) {
        let (m, n) = (8 * bm, 4 * bn);
        let (d0, d1) = if row_major { (n, 1) } else { (1, m) };
        let t = make_counting_tensor(layout![(m, n) : (d0, d1)]);
        for seen in [
            coverage!(t, bm, bn, layout![(4, 2) : (1, 4)], 8),
            coverage!(t, bm, bn, layout![(2, 4) : (4, 1)], 8),
            coverage!(t, bm, bn, layout![(8, 1) : (1, 0)], 8),
        ] {
            prop_assert!(seen.iter().all(|&c| c == 1), "{seen:?}");
        }
    }

    #[test]
    fn copy_through_a_partition_is_identity(bm in 1i32..5, bn in 1i32..5, row_major: bool) {
        let (m, n) = (8 * bm, 4 * bn);
        let src: Vec<u32> = (0..(m * n) as u32).map(|x| x * 7 + 1).collect();
        let mut dst = vec![0u32; src.len()];
        let mut via_frag = vec![0u32; src.len()];
        let (d0, d1) = if row_major { (n, 1) } else { (1, m) };
        let a = make_tensor(&src, layout![(m, n) : (d0, d1)]);
        let mut b = make_tensor_mut(&mut dst, layout![(m, n) : (d0, d1)]);
        let mut c = make_tensor_mut(&mut via_frag, layout![(m, n) : (d0, d1)]);
        let thr = layout![(4, 2) : (2, 1)];
        for bx in 0..bm {
            for by in 0..bn {
                let ta = local_tile(a, shape![8, 4], coord![bx, by]);
                for t in 0..8 {
                    let pa = local_partition(ta, thr, t);
                    let tb = local_tile(b.reborrow(), shape![8, 4], coord![bx, by]);
                    copy(&pa, &mut local_partition(tb, thr, t));
                    // Through a register fragment: in, then out.
                    let mut frag = make_fragment_like(&pa);
                    prop_assert_eq!(frag.size(), 4);
                    copy(&pa, &mut frag);
                    let tc = local_tile(c.reborrow(), shape![8, 4], coord![bx, by]);
                    copy(&frag, &mut local_partition(tc, thr, t));
                }
            }
        }
        prop_assert_eq!(&dst, &src);
        prop_assert_eq!(&via_frag, &src);
    }

    #[test]
    fn typed_and_runtime_paths_agree(
        m in 1i32..5, n in 1i32..5, row_major: bool, bx in 0i32..4, by in 0i32..4, thr in 0i32..8,
    ) {
        let (m, n) = (8 * m, 4 * n);
        let (bx, by) = (bx % (m / 8), by % (n / 4));
        let (d0, d1) = if row_major { (n, 1) } else { (1, m) };
        let t = make_counting_tensor(layout![(m, n) : (d0, d1)]);
        let tile = local_tile(t, shape![8, 4], coord![bx, by]);
        let part = local_partition(tile, layout![(4, 2) : (1, 4)], thr);
        let base = format!("tensor(({m},{n}):({d0},{d1}))");
        let e_tile = format!("local_tile({base}, (8,4), ({bx},{by}))");
        let e_part = format!("local_partition({e_tile}, (4,2):(1,4), {thr})");
        prop_assert_eq!(strip_static(&tile.to_string()), eval(&e_tile).unwrap().to_string());
        prop_assert_eq!(strip_static(&part.to_string()), eval(&e_part).unwrap().to_string());
        let vals = part.values().map(|v| v.to_string()).collect::<Vec<_>>().join(" ");
        prop_assert_eq!(vals, eval(&format!("values({e_part})")).unwrap().to_string());
        let z = cute_algebra::tensor::zipped_divide(t, shape![8, 4]).slice(coord![_, (bx, by)]);
        prop_assert_eq!(
            strip_static(&z.to_string()),
            eval(&format!("slice(zipped_divide({base}, (8,4)), (_,({bx},{by})))")).unwrap().to_string()
        );
    }
}

#[test]
fn reach_is_checked_at_construction_and_indexing_is_bounds_checked() {
    let data = [0u8; 12];
    assert!(cute_algebra::tensor::try_make_tensor(&data, layout![(3, 4) : (4, 1)]).is_ok());
    assert!(cute_algebra::tensor::try_make_tensor(&data, layout![(3, 4) : (5, 1)]).is_err());
    let t = make_tensor(&data, layout![(3, 4) : (1, 3)]);
    // The last mode of an integer coordinate is not reduced (CuTe): 12 is out.
    assert!(t.try_at(11).is_ok());
    assert!(t.try_at(12).is_err());
    // A slice moved past the end is caught at access.
    let s = t.slice(coord![_, 3]);
    assert!(s.try_at(2).is_ok());
    assert!(s.try_at(3).is_err());
}

#[test]
fn static_tiles_of_static_tensors_are_zero_sized_layouts() {
    let t = make_counting_tensor(layout![(16, 16) : (1, 16)]);
    let tile = local_tile(t, shape![4, 4], coord![1, 2]);
    assert_eq!(core::mem::size_of_val(&tile.layout()), 0);
    assert_eq!(tile.to_string(), "counting_iter(132) o (_4,_4):(_1,_16)");
}

/// `compose` and the divides re-index the same engine: checked against the
/// definitions by brute force, and against the runtime path.
#[test]
fn compose_and_divides_reindex_the_engine() {
    use cute_algebra::tensor::{flat_divide, logical_divide, tiled_divide};
    let n: i32 = 16;
    let t = make_counting_tensor(layout![(8, n) : (n, 1)]);
    let b = layout![(4, 4) : (1, 8)];
    let c = t.compose(b);
    for i in 0..16i32 {
        assert_eq!(c.at(i), t.at(b.crd2idx(i).value()));
    }
    assert_eq!(
        strip_static(&c.to_string()),
        eval("composition(tensor((8,16):(16,1)), (4,4):(1,8))")
            .unwrap()
            .to_string()
    );
    let sorted = |mut v: Vec<i64>| {
        v.sort();
        v
    };
    let all = sorted(t.values().collect());
    let parts = [
        (
            logical_divide(t, shape![4, 8]).to_string(),
            sorted(logical_divide(t, shape![4, 8]).values().collect()),
            "logical_divide",
        ),
        (
            tiled_divide(t, shape![4, 8]).to_string(),
            sorted(tiled_divide(t, shape![4, 8]).values().collect()),
            "tiled_divide",
        ),
        (
            flat_divide(t, shape![4, 8]).to_string(),
            sorted(flat_divide(t, shape![4, 8]).values().collect()),
            "flat_divide",
        ),
    ];
    for (printed, values, op) in parts {
        // A divide whose tile divides the shape is a bijective re-indexing.
        assert_eq!(values, all, "{op}");
        let e = eval(&format!("{op}(tensor((8,16):(16,1)), (4,8))")).unwrap();
        assert_eq!(strip_static(&printed), e.to_string(), "{op}");
    }
}

#[test]
fn fragments_index_fill_and_clear() {
    use cute_algebra::tensor::{clear, fill};
    let data: Vec<i32> = (0..32).collect();
    let t = make_tensor(&data, layout![(4, 8) : (8, 1)]);
    let mut frag = make_fragment_like(&t.slice(coord![_, 2]));
    assert_eq!(frag.to_string(), "array[4] o (_4):(_1)");
    copy(&t.slice(coord![_, 2]), &mut frag);
    assert_eq!(frag.values().collect::<Vec<_>>(), [2, 10, 18, 26]);
    frag[3] += 100;
    assert_eq!(frag.at(3), 126);
    fill(&mut frag, 5);
    assert!(frag.values().all(|v| v == 5));
    clear(&mut frag.view_mut().compose(layout![2 : 2])); // elements 0 and 2
    assert_eq!(frag.values().collect::<Vec<_>>(), [0, 5, 0, 5]);
    assert!(frag.try_at(4).is_err());
}
