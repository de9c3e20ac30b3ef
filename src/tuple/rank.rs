//! Ranks as types, so that a rank mismatch can name both ranks.
//!
//! `#[diagnostic::on_unimplemented]` can only print types. A tuple's rank
//! as the type `Rank<3>` lets a failed [`SameRank`] bound say "the
//! coordinate has `Rank<3>` but the layout's shape has `Rank<2>`" instead of
//! printing two nested typenum lists.

use crate::int::Int;
use frunk_core::hlist::{HCons, HNil};

/// The rank of a tuple, as a type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rank<const N: usize>;

/// The "rank" of an integer: not a tuple, so only an integer (or `_`)
/// coordinate fits it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IntegerMode;

/// The rank of `Self` as a type: [`Rank<N>`] for a tuple of `N` modes (up
/// to 32), [`IntegerMode`] for an integer.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::tuple::{IntegerMode, Rank, RankOf};
/// use static_assertions::assert_type_eq_all;
/// assert_type_eq_all!(<Shape![2, (3, 4)] as RankOf>::Rank, Rank<2>);
/// assert_type_eq_all!(<Shape![2] as RankOf>::Rank, Rank<1>);
/// assert_type_eq_all!(<cute_algebra::typenum::P2 as RankOf>::Rank, IntegerMode);
/// ```
#[doc(hidden)]
pub trait RankOf {
    /// `Rank<N>` or `Integer`.
    type Rank;
}
impl<T: Int> RankOf for T {
    type Rank = IntegerMode;
}

/// `HCons<A0, HCons<A1, … HNil>>` with one type parameter per listed name.
macro_rules! hlist_type {
    () => { HNil };
    ($h:ident $($t:ident)*) => { HCons<$h, hlist_type!($($t)*)> };
}

/// One `RankOf` impl per length: the rank is read off the list's pattern,
/// which costs one unification instead of a recursion.
macro_rules! rank_of {
    ($($n:literal => [$($a:ident)*]),* $(,)?) => {$(
        impl<$($a),*> RankOf for hlist_type!($($a)*) {
            type Rank = Rank<$n>;
        }
    )*};
}
rank_of! {
    0 => [],
    1 => [A0],
    2 => [A0 A1],
    3 => [A0 A1 A2],
    4 => [A0 A1 A2 A3],
    5 => [A0 A1 A2 A3 A4],
    6 => [A0 A1 A2 A3 A4 A5],
    7 => [A0 A1 A2 A3 A4 A5 A6],
    8 => [A0 A1 A2 A3 A4 A5 A6 A7],
    9 => [A0 A1 A2 A3 A4 A5 A6 A7 A8],
    10 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9],
    11 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10],
    12 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11],
    13 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12],
    14 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13],
    15 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14],
    16 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15],
    17 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15 A16],
    18 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15 A16 A17],
    19 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15 A16 A17 A18],
    20 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15 A16 A17 A18 A19],
    21 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15 A16 A17 A18 A19 A20],
    22 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15 A16 A17 A18 A19 A20 A21],
    23 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15 A16 A17 A18 A19 A20 A21 A22],
    24 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15 A16 A17 A18 A19 A20 A21 A22 A23],
    25 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15 A16 A17 A18 A19 A20 A21 A22 A23 A24],
    26 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15 A16 A17 A18 A19 A20 A21 A22 A23 A24 A25],
    27 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15 A16 A17 A18 A19 A20 A21 A22 A23 A24 A25 A26],
    28 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15 A16 A17 A18 A19 A20 A21 A22 A23 A24 A25 A26 A27],
    29 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15 A16 A17 A18 A19 A20 A21 A22 A23 A24 A25 A26 A27 A28],
    30 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15 A16 A17 A18 A19 A20 A21 A22 A23 A24 A25 A26 A27 A28 A29],
    31 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15 A16 A17 A18 A19 A20 A21 A22 A23 A24 A25 A26 A27 A28 A29 A30],
    32 => [A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15 A16 A17 A18 A19 A20 A21 A22 A23 A24 A25 A26 A27 A28 A29 A30 A31],
}

/// Holds when `Self` and `R` are the same rank: the check behind every
/// "rank mismatch" error.
#[diagnostic::on_unimplemented(
    message = "rank mismatch: the coordinate has `{Self}` but the layout's shape (or its mode) has `{R}`",
    label = "this coordinate does not have the shape's rank and nesting",
    note = "a coordinate is an integer (split colexicographically), or a tuple with the rank of the shape mode it indexes, nested where the shape is nested; `IntegerMode` means an integer mode, which takes an integer coordinate"
)]
#[doc(hidden)]
pub trait SameRank<R> {}
impl<const N: usize> SameRank<Rank<N>> for Rank<N> {}
