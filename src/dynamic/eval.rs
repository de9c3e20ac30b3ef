//! An evaluator for the oracle's mini-language, so the CLI stays a thin shell.
//!
//! ```text
//! call     := NAME '(' arg (',' arg)* ')'
//! arg      := call | tiler | layout | inttuple
//! layout   := inttuple ':' inttuple        (a bare inttuple is a shape: LayoutLeft)
//! inttuple := INT | '_' | '(' inttuple (',' inttuple)* ')'
//! tiler    := '<' arg (',' arg)* '>'
//! ```
//!
//! ```
//! use cute_algebra::dynamic::eval::eval;
//! assert_eq!(eval("logical_divide((4,2,3):(2,1,8), 4:2)").unwrap().to_string(), "((2,2),(2,3)):((4,1),(2,8))");
//! assert_eq!(eval("size((2,(3,4)):(1,(2,6)))").unwrap().to_string(), "24");
//! assert!(eval("logical_divide((3,5):(1,7), 2)").is_err());
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

mod basis_calls;
mod mode_calls;
mod recast_call;
mod swizzle_calls;

use super::composed::DynComposed;
use super::parse::{Cursor, perr};
use super::{CoordTree, DynLayout, IntTree, MAX_DEPTH, Tiler, idx2crd_shape};
use crate::LayoutError;

/// The value of an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A layout `shape:stride`.
    Layout(DynLayout),
    /// An integer (a size, an offset, a rank...).
    Int(i64),
    /// An integer tuple, possibly with `_` (a shape, coordinate or profile).
    Tuple(CoordTree),
    /// `_`.
    Underscore,
    /// A by-mode tiler `<a, b, ...>`.
    Tiler(Tiler),
    /// A swizzle `Sw<B,M,S>`.
    Swizzle(crate::swizzle::DynSwizzle),
    /// A swizzled composed layout `Sw<B,M,S> o offset o layout`.
    Composed(DynComposed),
    /// A tensor (see [`super::tensor`]).
    Tensor(super::tensor::DynTensor),
    /// A tensor over a swizzled layout (see [`super::DynComposedTensor`]).
    ComposedTensor(super::DynComposedTensor),
    /// An identity tensor (see [`super::identity_tensor`]).
    IdentityTensor(super::identity_tensor::DynIdentityTensor),
    /// A layout with basis strides `k@i` (see [`super::DynBasisLayout`]).
    Basis(super::DynBasisLayout),
    /// A coordinate-valued result: `0`, `v@i` or `(c0,c1,...)`.
    Coord(super::ArithValue),
    /// A list of values, printed space-separated (`values(X)`: a function's
    /// value at every 1-D index).
    List(Vec<Value>),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Layout(l) => write!(f, "{l}"),
            Value::Int(v) => write!(f, "{v}"),
            Value::Tuple(t) => write!(f, "{t}"),
            Value::Underscore => f.write_str("_"),
            Value::Tiler(t) => write!(f, "{t}"),
            Value::Swizzle(s) => write!(f, "{s}"),
            Value::Composed(c) => write!(f, "{c}"),
            Value::Tensor(t) => write!(f, "{t}"),
            Value::ComposedTensor(t) => write!(f, "{t}"),
            Value::IdentityTensor(t) => write!(f, "{t}"),
            Value::Basis(l) => write!(f, "{l}"),
            Value::Coord(v) => write!(f, "{v}"),
            Value::List(v) => {
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{x}")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Tiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tiler::Layout(l) => write!(f, "{l}"),
            Tiler::Int(v) => write!(f, "{v}"),
            Tiler::Underscore => f.write_str("_"),
            Tiler::Tuple(v) => super::print::write_seq(f, ["<", ", ", ">"], v),
        }
    }
}

/// Evaluate one expression.
pub fn eval(expr: &str) -> Result<Value, LayoutError> {
    let mut c = Cursor::new(expr);
    let v = arg(&mut c, 0)?;
    c.finish(v)
}

/// Evaluate one expression and print it as the CLI does: the value, or
/// `error: <message>`.
///
/// ```
/// use cute_algebra::dynamic::eval::eval_line;
/// assert_eq!(eval_line("coalesce((2,4):(1,2))"), "8:1");
/// assert!(eval_line("coalesce((2,4):(1,2)").starts_with("error: "));
/// ```
pub fn eval_line(expr: &str) -> String {
    use core::fmt::Write;
    let mut s = String::new();
    let _ = match eval(expr) {
        Ok(v) => write!(s, "{v}"),
        Err(e) => write!(s, "error: {e}"),
    };
    s
}

