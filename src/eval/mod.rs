//! An evaluator for the oracle's mini-language, so the CLI stays a thin shell.
//!
//! ```text
//! call     := NAME '(' arg (',' arg)* ')'
//! arg      := call | tiler | layout | inttuple | list | NAME
//! list     := '[' (item (',' item)*)? ']'      (linear layouts' dimensions)
//! item     := '(' NAME ',' arg ')' | arg
//! layout   := inttuple ':' inttuple        (a bare inttuple is a shape: LayoutLeft)
//! inttuple := INT | '_' | '(' inttuple (',' inttuple)* ')'
//! tiler    := '<' arg (',' arg)* '>'
//! ```
//!
//! ```
//! use cute_algebra::eval::eval;
//! assert_eq!(eval("logical_divide((4,2,3):(2,1,8), 4:2)").unwrap().to_string(), "((2,2),(2,3)):((4,1),(2,8))");
//! assert_eq!(eval("size((2,(3,4)):(1,(2,6)))").unwrap().to_string(), "24");
//! assert!(eval("logical_divide((3,5):(1,7), 2)").is_err());
//! ```

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

mod atom;
mod basis;
mod layout;
mod linear;
mod swizzle;
mod tensor;

use crate::atom::dynamic::{
    CopyAtom, CopyOp, GmmaDescriptor, GmmaSmem, MmaAtom, TiledCopy, TiledMma, TmaCopy,
};
use crate::basis::{ArithValue, DynBasisLayout};
use crate::dynamic::parse::{Cursor, perr};
use crate::dynamic::{CoordTree, DynLayout, IntTree, MAX_DEPTH, Tiler};
use crate::error::LayoutError;
use crate::swizzle::{DynComposed, DynSwizzle};
use crate::tensor::{DynComposedTensor, DynIdentityTensor, DynTensor};

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
    Swizzle(DynSwizzle),
    /// A swizzled composed layout `Sw<B,M,S> o offset o layout`.
    Composed(DynComposed),
    /// A counting tensor.
    Tensor(DynTensor),
    /// A counting tensor over a swizzled layout.
    ComposedTensor(DynComposedTensor),
    /// An identity tensor.
    IdentityTensor(DynIdentityTensor),
    /// A layout with basis strides `k@i`.
    Basis(DynBasisLayout),
    /// A coordinate-valued result: `0`, `v@i` or `(c0,c1,...)`.
    Coord(ArithValue),
    /// An MMA atom, `MMA_Atom<Op>`.
    MmaAtom(Box<MmaAtom>),
    /// A copy operation (`Copy_Traits<Op>`).
    CopyOp(Box<CopyOp>),
    /// A copy atom, `Copy_Atom<Op, T>`.
    CopyAtom(Box<CopyAtom>),
    /// A tiled MMA.
    TiledMma(Box<TiledMma>),
    /// A tiled copy.
    TiledCopy(Box<TiledCopy>),
    /// A GMMA shared-memory layout `Sw<B,4,3> o smem_ptr[Tb](unset) o L`.
    GmmaSmem(Box<GmmaSmem>),
    /// A GMMA descriptor.
    GmmaDesc(GmmaDescriptor),
    /// A TMA copy's host-side values (`make_tma_copy`): the descriptor's
    /// arguments (box and swizzle mode among them), the box's map to the
    /// global modes, and the coordinate tensor, one line each.
    TmaCopy(Box<TmaCopy>),
    /// A linear layout over F₂, printed as Triton prints it (without
    /// Triton's leading newline).
    Linear(crate::linear::LinearLayout),
    /// A list of values, printed space-separated (`values(X)`: a function's
    /// value at every 1-D index; `[register, lane]`: dimension names).
    List(Vec<Value>),
    /// A bare name: a linear layout's dimension (`register`, `dim0`), where
    /// Triton's calls take one. `pos` is where it was written, for the error
    /// when a call that takes no names gets one.
    Name {
        /// The name.
        name: String,
        /// Its byte offset in the expression.
        pos: usize,
    },
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
            Value::MmaAtom(a) => write!(f, "{a}"),
            Value::CopyOp(a) => write!(f, "{a}"),
            Value::CopyAtom(a) => write!(f, "{a}"),
            Value::TiledMma(a) => write!(f, "{a}"),
            Value::TiledCopy(a) => write!(f, "{a}"),
            Value::GmmaSmem(a) => write!(f, "{a}"),
            Value::GmmaDesc(a) => write!(f, "{a}"),
            Value::TmaCopy(t) => write!(
                f,
                "encode: {}\ntma_gbasis {}\ntma_tensor {}",
                t.encode_string(),
                t.gbasis_string(),
                t.tma_tensor_string()
            ),
            Value::Linear(l) => {
                let text = alloc::format!("{l}");
                f.write_str(text.strip_prefix('\n').unwrap_or(&text))
            }
            Value::Name { name, .. } => f.write_str(name),
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

