//! `composition(A, B)`: the layout `R` with `R(i) = A(B(i))` on `B`'s domain.
//!
//! CuTe's algorithm: coalesce `A` (keeping its last stride, so `A` extends
//! beyond its domain), then map each leaf `s:d` of `B` through `A`'s modes;
//! `B`'s structure is kept and each leaf becomes an integer or a tuple.
//! The right operand may also be a by-mode tiler (`tile![..]` or a shape),
//! `_` or an integer `n` (the layout `n:_1`).
//!
//! Static operands resolve during type checking, and one whose composition is
//! not admissible does not compile: besides CuTe's stride and shape
//! divisibility, a leaf of `B` must not straddle a mode of `A` without
//! filling it, and the leaves must land in disjoint digits of `A` (Shah's
//! condition), or no layout equals `A(B(i))`. With runtime values the result
//! has CuTe's mixed structure (runtime size-1 modes are kept) and the
//! conditions are checked at run time: [`try_composition`] returns the
//! [`LayoutError`], [`composition`] panics with it.

pub(crate) mod replay;
pub mod verdict;
pub mod walk;

use crate::LayoutError;
use crate::layout::CoalesceX;
use crate::layout::{Layout, Underscore};
use crate::tuple::Z;
use frunk_core::hlist::{HCons, HNil};
use replay::{AModes, Failure, Footprint, OP, Val};
use typenum::{B0, B1, Integer, NInt, NonZero, P1, PInt, Unsigned, Z0};
use verdict::{Admissible, Admitted};
use walk::{ComposeTree, Context, FinalVerdict, Records};

/// Composes the layout `Self` with `B`: CuTe's `composition`.
///
/// Implemented for every [`Layout`] whose composition with `B` is
/// admissible (as far as static values show): `B` may be a layout, a
/// by-mode tiler (`tile![..]` or a shape), `_` or an integer `n` (the layout
/// `n:_1`).
///
/// ```
/// use cute_algebra::algebra::{Composed, Composition};
/// use cute_algebra::prelude::*;
/// use static_assertions::assert_type_eq_all;
///
/// // Generic code names the result with `Composed`.
/// fn tile_5x4<L: Composition<Layout![(5, 4) : (4, 1)]>>(l: L) -> Composed<L, Layout![(5, 4) : (4, 1)]> {
///     composition(l, layout![(5, 4) : (4, 1)])
/// }
/// assert_eq!(tile_5x4(layout![20 : 2]).to_string(), "(_5,_4):(_8,_2)");
/// assert_type_eq_all!(Composed<Layout![20 : 2], Layout![(5, 4) : (4, 1)]>, Layout![(5, 4) : (8, 2)]);
/// ```
#[diagnostic::on_unimplemented(
    message = "composition: `{Self}` cannot be composed with `{B}`",
    label = "the left operand must be a layout; the right one a layout, a tiler (`tile![..]` or a shape), `_` or an integer"
)]
pub trait Composition<B> {
    /// The composed layout.
    type Output;
    /// Computes it, checking the conditions that depend on runtime values.
    fn try_compose(self, b: B) -> Result<Self::Output, LayoutError>;
}

/// The result type of [`composition`]: `Composed<A, B>`.
///
/// ```
/// use cute_algebra::algebra::Composed;
/// use cute_algebra::prelude::*;
/// use static_assertions::assert_type_eq_all;
/// // composition((4,3):(3,1), (6):(2)) is ((_2,_3)):((_6,_1)) in CuTe.
/// assert_type_eq_all!(
///     Composed<Layout![(4, 3) : (3, 1)], Layout![(6) : (2)]>,
///     Layout![((2, 3)) : ((6, 1))]
/// );
/// ```
pub type Composed<A, B> = <A as Composition<B>>::Output;

impl<S, D, B: CompositionRhs<S, D>> Composition<B> for Layout<S, D> {
    type Output = B::Output;
    #[inline(always)]
    fn try_compose(self, b: B) -> Result<Self::Output, LayoutError> {
        b.compose_after(self)
    }
}

