//! Defining properties of basis-strided layouts, checked by brute force on
//! random layouts (runtime path; the typed path agrees with it on every
//! oracle row, `basis_typed.rs`).

use cute_algebra::basis::{ArithValue, DynBasisLayout};
use cute_algebra::dynamic::{DynLayout, IntTree, Tiler, idx2crd_shape};
use proptest::prelude::*;

fn flat_shape() -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(1i64..=8, 1..=3)
}

fn tree(v: &[i64]) -> IntTree {
    IntTree::Tuple(v.iter().map(|&x| IntTree::Int(x)).collect())
}

/// The coordinate `c` (a flat tuple) as components.
fn comps(c: &IntTree) -> Vec<i64> {
    match c {
        IntTree::Int(v) => vec![*v],
        IntTree::Tuple(v) => v.iter().flat_map(comps).collect(),
    }
}

fn value(v: &ArithValue, n: usize) -> Vec<i64> {
    v.components(n)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// crd2idx of an identity layout is the coordinate itself.
    #[test]
    fn identity_maps_each_index_to_its_coordinate(s in flat_shape()) {
        let id = DynBasisLayout::make_identity_layout(&tree(&s)).unwrap();
        for i in 0..id.size().unwrap() {
            let c = idx2crd_shape(i, &tree(&s)).unwrap();
            prop_assert_eq!(value(&id.at(i).unwrap(), s.len()), comps(&c));
        }
    }

    /// Divides of identity layouts by tiles that divide their modes give the coordinates of the plain
    /// layout's offsets: `logical_divide(identity(S), T)(i)` is
    /// `idx2crd(logical_divide(make_layout(S), T)(i), S)`.
    #[test]
    fn divides_of_identity_layouts_follow_the_plain_layouts(
        s in flat_shape(),
        t in prop::collection::vec(1i64..=4, 1..=3),
        which in 0usize..4,
    ) {
        let t = &t[..t.len().min(s.len())];
        // In the domain: each tile divides its mode (beyond it, CuTe
        // extends the layout past the mode's extent, and a coordinate and
        // an offset extend differently).
        prop_assume!(t.iter().zip(&s).all(|(t, s)| s % t == 0));
        let tiler = Tiler::from(&tree(t));
        let id = DynBasisLayout::make_identity_layout(&tree(&s)).unwrap();
        let plain = DynLayout::make_layout_left(&tree(&s)).unwrap();
        let (b, p) = match which {
            0 => (id.logical_divide(&tiler), plain.logical_divide(&tiler)),
            1 => (id.zipped_divide(&tiler), plain.zipped_divide(&tiler)),
            2 => (id.tiled_divide(&tiler), plain.tiled_divide(&tiler)),
            _ => (id.flat_divide(&tiler), plain.flat_divide(&tiler)),
        };
        prop_assert_eq!(b.is_ok(), p.is_ok());
        if let (Ok(b), Ok(p)) = (b, p) {
            prop_assert_eq!(b.shape(), p.shape());
            for i in 0..p.size().unwrap() {
                let c = idx2crd_shape(p.at(i).unwrap(), &tree(&s)).unwrap();
                prop_assert_eq!(value(&b.at(i).unwrap(), s.len()), comps(&c));
            }
        }
    }

    /// composition(A, B)(i) == A(B(i)) for basis-strided A after plain B,
    /// and coalesce keeps the function.
    #[test]
    fn composition_and_coalesce_keep_the_function(
        leaves in prop::collection::vec((1i64..=4, 1i64..=3, 0u8..3), 1..=4),
        bs in prop::collection::vec((1i64..=4, 1i64..=8), 1..=3),
    ) {
        let shape = IntTree::Tuple(leaves.iter().map(|l| IntTree::Int(l.0)).collect());
        let stride = format!(
            "({})",
            leaves.iter().map(|l| format!("{}@{}", l.1, l.2)).collect::<Vec<_>>().join(",")
        );
        let a = DynBasisLayout::new(shape.clone(), &{
            let s: DynBasisLayout = format!("{shape}:{stride}").parse().unwrap();
            s.stride()
        })
        .unwrap();
        let n = a.basis_modes();
        let c = a.coalesce().unwrap();
        for i in 0..a.size().unwrap() {
            prop_assert_eq!(value(&c.at(i).unwrap(), n), value(&a.at(i).unwrap(), n));
        }
        let b = DynLayout::new(
            IntTree::Tuple(bs.iter().map(|x| IntTree::Int(x.0)).collect()),
            IntTree::Tuple(bs.iter().map(|x| IntTree::Int(x.1)).collect()),
        )
        .unwrap();
        if let Ok(r) = a.composition(&Tiler::Layout(b.clone())) {
            for i in 0..b.size().unwrap() {
                prop_assert_eq!(
                    value(&r.at(i).unwrap(), n),
                    value(&a.at(b.at(i).unwrap()).unwrap(), n)
                );
            }
        }
    }
}
