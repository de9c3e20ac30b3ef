//! The grammar shared by every macro: nested integer tuples and layouts.
//!
//! ```text
//! list    := node (',' node)* ','?          -- a top-level list is a tuple
//! node    := INT | '-' INT | '(' list ')'   -- `(4)` is a rank-1 tuple
//!          | '_' INT | '_-' INT             -- CuTe's printed static integer (`_8`, `_-1`)
//!          | '_'                            -- only where the kind allows it
//!          | IDENT | '{' expr '}'           -- value forms: a runtime i32
//!          | TYPE                           -- type forms: e.g. `i32`
//! layout  := node (':' node)?               -- no stride: LayoutLeft
//! ```
//!
//! Every error carries the span of the offending token and a message in
//! CuTe's terms, because these macros are where users first meet the grammar.

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::parse::{ParseStream, Result};
use syn::spanned::Spanned;
use syn::{Error, Lit, LitInt, Token, token};

use crate::congruent::check_congruent;

/// Whether we are building an expression or a type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Form {
    /// Expression position: identifiers and `{ expr }` are runtime `i32`s.
    Value,
    /// Type position: identifiers and paths are types.
    Type,
}

/// What an int-tuple means; it decides error wording and whether `_` is legal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A layout's extents.
    Shape,
    /// A layout's steps.
    Stride,
    /// A coordinate; `_` slices a mode.
    Coord,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Shape => "shape",
            Kind::Stride => "stride",
            Kind::Coord => "coordinate",
        }
    }
}

/// One parsed int-tuple node.
#[derive(Clone)]
pub enum Node {
    /// A static integer literal.
    Int { value: i64, span: Span },
    /// A runtime `i32`: an identifier or a `{ expr }` block, kept verbatim.
    Runtime { expr: TokenStream, span: Span },
    /// A type in a type form (e.g. `i32`).
    Ty(Box<syn::Type>),
    /// `_`.
    Underscore(Span),
    /// `( a, b, … )`, never empty.
    Tuple { elems: Vec<Node>, span: Span },
    /// A basis stride `k@i` (CuTe's `E<i>{} * k`), in strides only.
    Basis {
        scale: Box<Node>,
        mode: u8,
        span: Span,
    },
}

impl Node {
    /// The span of the node's first (or only) token, for error messages.
    pub fn span(&self) -> Span {
        match self {
            Node::Int { span, .. }
            | Node::Runtime { span, .. }
            | Node::Underscore(span)
            | Node::Tuple { span, .. }
            | Node::Basis { span, .. } => *span,
            Node::Ty(ty) => ty.span(),
        }
    }
}

/// A layout `shape : stride`, or `shape` alone for LayoutLeft.
#[derive(Clone)]
pub struct LayoutAst {
    pub shape: Node,
    pub stride: Option<Node>,
}

/// The text of the next token, for "found `…`" in messages.
fn next_token_text(input: ParseStream) -> String {
    match input.cursor().token_tree() {
        Some((tt, _)) => match tt {
            TokenTree::Group(g) => {
                let text = g.to_string();
                if text.len() > 24 {
                    format!("{}…", &text[..text.floor_char_boundary(24)])
                } else {
                    text
                }
            }
            other => other.to_string(),
        },
        None => "end of input".to_string(),
    }
}

/// The span of the whole next token tree (a group's span covers both
/// delimiters, where `input.span()` would give only the opening one).
pub fn next_span(input: ParseStream) -> Span {
    match input.cursor().token_tree() {
        Some((tt, _)) => tt.span(),
        None => input.span(),
    }
}

/// The error for a token that cannot start a node.
fn expected_node(input: ParseStream, form: Form, kind: Kind) -> Error {
    let what = match form {
        Form::Value => "an integer, a runtime value (`n` or `{ expr }`), or a parenthesised tuple",
        Form::Type => "an integer, a type (e.g. `i32`), or a parenthesised tuple",
    };
    if input.is_empty() {
        return input.error(format!("expected {what} in this {}", kind.name()));
    }
    let found = next_token_text(input);
    Error::new(
        next_span(input),
        format!("expected {what}, found `{found}`"),
    )
}

/// The error for a non-integer literal where an integer belongs.
fn literal_error(lit: &Lit, sign: &str) -> Error {
    let kind = match lit {
        Lit::Float(_) => "a float literal",
        Lit::Str(_) => "a string literal",
        Lit::ByteStr(_) => "a byte string literal",
        Lit::CStr(_) => "a C string literal",
        Lit::Byte(_) => "a byte literal",
        Lit::Char(_) => "a character literal",
        Lit::Bool(_) => "a boolean literal",
        _ => "a literal",
    };
    let text = match lit {
        Lit::Bool(b) => b.value.to_string(),
        other => quote::ToTokens::to_token_stream(other).to_string(),
    };
    Error::new(
        lit.span(),
        format!("expected an integer, found {kind} `{sign}{text}`"),
    )
}