fn arg(c: &mut Cursor<'_>, depth: usize) -> Result<Value, LayoutError> {
    if depth > MAX_DEPTH {
        return Err(LayoutError::TooDeep { limit: MAX_DEPTH });
    }
    match c.peek() {
        Some(b'<') => {
            c.pos += 1;
            let mut items = Vec::new();
            // `<>` (the empty tiler, as an empty shape `()` prints) reads back.
            if c.eat(b'>') {
                return Ok(Value::Tiler(Tiler::Tuple(items)));
            }
            loop {
                items.push(as_tiler(arg(c, depth + 1)?)?);
                if c.eat(b'>') {
                    return Ok(Value::Tiler(Tiler::Tuple(items)));
                }
                c.expect(b',', "expected ',' or '>'")?;
            }
        }
        Some(ch) if ch.is_ascii_alphabetic() => {
            let start = c.pos;
            while c
                .peek_at(0)
                .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
            {
                c.pos += 1;
            }
            let name =
                core::str::from_utf8(&c.s[start..c.pos]).map_err(|_| perr(start, "bad name"))?;
            if name == "Sw" {
                return swizzle_calls::parse_sw(c);
            }
            c.expect(b'(', "expected '(' after a function name")?;
            let mut args = Vec::new();
            let mut texts = Vec::new();
            if !c.eat(b')') {
                loop {
                    let a0 = c.pos;
                    args.push(arg(c, depth + 1)?);
                    texts.push(core::str::from_utf8(&c.s[a0..c.pos]).unwrap_or(""));
                    if c.eat(b')') {
                        break;
                    }
                    c.expect(b',', "expected ',' or ')'")?;
                }
            }
            call(name, args, &texts).map_err(|e| match e {
                LayoutError::BadArgument { op: "eval", msg } => perr(start, msg),
                LayoutError::UnknownFunction { name, .. } => {
                    LayoutError::UnknownFunction { pos: start, name }
                }
                e => e,
            })
        }
        _ => {
            let start = c.pos;
            let t = c.coord(depth)?;
            if c.eat(b':') {
                let shape = t
                    .to_int_tree()
                    .ok_or(perr(start, "'_' in a layout's shape"))?;
                let stride = c.basis_tree(0)?;
                return Ok(match stride.to_int_tree() {
                    Some(stride) => Value::Layout(DynLayout::new(shape, stride)?),
                    None => Value::Basis(super::DynBasisLayout::new(shape, &stride)?),
                });
            }
            Ok(match t {
                CoordTree::Int(v) => Value::Int(v),
                CoordTree::Underscore => Value::Underscore,
                t => Value::Tuple(t),
            })
        }
    }
}

/// Which leaves of a literal integer tuple are written static (`_2`) and
/// which runtime (`67`), in CuTe's printed form; `None` when the text is
/// not a literal or marks no leaf static. An integer tuple with no `_N` is
/// read as all static, as the oracle's mini-language writes CuTe's static
/// values.
fn static_flags(text: &str) -> Option<Vec<bool>> {
    let b = text.as_bytes();
    let mut flags = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let is_static = b[i] == b'_' && matches!(b.get(i + 1), Some(b'0'..=b'9' | b'-'));
        if is_static {
            i += 1;
        }
        match b[i] {
            b'-' | b'0'..=b'9' => {
                i += 1;
                while b.get(i).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                }
                flags.push(is_static);
            }
            c if c.is_ascii_alphabetic() => return None,
            _ => i += 1,
        }
    }
    flags.contains(&true).then_some(flags)
}

fn bad(op: &'static str, msg: &'static str) -> LayoutError {
    LayoutError::BadArgument { op, msg }
}

fn as_layout(v: &Value, op: &'static str) -> Result<DynLayout, LayoutError> {
    match v {
        Value::Layout(l) => Ok(l.clone()),
        Value::Int(_) | Value::Tuple(_) => DynLayout::make_layout_left(&as_tree(v, op)?),
        _ => Err(bad(op, "expected a layout")),
    }
}

pub(crate) fn as_tree(v: &Value, op: &'static str) -> Result<IntTree, LayoutError> {
    match v {
        Value::Int(i) => Ok(IntTree::Int(*i)),
        Value::Tuple(t) => t
            .to_int_tree()
            .ok_or(bad(op, "'_' is not allowed in this integer tuple")),
        _ => Err(bad(op, "expected an integer or an integer tuple")),
    }
}

fn as_int(v: &Value, op: &'static str) -> Result<i64, LayoutError> {
    match v {
        Value::Int(i) => Ok(*i),
        _ => Err(bad(op, "expected an integer")),
    }
}

