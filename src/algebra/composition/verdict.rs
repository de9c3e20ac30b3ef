//! Static admissibility: the verdict the type-level walk builds, and the
//! compile error each failure becomes.
//!
//! The walk never fails to produce a result type; it records the first
//! condition that fails as a [`Fail`] verdict. [`Admissible`] holds only for
//! [`Admitted`]; for a failure, its impl asks for a trait that nothing
//! implements, whose message names the condition with the mode and values
//! written out (`Mode<1>`, `Val<6>`), so the error reads in CuTe's terms.
//! A value known only at run time ([`Rt`]) leaves its check to run time.
//!
//! ```
//! use cute_algebra::algebra::verdict::{Admitted, Fail, StraddleFail, Then};
//! use cute_algebra::tuple::Z;
//! use static_assertions::assert_type_eq_all;
//! type F = Fail<StraddleFail<Z, Z>>;
//! assert_type_eq_all!(<Admitted as Then<F>>::Output, F);
//! assert_type_eq_all!(<F as Then<Admitted>>::Output, F);
//! ```

use crate::tuple::{S, Z};
use core::marker::PhantomData;
use typenum::{Add1, B0, B1, Equal, Greater, Less};

/// Every condition checked so far holds.
pub struct Admitted;
/// The first condition that failed.
pub struct Fail<X>(PhantomData<X>);
/// Stride divisibility fails at mode `M` of the coalesced `A`: stride `D`, shape `C`.
pub struct StrideFail<M, D, C>(PhantomData<(M, D, C)>);
/// Shape divisibility fails at mode `M`: shape `N` against the remaining `R`.
pub struct ShapeFail<M, N, R>(PhantomData<(M, N, R)>);
/// Leaf `L` of `B` straddles mode `M` of the coalesced `A`.
pub struct StraddleFail<M, L>(PhantomData<(M, L)>);
/// Leaves `LA` and `LB` of `B` overlap (Shah's disjointness).
pub struct DisjointFail<LA, LB>(PhantomData<(LA, LB)>);
/// A flag or sum that depends on run-time values: checked at run time.
pub struct Rt;

/// The verdict `Self`, then `W`: the first failure wins.
pub trait Then<W> {
    /// The combined verdict.
    type Output;
}
crate::int::output_impls! {
    [W] Admitted as Then<W> => W;
    [X, W] Fail<X> as Then<W> => Fail<X>;
}

/// Three-valued "or" of flags (`B0`, `B1`, [`Rt`]).
pub trait Or<B> {
    /// `Self || B`.
    type Output;
}
crate::int::output_impls! {
    [B] B0 as Or<B> => B;
    [B] B1 as Or<B> => B1;
    [] Rt as Or<B0> => Rt;
    [] Rt as Or<B1> => B1;
    [] Rt as Or<Rt> => Rt;
}

/// `Self && (a run-time condition)`.
pub trait AndRt {
    /// `B0` stays `B0`; anything else becomes [`Rt`].
    type Output;
}
crate::int::output_impls! {
    [] B0 as AndRt => B0;
    [] B1 as AndRt => Rt;
    [] Rt as AndRt => Rt;
}

/// `B1` or `B0`: pick `T` or `F`; [`Rt`] picks `R`.
pub trait Pick<T, F, R> {
    /// The choice.
    type Output;
}
crate::int::output_impls! {
    [T, F, R] B1 as Pick<T, F, R> => T;
    [T, F, R] B0 as Pick<T, F, R> => F;
    [T, F, R] Rt as Pick<T, F, R> => R;
    /// A comparison as a choice: `Less` picks `T`, `Equal` and `Greater` pick `F`.
    [T, F, R] Less as Pick<T, F, R> => T;
    [T, F, R] Equal as Pick<T, F, R> => F;
    [T, F, R] Greater as Pick<T, F, R> => F;
}

/// The final check of Shah's disjointness: leaves of both signs (`Self`,
/// `N`) with some leaf below `A`'s last mode (`B`). `L` is the last leaf.
pub trait SignMix<N, B, L> {
    /// The verdict.
    type Output;
}
crate::int::output_impls! {
    [N, B, L] B0 as SignMix<N, B, L> => Admitted;
    [N, B, L] Rt as SignMix<N, B, L> => Admitted;
    [N: Pick<B, B0, Rt>, B, L] B1 as SignMix<N, B, L>
        => <<N as Pick<B, B0, Rt>>::Output as Pick<Fail<DisjointFail<Z, L>>, Admitted, Admitted>>::Output
        where [<N as Pick<B, B0, Rt>>::Output: Pick<Fail<DisjointFail<Z, L>>, Admitted, Admitted>];
}

