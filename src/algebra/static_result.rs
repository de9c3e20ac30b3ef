//! A static call's result is the only value of its type.
//!
//! When every operand is static, type checking has already computed the
//! result: its type is a layout of static leaves, a zero-sized type with a
//! single value. The operations' value-level walks exist for runtime
//! values. A static call that ran them anyway would make rustc resolve
//! every step of the walk again, for the call's own types, when it builds
//! the program (each step a trait method whose impl's where-clauses hold the
//! rest of the walk), which was most of a release build's time.
//!
//! So the public functions hand the walk, as a closure, to a type-level
//! bit ([`StaticFlag`](crate::int::StaticFlag)): `B1` builds the result from its type and never
//! mentions the closure, so rustc never resolves the walk; `B0` runs it.
//! The bit is a type, not a `const`, because rustc resolves the items a
//! function mentions even in a branch that a constant rules out.
//!
//! The bit is the operands' alone (static operands give a static layout or
//! a marker, and the public functions refuse markers at compile time), and
//! it is an associated type that no where-clause asks for: type checking
//! never computes it, only the build of a program that calls the function
//! does, once per call. The result is built by a constructor that bounds
//! already in place provide (composition's layout step and every outcome
//! carry one), so generic code bound by the operation's trait needs no
//! other bound, and type checking proves next to nothing more.
//!
//! Composition, the divides and the products take the static path from a
//! supertrait of the operation's trait
//! ([`ComposeStatic`](crate::algebra::ComposeStatic),
//! [`ApplyStatic`](crate::algebra::ApplyStatic),
//! [`BlockStatic`](crate::algebra::BlockStatic)): its impls ask only the
//! operands' leaves ([`LayoutsStatic`] for two layouts) and the result's
//! [`Outcome`](crate::algebra::Outcome), which the steps' results carry as
//! item bounds, so the build of a static call resolves none of the
//! operation's steps.

use super::Leaves;
use crate::int::And4;

/// The static flag of an operation on two layouts, `SA:DA` and `SB:DB`:
/// `B1` when every leaf of both is static. An alias, not a function, so
/// that it adds no instance to a static call's build.
pub(crate) type LayoutsStatic<SA, DA, SB, DB> = And4<
    <SA as Leaves>::Static,
    <DA as Leaves>::Static,
    <SB as Leaves>::Static,
    <DB as Leaves>::Static,
>;