fn coord_tiler(t: &CoordTree) -> Tiler {
    match t {
        CoordTree::Int(v) => Tiler::Int(*v),
        CoordTree::Underscore => Tiler::Underscore,
        CoordTree::Tuple(v) => Tiler::Tuple(v.iter().map(coord_tiler).collect()),
    }
}

pub(crate) fn as_tiler(v: Value) -> Result<Tiler, LayoutError> {
    Ok(match v {
        Value::Layout(l) => Tiler::Layout(l),
        Value::Int(i) => Tiler::Int(i),
        Value::Underscore => Tiler::Underscore,
        Value::Tuple(t) => coord_tiler(&t),
        Value::Tiler(t) => t,
        _ => return Err(bad("eval", "expected a tiler")),
    })
}

fn arity(op: &'static str, args: &[Value], lo: usize, hi: usize) -> Result<(), LayoutError> {
    if args.len() < lo || args.len() > hi {
        return Err(LayoutError::Arity {
            op,
            min: lo,
            max: hi,
            found: args.len(),
        });
    }
    Ok(())
}

/// Apply the named operation to evaluated arguments (`texts`: each
/// argument's source, for the calls whose meaning depends on which values
/// were written static, `_N`).
fn call(name: &str, args: Vec<Value>, texts: &[&str]) -> Result<Value, LayoutError> {
    if let Some(r) = basis_calls::call(name, &args) {
        return r;
    }
    if let Some(r) = mode_calls::call(name, &args) {
        return r;
    }
    if let Some(r) = recast_call::call(name, &args) {
        return r;
    }
    if let Some(r) = super::tensor::call(name, &args) {
        return r;
    }
    if let Some(r) = super::identity_tensor::call(name, &args) {
        return r;
    }
    if let Some(v) = swizzle_calls::call(name, &args)? {
        return Ok(v);
    }
    macro_rules! unary {
        ($op:literal, |$l:ident| $e:expr) => {{
            arity($op, &args, 1, 1)?;
            let $l = as_layout(&args[0], $op)?;
            $e
        }};
    }
    macro_rules! tiled {
        ($op:literal, $m:ident) => {{
            arity($op, &args, 2, 2)?;
            let l = as_layout(&args[0], $op)?;
            let t = as_tiler(args[1].clone())?;
            Value::Layout(l.$m(&t)?)
        }};
    }
    Ok(match name {
        "coalesce" | "filter" => {
            let op = if name == "coalesce" {
                "coalesce"
            } else {
                "filter"
            };
            arity(op, &args, 1, 2)?;
            let l = as_layout(&args[0], op)?;
            Value::Layout(match (args.get(1), op) {
                (None, "coalesce") => l.coalesce()?,
                (None, _) => l.filter()?,
                (Some(p), "coalesce") => l.coalesce_by(&as_tree(p, op)?)?,
                (Some(p), _) => l.filter_by(&as_tree(p, op)?)?,
            })
        }
        "complement" => {
            arity("complement", &args, 1, 2)?;
            let l = as_layout(&args[0], "complement")?;
            Value::Layout(match args.get(1) {
                None => l.complement()?,
                Some(m) => l.complement_to(&as_tree(m, "complement")?)?,
            })
        }
        "composition" => {
            arity("composition", &args, 2, 2)?;
            let a = as_layout(&args[0], "composition")?;
            Value::Layout(a.composition(&as_tiler(args[1].clone())?)?)
        }
        "right_inverse" => unary!("right_inverse", |l| Value::Layout(l.right_inverse()?)),
        "left_inverse" => unary!("left_inverse", |l| Value::Layout(l.left_inverse()?)),
        "nullspace" => unary!("nullspace", |l| Value::Layout(l.nullspace()?)),
        "size" => unary!("size", |l| Value::Int(l.size()?)),
        "cosize" => unary!("cosize", |l| Value::Int(l.cosize()?)),
        // With integer strides CuTe's coshape is one integer, the cosize.
        "coshape" => unary!("coshape", |l| Value::Int(
            l.cosize().map_err(|e| e.in_op("coshape"))?
        )),
        "rank" => unary!("rank", |l| Value::Int(l.rank() as i64)),
        "depth" => unary!("depth", |l| Value::Int(l.depth() as i64)),
        "logical_divide" => tiled!("logical_divide", logical_divide),
        "zipped_divide" => tiled!("zipped_divide", zipped_divide),
        "tiled_divide" => tiled!("tiled_divide", tiled_divide),
        "flat_divide" => tiled!("flat_divide", flat_divide),
        "logical_product" => tiled!("logical_product", logical_product),
        "zipped_product" => tiled!("zipped_product", zipped_product),
        "tiled_product" => tiled!("tiled_product", tiled_product),
        "flat_product" => tiled!("flat_product", flat_product),
        "blocked_product" | "raked_product" => {
            let op = if name == "blocked_product" {
                "blocked_product"
            } else {
                "raked_product"
            };
            arity(op, &args, 2, 2)?;
            let a = as_layout(&args[0], op)?;
            let b = as_layout(&args[1], op)?;
            Value::Layout(if op == "blocked_product" {
                a.blocked_product(&b)?
            } else {
                a.raked_product(&b)?
            })
        }
        "tile_to_shape" => {
            arity("tile_to_shape", &args, 2, 3)?;
            let a = as_layout(&args[0], "tile_to_shape")?;
            let s = as_tree(&args[1], "tile_to_shape")?;
            let o = args
                .get(2)
                .map(|o| as_tree(o, "tile_to_shape"))
                .transpose()?;
            Value::Layout(a.tile_to_shape(&s, o.as_ref())?)
        }
        "make_layout" => {
            if args.iter().all(|a| matches!(a, Value::Layout(_))) && !args.is_empty() {
                let ls: Vec<DynLayout> = args
                    .iter()
                    .map(|a| as_layout(a, "make_layout"))
                    .collect::<Result<_, _>>()?;
                Value::Layout(DynLayout::concat(&ls).fits("make_layout")?)
            } else {
                if args.len() > 1 && args.iter().any(|a| matches!(a, Value::Layout(_))) {
                    return Err(bad(
                        "make_layout",
                        "the arguments mix layouts with integers or tuples: give layouts only (make_layout(L0, L1, ...)), a shape (make_layout(shape)) or a shape and a stride (make_layout(shape, stride))",
                    ));
                }
                arity("make_layout", &args, 1, 2)?;
                let shape = as_tree(&args[0], "make_layout")?;
                Value::Layout(match args.get(1) {
                    None => DynLayout::make_layout_left(&shape)?,
                    Some(d) => DynLayout::new(shape, as_tree(d, "make_layout")?)
                        .map_err(|e| e.in_op("make_layout"))?,
                })
            }
        }
        "make_layout_right" => {
            arity("make_layout_right", &args, 1, 1)?;
            Value::Layout(DynLayout::make_layout_right(&as_tree(
                &args[0],
                "make_layout_right",
            )?)?)
        }
        "make_ordered_layout" => {
            arity("make_ordered_layout", &args, 2, 2)?;
            let s = as_tree(&args[0], "make_ordered_layout")?;
            let o = as_tree(&args[1], "make_ordered_layout")?;
            Value::Layout(match texts.get(1).and_then(|t| static_flags(t)) {
                Some(flags) => DynLayout::make_ordered_layout_mixed(&s, &o, &flags)?,
                None => DynLayout::make_ordered_layout(&s, &o)?,
            })
        }
        "crd2idx" => {
            arity("crd2idx", &args, 2, 2)?;
            let l = as_layout(&args[0], "crd2idx")?;
            Value::Int(l.crd2idx(&as_tree(&args[1], "crd2idx")?)?)
        }
        "idx2crd" => {
            arity("idx2crd", &args, 2, 2)?;
            let i = as_int(&args[1], "idx2crd")?;
            let c = match &args[0] {
                Value::Layout(l) => l.idx2crd(i)?,
                s => idx2crd_shape(i, &as_tree(s, "idx2crd")?)?,
            };
            match c {
                IntTree::Int(v) => Value::Int(v),
                t => Value::Tuple(CoordTree::from(&t)),
            }
        }
        "slice" => {
            arity("slice", &args, 2, 2)?;
            let l = as_layout(&args[0], "slice")?;
            let c = match &args[1] {
                Value::Int(i) => CoordTree::Int(*i),
                Value::Underscore => CoordTree::Underscore,
                Value::Tuple(t) => t.clone(),
                _ => return Err(bad("slice", "expected a coordinate")),
            };
            Value::Layout(l.slice(&c)?)
        }
        "domain_distribute" => {
            arity("domain_distribute", &args, 2, 2)?;
            let s = match &args[0] {
                Value::Layout(l) => l.shape(),
                v => as_tree(v, "domain_distribute")?,
            };
            Value::Layout(DynLayout::domain_distribute(
                &s,
                as_int(&args[1], "domain_distribute")?,
            )?)
        }
        _ => {
            return Err(LayoutError::UnknownFunction {
                pos: 0,
                name: crate::error::FnName::new(name),
            });
        }
    })
}
