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
//!          | '_' INT | '_-' INT             -- the same, in CuTe's printed form (`_8`, `_-1`)
//!          | '(' list ')'                   -- tuple; `(4)` is rank 1, never grouping; never empty
//!          | '_'                            -- coord! (and whole tile! modes) only
//!          | IDENT | '{' expr '}'           -- value forms: runtime `i32`/`i64` or a named static;
//!                                           -- a `u32` reads as `i32`, a `usize` as `i64`
//!          | TYPE                           -- type forms: e.g. `i32`
//! layout  := node ':' node | node           -- no stride: LayoutLeft (column-major compact)
//! tile    := tmode (',' tmode)* ','?
//! tmode   := layout | '_'
//! ```

mod congruent;
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

/// A shape: `shape![2, (2, 2)]`.
///
/// The top-level list is a tuple (like `hlist!`), so `shape![4]` has rank 1
/// and `shape![(4, 8)]` is the rank-1 tuple `((4,8))`; a parenthesised single
/// element is a tuple, never grouping. Integer literals are static typenum
/// integers (any `i64`, no suffix); an identifier `n` or a block `{ expr }`
/// is a runtime `i32`.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::typenum::{P2, P4};
///
/// let s: HList![P2, HList![P2, P2]] = shape![2, (2, 2)];
/// assert_eq!(core::mem::size_of_val(&s), 0); // fully static
///
/// let n = 8;
/// let s: HList![P4, i32] = shape![4, n];
/// assert_eq!(s.tail.head, 8);
/// let _: Shape![4, i32] = shape![4, { n / 2 }];
/// ```
#[proc_macro]
pub fn shape(input: TokenStream) -> TokenStream {
    finish(expand::int_tuple(input.into(), Form::Value, Kind::Shape))
}

/// A stride: `stride![4, (2, 1)]`, same grammar as [`shape!`]; negative
/// literals are static too.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::typenum::{N1, P1, P2, P4};
///
/// let _: HList![P4, HList![P2, P1]] = stride![4, (2, 1)];
/// let _: HList![N1] = stride![-1];
/// ```
#[proc_macro]
pub fn stride(input: TokenStream) -> TokenStream {
    finish(expand::int_tuple(input.into(), Form::Value, Kind::Stride))
}

/// A coordinate: `coord![1, (0, 1)]`; `_` slices a mode (`coord![_, 1]`).
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::typenum::{P1, Z0};
///
/// let _: HList![P1, HList![Z0, P1]] = coord![1, (0, 1)];
/// let _: HList![Underscore, P1] = coord![_, 1];
/// let i = 3;
/// let _: Coord![i32, _] = coord![i, _];
/// ```
#[proc_macro]
pub fn coord(input: TokenStream) -> TokenStream {
    finish(expand::int_tuple(input.into(), Form::Value, Kind::Coord))
}

/// A layout: `layout![(2, (2, 2)) : (4, (2, 1))]`, `layout![8 : 2]`, or
/// `layout![(4, 8)]` (no stride) for the column-major compact (LayoutLeft)
/// layout of that shape.
///
/// Shape and stride are written as in CuTe (a mode is an integer or a
/// tuple, not a top-level list) and must be congruent, which is checked
/// when the macro expands.
///
/// ```
/// use cute_algebra::prelude::*;
/// let l = layout![(2, (2, 2)) : (4, (2, 1))];
/// assert_eq!(core::mem::size_of_val(&l), 0);
/// let _: Layout![(2, (2, 2)) : (4, (2, 1))] = l;
/// let _: Layout![8 : 2] = layout![8 : 2];
/// let _: Layout![(4, 8)] = layout![(4, 8)];
/// let n = 16;
/// let _: Layout![(i32, 4) : (4, 1)] = layout![(n, 4) : (4, 1)];
/// ```
///
/// ```compile_fail
/// use cute_algebra::prelude::*;
/// let _ = layout![(2, 2) : (1, 2, 4)]; // stride is not congruent with the shape
/// ```
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    finish(expand::layout(input.into(), Form::Value))
}

/// A static integer: `int!(24)`, `int!(-1)`, for cotargets, integer tilers
/// and integer coordinates. Only a literal: a runtime value is just the
/// `i32` or `i64`.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::typenum::{Integer, N1, P6};
///
/// let _: P6 = int!(6);
/// let _: N1 = int!(-1);
/// fn value<T: Integer>(_: T) -> i64 { T::I64 }
/// assert_eq!(value(int!(1099511627776)), 1 << 40); // past typenum::U<1024>
/// ```
#[proc_macro]
pub fn int(input: TokenStream) -> TokenStream {
    finish(expand::int(input.into()))
}

/// A by-mode tiler: `tile![3:4, (2,4):(1,8)]`, `tile![4, _, (2,2):(1,4)]`.
///
/// Each mode is a layout `S:D`, a shape (integer or tuple), or `_` (leave
/// that mode alone); the tiler is the tuple of them.
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::typenum::P4;
///
/// let _: HList![Layout![3 : 4], Layout![(2, 4) : (1, 8)]] = tile![3:4, (2,4):(1,8)];
/// let _: HList![P4, Underscore, Layout![(2, 2) : (1, 4)]] = tile![4, _, (2,2):(1,4)];
/// ```
#[proc_macro]
pub fn tile(input: TokenStream) -> TokenStream {
    finish(expand::tile(input.into()))
}

