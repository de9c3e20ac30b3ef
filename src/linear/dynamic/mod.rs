//! The runtime form of linear layouts: [`LinearLayout`], Triton's
//! `LinearLayout` with its dimension names and bases as values, every
//! operation returning a [`LayoutError`] where Triton asserts, and the
//! conversions to and from CuTe's runtime layouts.
//!
//! A CuTe layout with power-of-two extents is F₂-linear exactly when the
//! images of its input bits (`stride << b` for each bit `b` of each mode)
//! have pairwise disjoint bits: then their sum is their XOR. [`to_linear`]
//! converts such a layout (and a swizzled one, a basis-strided one, a TV
//! layout), and [`to_cute`] converts back where a CuTe form exists.
//!
//! ```
//! use cute_algebra::dynamic::DynLayout;
//! use cute_algebra::linear::{to_cute, to_linear};
//!
//! let l: DynLayout = "(4,8):(8,1)".parse().unwrap();
//! let ll = to_linear(&l).unwrap();
//! assert_eq!(ll.to_string(), "
//!  - in=1 -> (8)
//!    in=2 -> (16)
//!    in=4 -> (1)
//!    in=8 -> (2)
//!    in=16 -> (4)
//! where out dims are: [out (size 32)]");
//! assert_eq!(to_cute(&ll).unwrap().to_string(), "(4,8):(8,1)");
//! // (2,2):(1,1) adds where XOR would cancel: not linear, and the error
//! // names the two input bits.
//! let bad: DynLayout = "(2,2):(1,1)".parse().unwrap();
//! assert!(to_linear(&bad).unwrap_err().to_string().contains("input bits 0 and 1 have images 1 and 1"));
//! ```

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use super::MAX_BITS;
use crate::error::LayoutError;

mod cute;
mod memory;
mod ops;

pub use cute::{
    to_cute, to_linear, to_linear_basis, to_linear_composed, to_linear_modes, to_linear_tv,
};
pub use memory::{Wavefronts, bank_conflicts, max_vector_width, swizzle_search};

/// One input dimension: its name and, for each of its bits, the image (one
/// value per output dimension).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct InDim {
    name: String,
    bases: Vec<Vec<u64>>,
}

/// Triton's `LinearLayout`: a linear map over F₂ from named input
/// dimensions to named output dimensions, each a power of two in size.
///
/// ```
/// use cute_algebra::linear::LinearLayout;
/// let l = LinearLayout::from_bases(
///     &[("register", vec![vec![1, 0], vec![0, 8]]), ("lane", vec![vec![2, 0], vec![4, 0], vec![0, 1], vec![0, 2], vec![0, 4]])],
///     &["dim0", "dim1"],
/// ).unwrap();
/// assert_eq!(l.apply(&[("register", 3), ("lane", 5)]).unwrap(), vec![3, 9]);
/// assert_eq!(l.out_dims(), vec![("dim0", 8), ("dim1", 16)]);
/// assert!(l.is_invertible());
/// assert_eq!(l.invert().unwrap().compose(&l).unwrap().apply(&[("dim0", 5), ("dim1", 11)]).unwrap(), vec![5, 11]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LinearLayout {
    ins: Vec<InDim>,
    /// Each output dimension's name and log2 of its size.
    outs: Vec<(String, u32)>,
}

fn dims_err(op: &'static str, reason: &'static str) -> LayoutError {
    LayoutError::LinearDims { op, reason }
}

fn log2_of(op: &'static str, what: &'static str, size: i64) -> Result<u32, LayoutError> {
    if size <= 0 || size & (size - 1) != 0 {
        return Err(LayoutError::NotPowerOfTwo {
            op,
            what,
            value: size,
        });
    }
    Ok(size.trailing_zeros())
}

/// Where `name` sits in `names`.
fn position<'a>(names: impl Iterator<Item = &'a str>, name: &str) -> Option<usize> {
    names.into_iter().position(|n| n == name)
}

