//! complement: the layout that fills the gaps of an injective layout's image.

use alloc::vec::Vec;

use super::arith::ceil_div;
use super::coalesce::{Modes, filter_flat, filter_into};
use super::{DynLayout, IntTree, cosize_of, mul, size_cosize};
use crate::error::LayoutError;
use crate::steps::complement::complement_step;

const OP: &str = "complement";

/// The leaves of a cotarget shape, checked positive.
fn cotarget_leaves(t: &IntTree, out: &mut Vec<i64>) -> Result<(), LayoutError> {
    match t {
        IntTree::Int(v) if *v > 0 => out.push(*v),
        IntTree::Int(v) => return Err(LayoutError::BadCotarget { op: OP, value: *v }),
        IntTree::Tuple(v) => v.iter().try_for_each(|t| cotarget_leaves(t, out))?,
    }
    Ok(())
}

/// The flat modes of `complement(l, cotarget)` (the cotarget given by its
/// leaves), in `sc`: CuTe's algorithm (sort the filtered modes by stride,
/// fill each gap `d_k / (d_{k-1} s_{k-1})`, extend to the cotarget) with its
/// assertions and the bounds of [`DynLayout::complement_to`] as errors.
fn complement_modes_of<'a>(
    l: &DynLayout,
    cotarget: &[i64],
    sc: &'a mut Modes,
) -> Result<&'a mut [(i64, i64)], LayoutError> {
    let (r, size_f, cos_l) = complement_raw_modes(l, cotarget, sc)?;
    let m = size_of_leaves(cotarget)?;
    let (size_r, cos_r) = size_cosize(r, OP)?;
    if let Some(reason) =
        crate::steps::rules::complement_bound_violation(cos_l, size_f, cos_r, size_r, m)
    {
        return Err(LayoutError::ComplementBound {
            op: OP,
            cotarget: m,
            reason,
        });
    }
    Ok(r)
}

/// The complement's modes, and `size` and `cosize` of the filtered layout.
pub(crate) type RawComplement<'a> = (&'a mut [(i64, i64)], i64, i64);

/// CuTe's complement algorithm with only its own assertions (no bounds):
/// the modes, and `size` and `cosize` of `filter(l)`. Divides and products
/// use this form: CuTe's results there are correct without the bounds
/// (oracle rows g193 and the static path agree), and each checks what its
/// own correctness needs.
pub(crate) fn complement_raw_modes<'a>(
    l: &DynLayout,
    cotarget: &[i64],
    sc: &'a mut Modes,
) -> Result<RawComplement<'a>, LayoutError> {
    let buf = sc.take(l.flat().len().max(1) + 1);
    let nf = filter_into(l, buf)?;
    let (size_f, cos_l) = size_cosize(&buf[..nf], OP)?;
    let n = complement_in_place(buf, nf, cotarget)?;
    Ok((&mut buf[..n], size_f, cos_l))
}

/// The coalesced complement of the filtered modes `buf[..nf]`, written over
/// them (`buf` has room for one more); returns the number of modes.
fn complement_in_place(
    buf: &mut [(i64, i64)],
    nf: usize,
    cotarget: &[i64],
) -> Result<usize, LayoutError> {
    let cd = |x, y| ceil_div(x, y).ok_or(LayoutError::Overflow { op: OP });
    if let Some(&value) = cotarget.iter().find(|&&x| x <= 0) {
        return Err(LayoutError::BadCotarget { op: OP, value });
    }
    let Some(buf) = buf.get_mut(..nf + 1) else {
        return Err(LayoutError::Overflow { op: OP });
    };
    if nf == 1 && buf[0].1 == 0 {
        let m = size_of_leaves(cotarget)?;
        buf[0] = if m == 1 { (1, 0) } else { (m, 1) };
        return Ok(1);
    }
    let f = &mut buf[..nf];
    sort_by_stride(f);
    // Mode k of the result replaces (sorted) mode k once it has been read.
    let mut last_stride = 1i64;
    for (k, slot) in f.iter_mut().enumerate() {
        let (s, d) = *slot;
        let gap = complement_step(s, d, last_stride).map_err(|c| c.at(OP, k))?;
        *slot = (gap.shape, gap.stride);
        last_stride = gap.next;
    }
    // `shape_div(cotarget, last_stride)`, coalesced to its product: the
    // nested ceil_div of CuTe's fold equals ceil_div by the product.
    // (The last `ceil_div(b, x)` is not needed, only its overflow check.)
    let (mut rest, mut b) = (1i64, last_stride);
    for (k, &x) in cotarget.iter().enumerate() {
        rest = mul(rest, cd(x, b)?, OP)?;
        if k + 1 < cotarget.len() {
            b = cd(b, x)?;
        } else {
            b.checked_add(x - 1)
                .ok_or(LayoutError::Overflow { op: OP })?;
        }
    }
    buf[nf] = (rest, if rest == 1 { 0 } else { last_stride });
    // CuTe coalesces the result, but no two of these modes merge: mode k
    // ends at `new_shape * last <= d_k`, and every later mode's stride is at
    // least `d_k * s_k > d_k` (filtered modes have `s > 1`), so coalescing
    // only drops the size-1 modes.
    let mut w = 0;
    for r in 0..=nf {
        if buf[r].0 != 1 {
            buf[w] = buf[r];
            w += 1;
        }
    }
    if w == 0 {
        buf[0] = (1, 0);
        w = 1;
    }
    Ok(w)
}

