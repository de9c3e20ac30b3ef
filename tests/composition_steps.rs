//! The type-level `composition` walk takes the same steps as the
//! value-level [`composition_step`] (with [`footprint_step`] and
//! [`sign_mix`] for Shah's disjointness) that both runtime paths call.
//!
//! For each row, the static verdict of the type-level walk (computed from
//! the types alone, so a refused composition needs no compile error) is
//! compared with what `DynLayout`, built on the `const fn` steps, gives on
//! the same values: an admitted row has the same result layout (and CuTe's,
//! from the oracle rows of `tests/data/public.tsv`), a refused one the same
//! condition, at the same mode and leaf.

use cute_algebra::algebra::verdict::{
    Admitted, DisjointFail, Fail, ShapeFail, StraddleFail, StrideFail,
};
use cute_algebra::algebra::walk::{
    ComposeTree, Context, FinalVerdict, Records, Verdict as Carried,
};
use cute_algebra::algebra::{CoalesceX, ModeLists};
use cute_algebra::prelude::*;
use cute_algebra::steps::composition::{
    CompositionBranch, CompositionCondition, composition_step, footprint_step, sign_mix,
};
use cute_algebra::tuple::{S as Succ, Z};
use cute_algebra::typenum::{B0, Integer};

/// A Peano index (mode or leaf) as a number.
trait Index {
    const N: usize;
}
impl Index for Z {
    const N: usize = 0;
}
impl<N: Index> Index for Succ<N> {
    const N: usize = N::N + 1;
}

/// A static verdict as the error the runtime paths report for the same
/// condition (`None` for [`Admitted`]).
trait Refusal {
    fn error() -> Option<LayoutError>;
}
const OP: &str = "composition";
impl Refusal for Admitted {
    fn error() -> Option<LayoutError> {
        None
    }
}
impl<M: Index, D: Integer, C: Integer> Refusal for Fail<StrideFail<M, D, C>> {
    fn error() -> Option<LayoutError> {
        Some(
            CompositionCondition::StrideDivisibility {
                stride: D::I64,
                shape: C::I64,
            }
            .at(OP, M::N, 0),
        )
    }
}
impl<M: Index, N: Integer, R: Integer> Refusal for Fail<ShapeFail<M, N, R>> {
    fn error() -> Option<LayoutError> {
        Some(
            CompositionCondition::ShapeDivisibility {
                shape: N::I64,
                rest: R::I64,
            }
            .at(OP, M::N, 0),
        )
    }
}
impl<M: Index, L: Index> Refusal for Fail<StraddleFail<M, L>> {
    fn error() -> Option<LayoutError> {
        Some(CompositionCondition::Straddle.at(OP, M::N, L::N))
    }
}
impl<LA: Index, LB: Index> Refusal for Fail<DisjointFail<LA, LB>> {
    fn error() -> Option<LayoutError> {
        Some(CompositionCondition::Disjointness { first_leaf: LA::N }.at(OP, 0, LB::N))
    }
}

/// The type-level walk's verdict on `composition(A, B)`, from the types.
trait Verdict {
    type V: Refusal;
}
impl<SA, DA, SB, DB, CA, CS, CD, AL, X> Verdict for (Layout<SA, DA>, Layout<SB, DB>)
where
    SA: CoalesceX<DA, Output = CA>,
    CA: ModeLists<Shapes = CS, Strides = CD>,
    CS: Records<CD, Output = AL>,
    SB: ComposeTree<DB, Context<AL, Z, Carried<Admitted, B0, B0>, B0, B0, Z>, After = X>,
    X: FinalVerdict,
    X::Output: Refusal,
{
    type V = X::Output;
}

fn static_verdict<A, B>(_: A, _: B) -> Option<LayoutError>
where
    (A, B): Verdict,
{
    <<(A, B) as Verdict>::V as Refusal>::error()
}