/// Evaluate one expression.
pub fn eval(expr: &str) -> Result<Value, LayoutError> {
    let mut c = Cursor::new(expr);
    let v = arg(&mut c, 0)?;
    c.finish(v).and_then(no_bare_name)
}

/// A bare name stands for a dimension only as an argument of a call that
/// takes one; anywhere else it is read as a function left uncalled.
fn no_bare_name(v: Value) -> Result<Value, LayoutError> {
    match v {
        Value::Name { name, pos } => Err(LayoutError::UnknownFunction {
            pos,
            name: crate::error::FnName::new(&name),
        }),
        v => Ok(v),
    }
}

/// Evaluate one expression and print it as the CLI does: the value, or
/// `error: <message>`.
///
/// ```
/// use cute_algebra::eval::eval_line;
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
        Some(b'[') => {
            c.pos += 1;
            c.list_rest(b']', "expected ',' or ']'", |c| list_item(c, depth + 1))
                .map(Value::List)
        }
        Some(b'<') => {
            c.pos += 1;
            // `<>` (the empty tiler, as an empty shape `()` prints) reads back.
            c.list_rest(b'>', "expected ',' or '>'", |c| {
                as_tiler(arg(c, depth + 1)?)
            })
            .map(|items| Value::Tiler(Tiler::Tuple(items)))
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
                return swizzle::parse_sw(c);
            }
            if name == "LL" && c.peek() == Some(b'{') {
                return linear::parse_ll(c);
            }
            // CuTe type names: `GMMA::Layout_K_SW128_Atom<half_t>`,
            // `MMA_Atom<SM90_64x64x16_F16F16F16_SS<K,MN>>`, `make_gmma_desc<K>`.
            let name = type_name(c, start)?;
            if c.peek() != Some(b'(') {
                return atom::type_value(&name).or_else(|e| match e {
                    // A plain word is a dimension name (an error where the
                    // call it is given to takes none).
                    LayoutError::UnknownAtom { .. }
                        if name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') =>
                    {
                        Ok(Value::Name { name, pos: start })
                    }
                    // An atom's or element type's name (`MMA_Atom<X>`,
                    // `Copy_Atom<X, T>`) says what is unknown.
                    e @ LayoutError::UnknownAtom { .. } if name.contains("_Atom<") => Err(e),
                    LayoutError::UnknownAtom { .. } => Err(LayoutError::UnknownFunction {
                        pos: start,
                        name: crate::error::FnName::new(&name),
                    }),
                    e => Err(e),
                });
            }
            let name = name.as_str();
            c.expect(b'(', "expected '(' after a function name")?;
            let mut texts = Vec::new();
            let args = c.list_rest(b')', "expected ',' or ')'", |c| {
                let a0 = c.pos;
                let a = arg(c, depth + 1)?;
                texts.push(core::str::from_utf8(&c.s[a0..c.pos]).unwrap_or(""));
                Ok(a)
            })?;
            call(name, args, &texts).map_err(|e| match e {
                LayoutError::BadArgument { op: "eval", msg } => perr(start, msg),
                // An unknown call is placed here; a bare name among the
                // arguments keeps its own place.
                LayoutError::UnknownFunction { pos: 0, name } => {
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
                    None => Value::Basis(DynBasisLayout::new(shape, &stride)?),
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

/// An item of a `[...]` list: a `(name, value)` pair (a dimension and its
/// size or value), or any argument.
fn list_item(c: &mut Cursor<'_>, depth: usize) -> Result<Value, LayoutError> {
    let save = c.pos;
    if c.eat(b'(') && c.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
        let name = arg(c, depth + 1)?;
        c.expect(b',', "expected ',' after the name in a (name, value) pair")?;
        let value = arg(c, depth + 1)?;
        c.expect(b')', "expected ')' to close a (name, value) pair")?;
        return Ok(Value::List(alloc::vec![name, value]));
    }
    c.pos = save;
    arg(c, depth)
}

/// A name read from `start` on, with its `::` parts and its balanced
/// `<...>` template arguments (spaces dropped).
fn type_name(c: &mut Cursor<'_>, start: usize) -> Result<String, LayoutError> {
    let ident = |c: &mut Cursor<'_>| {
        while c
            .peek_at(0)
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            c.pos += 1;
        }
    };
    ident(c);
    while c.peek_at(0) == Some(b':') && c.peek_at(1) == Some(b':') {
        c.pos += 2;
        ident(c);
    }
    if c.peek() == Some(b'<') {
        let mut depth = 0usize;
        loop {
            match c.peek_at(0) {
                Some(b'<') => depth += 1,
                Some(b'>') => {
                    depth -= 1;
                    if depth == 0 {
                        c.pos += 1;
                        break;
                    }
                }
                Some(b'(' | b')') | None => {
                    return Err(perr(c.pos, "unbalanced '<' in a type name"));
                }
                _ => {}
            }
            c.pos += 1;
        }
    }
    let text = core::str::from_utf8(&c.s[start..c.pos]).map_err(|_| perr(start, "bad name"))?;
    Ok(text.chars().filter(|ch| !ch.is_whitespace()).collect())
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

fn as_tree(v: &Value, op: &'static str) -> Result<IntTree, LayoutError> {
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

fn as_tiler(v: Value) -> Result<Tiler, LayoutError> {
    Ok(match v {
        Value::Layout(l) => Tiler::Layout(l),
        Value::Int(i) => Tiler::Int(i),
        Value::Underscore => Tiler::Underscore,
        Value::Tuple(t) => coord_tiler(&t),
        Value::Tiler(t) => t,
        _ => return Err(bad("eval", "expected a tiler")),
    })
}

fn coord_arg(v: &Value, op: &'static str) -> Result<CoordTree, LayoutError> {
    match v {
        Value::Int(i) => Ok(CoordTree::Int(*i)),
        Value::Underscore => Ok(CoordTree::Underscore),
        Value::Tuple(t) => Ok(t.clone()),
        _ => Err(bad(op, "expected a coordinate")),
    }
}

/// The call's name as the `'static` name of one of the operations it can
/// be (the last where it is none of the others), for the errors.
fn one_of<const N: usize>(name: &str, ops: [&'static str; N]) -> &'static str {
    ops.iter()
        .copied()
        .find(|op| *op == name)
        .unwrap_or(ops[N - 1])
}

/// `tile_to_shape(X, shape[, order])`'s arguments after `X` (their number
/// checked): the target shape and the optional mode order.
fn tile_to_shape_args(args: &[Value]) -> Result<(IntTree, Option<IntTree>), LayoutError> {
    let s = as_tree(&args[1], "tile_to_shape")?;
    let o = args
        .get(2)
        .map(|o| as_tree(o, "tile_to_shape"))
        .transpose()?;
    Ok((s, o))
}

/// The second of exactly two arguments (the first is the operand).
fn second<'a>(op: &'static str, args: &'a [Value]) -> Result<&'a Value, LayoutError> {
    arity(op, args, 2, 2)?;
    Ok(&args[1])
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

/// One concept's calls: the value of `name(args)` (`texts`: each argument's
/// source), or `None` when the call is not the concept's, so that the next
/// binding is asked.
type Binding = fn(&str, &[Value], &[&str]) -> Option<Result<Value, LayoutError>>;

/// The bindings in the order they are asked: the first that takes a call
/// answers it. The linear-layout calls come first: their names are
/// their own, and they take every kind of operand. Basis-strided and tensor operands come before the layout
/// calls, which would read them as layouts; the plain layout calls come last.
const BINDINGS: [Binding; 7] = [
    atom::call,
    linear::call,
    basis::call,
    layout::tuple_call,
    tensor::call,
    swizzle::call,
    layout::call,
];

/// Apply the named operation to evaluated arguments (`texts`: each
/// argument's source, for the calls whose meaning depends on which values
/// were written static, `_N`).
fn call(name: &str, args: Vec<Value>, texts: &[&str]) -> Result<Value, LayoutError> {
    if !linear::takes_names(name) && !atom::takes_names(name) {
        for a in &args {
            if let Value::Name { .. } = a {
                no_bare_name(a.clone())?;
            }
        }
    }
    BINDINGS
        .iter()
        .find_map(|b| b(name, &args, texts))
        .unwrap_or_else(|| {
            Err(LayoutError::UnknownFunction {
                pos: 0,
                name: crate::error::FnName::new(name),
            })
        })
}
