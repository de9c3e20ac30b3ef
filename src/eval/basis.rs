//! The evaluator's calls for basis-strided layouts : `k@i`
//! stride leaves, `make_identity_layout(S)`, and the operations CuTe
//! defines on them, whose values (`values(X)`, `crd2idx`) are coordinates.
//!
//! ```
//! use cute_algebra::eval::eval_line;
//! assert_eq!(eval_line("make_identity_layout((4,2))"), "(4,2):(1@0,1@1)");
//! assert_eq!(eval_line("values(make_identity_layout((2,2)))"), "(0,0) (1,0) (0,1) (1,1)");
//! assert_eq!(eval_line("crd2idx((8,8):(2@0,2@1), (0,1))"), "(0,2)");
//! assert_eq!(eval_line("coshape((8,2):(2@0,1@1))"), "(15,2)");
//! assert_eq!(eval_line("logical_divide(make_identity_layout((8,8)), (2,4))"),
//!            "((2,4),(4,2)):((1@0,2@0),(1@1,4@1))");
//! assert!(eval_line("complement(make_identity_layout((4,8)), 64)").starts_with("error: complement: not defined on basis strides"));
//! ```

use alloc::vec::Vec;

use super::{Value, arity, as_tiler, as_tree, bad, coord_arg, second};
use crate::basis::DynBasisLayout;
use crate::dynamic::CoordTree;
use crate::error::LayoutError;

/// The operations CuTe does not define on basis strides, by name.
const UNDEFINED: [&str; 16] = [
    "complement",
    "right_inverse",
    "left_inverse",
    "nullspace",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
    "tile_to_shape",
    "cosize",
    "filter",
    "idx2crd",
    "upcast",
    "downcast",
];

/// The call `name(args)` if it involves a basis-strided layout.
pub(super) fn call(
    name: &str,
    args: &[Value],
    _texts: &[&str],
) -> Option<Result<Value, LayoutError>> {
    if name == "make_identity_layout" {
        return Some(identity(args));
    }
    match args.first() {
        Some(Value::Basis(l)) => Some(on_basis(name, l, args)),
        Some(_) if args[1..].iter().any(|a| matches!(a, Value::Basis(_))) => {
            Some(Err(LayoutError::BasisStrides {
                op: known(name).unwrap_or("eval"),
                reason: "only the first operand may have basis strides (a basis-strided layout after a plain one)",
            }))
        }
        _ => None,
    }
}

fn known(name: &str) -> Option<&'static str> {
    UNDEFINED
        .iter()
        .copied()
        .find(|n| *n == name)
        .or(match name {
            "composition" => Some("composition"),
            "logical_divide" => Some("logical_divide"),
            "zipped_divide" => Some("zipped_divide"),
            "tiled_divide" => Some("tiled_divide"),
            "flat_divide" => Some("flat_divide"),
            _ => None,
        })
}

fn identity(args: &[Value]) -> Result<Value, LayoutError> {
    const OP: &str = "make_identity_layout";
    arity(OP, args, 1, 1)?;
    let s = as_tree(&args[0], OP)?;
    Ok(Value::Basis(DynBasisLayout::make_identity_layout(&s)?))
}

fn on_basis(name: &str, l: &DynBasisLayout, args: &[Value]) -> Result<Value, LayoutError> {
    macro_rules! tiled {
        ($op:literal, $m:ident) => {{
            arity($op, args, 2, 2)?;
            Value::Basis(l.$m(&as_tiler(args[1].clone())?)?)
        }};
    }
    macro_rules! unary {
        ($op:literal, $e:expr) => {{
            arity($op, args, 1, 1)?;
            $e
        }};
    }
    Ok(match name {
        "values" => unary!(
            "values",
            Value::List(
                l.values()?
                    .into_iter()
                    .map(Value::Coord)
                    .collect::<Vec<_>>()
            )
        ),
        "size" => unary!("size", Value::Int(l.size()?)),
        "rank" => unary!("rank", Value::Int(l.rank() as i64)),
        "depth" => unary!("depth", Value::Int(l.depth() as i64)),
        "coshape" => unary!("coshape", Value::Tuple(CoordTree::from(&l.coshape()?))),
        "coalesce" => unary!("coalesce", Value::Basis(l.coalesce()?)),
        "crd2idx" => Value::Coord(l.crd2idx(&as_tree(second("crd2idx", args)?, "crd2idx")?)?),
        "slice" => Value::Basis(l.slice(&coord_arg(second("slice", args)?, "slice")?)?),
        "composition" => tiled!("composition", composition),
        "logical_divide" => tiled!("logical_divide", logical_divide),
        "zipped_divide" => tiled!("zipped_divide", zipped_divide),
        "tiled_divide" => tiled!("tiled_divide", tiled_divide),
        "flat_divide" => tiled!("flat_divide", flat_divide),
        _ => match known(name) {
            Some(op) => return Err(DynBasisLayout::unsupported(op)),
            None => {
                return Err(bad(
                    "eval",
                    "this call does not take a basis-strided layout",
                ));
            }
        },
    })
}
