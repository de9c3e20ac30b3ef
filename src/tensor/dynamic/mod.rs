//! [`DynTensor`]: CuTe's counting tensor over a [`DynLayout`], the runtime
//! twin of [`crate::tensor::Tensor`] with a [`crate::tensor::Counting`]
//! engine, and the `eval` calls on it.
//!
//! Every operation is the layout operation plus the offset it moves the
//! start by, exactly as CuTe's tensor functions are written.
//!
//! ```
//! use cute_algebra::eval::eval;
//! assert_eq!(eval("local_tile(tensor((16,16):(1,16)), (2,2), (7,4))").unwrap().to_string(),
//!            "counting_iter(142) o (2,2):(1,16)");
//! assert_eq!(eval("values(slice(tensor((4,2):(2,1)), (_,1)))").unwrap().to_string(), "1 3 5 7");
//! ```

mod composed;
mod identity;

pub use composed::{DynComposedTensor, MaybeComposedTensor};
pub use identity::DynIdentityTensor;

use alloc::vec;
use alloc::vec::Vec;

use crate::dynamic::{self, CoordTree, DynLayout, IntTree, Tiler, TilerRef};
use crate::error::LayoutError;
use crate::steps::recast::{Footprint, recast_covers};

/// `make_tensor(counting_iterator<int>{start}, layout)`: the value at a
/// coordinate is `start + layout(coordinate)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynTensor {
    /// The counter's start (CuTe's `counting_iter(start)`).
    pub start: i64,
    /// The layout.
    pub layout: DynLayout,
}

/// `Display` of a counting tensor: CuTe's `counting_iter(start) o layout`.
macro_rules! counting_display {
    ($T:ty) => {
        impl core::fmt::Display for $T {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "counting_iter({}) o {}", self.start, self.layout)
            }
        }
    };
}
pub(crate) use counting_display;
counting_display!(DynTensor);

/// `inner_partition` and `outer_partition` of a runtime tensor type, over
/// its `partition` (the zipped divide sliced with the partition's
/// coordinate).
macro_rules! partition_methods {
    ($Out:ty) => {
        $crate::tensor::dynamic::partition_methods!(@each $Out;
            inner_partition, true, "`inner_partition(tensor, tiler, coord)` (= `local_tile`).";
            outer_partition, false, "`outer_partition(tensor, tiler, coord)`.";
        );
    };
    (@each $Out:ty; $($name:ident, $inner:literal, $doc:literal;)*) => {$(
        #[doc = $doc]
        pub fn $name<'t>(
            &self,
            t: impl Into<TilerRef<'t>>,
            c: &CoordTree,
        ) -> Result<$Out, LayoutError> {
            self.partition(t.into(), c, $inner)
        }
    )*};
}
pub(crate) use partition_methods;

/// `c` with every `_` read as 0: the coordinate of a slice's fixed part.
pub(crate) fn zero_underscores(c: &CoordTree) -> IntTree {
    match c {
        CoordTree::Int(v) => IntTree::Int(*v),
        CoordTree::Underscore => IntTree::Int(0),
        CoordTree::Tuple(v) => IntTree::Tuple(v.iter().map(zero_underscores).collect()),
    }
}

/// CuTe's `repeat<rank(mode)>(_)`, for a mode of rank `rank` (`None` for
/// an integral mode, which takes a single `_`).
fn underscores(rank: Option<usize>) -> CoordTree {
    match rank {
        None => CoordTree::Underscore,
        Some(r) => CoordTree::Tuple(vec![CoordTree::Underscore; r]),
    }
}

/// CuTe's `append<R>(coord, _)`: a tuple coordinate padded with `_` to
/// the rank of the mode (`None` for an integral mode); an integer stays
/// (it indexes the whole mode).
fn padded(c: &CoordTree, rank: Option<usize>) -> CoordTree {
    match (c, rank) {
        (CoordTree::Tuple(v), Some(r)) if v.len() < r => {
            let mut v = v.clone();
            v.resize(r, CoordTree::Underscore);
            CoordTree::Tuple(v)
        }
        (c, _) => c.clone(),
    }
}

/// The slice coordinate of the inner (`inner`) or outer partition of a
/// zipped tensor whose two modes have the ranks `r0` and `r1`.
pub(crate) fn partition_coord(
    r0: Option<usize>,
    r1: Option<usize>,
    c: &CoordTree,
    inner: bool,
) -> CoordTree {
    if inner {
        CoordTree::Tuple(vec![underscores(r0), padded(c, r1)])
    } else {
        CoordTree::Tuple(vec![padded(c, r0), underscores(r1)])
    }
}

