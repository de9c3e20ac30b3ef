//! The evaluator's tuple calls on layouts and integer tuples: `get`,
//! `take`, `select`, `flatten`, `group`, `append`, `prepend` (CuTe's
//! functions of those names, with the template indices as arguments:
//! `get<1,0>(L)` is `get(L, 1, 0)`, `take<B,E>(L)` is `take(L, B, E)`).
//! On a layout they act on shape and stride alike; on an integer tuple they
//! give an integer tuple.
//!
//! ```
//! use cute_algebra::dynamic::eval::eval_line;
//! assert_eq!(eval_line("get((2,(3,4)):(12,(1,3)), 1, 0)"), "3:1");
//! assert_eq!(eval_line("take((2,3,4):(1,2,6), 1, 3)"), "(3,4):(2,6)");
//! assert_eq!(eval_line("select((2,3,4):(1,2,6), 2, 0)"), "(4,2):(6,1)");
//! assert_eq!(eval_line("flatten((2,(3,4)))"), "(2,3,4)");
//! assert_eq!(eval_line("group((2,3,4):(1,2,6), 0, 2)"), "((2,3),4):((1,2),6)");
//! assert_eq!(eval_line("append(8:2, 3:16)"), "(8,3):(2,16)");
//! assert_eq!(eval_line("append(8:2)"), "(8,1):(2,0)");
//! assert_eq!(eval_line("prepend((2,3), 4)"), "(4,2,3)");
//! ```

use alloc::vec::Vec;

use super::{Value, arity, as_int, as_tree, bad};
use crate::LayoutError;
use crate::dynamic::{CoordTree, DynLayout, IntTree};

/// The call `name(args)` if `name` is one of the tuple calls.
pub(super) fn call(name: &str, args: &[Value]) -> Option<Result<Value, LayoutError>> {
    let op: &'static str = match name {
        "get" => "get",
        "take" => "take",
        "select" => "select",
        "flatten" => "flatten",
        "group" => "group",
        "append" => "append",
        "prepend" => "prepend",
        _ => return None,
    };
    Some(apply(op, args))
}

/// An operand: a layout, or an integer tuple carried as the shape of a
/// layout (its stride a copy, never read back).
fn operand(v: &Value, op: &'static str) -> Result<(DynLayout, bool), LayoutError> {
    match v {
        Value::Layout(l) => Ok((l.clone(), true)),
        Value::Int(_) | Value::Tuple(_) => {
            let t = as_tree(v, op)?;
            Ok((DynLayout::from_trees(&t, &t), false))
        }
        _ => Err(bad(op, "expected a layout or an integer tuple")),
    }
}

fn index(v: &Value, op: &'static str) -> Result<usize, LayoutError> {
    usize::try_from(as_int(v, op)?).map_err(|_| bad(op, "a mode index must not be negative"))
}

fn apply(op: &'static str, args: &[Value]) -> Result<Value, LayoutError> {
    let (l, is_layout) = operand(args.first().ok_or(bad(op, "expected an operand"))?, op)?;
    let r = match op {
        "get" => {
            if args.len() < 2 {
                arity(op, args, 2, usize::MAX)?;
            }
            args[1..].iter().try_fold(l, |l, i| l.get(index(i, op)?))?
        }
        "take" | "group" => {
            arity(op, args, 3, 3)?;
            let (b, e) = (index(&args[1], op)?, index(&args[2], op)?);
            if op == "take" {
                l.take(b, e)?
            } else {
                l.group(b, e)?
            }
        }
        "select" => {
            let idx = args[1..]
                .iter()
                .map(|i| index(i, op))
                .collect::<Result<Vec<_>, _>>()?;
            l.select(&idx)?
        }
        "flatten" => {
            arity(op, args, 1, 1)?;
            l.flatten()
        }
        _ => {
            // append / prepend: the new mode, by default CuTe's `_1:_0`.
            arity(op, args, 1, 2)?;
            let x = match args.get(1) {
                Some(v) => {
                    let (x, x_layout) = operand(v, op)?;
                    if x_layout != is_layout {
                        return Err(bad(
                            op,
                            "give two layouts or two integer tuples, not one of each",
                        ));
                    }
                    x
                }
                None if is_layout => DynLayout::leaf(1, 0),
                None => return Err(bad(op, "appending to an integer tuple needs the new mode")),
            };
            if op == "append" {
                l.append(&x)?
            } else {
                l.prepend(&x)?
            }
        }
    };
    Ok(if is_layout {
        Value::Layout(r)
    } else {
        match r.shape() {
            IntTree::Int(v) => Value::Int(v),
            t => Value::Tuple(CoordTree::from(&t)),
        }
    })
}
