//! The type-level `complement` walk takes the same steps as the
//! value-level [`complement_step`] that both runtime paths call. For each
//! row (static layouts from the oracle's complement rows, and the failing
//! conditions), the gaps the `const fn` walk leaves over the filtered modes
//! sorted by stride are the leading modes of the type-level result, in
//! order; where the walk fails, the type-level outcome is the marker that
//! names the same condition.

use cute_algebra::algebra::{Complement, NegativeStride, StrideBelowExtent};
use cute_algebra::dynamic::DynLayout;
use cute_algebra::prelude::*;
use cute_algebra::steps::complement::{ComplementCondition, complement_step};

/// The outcome of the type-level walk, told by its type: the result's
/// flat modes, or the condition its marker names.
trait Outcome: Sized {
    fn outcome(r: Result<Self, LayoutError>) -> Result<Vec<(i64, i64)>, ComplementCondition>;
}
impl<S, D> Outcome for Layout<S, D>
where
    S: cute_algebra::dynamic::ToIntTree + IntTuple,
    D: cute_algebra::dynamic::ToIntTree + IntTuple,
{
    fn outcome(r: Result<Self, LayoutError>) -> Result<Vec<(i64, i64)>, ComplementCondition> {
        Ok(r.unwrap().to_dyn().flat().to_vec())
    }
}
impl Outcome for StrideBelowExtent {
    fn outcome(r: Result<Self, LayoutError>) -> Result<Vec<(i64, i64)>, ComplementCondition> {
        assert!(r.is_err(), "a marker is never built");
        Err(ComplementCondition::BelowExtent)
    }
}
impl Outcome for NegativeStride {
    fn outcome(r: Result<Self, LayoutError>) -> Result<Vec<(i64, i64)>, ComplementCondition> {
        assert!(r.is_err(), "a marker is never built");
        Err(ComplementCondition::Negative)
    }
}

/// The type-level outcome of `complement(l, m)`.
fn typed<L: Complement<M>, M>(l: L, m: M) -> Result<Vec<(i64, i64)>, ComplementCondition>
where
    L::Output: Outcome,
{
    L::Output::outcome(l.try_complement_to(m))
}

/// The `const fn` walk over `layout`'s filtered modes sorted by stride
/// (stable): the gaps of shape > 1 (CuTe's final coalesce drops the others).
fn walk(layout: &str) -> Result<Vec<(i64, i64)>, ComplementCondition> {
    let l: DynLayout = layout.parse().unwrap();
    let mut modes: Vec<(i64, i64)> = l
        .flat()
        .iter()
        .copied()
        .filter(|&(s, d)| s != 1 && d != 0)
        .collect();
    modes.sort_by_key(|m| m.1);
    let mut extent = 1;
    let mut gaps = Vec::new();
    for (s, d) in modes {
        let gap = complement_step(s, d, extent)?;
        if gap.shape != 1 {
            gaps.push((gap.shape, gap.stride));
        }
        extent = gap.next;
    }
    Ok(gaps)
}

/// The typed outcome of `complement(layout, cotarget)` against the walk.
fn check(text: &str, typed: Result<Vec<(i64, i64)>, ComplementCondition>) {
    let steps = walk(text);
    match (&typed, &steps) {
        (Ok(modes), Ok(gaps)) => assert_eq!(
            &modes[..gaps.len().min(modes.len())],
            &gaps[..],
            "{text}: type-level modes {modes:?}, const fn gaps {gaps:?}"
        ),
        _ => assert_eq!(typed, steps, "{text}"),
    }
}

macro_rules! rows {
    ($($text:literal: [$($l:tt)*], $m:expr;)*) => {{
        let mut n = 0;
        $(
            check($text, typed(layout![$($l)*], $m));
            n += 1;
        )*
        n
    }};
}

#[test]
fn the_type_level_walk_takes_the_const_fn_steps() {
    let n = rows! {
        "4:2": [4 : 2], int!(16);
        "4:4": [4 : 4], int!(17);
        "12:2": [12 : 2], int!(128);
        "(2,4):(1,4)": [(2, 4) : (1, 4)], int!(14);
        "(2,4):(1,6)": [(2, 4) : (1, 6)], int!(20);
        "(2,4,8):(8,1,64)": [(2, 4, 8) : (8, 1, 64)], int!(460);
        "(2,4,8):(8,1,0)": [(2, 4, 8) : (8, 1, 0)], int!(460);
        "((2,2),(2,2)):((1,4),(8,32))": [((2, 2), (2, 2)) : ((1, 4), (8, 32))], int!(46);
        "((2,2),(2,2)):((1,32),(8,4))": [((2, 2), (2, 2)) : ((1, 32), (8, 4))], int!(46);
        "(4,2):(1,10)": [(4, 2) : (1, 10)], int!(14);
        "(3,6):(1,9)": [(3, 6) : (1, 9)], int!(48);
        "(3,6):(1,10)": [(3, 6) : (1, 10)], int!(53);
        "(2,2):(1,6)": [(2, 2) : (1, 6)], int!(24);
        "(2,2):(1,4)": [(2, 2) : (1, 4)], shape![2, 4];
        "(2,2):(2,3)": [(2, 2) : (2, 3)], int!(12);
        "(4,6):(1,3)": [(4, 6) : (1, 3)], int!(24);
        "4:-1": [4 : -1], int!(8);
        "(2,4):(1,-2)": [(2, 4) : (1, -2)], int!(16);
    };
    assert_eq!(n, 18);
}
