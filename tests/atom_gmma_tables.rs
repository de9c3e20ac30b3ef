//! The typed SM90 GMMA atoms (`cute_algebra::atom`'s table: one generic
//! `MmaTraits` impl per family, one alias per N) against the runtime rules
//! (`atom::dynamic::MmaAtom::parse`, which computes the layouts from N and
//! the element width as `mma_traits_sm90_gmma.hpp` writes them): every
//! atom, every major, the same `Shape_MNK`, `ThrID`, `ALayout`, `BLayout`
//! and `CLayout`. The oracle rows (tests/atom_typed.rs) check both against
//! CuTe's prints for a sample of the atoms.

use cute_algebra::atom::GMMA_TABLE;
use cute_algebra::atom::dynamic::MmaAtom;

#[test]
fn every_typed_gmma_atom_agrees_with_the_runtime_rules() {
    let mut atoms = 0;
    for family in GMMA_TABLE {
        for row in *family {
            let majors: &[&str] = if row.name.ends_with("_TN") {
                &["", "<>"]
            } else {
                &["<K,K>", "<K,MN>", "<MN,K>", "<MN,MN>"]
            };
            let [thr, a, b, c] = (row.layouts)();
            for m in majors {
                let name = format!("{}{m}", row.name);
                if row.name.ends_with("_RS") && m.starts_with("<MN") {
                    // CuTe's `static_assert`: A from registers is K-major.
                    assert!(MmaAtom::parse(&name).is_err(), "{name}");
                    continue;
                }
                let rt = MmaAtom::parse(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(rt.shape_mnk, row.mnk, "{name}");
                assert_eq!(rt.thr_id, thr, "{name}: ThrID");
                assert_eq!(rt.layout_a, a, "{name}: ALayout");
                assert_eq!(rt.layout_b, b, "{name}: BLayout");
                assert_eq!(rt.layout_c, c, "{name}: CLayout");
            }
            atoms += 1;
        }
    }
    // CUTLASS 4.x defines these 24 families (the 16-bit, TF32 and 8-bit
    // float dense GMMAs) for each N from 8 to 256 in steps of 8: 8 Ns in
    // mma_sm90_gmma.hpp and 24 in mma_sm90_gmma_ext.hpp.
    assert_eq!(GMMA_TABLE.len(), 24);
    assert_eq!(atoms, 24 * 32);
}

/// The typed names print as the runtime path prints the same operation.
#[test]
fn typed_gmma_atoms_print_as_the_runtime_path() {
    use cute_algebra::atom::gmma::Major;
    use cute_algebra::atom::{SM90_64x40x8_F32TF32TF32_SS_TN, SM90_64x248x16_F32BF16BF16_RS};
    let typed = SM90_64x248x16_F32BF16BF16_RS::<Major::K, Major::MN>::default();
    let rt = MmaAtom::parse("SM90_64x248x16_F32BF16BF16_RS<K,MN>").unwrap();
    assert_eq!(typed.to_string(), rt.to_string());
    let typed = SM90_64x40x8_F32TF32TF32_SS_TN::default();
    let rt = MmaAtom::parse("SM90_64x40x8_F32TF32TF32_SS_TN").unwrap();
    assert_eq!(typed.to_string(), rt.to_string());
}
