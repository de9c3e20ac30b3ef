//! [`DynTensor`]: CuTe's counting tensor over a [`DynLayout`], the runtime
//! twin of [`crate::tensor::Tensor`] with a [`crate::tensor::Counting`]
//! engine, and the `eval` calls on it.
//!
//! Every operation is the layout operation plus the offset it moves the
//! start by, exactly as CuTe's tensor functions are written.
//!
//! ```
//! use cute_algebra::dynamic::eval::eval;
//! assert_eq!(eval("local_tile(tensor((16,16):(1,16)), (2,2), (7,4))").unwrap().to_string(),
//!            "counting_iter(142) o (2,2):(1,16)");
//! assert_eq!(eval("values(slice(tensor((4,2):(2,1)), (_,1)))").unwrap().to_string(), "1 3 5 7");
//! ```

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use super::eval::Value;
use super::{CoordTree, DynLayout, IntTree, Tiler, TilerRef};
use crate::LayoutError;

/// `make_tensor(counting_iterator<int>{start}, layout)`: the value at a
/// coordinate is `start + layout(coordinate)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynTensor {
    /// The counter's start (CuTe's `counting_iter(start)`).
    pub start: i64,
    /// The layout.
    pub layout: DynLayout,
}

impl fmt::Display for DynTensor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "counting_iter({}) o {}", self.start, self.layout)
    }
}

/// `c` with every `_` read as 0: the coordinate of a slice's fixed part.
fn zero_underscores(c: &CoordTree) -> IntTree {
    match c {
        CoordTree::Int(v) => IntTree::Int(*v),
        CoordTree::Underscore => IntTree::Int(0),
        CoordTree::Tuple(v) => IntTree::Tuple(v.iter().map(zero_underscores).collect()),
    }
}

/// CuTe's `repeat<rank(mode)>(_)`: `_` for an integral mode.
fn underscores(mode: &DynLayout) -> CoordTree {
    if mode.is_integral() {
        CoordTree::Underscore
    } else {
        CoordTree::Tuple(vec![CoordTree::Underscore; mode.rank()])
    }
}

/// CuTe's `append<R>(coord, _)`: a tuple coordinate padded with `_` to
/// the mode's rank; an integer stays (it indexes the whole mode).
fn padded(c: &CoordTree, mode: &DynLayout) -> CoordTree {
    match c {
        CoordTree::Tuple(v) if !mode.is_integral() && v.len() < mode.rank() => {
            let mut v = v.clone();
            v.resize(mode.rank(), CoordTree::Underscore);
            CoordTree::Tuple(v)
        }
        c => c.clone(),
    }
}

impl DynTensor {
    /// The counting tensor over `layout`, starting at 0.
    pub fn new(layout: DynLayout) -> Self {
        DynTensor { start: 0, layout }
    }

    /// The value at every index `0..size`.
    pub fn values(&self) -> Result<Vec<i64>, LayoutError> {
        (0..self.layout.size()?)
            .map(|i| super::add(self.start, self.layout.at(i)?, "tensor(i)"))
            .collect()
    }

    /// `tensor(coord)` with `_`: the kept modes, started at the fixed part's offset.
    pub fn slice(&self, c: &CoordTree) -> Result<DynTensor, LayoutError> {
        let off = self.layout.crd2idx(&zero_underscores(c))?;
        Ok(DynTensor {
            start: super::add(self.start, off, "slice")?,
            layout: self.layout.slice(c)?,
        })
    }

    /// The same counter with a new layout (divides and compositions keep
    /// offset 0 at coordinate 0).
    fn with(&self, layout: DynLayout) -> DynTensor {
        DynTensor {
            start: self.start,
            layout,
        }
    }

    /// `inner_partition(tensor, tiler, coord)` (= `local_tile`).
    pub fn inner_partition<'t>(
        &self,
        t: impl Into<TilerRef<'t>>,
        c: &CoordTree,
    ) -> Result<DynTensor, LayoutError> {
        let z = self.with(self.layout.zipped_divide(t)?);
        let inner = partition_coords(&z.layout, c, true)?;
        z.slice(&inner)
    }

    /// `outer_partition(tensor, tiler, coord)`.
    pub fn outer_partition<'t>(
        &self,
        t: impl Into<TilerRef<'t>>,
        c: &CoordTree,
    ) -> Result<DynTensor, LayoutError> {
        let z = self.with(self.layout.zipped_divide(t)?);
        let outer = partition_coords(&z.layout, c, false)?;
        z.slice(&outer)
    }

    /// `local_partition(tensor, thr, idx)`: `outer_partition` by
    /// `product_each(shape(thr))` at `thr.get_flat_coord(idx)`.
    pub fn local_partition(&self, thr: &DynLayout, idx: i64) -> Result<DynTensor, LayoutError> {
        let (tiler, coord) = local_partition_tiler(thr, idx)?;
        self.outer_partition(&tiler, &coord)
    }
}

/// The slice coordinate of `inner_partition` (`inner`: `(_…, coord)`) or
/// `outer_partition` (`(coord, _…)`) of a zipped layout `z`.
pub(crate) fn partition_coords(
    z: &DynLayout,
    c: &CoordTree,
    inner: bool,
) -> Result<CoordTree, LayoutError> {
    let (m0, m1) = (z.mode(0)?, z.mode(1)?);
    Ok(if inner {
        CoordTree::Tuple(vec![underscores(&m0), padded(c, &m1)])
    } else {
        CoordTree::Tuple(vec![padded(c, &m0), underscores(&m1)])
    })
}

