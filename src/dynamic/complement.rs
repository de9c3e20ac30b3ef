//! complement: the layout that fills the gaps of an injective layout's image.

use alloc::vec::Vec;

use super::coalesce::{bw_coalesce, filter_flat};
use super::{DynLayout, IntTree, add, cosize_of, mul};
use crate::LayoutError;
use crate::rules::checked_ceil_div;

const OP: &str = "complement";

fn positive(t: &IntTree) -> bool {
    match t {
        IntTree::Int(v) => *v > 0,
        IntTree::Tuple(v) => v.iter().all(positive),
    }
}

/// `ceil_div(cotarget, b)` folded across a (possibly nested) cotarget shape,
/// returning the product of the result (CuTe coalesces this static shape).
fn ceil_div_product(a: &IntTree, b: i64) -> Result<(i64, i64), LayoutError> {
    let cd = |x, y| checked_ceil_div(x, y).ok_or(LayoutError::Overflow { op: OP });
    match a {
        IntTree::Int(x) => Ok((cd(*x, b)?, cd(b, *x)?)),
        IntTree::Tuple(v) => {
            let (mut prod, mut rest) = (1i64, b);
            for ai in v {
                let (p, _) = ceil_div_product(ai, rest)?;
                let pa = ai.product().ok_or(LayoutError::Overflow { op: OP })?;
                prod = mul(prod, p, OP)?;
                rest = cd(rest, pa)?;
            }
            Ok((prod, rest))
        }
    }
}

/// CuTe's complement algorithm as it is, with its own assertions as errors:
/// sort the filtered modes by stride, fill each gap `d_k / (d_{k-1} s_{k-1})`,
/// then extend to the cotarget. Divides and products use this form.
pub(crate) fn complement_raw(l: &DynLayout, cotarget: &IntTree) -> Result<DynLayout, LayoutError> {
    complement_filtered(filter_flat(l)?, cotarget)
}

fn complement_filtered(
    mut modes: Vec<(i64, i64)>,
    cotarget: &IntTree,
) -> Result<DynLayout, LayoutError> {
    if !positive(cotarget) {
        return Err(LayoutError::ZeroSize { op: OP });
    }
    if modes.len() == 1 && modes[0].1 == 0 {
        let m = cotarget.product().ok_or(LayoutError::Overflow { op: OP })?;
        return Ok(DynLayout::from_modes(&[if m == 1 {
            (1, 0)
        } else {
            (m, 1)
        }]));
    }
    if let Some(k) = modes.iter().position(|m| m.1 < 0) {
        return Err(LayoutError::NotComplementable {
            op: OP,
            mode: k,
            reason: "a stride is negative",
        });
    }
    modes.sort_by_key(|m| m.1); // stable: CuTe takes the first minimum
    let mut out: Vec<(i64, i64)> = Vec::with_capacity(modes.len() + 1);
    let mut last_stride = 1i64;
    for (k, &(s, d)) in modes.iter().enumerate() {
        let new_shape = d / last_stride;
        if new_shape == 0 {
            return Err(LayoutError::NotComplementable {
                op: OP,
                mode: k,
                reason: "its stride is below the extent of the smaller-stride modes (non-injective layout detected)",
            });
        }
        out.push((new_shape, last_stride));
        last_stride = mul(d, s, OP)?;
    }
    let (rest, _) = ceil_div_product(cotarget, last_stride)?;
    out.push((rest, if rest == 1 { 0 } else { last_stride }));
    let (&last, init) = out.split_last().ok_or(LayoutError::Overflow { op: OP })?;
    Ok(DynLayout::from_modes(&bw_coalesce(init, last)?))
}

impl DynLayout {
    /// `complement(L, M)`: an ordered layout `R` whose offsets avoid `L`'s
    /// image (except 0) so that `(L, R)` covers at least `[0, M)`.
    ///
    /// `cotarget` is an integer or a shape (CuTe's `shape(cotarget)`). Errors
    /// when `L` is not complementable (a negative stride, or a stride below
    /// the extent of the modes with smaller strides) or when CuTe's result
    /// would break the bounds `cosize((L,R)) >= M`,
    /// `cosize(R) <= round_up(M, cosize(L))`, `size(R) >= M / size(filter(L))`.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,2):(1,6)".parse().unwrap();
    /// assert_eq!(l.complement_to(&"24".parse().unwrap()).unwrap().to_string(), "(3,2):(2,12)");
    /// let bad: DynLayout = "(2,2):(2,3)".parse().unwrap();
    /// assert!(bad.complement_to(&"19".parse().unwrap()).is_err());
    /// let four: DynLayout = "4:1".parse().unwrap();
    /// assert!(four.complement_to(&"(6,3)".parse().unwrap()).is_err());
    /// ```
    pub fn complement_to(&self, cotarget: &IntTree) -> Result<DynLayout, LayoutError> {
        let filtered = filter_flat(self)?;
        let size_f = filtered.iter().try_fold(1i64, |p, m| mul(p, m.0, OP))?;
        let cos_l = cosize_of(&filtered, OP)?;
        let r = complement_filtered(filtered, cotarget)?;
        let m = cotarget.product().ok_or(LayoutError::Overflow { op: OP })?;
        let rf = r.flat();
        let cos_r = cosize_of(&rf, OP)?;
        let size_r = rf.iter().try_fold(1i64, |p, m| mul(p, m.0, OP))?;
        add(cos_l, cos_r - 1, OP)?;
        if let Some(reason) =
            crate::rules::complement_bound_violation(cos_l, size_f, cos_r, size_r, m)
        {
            return Err(LayoutError::ComplementBound {
                op: OP,
                cotarget: m,
                reason,
            });
        }
        Ok(r)
    }

    /// `complement(L)`: the cotarget defaults to `cosize(filter(L))`.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,2):(1,6)".parse().unwrap();
    /// assert_eq!(l.complement().unwrap().to_string(), "3:2");
    /// ```
    pub fn complement(&self) -> Result<DynLayout, LayoutError> {
        let m = DynLayout::from_modes(&filter_flat(self)?).cosize()?;
        self.complement_to(&IntTree::Int(m))
    }
}
