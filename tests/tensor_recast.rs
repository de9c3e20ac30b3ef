//! `recast::<U>()` of tensors over slices. Every expected layout and value
//! list is the output of CuTe C++ for the same tensors:
//! tests/data/cute/recast_tensor.cpp (quoted beside each check; values read
//! on a little-endian host, as here).
use cute_algebra::prelude::*;
use cute_algebra::tensor::{local_tile, make_tensor, make_tensor_mut};

#[repr(C, align(16))]
struct Bytes([u8; 256]);
#[repr(C, align(16))]
struct Words([u32; 64]);

fn bytes() -> Bytes {
    Bytes(core::array::from_fn(|i| i as u8))
}
fn words() -> Words {
    Words(core::array::from_fn(|i| i as u32 * 1000))
}

fn values<T: ToString, I: Iterator<Item = T>>(it: I) -> String {
    it.map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
}

#[test]
fn upcast_bytes() {
    let b = bytes();
    // u8 (4,8):(8,1) -> u32: (_4,_2):(_2,_1) | 50462976 185207048 319951120 454695192 117835012 252579084 387323156 522067228
    let t = make_tensor(&b.0, layout![(4, 8) : (8, 1)]).recast::<u32>();
    assert_eq!(t.layout().to_string(), "(_4,_2):(_2,_1)");
    assert_eq!(
        values(t.values()),
        "50462976 185207048 319951120 454695192 117835012 252579084 387323156 522067228"
    );
    // u8 (8,4):(1,8) -> u16: (_4,_4):(_1,_4) | 256 770 1284 1798 2312 2826 3340 3854 4368 4882 5396 5910 6424 6938 7452 7966
    let t = make_tensor(&b.0, layout![(8, 4) : (1, 8)]).recast::<u16>();
    assert_eq!(t.layout().to_string(), "(_4,_4):(_1,_4)");
    assert_eq!(
        values(t.values()),
        "256 770 1284 1798 2312 2826 3340 3854 4368 4882 5396 5910 6424 6938 7452 7966"
    );
    // u8 (4,4):(1,16) -> u32: (_1,_4):(_1,4) | 50462976 319951120 589439264 858927408
    let ld: i32 = 16;
    let t = make_tensor(&b.0, layout![(4, 4) : (1, ld)]).recast::<u32>();
    assert_eq!(t.layout().to_string(), "(_1,_4):(_1,4)");
    assert_eq!(values(t.values()), "50462976 319951120 589439264 858927408");
}

#[test]
fn downcast_words() {
    let w = words();
    let c = make_tensor(&w.0, layout![(2, 3) : (1, 2)]);
    // u32 (2,3):(1,2) -> u16: (_4,_3):(_1,_4) | 0 0 1000 0 2000 0 3000 0 4000 0 5000 0
    let h = c.recast::<u16>();
    assert_eq!(h.layout().to_string(), "(_4,_3):(_1,_4)");
    assert_eq!(values(h.values()), "0 0 1000 0 2000 0 3000 0 4000 0 5000 0");
    // u32 (2,3):(1,2) -> u8: (_8,_3):(_1,_8) | 0 0 0 0 232 3 0 0 208 7 0 0 184 11 0 0 160 15 0 0 136 19 0 0
    let b = c.recast::<u8>();
    assert_eq!(b.layout().to_string(), "(_8,_3):(_1,_8)");
    assert_eq!(
        values(b.values()),
        "0 0 0 0 232 3 0 0 208 7 0 0 184 11 0 0 160 15 0 0 136 19 0 0"
    );
    let d = make_tensor(&w.0, layout![(2, 4) : (4, 1)]);
    // u32 (2,4):(4,1) -> u16: (_2,_8):(_8,_1) | 0 4000 0 0 1000 5000 0 0 2000 6000 0 0 3000 7000 0 0
    let h = d.recast::<u16>();
    assert_eq!(h.layout().to_string(), "(_2,_8):(_8,_1)");
    assert_eq!(
        values(h.values()),
        "0 4000 0 0 1000 5000 0 0 2000 6000 0 0 3000 7000 0 0"
    );
    // u32 (2,4):(4,1) -> i32: (_2,_4):(_4,_1) | 0 4000 1000 5000 2000 6000 3000 7000
    let s = d.recast::<i32>();
    assert_eq!(s.layout().to_string(), "(_2,_4):(_4,_1)");
    assert_eq!(values(s.values()), "0 4000 1000 5000 2000 6000 3000 7000");
}