/// Every one of `names` is among `have`, or the error naming the first
/// that is not (`side`: which dimensions `have` lists).
fn known(
    op: &'static str,
    side: &'static str,
    have: &[&str],
    names: &[&str],
) -> Result<(), LayoutError> {
    match names.iter().find(|n| !have.contains(n)) {
        Some(n) => Err(LayoutError::UnknownDim {
            op,
            name: crate::error::FnName::new(n),
            side,
        }),
        None => Ok(()),
    }
}

fn distinct<'a>(names: impl Iterator<Item = &'a str> + Clone) -> bool {
    names
        .clone()
        .enumerate()
        .all(|(i, a)| names.clone().skip(i + 1).all(|b| b != a))
}

impl LinearLayout {
    /// The layout with these bases and output dimensions (Triton's
    /// `LinearLayout(bases, outDims, requireSurjective)`): each input bit's
    /// image holds one value per output dimension, below its size.
    ///
    /// ```
    /// use cute_algebra::linear::LinearLayout;
    /// let l = LinearLayout::new(&[("in", vec![vec![1], vec![1]])], &[("out", 4)], false).unwrap();
    /// assert!(!l.is_injective() && !l.is_surjective());
    /// assert!(LinearLayout::new(&[("in", vec![vec![4]])], &[("out", 4)], false).is_err());
    /// ```
    pub fn new(
        bases: &[(&str, Vec<Vec<u64>>)],
        outs: &[(&str, i64)],
        require_surjective: bool,
    ) -> Result<LinearLayout, LayoutError> {
        let op = "LinearLayout";
        let outs = outs
            .iter()
            .map(|&(n, s)| Ok((String::from(n), log2_of(op, "out-dim size", s)?)))
            .collect::<Result<Vec<_>, LayoutError>>()?;
        let ins = bases
            .iter()
            .map(|(n, bs)| InDim {
                name: String::from(*n),
                bases: bs.clone(),
            })
            .collect();
        let l = LinearLayout { ins, outs };
        l.check(op)?;
        if require_surjective && !l.is_surjective() {
            return Err(dims_err(
                op,
                "the layout is required to be surjective (every output reached), but is not",
            ));
        }
        Ok(l)
    }

    /// Triton's `from_bases(bases, out_dim_names)`: each output size is the
    /// smallest power of two above every value the bases give it, and the
    /// layout must be surjective.
    pub fn from_bases(
        bases: &[(&str, Vec<Vec<u64>>)],
        out_names: &[&str],
    ) -> Result<LinearLayout, LayoutError> {
        let mut sizes = vec![1i64; out_names.len()];
        for (_, bs) in bases {
            for b in bs {
                for (i, &v) in b.iter().enumerate() {
                    if let Some(s) = sizes.get_mut(i) {
                        // Triton's NextPowerOf2: the power of two above v;
                        // past 2^62 the size check below reports it.
                        let next = if v >= 1 << 62 {
                            i64::MAX
                        } else {
                            (v + 1).next_power_of_two() as i64
                        };
                        *s = (*s).max(next);
                    }
                }
            }
        }
        let outs: Vec<(&str, i64)> = out_names.iter().copied().zip(sizes).collect();
        LinearLayout::new(bases, &outs, true)
    }

    /// Triton's `identity1D(size, in, out)`.
    ///
    /// ```
    /// use cute_algebra::linear::LinearLayout;
    /// let l = LinearLayout::identity_1d(4, "in", "out").unwrap();
    /// assert_eq!(l.to_string(), "\n - in=1 -> (1)\n   in=2 -> (2)\nwhere out dims are: [out (size 4)]");
    /// ```
    pub fn identity_1d(
        size: i64,
        in_dim: &str,
        out_dim: &str,
    ) -> Result<LinearLayout, LayoutError> {
        LinearLayout::strided_1d(size, 1, in_dim, out_dim)
    }

