//! Swizzled shared memory partitioned by a runtime thread index, and
//! recast of swizzled tensors, against CuTe C++
//! (`tests/data/cute/swizzled_smem_runtime.cpp` and its `.out`): every
//! thread's partition holds, in order, the elements CuTe's holds, and
//! the threads together write each element of the tile exactly once.

use std::collections::HashMap;

use cute_algebra::prelude::*;
use cute_algebra::swizzle::Swizzle;
use cute_algebra::tensor::{
    local_partition, local_partition_step, make_tensor, make_tensor_mut, try_make_tensor,
};

const OUT: &str = include_str!("data/cute/swizzled_smem_runtime.out");

/// CuTe's offsets per case and thread.
type Parts = HashMap<(String, i32), Vec<i32>>;

/// CuTe's offsets per case and thread (`P` lines), and its recast layouts
/// (`R` lines).
fn cute() -> (Parts, HashMap<String, String>) {
    let (mut parts, mut recasts) = (HashMap::new(), HashMap::new());
    for line in OUT.lines() {
        if let Some(rest) = line.strip_prefix("P ") {
            let mut w = rest.split(' ');
            let case = w.next().unwrap().to_string();
            let tid = w.next().unwrap().parse().unwrap();
            parts.insert((case, tid), w.map(|x| x.parse().unwrap()).collect());
        } else if let Some(rest) = line.strip_prefix("R ") {
            let (what, layout) = rest.rsplit_once(") ").unwrap();
            recasts.insert(format!("{what})"), layout.to_string());
        }
    }
    (parts, recasts)
}

/// Every thread's partition of `tile` (over memory holding each element's
/// offset) equals CuTe's, with the thread index a runtime `i32`; then
/// each thread writes its index through a writable partition, and every
/// element is written once.
macro_rules! check_partitions {
    ($parts:expr, $case:literal, $tile:expr, $threads:expr) => {{
        let (tile, threads) = ($tile, $threads);
        let mem: Vec<i32> = (0..1 << 16).collect();
        let mut owner = vec![-1i32; mem.len()];
        for tid in 0..threads.size().value() {
            let p = local_partition(make_tensor(&mem, tile), threads, tid);
            let got: Vec<i32> = p.values().collect();
            assert_eq!(
                got,
                $parts[&($case.to_string(), tid)],
                "{} thread {tid}",
                $case
            );
            let mut p = local_partition(make_tensor_mut(&mut owner, tile), threads, tid);
            for i in 0..p.size() {
                let e = p.at_mut(i as i32);
                assert_eq!(*e, -1, "{} thread {tid} writes an element twice", $case);
                *e = tid;
            }
        }
        let written = owner.iter().filter(|&&o| o >= 0).count();
        assert_eq!(written as i32, tile.size().value(), "{}", $case);
    }};
}

#[test]
fn runtime_thread_partitions_of_swizzled_smem_equal_cutes() {
    let (parts, _) = cute();
    let k_sw333 = composition(
        Swizzle::<3, 3, 3>,
        tile_to_shape(layout![(8, 64):(64, 1)], shape![32, 64]),
    );
    let k_sw233 = composition(
        Swizzle::<2, 3, 3>,
        tile_to_shape(layout![(8, 32):(32, 1)], shape![32, 64]),
    );
    let m_sw343 = composition(
        Swizzle::<3, 4, 3>,
        tile_to_shape(layout![(128, 8):(1, 128)], shape![128, 16]),
    );
    let c_sw111 = composition(Swizzle::<1, 1, 1>, layout![(16, 16)]);
    check_partitions!(
        parts,
        "k_sw333/thr(16,8):(8,1)",
        k_sw333,
        layout![(16, 8):(8, 1)]
    );
    check_partitions!(parts, "k_sw333/thr(32,4)", k_sw333, layout![(32, 4)]);
    check_partitions!(parts, "k_sw233/thr(8,8)", k_sw233, layout![(8, 8)]);
    check_partitions!(
        parts,
        "m_sw343/thr(32,4):(4,1)",
        m_sw343,
        layout![(32, 4):(4, 1)]
    );
    check_partitions!(parts, "c_sw111/thr(4,8)", c_sw111, layout![(4, 8)]);
}

#[test]
fn projected_runtime_partitions_of_swizzled_smem_equal_cutes() {
    let (parts, _) = cute();
    let k_sw333 = composition(
        Swizzle::<3, 3, 3>,
        tile_to_shape(layout![(8, 64):(64, 1)], shape![32, 64]),
    );
    let cosize = 1 << 16;
    let mem: Vec<i32> = (0..cosize).collect();
    let threads = layout![(16, 8)];
    for tid in 0..128 {
        let p = local_partition_step(make_tensor(&mem, k_sw333), threads, tid, coord![1, _]);
        let got: Vec<i32> = p.values().collect();
        assert_eq!(
            got,
            parts[&("k_sw333/thr(16,8)/Step<_1,X>".to_string(), tid)]
        );
    }
}

