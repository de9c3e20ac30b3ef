//! The evaluator's calls for linear layouts over F₂, printed in Triton's
//! notation (its `str(L)` without the leading newline). A CuTe operand
//! (a layout, a swizzled layout, a basis-strided layout) converts with
//! `to_linear` where a linear layout is expected.
//!
//! ```
//! use cute_algebra::eval::eval_line;
//! // A linear layout written out: LL{in=(image)(image); .. -> out=size, ..}.
//! assert_eq!(eval_line("to_cute(LL{in=(1)(3) -> out=4})"), "Sw<1,0,1> o 0 o 4:1");
//! assert_eq!(eval_line("invert_and_compose(LL{r=(2)(1) -> o=4}, LL{s=(1)(2) -> o=4})"),
//!            " - r=1 -> (2)\n   r=2 -> (1)\nwhere out dims are: [s (size 4)]");
//! assert_eq!(eval_line("divide_left(LL{i=(1)(2)(4) -> o=8}, LL{i=(1) -> o=2})"),
//!            " - i=1 -> (1)\n   i=2 -> (2)\nwhere out dims are: [o (size 4)]");
//! assert_eq!(eval_line("to_linear(4:2)"), " - in=1 -> (2)\n   in=2 -> (4)\nwhere out dims are: [out (size 8)]");
//! assert_eq!(eval_line("to_cute(to_linear((4,8):(8,1)))"), "(4,8):(8,1)");
//! assert_eq!(eval_line("to_cute(composition(Sw<1,0,1>, 4:1))"), "Sw<1,0,1> o 0 o 4:1");
//! assert_eq!(eval_line("apply(to_linear(composition(Sw<1,0,1>, 4:1)), 2)"), "(3)");
//! assert!(eval_line("to_linear((2,2):(1,1))").starts_with("error: to_linear: not linear over F2: input bits 0 and 1"));
//! // The SM80 16x8 accumulator to a store of 2 consecutive fp32 per lane.
//! assert_eq!(eval_line("vector_width(to_linear(((4,8),(2,2)):((32,1),(16,8)), (16,8)), 32)"), "1");
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use super::{Value, arity, as_int, as_layout, as_tree, bad, second};
use crate::dynamic::parse::{Cursor, perr};
use crate::dynamic::{CoordTree, IntTree};
use crate::error::LayoutError;
use crate::linear::{
    LinearLayout, bank_conflicts, max_vector_width, swizzle_search, to_cute, to_linear,
    to_linear_basis, to_linear_composed, to_linear_modes, to_linear_tv,
};
use crate::swizzle::MaybeComposed;

const NAMES: [&str; 23] = [
    "divide_left",
    "divide_right",
    "concat_ins",
    "concat_outs",
    "to_cute",
    "invert_and_compose",
    "compose",
    "invert",
    "pseudoinvert",
    "mul",
    "is_injective",
    "is_surjective",
    "is_invertible",
    "matrix",
    "free_variable_masks",
    "num_consecutive_in_out",
    "flatten_ins",
    "flatten_outs",
    "bank_conflicts",
    "swizzle_search",
    "bases",
    "in_dim_names",
    "out_dim_names",
];

/// The calls that take dimension names, as Triton's API takes them.
const NAMED: [&str; 17] = [
    "to_linear",
    "apply",
    "vector_width",
    "sublayout",
    "transpose_ins",
    "transpose_outs",
    "reshape_ins",
    "reshape_outs",
    "rename_in_dim",
    "is_trivial_over",
    "quotient",
    "identity_1d",
    "strided_1d",
    "zeros_1d",
    "basis",
    "in_dim_size",
    "out_dim_size",
];

/// Whether the call `name` takes dimension names among its arguments.
pub(super) fn takes_names(name: &str) -> bool {
    NAMED.contains(&name)
}

fn name(c: &mut Cursor<'_>) -> Result<String, LayoutError> {
    c.ws();
    let start = c.pos;
    while c
        .peek_at(0)
        .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
    {
        c.pos += 1;
    }
    if start == c.pos {
        return Err(perr(start, "expected a dimension name"));
    }
    core::str::from_utf8(&c.s[start..c.pos])
        .map(String::from)
        .map_err(|_| perr(start, "bad dimension name"))
}

