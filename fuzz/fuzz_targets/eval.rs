//! Calls built from the fuzz bytes (small layouts, now and then a huge
//! extent or stride, nested calls, tilers), checked for the algebra's
//! properties: `composition(A, B)(i) == A(B(i))`, complements disjoint from
//! their layout, injective divides and products of injective layouts, and
//! results that print and read back. See `tests/support/hostile.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/support/hostile.rs"]
mod hostile;

fuzz_target!(|data: &[u8]| {
    let (op, args) = hostile::expr(&mut hostile::Bytes::new(data));
    if let Err(e) = hostile::check(op, &args) {
        panic!("{e}");
    }
});
