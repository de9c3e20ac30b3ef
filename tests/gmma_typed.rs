//! The typed GMMA shared-memory layout atoms (`atom::gmma`) against CuTe
//! C++: every `gmma_smem` row of the oracle (`tests/data/public-atoms.tsv`:
//! the print form of the atom tiled to a shape, and its offsets in element
//! units), and `tests/data/cute/idioms_cases.out` (the eight `half_t`
//! atoms, other element sizes, `as_position_independent_swizzle_layout`,
//! and the element offsets of a shared-memory tensor over an atom).

use cute_algebra::atom::gmma::*;
use cute_algebra::half::{bf16, f16};
use cute_algebra::prelude::*;
use cute_algebra::tensor::{TensorLayout, make_tensor, make_tensor_mut};

const ORACLE: &str = include_str!("data/public-atoms.tsv");
const CUTE: &str = include_str!("data/cute/idioms_cases.out");

/// The oracle row `id`: (expression, print form, offsets).
fn oracle(id: &str) -> (&'static str, &'static str, &'static str) {
    let c: Vec<&str> = ORACLE
        .lines()
        .find(|l| l.starts_with(&format!("{id}\t")))
        .unwrap_or_else(|| panic!("no oracle row {id}"))
        .split('\t')
        .collect();
    assert_eq!(c[1], "gmma_smem");
    (c[2], c[3], c[4])
}

/// What CuTe C++ printed under `key` in idioms_cases.out.
fn cute(key: &str) -> &'static str {
    CUTE.lines()
        .find_map(|l| {
            l.strip_prefix(key)
                .and_then(|r| r.strip_prefix(": ").or(r.strip_prefix(':')))
        })
        .unwrap_or_else(|| panic!("no line {key} in idioms_cases.out"))
}

/// The flagged layout prints as the oracle's row, and its element-unit
/// form (what a tensor over it indexes with) gives the row's offsets.
macro_rules! row {
    ($id:literal, $l:expr) => {{
        let l = $l;
        let (expr, printed, values) = oracle($id);
        assert_eq!(l.to_string(), printed, "{} {}", $id, expr);
        let pi = as_position_independent_swizzle_layout(l);
        if !values.is_empty() {
            let got: Vec<String> = (0..pi.len()).map(|i| pi.offset_at(i).to_string()).collect();
            assert_eq!(got.join(" "), values, "{} {}", $id, expr);
        }
        pi
    }};
}

#[test]
fn every_oracle_gmma_smem_row() {
    // CuTe's 8-bit types (uint8_t, int8_t, float_e4m3_t) are u8/i8 here,
    // tfloat32_t is f32: only the element's size reaches the layout.
    row!(
        "p0009",
        tile_to_shape(Layout_MN_INTER_Atom::<u8>::default(), shape![64, 64])
    );
    row!(
        "p0020",
        tile_to_shape(Layout_K_INTER_Atom::<bf16>::default(), shape![64, 32])
    );
    row!(
        "p0031",
        tile_to_shape(Layout_MN_INTER_Atom::<bf16>::default(), shape![32, 64, 3])
    );
    row!("p0042", Layout_K_SW64_Atom::<u8>::default());
    row!(
        "p0053",
        tile_to_shape(Layout_K_SW32_Atom::<bf16>::default(), shape![64, 128, 2])
    );
    let p0064 = row!(
        "p0064",
        tile_to_shape(Layout_K_SW128_Atom::<f32>::default(), shape![8, 64, 2])
    );
    row!(
        "p0075",
        tile_to_shape(Layout_MN_SW32_Atom::<bf16>::default(), shape![32, 64])
    );
    // p0086, tile_to_shape(GMMA::Layout_MN_SW64_Atom<tfloat32_t>, (16,20)), is
    // CuTe's compile error "block shape does not divide the target shape",
    // as it is here (ui-tests/tile_to_shape_*).
    row!(
        "p0097",
        tile_to_shape(Layout_K_INTER_Atom::<bf16>::default(), shape![8, 32])
    );
    row!(
        "p0108",
        tile_to_shape(Layout_K_INTER_Atom::<i8>::default(), shape![32, 128])
    );
    row!(
        "p0119",
        tile_to_shape(Layout_MN_SW64_Atom::<bf16>::default(), shape![256, 16])
    );
    row!(
        "p0130",
        tile_to_shape(Layout_K_INTER_Atom::<f16>::default(), shape![16, 16])
    );
    row!(
        "p0141",
        tile_to_shape(Layout_MN_SW32_Atom::<u8>::default(), shape![256, 32])
    );
    row!(
        "p0152",
        tile_to_shape(Layout_K_SW64_Atom::<u8>::default(), shape![64, 64])
    );
    row!(
        "p0163",
        tile_to_shape(Layout_K_SW64_Atom::<f32>::default(), shape![32, 128])
    );
    row!(
        "p0174",
        tile_to_shape(Layout_K_INTER_Atom::<u8>::default(), shape![64, 128])
    );
    row!(
        "p0185",
        tile_to_shape(Layout_K_SW64_Atom::<f32>::default(), shape![64, 32])
    );
    row!(
        "p0196",
        tile_to_shape(Layout_MN_SW64_Atom::<u8>::default(), shape![64, 16])
    );
    row!(
        "p0207",
        tile_to_shape(Layout_MN_SW128_Atom::<u8>::default(), shape![128, 16, 3])
    );
    let p0218 = row!(
        "p0218",
        tile_to_shape(Layout_MN_SW128_Atom::<f16>::default(), shape![64, 64, 2])
    );

    // A tensor over the flagged layout reads those offsets: the swizzle is
    // applied in element units.
    let vals: Vec<f32> = (0..1024).map(|i| i as f32).collect();
    let t = make_tensor(
        &vals,
        tile_to_shape(Layout_K_SW128_Atom::<f32>::default(), shape![8, 64, 2]),
    );
    for i in 0..t.size() {
        assert_eq!(t.at(i) as isize, p0064.offset_at(i));
    }
    let halves: Vec<f16> = (0..8192u16).map(f16::from_bits).collect();
    let t = make_tensor(
        &halves,
        tile_to_shape(Layout_MN_SW128_Atom::<f16>::default(), shape![64, 64, 2]),
    );
    for i in 0..t.size() {
        assert_eq!(t.at(i).to_bits() as isize, p0218.offset_at(i));
    }
}