fn value(c: &mut Cursor<'_>) -> Result<u64, LayoutError> {
    let at = c.pos;
    u64::try_from(c.int()?).map_err(|_| perr(at, "a basis value is not negative"))
}

/// A linear layout written out, after the name `LL`:
/// `LL{register=(1,0)(0,8); lane=(2,0)(4,0) -> dim0=8, dim1=16}`, each input
/// dimension with one `(..)` image per bit (one value per output
/// dimension), each output dimension with its size.
pub(super) fn parse_ll(c: &mut Cursor<'_>) -> Result<Value, LayoutError> {
    c.expect(b'{', "expected '{' after LL")?;
    let mut ins: Vec<(String, Vec<Vec<u64>>)> = Vec::new();
    if c.peek() != Some(b'-') {
        loop {
            let n = name(c)?;
            c.expect(b'=', "expected '=' after an input dimension's name")?;
            let mut bases = Vec::new();
            while c.eat(b'(') {
                let mut b = Vec::new();
                if !c.eat(b')') {
                    loop {
                        b.push(value(c)?);
                        if c.eat(b')') {
                            break;
                        }
                        c.expect(b',', "expected ',' or ')' in a basis")?;
                    }
                }
                bases.push(b);
            }
            ins.push((n, bases));
            if !c.eat(b';') {
                break;
            }
        }
    }
    c.expect(b'-', "expected '->' before the output dimensions")?;
    c.expect(b'>', "expected '->' before the output dimensions")?;
    let mut outs: Vec<(String, i64)> = Vec::new();
    if c.peek() != Some(b'}') {
        loop {
            let n = name(c)?;
            c.expect(
                b'=',
                "expected '=' and a size after an output dimension's name",
            )?;
            outs.push((n, c.int()?));
            if !c.eat(b',') {
                break;
            }
        }
    }
    c.expect(b'}', "expected '}' to close LL{...}")?;
    let ins: Vec<(&str, Vec<Vec<u64>>)> =
        ins.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    let outs: Vec<(&str, i64)> = outs.iter().map(|(n, s)| (n.as_str(), *s)).collect();
    Ok(Value::Linear(LinearLayout::new(&ins, &outs, false)?))
}

/// A call on linear layouts, or `None` for another binding.
pub(super) fn call(
    name: &str,
    args: &[Value],
    _texts: &[&str],
) -> Option<Result<Value, LayoutError>> {
    let op = NAMES.iter().chain(&NAMED).copied().find(|n| *n == name)?;
    Some(linear_call(op, args))
}

/// The operand as a linear layout: itself, or a CuTe operand converted.
fn as_linear(v: &Value, op: &'static str) -> Result<LinearLayout, LayoutError> {
    match v {
        Value::Linear(l) => Ok(l.clone()),
        Value::Composed(c) => to_linear_composed(c),
        Value::Basis(b) => {
            let names: Vec<alloc::string::String> = (0..b.basis_modes())
                .map(|i| alloc::format!("dim{i}"))
                .collect();
            let refs: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
            to_linear_basis(b, &refs)
        }
        v => to_linear(&as_layout(v, op)?),
    }
}

fn flag(b: bool) -> Value {
    Value::Int(i64::from(b))
}

fn tuple(v: impl IntoIterator<Item = i64>) -> Value {
    Value::Tuple(CoordTree::Tuple(
        v.into_iter().map(CoordTree::Int).collect(),
    ))
}

/// A dimension name written bare: `register`, `dim0`.
fn dim<'a>(v: &'a Value, op: &'static str) -> Result<&'a str, LayoutError> {
    match v {
        Value::Name { name, .. } => Ok(name),
        _ => Err(bad(
            op,
            "expected a dimension name (register, lane, warp, block, offset, dim0, ...)",
        )),
    }
}

/// A list of dimension names, `[register, lane]`.
fn dims<'a>(v: &'a Value, op: &'static str) -> Result<Vec<&'a str>, LayoutError> {
    match v {
        Value::List(items) => items.iter().map(|i| dim(i, op)).collect(),
        _ => Err(bad(op, "expected a list of dimension names [a, b, ...]")),
    }
}