#[test]
fn a_tile_keeps_its_start() {
    let b = bytes();
    // u8 @64 (8,2):(1,8) -> u64: (_1,_2):(_1,_1) | 5135868584551137600 5714589967255750984
    let tile = local_tile(
        make_tensor(&b.0, layout![(8, 32) : (1, 8)]),
        shape![8, 2],
        coord![0, 4],
    );
    assert_eq!(tile.to_string(), "view[64] o (_8,_2):(_1,_8)");
    let t = tile.recast::<u64>();
    assert_eq!(t.to_string(), "view[8] o (_1,_2):(_1,_1)");
    assert_eq!(
        values(t.values()),
        "5135868584551137600 5714589967255750984"
    );
}

#[test]
fn writes_go_through() {
    let mut w = words();
    let t = make_tensor_mut(&mut w.0, layout![(2, 4) : (4, 1)]);
    let mut h = t.recast::<u16>();
    h[coord![1, 3]] = 7; // the high half of word (1, 1), element 5
    assert_eq!(w.0[5], 5000 + (7 << 16));
}

#[test]
fn refusals() {
    let b = bytes();
    // The start is one byte into a u32.
    let odd = local_tile(
        make_tensor(&b.0, layout![(4, 8) : (1, 4)]),
        shape![1, 8],
        coord![1, 0],
    );
    assert_eq!(
        odd.try_recast::<u32>().unwrap_err().to_string(),
        "recast: the view's start is not a whole number of new elements"
    );
    // A runtime stride that is not a whole number of u32s.
    let ld: i32 = 6;
    let t = make_tensor(&b.0, layout![(4, 4) : (1, ld)]);
    assert!(t.try_recast::<u32>().is_err());
    // A slice not aligned for u32.
    let t = make_tensor(&b.0[1..], layout![(4, 4) : (1, 4)]);
    assert_eq!(
        t.try_recast::<u32>().unwrap_err().to_string(),
        "recast: the slice is not aligned for the new element type"
    );
}