/// What can follow a layout `S:D` in a composition: a [`Layout`], a by-mode
/// tiler (an HList of layouts, shapes, integers and `_`, as `tile![..]`
/// builds it, or a shape), [`Underscore`], or an integer `n` (the layout `n:_1`).
///
/// ```
/// use cute_algebra::algebra::CompositionRhs;
/// use cute_algebra::prelude::*;
/// let a = layout![(12, (4, 8)) : (59, (13, 1))];
/// let r = tile![3:4, 8:2].compose_after(a).unwrap();
/// assert_eq!(r.to_string(), "(_3,(_2,_4)):(_236,(_26,_1))");
/// ```
#[diagnostic::on_unimplemented(
    message = "composition: `{Self}` is not a layout, a tiler, `_` or an integer, so it cannot be composed with a layout"
)]
pub trait CompositionRhs<S, D> {
    /// The composed layout.
    type Output;
    /// `composition(a, self)`, checking the conditions that depend on runtime values.
    fn compose_after(self, a: Layout<S, D>) -> Result<Self::Output, LayoutError>;
}

/// CuTe's `composition(a, b)`: the layout `R` with `R(i) = a(b(i))` for
/// every `i` in `b`'s domain, shaped like `b`.
///
/// `b` may be a layout, a by-mode tiler (`tile![..]`, or a shape: a shorter
/// tiler drops `a`'s extra modes, `_` keeps a mode), `_`, or an integer `n`
/// (meaning `n:_1`). Static operands give a static (zero-sized) result, and
/// an inadmissible static composition is a compile error naming the
/// condition. Runtime values follow CuTe's mixed behaviour.
///
/// ```
/// use cute_algebra::prelude::*;
/// let a = layout![(6, 2) : (8, 2)];
/// let r = composition(a, layout![(4, 3) : (3, 1)]);
/// assert_eq!(r.to_string(), "((_2,_2),_3):((_24,_2),_8)");
/// assert_eq!(core::mem::size_of_val(&r), 0);
///
/// // A tiler works mode by mode (a shape is a tiler too).
/// let a = layout![(12, (4, 8)) : (59, (13, 1))];
/// assert_eq!(composition(a, tile![3:4, 8:2]).to_string(), "(_3,(_2,_4)):(_236,(_26,_1))");
/// assert_eq!(composition(a, shape![3, 8]).to_string(), "(_3,(_4,_2)):(_59,(_13,_1))");
/// // `_` keeps a mode as it is.
/// let t = composition(a, tile![3, _]);
/// assert_eq!(t.get::<1>().to_string(), a.get::<1>().to_string());
/// assert_eq!(t.get::<0>().to_string(), composition(a.get::<0>(), int!(3)).to_string());
///
/// // Runtime values: CuTe's mixed structure, runtime size-1 modes included.
/// let (m, n, k): (i32, i32, i32) = (128, 24, 5);
/// let r = composition(layout![(m, n, k) : ({1}, {128}, {3072})], layout![{64} : {2}]);
/// assert_eq!(r.to_string(), "(64,1,1):(2,128,3072)");
/// ```
///
/// # Panics
///
/// When runtime values make the composition inadmissible (see
/// [`try_composition`] for the non-panicking form), with the
/// [`LayoutError`]'s message, e.g. "composition: stride divisibility fails at
/// mode 0: ...".
///
/// ```should_panic
/// use cute_algebra::prelude::*;
/// let s: i32 = 3;
/// let _ = composition(layout![(6, 2) : (1, 7)], layout![(s, 2) : (2, 3)]);
/// ```
///
/// The result type is [`Composed<A, B>`]; the signature names it `R` so that
/// an inadmissible static composition is reported once.
#[inline(always)]
#[track_caller]
pub fn composition<A: Composition<B, Output = R>, B, R>(a: A, b: B) -> R {
    crate::error::ok_or_panic(a.try_compose(b))
}

