//! One entry point per macro, on `proc_macro2` tokens so unit tests can call them.

use proc_macro2::TokenStream;
use syn::parse::{ParseStream, Parser, Result};
use syn::{Error, Token};

use crate::emit::{hlist_value, layout_type, layout_value, node_type, node_value};
use crate::parse::{
    Form, Kind, LayoutAst, Node, expect_end, next_span, parse_layout, parse_node, parse_top_list,
};

/// `shape![..]`, `stride![..]`, `coord![..]` and their type forms.
pub fn int_tuple(input: TokenStream, form: Form, kind: Kind) -> Result<TokenStream> {
    let node = (|input: ParseStream| parse_top_list(input, form, kind)).parse2(input)?;
    Ok(match form {
        Form::Value => node_value(&node),
        Form::Type => node_type(&node),
    })
}

/// `layout![S : D]`, `layout![S]` and `Layout![..]`.
pub fn layout(input: TokenStream, form: Form) -> Result<TokenStream> {
    let layout = (|input: ParseStream| {
        if input.is_empty() {
            return Err(input.error("expected a layout `shape : stride` or a shape"));
        }
        let layout = parse_layout(input, form)?;
        if layout.stride.is_none() && !input.is_empty() && !input.peek(Token![,]) {
            // `(2,2) (1,2)`: the user most likely forgot the colon.
            return Err(Error::new(
                next_span(input),
                "expected `:` between shape and stride",
            ));
        }
        expect_end(input, "layout")?;
        Ok(layout)
    })
    .parse2(input)?;
    Ok(match form {
        Form::Value => layout_value(&layout),
        Form::Type => layout_type(&layout),
    })
}

/// `int!(24)`: one static integer literal.
pub fn int(input: TokenStream) -> Result<TokenStream> {
    let node = (|input: ParseStream| {
        if input.is_empty() {
            return Err(input.error("expected an integer literal, e.g. `int!(24)`"));
        }
        let node = parse_node(input, Form::Value, Kind::Shape)?;
        match node {
            Node::Int { .. } => {}
            Node::Runtime { span, .. } => {
                return Err(Error::new(
                    span,
                    "int! makes a static integer from a literal; a runtime value is just the `i32` or `i64` itself",
                ));
            }
            other => {
                return Err(Error::new(
                    other.span(),
                    "int! takes a single integer literal; use shape!/coord! for tuples",
                ));
            }
        }
        expect_end(input, "integer")?;
        Ok(node)
    })
    .parse2(input)?;
    Ok(node_value(&node))
}

/// One mode of a by-mode tiler.
enum TileMode {
    Layout(LayoutAst),
    Shape(Node),
    Skip(proc_macro2::Span),
}

/// `tile![3:4, _, (2,2)]`: a tuple of layouts, shapes and `_`.
pub fn tile(input: TokenStream) -> Result<TokenStream> {
    let modes = (|input: ParseStream| {
        let mut modes = Vec::new();
        while !input.is_empty() {
            if input.peek(Token![_]) {
                let underscore: Token![_] = input.parse()?;
                modes.push(TileMode::Skip(underscore.span));
            } else {
                let layout = parse_layout(input, Form::Value)?;
                modes.push(match layout.stride {
                    Some(_) => TileMode::Layout(layout),
                    None => TileMode::Shape(layout.shape),
                });
            }
            if input.is_empty() {
                break;
            }
            if input.peek(Token![,]) {
                input.parse::<Token![,]>()?;
            } else {
                return Err(Error::new(
                    next_span(input),
                    "expected `,` between tile modes (or `:` between shape and stride)",
                ));
            }
        }
        if modes.is_empty() {
            return Err(input.error("a tiler needs at least one mode"));
        }
        Ok(modes)
    })
    .parse2(input)?;
    let values = modes.iter().map(|mode| match mode {
        TileMode::Layout(layout) => layout_value(layout),
        // A named tile mode is any tiler mode, passed as it is: a layout
        // variable (`tile![tv, _]`), or an integer, static or runtime.
        TileMode::Shape(Node::Runtime { expr, .. }) => quote::quote!((#expr)),
        TileMode::Shape(shape) => node_value(shape),
        TileMode::Skip(span) => node_value(&Node::Underscore(*span)),
    });
    Ok(hlist_value(values.collect::<Vec<_>>().into_iter()))
}

/// `__show_table!(Trait, Val, Mode, N)`: see the macro's documentation.
pub fn show_table(input: TokenStream) -> Result<TokenStream> {
    let parser = |p: ParseStream| {
        let tr: syn::Path = p.parse()?;
        p.parse::<Token![,]>()?;
        let val: syn::Path = p.parse()?;
        p.parse::<Token![,]>()?;
        let mode: syn::Path = p.parse()?;
        p.parse::<Token![,]>()?;
        let max: syn::LitInt = p.parse()?;
        Ok((tr, val, mode, max.base10_parse::<u64>()?))
    };
    let (tr, val, mode, max) = parser.parse2(input)?;
    let span = proc_macro2::Span::call_site();
    let impls = (0..=max).map(|n| {
        let u = crate::typenum_bits::unsigned_type(n, span);
        let lit = proc_macro2::Literal::u64_unsuffixed(n);
        quote::quote! {
            impl #tr for #u {
                type Pos = #val<#lit>;
                type Neg = #val<{ -#lit }>;
                type Mode = #mode<#lit>;
            }
        }
    });
    Ok(quote::quote!(#(#impls)*))
}
