//! Property tests of the foundation: compact layouts are bijections,
//! `idx2crd` inverts `crd2idx` on them, and static and runtime-valued
//! twins of a layout agree at every coordinate.

use cute_algebra::prelude::*;
use proptest::prelude::*;

/// Checks `l` maps `[0, size)` one-to-one onto `[0, size)` and that
/// `idx2crd` inverts it.
macro_rules! assert_compact {
    ($l:expr) => {{
        let l = $l;
        let n = l.size().value();
        let mut seen = vec![false; n as usize];
        for i in 0..n {
            let o = l.crd2idx(i).value();
            prop_assert!((0..n).contains(&o), "{} maps {} to {}", l, i, o);
            prop_assert!(!seen[o as usize], "{} is not injective at {}", l, o);
            seen[o as usize] = true;
            prop_assert_eq!(
                l.crd2idx(l.idx2crd(o)).value(),
                o,
                "idx2crd does not invert {}",
                l
            );
        }
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn compact_layouts_are_bijections(a in 1..6i32, b in 1..6i32, c in 1..6i32, d in 1..5i32) {
        assert_compact!(make_layout(shape![a, b]));
        assert_compact!(make_layout_right(shape![a, (b, c)]));
        assert_compact!(make_layout(shape![(a, b), c, d]));
        assert_compact!(make_layout_right(shape![a, b, c, d]));
        assert_compact!(make_ordered_layout(shape![a, b, c], shape![2, 0, 1]));
        assert_compact!(make_ordered_layout(shape![a, (b, c), d], shape![1, 2, 0]));
        assert_compact!(make_layout(shape![a, 1, (b, 2)]));
    }

    #[test]
    fn crd2idx_agrees_with_the_hand_formula(i in 0..4i32, j in 0..3i32, k in 0..5i32, s in -7..7i32) {
        let l = layout![(4, (3, 5)) : (s, (1, 40))];
        prop_assert_eq!(l.crd2idx(coord![i, (j, k)]).value(), i * s + j + k * 40);
        prop_assert_eq!(l.crd2idx(coord![i, { j + 3 * k }]).value(), i * s + j + k * 40);
        prop_assert_eq!(l.crd2idx(i + 4 * (j + 3 * k)).value(), i * s + j + k * 40);
    }
}

/// A static layout and its runtime-valued twin give the same offset at every
/// integer coordinate, and print the same once `_` is dropped.
macro_rules! agree {
    ($($l:expr),* $(,)?) => {$({
        let l = $l;
        let r = l.to_runtime();
        assert_eq!(l.to_string().replace('_', ""), r.to_string());
        for i in 0..l.size().value() {
            assert_eq!(l.crd2idx(i).value(), r.crd2idx(i).value(), "{} at {}", l, i);
        }
        assert_eq!(l.cosize().value(), r.cosize().value(), "{}", l);
    })*};
}

#[test]
fn static_and_runtime_twins_agree() {
    agree!(
        layout![(2, (2, 2)) : (4, (2, 1))],
        layout![(8, 8) : (1, 8)],
        layout![((2, 4), (3, 5)) : ((3, 6), (1, 24))],
        layout![(4, 4) : (-1, 1)],
        layout![(4, 3, 2) : (0, 1, 3)],
        layout![12 : 3],
        layout![(3, (2, (2, 2))) : (16, (1, (4, 2)))],
        make_layout_right(shape![3, 5, 7]),
        make_ordered_layout(shape![2, 3, 4], shape![1, 2, 0]),
    );
}
