//! The evaluator's calls on tensors: `tensor(L)` (a counting tensor),
//! `tensor(C)` of a swizzled layout, `identity_tensor(S)`, `recast(T, old,
//! new)`, and the layout operations whose first argument is a tensor.
//!
//! ```
//! use cute_algebra::eval::eval_line;
//! assert_eq!(eval_line("local_tile(tensor((16,16):(1,16)), (2,2), (7,4))"),
//!            "counting_iter(142) o (2,2):(1,16)");
//! assert_eq!(eval_line("values(slice(tensor((4,2):(2,1)), (_,1)))"), "1 3 5 7");
//! assert_eq!(eval_line("local_tile(identity_tensor((8,64)), (8,2), (0,24))"),
//!            "ArithTuple(0,48) o (8,2):(1@0,1@1)");
//! assert_eq!(eval_line("values(slice(identity_tensor((4,3)), (2,_)))"), "(2,0) (2,1) (2,2)");
//! assert_eq!(
//!     eval_line("slice(tensor(composition(Sw<3,1,3>, (8,32):(32,1))), (_,2))"),
//!     "counting_iter(2) o ((4,2)):((36,128))"
//! );
//! ```

use alloc::vec::Vec;

use super::{Value, arity, as_tiler, as_tree, bad, coord_arg};
use crate::basis::ArithValue;
use crate::dynamic::{DynLayout, IntTree};
use crate::error::LayoutError;
use crate::tensor::dynamic::local_partition_tiler;
use crate::tensor::{DynComposedTensor, DynIdentityTensor, DynTensor, MaybeComposedTensor};

/// The tensor calls; `None` when the call is not `tensor`,
/// `identity_tensor` or `recast`, and its first argument is not a tensor.
pub(super) fn call(
    name: &str,
    args: &[Value],
    _texts: &[&str],
) -> Option<Result<Value, LayoutError>> {
    match (name, args.first()) {
        ("tensor", _) => Some(make_tensor(args)),
        ("identity_tensor" | "make_identity_tensor", _) => Some(match args {
            [s @ (Value::Int(_) | Value::Tuple(_))] => as_tree(s, "identity_tensor")
                .and_then(|s| DynIdentityTensor::new(&s))
                .map(Value::IdentityTensor),
            _ => Err(bad("identity_tensor", "expected one shape")),
        }),
        ("recast", _) => Some(arity("recast", args, 3, 3).and_then(|()| match args {
            [Value::Tensor(t), Value::Int(old), Value::Int(new)] => {
                t.recast(*old, *new).map(Value::Tensor)
            }
            _ => Err(bad(
                "recast",
                "expected a counting tensor and two element sizes in bits",
            )),
        })),
        (_, Some(Value::Tensor(t))) => Some(counting(name, t, &args[1..])),
        (_, Some(Value::ComposedTensor(t))) => Some(composed(name, t, &args[1..])),
        (_, Some(Value::IdentityTensor(t))) => Some(identity(name, t, &args[1..])),
        _ => None,
    }
}

/// `tensor(X)`: the counting tensor over a layout, a shape (column-major)
/// or a swizzled layout.
fn make_tensor(args: &[Value]) -> Result<Value, LayoutError> {
    match args {
        [Value::Layout(l)] => Ok(Value::Tensor(DynTensor::new(l.clone()))),
        [Value::Composed(c)] => Ok(Value::ComposedTensor(DynComposedTensor {
            start: 0,
            layout: c.clone(),
        })),
        [Value::Int(i)] => {
            DynLayout::make_layout_left(&IntTree::Int(*i)).map(|l| Value::Tensor(DynTensor::new(l)))
        }
        [Value::Tuple(t)] => t
            .to_int_tree()
            .ok_or(bad("tensor", "'_' in a tensor's shape"))
            .and_then(|s| DynLayout::make_layout_left(&s))
            .map(|l| Value::Tensor(DynTensor::new(l))),
        _ => Err(bad("tensor", "expected one layout")),
    }
}

fn maybe_composed(t: MaybeComposedTensor) -> Value {
    match t {
        MaybeComposedTensor::Tensor(t) => Value::Tensor(t),
        MaybeComposedTensor::Composed(t) => Value::ComposedTensor(t),
    }
}

/// A coordinate as printed in a `values` list: `(2,3)`.
fn coord_value(c: Vec<i64>) -> Value {
    Value::Coord(ArithValue::Tuple(c))
}

