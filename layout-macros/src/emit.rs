//! Code generation: parsed nodes → expressions or types.
//!
//! Only paths under `::cute_algebra::__private` are emitted, so the output
//! resolves the same from user crates and from inside `cute_algebra` (which
//! declares `extern crate self as cute_algebra`).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::parse::{LayoutAst, Node};
use crate::typenum_bits::int_type;

/// The type of a node: typenum integer, `i32`/user type, `Underscore`, or HList.
pub fn node_type(node: &Node) -> TokenStream {
    match node {
        Node::Int { value, span } => int_type(*value, *span),
        Node::Runtime { span, .. } => quote_spanned!(*span=> i32),
        Node::Ty(ty) => quote!(#ty),
        Node::Underscore(span) => quote_spanned!(*span=> ::cute_algebra::__private::Underscore),
        Node::Tuple { elems, .. } => hlist_type(elems.iter().map(node_type)),
        Node::Basis { scale, mode, .. } => {
            let v = node_type(scale);
            let m = *mode as usize;
            quote!(::cute_algebra::__private::ScaledBasis<#v, ::cute_algebra::__private::Mode<#m>>)
        }
    }
}

/// Whether a node holds a basis stride `k@i`.
pub fn has_basis(node: &Node) -> bool {
    match node {
        Node::Basis { .. } => true,
        Node::Tuple { elems, .. } => elems.iter().any(has_basis),
        _ => false,
    }
}

/// The value of a node; a static integer is `st::<T>()`, a runtime one `rt(e)`.
pub fn node_value(node: &Node) -> TokenStream {
    match node {
        Node::Int { span, .. } => {
            let ty = node_type(node);
            quote_spanned!(*span=> ::cute_algebra::__private::st::<#ty>())
        }
        // `rt` takes any CuTe integer (a runtime `i32`/`i64`, or a static
        // one bound to a variable, as CuTe's `auto bM = Int<128>{}`) and
        // makes type errors point at the ident.
        Node::Runtime { expr, span } => {
            quote_spanned!(*span=> ::cute_algebra::__private::rt(#expr))
        }
        Node::Ty(ty) => quote!(#ty),
        Node::Underscore(span) => quote_spanned!(*span=> ::cute_algebra::__private::Underscore),
        Node::Tuple { elems, .. } => hlist_value(elems.iter().map(node_value)),
        Node::Basis { scale, .. } => {
            let ty = node_type(node);
            // A named scale `k@i` is a runtime integer: its type is written
            // `i32` in the basis type.
            let v = match &**scale {
                Node::Runtime { expr, span } => {
                    quote_spanned!(*span=> ::cute_algebra::__private::rt_runtime(#expr))
                }
                scale => node_value(scale),
            };
            quote!(<#ty>::new(#v))
        }
    }
}

/// `HCons<A, HCons<B, HNil>>`.
pub fn hlist_type(elems: impl DoubleEndedIterator<Item = TokenStream>) -> TokenStream {
    elems.rev().fold(
        quote!(::cute_algebra::__private::HNil),
        |tail, head| quote!(::cute_algebra::__private::HCons<#head, #tail>),
    )
}

/// `HCons { head: a, tail: HCons { head: b, tail: HNil } }`.
pub fn hlist_value(elems: impl DoubleEndedIterator<Item = TokenStream>) -> TokenStream {
    elems.rev().fold(
        quote!(::cute_algebra::__private::HNil),
        |tail, head| quote!(::cute_algebra::__private::HCons { head: #head, tail: #tail }),
    )
}

/// `Layout<S, D>`, or `LayoutLeft<S>` when no stride was written.
pub fn layout_type(layout: &LayoutAst) -> TokenStream {
    let shape = node_type(&layout.shape);
    match &layout.stride {
        Some(stride) if has_basis(stride) => {
            let stride = node_type(stride);
            quote!(::cute_algebra::__private::BasisLayout<#shape, #stride>)
        }
        Some(stride) => {
            let stride = node_type(stride);
            quote!(::cute_algebra::__private::Layout<#shape, #stride>)
        }
        None => quote!(::cute_algebra::__private::LayoutLeft<#shape>),
    }
}

/// `layout_new(S, D)`, or `make_layout(S)` (LayoutLeft) when no stride was written.
pub fn layout_value(layout: &LayoutAst) -> TokenStream {
    let shape = node_value(&layout.shape);
    match &layout.stride {
        Some(stride) if has_basis(stride) => {
            let stride = node_value(stride);
            quote!(::cute_algebra::__private::BasisLayout::new(#shape, #stride))
        }
        Some(stride) => {
            let stride = node_value(stride);
            quote!(::cute_algebra::__private::layout_new(#shape, #stride))
        }
        None => quote!(::cute_algebra::__private::make_layout(#shape)),
    }
}