/// A list of `(name, integer)` pairs, `[(register, 8), (lane, 32)]`.
fn named_ints<'a>(v: &'a Value, op: &'static str) -> Result<Vec<(&'a str, i64)>, LayoutError> {
    let pairs = || bad(op, "expected a list of (name, integer) pairs [(a, 4), ...]");
    let Value::List(items) = v else {
        return Err(pairs());
    };
    items
        .iter()
        .map(|i| match i {
            Value::List(p) if p.len() == 2 => Ok((dim(&p[0], op)?, as_int(&p[1], op)?)),
            _ => Err(pairs()),
        })
        .collect()
}

fn names(v: Vec<&str>) -> Value {
    Value::List(
        v.into_iter()
            .map(|n| Value::Name {
                name: String::from(n),
                pos: 0,
            })
            .collect(),
    )
}

/// A layout with one input and one output dimension, renamed.
fn rename_1d(l: LinearLayout, ins: &[&str], out: &str) -> Result<LinearLayout, LayoutError> {
    let [i] = ins else {
        return Err(bad(
            "to_linear",
            "a swizzled layout converts with one input dimension: [name]",
        ));
    };
    let (k_in, k_out) = (l.total_in_bits() as u32, l.total_out_bits() as u32);
    l.reshape_ins(&[(i, 1 << k_in)])?
        .reshape_outs(&[(out, 1 << k_out)])
}

/// `to_linear` with dimension names: a layout's modes named `ins` (its
/// offset `out`), a swizzled layout's index and offset, or a basis-strided
/// layout's output modes.
fn to_linear_named(op: &'static str, args: &[Value]) -> Result<LinearLayout, LayoutError> {
    let out = args.get(2).map(|o| dim(o, op)).transpose()?;
    match (&args[0], &args[1]) {
        (Value::Basis(b), outs) if out.is_none() => to_linear_basis(b, &dims(outs, op)?),
        (Value::Composed(c), ins) => rename_1d(
            to_linear_composed(c)?,
            &dims(ins, op)?,
            out.unwrap_or("out"),
        ),
        (l, ins) => to_linear_modes(&as_layout(l, op)?, &dims(ins, op)?, out.unwrap_or("out")),
    }
}

/// A dimension that must be one of `have` (`side`: which).
fn one_of_dims<'a>(
    op: &'static str,
    side: &'static str,
    have: &[&'a str],
    v: &Value,
) -> Result<&'a str, LayoutError> {
    let n = dim(v, op)?;
    have.iter()
        .copied()
        .find(|h| *h == n)
        .ok_or(LayoutError::UnknownDim {
            op,
            name: crate::error::FnName::new(n),
            side,
        })
}

