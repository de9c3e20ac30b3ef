//! right_inverse, left_inverse, nullspace and domain_distribute.

use alloc::vec::Vec;

use super::coalesce::{Modes, coalesce_flat, coalesce_modes};
use super::make::compact_left;
use super::scratch::Scratch;
use super::{DynLayout, IntTree, mul};
use crate::error::LayoutError;
use crate::steps::inverse::{LeftInverseStep, left_inverse_step};
use crate::steps::rules::gcd;

/// A coalesced mode: shape, stride, exclusive prefix product of the shapes
/// before it, and its position.
type Ranked = (i64, i64, i64, usize);

/// The coalesced modes of `l` with their prefix products and positions,
/// in `sc`, sorted by stride as CuTe 4.x sorts them (`exchange_sort`, which
/// is not stable: equal strides can change order, e.g.
/// `right_inverse((3,5,2):(2,2,1))` is `(2,5):(15,3)`).
fn sorted_modes<'a>(
    l: &DynLayout,
    sc: &'a mut Scratch<Ranked>,
    op: &'static str,
) -> Result<&'a mut [Ranked], LayoutError> {
    let mut sm = Modes::new();
    let modes = coalesce_flat(l, &mut sm)?;
    let out = sc.take(modes.len());
    let mut p = 1i64;
    for (i, (o, &(s, d))) in out.iter_mut().zip(modes.iter()).enumerate() {
        *o = (s, d, p, i);
        p = mul(p, s, op)?;
    }
    exchange_sort(out);
    Ok(out)
}

/// CuTe's `exchange_sort` by stride: for each position, swap in any later
/// element with a smaller stride. Quadratic, but it sorts coalesced modes,
/// which have extents > 1 and a size that fits in `i64`: at most 63 of them.
fn exchange_sort(v: &mut [Ranked]) {
    for i in 0..v.len() {
        for j in i + 1..v.len() {
            if v[j].1 < v[i].1 {
                v.swap(i, j);
            }
        }
    }
}

/// `coalesce` of the first `n` modes of `m` (room for one more), as a
/// layout (`1:0` for none).
fn coalesced_layout(m: &mut [(i64, i64)], n: usize) -> Result<DynLayout, LayoutError> {
    let n = coalesce_modes(m, n)?;
    Ok(DynLayout::from_modes(&m[..n]))
}

impl DynLayout {
    /// `right_inverse(L)`: the largest `R` with `L(R(i)) == i` for `i < size(R)`,
    /// built from the chain of modes with strides `1, s0, s0*s1, ...`.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(4,8):(8,1)".parse().unwrap();
    /// assert_eq!(l.right_inverse().unwrap().to_string(), "(8,4):(4,1)");
    /// ```
    pub fn right_inverse(&self) -> Result<DynLayout, LayoutError> {
        const OP: &str = "right_inverse";
        let mut ss = Scratch::new();
        let sorted = sorted_modes(self, &mut ss, OP)?;
        let mut so = Modes::new();
        let out = so.take(sorted.len());
        // The chain's modes `s:pre`, coalesced as they come (CuTe coalesces
        // the result): each mode merges into the last one when that one
        // ends where it starts (`s0*pre0 == pre1`). Every mode has `s > 1`
        // (coalesced), and the result is no larger than `size(L)`, which
        // `sorted_modes` computed with checked products: its size and
        // cosize fit in `i64` (`fits` is not needed).
        let (mut n, mut curr) = (0usize, 1i64);
        for &(s, d, pre, _) in sorted.iter() {
            if d != curr {
                continue;
            }
            match n.checked_sub(1).map(|k| &mut out[k]) {
                Some(back) if mul(back.0, back.1, OP)? == pre => back.0 = mul(back.0, s, OP)?,
                _ => {
                    out[n] = (s, pre);
                    n += 1;
                }
            }
            curr = mul(s, d, OP)?;
        }
        Ok(DynLayout::from_modes(&out[..n]))
    }