/// [`composition`] without the panic: an inadmissible composition with
/// runtime values is an `Err` naming the failed condition.
///
/// ```
/// use cute_algebra::prelude::*;
/// // CuTe returns (3,2):(2,3), which is wrong at i = 5.
/// let s: i32 = 3;
/// let e = try_composition(layout![(6, 2) : (1, 7)], layout![(s, 2) : (2, 3)]).unwrap_err();
/// assert!(matches!(e, LayoutError::Disjointness { .. }));
/// let n: i32 = 12;
/// assert_eq!(try_composition(layout![n : {1}], layout![4 : 1]).unwrap().to_string(), "_4:1");
/// assert_eq!(try_composition(layout![n : 1], layout![4 : 1]).unwrap().to_string(), "_4:_1");
/// ```
#[inline(always)]
pub fn try_composition<A: Composition<B, Output = R>, B, R>(a: A, b: B) -> Result<R, LayoutError> {
    a.try_compose(b)
}

// ---- The right operand is a layout ----

impl<SA, DA, SB, DB> CompositionRhs<SA, DA> for Layout<SB, DB>
where
    SA: CoalesceX<DA> + Leaves,
    DA: Leaves,
    SB: Leaves,
    DB: Leaves,
    SA::Output: ComposeCoalesced<SB, DB>,
{
    type Output = <SA::Output as ComposeCoalesced<SB, DB>>::Output;
    fn compose_after(self, a: Layout<SA, DA>) -> Result<Self::Output, LayoutError> {
        let (sa, da) = a.into_parts();
        let (sb, db) = self.into_parts();
        if SA::IS_STATIC && DA::IS_STATIC && SB::IS_STATIC && DB::IS_STATIC {
            return Ok(<SA::Output as ComposeCoalesced<SB, DB>>::blank());
        }
        positive(&sa)?;
        positive(&sb)?;
        sa.coalesce_x(da).replay(&sb, &db)
    }
}

/// Composes the coalesced `A` (`Self`) with `B = SB:DB`: the type-level walk
/// and, for runtime values, the scalar walk.
///
/// ```
/// use cute_algebra::algebra::{CoalesceX, ComposeCoalesced};
/// use cute_algebra::prelude::*;
/// // composition(20:2, (5,4):(4,1)) is (_5,_4):(_8,_2) in CuTe.
/// let a = int!(20).coalesce_x(int!(2));
/// let r = a.replay(&shape![5, 4], &stride![4, 1]).unwrap();
/// assert_eq!(r.to_string(), "(_5,_4):(_8,_2)");
/// ```
pub trait ComposeCoalesced<SB, DB> {
    /// The composed layout.
    type Output;
    /// The result when every value is static.
    fn blank() -> Self::Output;
    /// The result's values and the run-time checks.
    fn replay(self, sb: &SB, db: &DB) -> Result<Self::Output, LayoutError>;
}
impl<CA, CS, CD, AL, SB, DB, RS, RD, CX, F> ComposeCoalesced<SB, DB> for CA
where
    CA: ModeLists<Shapes = CS, Strides = CD>,
    CS: Records<CD, Output = AL> + Leaves,
    CD: Leaves,
    SB: ComposeTree<
            DB,
            Context<AL, Z, Admitted, B0, B0, B0, Z>,
            Shape = RS,
            Stride = RD,
            After = CX,
        > + Leaves,
    DB: Leaves,
    (CS, CD, SB, DB): AnyI64<Output = F>,
    RS: WidenIf<F>,
    RD: WidenIf<F>,
    RS::Output: Leaves,
    RD::Output: Leaves,
    CX: FinalVerdict,
    CX::Output: Admissible,
{
    type Output = Layout<RS::Output, RD::Output>;
    fn blank() -> Self::Output {
        Layout::from_parts(<RS::Output>::blank(), <RD::Output>::blank())
    }
    fn replay(self, sb: &SB, db: &DB) -> Result<Self::Output, LayoutError> {
        let (mut shape, mut stride) = (<RS::Output>::blank(), <RD::Output>::blank());
        let (cs, cd) = self.mode_lists();
        let modes = TypedModes {
            len: count(&cs),
            shapes: &cs,
            strides: &cd,
        };
        replay_typed(&modes, sb, db, &mut shape, &mut stride)?;
        Ok(Layout::from_parts(shape, stride))
    }
}