/// The runtime path: `recast(T, old_bits, new_bits)` on counting tensors
/// gives the layouts of the typed checks above (CuTe's, `_` dropped), and
/// the start in new elements.
#[test]
fn runtime_recast_in_eval() {
    use cute_algebra::eval::eval_line;
    // u8 (4,8):(8,1) -> u32: (_4,_2):(_2,_1)
    assert_eq!(
        eval_line("recast(tensor((4,8):(8,1)), 8, 32)"),
        "counting_iter(0) o (4,2):(2,1)"
    );
    // u8 (8,4):(1,8) -> u16: (_4,_4):(_1,_4)
    assert_eq!(
        eval_line("recast(tensor((8,4):(1,8)), 8, 16)"),
        "counting_iter(0) o (4,4):(1,4)"
    );
    // u32 (2,3):(1,2) -> u16: (_4,_3):(_1,_4); -> u8: (_8,_3):(_1,_8)
    assert_eq!(
        eval_line("recast(tensor((2,3):(1,2)), 32, 16)"),
        "counting_iter(0) o (4,3):(1,4)"
    );
    assert_eq!(
        eval_line("recast(tensor((2,3):(1,2)), 32, 8)"),
        "counting_iter(0) o (8,3):(1,8)"
    );
    // u32 (2,4):(4,1) -> u16: (_2,_8):(_8,_1); -> i32: (_2,_4):(_4,_1)
    assert_eq!(
        eval_line("recast(tensor((2,4):(4,1)), 32, 16)"),
        "counting_iter(0) o (2,8):(8,1)"
    );
    assert_eq!(
        eval_line("recast(tensor((2,4):(4,1)), 32, 32)"),
        "counting_iter(0) o (2,4):(4,1)"
    );
    // u8 (4,4):(1,16) -> u32: (_1,_4):(_1,4)
    assert_eq!(
        eval_line("recast(tensor((4,4):(1,16)), 8, 32)"),
        "counting_iter(0) o (1,4):(1,4)"
    );
    // u8 @64 (8,2):(1,8) -> u64: view[8] o (_1,_2):(_1,_1)
    assert_eq!(
        eval_line("recast(local_tile(tensor((8,32):(1,8)), (8,2), (0,4)), 8, 64)"),
        "counting_iter(8) o (1,2):(1,1)"
    );
    // Refusals, as on the typed path.
    assert_eq!(
        eval_line("recast(local_tile(tensor((4,8):(1,4)), (1,8), (1,0)), 8, 32)"),
        "error: recast: the tensor's start is not a whole number of new elements"
    );
    assert!(eval_line("recast(tensor((4,4):(1,6)), 8, 32)").starts_with("error: upcast"));
    assert!(
        eval_line("recast(tensor(16:-1), 8, 32)").starts_with("error: recast: a negative stride")
    );
}

/// CuTe's `recast_layout` rounds, and its result then covers bytes the
/// source does not (or covers some twice). CuTe C++ returns these layouts
/// (`tests/data/cute/recast_cases.cpp` and its `.out`: static layouts);
/// here each is an error that names CuTe's layout and the broken count.
#[test]
fn recasts_that_do_not_keep_the_bytes_are_refused() {
    let why = "refused, since it would reach bits the source does not cover, or cover some twice (CuTe rounds the recast layout)";
    let h = [1u16, 2, 3];
    let e = make_tensor(&h, layout![3 : 1])
        .try_recast::<u32>()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("recast: CuTe returns _2:_1, which holds 64 bits where the source holds 48: {why}")
    );
    let b = [1u8, 2];
    let e = make_tensor(&b, layout![2 : 1])
        .try_recast::<u64>()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("recast: CuTe returns _1:_1, which holds 64 bits where the source holds 16: {why}")
    );
    let b = [0u8; 8];
    let e = make_tensor(&b, layout![4 : 2])
        .try_recast::<u16>()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("recast: CuTe returns _4:_1, which holds 64 bits where the source holds 32: {why}")
    );
    let w = [0u64; 4];
    let e = make_tensor(&w, layout![(4, 1) : (1, 1)])
        .try_recast::<u8>()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "recast: CuTe returns (_32,_8):(_1,_1), which holds 2048 bits where the source holds 256: {why}"
        )
    );
    let w = [0u32; 4];
    let e = make_tensor(&w, layout![(1, 4) : (1, 1)])
        .try_recast::<u8>()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "recast: CuTe returns (_4,_16):(_1,_1), which holds 512 bits where the source holds 128: {why}"
        )
    );
    // The runtime path and the CLI refuse the same five.
    for (e, cute) in [
        ("recast(tensor(3:1), 16, 32)", "2:1"),
        ("recast(tensor(2:1), 8, 64)", "1:1"),
        ("recast(tensor(4:2), 8, 16)", "4:1"),
        ("recast(tensor((4,1):(1,1)), 64, 8)", "(32,8):(1,1)"),
        ("recast(tensor((1,4):(1,1)), 32, 8)", "(4,16):(1,1)"),
    ] {
        let r = cute_algebra::eval::eval_line(e);
        assert!(
            r.starts_with(&format!("error: recast: CuTe returns {cute}, which holds ")),
            "{e}: {r}"
        );
    }
}