    /// `left_inverse(L)`: an `R` with `L(R(L(i))) == L(i)` (CuTe's quasi-inverse).
    ///
    /// Errors on a negative stride (CuTe's result has a negative extent
    /// there), when a stride is not a multiple of the size gathered so far
    /// (CuTe's "Left inverse divisibility condition"), and when the modes with
    /// non-zero stride overlap (stride below the extent of the smaller ones),
    /// where CuTe's result breaks the property, as for `(2,6):(30,6)`.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,(2,3)):(3,(1,6))".parse().unwrap();
    /// assert_eq!(l.left_inverse().unwrap().to_string(), "(3,2,3):(2,1,4)");
    /// assert!("(2,6):(30,6)".parse::<DynLayout>().unwrap().left_inverse().is_err());
    /// ```
    pub fn left_inverse(&self) -> Result<DynLayout, LayoutError> {
        const OP: &str = "left_inverse";
        let mut ss = Scratch::new();
        let sorted = sorted_modes(self, &mut ss, OP)?;
        // CuTe divides a negative stride by the size so far and returns a
        // negative extent: `left_inverse(4:-1)` would be `(-1,4):(0,1)`.
        if let Some(mode) = sorted.iter().filter(|m| m.1 < 0).map(|m| m.3).min() {
            return Err(LayoutError::NegativeStrideUnsupported {
                op: OP,
                mode,
                reason: "CuTe's left inverse is defined for non-negative strides (it would return a negative extent)",
            });
        }
        // Mode k of the result is (shape k, stride k): the strides start
        // with 0 and the shapes end with the last sorted mode's extent.
        let mut so = Modes::new();
        let out = so.take(sorted.len() + 2);
        out[0].1 = 0;
        let (mut n, mut size) = (0usize, 1i64);
        let mut prev: Option<(i64, i64)> = None;
        // CuTe decodes offsets digit by digit in stride order; overlapping
        // modes (or mixed signs) make it silently wrong, e.g. (2,6):(30,6),
        // so the step refuses them.
        for &(s, d, pre, i) in sorted.iter() {
            match left_inverse_step(d, prev, size) {
                Ok(LeftInverseStep::ZeroStride) => {}
                Ok(LeftInverseStep::Digit { shape, size: next }) => {
                    out[n].0 = shape;
                    size = next;
                    n += 1;
                    out[n].1 = pre;
                    prev = Some((s, d));
                }
                Err(c) => return Err(c.at(OP, i, d, size)),
            }
        }
        out[n].0 = sorted.last().map_or(1, |m| m.0);
        // CuTe's result can leave i64: `left_inverse(2:2^62)` has size 2^63.
        coalesced_layout(out, n + 1)?.fits(OP)
    }

    /// `nullspace(L)`: the coordinates that `L` maps to 0, as a layout into
    /// `L`'s domain (`1:0` when no leaf has stride 0).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(7,5,16):(3,1,0)".parse().unwrap();
    /// assert_eq!(l.nullspace().unwrap().to_string(), "16:35");
    /// ```
    pub fn nullspace(&self) -> Result<DynLayout, LayoutError> {
        let flat = self.flat();
        let shape = IntTree::Tuple(flat.iter().map(|m| IntTree::Int(m.0)).collect());
        let strides = compact_left(&shape, 1)?.0.leaves();
        let picked: Vec<(i64, i64)> = flat
            .iter()
            .zip(strides)
            .filter(|(m, _)| m.1 == 0)
            .map(|(m, r)| (m.0, r))
            .collect();
        Ok(DynLayout::from_modes(&picked))
    }

    /// `domain_distribute(shape, b)`: the ordered sub-domain of `shape` with
    /// up to `b` elements, taking `gcd`s mode by mode.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let d = DynLayout::domain_distribute(&"((64,3),(8,8))".parse().unwrap(), 128).unwrap();
    /// assert_eq!(d.to_string(), "(64,2):(1,192)");
    /// ```
    pub fn domain_distribute(shape: &IntTree, b: i64) -> Result<DynLayout, LayoutError> {
        const OP: &str = "domain_distribute";
        if b <= 0 || shape.leaves().iter().any(|&s| s <= 0) {
            return Err(LayoutError::ZeroSize { op: OP });
        }
        let flat = shape.leaves();
        let strides = compact_left(
            &IntTree::Tuple(flat.iter().map(|&s| IntTree::Int(s)).collect()),
            1,
        )?
        .0
        .leaves();
        let mut rest = b;
        let mut modes = Vec::with_capacity(flat.len() + 1);
        for (s, d) in flat.into_iter().zip(strides) {
            let g = gcd(s, rest);
            modes.push((g, d));
            rest /= g;
        }
        let n = modes.len();
        modes.push((1, 0));
        coalesced_layout(&mut modes, n)
    }
}
