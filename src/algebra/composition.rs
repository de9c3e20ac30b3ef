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

mod leaves;
pub(crate) mod replay;
mod tiler;
pub mod verdict;
pub mod walk;

use super::StaticFlag;
use super::static_result::LayoutsStatic;
use crate::error::LayoutError;
use crate::layout::CoalesceX;
use crate::layout::Layout;
use crate::tuple::Z;
use leaves::{AnyI64, WidenIf};
pub use leaves::{Leaves, ModeLists};
use replay::{TypedModes, count, positive, replay_typed};
pub use tiler::{ByMode, TopModes};
use typenum::B0;
use verdict::{Admissible, Admitted};
use walk::{ComposeTree, Context, FinalVerdict, Records, Verdict};

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
///
/// Sealed: the operands are the crate's (layouts, swizzled and
/// basis-strided layouts, swizzle functions), so an outside impl is refused.
///
/// ```compile_fail
/// use cute_algebra::algebra::Composition;
/// use cute_algebra::LayoutError;
/// struct Mine;
/// impl Composition<Mine> for Mine {
///     type Output = Mine;
///     fn try_compose(self, b: Mine) -> Result<Mine, LayoutError> { Ok(b) }
/// }
/// ```
#[diagnostic::on_unimplemented(
    message = "composition: `{Self}` cannot be composed with `{B}`",
    label = "the left operand must be a layout; the right one a layout, a tiler (`tile![..]` or a shape), `_` or an integer"
)]
pub trait Composition<B>:
    crate::int::sealed::Operand + ComposeStatic<B, <Self as Composition<B>>::Output>
{
    /// The composed layout.
    type Output;
    /// Computes it, checking the conditions that depend on runtime values.
    fn try_compose(self, b: B) -> Result<Self::Output, LayoutError>;
}

/// A composition's static path, as a supertrait of [`Composition`] with the
/// result as a parameter: generic callers get it with `Composition`, and its
/// impls ask only the operands' flags and the result's constructor, so the
/// build of a static call resolves them without proving the walk that
/// [`Composition`]'s impls carry in their where-clauses.
#[doc(hidden)]
pub trait ComposeStatic<B, R> {
    /// Runs `walk` (the composition of the values), or, when every
    /// operand is static, builds the result `R` from its type without
    /// mentioning `walk` ([`StaticFlag`](crate::algebra::StaticFlag)) and
    /// maps it by `built`.
    fn by_type<Res>(
        walk: impl FnOnce() -> Result<Res, LayoutError>,
        built: impl FnOnce(R) -> Res,
    ) -> Result<Res, LayoutError>;
}
/// A layout hands the decision to its right operand, which knows both
/// operands' flags.
impl<S, D, B: ComposeAfterStatic<S, D, R>, R> ComposeStatic<B, R> for Layout<S, D> {
    #[inline(always)]
    fn by_type<Res>(
        walk: impl FnOnce() -> Result<Res, LayoutError>,
        built: impl FnOnce(R) -> Res,
    ) -> Result<Res, LayoutError> {
        B::by_type(walk, built)
    }
}

/// An impl of [`ComposeStatic`] or [`ComposeAfterStatic`] that always runs
/// the walk: operands whose static path is not dispatched.
macro_rules! walk_static {
    (impl<$($g:ident),*> $Tr:ident<$($p:ty),*> for $T:ty) => {
        impl<$($g),*> $Tr<$($p),*> for $T {
            #[inline(always)]
            fn by_type<Res>(
                walk: impl FnOnce() -> Result<Res, $crate::error::LayoutError>,
                _: impl FnOnce(R) -> Res,
            ) -> Result<Res, $crate::error::LayoutError> {
                walk()
            }
        }
    };
}
pub(crate) use walk_static;