/// `DynLayout`'s composition (built on the `const fn` steps) of the same values.
fn on_steps<SA, DA, SB, DB>(
    a: Layout<SA, DA>,
    b: Layout<SB, DB>,
) -> Result<cute_algebra::dynamic::DynLayout, LayoutError>
where
    SA: IntTuple + cute_algebra::dynamic::ToIntTree,
    DA: IntTuple + cute_algebra::dynamic::ToIntTree,
    SB: IntTuple + cute_algebra::dynamic::ToIntTree,
    DB: IntTuple + cute_algebra::dynamic::ToIntTree,
{
    a.to_dyn().composition(&b.to_dyn())
}

macro_rules! admitted {
    ($($id:literal: [$($a:tt)*], [$($b:tt)*] => $cute:literal;)*) => {{
        let mut n = 0;
        $(
            let (a, b) = (layout![$($a)*], layout![$($b)*]);
            assert_eq!(static_verdict(a, b), None, "{}: the type-level walk refuses", $id);
            let typed = composition(a, b);
            assert_eq!(typed.to_string(), $cute, "{}: CuTe's result", $id);
            let steps = on_steps(a, b).unwrap_or_else(|e| panic!("{}: the steps refuse: {e}", $id));
            assert_eq!(typed.to_dyn().to_string(), steps.to_string(), "{}", $id);
            n += 1;
        )*
        n
    }};
}

macro_rules! refused {
    ($($id:literal: [$($a:tt)*], [$($b:tt)*];)*) => {{
        let mut seen = Vec::new();
        $(
            let (a, b) = (layout![$($a)*], layout![$($b)*]);
            let steps = on_steps(a, b).map(|r| r.to_string());
            let typed = static_verdict(a, b);
            assert!(typed.is_some(), "{}: the type-level walk admits it; the steps give {steps:?}", $id);
            assert_eq!(steps, Err(typed.unwrap()), "{}", $id);
            seen.push(core::mem::discriminant(&typed.unwrap()));
        )*
        seen
    }};
}