/// Stable sort by stride (CuTe takes the first minimum): insertion sort for
/// the few modes of real layouts.
fn sort_by_stride(m: &mut [(i64, i64)]) {
    if m.len() > 16 {
        return m.sort_by_key(|x| x.1);
    }
    for i in 1..m.len() {
        let x = m[i];
        let mut j = i;
        while j > 0 && m[j - 1].1 > x.1 {
            m[j] = m[j - 1];
            j -= 1;
        }
        m[j] = x;
    }
}

fn size_of_leaves(v: &[i64]) -> Result<i64, LayoutError> {
    v.iter().try_fold(1i64, |p, &x| mul(p, x, OP))
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
        let nested: Vec<i64>;
        let cot: &[i64] = match cotarget {
            IntTree::Int(m) if *m > 0 => core::slice::from_ref(m),
            t => {
                let mut v = Vec::new();
                cotarget_leaves(t, &mut v)?;
                nested = v;
                &nested
            }
        };
        Ok(DynLayout::from_modes(complement_modes_of(
            self,
            cot,
            &mut Modes::new(),
        )?))
    }

    /// `complement(L)`: the cotarget defaults to `cosize(filter(L))`.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// let l: DynLayout = "(2,2):(1,6)".parse().unwrap();
    /// assert_eq!(l.complement().unwrap().to_string(), "3:2");
    /// ```
    pub fn complement(&self) -> Result<DynLayout, LayoutError> {
        let m = cosize_of(filter_flat(self, &mut Modes::new())?, OP)?;
        self.complement_to(&IntTree::Int(m))
    }
}

#[cfg(test)]
mod tests {
    use super::{Modes, complement_raw_modes};
    use crate::dynamic::DynLayout;
    use crate::dynamic::coalesce::coalesce_modes;
    use alloc::vec::Vec;

    /// `complement_in_place` drops size-1 modes instead of coalescing: on
    /// every layout of up to three modes with shapes 1..4 and strides
    /// 0..16, coalescing its result changes nothing.
    #[test]
    fn the_complement_is_already_coalesced() {
        let mut checked = 0;
        for k in 0..3 * 68usize.pow(3) {
            let (mut x, mut modes) = (k, Vec::new());
            for _ in 0..3 {
                modes.push(((x % 4 + 1) as i64, ((x / 4) % 17) as i64));
                x /= 4 * 17;
            }
            modes.truncate(x % 3 + 1);
            let l = DynLayout::from_modes(&modes);
            for m in [1, 7, 24, 64] {
                let mut sc = Modes::new();
                let Ok((r, _, _)) = complement_raw_modes(&l, &[m], &mut sc) else {
                    continue;
                };
                let mut again = r.to_vec();
                again.push((1, 0));
                let n = coalesce_modes(&mut again, r.len()).unwrap();
                assert_eq!(&again[..n], &r[..], "{l} to {m}");
                checked += 1;
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
