//! [`DynComposedTensor`]: a counting tensor over a swizzled composed
//! layout, CuTe's `make_tensor(counting_iterator<int>{0}, Sw o O o L)`.
//!
//! Divides act on the inner layout and keep the swizzle. Slicing goes
//! through CuTe's `slice_and_offset` for swizzled layouts: where the swizzle
//! folds into the kept strides the result is a plain [`DynTensor`], else it
//! stays swizzled; either way the fixed part's offset moves the counter.
//!
//! ```
//! use cute_algebra::eval::eval_line;
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

use super::{DynTensor, partition_coords};
use crate::dynamic::{self, CoordTree, TilerRef};
use crate::error::LayoutError;
use crate::swizzle::{DynComposed, MaybeComposed};

/// A slice of a swizzled tensor: plain where the swizzle folds into the
/// kept strides, still swizzled where it does not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MaybeComposedTensor {
    /// The swizzle folded away.
    Tensor(DynTensor),
    /// The swizzle stays.
    Composed(DynComposedTensor),
}

crate::layout::print::display_variants!(MaybeComposedTensor: Tensor, Composed);

/// A counting tensor over a swizzled composed layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynComposedTensor {
    /// The counter's start (CuTe's `counting_iter(start)`).
    pub start: i64,
    /// The composed layout.
    pub layout: DynComposed,
}

super::counting_display!(DynComposedTensor);

impl DynComposedTensor {
    /// The value at every index `0..size`.
    pub fn values(&self) -> Result<Vec<i64>, LayoutError> {
        (0..dynamic::values_bound(self.layout.size()?)?)
            .map(|i| dynamic::add(self.start, self.layout.at(i)?, "tensor(i)"))
            .collect()
    }

    /// The same counter with a new composed layout (divides and
    /// compositions keep offset 0 at coordinate 0).
    pub(crate) fn with(&self, layout: DynComposed) -> DynComposedTensor {
        DynComposedTensor {
            start: self.start,
            layout,
        }
    }

    /// `tensor(coord)` with `_`: CuTe's swizzled `slice_and_offset`, the
    /// offset moving the counter.
    pub fn slice(&self, c: &CoordTree) -> Result<MaybeComposedTensor, LayoutError> {
        let (s, off) = self.layout.slice_and_offset(c)?;
        let start = dynamic::add(self.start, off, "slice")?;
        Ok(match s {
            MaybeComposed::Layout(layout) => {
                MaybeComposedTensor::Tensor(DynTensor { start, layout })
            }
            MaybeComposed::Composed(layout) => {
                MaybeComposedTensor::Composed(DynComposedTensor { start, layout })
            }
        })
    }

    /// The inner (`inner`) or outer partition: the zipped divide, sliced.
    fn partition(
        &self,
        t: TilerRef,
        c: &CoordTree,
        inner: bool,
    ) -> Result<MaybeComposedTensor, LayoutError> {
        let z = self.layout.zipped_divide(t)?;
        let coord = partition_coords(z.layout(), c, inner)?;
        self.zipped(z).slice(&coord)
    }

    super::partition_methods!(MaybeComposedTensor);

    fn zipped(&self, layout: DynComposed) -> DynComposedTensor {
        DynComposedTensor {
            start: self.start,
            layout,
        }
    }
}
