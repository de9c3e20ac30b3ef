//! Layout constructors: LayoutLeft, LayoutRight and ordered compact layouts.

use alloc::vec::Vec;

use super::{DynLayout, IntTree, mul};
use crate::error::LayoutError;

/// Column-major strides for `shape` starting at `current`; a size-1 leaf gets
/// stride 0, as CuTe's static `_1` does. Returns the strides and the next `current`.
pub(crate) fn compact_left(shape: &IntTree, current: i64) -> Result<(IntTree, i64), LayoutError> {
    match shape {
        IntTree::Int(1) => Ok((IntTree::Int(0), current)),
        IntTree::Int(s) => Ok((IntTree::Int(current), mul(current, *s, "make_layout")?)),
        IntTree::Tuple(v) => {
            let mut cur = current;
            let mut out = Vec::with_capacity(v.len());
            for t in v {
                let (d, next) = compact_left(t, cur)?;
                out.push(d);
                cur = next;
            }
            Ok((IntTree::Tuple(out), cur))
        }
    }
}

fn compact_right(shape: &IntTree, current: i64) -> Result<(IntTree, i64), LayoutError> {
    match shape {
        IntTree::Tuple(v) => {
            let mut cur = current;
            let mut out = Vec::with_capacity(v.len());
            for t in v.iter().rev() {
                let (d, next) = compact_right(t, cur)?;
                out.push(d);
                cur = next;
            }
            out.reverse();
            Ok((IntTree::Tuple(out), cur))
        }
        leaf => compact_left(leaf, current),
    }
}

fn checked_shape(shape: &IntTree) -> Result<(), LayoutError> {
    shape.check_depth()?;
    if shape.leaves().iter().any(|&s| s <= 0) {
        return Err(LayoutError::ZeroSize { op: "make_layout" });
    }
    shape
        .product()
        .map(|_| ())
        .ok_or(LayoutError::SizeOverflow {
            op: "",
            what: "size",
        })
}

impl DynLayout {
    /// `make_layout(n)` for an integer `n` (an integer tile): `n:1`, or
    /// `1:0` for 1, without building trees.
    pub(crate) fn int_tile(n: i64) -> Result<DynLayout, LayoutError> {
        match n {
            ..=0 => Err(LayoutError::ZeroSize { op: "make_layout" }),
            1 => Ok(DynLayout::leaf(1, 0)),
            n => Ok(DynLayout::leaf(n, 1)),
        }
    }

    /// `make_layout(shape)`: compact column-major (LayoutLeft).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l = DynLayout::make_layout_left(&"(2,1,(3,4))".parse().unwrap()).unwrap();
    /// assert_eq!(l.to_string(), "(2,1,(3,4)):(1,0,(2,6))");
    /// ```
    pub fn make_layout_left(shape: &IntTree) -> Result<DynLayout, LayoutError> {
        checked_shape(shape)?;
        Ok(DynLayout::from_trees(shape, &compact_left(shape, 1)?.0))
    }

    /// `make_layout(shape, LayoutRight{})`: compact row-major.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l = DynLayout::make_layout_right(&"(2,(3,4))".parse().unwrap()).unwrap();
    /// assert_eq!(l.to_string(), "(2,(3,4)):(12,(4,1))");
    /// ```
    pub fn make_layout_right(shape: &IntTree) -> Result<DynLayout, LayoutError> {
        checked_shape(shape)?;
        Ok(DynLayout::from_trees(shape, &compact_right(shape, 1)?.0))
    }

    /// `make_ordered_layout(shape, order)`: compact, with modes laid out in
    /// increasing `order` (column-major inside one order leaf).
    ///
    /// `order` must be weakly congruent to `shape` and its values distinct:
    /// repeated values would make CuTe build an overlapping layout.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l = DynLayout::make_ordered_layout(&"(2,2,2,2)".parse().unwrap(), &"(0,2,3,1)".parse().unwrap()).unwrap();
    /// assert_eq!(l.to_string(), "(2,2,2,2):(1,4,8,2)");
    /// assert!(DynLayout::make_ordered_layout(&"(2,3)".parse().unwrap(), &"(1,1)".parse().unwrap()).is_err());
    /// ```
    pub fn make_ordered_layout(shape: &IntTree, order: &IntTree) -> Result<DynLayout, LayoutError> {
        const OP: &str = "make_ordered_layout";
        checked_shape(shape)?;
        // Pair each order leaf with the product of the shape it covers.
        let mut pairs: Vec<(i64, i64)> = Vec::new();
        collect_order(shape, order, &mut pairs)?;
        // Each order leaf starts at the product of the shapes with smaller
        // order: prefix products in sorted order (O(n log n)).
        let mut by_order: Vec<usize> = (0..pairs.len()).collect();
        by_order.sort_unstable_by_key(|&k| pairs[k].0);
        if let Some(w) = by_order.windows(2).find(|w| pairs[w[0]].0 == pairs[w[1]].0) {
            return Err(LayoutError::RepeatedOrder {
                op: OP,
                value: pairs[w[0]].0,
            });
        }
        let mut starts = alloc::vec![0i64; pairs.len()];
        let mut p = 1i64;
        for &k in &by_order {
            starts[k] = p;
            p = mul(p, pairs[k].1, OP)?;
        }
        let stride = order_strides(shape, order, &mut starts.iter())?;
        Ok(DynLayout::from_trees(shape, &stride))
    }