/// The type of [`shape!`]: `Shape![2, (2, 2)]`. Identifiers and paths are
/// types (`i32` for a runtime extent).
///
/// ```
/// use cute_algebra::prelude::*;
/// use cute_algebra::typenum::P2;
///
/// fn rows(s: Shape![i32, (2, 2)]) -> i32 {
///     s.head
/// }
/// let m = 7;
/// assert_eq!(rows(shape![m, (2, 2)]), 7);
/// let _: HList![P2, HList![P2]] = <Shape![2, (2)]>::default();
/// ```
#[proc_macro]
#[allow(non_snake_case)]
pub fn Shape(input: TokenStream) -> TokenStream {
    finish(expand::int_tuple(input.into(), Form::Type, Kind::Shape))
}

/// The type of [`stride!`]: `Stride![4, (2, 1)]`.
///
/// ```
/// use cute_algebra::prelude::*;
/// let _: Stride![4, (2, 1)] = stride![4, (2, 1)];
/// ```
#[proc_macro]
#[allow(non_snake_case)]
pub fn Stride(input: TokenStream) -> TokenStream {
    finish(expand::int_tuple(input.into(), Form::Type, Kind::Stride))
}

/// The type of [`coord!`]: `Coord![_, 1]`; `_` is the `Underscore` type.
///
/// ```
/// use cute_algebra::prelude::*;
/// let _: Coord![_, (0, 1)] = coord![_, (0, 1)];
/// ```
#[proc_macro]
#[allow(non_snake_case)]
pub fn Coord(input: TokenStream) -> TokenStream {
    finish(expand::int_tuple(input.into(), Form::Type, Kind::Coord))
}

/// The type of [`layout!`]: `Layout![(2,(2,2)):(4,(2,1))]`, or
/// `Layout![(4,8)]` for the LayoutLeft layout type of that shape.
///
/// ```
/// use cute_algebra::prelude::*;
/// struct Kernel {
///     smem: Layout![(8, 4) : (4, 1)],
/// }
/// let k = Kernel { smem: layout![(8, 4) : (4, 1)] };
/// assert_eq!(core::mem::size_of_val(&k), 0);
/// ```
#[proc_macro]
#[allow(non_snake_case)]
pub fn Layout(input: TokenStream) -> TokenStream {
    finish(expand::layout(input.into(), Form::Type))
}

/// For `cute_algebra`'s compile errors: `__show_table!(Trait, Val, Mode, N)`
/// implements `Trait` for the typenum unsigneds `0..=N`, mapping each to
/// `Val<n>` (`Pos`), `Val<-n>` (`Neg`) and `Mode<n>` (`Mode`), types whose
/// names print the number.
#[doc(hidden)]
#[proc_macro]
pub fn __show_table(input: TokenStream) -> TokenStream {
    finish(expand::show_table(input.into()))
}

/// One name per N for a family of CuTe's atoms whose names differ only in
/// N (`SM90_64x8x16_F16F16F16_SS` … `SM90_64x256x16_F16F16F16_SS`), since
/// `macro_rules!` cannot build an identifier from pieces:
/// `for_each_n!(cb, "SM90_64x", "x16_F16F16F16_SS", [8, 16], 8, { args })`
/// expands to `cb! { { args } [SM90_64x8x16_F16F16F16_SS 8 P8 P1] [SM90_64x16x16_F16F16F16_SS 16 P16 P2] }`,
/// with N and N divided by the given divisor as typenum types. The atom
/// table (`cute_algebra::atom`'s `gmma_atoms!`) is its user.
#[doc(hidden)]
#[proc_macro]
pub fn for_each_n(input: TokenStream) -> TokenStream {
    finish(expand_for_each_n(input.into()))
}

fn expand_for_each_n(input: proc_macro2::TokenStream) -> syn::Result<proc_macro2::TokenStream> {
    use syn::parse::Parser;
    use syn::punctuated::Punctuated;
    let parser = |s: syn::parse::ParseStream| -> syn::Result<proc_macro2::TokenStream> {
        let cb: syn::Path = s.parse()?;
        s.parse::<syn::Token![,]>()?;
        let before: syn::LitStr = s.parse()?;
        s.parse::<syn::Token![,]>()?;
        let after: syn::LitStr = s.parse()?;
        s.parse::<syn::Token![,]>()?;
        let ns;
        syn::bracketed!(ns in s);
        let ns = Punctuated::<syn::LitInt, syn::Token![,]>::parse_terminated(&ns)?;
        s.parse::<syn::Token![,]>()?;
        let div: syn::LitInt = s.parse()?;
        let div_value: i64 = div.base10_parse()?;
        s.parse::<syn::Token![,]>()?;
        let args: proc_macro2::Group = s.parse()?;
        let mut rows = Vec::new();
        for n in &ns {
            let value: i64 = n.base10_parse()?;
            if div_value <= 0 || value % div_value != 0 {
                return Err(syn::Error::new(
                    n.span(),
                    format!("{value} is not a multiple of {div_value}"),
                ));
            }
            let name =
                quote::format_ident!("{}{}{}", before.value(), n.base10_digits(), after.value());
            let n_type = typenum_bits::int_type(value, n.span());
            let q_type = typenum_bits::int_type(value / div_value, n.span());
            rows.push(quote::quote!([#name #n #n_type, #q_type]));
        }
        Ok(quote::quote!(#cb! { #args #(#rows)* }))
    };
    parser.parse2(input)
}