fn linear_call(op: &'static str, args: &[Value]) -> Result<Value, LayoutError> {
    let unary = || -> Result<LinearLayout, LayoutError> {
        arity(op, args, 1, 1)?;
        as_linear(&args[0], op)
    };
    let binary = || -> Result<(LinearLayout, LinearLayout), LayoutError> {
        arity(op, args, 2, 2)?;
        Ok((as_linear(&args[0], op)?, as_linear(&args[1], op)?))
    };
    Ok(match op {
        "to_linear" => {
            arity(op, args, 1, 3)?;
            match args.get(1) {
                None => Value::Linear(as_linear(&args[0], op)?),
                Some(Value::List(_)) => Value::Linear(to_linear_named(op, args)?),
                Some(tile) => {
                    arity(op, args, 2, 2)?;
                    let IntTree::Tuple(mn) = as_tree(tile, op)? else {
                        return Err(bad(op, "a TV layout's tile is a shape (M,N)"));
                    };
                    let (Some(IntTree::Int(m)), Some(IntTree::Int(n)), 2) =
                        (mn.first(), mn.get(1), mn.len())
                    else {
                        return Err(bad(op, "a TV layout's tile is a shape (M,N)"));
                    };
                    Value::Linear(to_linear_tv(&as_layout(&args[0], op)?, *m, *n)?)
                }
            }
        }
        "to_cute" => match to_cute(&unary()?)? {
            MaybeComposed::Layout(l) => Value::Layout(l),
            MaybeComposed::Composed(c) => Value::Composed(c),
        },
        "invert_and_compose" => {
            let (a, b) = binary()?;
            Value::Linear(a.invert_and_compose(&b)?)
        }
        "compose" => {
            let (a, b) = binary()?;
            // Two converted CuTe layouts (`in -> out` each) chain: the outer
            // one's single input takes the inner one's single output name.
            let b = match (a.out_dim_names().as_slice(), b.in_dim_names().as_slice()) {
                ([o], [i]) if o != i => b.rename_in_dim(i, o)?,
                _ => b,
            };
            Value::Linear(a.compose(&b)?)
        }
        "mul" => {
            let (a, b) = binary()?;
            Value::Linear(a.mul(&b)?)
        }
        "divide_left" | "divide_right" => {
            let (a, b) = binary()?;
            let c = if op == "divide_left" {
                a.divide_left(&b)?
            } else {
                a.divide_right(&b)?
            };
            Value::Linear(c.ok_or(bad(
                op,
                "no layout C has A = B * C (divide_left) or A = C * B (divide_right)",
            ))?)
        }
        "concat_ins" => {
            let (a, b) = binary()?;
            Value::Linear(a.concat_ins(&b)?)
        }
        "concat_outs" => {
            let (a, b) = binary()?;
            Value::Linear(a.concat_outs(&b)?)
        }
        "invert" => Value::Linear(unary()?.invert()?),
        "pseudoinvert" => Value::Linear(unary()?.pseudoinvert()?),
        "flatten_ins" => Value::Linear(unary()?.flatten_ins()),
        "flatten_outs" => Value::Linear(unary()?.flatten_outs()),
        "is_injective" => flag(unary()?.is_injective()),
        "is_surjective" => flag(unary()?.is_surjective()),
        "is_invertible" => flag(unary()?.is_invertible()),
        "num_consecutive_in_out" => Value::Int(unary()?.num_consecutive_in_out() as i64),
        "free_variable_masks" => tuple(
            unary()?
                .free_variable_masks()
                .into_iter()
                .map(|(_, m)| m as i64),
        ),
        "matrix" => Value::List(
            unary()?
                .matrix()
                .into_iter()
                .map(|r| tuple(r.into_iter().map(i64::from)))
                .collect(),
        ),
        "bases" => Value::List(
            unary()?
                .bases()
                .into_iter()
                .flat_map(|(_, bs)| bs.iter().map(|b| tuple(b.iter().map(|v| *v as i64))))
                .collect(),
        ),
        "apply" => {
            if args.is_empty() {
                return Err(bad(
                    op,
                    "expected a linear layout and one value per input dimension",
                ));
            }
            let l = as_linear(&args[0], op)?;
            let value = |x: i64| u64::try_from(x).map_err(|_| LayoutError::OutOfRange { op });
            let ins = if let [_, pairs @ Value::List(_)] = args {
                // Triton's apply({name: value, ...}): any order.
                named_ints(pairs, op)?
                    .into_iter()
                    .map(|(n, x)| Ok((n, value(x)?)))
                    .collect::<Result<Vec<_>, LayoutError>>()?
            } else {
                let names = l.in_dim_names();
                arity(op, args, names.len() + 1, names.len() + 1)?;
                names
                    .iter()
                    .zip(&args[1..])
                    .map(|(n, v)| Ok((*n, value(as_int(v, op)?)?)))
                    .collect::<Result<Vec<_>, LayoutError>>()?
            };
            tuple(l.apply(&ins)?.into_iter().map(|v| v as i64))
        }
        "sublayout" => {
            arity(op, args, 3, 3)?;
            let l = as_linear(&args[0], op)?;
            Value::Linear(l.sublayout(&dims(&args[1], op)?, &dims(&args[2], op)?)?)
        }
        "transpose_ins" | "transpose_outs" => {
            let order = dims(second(op, args)?, op)?;
            let l = as_linear(&args[0], op)?;
            Value::Linear(if op == "transpose_ins" {
                l.transpose_ins(&order)?
            } else {
                l.transpose_outs(&order)?
            })
        }
        "reshape_ins" | "reshape_outs" => {
            let new = named_ints(second(op, args)?, op)?;
            let l = as_linear(&args[0], op)?;
            Value::Linear(if op == "reshape_ins" {
                l.reshape_ins(&new)?
            } else {
                l.reshape_outs(&new)?
            })
        }
        "rename_in_dim" => {
            arity(op, args, 3, 3)?;
            let l = as_linear(&args[0], op)?;
            Value::Linear(l.rename_in_dim(dim(&args[1], op)?, dim(&args[2], op)?)?)
        }
        "is_trivial_over" | "quotient" => {
            let over = dims(second(op, args)?, op)?;
            let l = as_linear(&args[0], op)?;
            if op == "is_trivial_over" {
                flag(l.is_trivial_over(&over)?)
            } else {
                Value::Linear(l.quotient(&over)?.ok_or(bad(
                    op,
                    "the layout is not trivial over these dimensions (the identity on them, mixing them with no other)",
                ))?)
            }
        }
        "identity_1d" | "zeros_1d" => {
            arity(op, args, 3, if op == "zeros_1d" { 4 } else { 3 })?;
            let (size, i, o) = (
                as_int(&args[0], op)?,
                dim(&args[1], op)?,
                dim(&args[2], op)?,
            );
            Value::Linear(match (op, args.get(3)) {
                ("identity_1d", _) => LinearLayout::identity_1d(size, i, o)?,
                (_, None) => LinearLayout::zeros_1d(size, i, o)?,
                // Triton's zeros1D(size, in, out, outDimSize).
                (_, Some(out_size)) => {
                    let z = LinearLayout::zeros_1d(size, i, o)?;
                    let bases = z.bases()[0].1.to_vec();
                    LinearLayout::new(&[(i, bases)], &[(o, as_int(out_size, op)?)], false)?
                }
            })
        }
        "strided_1d" => {
            arity(op, args, 4, 4)?;
            Value::Linear(LinearLayout::strided_1d(
                as_int(&args[0], op)?,
                as_int(&args[1], op)?,
                dim(&args[2], op)?,
                dim(&args[3], op)?,
            )?)
        }
        "basis" => {
            arity(op, args, 3, 3)?;
            let l = as_linear(&args[0], op)?;
            let d = one_of_dims(op, "input", &l.in_dim_names(), &args[1])?;
            let bit = usize::try_from(as_int(&args[2], op)?)
                .map_err(|_| LayoutError::OutOfRange { op })?;
            let b = l.basis(d, bit).ok_or(LayoutError::OutOfRange { op })?;
            tuple(b.iter().map(|v| *v as i64))
        }
        "in_dim_size" | "out_dim_size" => {
            let name = second(op, args)?;
            let l = as_linear(&args[0], op)?;
            let k = if op == "in_dim_size" {
                l.in_dim_size_log2(one_of_dims(op, "input", &l.in_dim_names(), name)?)
            } else {
                l.out_dim_size_log2(one_of_dims(op, "output", &l.out_dim_names(), name)?)
            };
            Value::Int(1 << k.unwrap_or(0))
        }
        "in_dim_names" => names(unary()?.in_dim_names()),
        "out_dim_names" => names(unary()?.out_dim_names()),
        "vector_width" => {
            arity(op, args, 2, 3)?;
            let l = as_linear(&args[0], op)?;
            let bits = u32::try_from(as_int(&args[1], op)?)
                .map_err(|_| bad(op, "the element width is a small positive number of bits"))?;
            let d = match args.get(2) {
                Some(d) => one_of_dims(op, "input", &l.in_dim_names(), d)?,
                None => "register",
            };
            Value::Int(max_vector_width(&l, d, bits)? as i64)
        }
        "bank_conflicts" => {
            arity(op, args, 2, 2)?;
            let l = as_linear(&args[0], op)?;
            let bytes = u32::try_from(as_int(&args[1], op)?)
                .map_err(|_| bad(op, "the element size is a small positive number of bytes"))?;
            let w = bank_conflicts(&l, bytes)?;
            tuple([w.words, w.banks, w.wavefronts, w.ideal].map(|v| v as i64))
        }
        "swizzle_search" => {
            arity(op, args, 3, 4)?;
            let base = as_layout(&args[args.len() - 2], op)?;
            let bytes = u32::try_from(as_int(&args[args.len() - 1], op)?)
                .map_err(|_| bad(op, "the element size is a small positive number of bytes"))?;
            let regs = args[..args.len() - 2]
                .iter()
                .map(|a| as_linear(a, op))
                .collect::<Result<Vec<_>, _>>()?;
            let refs: Vec<&LinearLayout> = regs.iter().collect();
            Value::Swizzle(swizzle_search(&refs, &base, bytes)?.0)
        }
        _ => return Err(bad("eval", "unknown linear-layout call")),
    })
}