    /// `make_ordered_layout(shape, order)` where some order leaves are
    /// runtime values, as CuTe C++ computes it: `order_is_static[k]` says
    /// whether flat order leaf `k` is static (`_2`) or runtime (`67`).
    ///
    /// CuTe ranks only static order values; each runtime one is replaced by
    /// `m + 1 + k`, where `m` is the largest static value (at least 0) and
    /// `k` the leaf's flat position, so runtime modes come after every
    /// static one, in position order. A runtime value's magnitude is ignored.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// // CuTe: make_ordered_layout(make_shape(2,3,4,5), make_tuple(_2{},67,42,Int<50>{}))
    /// let l = DynLayout::make_ordered_layout_mixed(
    ///     &"(2,3,4,5)".parse().unwrap(),
    ///     &"(2,67,42,50)".parse().unwrap(),
    ///     &[true, false, false, true],
    /// ).unwrap();
    /// assert_eq!(l.to_string(), "(2,3,4,5):(1,10,30,2)");
    /// ```
    pub fn make_ordered_layout_mixed(
        shape: &IntTree,
        order: &IntTree,
        order_is_static: &[bool],
    ) -> Result<DynLayout, LayoutError> {
        const OP: &str = "make_ordered_layout";
        let leaves = order.leaves();
        if leaves.len() != order_is_static.len() {
            return Err(LayoutError::BadArgument {
                op: OP,
                msg: "one static flag per order leaf is needed",
            });
        }
        let max_static = leaves
            .iter()
            .zip(order_is_static)
            .filter(|(_, s)| **s)
            .fold(0i64, |m, (v, _)| m.max(*v));
        let mut k = 0usize;
        let order = replace_runtime(order, &mut k, &|k, v| {
            if order_is_static[k] {
                Ok(v)
            } else {
                let k = i64::try_from(k).map_err(|_| LayoutError::Overflow { op: OP })?;
                max_static
                    .checked_add(1)
                    .and_then(|m| m.checked_add(k))
                    .ok_or(LayoutError::Overflow { op: OP })
            }
        })?;
        DynLayout::make_ordered_layout(shape, &order)
    }
}

/// `t` with each leaf `v` (flat position `k`) replaced by `f(k, v)`.
fn replace_runtime(
    t: &IntTree,
    k: &mut usize,
    f: &dyn Fn(usize, i64) -> Result<i64, LayoutError>,
) -> Result<IntTree, LayoutError> {
    Ok(match t {
        IntTree::Int(v) => {
            *k += 1;
            IntTree::Int(f(*k - 1, *v)?)
        }
        IntTree::Tuple(ts) => IntTree::Tuple(
            ts.iter()
                .map(|t| replace_runtime(t, k, f))
                .collect::<Result<_, _>>()?,
        ),
    })
}

fn collect_order(
    shape: &IntTree,
    order: &IntTree,
    out: &mut Vec<(i64, i64)>,
) -> Result<(), LayoutError> {
    match (shape, order) {
        (s, IntTree::Int(o)) => {
            out.push((
                *o,
                s.product().ok_or(LayoutError::Overflow {
                    op: "make_ordered_layout",
                })?,
            ));
            Ok(())
        }
        (IntTree::Tuple(sv), IntTree::Tuple(ov)) if sv.len() == ov.len() => sv
            .iter()
            .zip(ov)
            .try_for_each(|(s, o)| collect_order(s, o, out)),
        _ => Err(LayoutError::NotCongruent {
            op: "make_ordered_layout",
        }),
    }
}

/// The strides of `shape` for `order`, each order leaf starting at the next
/// of `starts` (in the order [`collect_order`] visits them).
fn order_strides(
    shape: &IntTree,
    order: &IntTree,
    starts: &mut core::slice::Iter<'_, i64>,
) -> Result<IntTree, LayoutError> {
    match (shape, order) {
        (s, IntTree::Int(_)) => {
            let start = *starts.next().ok_or(LayoutError::NotCongruent {
                op: "make_ordered_layout",
            })?;
            Ok(compact_left(s, start)?.0)
        }
        (IntTree::Tuple(sv), IntTree::Tuple(ov)) => Ok(IntTree::Tuple(
            sv.iter()
                .zip(ov)
                .map(|(s, o)| order_strides(s, o, starts))
                .collect::<Result<_, _>>()?,
        )),
        _ => Err(LayoutError::NotCongruent {
            op: "make_ordered_layout",
        }),
    }
}