#[test]
fn a_runtime_slice_keeps_the_swizzle_with_the_offset_inside() {
    let tile = composition(
        Swizzle::<3, 3, 3>,
        tile_to_shape(layout![(8, 64):(64, 1)], shape![32, 64]),
    );
    let mem: Vec<i32> = (0..1 << 12).collect();
    let tid: i32 = 5;
    let p = local_partition(make_tensor(&mem, tile), layout![(16, 8):(8, 1)], tid);
    assert_eq!(p.layout().to_string(), "Sw<3,3,3> o 5 o (_2,_8):(_1024,_8)");
    // A static thread index takes CuTe's static slice: the swizzle folds.
    let q = local_partition(make_tensor(&mem, tile), layout![(16, 8):(8, 1)], int!(5));
    assert_eq!(
        q.values().collect::<Vec<_>>(),
        p.values().collect::<Vec<_>>()
    );
}

#[test]
fn recast_of_swizzled_tensors_equals_cutes() {
    let (_, recasts) = cute();
    let k_sw333 = composition(
        Swizzle::<3, 3, 3>,
        tile_to_shape(layout![(8, 64):(64, 1)], shape![32, 64]),
    );
    let m_sw343 = composition(
        Swizzle::<3, 4, 3>,
        tile_to_shape(layout![(128, 8):(1, 128)], shape![128, 16]),
    );
    let h = vec![0u16; 1 << 12];
    let w = vec![0u32; 1 << 12];
    let cases = [
        (
            "recast<uint32_t>(k_sw333 over half_t)",
            make_tensor(&h, k_sw333)
                .recast::<u32>()
                .layout()
                .to_string(),
        ),
        (
            "recast<uint128_t>(k_sw333 over half_t)",
            make_tensor(&h, k_sw333)
                .recast::<u128>()
                .layout()
                .to_string(),
        ),
        (
            "recast<uint8_t>(k_sw333 over half_t)",
            make_tensor(&h, k_sw333).recast::<u8>().layout().to_string(),
        ),
        (
            "recast<uint64_t>(m_sw343 over uint32_t)",
            make_tensor(&w, m_sw343)
                .recast::<u64>()
                .layout()
                .to_string(),
        ),
        (
            "recast<uint16_t>(m_sw343 over uint32_t)",
            make_tensor(&w, m_sw343)
                .recast::<u16>()
                .layout()
                .to_string(),
        ),
    ];
    for (what, ours) in cases {
        assert_eq!(ours, recasts[what], "{what}");
    }
}

/// Reading each `u32` of a swizzled `u16` tile must give the two `u16`s of
/// consecutive coordinates, in order: the recast tensor's element at a
/// coordinate holds the source's elements at the coordinates it covers.
#[test]
fn recast_of_a_swizzled_tensor_reads_the_same_elements() {
    let k_sw333 = composition(
        Swizzle::<3, 3, 3>,
        tile_to_shape(layout![(8, 64):(64, 1)], shape![32, 64]),
    );
    let h: Vec<u16> = (0..1 << 11).map(|i| i as u16).collect();
    let t = make_tensor(&h, k_sw333);
    let r = make_tensor(&h, k_sw333).recast::<u32>();
    for m in 0..32 {
        for k in 0..32 {
            let word = r.at(coord![m, k]);
            let lanes = [word as u16, (word >> 16) as u16];
            let (k0, k1) = (2 * k, 2 * k + 1);
            assert_eq!(lanes, [t.at(coord![m, k0]), t.at(coord![m, k1])]);
        }
    }
}

/// CuTe reads `Sw<1,1,1>` over `u16`s as `u64`s by dropping the swizzle
/// (`Sw<0,0,1>`), but the swizzle permutes the four `u16`s inside each
/// `u64`: lanes no longer follow the coordinates. That recast is an error.
#[test]
fn recast_that_splits_the_swizzles_groups_is_an_error() {
    let (_, recasts) = cute();
    let cute_says = &recasts["recast<uint64_t>(c_sw111 over uint16_t)"];
    assert_eq!(cute_says, "Sw<0,0,1> o _0 o (_4,_16):(_1,_4)");
    let tile = composition(Swizzle::<1, 1, 1>, layout![(16, 16)]);
    let h: Vec<u16> = (0..256).collect();
    let t = make_tensor(&h, tile);
    // CuTe's u64 at (1, 0) is u64 number 1, h[4..8]; the elements of
    // coordinates (4..8, 0) are in it, but bit 2 of their offsets flips
    // bit 1: they sit in the order 6, 7, 4, 5.
    let cute_lanes: Vec<u16> = h[4..8].to_vec();
    let coords: Vec<u16> = (4..8).map(|m| t.at(coord![m, 0])).collect();
    assert_eq!(coords, [6, 7, 4, 5]);
    assert_ne!(cute_lanes, coords);
    let err = make_tensor(&h, tile).try_recast::<u64>().unwrap_err();
    assert!(err.to_string().contains("swizzle"), "{err}");
    assert!(try_make_tensor(&h, tile).is_ok());
}
