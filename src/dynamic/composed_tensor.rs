//! [`DynComposedTensor`]: a counting tensor over a swizzled composed
//! layout, CuTe's `make_tensor(counting_iterator<int>{0}, Sw o O o L)`.
//!
//! Divides act on the inner layout and keep the swizzle. Slicing goes
//! through CuTe's `slice_and_offset` for swizzled layouts: where the swizzle
//! folds into the kept strides the result is a plain [`DynTensor`], else it
//! stays swizzled; either way the fixed part's offset moves the counter.
//!
//! ```
//! use cute_algebra::dynamic::eval::eval_line;
//! assert_eq!(
//!     eval_line("slice(tensor(composition(Sw<3,1,3>, (8,32):(32,1))), (_,2))"),
//!     "counting_iter(2) o ((4,2)):((36,128))"
//! );
//! assert_eq!(
//!     eval_line("local_partition(tensor(composition(Sw<3,4,4>, (32,32):(32,1))), (2,2):(2,1), 2)"),
//!     "counting_iter(0) o Sw<3,4,4> o 32 o (16,16):(64,2)"
//! );
//! ```

use alloc::vec::Vec;
use core::fmt;

use super::eval::Value;
use super::tensor::{DynTensor, coord_arg, local_partition_tiler, partition_coords, tiler_arg};
use super::{CoordTree, DynComposed, MaybeComposed, TilerRef};
use crate::LayoutError;

/// A counting tensor over a swizzled composed layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynComposedTensor {
    /// The counter's start (CuTe's `counting_iter(start)`).
    pub start: i64,
    /// The composed layout.
    pub layout: DynComposed,
}

impl fmt::Display for DynComposedTensor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "counting_iter({}) o {}", self.start, self.layout)
    }
}

impl DynComposedTensor {
    /// The value at every index `0..size`.
    pub fn values(&self) -> Result<Vec<i64>, LayoutError> {
        (0..self.layout.size()?)
            .map(|i| super::add(self.start, self.layout.at(i)?, "tensor(i)"))
            .collect()
    }

    fn with(&self, layout: DynComposed) -> Value {
        Value::ComposedTensor(DynComposedTensor {
            start: self.start,
            layout,
        })
    }

    /// `tensor(coord)` with `_`: CuTe's swizzled `slice_and_offset`, the
    /// offset moving the counter.
    pub fn slice(&self, c: &CoordTree) -> Result<Value, LayoutError> {
        let (s, off) = self.layout.slice_and_offset(c)?;
        let start = super::add(self.start, off, "slice")?;
        Ok(match s {
            MaybeComposed::Layout(layout) => Value::Tensor(DynTensor { start, layout }),
            MaybeComposed::Composed(layout) => {
                Value::ComposedTensor(DynComposedTensor { start, layout })
            }
        })
    }

    /// `inner_partition(tensor, tiler, coord)` (= `local_tile`).
    pub fn inner_partition<'t>(
        &self,
        t: impl Into<TilerRef<'t>>,
        c: &CoordTree,
    ) -> Result<Value, LayoutError> {
        let z = self.layout.zipped_divide(t)?;
        let inner = partition_coords(z.layout(), c, true)?;
        self.zipped(z).slice(&inner)
    }

    /// `outer_partition(tensor, tiler, coord)`.
    pub fn outer_partition<'t>(
        &self,
        t: impl Into<TilerRef<'t>>,
        c: &CoordTree,
    ) -> Result<Value, LayoutError> {
        let z = self.layout.zipped_divide(t)?;
        let outer = partition_coords(z.layout(), c, false)?;
        self.zipped(z).slice(&outer)
    }

    fn zipped(&self, layout: DynComposed) -> DynComposedTensor {
        DynComposedTensor {
            start: self.start,
            layout,
        }
    }
}

/// The eval calls on a composed tensor; `None` when the first argument is
/// not one (and `tensor(C)` for a composed layout `C`).
pub(crate) fn call(name: &str, args: &[Value]) -> Option<Result<Value, LayoutError>> {
    if name == "tensor" {
        if let [Value::Composed(c)] = args {
            return Some(Ok(Value::ComposedTensor(DynComposedTensor {
                start: 0,
                layout: c.clone(),
            })));
        }
        return None;
    }
    let Some(Value::ComposedTensor(t)) = args.first() else {
        return None;
    };
    let rest = &args[1..];
    Some(match (name, rest) {
        ("values", []) => t
            .values()
            .map(|v| Value::List(v.into_iter().map(Value::Int).collect())),
        ("size", []) => t.layout.size().map(Value::Int),
        ("slice", [c]) => coord_arg(c, "slice").and_then(|c| t.slice(&c)),
        ("composition", [b]) => tiler_arg(b)
            .and_then(|b| t.layout.composition(&b))
            .map(|l| t.with(l)),
        ("logical_divide", [b]) => tiler_arg(b)
            .and_then(|b| t.layout.logical_divide(&b))
            .map(|l| t.with(l)),
        ("zipped_divide", [b]) => tiler_arg(b)
            .and_then(|b| t.layout.zipped_divide(&b))
            .map(|l| t.with(l)),
        ("tiled_divide", [b]) => tiler_arg(b)
            .and_then(|b| t.layout.tiled_divide(&b))
            .map(|l| t.with(l)),
        ("flat_divide", [b]) => tiler_arg(b)
            .and_then(|b| t.layout.flat_divide(&b))
            .map(|l| t.with(l)),
        ("local_tile" | "inner_partition", [b, c]) => tiler_arg(b)
            .and_then(|b| coord_arg(c, "local_tile").and_then(|c| t.inner_partition(&b, &c))),
        ("outer_partition", [b, c]) => tiler_arg(b)
            .and_then(|b| coord_arg(c, "outer_partition").and_then(|c| t.outer_partition(&b, &c))),
        ("local_partition", [Value::Layout(thr), Value::Int(i)]) => {
            local_partition_tiler(thr, *i).and_then(|(b, c)| t.outer_partition(&b, &c))
        }
        _ => Err(LayoutError::BadArgument {
            op: "eval",
            msg: "unknown function, or wrong arguments, for a swizzled tensor",
        }),
    })
}