/// Every shape leaf must be positive (`DynLayout::new` checks the same).
fn positive<T: Leaves>(t: &T) -> Result<(), LayoutError> {
    for j in 0.. {
        match t.leaf(&mut { j }) {
            Some((v, _)) if v <= 0 => return Err(LayoutError::ZeroSize { op: OP }),
            Some(_) => {}
            None => break,
        }
    }
    Ok(())
}

fn count<T: Leaves>(t: &T) -> usize {
    (0..).take_while(|&j| t.leaf(&mut { j }).is_some()).count()
}

/// The coalesced modes of a typed `A` for the scalar walk.
struct TypedModes<'a, CS, CD> {
    len: usize,
    shapes: &'a CS,
    strides: &'a CD,
}
impl<CS: Leaves, CD: Leaves> AModes for TypedModes<'_, CS, CD> {
    fn len(&self) -> usize {
        self.len
    }
    fn mode(&self, i: usize) -> (Val, Val) {
        let val = |x: Option<(i64, bool)>| {
            let (v, st) = x.unwrap_or((1, true));
            Val { v, st }
        };
        (
            val(self.shapes.leaf(&mut { i })),
            val(self.strides.leaf(&mut { i })),
        )
    }
}

/// How many of `A`'s modes one run of the scalar walk tracks for the
/// disjointness footprint; more modes take more runs (no allocation).
const WINDOW: usize = 16;

/// Runs the scalar walk over `B`'s leaves: the checks, and the result's
/// values written into `shape:stride` (whose leaves come in the same order).
fn replay_typed<A: AModes, SB: Leaves, DB: Leaves, RS: Leaves, RD: Leaves>(
    a: &A,
    sb: &SB,
    db: &DB,
    shape: &mut RS,
    stride: &mut RD,
) -> Result<(), LayoutError> {
    let tracked = a.len() - 1;
    let mut first: Option<Failure> = None;
    let mut lo = 0;
    loop {
        let mut used = [(0i64, None); WINDOW];
        let mut fp = Footprint::new(lo, &mut used);
        let mut k = 0usize;
        let mut emit = |s: i64, d: i64| -> Result<(), LayoutError> {
            if lo == 0 {
                set(shape, k, s)?;
                set(stride, k, d)?;
            }
            k += 1;
            Ok(())
        };
        let mut run = || -> Result<(), Failure> {
            for j in 0.. {
                let (Some(s), Some(d)) = (sb.leaf(&mut { j }), db.leaf(&mut { j })) else {
                    break;
                };
                let v = |(v, st)| Val { v, st };
                replay::leaf(a, v(s), v(d), &mut fp, &mut emit)?;
            }
            Ok(())
        };
        if let Err(f) = run()
            && first.as_ref().is_none_or(|g| f.at < g.at)
        {
            first = Some(f);
        }
        lo += WINDOW;
        if lo >= tracked {
            return match first {
                Some(f) => Err(f.err),
                None => fp.finish(),
            };
        }
    }
}

fn set<T: Leaves>(t: &mut T, k: usize, v: i64) -> Result<(), LayoutError> {
    match t.set_leaf(&mut { k }, v) {
        Some(_) => Ok(()),
        None => Err(LayoutError::Overflow { op: OP }),
    }
}

/// A coalesced layout's modes as flat lists: an integral layout is one mode.
///
/// ```
/// use cute_algebra::algebra::ModeLists;
/// use cute_algebra::prelude::*;
/// let (s, d) = layout![8 : 2].mode_lists();
/// assert_eq!((s.to_cute_string(), d.to_cute_string()), ("(_8)".into(), "(_2)".into()));
/// ```
pub trait ModeLists {
    /// The shapes.
    type Shapes;
    /// The strides.
    type Strides;
    /// Splits the layout.
    fn mode_lists(self) -> (Self::Shapes, Self::Strides);
}
impl<S: crate::int::Int, D> ModeLists for Layout<S, D> {
    type Shapes = HCons<S, HNil>;
    type Strides = HCons<D, HNil>;
    #[inline(always)]
    fn mode_lists(self) -> (Self::Shapes, Self::Strides) {
        let (s, d) = self.into_parts();
        (
            HCons {
                head: s,
                tail: HNil,
            },
            HCons {
                head: d,
                tail: HNil,
            },
        )
    }
}
impl<H, T, D> ModeLists for Layout<HCons<H, T>, D> {
    type Shapes = HCons<H, T>;
    type Strides = D;
    #[inline(always)]
    fn mode_lists(self) -> (Self::Shapes, Self::Strides) {
        self.into_parts()
    }
}

