//! `left_inverse`'s step is written once
//! ([`left_inverse_step`]), and the three paths agree on it. For each
//! oracle row (`tests/data/public.tsv`, static layouts), the typed result
//! prints as CuTe's, and as a function it equals both `DynLayout`'s result
//! and the layout the `const fn` walk builds over the coalesced modes
//! sorted by stride (CuTe's exchange sort). For each refused layout, the
//! type-level marker, the walk's condition and `DynLayout`'s error name the
//! same condition.

use cute_algebra::algebra::{LeftInverseLayout, LeftInverseNotDivisible, LeftInverseOverlap};
use cute_algebra::dynamic::{DynLayout, ToIntTree};
use cute_algebra::prelude::*;
use cute_algebra::steps::inverse::{LeftInverseCondition, LeftInverseStep, left_inverse_step};

/// The outcome of the type-level walk, told by its type: the result as a
/// `DynLayout`, or the condition its marker names.
trait Outcome: Sized {
    fn outcome(r: Result<Self, LayoutError>) -> Result<DynLayout, LeftInverseCondition>;
}
impl<S: ToIntTree + IntTuple, D: ToIntTree + IntTuple> Outcome for Layout<S, D> {
    fn outcome(r: Result<Self, LayoutError>) -> Result<DynLayout, LeftInverseCondition> {
        Ok(r.unwrap().to_dyn())
    }
}
impl Outcome for LeftInverseNotDivisible {
    fn outcome(r: Result<Self, LayoutError>) -> Result<DynLayout, LeftInverseCondition> {
        assert!(r.is_err(), "a marker is never built");
        Err(LeftInverseCondition::NotDivisible)
    }
}
impl Outcome for LeftInverseOverlap {
    fn outcome(r: Result<Self, LayoutError>) -> Result<DynLayout, LeftInverseCondition> {
        assert!(r.is_err(), "a marker is never built");
        Err(LeftInverseCondition::Overlap)
    }
}

/// The type-level outcome of `left_inverse(l)`.
fn typed<L: LeftInverseLayout>(l: L) -> Result<DynLayout, LeftInverseCondition>
where
    L::Output: Outcome,
{
    L::Output::outcome(l.try_left_inverse_layout())
}

/// The `const fn` walk: CuTe's `left_inverse` over `coalesce(layout)`'s
/// modes, exchange-sorted by stride, one [`left_inverse_step`] each.
fn walk(layout: &str) -> Result<DynLayout, LeftInverseCondition> {
    let l: DynLayout = layout.parse().unwrap();
    let flat = l.coalesce().unwrap().flat().to_vec();
    let mut pre = 1;
    let mut modes: Vec<(i64, i64, i64)> = Vec::new();
    for &(s, d) in &flat {
        modes.push((s, d, pre));
        pre *= s;
    }
    for i in 0..modes.len() {
        for j in i + 1..modes.len() {
            if modes[j].1 < modes[i].1 {
                modes.swap(i, j);
            }
        }
    }
    let (mut shapes, mut strides) = (Vec::new(), vec![0]);
    let (mut size, mut prev) = (1, None);
    for &(s, d, p) in &modes {
        if let LeftInverseStep::Digit { shape, size: next } = left_inverse_step(d, prev, size)? {
            shapes.push(shape);
            strides.push(p);
            size = next;
            prev = Some((s, d));
        }
    }
    shapes.push(modes.last().map_or(1, |m| m.0));
    let list = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    Ok(format!("({}):({})", list(&shapes), list(&strides))
        .parse()
        .unwrap())
}

/// `a` and `b` are the same function on the same domain.
fn same_function(a: &DynLayout, b: &DynLayout) -> bool {
    let n = a.size().unwrap();
    n == b.size().unwrap() && (0..n).all(|i| a.at(i).unwrap() == b.at(i).unwrap())
}

/// `DynLayout`'s error as the step's condition.
fn dyn_condition(e: LayoutError) -> LeftInverseCondition {
    match e {
        LayoutError::NotInjective { .. } => LeftInverseCondition::Overlap,
        LayoutError::StrideDivisibility { .. } => LeftInverseCondition::NotDivisible,
        e => panic!("unexpected error {e}"),
    }
}

