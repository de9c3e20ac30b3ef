//! logical_product and its regroupings; blocked and raked products; tile_to_shape.

use alloc::vec::Vec;

use super::coalesce::Modes;
use super::complement::complement_raw_modes;
use super::composition::{check_tiler_rank, compose_coalesced};
use super::divide::{flat, tiled, zipped_parts};
use super::{DynLayout, IntTree, Tiler, mul, size_of};
use crate::LayoutError;
use crate::rules::checked_ceil_div;

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

impl DynLayout {
    /// `logical_product(A, B)`: `(A, complement(A, size(A)*cosize(B)) ∘ B)`,
    /// the block `A` repeated in the arrangement `B`.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let a: DynLayout = "(2,2):(4,1)".parse().unwrap();
    /// assert_eq!(a.logical_product(&"6:1".parse().unwrap()).unwrap().to_string(), "((2,2),(2,3)):((4,1),(2,8))");
    /// assert!(a.logical_product(&"(4,3):(3,1)".parse().unwrap()).is_err());
    /// ```
    pub fn logical_product(&self, b: &DynLayout) -> Result<DynLayout, LayoutError> {
        self.logical_product_as(b, "logical_product")
            .map_err(|e| e.in_op("logical_product"))
    }

    /// [`logical_product`](Self::logical_product) for `op`, which is built on
    /// it.
    ///
    /// The complement `R = complement(A, size(A)*cosize(B))` keeps CuTe's
    /// assertions, and one more condition makes `(A, R∘B)` as injective as
    /// `A` and `B`: `B` stays inside `R`'s domain, or `R`'s last mode lies
    /// beyond `A`'s image (then extending it, as composition does, meets no
    /// offset of `A`). Without it `(2,2):(2,7)` times `3:1` reaches offset 2
    /// twice (`R` is `2:1`, extended to `3:1`). CuTe's bound
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

    /// `logical_product(A, tiler)`: by mode for a tuple tiler (later modes
    /// kept), `_` keeps `A`, an integer `n` is `make_layout(n)`.
    ///
    /// ```
    /// use cute_algebra::dynamic::{DynLayout, Tiler};
    /// let a: DynLayout = "(2,5):(5,1)".parse().unwrap();
    /// let t = Tiler::Tuple(vec![Tiler::Layout("3:1".parse().unwrap()), Tiler::Layout("4:1".parse().unwrap())]);
    /// assert_eq!(a.logical_product_tiler(&t).unwrap().to_string(), "((2,3),(5,4)):((5,1),(1,5))");
    /// ```
    pub fn logical_product_tiler(&self, t: &Tiler) -> Result<DynLayout, LayoutError> {
        match t {
            Tiler::Layout(b) => self.logical_product(b),
            Tiler::Underscore => Ok(self.clone()),
            Tiler::Int(n) => self.logical_product(&DynLayout::int_tile(*n)?),
            Tiler::Tuple(ts) => {
                check_tiler_rank(self, ts.len(), "logical_product")?;
                let mut out = DynLayout::blank();
                out.open();
                for (i, sp) in self.kids(self.whole()).enumerate() {
                    match ts.get(i) {
                        Some(t) => out.push_layout(&self.sub(sp).logical_product_tiler(t)?),
                        None => out.push_span(self, sp),
                    }
                }
                out.close();
                out.fits("logical_product")
            }
        }
    }

    /// `zipped_product(A, tiler)`: `((blocks...), (products...))`.
    ///
    /// ```
    /// use cute_algebra::dynamic::{DynLayout, Tiler};
    /// let a: DynLayout = "(2,5):(5,1)".parse().unwrap();
    /// let t = Tiler::Tuple(vec![Tiler::Layout("3:1".parse().unwrap()), Tiler::Layout("4:1".parse().unwrap())]);
    /// assert_eq!(a.zipped_product(&t).unwrap().to_string(), "((2,5),(3,4)):((5,1),(1,5))");
    /// ```
    pub fn zipped_product(&self, t: &Tiler) -> Result<DynLayout, LayoutError> {
        let (a, b) = zipped_parts(
            self,
            t,
            "logical_product",
            "zipped_product",
            DynLayout::logical_product_tiler,
        )?;
        DynLayout::pair(&a, &b).fits("zipped_product")
    }

    /// `tiled_product(A, tiler)`: `((blocks...), product0, product1, ...)`.
    ///
    /// ```
    /// use cute_algebra::dynamic::{DynLayout, Tiler};
    /// let a: DynLayout = "(2,5):(5,1)".parse().unwrap();
    /// let t = Tiler::Tuple(vec![Tiler::Layout("3:1".parse().unwrap()), Tiler::Layout("4:1".parse().unwrap())]);
    /// assert_eq!(a.tiled_product(&t).unwrap().to_string(), "((2,5),3,4):((5,1),1,5)");
    /// ```
    pub fn tiled_product(&self, t: &Tiler) -> Result<DynLayout, LayoutError> {
        let (a, b) = zipped_parts(
            self,
            t,
            "logical_product",
            "tiled_product",
            DynLayout::logical_product_tiler,
        )?;
        tiled(&a, &b).fits("tiled_product")
    }

    /// `flat_product(A, tiler)`: `(block0, block1, ..., product0, ...)`.
    ///
    /// ```
    /// use cute_algebra::dynamic::{DynLayout, Tiler};
    /// let a: DynLayout = "(2,5):(5,1)".parse().unwrap();
    /// let t = Tiler::Tuple(vec![Tiler::Layout("3:1".parse().unwrap()), Tiler::Layout("4:1".parse().unwrap())]);
    /// assert_eq!(a.flat_product(&t).unwrap().to_string(), "(2,5,3,4):(5,1,1,5)");
    /// ```
    pub fn flat_product(&self, t: &Tiler) -> Result<DynLayout, LayoutError> {
        let (a, b) = zipped_parts(
            self,
            t,
            "logical_product",
            "flat_product",
            DynLayout::logical_product_tiler,
        )?;
        flat(&a, &b).fits("flat_product")
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