/// Parse an integer literal (optionally after a `-`) into an `i64`.
///
/// Suffixes are rejected: a static integer is a typenum type, so `8i32`
/// would suggest a runtime type that the macro would silently ignore.
fn parse_int(input: ParseStream) -> Result<Node> {
    let minus: Option<Token![-]> = input.parse()?;
    if input.peek(Lit) && !input.peek(LitInt) {
        let lit: Lit = input.parse()?;
        return Err(literal_error(&lit, if minus.is_some() { "-" } else { "" }));
    }
    if !input.peek(LitInt) {
        let found = next_token_text(input);
        return Err(Error::new(
            next_span(input),
            format!("expected an integer after `-`, found `{found}`"),
        ));
    }
    let lit: LitInt = input.parse()?;
    if !lit.suffix().is_empty() {
        return Err(Error::new(
            lit.span(),
            format!(
                "integer suffix `{}` is not allowed: a literal is a static (typenum) integer; write `{}`",
                lit.suffix(),
                lit.base10_digits()
            ),
        ));
    }
    let span = minus.map_or(lit.span(), |m| m.span);
    let too_big = || {
        let sign = if minus.is_some() { "-" } else { "" };
        Error::new(
            lit.span(),
            format!(
                "integer `{sign}{}` does not fit in i64",
                lit.base10_digits()
            ),
        )
    };
    let magnitude: u64 = lit.base10_parse().map_err(|_| too_big())?;
    let value = match minus {
        None => i64::try_from(magnitude).map_err(|_| too_big())?,
        Some(_) if magnitude == 1u64 << 63 => i64::MIN,
        Some(_) => -i64::try_from(magnitude).map_err(|_| too_big())?,
    };
    Ok(Node::Int { value, span })
}