/// `local_partition`'s tiler `product_each(shape(thr))` and coordinate
/// `thr.get_flat_coord(idx)`, for every runtime tensor (plain, composed,
/// identity).
pub(crate) fn local_partition_tiler(
    thr: &DynLayout,
    idx: i64,
) -> Result<(Tiler, CoordTree), LayoutError> {
    const OP: &str = "local_partition";
    let mut sizes = Vec::new();
    let mut coord = Vec::new();
    for m in thr.modes() {
        let (mut c, mut size) = (0i64, 1i64);
        for &(s, d) in m.flat() {
            let ci = if s == 1 {
                0
            } else {
                super::arith::div(idx, d)
                    .and_then(|q| super::arith::rem(q, s))
                    .ok_or(LayoutError::DivisionByZero { op: OP })?
            };
            c = super::add(c, super::mul(ci, size, OP)?, OP)?;
            size = super::mul(size, s, OP)?;
        }
        sizes.push(Tiler::Int(size));
        coord.push(CoordTree::Int(c));
    }
    Ok(if thr.is_integral() {
        (sizes.remove(0), coord.remove(0))
    } else {
        (Tiler::Tuple(sizes), CoordTree::Tuple(coord))
    })
}

fn tensor_arg(v: &Value) -> Option<&DynTensor> {
    match v {
        Value::Tensor(t) => Some(t),
        _ => None,
    }
}

fn bad(op: &'static str, msg: &'static str) -> LayoutError {
    LayoutError::BadArgument { op, msg }
}

pub(crate) fn coord_arg(v: &Value, op: &'static str) -> Result<CoordTree, LayoutError> {
    match v {
        Value::Int(i) => Ok(CoordTree::Int(*i)),
        Value::Underscore => Ok(CoordTree::Underscore),
        Value::Tuple(t) => Ok(t.clone()),
        _ => Err(bad(op, "expected a coordinate")),
    }
}

pub(crate) fn tiler_arg(v: &Value) -> Result<Tiler, LayoutError> {
    super::eval::as_tiler(v.clone())
}

/// The eval calls on tensors: `tensor(L)` and `values(T)`, and the layout
/// operations whose first argument is a tensor. `None` for any other call,
/// which the layout evaluator then handles.
pub(crate) fn call(name: &str, args: &[Value]) -> Option<Result<Value, LayoutError>> {
    if let Some(r) = super::composed_tensor::call(name, args) {
        return Some(r);
    }
    if name == "tensor" {
        return Some(match args {
            [Value::Layout(l)] => Ok(Value::Tensor(DynTensor::new(l.clone()))),
            [v @ (Value::Int(_) | Value::Tuple(_))] => match v {
                Value::Int(i) => DynLayout::make_layout_left(&IntTree::Int(*i)),
                Value::Tuple(t) => t
                    .to_int_tree()
                    .ok_or(bad("tensor", "'_' in a tensor's shape"))
                    .and_then(|s| DynLayout::make_layout_left(&s)),
                _ => unreachable!(),
            }
            .map(|l| Value::Tensor(DynTensor::new(l))),
            _ => Err(bad("tensor", "expected one layout")),
        });
    }
    let t = tensor_arg(args.first()?)?;
    Some(tensor_call(name, t, &args[1..]))
}

fn tensor_call(name: &str, t: &DynTensor, rest: &[Value]) -> Result<Value, LayoutError> {
    let tensor = |r: Result<DynTensor, LayoutError>| r.map(Value::Tensor);
    match (name, rest) {
        ("values", []) => Ok(Value::List(
            t.values()?.into_iter().map(Value::Int).collect(),
        )),
        ("size", []) => Ok(Value::Int(t.layout.size()?)),
        ("layout", []) => Ok(Value::Layout(t.layout.clone())),
        ("slice", [c]) => tensor(t.slice(&coord_arg(c, "slice")?)),
        ("composition", [b]) => Ok(Value::Tensor(t.with(t.layout.composition(&tiler_arg(b)?)?))),
        ("logical_divide", [b]) => Ok(Value::Tensor(
            t.with(t.layout.logical_divide(&tiler_arg(b)?)?),
        )),
        ("zipped_divide", [b]) => Ok(Value::Tensor(
            t.with(t.layout.zipped_divide(&tiler_arg(b)?)?),
        )),
        ("tiled_divide", [b]) => Ok(Value::Tensor(
            t.with(t.layout.tiled_divide(&tiler_arg(b)?)?),
        )),
        ("flat_divide", [b]) => Ok(Value::Tensor(t.with(t.layout.flat_divide(&tiler_arg(b)?)?))),
        ("local_tile" | "inner_partition", [b, c]) => {
            tensor(t.inner_partition(&tiler_arg(b)?, &coord_arg(c, "local_tile")?))
        }
        ("outer_partition", [b, c]) => {
            tensor(t.outer_partition(&tiler_arg(b)?, &coord_arg(c, "outer_partition")?))
        }
        ("local_partition", [Value::Layout(thr), Value::Int(i)]) => {
            tensor(t.local_partition(thr, *i))
        }
        _ => Err(bad(
            "eval",
            "unknown function, or wrong arguments, for a tensor",
        )),
    }
}
