#![allow(clippy::type_complexity)] // spelling out result types is what these tests check
//! The macros expand to the intended typenum/HList types and values.

use cute_algebra::prelude::*;
use static_assertions::assert_type_eq_all;
use typenum::{Integer, N1, N6, P1, P2, P3, P4, P6, P8, P1024, Z0};

use cute_algebra::Layout as L;
use cute_algebra::layout::LayoutLeftOf as LayoutLeft;

#[test]
fn shapes_are_hlists_of_typenum_ints() {
    let _: HList![P2, HList![P2, P2]] = shape![2, (2, 2)];
    let _: HList![P4] = shape![4];
    let _: HList![HList![P4, P8]] = shape![(4, 8)];
    let _: HList![HList![P4]] = shape![(4)];
    let _: HList![N1, Z0, N6] = stride![-1, 0, -6];
    assert_type_eq_all!(Shape![2, (2, 2)], HList![P2, HList![P2, P2]]);
    assert_type_eq_all!(Stride![4, (2, 1)], HList![P4, HList![P2, P1]]);
    assert_type_eq_all!(Shape![6, -1, 0], HList![P6, N1, Z0]);
}

#[test]
fn static_shapes_are_zero_sized() {
    assert_eq!(core::mem::size_of_val(&shape![2, (2, 2)]), 0);
    assert_eq!(
        core::mem::size_of_val(&layout![(2, (2, 2)) : (4, (2, 1))]),
        0
    );
}

#[test]
fn large_literals_bypass_the_const_generic_bridge() {
    assert_type_eq_all!(Shape![1024], HList![P1024]);
    fn value<T: Integer>(_: T) -> i64 {
        T::I64
    }
    assert_eq!(value(int!(1025)), 1025);
    assert_eq!(value(int!(1099511627776)), 1 << 40);
    assert_eq!(value(int!(-9223372036854775808)), i64::MIN);
    assert_eq!(value(int!(9223372036854775807)), i64::MAX);
    assert_eq!(value(int!(0x40)), 64);
    let _: N1 = int!(-1);
    let _: P6 = int!(6);
}

/// Small magnitudes and powers of two expand to typenum's aliases
/// (`consts::P8`), the rest bit by bit; both must name the literal's value,
/// and the alias the same type as the spelled encoding.
#[test]
fn aliased_literals_name_their_values() {
    fn value<T: Integer>(_: T) -> i64 {
        T::I64
    }
    macro_rules! each {
        ($($v:literal),*) => {$(
            assert_eq!(value(int!($v)), $v);
        )*};
    }
    each!(
        1,
        2,
        3,
        7,
        100,
        1000,
        1023,
        1024,
        1025,
        2048,
        3000,
        4096,
        65536,
        1099511627776
    );
    each!(-1, -5, -1024, -1025, -8192, 4611686018427387904);
    assert_type_eq_all!(Shape![1000], HList![typenum::PInt<typenum::U1000>]);
    assert_type_eq_all!(Shape![-7], HList![typenum::NInt<typenum::U7>]);
    type Spelled4096 = typenum::PInt<typenum::Prod<typenum::U1024, typenum::U4>>;
    assert_type_eq_all!(Shape![4096], HList![Spelled4096]);
}

#[test]
fn runtime_values_are_i32() {
    let n = 3;
    let s: HList![P2, i32] = shape![2, n];
    assert_eq!(s.tail.head, 3);
    let s: HList![HList![i32, P4]] = shape![({ n * 2 }, 4)];
    assert_eq!(s.head.head, 6);
    let s: HList![i32] = shape![{
        let k = n + 1;
        k * k
    }];
    assert_eq!(s.head, 16);
    assert_type_eq_all!(Shape![2, i32], HList![P2, i32]);
    let _: Shape![2, i32] = shape![2, n];
}

#[test]
fn coords_slice_with_underscore() {
    let _: HList![Underscore, P1] = coord![_, 1];
    let m = 5;
    let c: HList![HList![P1, Underscore], i32] = coord![(1, _), m];
    assert_eq!(c.tail.head, 5);
    assert_type_eq_all!(Coord![(1, _), i32], HList![HList![P1, Underscore], i32]);
}

#[test]
fn layouts_pair_shape_and_stride() {
    let l: L<HList![P2, HList![P2, P2]], HList![P4, HList![P2, P1]]> =
        layout![(2, (2, 2)) : (4, (2, 1))];
    let _ = l;
    let _: L<P8, P2> = layout![8 : 2];
    let _: LayoutLeft<HList![P4, P8]> = layout![(4, 8)];
    let _: LayoutLeft<P8> = layout![8];
    let n = 5;
    let _: L<HList![i32, P2], HList![P1, i32]> = layout![(n, 2) : (1, n)];
}

#[test]
fn type_forms_name_the_value_forms_types() {
    let _: Layout![(2, (2, 2)) : (4, (2, 1))] = layout![(2, (2, 2)) : (4, (2, 1))];
    let _: Layout![(4, 8)] = layout![(4, 8)];
    let _: Layout![8 : -1] = layout![8 : -1];
    let n = 4;
    let _: Layout![(i32, 2) : (1, i32)] = layout![(n, 2) : (1, n)];
    assert_type_eq_all!(Layout![(4, 8)], LayoutLeft<HList![P4, P8]>);
}

