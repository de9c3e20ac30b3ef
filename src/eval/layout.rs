//! The evaluator's tuple calls on layouts and integer tuples: `get`,
//! `take`, `select`, `flatten`, `group`, `append`, `prepend` (CuTe's
//! functions of those names, with the template indices as arguments:
//! `get<1,0>(L)` is `get(L, 1, 0)`, `take<B,E>(L)` is `take(L, B, E)`).
//! On a layout they act on shape and stride alike; on an integer tuple they
//! give an integer tuple.
//!
//! ```
//! use cute_algebra::eval::eval_line;
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

use super::{
    Value, arity, as_int, as_layout, as_tiler, as_tree, bad, coord_arg, one_of, tile_to_shape_args,
};
use crate::dynamic::{CoordTree, DynLayout, IntTree, idx2crd_shape};
use crate::error::LayoutError;

/// The call `name(args)` if `name` is one of the tuple calls.
pub(super) fn tuple_call(
    name: &str,
    args: &[Value],
    _texts: &[&str],
) -> Option<Result<Value, LayoutError>> {
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

/// Apply the named operation to evaluated arguments (`texts`: each
/// argument's source, for the calls whose meaning depends on which values
/// were written static, `_N`).
pub(super) fn call(
    name: &str,
    args: &[Value],
    texts: &[&str],
) -> Option<Result<Value, LayoutError>> {
    calls(name, args, texts).transpose()
}

fn calls(name: &str, args: &[Value], texts: &[&str]) -> Result<Option<Value>, LayoutError> {
    macro_rules! unary {
        ($op:literal, |$l:ident| $e:expr) => {{
            arity($op, args, 1, 1)?;
            let $l = as_layout(&args[0], $op)?;
            $e
        }};
    }
    macro_rules! tiled {
        ($op:literal, $m:ident) => {{
            arity($op, args, 2, 2)?;
            let l = as_layout(&args[0], $op)?;
            let t = as_tiler(args[1].clone())?;
            Value::Layout(l.$m(&t)?)
        }};
    }
    Ok(Some(match name {
        "coalesce" | "filter" => {
            let op = one_of(name, ["coalesce", "filter"]);
            arity(op, args, 1, 2)?;
            let l = as_layout(&args[0], op)?;
            Value::Layout(match (args.get(1), op) {
                (None, "coalesce") => l.coalesce()?,
                (None, _) => l.filter()?,
                (Some(p), "coalesce") => l.coalesce_by(&as_tree(p, op)?)?,
                (Some(p), _) => l.filter_by(&as_tree(p, op)?)?,
            })
        }
        "complement" => {
            arity("complement", args, 1, 2)?;
            let l = as_layout(&args[0], "complement")?;
            Value::Layout(match args.get(1) {
                None => l.complement()?,
                Some(m) => l.complement_to(&as_tree(m, "complement")?)?,
            })
        }
        "composition" => {
            arity("composition", args, 2, 2)?;
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
            let op = one_of(name, ["blocked_product", "raked_product"]);
            arity(op, args, 2, 2)?;
            let a = as_layout(&args[0], op)?;
            let b = as_layout(&args[1], op)?;
            Value::Layout(if op == "blocked_product" {
                a.blocked_product(&b)?
            } else {
                a.raked_product(&b)?
            })
        }
        "tile_to_shape" => {
            arity("tile_to_shape", args, 2, 3)?;
            let a = as_layout(&args[0], "tile_to_shape")?;
            let (s, o) = tile_to_shape_args(args)?;
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
                arity("make_layout", args, 1, 2)?;
                let shape = as_tree(&args[0], "make_layout")?;
                Value::Layout(match args.get(1) {
                    None => DynLayout::make_layout_left(&shape)?,
                    Some(d) => DynLayout::new(shape, as_tree(d, "make_layout")?)
                        .map_err(|e| e.in_op("make_layout"))?,
                })
            }
        }
        "make_layout_right" => {
            arity("make_layout_right", args, 1, 1)?;
            Value::Layout(DynLayout::make_layout_right(&as_tree(
                &args[0],
                "make_layout_right",
            )?)?)
        }
        "make_ordered_layout" => {
            arity("make_ordered_layout", args, 2, 2)?;
            let s = as_tree(&args[0], "make_ordered_layout")?;
            let o = as_tree(&args[1], "make_ordered_layout")?;
            Value::Layout(match texts.get(1).and_then(|t| static_flags(t)) {
                Some(flags) => DynLayout::make_ordered_layout_mixed(&s, &o, &flags)?,
                None => DynLayout::make_ordered_layout(&s, &o)?,
            })
        }
        "crd2idx" => {
            arity("crd2idx", args, 2, 2)?;
            let l = as_layout(&args[0], "crd2idx")?;
            Value::Int(l.crd2idx(&as_tree(&args[1], "crd2idx")?)?)
        }
        "idx2crd" => {
            arity("idx2crd", args, 2, 2)?;
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
            arity("slice", args, 2, 2)?;
            let l = as_layout(&args[0], "slice")?;
            let c = coord_arg(&args[1], "slice")?;
            Value::Layout(l.slice(&c)?)
        }
        "domain_distribute" => {
            arity("domain_distribute", args, 2, 2)?;
            let s = match &args[0] {
                Value::Layout(l) => l.shape(),
                v => as_tree(v, "domain_distribute")?,
            };
            Value::Layout(DynLayout::domain_distribute(
                &s,
                as_int(&args[1], "domain_distribute")?,
            )?)
        }
        _ => return Ok(None),
    }))
}