#[test]
fn admitted_rows_agree() {
    let n = admitted! {
        "g001": [1 : 0], [1 : 0] => "_1:_0";
        "g002": [1 : 0], [1 : 1] => "_1:_0";
        "g003": [1 : 1], [1 : 0] => "_1:_0";
        "g004": [1 : 1], [1 : 1] => "_1:_1";
        "g005": [(4) : (1)], [(4) : (1)] => "(_4):(_1)";
        "g006": [(4) : (2)], [(4) : (1)] => "(_4):(_2)";
        "g007": [(4) : (0)], [(4) : (1)] => "(_4):(_0)";
        "g008": [(4) : (1)], [(4) : (0)] => "(_4):(_0)";
        "g009": [(4) : (1)], [(1) : (0)] => "(_1):(_0)";
        "g010": [(4) : (1)], [(2) : (1)] => "(_2):(_1)";
        "g011": [(4) : (2)], [(2) : (1)] => "(_2):(_2)";
        "g012": [(4) : (1)], [(2) : (2)] => "(_2):(_2)";
        "g013": [(4) : (2)], [(2) : (2)] => "(_2):(_4)";
        "g014": [(4, 3) : (1, 4)], [(12) : (1)] => "(_12):(_1)";
        "g015": [(12) : (1)], [(4, 3) : (1, 4)] => "(_4,_3):(_1,_4)";
        "g016": [(12) : (2)], [(4, 3) : (1, 4)] => "(_4,_3):(_2,_8)";
        "g017": [(12) : (1)], [(4, 3) : (3, 1)] => "(_4,_3):(_3,_1)";
        "g018": [(12) : (2)], [(4, 3) : (3, 1)] => "(_4,_3):(_6,_2)";
        "g019": [(12) : (1)], [(2, 3) : (2, 4)] => "(_2,_3):(_2,_4)";
        "g020": [(4, 3) : (1, 4)], [(4, 3) : (1, 4)] => "(_4,_3):(_1,_4)";
        "g021": [(4, 3) : (1, 4)], [(6) : (1)] => "(_6):(_1)";
        "g022": [(4, 3) : (1, 4)], [(6) : (2)] => "(_6):(_2)";
        "g023": [(4, 3) : (1, 4)], [(6, 2) : (2, 1)] => "(_6,_2):(_2,_1)";
        "g024": [(4, 3) : (1, 4)], [(4, 3) : (3, 1)] => "(_4,_3):(_3,_1)";
        "g025": [(4, 3) : (3, 1)], [(4, 3) : (1, 4)] => "(_4,_3):(_3,_1)";
        "g026": [(4, 3) : (3, 1)], [(12) : (1)] => "((_4,_3)):((_3,_1))";
        "g027": [(4, 3) : (3, 1)], [(6) : (2)] => "((_2,_3)):((_6,_1))";
        "g028": [(4, 3) : (3, 1)], [(6, 2) : (2, 1)] => "((_2,_3),_2):((_6,_1),_3)";
        "g029": [(8, 8) : (1, 8)], [((2, 2, 2), (2, 2, 2)) : ((1, 16, 4), (8, 2, 32))] => "((_2,_2,_2),(_2,_2,_2)):((_1,_16,_4),(_8,_2,_32))";
        "g030": [(8, 8) : (8, 1)], [((2, 2, 2), (2, 2, 2)) : ((1, 16, 4), (8, 2, 32))] => "((_2,_2,_2),(_2,_2,_2)):((_8,_2,_32),(_1,_16,_4))";
        "g031": [((4, 2)) : ((1, 16))], [(4, 2) : (2, 1)] => "((_2,_2),_2):((_2,_16),_1)";
        "g032": [(2, 2) : (2, 1)], [(2, 2) : (2, 1)] => "(_2,_2):(_1,_2)";
        "g033": [(4, 8, 2) : (1, 4, 32)], [(2, 2, 2) : (2, 8, 1)] => "(_2,_2,_2):(_2,_8,_1)";
        "g034": [(4, 8, 2) : (2, 8, 1)], [(2, 2, 2) : (1, 8, 2)] => "(_2,_2,_2):(_2,_16,_4)";
        "g035": [(4, 8, 2) : (2, 8, 1)], [(4, 2, 2) : (2, 8, 1)] => "(_4,_2,_2):(_4,_16,_2)";
        "g036": [12 : 1], [4 : 1] => "_4:_1";
        "g040": [(12, 3) : (1, 24)], [(4) : (1)] => "(_4):(_1)";
        "g041": [16 : 2], [4 : 2] => "_4:_4";
        "g042": [(128, 24, 5) : (1, 128, 3072)], [64 : 2] => "_64:_2";
        "g043": [(128, 24, 5) : (1, 128, 3072)], [480 : 32] => "_480:_32";
        "g044": [(1) : (0)], [(4) : (1)] => "(_4):(_0)";
        "g045": [(1) : (1)], [(4) : (1)] => "(_4):(_1)";
        "g046": [(4) : (1)], [(4) : (2)] => "(_4):(_2)";
        "g047": [(4, 3) : (3, 1)], [(24) : (1)] => "((_4,_6)):((_3,_1))";
        "g048": [(4, 3) : (3, 1)], [(8) : (1)] => "((_4,_2)):((_3,_1))";
        "g049": [(4, 3, 1) : (3, 1, 0)], [(24) : (1)] => "((_4,_3,_2)):((_3,_1,_0))";
        "g050": [(4, 3, 1) : (3, 1, 0)], [(4) : (1)] => "(_4):(_3)";
        "g051": [(4, 6, 8) : (1, 4, 7)], [6 : 1] => "_6:_1";
        "g052": [(4, 6, 8, 10) : (2, 3, 5, 7)], [6 : 12] => "(_2,_3):(_9,_5)";
        "g053": [(8, 8) : (8, 1)], [2 : 3] => "_2:_24";
        "g054": [(8, 8) : (8, 1)], [3 : 3] => "_3:_24";
        "g055": [3 : 1], [4 : 1] => "_4:_1";
        "g056": [(48, 24, 5) : (1, 128, 3072)], [32 : 1] => "_32:_1";
        "g057": [(4) : (-1)], [(4) : (1)] => "(_4):(_-1)";
        "g058": [(4) : (1)], [(4) : (-1)] => "(_4):(_-1)";
        "g059": [(4) : (-1)], [(4) : (-1)] => "(_4):(_1)";
        "g060": [(4) : (1)], [(4) : (-2)] => "(_4):(_-2)";
        "g061": [(4, 4) : (-1, 1)], [(2, 4, 2) : (1, 2, 8)] => "(_2,(_2,_2),_2):(_-1,(_-2,_1),_2)";
        "g062": [(4, 4) : (-1, 1)], [(2, 4, 2) : (1, 4, 2)] => "(_2,_4,_2):(_-1,_1,_-2)";
        "g063": [(1, (2, 4)) : (0, (-1, 512))], [2 : -1] => "_2:_1";
        "g064": [(1, (2, 4)) : (0, (-1, 512))], [4 : -1] => "(_2,_2):(_1,_-512)";
        "d001": [(6, 2) : (8, 2)], [(4, 3) : (3, 1)] => "((_2,_2),_3):((_24,_2),_8)";
        "d002": [(10, 2) : (16, 4)], [(5, 4) : (1, 5)] => "(_5,(_2,_2)):(_16,(_80,_4))";
        "d003": [20 : 2], [(5, 4) : (4, 1)] => "(_5,_4):(_8,_2)";
        "d006": [4 : -1], [4 : 1] => "_4:_-1";
    };
    assert_eq!(n, 65);
}

