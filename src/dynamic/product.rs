//! logical_product and its regroupings; blocked and raked products; tile_to_shape.

use alloc::vec::Vec;

use super::coalesce::Modes;
use super::complement::complement_raw_modes;
use super::composition::compose_coalesced;
use super::divide::{flat, tiled, zip2_by, zipped_forms};
use super::tiler::{Beyond, TilerRef, by_mode};
use super::{DynLayout, IntTree, mul, size_of};
use crate::error::LayoutError;
use crate::steps::rules::checked_ceil_div;

/// `append<r>(l)`: pad with `1:0` modes up to rank `r`.
fn append_to(l: &DynLayout, r: usize) -> DynLayout {
    if l.rank() >= r {
        return l.clone();
    }
    let mut out = DynLayout::blank();
    out.open();
    l.kids(l.whole()).for_each(|sp| out.push_span(l, sp));
    (l.rank()..r).for_each(|_| out.push_leaf(1, 0));
    out.close();
    out
}

/// CuTe's `zip(x, y)` of two layouts: the first decides. An integral `x`
/// gives `((x,y))`; a tuple `x` pairs mode `i` of each, where an integral
/// `y` is its own mode 0.
fn zip_pair(x: &DynLayout, y: &DynLayout, op: &'static str) -> Result<DynLayout, LayoutError> {
    match (x.is_integral(), y.is_integral()) {
        (false, false) if x.rank() == y.rank() => {
            let mut out = DynLayout::blank();
            out.open();
            for (p, q) in x.kids(x.whole()).zip(y.kids(y.whole())) {
                out.open();
                out.push_span(x, p);
                out.push_span(y, q);
                out.close();
            }
            out.close();
            Ok(out)
        }
        (true, _) => Ok(DynLayout::concat(&[DynLayout::pair(x, y)])),
        // A rank-1 tuple with an integer: `get<0>` of an integer is itself.
        (false, true) if x.rank() == 1 => {
            let mut out = DynLayout::blank();
            out.open();
            out.open();
            x.kids(x.whole()).for_each(|p| out.push_span(x, p));
            out.push_span(y, y.whole());
            out.close();
            out.close();
            Ok(out)
        }
        _ => Err(LayoutError::RankMismatch {
            op,
            expected: x.rank(),
            found: y.rank(),
        }),
    }
}

/// `logical_product` as the function the regroupings apply.
fn product(l: &DynLayout, t: TilerRef) -> Result<DynLayout, LayoutError> {
    l.logical_product(t)
}