/// The leaves of an IntTuple as values: read, and write into a result.
///
/// ```
/// use cute_algebra::algebra::Leaves;
/// use cute_algebra::prelude::*;
/// let n = 5;
/// let mut s = shape![2, (n, 3)];
/// assert_eq!(s.leaf(&mut 1), Some((5, false)));
/// assert_eq!(s.set_leaf(&mut 1, 7), Some(true));
/// assert_eq!(s.to_cute_string(), "(_2,(7,_3))");
/// assert_eq!(s.leaf(&mut 3), None);
/// ```
pub trait Leaves: Sized {
    /// Whether every leaf is static.
    const IS_STATIC: bool;
    /// Leaf `*i` (counting down `*i` past the leaves before it), with its static flag.
    fn leaf(&self, i: &mut usize) -> Option<(i64, bool)>;
    /// A value of this type: static leaves are what they are, runtime ones 0.
    fn blank() -> Self;
    /// Sets leaf `*i` to `v` (a static leaf keeps its value): `Some(true)`
    /// when set, `Some(false)` when `*i` is past the end, `None` when `v`
    /// does not fit.
    fn set_leaf(&mut self, i: &mut usize, v: i64) -> Option<bool>;
}
impl Leaves for i32 {
    const IS_STATIC: bool = false;
    fn leaf(&self, i: &mut usize) -> Option<(i64, bool)> {
        take(i).then_some((*self as i64, false))
    }
    fn blank() -> Self {
        0
    }
    fn set_leaf(&mut self, i: &mut usize, v: i64) -> Option<bool> {
        if !take(i) {
            return Some(false);
        }
        *self = i32::try_from(v).ok()?;
        Some(true)
    }
}
impl Leaves for i64 {
    const IS_STATIC: bool = false;
    fn leaf(&self, i: &mut usize) -> Option<(i64, bool)> {
        take(i).then_some((*self, false))
    }
    fn blank() -> Self {
        0
    }
    fn set_leaf(&mut self, i: &mut usize, v: i64) -> Option<bool> {
        if !take(i) {
            return Some(false);
        }
        *self = v;
        Some(true)
    }
}

/// `B1` when one of the four operand lists has an `i64` leaf.
pub trait AnyI64 {
    /// `B1` or `B0`.
    type Output;
}
impl<A: HasI64, B: HasI64, C: HasI64, D: HasI64> AnyI64 for (A, B, C, D)
where
    A::Output: core::ops::BitOr<B::Output>,
    C::Output: core::ops::BitOr<D::Output>,
    typenum::Or<A::Output, B::Output>: core::ops::BitOr<typenum::Or<C::Output, D::Output>>,
{
    type Output = typenum::Or<typenum::Or<A::Output, B::Output>, typenum::Or<C::Output, D::Output>>;
}

/// `B1` when an IntTuple has an `i64` leaf.
pub trait HasI64 {
    /// `B1` or `B0`.
    type Output: typenum::Bit;
}
impl HasI64 for i64 {
    type Output = B1;
}
impl HasI64 for HNil {
    type Output = B0;
}
impl<H: HasI64, T: HasI64> HasI64 for HCons<H, T>
where
    H::Output: core::ops::BitOr<T::Output>,
    typenum::Or<H::Output, T::Output>: typenum::Bit,
{
    type Output = typenum::Or<H::Output, T::Output>;
}
/// The composition's result with its runtime `i32` leaves made `i64` when
/// `F` is `B1` (an operand has an `i64` leaf): the mixing rule, applied
/// once to the walk's result types.
pub trait WidenIf<F> {
    /// The widened tuple.
    type Output;
}
impl<F> WidenIf<F> for HNil {
    type Output = HNil;
}
impl<F, H: WidenIf<F>, T: WidenIf<F>> WidenIf<F> for HCons<H, T> {
    type Output = HCons<H::Output, T::Output>;
}
impl WidenIf<B0> for i32 {
    type Output = i32;
}
impl WidenIf<B1> for i32 {
    type Output = i64;
}
macro_rules! widen_keep {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<F, $($g)*> WidenIf<F> for $T {
            type Output = $T;
        }
    )*};
}
widen_keep!([] i64, [] Z0, [U: Unsigned + NonZero] PInt<U>, [U: Unsigned + NonZero] NInt<U>);
macro_rules! no_i64 {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*> HasI64 for $T {
            type Output = B0;
        }
    )*};
}
no_i64!([] i32, [] Z0, [U: Unsigned + NonZero] PInt<U>, [U: Unsigned + NonZero] NInt<U>);

