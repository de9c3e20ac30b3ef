//! Random expressions through `eval`, checked for the properties that the
//! cargo-fuzz targets in `fuzz/` check (see `tests/support/hostile.rs`):
//! one output line, results that print and evaluate back to themselves,
//! `composition(A, B)(i) == A(B(i))`, complements disjoint from their
//! layout, injective divides and products of injective layouts, bounded
//! `values`, swizzled inverses, partitions that cover a tensor once, and
//! recasts that keep the bits.
//!
//! 3000 expressions per run, each from up to 96 random bytes.

#[path = "support/hostile.rs"]
mod hostile;

use hostile::{Bytes, check, expr};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn random_expressions_keep_their_properties(bytes in prop::collection::vec(any::<u8>(), 0..96)) {
        let (op, args) = expr(&mut Bytes::new(&bytes));
        if let Err(e) = check(op, &args) {
            prop_assert!(false, "{}", e);
        }
    }
}

/// The generator reaches every kind of check: a few fixed byte strings.
#[test]
fn the_checks_catch_what_they_should_and_pass_the_examples() {
    let ok = |op: &str, args: &[&str]| {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        check(op, &args)
    };
    assert_eq!(ok("composition", &["(6,2):(8,2)", "(4,3):(3,1)"]), Ok(()));
    assert_eq!(ok("complement", &["(2,2):(1,6)", "24"]), Ok(()));
    assert_eq!(ok("logical_product", &["(2,2):(2,7)", "3:1"]), Ok(()));
    assert_eq!(ok("logical_divide", &["(4,2,3):(2,1,8)", "4:2"]), Ok(()));
    assert_eq!(
        ok("blocked_product", &["(2,5):(5,1)", "(3,4):(1,3)"]),
        Ok(())
    );
    // A call that is not an expression at all is fine: it is an error line.
    assert_eq!(ok("nope", &["4:1"]), Ok(()));
}

/// The generated expressions are mostly evaluable: each operation succeeds
/// on at least a tenth of 3000 fixed inputs, so the checks above do run.
#[test]
fn every_operation_is_reached_with_valid_arguments() {
    use cute_algebra::eval::eval;
    use std::collections::BTreeMap;
    let mut seed = 12345u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as u8
    };
    let mut stats: BTreeMap<&str, (u32, u32)> = BTreeMap::new();
    for _ in 0..3000 {
        let bytes: Vec<u8> = (0..64).map(|_| next()).collect();
        let (op, args) = expr(&mut Bytes::new(&bytes));
        let ok = eval(&format!("{op}({})", args.join(", "))).is_ok();
        let e = stats.entry(op).or_default();
        e.0 += 1;
        e.1 += u32::from(ok);
    }
    // The 29 layout calls, and `values`, `local_partition`, `local_tile`,
    // `outer_partition` and `recast` of the swizzle and tensor calls.
    assert_eq!(stats.len(), 34, "{stats:?}");
    for (op, (n, ok)) in stats {
        assert!(ok * 10 >= n, "{op}: {ok} of {n} succeed");
    }
}
