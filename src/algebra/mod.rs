//! CuTe's layout algebra: `coalesce`, `filter`, and friends.
//!
//! Every operation is a trait on the type being recursed on (the shape, or
//! a flat list of modes), so that inference never recurses into a type it
//! does not know yet. Static values resolve during type checking; runtime
//! values follow CuTe's mixed behaviour (for example, runtime modes never
//! merge).

mod arith;
pub(crate) mod classify;
mod coalesce;
mod coalesce_by;
mod common;
mod complement;
pub(crate) mod composition;
mod divide;
mod filter;
mod grid;
mod inverse;
pub mod named;
pub mod names;
mod product;
mod regroup;
mod tile_to_shape;
pub mod tiler;

pub use arith::*;
pub use classify::{One, OrdIsEqual, StaticEq, UEq};
pub use coalesce::*;
pub use coalesce_by::*;
pub use common::*;
pub use complement::*;
pub use composition::composition;
pub use composition::{
    ByMode, ComposeCoalesced, Composed, Composition, CompositionRhs, Leaves, ModeLists, TopModes,
    try_composition, verdict, walk,
};
pub use divide::*;
pub use filter::*;
pub use grid::*;
pub use inverse::*;
pub use named::{DivideComposition, ProductRest, RestOfTile};
pub use product::*;
pub use regroup::*;
pub use tile_to_shape::*;

/// The runtime checks every operation makes on a shape operand, as
/// `DynLayout` makes them on every layout: each extent is at least 1
/// ([`LayoutError::ZeroSize`]), and the size fits its type
/// ([`LayoutError::Overflow`]), so that every prefix product does too.
#[inline(always)]
pub(crate) fn check_shape<S: crate::tuple::IntTuple>(
    s: S,
    op: &'static str,
) -> Result<(), crate::LayoutError> {
    if s.min_leaf() < 1 {
        return Err(crate::LayoutError::ZeroSize { op });
    }
    match s.size_checked() {
        Some(_) => Ok(()),
        None => Err(crate::LayoutError::Overflow { op }),
    }
}
pub use tiler::{ApplyTiler, ApplyZipped, ByModes, Divide, LayoutTiler, Product, TilerModesFit};