macro_rules! static_leaves {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*> Leaves for $T {
            const IS_STATIC: bool = true;
            fn leaf(&self, i: &mut usize) -> Option<(i64, bool)> {
                take(i).then_some((<$T as Integer>::I64, true))
            }
            fn blank() -> Self {
                <$T>::new()
            }
            fn set_leaf(&mut self, i: &mut usize, v: i64) -> Option<bool> {
                debug_assert!(*i != 0 || v == <$T as Integer>::I64, "static leaf set to {v}");
                Some(take(i))
            }
        }
    )*};
}
static_leaves!(
    [U: Unsigned + NonZero] PInt<U>,
    [U: Unsigned + NonZero] NInt<U>,
    [] Z0
);
impl Leaves for HNil {
    const IS_STATIC: bool = true;
    fn leaf(&self, _: &mut usize) -> Option<(i64, bool)> {
        None
    }
    fn blank() -> Self {
        HNil
    }
    fn set_leaf(&mut self, _: &mut usize, _: i64) -> Option<bool> {
        Some(false)
    }
}
impl<H: Leaves, T: Leaves> Leaves for HCons<H, T> {
    const IS_STATIC: bool = H::IS_STATIC && T::IS_STATIC;
    fn leaf(&self, i: &mut usize) -> Option<(i64, bool)> {
        self.head.leaf(i).or_else(|| self.tail.leaf(i))
    }
    fn blank() -> Self {
        HCons {
            head: H::blank(),
            tail: T::blank(),
        }
    }
    fn set_leaf(&mut self, i: &mut usize, v: i64) -> Option<bool> {
        if self.head.set_leaf(i, v)? {
            return Some(true);
        }
        self.tail.set_leaf(i, v)
    }
}

/// `true` when the countdown `*i` has reached this leaf, else one leaf less to go.
fn take(i: &mut usize) -> bool {
    if *i == 0 {
        return true;
    }
    *i -= 1;
    false
}

// ---- The right operand is a tiler, `_` or an integer ----

/// `_`: the layout as it is.
impl<S, D> CompositionRhs<S, D> for Underscore {
    type Output = Layout<S, D>;
    #[inline(always)]
    fn compose_after(self, a: Layout<S, D>) -> Result<Self::Output, LayoutError> {
        Ok(a)
    }
}

macro_rules! int_rhs {
    ($([$($g:tt)*] $N:ty),*) => {$(
        /// An integer `n`: the layout `n:_1`.
        impl<S, D, $($g)*> CompositionRhs<S, D> for $N
        where
            Layout<$N, P1>: CompositionRhs<S, D>,
        {
            type Output = <Layout<$N, P1> as CompositionRhs<S, D>>::Output;
            #[inline(always)]
            fn compose_after(self, a: Layout<S, D>) -> Result<Self::Output, LayoutError> {
                Layout::from_parts(self, P1::new()).compose_after(a)
            }
        }
    )*};
}
int_rhs!(
    [] i32,
    [] i64,
    [] Z0,
    [U: Unsigned + NonZero] PInt<U>,
    [U: Unsigned + NonZero] NInt<U>
);

