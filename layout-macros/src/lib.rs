//! Macros for `cute-algebra`. Use them through `cute_algebra::prelude`.
//!
//! They turn CuTe's notation (`(2,(2,2)):(4,(2,1))`) into nested
//! `frunk_core` HLists of typenum integers. Runnable examples live on the
//! re-exports in `cute_algebra`, since a proc-macro crate cannot run its own
//! macros in doctests.
//!
//! # Grammar
//!
//! ```text
//! list    := node (',' node)* ','?          -- the top level of shape!/stride!/coord! is a tuple
//! node    := INT | '-' INT                  -- static integer (typenum), any i64, no suffix
//!          | '(' list ')'                   -- tuple; `(4)` is rank 1, never grouping; never empty
//!          | '_'                            -- coord! (and whole tile! modes) only
//!          | IDENT | '{' expr '}'           -- value forms: runtime `i32`
//!          | TYPE                           -- type forms: e.g. `i32`
//! layout  := node ':' node | node           -- no stride: LayoutLeft (column-major compact)
//! tile    := tmode (',' tmode)* ','?
//! tmode   := layout | '_'
//! ```

mod emit;
mod expand;
mod parse;
mod typenum_bits;

#[cfg(test)]
mod tests;

use parse::{Form, Kind};
use proc_macro::TokenStream;

/// Turn a `syn` result into tokens, errors becoming `compile_error!` at their span.
fn finish(result: syn::Result<proc_macro2::TokenStream>) -> TokenStream {
    result.unwrap_or_else(syn::Error::into_compile_error).into()
}

/// A shape value: `shape![2, (2, 2)]`. The top-level list is a tuple, so
/// `shape![4]` has rank 1. Literals are static; `n` / `{ expr }` are runtime `i32`.
#[proc_macro]
pub fn shape(input: TokenStream) -> TokenStream {
    finish(expand::int_tuple(input.into(), Form::Value, Kind::Shape))
}

/// A stride value: `stride![4, (2, 1)]`, same grammar as `shape!`.
#[proc_macro]
pub fn stride(input: TokenStream) -> TokenStream {
    finish(expand::int_tuple(input.into(), Form::Value, Kind::Stride))
}

/// A coordinate value: `coord![1, (0, 1)]`; `_` slices a mode: `coord![_, 1]`.
#[proc_macro]
pub fn coord(input: TokenStream) -> TokenStream {
    finish(expand::int_tuple(input.into(), Form::Value, Kind::Coord))
}

/// A layout value: `layout![(2, (2, 2)) : (4, (2, 1))]`, `layout![8 : 2]`,
/// or `layout![(4, 8)]` for the column-major compact (LayoutLeft) layout.
/// Shape and stride must be congruent; this is checked at expansion.
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    finish(expand::layout(input.into(), Form::Value))
}

/// A static integer value: `int!(24)`, `int!(-1)`, for cotargets, integer
/// tilers and integer coordinates.
#[proc_macro]
pub fn int(input: TokenStream) -> TokenStream {
    finish(expand::int(input.into()))
}

/// A by-mode tiler: `tile![3:4, (2,4):(1,8)]`, `tile![4, _, (2,2):(1,4)]`.
/// Each mode is a layout `S:D`, a shape, or `_` (leave the mode alone).
#[proc_macro]
pub fn tile(input: TokenStream) -> TokenStream {
    finish(expand::tile(input.into()))
}

/// The type of `shape![..]`: `Shape![2, (2, 2)]`; identifiers are types (`i32`).
#[proc_macro]
#[allow(non_snake_case)]
pub fn Shape(input: TokenStream) -> TokenStream {
    finish(expand::int_tuple(input.into(), Form::Type, Kind::Shape))
}

/// The type of `stride![..]`: `Stride![4, (2, 1)]`.
#[proc_macro]
#[allow(non_snake_case)]
pub fn Stride(input: TokenStream) -> TokenStream {
    finish(expand::int_tuple(input.into(), Form::Type, Kind::Stride))
}

/// The type of `coord![..]`: `Coord![_, 1]`; `_` is the `Underscore` type.
#[proc_macro]
#[allow(non_snake_case)]
pub fn Coord(input: TokenStream) -> TokenStream {
    finish(expand::int_tuple(input.into(), Form::Type, Kind::Coord))
}

/// The type of `layout![..]`: `Layout![(2,(2,2)):(4,(2,1))]`, or
/// `Layout![(4,8)]` for the LayoutLeft layout type of that shape.
#[proc_macro]
#[allow(non_snake_case)]
pub fn Layout(input: TokenStream) -> TokenStream {
    finish(expand::layout(input.into(), Form::Type))
}
