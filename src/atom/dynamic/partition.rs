//! [`AnyTensor`]: the runtime tensors a tiled MMA or copy partitions
//! (counting, swizzled counting, identity), with the few layout operations
//! that CuTe's `thrfrg_*`, `tidfrg_*` and `partition_*` apply to a tensor's
//! layout.

use core::fmt;

use crate::dynamic::{CoordTree, DynLayout, IntTree, Tiler};
use crate::error::LayoutError;
use crate::tensor::{DynComposedTensor, DynIdentityTensor, DynTensor, MaybeComposedTensor};

/// A tensor that atoms partition: its engine is kept, its layout divided.
///
/// ```
/// use cute_algebra::atom::dynamic::AnyTensor;
/// use cute_algebra::tensor::DynTensor;
/// let t = AnyTensor::Counting(DynTensor::new("(8,8):(8,1)".parse().unwrap()));
/// assert_eq!(t.shape().to_string(), "(8,8)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyTensor {
    /// A counting tensor over a layout.
    Counting(DynTensor),
    /// A counting tensor over a swizzled layout.
    Swizzled(DynComposedTensor),
    /// An identity (coordinate) tensor.
    Identity(DynIdentityTensor),
}

impl fmt::Display for AnyTensor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t: &dyn fmt::Display = match self {
            AnyTensor::Counting(t) => t,
            AnyTensor::Swizzled(t) => t,
            AnyTensor::Identity(t) => t,
        };
        t.fmt(f)
    }
}

/// Tiler operations that each kind of tensor takes as its layout does.
macro_rules! by_kind {
    ($($(#[$doc:meta])* $op:ident;)*) => {$(
        $(#[$doc])*
        pub fn $op(&self, t: &Tiler) -> Result<AnyTensor, LayoutError> {
            self.map(|l| l.$op(t), |l| l.$op(t), |l| l.$op(t))
        }
    )*};
}

impl AnyTensor {
    /// The counting tensor over `l`, starting at 0 (how a bare layout is
    /// partitioned: its values are the layout's).
    pub fn of_layout(l: DynLayout) -> AnyTensor {
        AnyTensor::Counting(DynTensor::new(l))
    }

    /// The layout's shape.
    pub fn shape(&self) -> IntTree {
        match self {
            AnyTensor::Counting(t) => t.layout.shape(),
            AnyTensor::Swizzled(t) => t.layout.shape(),
            AnyTensor::Identity(t) => t.layout.shape(),
        }
    }

    /// The plain layout of a counting tensor, the inner layout of a swizzled
    /// one; `None` for an identity tensor (its strides are bases).
    pub fn plain_layout(&self) -> Option<&DynLayout> {
        match self {
            AnyTensor::Counting(t) => Some(&t.layout),
            AnyTensor::Swizzled(t) => Some(t.layout.layout()),
            AnyTensor::Identity(_) => None,
        }
    }

    /// The tensor's layout and engine after a layout operation.
    fn map(
        &self,
        dl: impl FnOnce(&DynLayout) -> Result<DynLayout, LayoutError>,
        cl: impl FnOnce(
            &crate::swizzle::DynComposed,
        ) -> Result<crate::swizzle::DynComposed, LayoutError>,
        bl: impl FnOnce(
            &crate::basis::DynBasisLayout,
        ) -> Result<crate::basis::DynBasisLayout, LayoutError>,
    ) -> Result<AnyTensor, LayoutError> {
        Ok(match self {
            AnyTensor::Counting(t) => AnyTensor::Counting(t.with(dl(&t.layout)?)),
            AnyTensor::Swizzled(t) => AnyTensor::Swizzled(t.with(cl(&t.layout)?)),
            AnyTensor::Identity(t) => AnyTensor::Identity(t.with(bl(&t.layout)?)),
        })
    }

    by_kind! {
        /// `logical_divide(tensor, tiler)`.
        logical_divide;
        /// `zipped_divide(tensor, tiler)`.
        zipped_divide;
        /// `tensor.compose(tiler)`.
        composition;
    }

    /// `tensor(coord)` with `_`: a swizzled tensor whose swizzle folds into
    /// the kept strides becomes a counting tensor.
    pub fn slice(&self, c: &CoordTree) -> Result<AnyTensor, LayoutError> {
        Ok(match self {
            AnyTensor::Counting(t) => AnyTensor::Counting(t.slice(c)?),
            AnyTensor::Swizzled(t) => match t.slice(c)? {
                MaybeComposedTensor::Tensor(t) => AnyTensor::Counting(t),
                MaybeComposedTensor::Composed(t) => AnyTensor::Swizzled(t),
            },
            AnyTensor::Identity(t) => AnyTensor::Identity(t.slice(c)?),
        })
    }
}

/// `_` repeated `n` times, as a tuple coordinate.
pub(crate) fn underscores(n: usize) -> CoordTree {
    CoordTree::Tuple(alloc::vec![CoordTree::Underscore; n])
}

/// A partition's tile must divide the tensor's shape: where it does not,
/// CuTe's divides go on with rounded-up shapes (a partition that reaches
/// past the tensor's end) or fail to compile deep inside `zipped_divide`;
/// here the call fails, naming itself. `tile[k]` tiles mode `modes[k]`.
pub(crate) fn tile_divides(
    op: &'static str,
    condition: &'static str,
    shape: &IntTree,
    modes: &[usize],
    tile: &[i64],
) -> Result<(), LayoutError> {
    for (&m, &t) in modes.iter().zip(tile) {
        let extent: i64 = shape.mode(m).map_or(1, |x| x.leaves().iter().product());
        if t != 0 && extent % t != 0 {
            return Err(LayoutError::AtomCondition { op, condition });
        }
    }
    Ok(())
}