/// [`ComposeStatic`] for the right operand `Self` after the layout `S:D`: a
/// supertrait of [`CompositionRhs`].
#[doc(hidden)]
pub trait ComposeAfterStatic<S, D, R> {
    /// [`ComposeStatic::by_type`].
    fn by_type<Res>(
        walk: impl FnOnce() -> Result<Res, LayoutError>,
        built: impl FnOnce(R) -> Res,
    ) -> Result<Res, LayoutError>;
}
/// Two layouts: the result is static when every leaf of both is, and a
/// layout builds from its leaves ([`Outcome::blank`](crate::algebra::Outcome::blank)).
impl<SA, DA, SB, DB, R> ComposeAfterStatic<SA, DA, R> for Layout<SB, DB>
where
    SA: Leaves,
    DA: Leaves,
    SB: Leaves,
    DB: Leaves,
    R: crate::algebra::Outcome,
{
    #[inline(always)]
    fn by_type<Res>(
        walk: impl FnOnce() -> Result<Res, LayoutError>,
        built: impl FnOnce(R) -> Res,
    ) -> Result<Res, LayoutError> {
        <LayoutsStatic<SA, DA, SB, DB> as StaticFlag>::pick(walk, || Ok(built(R::blank())))
    }
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
/// builds it, or a shape), [`Underscore`](crate::layout::Underscore), or an integer `n` (the layout `n:_1`).
///
/// ```
/// use cute_algebra::algebra::CompositionRhs;
/// use cute_algebra::prelude::*;
/// let a = layout![(12, (4, 8)) : (59, (13, 1))];
/// let r = tile![3:4, 8:2].compose_after(a).unwrap();
/// assert_eq!(r.to_string(), "(_3,(_2,_4)):(_236,(_26,_1))");
/// ```
///
/// Sealed as [`Composition`] is:
///
/// ```compile_fail
/// use cute_algebra::algebra::CompositionRhs;
/// use cute_algebra::prelude::*;
/// use cute_algebra::LayoutError;
/// struct Mine;
/// impl<S, D> CompositionRhs<S, D> for Mine {
///     type Output = Layout<S, D>;
///     fn compose_after(self, a: Layout<S, D>) -> Result<Layout<S, D>, LayoutError> { Ok(a) }
/// }
/// ```
#[diagnostic::on_unimplemented(
    message = "composition: `{Self}` is not a layout, a tiler, `_` or an integer, so it cannot be composed with a layout"
)]
pub trait CompositionRhs<S, D>:
    crate::int::sealed::Operand + ComposeAfterStatic<S, D, <Self as CompositionRhs<S, D>>::Output>
{
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
    crate::error::ok_or_panic(<A as ComposeStatic<B, R>>::by_type(
        || a.try_compose(b),
        |r| r,
    ))
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
    <A as ComposeStatic<B, R>>::by_type(|| a.try_compose(b), |r| r)
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
            return Ok(crate::algebra::Outcome::blank());
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
    /// The composed layout (a static one built by [`Outcome::blank`](crate::algebra::Outcome::blank)).
    type Output: crate::algebra::Outcome + crate::layout::IntoParts<Shape: Leaves, Stride: Leaves>;
    /// The result's values and the run-time checks.
    fn replay(self, sb: &SB, db: &DB) -> Result<Self::Output, LayoutError>;
}
/// The walk's context before the first leaf of `B`: `A`'s mode records.
type StartCtx<CA> = Context<
    <<CA as ModeLists>::Shapes as Records<<CA as ModeLists>::Strides>>::Output,
    Z,
    Verdict<Admitted, B0, B0>,
    B0,
    B0,
    Z,
>;
/// The walk's shape and stride.
type TreeShape<CA, SB, DB> = <SB as ComposeTree<DB, StartCtx<CA>>>::Shape;
type TreeStride<CA, SB, DB> = <SB as ComposeTree<DB, StartCtx<CA>>>::Stride;
/// Whether any value is a runtime `i64`.
type AnyI64Of<CA, SB, DB> = <(
    <CA as ModeLists>::Shapes,
    <CA as ModeLists>::Strides,
    SB,
    DB,
) as AnyI64>::Output;
impl<CA, SB, DB> ComposeCoalesced<SB, DB> for CA
where
    CA: ModeLists,
    CA::Shapes: Records<CA::Strides> + Leaves,
    CA::Strides: Leaves,
    SB: ComposeTree<DB, StartCtx<CA>> + Leaves,
    DB: Leaves,
    (CA::Shapes, CA::Strides, SB, DB): AnyI64,
    TreeShape<CA, SB, DB>: WidenIf<AnyI64Of<CA, SB, DB>>,
    TreeStride<CA, SB, DB>: WidenIf<AnyI64Of<CA, SB, DB>>,
    <TreeShape<CA, SB, DB> as WidenIf<AnyI64Of<CA, SB, DB>>>::Output: Leaves,
    <TreeStride<CA, SB, DB> as WidenIf<AnyI64Of<CA, SB, DB>>>::Output: Leaves,
    <SB as ComposeTree<DB, StartCtx<CA>>>::After: FinalVerdict,
    <<SB as ComposeTree<DB, StartCtx<CA>>>::After as FinalVerdict>::Output: Admissible,
{
    type Output = Layout<
        <TreeShape<CA, SB, DB> as WidenIf<AnyI64Of<CA, SB, DB>>>::Output,
        <TreeStride<CA, SB, DB> as WidenIf<AnyI64Of<CA, SB, DB>>>::Output,
    >;
    fn replay(self, sb: &SB, db: &DB) -> Result<Self::Output, LayoutError> {
        let (mut shape, mut stride) = (Leaves::blank(), Leaves::blank());
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
