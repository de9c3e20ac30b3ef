//! `Layout::to_dyn` (and `DynLayout::from(&layout)`) against the runtime path.
//!
//! For random runtime-valued layouts of several structures: the conversion
//! keeps structure and values (it equals parsing the layout's print form),
//! keeps the function at every index, size and cosize, and the static
//! path's `coalesce` computes the same function as `DynLayout::coalesce`.
//! (Every static conformance row is checked the same way in the generated
//! `tests/algebra_static.rs`: `r.to_dyn() == dynamic::eval(expr)`.)

use cute_algebra::dynamic::DynLayout;
use cute_algebra::prelude::*;
use proptest::prelude::*;

/// The checks shared by every structure.
macro_rules! check {
    ($l:expr) => {{
        let l = $l;
        let d = l.to_dyn();
        prop_assert_eq!(&d, &l.to_string().parse::<DynLayout>().unwrap());
        prop_assert_eq!(&DynLayout::from(&l), &d);
        prop_assert_eq!(d.rank(), l.rank());
        prop_assert_eq!(d.depth(), l.depth());
        let n = l.size().value();
        prop_assert_eq!(d.size().unwrap(), i64::from(n));
        prop_assert_eq!(d.cosize().unwrap(), i64::from(l.cosize().value()));
        let c = coalesce(l);
        let dc = d.coalesce().unwrap();
        prop_assert_eq!(i64::from(c.size().value()), dc.size().unwrap());
        for i in 0..n {
            prop_assert_eq!(
                d.at(i64::from(i)).unwrap(),
                i64::from(l.crd2idx(i).value()),
                "{} at {}",
                l,
                i
            );
            prop_assert_eq!(
                dc.at(i64::from(i)).unwrap(),
                i64::from(c.crd2idx(i).value()),
                "coalesce {} at {}",
                l,
                i
            );
        }
    }};
}

fn stride() -> impl Strategy<Value = i32> {
    prop_oneof![2 => Just(0i32), 10 => 1i32..=32, 1 => -4i32..=-1]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn runtime_layouts_convert_exactly(
        s in prop::array::uniform4(1i32..=6),
        d in prop::array::uniform4(stride()),
    ) {
        let [a, b, c, e] = s;
        let [p, q, r, t] = d;
        check!(layout![a : p]);
        check!(layout![(a, b) : (p, q)]);
        check!(layout![(a, b, c) : (p, q, r)]);
        check!(layout![(a, (b, c)) : (p, (q, r))]);
        check!(layout![((a, b), (c, e)) : ((p, q), (r, t))]);
        // Mixed static and runtime values.
        check!(layout![(2, (a, 4)) : (p, (1, q))]);
        check!(layout![((a, 2), b) : ((8, q), r)]);
    }
}

#[test]
fn static_layouts_convert_exactly() {
    let l = layout![(2, (2, 2)) : (4, (2, 1))];
    assert_eq!(l.to_dyn(), "(2,(2,2)):(4,(2,1))".parse().unwrap());
    assert_eq!(
        DynLayout::from(&layout![(8, 8) : (8, 1)]).to_string(),
        "(8,8):(8,1)"
    );
    assert_eq!(layout![4 : -1].to_dyn().to_string(), "4:-1");
    assert_eq!(
        make_layout(shape![2, (1, 6)]).to_dyn().to_string(),
        "(2,(1,6)):(1,(0,2))"
    );
}

#[test]
fn invalid_runtime_extents_are_errors() {
    let (zero, neg, big): (i32, i32, i32) = (0, -3, i32::MAX);
    assert!(layout![(2, zero) : (1, 2)].try_to_dyn().is_err());
    assert!(layout![neg : 1].try_to_dyn().is_err());
    assert!(layout![(big, big, big) : (1, 1, 1)].try_to_dyn().is_err());
    assert!(std::panic::catch_unwind(|| layout![(2, zero) : (1, 2)].to_dyn()).is_err());
}