fn ints(v: Vec<i64>) -> Value {
    Value::List(v.into_iter().map(Value::Int).collect())
}

/// The calls the three tensor kinds answer alike: the layout operations,
/// which keep the engine (`with` rebuilds the tensor around the new
/// layout), and slicing and the partitions (`part` wraps the tensor).
/// These return from the caller; the other calls fall through.
macro_rules! shared_calls {
    ($t:ident, $name:ident, $rest:ident, $with:ident, $part:ident) => {
        if let Some(v) = match ($name, $rest) {
            ("slice", [c]) => Some($part($t.slice(&coord_arg(c, "slice")?))),
            ("composition", [b]) => Some($with($t.layout.composition(&as_tiler(b.clone())?))),
            ("logical_divide", [b]) => Some($with($t.layout.logical_divide(&as_tiler(b.clone())?))),
            ("zipped_divide", [b]) => Some($with($t.layout.zipped_divide(&as_tiler(b.clone())?))),
            ("tiled_divide", [b]) => Some($with($t.layout.tiled_divide(&as_tiler(b.clone())?))),
            ("flat_divide", [b]) => Some($with($t.layout.flat_divide(&as_tiler(b.clone())?))),
            ("local_tile" | "inner_partition", [b, c]) => Some($part(
                $t.inner_partition(&as_tiler(b.clone())?, &coord_arg(c, "local_tile")?),
            )),
            ("outer_partition", [b, c]) => Some($part(
                $t.outer_partition(&as_tiler(b.clone())?, &coord_arg(c, "outer_partition")?),
            )),
            _ => None,
        } {
            return v;
        }
    };
}

fn counting(name: &str, t: &DynTensor, rest: &[Value]) -> Result<Value, LayoutError> {
    let tensor = |r: Result<DynTensor, LayoutError>| r.map(Value::Tensor);
    let with = |r: Result<DynLayout, LayoutError>| r.map(|l| Value::Tensor(t.with(l)));
    shared_calls!(t, name, rest, with, tensor);
    match (name, rest) {
        ("values", []) => t.values().map(ints),
        ("size", []) => Ok(Value::Int(t.layout.size()?)),
        ("layout", []) => Ok(Value::Layout(t.layout.clone())),
        ("local_partition", [Value::Layout(thr), Value::Int(i)]) => {
            tensor(t.local_partition(thr, *i))
        }
        _ => Err(bad(
            "eval",
            "unknown function, or wrong arguments, for a tensor",
        )),
    }
}

fn composed(name: &str, t: &DynComposedTensor, rest: &[Value]) -> Result<Value, LayoutError> {
    let with = |r: Result<_, LayoutError>| r.map(|l| Value::ComposedTensor(t.with(l)));
    let part = |r: Result<MaybeComposedTensor, LayoutError>| r.map(maybe_composed);
    shared_calls!(t, name, rest, with, part);
    match (name, rest) {
        ("values", []) => t.values().map(ints),
        ("size", []) => t.layout.size().map(Value::Int),
        ("local_partition", [Value::Layout(thr), Value::Int(i)]) => {
            let (b, c) = local_partition_tiler(thr, *i)?;
            t.outer_partition(&b, &c).map(maybe_composed)
        }
        _ => Err(bad(
            "eval",
            "unknown function, or wrong arguments, for a swizzled tensor",
        )),
    }
}

fn identity(name: &str, t: &DynIdentityTensor, rest: &[Value]) -> Result<Value, LayoutError> {
    let tensor = |r: Result<DynIdentityTensor, LayoutError>| r.map(Value::IdentityTensor);
    let with = |r: Result<_, LayoutError>| r.map(|l| Value::IdentityTensor(t.with(l)));
    shared_calls!(t, name, rest, with, tensor);
    match (name, rest) {
        ("values", []) => Ok(Value::List(
            t.values()?.into_iter().map(coord_value).collect(),
        )),
        ("size", []) => Ok(Value::Int(t.layout.size()?)),
        ("layout", []) => Ok(Value::Basis(t.layout.clone())),
        ("crd2idx", [c]) => Ok(coord_value(t.at(&as_tree(c, "crd2idx")?)?)),
        ("local_partition", [Value::Layout(thr), Value::Int(i)]) => {
            tensor(t.local_partition(thr, *i))
        }
        _ => Err(bad(
            "eval",
            "unknown function, or wrong arguments, for an identity tensor",
        )),
    }
}