#[test]
fn atoms_print_as_cute_prints_them() {
    macro_rules! atoms {
        ($($name:ident<$T:ty> = $cpp:literal),* $(,)?) => {$(
            assert_eq!($name::<$T>::default().to_string(), cute(concat!("GMMA::", $cpp)), $cpp);
        )*};
    }
    atoms! {
        Layout_K_INTER_Atom<f16> = "Layout_K_INTER_Atom<half_t>",
        Layout_K_SW32_Atom<f16> = "Layout_K_SW32_Atom<half_t>",
        Layout_K_SW64_Atom<f16> = "Layout_K_SW64_Atom<half_t>",
        Layout_K_SW128_Atom<f16> = "Layout_K_SW128_Atom<half_t>",
        Layout_MN_INTER_Atom<f16> = "Layout_MN_INTER_Atom<half_t>",
        Layout_MN_SW32_Atom<f16> = "Layout_MN_SW32_Atom<half_t>",
        Layout_MN_SW64_Atom<f16> = "Layout_MN_SW64_Atom<half_t>",
        Layout_MN_SW128_Atom<f16> = "Layout_MN_SW128_Atom<half_t>",
        Layout_K_SW128_Atom<f32> = "Layout_K_SW128_Atom<float>",
        Layout_K_SW64_Atom<u8> = "Layout_K_SW64_Atom<uint8_t>",
        Layout_MN_SW32_Atom<f32> = "Layout_MN_SW32_Atom<float>",
    }
    let k128 = Layout_K_SW128_Atom::<f16>::default();
    assert_eq!(
        tile_to_shape(k128, shape![128, 64]).to_string(),
        cute("tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64))")
    );
    assert_eq!(
        tile_to_shape(Layout_MN_SW64_Atom::<f16>::default(), shape![64, 32]).to_string(),
        cute("tile_to_shape(GMMA::Layout_MN_SW64_Atom<half_t>, (_64,_32))")
    );
}

#[test]
fn position_independent_form_is_cutes() {
    let pi = |k: &str| cute(&format!("as_position_independent_swizzle_layout({k})"));
    assert_eq!(
        as_position_independent_swizzle_layout(Layout_K_SW128_Atom::<f16>::default()).to_string(),
        pi("GMMA::Layout_K_SW128_Atom<half_t>")
    );
    assert_eq!(
        as_position_independent_swizzle_layout(Layout_MN_SW64_Atom::<f16>::default()).to_string(),
        pi("GMMA::Layout_MN_SW64_Atom<half_t>")
    );
    assert_eq!(
        as_position_independent_swizzle_layout(Layout_K_SW32_Atom::<f32>::default()).to_string(),
        pi("GMMA::Layout_K_SW32_Atom<float>")
    );
    assert_eq!(
        as_position_independent_swizzle_layout(tile_to_shape(
            Layout_K_SW128_Atom::<f16>::default(),
            shape![128, 64]
        ))
        .to_string(),
        pi("tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64))")
    );
}

#[test]
fn smem_tensor_over_an_atom_swizzles_element_offsets() {
    // CuTe's make_tensor(make_smem_ptr<half_t>(p), Layout_K_SW128_Atom<half_t>):
    // &t(r, c) - p for rows 0 and 1.
    let want: Vec<i64> = cute("smem tensor GMMA::Layout_K_SW128_Atom<half_t> offsets rows 0,1")
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    let mut smem: Vec<f16> = (0..512u16).map(f16::from_bits).collect();
    let t = make_tensor(&smem, Layout_K_SW128_Atom::<f16>::default());
    let mut got = Vec::new();
    for r in 0..2i32 {
        for c in 0..64i32 {
            got.push(i64::from(t.at(coord![r, c]).to_bits()));
        }
    }
    assert_eq!(got, want);
    // Writing through make_tensor_mut lands at the same element.
    let mut t = make_tensor_mut(&mut smem, Layout_K_SW128_Atom::<f16>::default());
    *t.at_mut(coord![1, 0]) = f16::from_f32(-1.0);
    assert_eq!(smem[want[64] as usize], f16::from_f32(-1.0));
    // The printed byte swizzle copied onto element offsets is a different
    // function (the conflict the flag prevents): row 1, column 0 lands on 64.
    let copied = composition(
        cute_algebra::swizzle::Swizzle::<3, 4, 3>,
        layout![(8, 64) : (64, 1)],
    );
    assert_eq!(copied.crd2idx(coord![1, 0]).value(), 64);
    assert_eq!(want[64], 72);
}
