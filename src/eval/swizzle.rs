//! The evaluator's calls for swizzles and composed layouts:
//! `Sw<B,M,S>`, `swizzle(Sw, x)`, `composition(Sw, L)`, the operations on a
//! composed layout, `upcast`/`downcast`, the swizzle portions, and
//! `values(X)`, the value at every 1-D index of a layout.
//!
//! ```
//! use cute_algebra::eval::eval_line;
//! assert_eq!(eval_line("composition(Sw<3,4,3>, (8,64):(64,1))"), "Sw<3,4,3> o 0 o (8,64):(64,1)");
//! assert_eq!(eval_line("swizzle(Sw<2,1,3>, 1850)"), "1852");
//! assert_eq!(eval_line("values(composition(Sw<1,0,1>, 4:1))"), "0 1 3 2");
//! assert_eq!(eval_line("values((2,2):(2,1))"), "0 2 1 3");
//! assert_eq!(eval_line("get_swizzle_portion(4:1)"), "Sw<0,4,3>");
//! assert!(eval_line("Sw<3,4,2>").starts_with("error: Swizzle: abs(S) must be at least B"));
//! ```

use super::{
    Value, as_int, as_layout, as_tiler, as_tree, bad, coord_arg, one_of, second, tile_to_shape_args,
};
use crate::dynamic::parse::Cursor;
use crate::dynamic::{DynLayout, IntTree};
use crate::error::LayoutError;
use crate::swizzle::{DynComposed, DynSwizzle, MaybeComposed};

/// `Sw<B,M,S>`, after the name `Sw`.
pub(super) fn parse_sw(c: &mut Cursor<'_>) -> Result<Value, LayoutError> {
    let sw = parse_sw_params(c)?;
    // CuTe's printed composed layout, `Sw<B,M,S> o O o L`, reads back.
    if c.peek() == Some(b'o') && c.peek_at(1).is_some_and(|b| b == b' ') {
        c.pos += 1;
        let offset = c.int()?;
        if !(c.peek() == Some(b'o') && c.peek_at(1).is_some_and(|b| b == b' ')) {
            return Err(crate::dynamic::parse::perr(
                c.pos,
                "expected 'o' and a layout after the offset of Sw<B,M,S> o O",
            ));
        }
        c.pos += 1;
        let layout = c.layout()?;
        return Ok(Value::Composed(DynComposed::new(sw, offset, layout)));
    }
    Ok(Value::Swizzle(sw))
}

fn parse_sw_params(c: &mut Cursor<'_>) -> Result<DynSwizzle, LayoutError> {
    c.expect(b'<', "expected '<' after Sw")?;
    let b = c.int()?;
    c.expect(b',', "expected ',' in Sw<B,M,S>")?;
    let m = c.int()?;
    c.expect(b',', "expected ',' in Sw<B,M,S>")?;
    let s = c.int()?;
    c.expect(b'>', "expected '>' to close Sw<B,M,S>")?;
    let (b, m, s) = (u32::try_from(b), u32::try_from(m), i32::try_from(s));
    match (b, m, s) {
        (Ok(b), Ok(m), Ok(s)) => DynSwizzle::new(b, m, s),
        _ => Err(bad("Swizzle", "B and M must be non-negative and S an i32")),
    }
}

fn from_maybe(m: MaybeComposed) -> Value {
    match m {
        MaybeComposed::Layout(l) => Value::Layout(l),
        MaybeComposed::Composed(c) => Value::Composed(c),
    }
}

fn arity(op: &'static str, args: &[Value], lo: usize, hi: usize) -> Result<(), LayoutError> {
    super::arity(op, args, lo, hi)
}

/// CuTe's `composition(Layout, Swizzle)`: the swizzle moved through the
/// layout (`make_swizzle<L(yyy_msk), L(zzz_msk)>`), composed with `L`.
fn layout_then_swizzle(l: &DynLayout, sw: DynSwizzle) -> Result<MaybeComposed, LayoutError> {
    let (y, z) = (l.at(sw.yyy_msk())?, l.at(sw.zzz_msk())?);
    let moved = DynSwizzle::from_masks(y, z).ok_or(bad(
        "composition",
        "the swizzle's bits do not map to a swizzle through the layout",
    ))?;
    Ok(DynComposed::compose(moved, 0, l.clone()))
}

/// A call on swizzles or composed layouts, or `None` to let the plain
/// evaluator handle it.
pub(super) fn call(
    name: &str,
    args: &[Value],
    _texts: &[&str],
) -> Option<Result<Value, LayoutError>> {
    calls(name, args).transpose()
}