#[test]
fn tiles_mix_layouts_shapes_and_underscore() {
    let _: HList![L<P3, P4>, L<HList![P2, P4], HList![P1, P8]>] = tile![3:4, (2,4):(1,8)];
    let _: HList![P4, Underscore, L<HList![P2, P2], HList![P1, P4]>] = tile![4, _, (2,2):(1,4)];
    let _: HList![HList![P2, P2], P8] = tile![(2, 2), 8];
}

/// `macro_rules!` fragments arrive as invisible groups: literals stay
/// static, other expressions become runtime values.
macro_rules! pair {
    ($a:expr, $b:expr) => {
        shape![$a, $b]
    };
}
macro_rules! pair_ty {
    ($a:ty, $b:expr) => {
        Shape![$a, $b]
    };
}

#[test]
fn macro_rules_fragments() {
    let n = 3;
    let s: HList![P2, i32] = pair!(2, n + 1);
    assert_eq!(s.tail.head, 4);
    let _: HList![N1, HList![P2, P2]] = pair!(-1, (2, 2));
    let _: pair_ty!(i32, 4) = shape![n, 4];
}

#[test]
fn layout_left_is_column_major_compact() {
    assert_type_eq_all!(Layout![(4, 8)], Layout![(4, 8) : (1, 4)]);
    assert_type_eq_all!(Layout![(2, (3, 4))], Layout![(2, (3, 4)) : (1, (2, 6))]);
    assert_eq!(
        layout![(2, (2, 2)) : (4, (2, 1))].to_string(),
        "(_2,(_2,_2)):(_4,(_2,_1))"
    );
    let n = 3;
    assert_eq!(layout![(2, n) : (1, 2)].to_string(), "(_2,3):(_1,_2)");
}

/// CuTe's printed form pastes in as it is: `_N` is a
/// static integer, plain identifiers stay runtime values.
#[test]
fn cute_printed_form_pastes_in() {
    let l = layout![(_4, _8) : (_1, _4)];
    assert_type_eq_all!(
        Layout![(_4, _8) : (_1, _4)],
        Layout![(4, 8) : (1, 4)],
        L<HList![P4, P8], HList![P1, P4]>
    );
    let _: L<HList![P4, P8], HList![P1, P4]> = l;
    assert_eq!(l.to_string(), "(_4,_8):(_1,_4)");
    assert_eq!(core::mem::size_of_val(&l), 0);
    // Negative and zero static values: `_-1`, `_0`.
    let _: HList![N1, Z0, P2] = stride![_ - 1, _0, _2];
    assert_type_eq_all!(Stride![_ - 1, _0, _2], HList![N1, Z0, P2]);
    // Nested, and mixed with runtime identifiers.
    let n: i32 = 6;
    let m = layout![(_2, (n, _3)) : (_1, (_2, n))];
    let _: L<HList![P2, HList![i32, P3]], HList![P1, HList![P2, i32]]> = m;
    assert_eq!(m.to_string(), "(_2,(6,_3)):(_1,(_2,6))");
    let _: HList![P2, HList![P3, i32]] = shape![_2, (_3, n)];
    assert_type_eq_all!(Shape![_2, (_3, i32)], HList![P2, HList![P3, i32]]);
    // Coordinates: `_N` beside the slicing `_`.
    assert_type_eq_all!(Coord![_1, _], Coord![1, _]);
    let c = coord![_1, _];
    assert_eq!(
        layout![(_4, _8) : (_1, _4)].slice(c).to_string(),
        layout![(4, 8) : (1, 4)].slice(coord![1, _]).to_string()
    );
    let _: P8 = int!(_8);
    // A shape alone is LayoutLeft, as with plain literals.
    assert_type_eq_all!(Layout![(_2, _3)], Layout![(2, 3)]);
    // Tilers.
    let (t, u) = (tile![_2:_1, _], tile![2:1, _]);
    assert_eq!(core::mem::size_of_val(&t), 0);
    let _ = [t, u];
    // Basis strides in CuTe's printed form: `_1@0`.
    assert_eq!(
        layout![(_2, _8) : (_1@1, _2@0)].to_string(),
        layout![(2, 8) : (1@1, 2@0)].to_string()
    );
}

/// CuTe kernels name their static tile sizes (`auto bM = Int<128>{};`,
/// then `make_shape(bM, bN, bK)`); a named static integer stays static in
/// the macros, and a named runtime one stays runtime.
#[test]
fn named_static_integers_stay_static() {
    use cute_algebra::typenum::{P8, P128};
    let (bm, bk) = (int!(128), int!(8));
    let m: i32 = 256;
    let s: cute_algebra::Shape![128, 8, i32] = shape![bm, bk, m];
    assert_eq!(s.to_cute_string(), "(_128,_8,256)");
    let t: cute_algebra::frunk_core::HList![P128, P8] = shape![bm, bk];
    assert_eq!(core::mem::size_of_val(&t), 0);
    let l = make_layout(shape![bm, bk]);
    assert_eq!(l.to_string(), "(_128,_8):(_1,_128)");
    // A tiler mode named by a variable: a layout, or an integer.
    let tv = layout![4 : 2];
    let d = logical_divide(layout![(8, 6) : (1, 8)], tile![tv, bk]);
    assert_eq!(
        d.to_string(),
        logical_divide(layout![(8, 6) : (1, 8)], tile![4 : 2, 8]).to_string()
    );
}
