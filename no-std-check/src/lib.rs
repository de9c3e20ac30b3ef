//! Uses layouts from a `#![no_std]` crate with cute-algebra's default
//! features (alloc) off; `.ci/no-std-check` builds it.
#![no_std]

use cute_algebra::prelude::*;

/// Offset of `(i, j)` in a static row-major layout and a runtime one.
pub fn offsets(i: i32, j: i32, ld: i32) -> (i32, i32) {
    let s = layout![(4, 8) : (8, 1)];
    let r = layout![(4, ld) : (ld, 1)];
    (
        s.crd2idx(coord![i, j]).value(),
        r.crd2idx(coord![i, j]).value(),
    )
}

// A fully static layout is zero-sized, checked at compile time.
const _: () = assert!(core::mem::size_of::<Layout![(2, (2, 2)) : (4, (2, 1))]>() == 0);
