//! [`DynIdentityTensor`]: CuTe's `make_identity_tensor(shape)` at run time,
//! the twin of [`crate::tensor::make_identity_tensor`], and its `eval`
//! calls.
//!
//! Its layout is a [`DynBasisLayout`] and its start a coordinate (CuTe's
//! `ArithTuple(...)`), so every operation is the basis layout's operation
//! plus the coordinate it moves the start by, as for the counting tensor
//! ([`DynTensor`](super::DynTensor)) with integer offsets. It is its own type,
//! not a third engine inside `DynTensor`, because its layout is not a
//! `DynLayout`: every call below works on basis strides.
//!
//! ```
//! use cute_algebra::eval::eval_line;
//! assert_eq!(eval_line("local_tile(identity_tensor((8,64)), (8,2), (0,24))"),
//!            "ArithTuple(0,48) o (8,2):(1@0,1@1)");
//! assert_eq!(eval_line("values(slice(identity_tensor((4,3)), (2,_)))"), "(2,0) (2,1) (2,2)");
//! ```

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use super::{local_partition_tiler, partition_coord, zero_underscores};
use crate::basis::{ArithValue, DynBasisLayout};
use crate::dynamic::{CoordTree, DynLayout, IntTree, TilerRef};
use crate::error::LayoutError;

/// CuTe's `make_identity_tensor(shape)`: the value at a coordinate is
/// `start + layout(coordinate)`, a coordinate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynIdentityTensor {
    /// The iterator's start, one component per mode of the original shape
    /// (CuTe's `ArithTuple(start)`).
    pub start: Vec<i64>,
    /// The basis-strided layout.
    pub layout: DynBasisLayout,
}

impl fmt::Display for DynIdentityTensor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ArithTuple{} o {}",
            ArithValue::Tuple(self.start.clone()),
            self.layout
        )
    }
}

/// The rank of a mode of shape `s` (`None` for an integral mode).
fn rank(s: &IntTree) -> Option<usize> {
    match s {
        IntTree::Int(_) => None,
        IntTree::Tuple(v) => Some(v.len()),
    }
}

impl DynIdentityTensor {
    /// `make_identity_tensor(shape)`: `ArithTuple(0,...) o shape:(1@0,1@1,...)`.
    pub fn new(shape: &IntTree) -> Result<Self, LayoutError> {
        let layout = DynBasisLayout::make_identity_layout(shape)?;
        let n = match shape {
            IntTree::Int(_) => 1,
            IntTree::Tuple(v) => v.len(),
        };
        Ok(DynIdentityTensor {
            start: vec![0; n],
            layout,
        })
    }

    /// `start + v`, a coordinate (CuTe's `operator+` on `ArithTuple`).
    fn plus(&self, v: &ArithValue, op: &'static str) -> Result<Vec<i64>, LayoutError> {
        Ok(ArithValue::Tuple(self.start.clone())
            .add(v, op)?
            .components(self.start.len()))
    }

    /// The coordinate at every index `0..size`.
    pub fn values(&self) -> Result<Vec<Vec<i64>>, LayoutError> {
        (0..crate::dynamic::values_bound(self.layout.size()?)?)
            .map(|i| self.plus(&self.layout.at(i)?, "tensor(i)"))
            .collect()
    }

    /// `tensor(coord)` for a coordinate without `_`: the coordinate it holds.
    pub fn at(&self, c: &IntTree) -> Result<Vec<i64>, LayoutError> {
        self.plus(&self.layout.crd2idx(c)?, "tensor(coord)")
    }

    /// `tensor(coord)` with `_`: the kept modes, started at the fixed part's
    /// coordinate.
    pub fn slice(&self, c: &CoordTree) -> Result<DynIdentityTensor, LayoutError> {
        let off = self.layout.crd2idx(&zero_underscores(c))?;
        Ok(DynIdentityTensor {
            start: self.plus(&off, "slice")?,
            layout: self.layout.slice(c)?,
        })
    }

    /// The same start with a new layout (divides and compositions keep
    /// coordinate 0 at offset 0).
    pub(crate) fn with(&self, layout: DynBasisLayout) -> DynIdentityTensor {
        DynIdentityTensor {
            start: self.start.clone(),
            layout,
        }
    }

    /// The zipped divide's two mode shapes.
    fn zipped(&self, t: TilerRef) -> Result<(DynIdentityTensor, IntTree, IntTree), LayoutError> {
        let z = self.with(self.layout.zipped_divide(t)?);
        match z.layout.shape() {
            IntTree::Tuple(m) if m.len() == 2 => {
                let (m0, m1) = (m[0].clone(), m[1].clone());
                Ok((z, m0, m1))
            }
            _ => Err(LayoutError::BadArgument {
                op: "zipped_divide",
                msg: "the zipped layout is not rank 2",
            }),
        }
    }

    /// The inner (`inner`) or outer partition: the zipped divide, sliced.
    fn partition(
        &self,
        t: TilerRef,
        c: &CoordTree,
        inner: bool,
    ) -> Result<DynIdentityTensor, LayoutError> {
        let (z, m0, m1) = self.zipped(t)?;
        z.slice(&partition_coord(rank(&m0), rank(&m1), c, inner))
    }

    super::partition_methods!(DynIdentityTensor);

    /// `local_partition(tensor, thr, idx)`: `outer_partition` by
    /// `product_each(shape(thr))` at `thr.get_flat_coord(idx)`.
    pub fn local_partition(
        &self,
        thr: &DynLayout,
        idx: i64,
    ) -> Result<DynIdentityTensor, LayoutError> {
        let (tiler, coord) = local_partition_tiler(thr, idx)?;
        self.outer_partition(&tiler, &coord)
    }
}
