//! TMA's host side against CuTe C++ (`tests/data/cute/tma_host_cases.cpp`,
//! which runs CuTe's own `make_tma_copy` with the driver's encode call
//! replaced by one that prints its arguments): the box map, the
//! descriptor's arguments and the coordinate tensor, case by case.

use cute_algebra::atom::dynamic::{TmaGmem, TmaSmem, make_tma_copy};
use cute_algebra::dynamic::DynLayout;

#[path = "support/tma_cases.rs"]
mod tma_cases;

#[test]
fn make_tma_copy_equals_cutes_host_side() {
    let all = tma_cases::cases();
    assert_eq!(all.len(), 16);
    for c in &all {
        let tma = c.make_tma_copy();
        assert_eq!(tma.encode_string(), c.get("encode"), "{}", c.name);
        assert_eq!(tma.gbasis_string(), c.get("tma_gbasis"), "{}", c.name);
        assert_eq!(tma.tma_tensor_string(), c.get("tma_tensor"), "{}", c.name);
    }
}

#[test]
fn make_tma_copy_names_what_cute_asserts() {
    let err = |g: &str, s: &str, mc: u32| {
        let g = TmaGmem::parse(g, "half_t").unwrap();
        let s: DynLayout = s.parse().unwrap();
        make_tma_copy(&g, TmaSmem::Plain(&s), mc)
            .unwrap_err()
            .to_string()
    };
    // An M-major tile of a K-major tensor: the box's first mode steps M.
    assert!(err("(512,256):(256,_1)", "(64,32):(1,64)", 1).contains("majorness"));
    // A K stride of 4 halfs is 8 bytes, not a multiple of 16.
    assert!(err("(512,4):(4,_1)", "(64,4):(4,1)", 1).contains("multiple of 16"));
    // Three CTAs cannot share a box of 128 rows.
    assert!(err("(512,256):(256,_1)", "(128,64):(64,1)", 3).contains("multicast"));
    assert!(TmaGmem::parse("((2,256),256):((256,512),_1)", "half_t").is_err());
    assert!(TmaGmem::parse("(512,256):(256,_1)", "halff").is_err());
}
