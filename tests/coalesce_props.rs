//! The typed `coalesce` and `filter` on runtime-valued layouts of several
//! structures: coalesce preserves the function on the domain and has depth
//! at most 1; filter preserves the function with stride-0 leaves set to
//! size 1 (CuTe's `filter = coalesce(filter_zeros(l))`).

use cute_algebra::prelude::*;
use proptest::prelude::*;

/// `r(i) == l(i)` for every `i < size(l)` and `depth(r) <= 1`.
macro_rules! same_function {
    ($l:expr, $r:expr) => {{
        let (l, r) = ($l, $r);
        prop_assert_eq!(r.size().value(), l.size().value(), "{} -> {}", l, r);
        prop_assert!(r.depth() <= 1, "{} -> {}", l, r);
        for i in 0..l.size().value() {
            prop_assert_eq!(
                r.crd2idx(i).value(),
                l.crd2idx(i).value(),
                "{} -> {} at {}",
                l,
                r,
                i
            );
        }
    }};
}

fn shape() -> impl Strategy<Value = i32> {
    1..=4i32
}
fn stride() -> impl Strategy<Value = i32> {
    prop_oneof![Just(0), 1..=12i32, -6..=-1i32]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn coalesce_preserves_the_function(
        (a, b, c, d) in (shape(), shape(), shape(), shape()),
        (w, x, y, z) in (stride(), stride(), stride(), stride()),
    ) {
        same_function!(layout![(a, b) : (w, x)], coalesce(layout![(a, b) : (w, x)]));
        same_function!(layout![(a, (b, c)) : (w, (x, y))], coalesce(layout![(a, (b, c)) : (w, (x, y))]));
        same_function!(
            layout![((a, b), (c, d)) : ((w, x), (y, z))],
            coalesce(layout![((a, b), (c, d)) : ((w, x), (y, z))])
        );
        // Static and runtime leaves mixed: static ones merge, runtime ones stay.
        same_function!(layout![(2, a, 4) : (1, 2, w)], coalesce(layout![(2, a, 4) : (1, 2, w)]));
        same_function!(layout![(2, 4, a) : (1, 2, 8)], coalesce(layout![(2, 4, a) : (1, 2, 8)]));
    }

    #[test]
    fn filter_preserves_the_function_without_stride_zero_modes(
        (a, b, c) in (shape(), shape(), shape()),
        (x, y) in (1..=12i32, 1..=12i32),
    ) {
        // A static stride-0 mode is dropped by filter; the rest is the same function.
        let l = layout![(a, 4, (b, c)) : (x, 0, (y, 3))];
        let f = filter(l);
        let kept = layout![(a, (b, c)) : (x, (y, 3))];
        same_function!(kept, f);
    }
}
