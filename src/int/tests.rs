//! The static divisions against the runtime rules in `crate::steps::rules`.

use super::*;
use typenum::{Bit, Integer};

type Neg<A> = <A as core::ops::Neg>::Output;

/// Every static division against the runtime rule, over all signs.
macro_rules! row {
    ($a:literal; $($b:literal),*) => {$(
        check::<C<$a>, C<$b>>($a, $b);
        check::<Neg<C<$a>>, C<$b>>(-$a, $b);
        check::<C<$a>, Neg<C<$b>>>($a, -$b);
        check::<Neg<C<$a>>, Neg<C<$b>>>(-$a, -$b);
    )*};
}

fn check<A, B>(a: i32, b: i32)
where
    A: IntDiv<B> + IntCeilDiv<B>,
    B: Int,
    Quot<A, B>: Integer,
    CeilDiv<A, B>: Integer,
{
    assert_eq!(<Quot<A, B> as Integer>::I32, a / b, "{a} / {b}");
    let ceil = crate::steps::rules::checked_ceil_div(a as i64, b as i64).unwrap();
    assert_eq!(
        <CeilDiv<A, B> as Integer>::I32 as i64,
        ceil,
        "ceil_div({a}, {b})"
    );
}

#[test]
fn static_division_matches_the_runtime_rule() {
    row!(0; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(1; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(2; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(3; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(4; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(5; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(6; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(7; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(8; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(9; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(12; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(15; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(16; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(17; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(24; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(31; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(32; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(33; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(48; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(64; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(96; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(100; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(127; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(128; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(255; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(256; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(1000; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
    row!(1024; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128);
}

fn shape_div_ok<A: IntShapeDiv<B>, B: Int>(a: i32, b: i32)
where
    ShapeDiv<A, B>: Integer,
{
    assert!(
        crate::steps::rules::divides_either(a as i64, b as i64),
        "{a}, {b}"
    );
    let q = crate::steps::rules::checked_shape_div(a as i64, b as i64).unwrap();
    assert_eq!(
        <ShapeDiv<A, B> as Integer>::I32 as i64,
        q,
        "shape_div({a}, {b})"
    );
}

#[test]
fn static_shape_div() {
    shape_div_ok::<C<96>, C<12>>(96, 12);
    shape_div_ok::<C<12>, C<96>>(12, 96);
    shape_div_ok::<C<45>, C<15>>(45, 15);
    shape_div_ok::<C<5>, C<15>>(5, 15);
    shape_div_ok::<C<7>, C<7>>(7, 7);
    shape_div_ok::<Z0, C<7>>(0, 7);
    shape_div_ok::<Neg<C<12>>, C<4>>(-12, 4);
    shape_div_ok::<C<4>, Neg<C<12>>>(4, -12);
    shape_div_ok::<C<1024>, C<1>>(1024, 1);
}

#[test]
fn udivides_agrees_with_remainder() {
    macro_rules! d {
        ($($a:literal / $b:literal),*) => {$({
            type A = <C<$a> as Magnitude>::Output;
            type B = <C<$b> as Magnitude>::Output;
            assert_eq!(<<A as UDivides<B>>::Output as Bit>::BOOL, $a % $b == 0, "{} % {}", $a, $b);
        })*};
    }
    d!(0 / 3);
    d!(12 / 4);
    d!(12 / 8);
    d!(45 / 15);
    d!(45 / 6);
    d!(7 / 7);
    d!(1000 / 125);
    d!(1000 / 48);
}
