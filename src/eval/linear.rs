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

use super::{Value, arity, as_int, as_layout, as_tree, bad};
use crate::dynamic::parse::{Cursor, perr};
use crate::dynamic::{CoordTree, IntTree};
use crate::error::LayoutError;
use crate::linear::{
    LinearLayout, bank_conflicts, max_vector_width, swizzle_search, to_cute, to_linear,
    to_linear_basis, to_linear_composed, to_linear_tv,
};
use crate::swizzle::MaybeComposed;

const NAMES: [&str; 24] = [
    "divide_left",
    "divide_right",
    "concat_ins",
    "concat_outs",
    "to_linear",
    "to_cute",
    "invert_and_compose",
    "compose",
    "invert",
    "pseudoinvert",
    "mul",
    "apply",
    "is_injective",
    "is_surjective",
    "is_invertible",
    "matrix",
    "free_variable_masks",
    "num_consecutive_in_out",
    "flatten_ins",
    "flatten_outs",
    "vector_width",
    "bank_conflicts",
    "swizzle_search",
    "bases",
];

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
    let op = NAMES.iter().copied().find(|n| *n == name)?;
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
            arity(op, args, 1, 2)?;
            match args.get(1) {
                None => Value::Linear(as_linear(&args[0], op)?),
                Some(tile) => {
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
            let names = l.in_dim_names();
            arity(op, args, names.len() + 1, names.len() + 1)?;
            let ins = names
                .iter()
                .zip(&args[1..])
                .map(|(n, v)| {
                    let x = as_int(v, op)?;
                    u64::try_from(x)
                        .map(|x| (*n, x))
                        .map_err(|_| LayoutError::OutOfRange { op })
                })
                .collect::<Result<Vec<_>, _>>()?;
            tuple(l.apply(&ins)?.into_iter().map(|v| v as i64))
        }
        "vector_width" => {
            arity(op, args, 2, 2)?;
            let l = as_linear(&args[0], op)?;
            let bits = u32::try_from(as_int(&args[1], op)?)
                .map_err(|_| bad(op, "the element width is a small positive number of bits"))?;
            Value::Int(max_vector_width(&l, "register", bits)? as i64)
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