    /// Triton's `strided1D(size, stride, in, out)`: `in = i` maps to
    /// `out = i * stride`.
    pub fn strided_1d(
        size: i64,
        stride: i64,
        in_dim: &str,
        out_dim: &str,
    ) -> Result<LinearLayout, LayoutError> {
        let op = "strided_1d";
        let k = log2_of(op, "size", size)?;
        let s = log2_of(op, "stride", stride)?;
        if k + s > MAX_BITS {
            return Err(dims_err(op, "the layout is wider than 32 bits"));
        }
        let bases = (0..k).map(|b| vec![1u64 << (b + s)]).collect();
        let l = LinearLayout {
            ins: vec![InDim {
                name: String::from(in_dim),
                bases,
            }],
            outs: vec![(String::from(out_dim), k + s)],
        };
        l.check(op)?;
        Ok(l)
    }

    /// Triton's `zeros1D(size, in, out)`: every input maps to 0 (a
    /// broadcast), with an output of size 1.
    pub fn zeros_1d(size: i64, in_dim: &str, out_dim: &str) -> Result<LinearLayout, LayoutError> {
        let k = log2_of("zeros_1d", "size", size)?;
        let l = LinearLayout {
            ins: vec![InDim {
                name: String::from(in_dim),
                bases: vec![vec![0]; k as usize],
            }],
            outs: vec![(String::from(out_dim), 0)],
        };
        l.check("zeros_1d")?;
        Ok(l)
    }

    /// Triton's `empty()`: no dimensions; the identity of `*`.
    pub fn empty() -> LinearLayout {
        LinearLayout {
            ins: Vec::new(),
            outs: Vec::new(),
        }
    }