#[test]
fn refused_rows_agree() {
    let seen = refused! {
        // Stride divisibility: stride 6 (or -6) lands in the mode of 4.
        "stride": [(4, 2) : (1, 5)], [2 : 6];
        "stride, negative": [(4, 2) : (1, 5)], [2 : -6];
        "stride, second mode": [(2, 3, 4) : (1, 5, 20)], [2 : 8];
        "stride, second leaf": [(4, 2) : (1, 5)], [(2, 2) : (1, 6)];
        // Shape divisibility: the mode of 4 takes 2 of a leaf of 3.
        "shape": [(4, 3) : (1, 5)], [3 : 2];
        "shape, second mode": [(2, 4, 3) : (1, 3, 13)], [6 : 2];
        // Straddle: 2 steps of 3 pass the mode of 4 without filling it.
        "straddle": [(4, 2) : (1, 5)], [4 : 3];
        "straddle, second leaf": [(4, 2) : (1, 5)], [(2, 4) : (2, 3)];
        // Disjointness: offsets 0..4 and 0..3 of two leaves add past 6.
        "disjoint": [(6, 2) : (1, 7)], [(3, 2) : (2, 3)];
        "disjoint, nested": [(8, 4) : (1, 9)], [((2, 2), 4) : ((4, 2), 1)];
        // Disjointness: both signs below the last mode.
        "signs": [(4, 2) : (1, 5)], [(2, 2) : (1, -1)];
        // The two rows of `which_condition_is_reported`.
        "step before disjointness": [(6, 4, 2) : (1, 7, 50)], [(3, 2, 2) : (2, 3, 10)];
        "lowest mode": [(6, 8, 2) : (1, 7, 100)], [(8, 12, 2) : (6, 1, 1)];
    };
    assert_eq!(seen.len(), 13);
    // Every condition is met at least once.
    let each = [
        LayoutError::StrideDivisibility {
            op: OP,
            mode: 0,
            stride: 0,
            shape: 0,
        },
        LayoutError::ShapeDivisibility {
            op: OP,
            mode: 0,
            shape: 0,
            rest: 0,
        },
        LayoutError::Straddle {
            op: OP,
            mode_a: 0,
            mode_b: 0,
        },
        LayoutError::Disjointness {
            op: OP,
            mode_a: 0,
            mode_b: 0,
        },
    ];
    for e in each {
        assert!(
            seen.contains(&core::mem::discriminant(&e)),
            "no row for {e:?}"
        );
    }
}