fn calls(name: &str, args: &[Value]) -> Result<Option<Value>, LayoutError> {
    let composed = match args.first() {
        Some(Value::Composed(c)) => Some(c),
        _ => None,
    };
    Ok(Some(match (name, composed) {
        ("swizzle", _) => {
            arity("swizzle", args, 2, 2)?;
            let Value::Swizzle(sw) = &args[0] else {
                return Err(bad("swizzle", "expected Sw<B,M,S> first"));
            };
            Value::Int(sw.apply(as_int(&args[1], "swizzle")?))
        }
        ("values", _) => {
            arity("values", args, 1, 1)?;
            let values: alloc::vec::Vec<i64> = match &args[0] {
                Value::Composed(c) => c.values()?,
                v => as_layout(v, "values")?.values()?,
            };
            Value::List(values.into_iter().map(Value::Int).collect())
        }
        ("composition", None) => match (&args.first(), &args.get(1)) {
            (Some(Value::Swizzle(sw)), Some(l)) if args.len() == 2 => {
                from_maybe(DynComposed::compose(*sw, 0, as_layout(l, "composition")?))
            }
            (Some(l), Some(Value::Swizzle(sw))) if args.len() == 2 => {
                from_maybe(layout_then_swizzle(&as_layout(l, "composition")?, *sw)?)
            }
            _ => return Ok(None),
        },
        ("upcast" | "downcast", _) => {
            let op = one_of(name, ["upcast", "downcast"]);
            arity(op, args, 2, 2)?;
            let n = as_int(&args[1], op)?;
            match (composed, op) {
                (Some(c), "upcast") => Value::Composed(c.upcast(n)?),
                (Some(c), _) => Value::Composed(c.downcast(n)?),
                (None, "upcast") => Value::Layout(as_layout(&args[0], op)?.upcast(n)?),
                (None, _) => Value::Layout(as_layout(&args[0], op)?.downcast(n)?),
            }
        }
        ("get_swizzle_portion", _) => {
            arity("get_swizzle_portion", args, 1, 1)?;
            Value::Swizzle(match composed {
                Some(c) => c.swizzle(),
                None => {
                    as_layout(&args[0], "get_swizzle_portion")?;
                    DynSwizzle::new(0, 4, 3)?
                }
            })
        }
        ("get_nonswizzle_portion", _) => {
            arity("get_nonswizzle_portion", args, 1, 1)?;
            Value::Layout(match composed {
                Some(c) => c.layout().clone(),
                None => as_layout(&args[0], "get_nonswizzle_portion")?,
            })
        }
        (_, Some(c)) => composed_call(name, c, args)?,
        _ => return Ok(None),
    }))
}

/// The operations whose first argument is a composed layout.
fn composed_call(name: &str, c: &DynComposed, args: &[Value]) -> Result<Value, LayoutError> {
    let tiler = |op: &'static str| -> Result<_, LayoutError> {
        arity(op, args, 2, 2)?;
        as_tiler(args[1].clone())
    };
    let unary = |op: &'static str| arity(op, args, 1, 1);
    Ok(match name {
        "composition" => Value::Composed(c.composition(&tiler("composition")?)?),
        "logical_divide" => Value::Composed(c.logical_divide(&tiler("logical_divide")?)?),
        "zipped_divide" => Value::Composed(c.zipped_divide(&tiler("zipped_divide")?)?),
        "tiled_divide" => Value::Composed(c.tiled_divide(&tiler("tiled_divide")?)?),
        "flat_divide" => Value::Composed(c.flat_divide(&tiler("flat_divide")?)?),
        "tile_to_shape" => {
            arity("tile_to_shape", args, 2, 3)?;
            let (s, o) = tile_to_shape_args(args)?;
            Value::Composed(c.tile_to_shape(&s, o.as_ref())?)
        }
        "right_inverse" => {
            unary("right_inverse")?;
            from_maybe(c.right_inverse()?)
        }
        "left_inverse" => {
            unary("left_inverse")?;
            from_maybe(c.left_inverse()?)
        }
        "coalesce" | "filter" => {
            let op = one_of(name, ["coalesce", "filter"]);
            arity(op, args, 1, 2)?;
            let p = args.get(1).map(|p| as_tree(p, op)).transpose()?;
            Value::Composed(if op == "coalesce" {
                c.coalesce(p.as_ref())?
            } else {
                c.filter(p.as_ref())?
            })
        }
        "size" => {
            unary("size")?;
            Value::Int(c.size()?)
        }
        "cosize" => {
            unary("cosize")?;
            Value::Int(c.cosize()?)
        }
        "rank" => {
            unary("rank")?;
            Value::Int(c.layout().rank() as i64)
        }
        "crd2idx" => Value::Int(c.crd2idx(&as_tree(second("crd2idx", args)?, "crd2idx")?)?),
        "slice" => {
            let coord = coord_arg(second("slice", args)?, "slice")?;
            from_maybe(c.slice_and_offset(&coord)?.0)
        }
        "shape" => {
            unary("shape")?;
            match c.shape() {
                IntTree::Int(v) => Value::Int(v),
                t => Value::Tuple((&t).into()),
            }
        }
        _ => {
            return Err(bad(
                "eval",
                "this operation does not take a swizzled composed layout",
            ));
        }
    })
}