    /// The invariants every constructor keeps: distinct names, one value
    /// per output dimension in each basis, each below its dimension's size,
    /// and at most [`MAX_BITS`] bits on each side.
    fn check(&self, op: &'static str) -> Result<(), LayoutError> {
        if !distinct(self.ins.iter().map(|d| d.name.as_str())) {
            return Err(dims_err(op, "the input dimension names repeat"));
        }
        if !distinct(self.outs.iter().map(|d| d.0.as_str())) {
            return Err(dims_err(op, "the output dimension names repeat"));
        }
        if self.total_in_bits() > MAX_BITS as usize {
            return Err(dims_err(op, "more than 32 input bits in all"));
        }
        if self.total_out_bits() > MAX_BITS as usize {
            return Err(dims_err(op, "more than 32 output bits in all"));
        }
        for d in &self.ins {
            for b in &d.bases {
                if b.len() != self.outs.len() {
                    return Err(dims_err(
                        op,
                        "a basis does not hold one value per output dimension",
                    ));
                }
                for (v, (_, k)) in b.iter().zip(&self.outs) {
                    if *v >> k != 0 {
                        return Err(dims_err(
                            op,
                            "a basis value is not below its output dimension's size",
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The input dimensions' names, in order (minor to major).
    pub fn in_dim_names(&self) -> Vec<&str> {
        self.ins.iter().map(|d| d.name.as_str()).collect()
    }

    /// The output dimensions' names, in order (minor to major).
    pub fn out_dim_names(&self) -> Vec<&str> {
        self.outs.iter().map(|d| d.0.as_str()).collect()
    }

    /// The input dimensions and their sizes.
    pub fn in_dims(&self) -> Vec<(&str, i64)> {
        self.ins
            .iter()
            .map(|d| (d.name.as_str(), 1i64 << d.bases.len()))
            .collect()
    }

    /// The output dimensions and their sizes (Triton's `out_dims`).
    pub fn out_dims(&self) -> Vec<(&str, i64)> {
        self.outs
            .iter()
            .map(|(n, k)| (n.as_str(), 1i64 << k))
            .collect()
    }

    /// The bases: for each input dimension, its bits' images (Triton's
    /// `bases`).
    pub fn bases(&self) -> Vec<(&str, &[Vec<u64>])> {
        self.ins
            .iter()
            .map(|d| (d.name.as_str(), d.bases.as_slice()))
            .collect()
    }

    /// The image of bit `bit` of input dimension `in_dim` (Triton's
    /// `getBasis`).
    pub fn basis(&self, in_dim: &str, bit: usize) -> Option<&[u64]> {
        let d = self.ins.iter().find(|d| d.name == in_dim)?;
        d.bases.get(bit).map(|b| b.as_slice())
    }

    fn in_index(&self, name: &str) -> Option<usize> {
        position(self.ins.iter().map(|d| d.name.as_str()), name)
    }

    fn out_index(&self, name: &str) -> Option<usize> {
        position(self.outs.iter().map(|d| d.0.as_str()), name)
    }

    /// log2 of an input dimension's size.
    pub fn in_dim_size_log2(&self, name: &str) -> Option<u32> {
        self.in_index(name).map(|i| self.ins[i].bases.len() as u32)
    }

    /// log2 of an output dimension's size.
    pub fn out_dim_size_log2(&self, name: &str) -> Option<u32> {
        self.out_index(name).map(|i| self.outs[i].1)
    }

    /// The number of input bits, all dimensions together.
    pub fn total_in_bits(&self) -> usize {
        self.ins.iter().map(|d| d.bases.len()).sum()
    }

    /// The number of output bits, all dimensions together.
    pub fn total_out_bits(&self) -> usize {
        self.outs.iter().map(|d| d.1 as usize).sum()
    }

    /// Each input bit's image as one integer, the output dimensions
    /// concatenated (the first the least significant): the layout flattened.
    pub(crate) fn flat_images(&self) -> Vec<u64> {
        let mut shifts = Vec::with_capacity(self.outs.len());
        let mut s = 0;
        for (_, k) in &self.outs {
            shifts.push(s);
            s += k;
        }
        self.ins
            .iter()
            .flat_map(|d| d.bases.iter())
            .map(|b| {
                b.iter()
                    .zip(&shifts)
                    .fold(0u64, |acc, (v, s)| acc | (v << s))
            })
            .collect()
    }

    /// The layout whose flattened images are `images`, split over these
    /// input and output dimensions (names and log2 sizes).
    pub(crate) fn from_flat(
        images: &[u64],
        ins: &[(String, u32)],
        outs: &[(String, u32)],
    ) -> LinearLayout {
        let mut it = images.iter();
        let ins = ins
            .iter()
            .map(|(name, k)| InDim {
                name: name.clone(),
                bases: (0..*k)
                    .map(|_| {
                        let mut v = it.next().copied().unwrap_or(0);
                        outs.iter()
                            .map(|(_, ko)| {
                                let x = v & ((1u64 << ko) - 1);
                                v >>= ko;
                                x
                            })
                            .collect()
                    })
                    .collect(),
            })
            .collect();
        LinearLayout {
            ins,
            outs: outs.to_vec(),
        }
    }

    /// The runtime form of a static layout's table (one function for
    /// every static layout, so that converting one compiles nothing new).
    pub(crate) fn from_table(t: &super::LinearTable) -> LinearLayout {
        let images: Vec<u64> = (0..t.total_in_bits() as usize)
            .map(|k| t.image(k))
            .collect();
        let dims = |n: usize, at: &dyn Fn(usize) -> (&'static str, u32)| -> Vec<(String, u32)> {
            (0..n)
                .map(|i| {
                    let (name, k) = at(i);
                    (String::from(name), k)
                })
                .collect()
        };
        LinearLayout::from_flat(
            &images,
            &dims(t.num_in_dims(), &|i| t.in_dim(i)),
            &dims(t.num_out_dims(), &|i| t.out_dim(i)),
        )
    }

    pub(crate) fn in_shape(&self) -> Vec<(String, u32)> {
        self.ins
            .iter()
            .map(|d| (d.name.clone(), d.bases.len() as u32))
            .collect()
    }

    /// The F₂ matrix: one `u64` per output bit (the output dimensions
    /// concatenated, the first the least significant), whose bit `c` is
    /// output bit's coefficient of input bit `c` (Triton's `getMatrix`).
    pub(crate) fn matrix_rows(&self) -> Vec<u64> {
        let imgs = self.flat_images();
        (0..self.total_out_bits())
            .map(|r| {
                imgs.iter()
                    .enumerate()
                    .fold(0u64, |acc, (c, v)| acc | (((v >> r) & 1) << c))
            })
            .collect()
    }

    /// The F₂ matrix as 0/1 entries, a row per output bit and a column per
    /// input bit (Triton's `get_matrix_view`).
    ///
    /// ```
    /// use cute_algebra::linear::LinearLayout;
    /// let l = LinearLayout::from_bases(&[("in", vec![vec![2], vec![1]])], &["out"]).unwrap();
    /// assert_eq!(l.matrix(), vec![vec![0, 1], vec![1, 0]]);
    /// ```
    pub fn matrix(&self) -> Vec<Vec<u8>> {
        let n = self.total_in_bits();
        self.matrix_rows()
            .iter()
            .map(|r| (0..n).map(|c| ((r >> c) & 1) as u8).collect())
            .collect()
    }

    /// The rank of the F₂ matrix: log2 of the number of distinct outputs.
    pub fn rank(&self) -> usize {
        let mut m = self.matrix_rows();
        rref(&mut m, self.total_in_bits());
        m.iter().filter(|r| **r != 0).count()
    }

    /// Every output is reached.
    pub fn is_surjective(&self) -> bool {
        self.rank() == self.total_out_bits()
    }

    /// No two inputs share an output.
    pub fn is_injective(&self) -> bool {
        self.rank() == self.total_in_bits()
    }

    /// Surjective and as many inputs as outputs (Triton's `isInvertible`).
    pub fn is_invertible(&self) -> bool {
        self.is_surjective() && self.total_in_bits() == self.total_out_bits()
    }
}

/// Gauss–Jordan elimination over F₂ in place: the reduced row echelon form
/// (unique, so it is the one Triton's `f2reduce` reaches), pivots in
/// increasing column order (column `c` is bit `c`), zero rows last.
pub(crate) fn rref(rows: &mut [u64], ncols: usize) {
    let mut r = 0;
    for c in 0..ncols {
        let Some(p) = (r..rows.len()).find(|&i| (rows[i] >> c) & 1 == 1) else {
            continue;
        };
        rows.swap(r, p);
        let pivot = rows[r];
        for (i, row) in rows.iter_mut().enumerate() {
            if i != r && (*row >> c) & 1 == 1 {
                *row ^= pivot;
            }
        }
        r += 1;
        if r == rows.len() {
            break;
        }
    }
}

/// Triton's `toString`, character for character (it starts with a newline,
/// since Triton prints a bulleted list).
impl fmt::Display for LinearLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let write_outs = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
            f.write_str("[")?;
            for (i, (n, k)) in self.outs.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{n} (size {})", 1u64 << k)?;
            }
            f.write_str("]")
        };
        if self.ins.is_empty() {
            if self.outs.is_empty() {
                return f.write_str("\n(empty layout)");
            }
            f.write_str("\n(empty layout with out-dims ")?;
            write_outs(f)?;
            return f.write_str(")");
        }
        f.write_str("\n")?;
        for d in &self.ins {
            if d.bases.is_empty() {
                writeln!(f, " - {} is a size 1 dimension", d.name)?;
                continue;
            }
            for (i, b) in d.bases.iter().enumerate() {
                f.write_str(if i == 0 { " - " } else { "   " })?;
                write!(f, "{}={} -> (", d.name, 1u64 << i)?;
                for (j, v) in b.iter().enumerate() {
                    if j > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str(")\n")?;
            }
        }
        f.write_str("where out dims are: ")?;
        write_outs(f)
    }
}