/// A by-mode tiler: mode `i` of the result is `composition(mode i of A, tiler_i)`;
/// `A`'s modes beyond the tiler are dropped.
impl<S, D, T0, TT> CompositionRhs<S, D> for HCons<T0, TT>
where
    S: TopModes<D>,
    HCons<T0, TT>: ByMode<S::Shapes, S::Strides>,
{
    type Output = Layout<
        <HCons<T0, TT> as ByMode<S::Shapes, S::Strides>>::Shapes,
        <HCons<T0, TT> as ByMode<S::Shapes, S::Strides>>::Strides,
    >;
    #[inline(always)]
    fn compose_after(self, a: Layout<S, D>) -> Result<Self::Output, LayoutError> {
        let (s, d) = a.into_parts();
        let (s, d) = s.top_modes(d);
        let (rs, rd) = self.by_mode(s, d)?;
        Ok(Layout::from_parts(rs, rd))
    }
}

/// A layout's top-level modes as lists of shapes and strides (an integral
/// layout is its own single mode).
///
/// ```
/// use cute_algebra::algebra::TopModes;
/// use cute_algebra::prelude::*;
/// let (s, d) = int!(8).top_modes(int!(2));
/// assert_eq!((s.to_cute_string(), d.to_cute_string()), ("(_8)".into(), "(_2)".into()));
/// ```
pub trait TopModes<D> {
    /// The modes' shapes.
    type Shapes;
    /// The modes' strides.
    type Strides;
    /// Splits.
    fn top_modes(self, d: D) -> (Self::Shapes, Self::Strides);
}
impl<S: crate::int::Int, D> TopModes<D> for S {
    type Shapes = HCons<S, HNil>;
    type Strides = HCons<D, HNil>;
    #[inline(always)]
    fn top_modes(self, d: D) -> (Self::Shapes, Self::Strides) {
        (
            HCons {
                head: self,
                tail: HNil,
            },
            HCons {
                head: d,
                tail: HNil,
            },
        )
    }
}
impl<H, T, D> TopModes<D> for HCons<H, T> {
    type Shapes = Self;
    type Strides = D;
    #[inline(always)]
    fn top_modes(self, d: D) -> (Self, D) {
        (self, d)
    }
}

/// The tiler `Self` applied to the modes `SL:DL`, mode by mode.
///
/// ```
/// use cute_algebra::algebra::ByMode;
/// use cute_algebra::prelude::*;
/// // composition((12,(4,8)):(59,(13,1)), (3,8)), by mode.
/// let (s, d) = shape![3, 8].by_mode(shape![12, (4, 8)], stride![59, (13, 1)]).unwrap();
/// assert_eq!((s.to_cute_string(), d.to_cute_string()), ("(_3,(_4,_2))".into(), "(_59,(_13,_1))".into()));
/// ```
#[diagnostic::on_unimplemented(
    message = "composition: the tiler has more modes than the layout it tiles",
    label = "CuTe: static_assert(tuple_size<Tiler>::value <= Layout::rank)"
)]
pub trait ByMode<SL, DL> {
    /// The result modes' shapes.
    type Shapes;
    /// The result modes' strides.
    type Strides;
    /// Composes each mode.
    fn by_mode(self, s: SL, d: DL) -> Result<(Self::Shapes, Self::Strides), LayoutError>;
}
impl<SL, DL> ByMode<SL, DL> for HNil {
    type Shapes = HNil;
    type Strides = HNil;
    #[inline(always)]
    fn by_mode(self, _: SL, _: DL) -> Result<(HNil, HNil), LayoutError> {
        Ok((HNil, HNil))
    }
}
impl<T0, TT, S0, ST, D0, DT, RS, RD> ByMode<HCons<S0, ST>, HCons<D0, DT>> for HCons<T0, TT>
where
    Layout<S0, D0>: Composition<T0, Output = Layout<RS, RD>>,
    TT: ByMode<ST, DT>,
{
    type Shapes = HCons<RS, TT::Shapes>;
    type Strides = HCons<RD, TT::Strides>;
    #[inline(always)]
    fn by_mode(
        self,
        s: HCons<S0, ST>,
        d: HCons<D0, DT>,
    ) -> Result<(Self::Shapes, Self::Strides), LayoutError> {
        let (rs, rd) = Layout::from_parts(s.head, d.head)
            .try_compose(self.head)?
            .into_parts();
        let (ts, td) = self.tail.by_mode(s.tail, d.tail)?;
        Ok((HCons { head: rs, tail: ts }, HCons { head: rd, tail: td }))
    }
}