/// Parse one node: a leaf or a parenthesised tuple.
pub fn parse_node(input: ParseStream, form: Form, kind: Kind) -> Result<Node> {
    if let Some(node) = parse_invisible_group(input, form, kind)? {
        return Ok(node);
    }
    if input.peek(token::Paren) {
        let content;
        let paren = syn::parenthesized!(content in input);
        let span = paren.span.join();
        let elems = parse_list(&content, form, kind)?;
        if elems.is_empty() {
            return Err(Error::new(
                span,
                format!("a {} tuple needs at least one mode", kind.name()),
            ));
        }
        return Ok(Node::Tuple { elems, span });
    }
    if let Some(int) = parse_static_printed(input)? {
        return basis_suffix(input, int, kind);
    }
    if input.peek(Token![_]) {
        let underscore: Token![_] = input.parse()?;
        if kind != Kind::Coord {
            return Err(Error::new(
                underscore.span,
                format!(
                    "`_` is not allowed in a {}: it only slices coordinates and skips whole tile modes",
                    kind.name()
                ),
            ));
        }
        return Ok(Node::Underscore(underscore.span));
    }
    if input.peek(Token![-]) || input.peek(Lit) {
        let int = parse_int(input)?;
        return basis_suffix(input, int, kind);
    }
    match form {
        Form::Value => {
            if input.peek(syn::Ident) {
                let ident: syn::Ident = input.parse()?;
                let span = ident.span();
                return Ok(Node::Runtime {
                    expr: quote::quote!(#ident),
                    span,
                });
            }
            if input.peek(token::Brace) {
                let span = next_span(input);
                let block: syn::Block = input.parse()?;
                return Ok(Node::Runtime {
                    expr: unbrace(block),
                    span,
                });
            }
        }
        Form::Type => {
            if input.peek(token::Brace) {
                return Err(Error::new(
                    next_span(input),
                    "a runtime value in a type form is written as its type, e.g. `i32`",
                ));
            }
            if input.peek(syn::Ident) || input.peek(Token![::]) || input.peek(Token![<]) {
                return Ok(Node::Ty(Box::new(input.parse()?)));
            }
        }
    }
    Err(expected_node(input, form, kind))
}

/// CuTe's printed form of a static integer, `_8` or `_-1`, so that CuTe's
/// output pastes in as it is: `layout![(_4, _8) : (_1, _4)]`. `_8` is one
/// identifier token; `_-1` is the tokens `_`, `-`, `1`. A variable named
/// `_8` cannot be used as a runtime value here.
fn parse_static_printed(input: ParseStream) -> Result<Option<Node>> {
    if let Some((ident, _)) = input.cursor().ident()
        && let Some(digits) = ident.to_string().strip_prefix('_')
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
    {
        input.step(|c| Ok(((), c.ident().map_or(*c, |(_, rest)| rest))))?;
        let value: i64 = digits.parse().map_err(|_| {
            Error::new(
                ident.span(),
                format!("integer `{digits}` does not fit in i64"),
            )
        })?;
        return Ok(Some(Node::Int {
            value,
            span: ident.span(),
        }));
    }
    if input.peek(Token![_]) && input.peek2(Token![-]) {
        let u: Token![_] = input.parse()?;
        return match parse_int(input)? {
            Node::Int { value, .. } => Ok(Some(Node::Int {
                value,
                span: u.span,
            })),
            other => Ok(Some(other)),
        };
    }
    Ok(None)
}

/// `k@i` after the scale `k` of a stride leaf: the basis stride `k@i`.
fn basis_suffix(input: ParseStream, scale: Node, kind: Kind) -> Result<Node> {
    if !input.peek(Token![@]) {
        return Ok(scale);
    }
    let at: Token![@] = input.parse()?;
    if kind != Kind::Stride {
        return Err(Error::new(
            at.span,
            format!(
                "a basis `k@i` is a stride; it is not allowed in a {}",
                kind.name()
            ),
        ));
    }
    let lit: syn::LitInt = input.parse()?;
    let mode: u8 = lit
        .base10_parse()
        .ok()
        .filter(|m| *m < 16)
        .ok_or_else(|| Error::new(lit.span(), "a basis mode must be 0..=15"))?;
    let span = scale.span();
    Ok(Node::Basis {
        scale: Box::new(scale),
        mode,
        span,
    })
}

/// `{ n * 2 }` → `n * 2`: passed as a call argument, a single-expression
/// block would trip the user's `unused_braces` lint. Blocks with statements
/// stay blocks.
fn unbrace(block: syn::Block) -> TokenStream {
    match block.stmts.as_slice() {
        [syn::Stmt::Expr(expr, None)] => quote::quote!(#expr),
        _ => quote::quote!(#block),
    }
}

/// A `macro_rules!` fragment (`$e:expr`, `$t:ty`) arrives wrapped in an
/// invisible group. If its content is itself a node (`2`, `-1`, `(2, 2)`),
/// use that, so static literals stay static; otherwise the whole fragment is
/// a runtime expression (value forms) or a type (type forms).
fn parse_invisible_group(input: ParseStream, form: Form, kind: Kind) -> Result<Option<Node>> {
    let group = match input.cursor().token_tree() {
        Some((TokenTree::Group(g), _)) if g.delimiter() == proc_macro2::Delimiter::None => g,
        _ => return Ok(None),
    };
    input.parse::<TokenTree>()?;
    let span = group.span();
    let inner = |input: ParseStream| {
        let node = parse_node(input, form, kind)?;
        expect_end(input, "mode")?;
        Ok(node)
    };
    if let Ok(node) = syn::parse::Parser::parse2(inner, group.stream()) {
        return Ok(Some(node));
    }
    Ok(Some(match form {
        Form::Value => Node::Runtime {
            expr: TokenTree::Group(group).into(),
            span,
        },
        Form::Type => Node::Ty(Box::new(syn::parse2(group.stream())?)),
    }))
}

/// Parse a comma-separated list of nodes up to the end of `input`.
///
/// A trailing comma is allowed, as in Rust tuples; anything else between
/// nodes is an error at that token.
pub fn parse_list(input: ParseStream, form: Form, kind: Kind) -> Result<Vec<Node>> {
    let mut elems = Vec::new();
    while !input.is_empty() {
        elems.push(parse_node(input, form, kind)?);
        if input.is_empty() {
            break;
        }
        if input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
        } else {
            let found = next_token_text(input);
            return Err(Error::new(
                next_span(input),
                format!(
                    "expected `,` between {} modes, found `{found}`",
                    kind.name()
                ),
            ));
        }
    }
    Ok(elems)
}

/// Parse the whole macro input as a top-level tuple (like `hlist!`).
pub fn parse_top_list(input: ParseStream, form: Form, kind: Kind) -> Result<Node> {
    let span = input.span();
    let elems = parse_list(input, form, kind)?;
    if elems.is_empty() {
        return Err(Error::new(
            span,
            format!("a {} tuple needs at least one mode", kind.name()),
        ));
    }
    Ok(Node::Tuple { elems, span })
}

/// Parse `shape : stride` or `shape` (a layout mode: integer or tuple).
///
/// Stops after the layout so callers (like `tile!`) can continue.
pub fn parse_layout(input: ParseStream, form: Form) -> Result<LayoutAst> {
    let shape = parse_node(input, form, Kind::Shape)?;
    let stride = if input.peek(Token![:]) && !input.peek(Token![::]) {
        input.parse::<Token![:]>()?;
        let stride = parse_node(input, form, Kind::Stride)?;
        check_congruent(&shape, &stride)?;
        Some(stride)
    } else {
        None
    };
    Ok(LayoutAst { shape, stride })
}

/// Reject anything left after a complete macro argument.
pub fn expect_end(input: ParseStream, what: &str) -> Result<()> {
    if input.is_empty() {
        return Ok(());
    }
    let found = next_token_text(input);
    Err(Error::new(
        next_span(input),
        format!("unexpected `{found}` after the {what}"),
    ))
}