// ---- Printing values in error messages ----

pub use crate::int::show::{Mode, Show, ShowBy, ShowInt, ShowU, Val};

/// A Peano index's printable form.
pub trait ShowIndex {
    /// The index as a typenum unsigned.
    type U;
    /// `Mode<n>`.
    type Output;
}
crate::int::assoc_impls! {
    [] Z as ShowIndex => { U = typenum::UTerm, Output = Mode<0> };
    [N: ShowIndex] S<N> as ShowIndex
        => { U = Add1<N::U>, Output = <Add1<N::U> as Show>::Mode }
        where [N::U: core::ops::Add<B1>, Add1<N::U>: Show];
}

// ---- The errors ----

/// Holds when the static verdict is [`Admitted`]; for a failure, the
/// failure's own message is reported.
///
/// Every operation that builds a [`Fail`] verdict gives each failure an impl
/// here demanding a never-implemented trait whose message names the
/// operation and the condition. This message is reached only for a verdict
/// with no such impl, so it names no operation.
#[diagnostic::on_unimplemented(
    message = "not admissible (`{Self}`)",
    label = "the operation's conditions do not hold for these operands"
)]
pub trait Admissible {}
impl Admissible for Admitted {}

/// Never implemented: the compile error for a stride divisibility failure.
#[diagnostic::on_unimplemented(
    message = "composition: stride divisibility fails at {Self} of the coalesced left operand: stride {D} is neither a multiple of nor smaller than shape {C}",
    label = "CuTe: \"Stride Divisibility Condition\"",
    note = "where a leaf of B lands in a mode of coalesced A, |stride| must divide or be a multiple of that mode's shape"
)]
pub trait StrideDivisibilityFails<D, C> {}
impl<M: ShowIndex, D: ShowInt, C: ShowInt> Admissible for Fail<StrideFail<M, D, C>> where
    M::Output: StrideDivisibilityFails<D::Output, C::Output>
{
}

/// Never implemented: the compile error for a shape divisibility failure.
#[diagnostic::on_unimplemented(
    message = "composition: shape divisibility fails at {Self} of the coalesced left operand: shape {N} is neither a multiple of nor a divisor of the remaining {R}",
    label = "CuTe: \"Shape Divisibility Condition\"",
    note = "a leaf of B must take a whole number of elements from each mode of coalesced A it passes"
)]
pub trait ShapeDivisibilityFails<N, R> {}
impl<M: ShowIndex, N: ShowInt, R: ShowInt> Admissible for Fail<ShapeFail<M, N, R>> where
    M::Output: ShapeDivisibilityFails<N::Output, R::Output>
{
}

/// Never implemented: the compile error for a straddling leaf.
#[diagnostic::on_unimplemented(
    message = "composition: {L} of the right operand straddles the boundary of {Self} of the coalesced left operand without filling it",
    label = "no layout equals A(B(i)) here",
    note = "a leaf of B that continues into the next mode of coalesced A must first cover its current mode exactly"
)]
pub trait StraddleFails<L> {}
impl<M: ShowIndex, L: ShowIndex> Admissible for Fail<StraddleFail<M, L>> where
    M::Output: StraddleFails<L::Output>
{
}

/// Never implemented: the compile error for overlapping leaves.
#[diagnostic::on_unimplemented(
    message = "composition: disjointness fails: {Self} and {LB} of the right operand overlap in the left operand's modes, so no layout equals A(B(i))",
    label = "Shah's disjointness condition",
    note = "the leaves of B must land in disjoint digits of coalesced A (offsets that carry out of a mode, or both signs below A's last mode, overlap)"
)]
pub trait DisjointnessFails<LB> {}
impl<LA: ShowIndex, LB: ShowIndex> Admissible for Fail<DisjointFail<LA, LB>> where
    LA::Output: DisjointnessFails<LB::Output>
{
}