impl DynTensor {
    /// The counting tensor over `layout`, starting at 0.
    pub fn new(layout: DynLayout) -> Self {
        DynTensor { start: 0, layout }
    }

    /// The value at every index `0..size`.
    pub fn values(&self) -> Result<Vec<i64>, LayoutError> {
        (0..dynamic::values_bound(self.layout.size()?)?)
            .map(|i| dynamic::add(self.start, self.layout.at(i)?, "tensor(i)"))
            .collect()
    }

    /// `tensor(coord)` with `_`: the kept modes, started at the fixed part's offset.
    pub fn slice(&self, c: &CoordTree) -> Result<DynTensor, LayoutError> {
        let off = self.layout.crd2idx(&zero_underscores(c))?;
        Ok(DynTensor {
            start: dynamic::add(self.start, off, "slice")?,
            layout: self.layout.slice(c)?,
        })
    }

    /// The same counter with a new layout (divides and compositions keep
    /// offset 0 at coordinate 0).
    pub(crate) fn with(&self, layout: DynLayout) -> DynTensor {
        DynTensor {
            start: self.start,
            layout,
        }
    }

    /// The inner (`inner`) or outer partition: the zipped divide, sliced.
    fn partition(&self, t: TilerRef, c: &CoordTree, inner: bool) -> Result<DynTensor, LayoutError> {
        let z = self.with(self.layout.zipped_divide(t)?);
        let coord = partition_coords(&z.layout, c, inner)?;
        z.slice(&coord)
    }

    partition_methods!(DynTensor);

    /// `recast<NewType>(tensor)` on a counting tensor, the element sizes
    /// given in bits (a counting tensor has no element type). As CuTe's
    /// `recast_layout`, the layout becomes `downcast<den>(upcast<num>(L))`
    /// for the reduced ratio `new/old = num/den`, and the start is counted
    /// in new elements. As the typed `Tensor::recast`, a start that is not a
    /// whole number of new elements or a negative stride is an error (CuTe
    /// reads misaligned memory there).
    ///
    /// ```
    /// use cute_algebra::eval::eval_line;
    /// assert_eq!(eval_line("recast(tensor((4,8):(8,1)), 8, 32)"), "counting_iter(0) o (4,2):(2,1)");
    /// assert_eq!(eval_line("recast(tensor((2,4):(4,1)), 32, 16)"), "counting_iter(0) o (2,8):(8,1)");
    /// ```
    pub fn recast(&self, old_bits: i64, new_bits: i64) -> Result<DynTensor, LayoutError> {
        const OP: &str = "recast";
        let bad = |msg| LayoutError::BadArgument { op: OP, msg };
        let (old, new) = (old_bits, new_bits);
        if old <= 0 || new <= 0 {
            return Err(bad("element sizes in bits must be positive"));
        }
        if self.layout.flat().iter().any(|&(s, d)| s > 1 && d < 0) {
            return Err(bad(
                "a negative stride cannot be recast (CuTe's start offset for it does not match the reinterpreted elements)",
            ));
        }
        let g = crate::steps::rules::gcd(new, old);
        let (num, den) = (new / g, old / g);
        let mut layout = self.layout.clone();
        if num > 1 {
            layout = layout.upcast(num)?;
        }
        if den > 1 {
            layout = layout.downcast(den)?;
        }
        let bits = self
            .start
            .checked_mul(old)
            .ok_or(LayoutError::Overflow { op: OP })?;
        if bits % new != 0 {
            return Err(bad(
                "the tensor's start is not a whole number of new elements",
            ));
        }
        let footprint = |l: &DynLayout, bits: i64| -> Result<Footprint, LayoutError> {
            Ok(Footprint {
                size: l.size()?,
                last: l.cosize()? - 1,
                bits,
            })
        };
        recast_covers(footprint(&self.layout, old)?, footprint(&layout, new)?)
            .map_err(|m| m.error(crate::error::LayoutText::of(&layout)))?;
        Ok(DynTensor {
            start: bits / new,
            layout,
        })
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
    let rank = |m: DynLayout| (!m.is_integral()).then(|| m.rank());
    Ok(partition_coord(
        rank(z.mode(0)?),
        rank(z.mode(1)?),
        c,
        inner,
    ))
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
                dynamic::arith::div(idx, d)
                    .and_then(|q| dynamic::arith::rem(q, s))
                    .ok_or(LayoutError::DivisionByZero { op: OP })?
            };
            c = dynamic::add(c, dynamic::mul(ci, size, OP)?, OP)?;
            size = dynamic::mul(size, s, OP)?;
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