impl DynLayout {
    /// `logical_product(A, B)`: `(A, composition(complement(A, size(A)*cosize(B)), B))`,
    /// the block `A` repeated in the arrangement `B`.
    ///
    /// The tiler `B` is a layout (`&DynLayout`), an integer `n`
    /// (`make_layout(n)`), or a [`Tiler`](super::Tiler): a tuple tiler
    /// multiplies mode by mode and keeps `A`'s modes beyond it, and `_`
    /// keeps a mode.
    ///
    /// ```
    /// use cute_algebra::dynamic::{DynLayout, Tiler};
    /// let a: DynLayout = "(2,2):(4,1)".parse().unwrap();
    /// let b: DynLayout = "6:1".parse().unwrap();
    /// assert_eq!(a.logical_product(&b).unwrap().to_string(), "((2,2),(2,3)):((4,1),(2,8))");
    /// assert_eq!(a.logical_product(6), a.logical_product(&b));
    /// let overlapping: DynLayout = "(4,3):(3,1)".parse().unwrap();
    /// assert!(a.logical_product(&overlapping).is_err());
    /// // By mode:
    /// let a: DynLayout = "(2,5):(5,1)".parse().unwrap();
    /// let t = Tiler::Tuple(vec![3.into(), 4.into()]);
    /// assert_eq!(a.logical_product(&t).unwrap().to_string(), "((2,3),(5,4)):((5,1),(1,5))");
    /// ```
    pub fn logical_product<'t>(
        &self,
        b: impl Into<TilerRef<'t>>,
    ) -> Result<DynLayout, LayoutError> {
        // Not generic, so built once, here (see `TilerRef`).
        fn logical_product(a: &DynLayout, b: TilerRef) -> Result<DynLayout, LayoutError> {
            const OP: &str = "logical_product";
            match b {
                TilerRef::Layout(b) => a.logical_product_as(b, OP).map_err(|e| e.in_op(OP)),
                TilerRef::Underscore => Ok(a.clone()),
                TilerRef::Int(n) => a.logical_product(&DynLayout::int_tile(n)?),
                TilerRef::Tuple(ts) => {
                    by_mode(a, ts, OP, Beyond::Keep, |a, t| a.logical_product(t))
                }
            }
        }
        logical_product(self, b.into())
    }

    /// [`logical_product`](Self::logical_product) by a layout, for `op`,
    /// which is built on it: `(A, composition(R, B))` with
    /// `R = complement(A, size(A)*cosize(B))`.
    ///
    /// `R` keeps CuTe's assertions, and one more condition makes `(A, R∘B)`
    /// as injective as `A` and `B`: `B` stays inside `R`'s domain, or `R`'s
    /// last mode lies beyond `A`'s image (then extending it, as composition
    /// does, meets no offset of `A`). Without it `(2,2):(2,7)` times `3:1`
    /// reaches offset 2 twice (`R` is `2:1`, extended to `3:1`). CuTe's bound
    /// `cosize((A,R)) >= M` is not needed here, and CuTe's products rely on
    /// breaking it, e.g. `(4,6):(1,6)` times `3:1` (oracle row g193).
    fn logical_product_as(
        &self,
        b: &DynLayout,
        op: &'static str,
    ) -> Result<DynLayout, LayoutError> {
        let cos_b = b.cosize()?;
        let m = mul(self.size()?, cos_b, op)?;
        let mut sc = Modes::new();
        let (r, _, cos_a) = complement_raw_modes(self, &[m], &mut sc)?;
        let size_r = size_of(r, op)?;
        let top = r.last().map_or(0, |m| m.1);
        if size_r < cos_b && top < cos_a {
            return Err(LayoutError::ProductOverlap {
                op,
                size_r,
                cosize_b: cos_b,
            });
        }
        // `R` is already coalesced (no size-1 modes, or the single mode
        // `1:0`), so it is its own `coalesce_x` and composes as it is.
        DynLayout::pair(self, &compose_coalesced(r, b)?).fits(op)
    }

    zipped_forms! {
        "logical_product", product;
        /// `zipped_product(A, tiler)`: `((blocks...), (products...))`, CuTe's
        /// `zip2_by(logical_product(A, tiler), tiler)`. Takes the tilers
        /// [`logical_product`](Self::logical_product) takes.
        ///
        /// ```
        /// use cute_algebra::dynamic::{DynLayout, Tiler};
        /// let a: DynLayout = "(2,5):(5,1)".parse().unwrap();
        /// let t = Tiler::Tuple(vec![Tiler::Layout("3:1".parse().unwrap()), Tiler::Layout("4:1".parse().unwrap())]);
        /// assert_eq!(a.zipped_product(&t).unwrap().to_string(), "((2,5),(3,4)):((5,1),(1,5))");
        /// ```
        zipped_product => DynLayout::pair;
        /// `tiled_product(A, tiler)`: `((blocks...), product0, product1, ...)`,
        /// the zipped product with its products splat. Takes the tilers
        /// [`logical_product`](Self::logical_product) takes.
        ///
        /// ```
        /// use cute_algebra::dynamic::{DynLayout, Tiler};
        /// let a: DynLayout = "(2,5):(5,1)".parse().unwrap();
        /// let t = Tiler::Tuple(vec![Tiler::Layout("3:1".parse().unwrap()), Tiler::Layout("4:1".parse().unwrap())]);
        /// assert_eq!(a.tiled_product(&t).unwrap().to_string(), "((2,5),3,4):((5,1),1,5)");
        /// ```
        tiled_product => tiled;
        /// `flat_product(A, tiler)`: `(block0, block1, ..., product0, ...)`, the
        /// zipped product with both halves splat. Takes the tilers
        /// [`logical_product`](Self::logical_product) takes.
        ///
        /// ```
        /// use cute_algebra::dynamic::{DynLayout, Tiler};
        /// let a: DynLayout = "(2,5):(5,1)".parse().unwrap();
        /// let t = Tiler::Tuple(vec![Tiler::Layout("3:1".parse().unwrap()), Tiler::Layout("4:1".parse().unwrap())]);
        /// assert_eq!(a.flat_product(&t).unwrap().to_string(), "(2,5,3,4):(5,1,1,5)");
        /// ```
        flat_product => flat;
    }

    fn rank_product(
        &self,
        b: &DynLayout,
        raked: bool,
        op: &'static str,
    ) -> Result<DynLayout, LayoutError> {
        let r = self.rank().max(b.rank());
        let lp = append_to(self, r).logical_product_as(&append_to(b, r), op)?;
        let (p, q) = (lp.mode(0)?, lp.mode(1)?);
        if raked {
            zip_pair(&q, &p, op)
        } else {
            zip_pair(&p, &q, op)
        }
    }

    /// `blocked_product(A, B)`: `B`'s arrangement of whole blocks `A`, mode by
    /// mode: `zip` of `logical_product(append<r>(A), append<r>(B))`'s modes.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let a: DynLayout = "(2,5):(5,1)".parse().unwrap();
    /// let b: DynLayout = "(3,4):(1,3)".parse().unwrap();
    /// assert_eq!(a.blocked_product(&b).unwrap().to_string(), "((2,3),(5,4)):((5,10),(1,30))");
    /// ```
    pub fn blocked_product(&self, b: &DynLayout) -> Result<DynLayout, LayoutError> {
        self.rank_product(b, false, "blocked_product")
            .map_err(|e| e.in_op("blocked_product"))
    }

    /// `raked_product(A, B)`: like blocked, with the blocks interleaved.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let a: DynLayout = "(2,5):(5,1)".parse().unwrap();
    /// let b: DynLayout = "(3,4):(1,3)".parse().unwrap();
    /// assert_eq!(a.raked_product(&b).unwrap().to_string(), "((3,2),(4,5)):((10,5),(30,1))");
    /// ```
    pub fn raked_product(&self, b: &DynLayout) -> Result<DynLayout, LayoutError> {
        self.rank_product(b, true, "raked_product")
            .map_err(|e| e.in_op("raked_product"))
    }

    /// `tile_to_shape(block, target, order)`: repeat `block` (blocked) until
    /// it has shape `target`, visiting the target's modes in `order`
    /// (column-major when `None`). Each mode of the block must divide the target's,
    /// and the target's extents must be positive.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let a: DynLayout = "(2,2):(1,2)".parse().unwrap();
    /// let l = a.tile_to_shape(&"(4,6)".parse().unwrap(), None).unwrap();
    /// assert_eq!(l.to_string(), "((2,2),(2,3)):((1,4),(2,8))");
    /// assert!(a.tile_to_shape(&"(3,6)".parse().unwrap(), None).is_err());
    /// assert!(a.tile_to_shape(&"((-1,-2),6)".parse().unwrap(), None).is_err());
    /// ```
    pub fn tile_to_shape(
        &self,
        target: &IntTree,
        order: Option<&IntTree>,
    ) -> Result<DynLayout, LayoutError> {
        const OP: &str = "tile_to_shape";
        if target.leaves().iter().any(|&x| x <= 0) {
            return Err(LayoutError::ZeroSize { op: OP });
        }
        let r = target.rank();
        if self.rank() > r {
            return Err(LayoutError::RankMismatch {
                op: OP,
                expected: r,
                found: self.rank(),
            });
        }
        let padded = append_to(self, r);
        let mut counts = Vec::with_capacity(r);
        // One pass over the modes (`mode(i)` in a loop would be quadratic).
        for (i, sp) in padded.kids(padded.whole()).enumerate() {
            let blk = padded.span_size(sp, OP)?;
            let trg = target
                .mode(i)
                .and_then(IntTree::product)
                .ok_or(LayoutError::Overflow { op: OP })?;
            if trg <= 0 {
                return Err(LayoutError::ZeroSize { op: OP });
            }
            if trg % blk != 0 {
                return Err(LayoutError::BlockDoesNotDivide {
                    mode: i,
                    block: blk,
                    target: trg,
                });
            }
            counts.push(IntTree::Int(
                checked_ceil_div(trg, blk).ok_or(LayoutError::Overflow { op: OP })?,
            ));
        }
        let shape = match target {
            IntTree::Int(_) => counts.pop().unwrap_or(IntTree::Int(1)),
            IntTree::Tuple(_) => IntTree::Tuple(counts),
        };
        let arrangement = match order {
            Some(o) => DynLayout::make_ordered_layout(&shape, o)?,
            None => DynLayout::make_layout_left(&shape)?,
        };
        padded.blocked_product(&arrangement)
    }
}