/// Disjointness is a pass after the walk, so where a composition breaks
/// more than one condition, the walk's come first, then the overlap in
/// the lowest mode of `A` (the rows' values worked by hand in the
/// comments; `refused_rows_agree` has both paths agree on them).
#[test]
fn which_condition_is_reported() {
    // A = 6:1, 4:7, 2:50. Leaf 0 (3:2) reaches offset 4 of the mode of 6,
    // leaf 1 (2:3) adds 3: 7 >= 6, they overlap. Leaf 2 (2:10) steps past
    // the mode of 6 with a stride it does not divide.
    let (a, b) = (
        layout![(6, 4, 2) : (1, 7, 50)],
        layout![(3, 2, 2) : (2, 3, 10)],
    );
    let stride = LayoutError::StrideDivisibility {
        op: OP,
        mode: 0,
        stride: 10,
        shape: 6,
    };
    assert_eq!(static_verdict(a, b), Some(stride));
    assert_eq!(on_steps(a, b).map(|r| r.to_string()), Err(stride));
    // A = 6:1, 8:7, 2:100. Leaf 0 (8:6) steps over the mode of 6 and
    // reaches offset 7 of the mode of 8; leaf 1 (12:1) fills the mode of 6
    // (offset 5) and adds 1 to the mode of 8: 8, leaves 0 and 1 overlap
    // there. Leaf 2 (2:1) adds 1 to the mode of 6: 6, leaves 1 and 2
    // overlap there. The mode of 6 comes first.
    let (a, b) = (
        layout![(6, 8, 2) : (1, 7, 100)],
        layout![(8, 12, 2) : (6, 1, 1)],
    );
    let overlap = LayoutError::Disjointness {
        op: OP,
        mode_a: 1,
        mode_b: 2,
    };
    assert_eq!(static_verdict(a, b), Some(overlap));
    assert_eq!(on_steps(a, b).map(|r| r.to_string()), Err(overlap));
    // The typed runtime path (a runtime stride leaves the checks to the
    // scalar walk) reports the same.
    let (one, three, ten) = (1i32, 3i32, 10i32);
    let b = layout![(3, 2, 2) : (2, three, ten)];
    let a = layout![(6, 4, 2) : (1, 7, 50)];
    assert_eq!(try_composition(a, b).map(|r| r.to_string()), Err(stride));
    let b = layout![(8, 12, 2) : (6, one, 1)];
    let a = layout![(6, 8, 2) : (1, 7, 100)];
    assert_eq!(try_composition(a, b).map(|r| r.to_string()), Err(overlap));
}

/// The branches, one per row of the step's table, on the values of
/// admitted rows above (the first mode of the coalesced `A`).
#[test]
fn each_branch_has_a_row() {
    use CompositionBranch::*;
    // (4,3):(1,4) coalesces to 12:1; (4,3):(3,1) stays: its modes 4, 3.
    let cases = [
        // g027: 6:2 against the mode of 4 fills it and goes on: ((2,3)):((6,1)).
        ((4, 6, 2), FillsMode),
        // g028's leaf 2:1 in the mode of 4.
        ((4, 2, 1), EndsInMode),
        // g053: 2:3 against the mode of 8 ((8,8):(8,1)): EndsInMode.
        ((8, 2, 3), EndsInMode),
        // g052: 6:12 against the mode of 4: past it.
        ((4, 6, 12), PastMode),
        // d001's leaf 4:3 against the mode of 6 fills it.
        ((6, 4, 3), FillsMode),
        // g047: 24:1 against the mode of 4 fills it.
        ((4, 24, 1), FillsMode),
        // A leaf of stride 4 against a mode of 4 steps over it.
        ((4, 2, 4), AtMode),
        ((4, 1, 2), RestIsOne),
    ];
    for ((c, s, d), branch) in cases {
        assert_eq!(
            composition_step(c, s, d, s).map(|st| st.branch),
            Ok(branch),
            "{c} vs {s}:{d}"
        );
    }
    assert_eq!(
        footprint_step(4, 3, 6, 0),
        Err(CompositionCondition::Disjointness { first_leaf: 0 })
    );
    assert_eq!(sign_mix(true, false, true), Ok(()));
}
