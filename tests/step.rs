//! CuTe's `Step` projections of a CTA tiler and of a thread layout, against
//! CuTe C++'s own results (`tests/data/cute/kernel_author_cases.cpp` and
//! its `.out`: mA, mB are (256, 64) and mC (256, 256), column-major with
//! runtime extents; sA is (_128,_8) and tC (_16,_16)).

use cute_algebra::prelude::*;
use cute_algebra::tensor::{local_partition_step, local_tile_step, make_counting_tensor};

#[test]
fn local_tile_projects_the_cta_tiler_onto_each_operand() {
    let (m, n, k): (i32, i32, i32) = (256, 256, 64);
    let tiler = shape![128, 128, 8];
    let m_a = make_counting_tensor(make_layout(shape![m, k]));
    let (zero, one): (i32, i32) = (0, 1);
    let a = |bm: i32| local_tile_step(m_a, tiler, coord![bm, _, _], coord![1, _, 1]).to_string();
    assert_eq!(a(zero), "counting_iter(0) o (_128,_8,8):(_1,256,2048)");
    assert_eq!(a(one), "counting_iter(128) o (_128,_8,8):(_1,256,2048)");
    let m_b = make_counting_tensor(make_layout(shape![m, k]));
    assert_eq!(
        local_tile_step(m_b, tiler, coord![zero, _, _], coord![_, 1, 1]).to_string(),
        "counting_iter(0) o (_128,_8,2,8):(_1,256,_128,2048)"
    );
    assert_eq!(
        local_tile_step(m_b, tiler, coord![zero, one, _], coord![_, 1, 1]).to_string(),
        "counting_iter(128) o (_128,_8,8):(_1,256,2048)"
    );
    let m_c = make_counting_tensor(make_layout(shape![m, n]));
    assert_eq!(
        local_tile_step(m_c, tiler, coord![zero, _, _], coord![1, 1, _]).to_string(),
        "counting_iter(0) o (_128,_128,2):(_1,256,32768)"
    );
    assert_eq!(
        local_tile_step(m_c, tiler, coord![one, one, _], coord![1, 1, _]).to_string(),
        "counting_iter(32896) o (_128,_128):(_1,256)"
    );
}

#[test]
fn local_partition_dices_the_thread_layout() {
    let s_a = make_counting_tensor(layout![(128, 8)]);
    let t_c = layout![(16, 16)];
    for (tid, keep0, keep1) in [(3, 3, 0), (17, 1, 1)] {
        let tid: i32 = tid;
        let p = local_partition_step(s_a, t_c, tid, coord![1, _]);
        assert_eq!(
            p.to_string(),
            format!("counting_iter({keep0}) o (_8,_8):(_16,_128)")
        );
        let q = local_partition_step(s_a, t_c, tid, coord![_, 1]);
        assert_eq!(
            q.to_string(),
            format!("counting_iter({keep1}) o (_8,_8):(_16,_128)")
        );
    }
}