/// The three paths on `text`; `cute` is the oracle's result, if admitted.
fn check(text: &str, cute: Option<&str>, typed: Result<DynLayout, LeftInverseCondition>) {
    let steps = walk(text);
    let dynamic = text
        .parse::<DynLayout>()
        .unwrap()
        .left_inverse()
        .map_err(dyn_condition);
    match (cute, &typed, &steps, &dynamic) {
        (Some(cute), Ok(t), Ok(w), Ok(d)) => {
            assert_eq!(
                t.to_string(),
                cute.replace('_', ""),
                "{text}: typed vs CuTe"
            );
            assert!(
                same_function(t, w),
                "{text}: typed {t} vs const fn walk {w}"
            );
            assert!(same_function(t, d), "{text}: typed {t} vs DynLayout {d}");
        }
        (None, Err(t), Err(w), Err(d)) => {
            assert_eq!((t, d), (w, w), "{text}: typed, DynLayout vs the walk");
        }
        _ => {
            panic!("{text}: typed {typed:?}, walk {steps:?}, DynLayout {dynamic:?}, CuTe {cute:?}")
        }
    }
}

macro_rules! rows {
    ($($text:literal: [$($l:tt)*] => $cute:expr;)*) => {{
        let mut n = 0;
        $(
            check($text, $cute, typed(layout![$($l)*]));
            n += 1;
        )*
        n
    }};
}

#[test]
fn the_left_inverse_paths_take_the_const_fn_steps() {
    let n = rows! {
        // Oracle rows (g2xx, d04x): CuTe's `cpp_static`.
        "1:1": [1 : 1] => Some("_1:_0");
        "4:0": [4 : 0] => Some("_4:_0");
        "4:1": [4 : 1] => Some("_4:_1");
        "4:2": [4 : 2] => Some("(_2,_4):(_0,_1)");
        "(2,4):(0,2)": [(2, 4) : (0, 2)] => Some("(_2,_4):(_0,_2)");
        "(8,4):(1,8)": [(8, 4) : (1, 8)] => Some("_32:_1");
        "(8,4):(4,1)": [(8, 4) : (4, 1)] => Some("(_4,_8):(_8,_1)");
        "(2,4,6):(1,2,8)": [(2, 4, 6) : (1, 2, 8)] => Some("_48:_1");
        "(2,4,6):(4,1,8)": [(2, 4, 6) : (4, 1, 8)] => Some("(_4,_2,_6):(_2,_1,_8)");
        "(2,4,4,6):(4,1,0,8)": [(2, 4, 4, 6) : (4, 1, 0, 8)] => Some("(_4,_2,_6):(_2,_1,_32)");
        "(4,2):(1,16)": [(4, 2) : (1, 16)] => Some("(_16,_2):(_1,_4)");
        "(4,2):(1,5)": [(4, 2) : (1, 5)] => Some("(_5,_2):(_1,_4)");
        "(128,128):(65536,1)": [(128, 128) : (65536, 1)] => Some("(_65536,_128):(_128,_1)");
        "(128,3,160):(65536,512,1)": [(128, 3, 160) : (65536, 512, 1)] => Some("(_512,_128,_128):(_384,_128,_1)");
        "(128,64):(131072,2)": [(128, 64) : (131072, 2)] => Some("(_2,_65536,_128):(_0,_128,_1)");
        "(2,2,2):(4,0,1)": [(2, 2, 2) : (4, 0, 1)] => Some("(_4,_2):(_4,_1)");
        "(4,8):(8,1)": [(4, 8) : (8, 1)] => Some("(_8,_4):(_4,_1)");
        "(2,4):(1,4)": [(2, 4) : (1, 4)] => Some("(_4,_4):(_1,_2)");
        "(4,2):(1,8)": [(4, 2) : (1, 8)] => Some("(_8,_2):(_1,_4)");
        "(2,(2,3)):(3,(1,6))": [(2, (2, 3)) : (3, (1, 6))] => Some("(_3,_2,_3):(_2,_1,_4)");
        "(2,2):(0,1)": [(2, 2) : (0, 1)] => Some("_2:_2");
        // Refused: one condition each.
        "(2,2):(2,5)": [(2, 2) : (2, 5)] => None;
        "(2,3):(3,7)": [(2, 3) : (3, 7)] => None;
        "(2,6):(30,6)": [(2, 6) : (30, 6)] => None;
        "(4,2):(1,2)": [(4, 2) : (1, 2)] => None;
    };
    assert_eq!(n, 25);
}
