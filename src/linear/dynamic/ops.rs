//! The operations on linear layouts, with Triton's names and semantics
//! (`LinearLayout.h`): apply, compose, the (pseudo)inverses and
//! `invertAndCompose`, the product `*` and its divisions, and the reshapes.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::{InDim, LinearLayout, dims_err, distinct, known, log2_of, rref};
use crate::error::LayoutError;

/// `a` and `b` hold the same names, in any order.
fn same_set(a: &[&str], b: &[&str]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
}

/// The names both lists hold appear in the same relative order.
fn common_same_order(a: &[&str], b: &[&str]) -> bool {
    let ca: Vec<&str> = a.iter().copied().filter(|x| b.contains(x)).collect();
    let cb: Vec<&str> = b.iter().copied().filter(|x| a.contains(x)).collect();
    ca == cb
}

/// The shortest list holding both lists in their order (their common names
/// in the same relative order): between two common names, `a`'s names come
/// before `b`'s (Triton's supremum, biased towards the first list).
fn supremum<'a>(a: &[&'a str], b: &[&'a str]) -> Vec<&'a str> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < a.len() || j < b.len() {
        while i < a.len() && !b.contains(&a[i]) {
            out.push(a[i]);
            i += 1;
        }
        while j < b.len() && !a.contains(&b[j]) {
            out.push(b[j]);
            j += 1;
        }
        if i < a.len() && j < b.len() {
            out.push(a[i]);
            i += 1;
            j += 1;
        }
    }
    out
}

impl LinearLayout {
    /// `L(ins)`: the XOR of the images of the inputs' set bits, one value
    /// per output dimension (Triton's `apply`). Every input dimension must
    /// be given once, with a value below its size.
    ///
    /// ```
    /// use cute_algebra::linear::LinearLayout;
    /// let l = LinearLayout::from_bases(&[("in", vec![vec![3], vec![1]])], &["out"]).unwrap();
    /// assert_eq!(l.apply(&[("in", 3)]).unwrap(), vec![2]);
    /// assert!(l.apply(&[("in", 4)]).is_err());
    /// ```
    pub fn apply(&self, ins: &[(&str, u64)]) -> Result<Vec<u64>, LayoutError> {
        let op = "apply";
        let names: Vec<&str> = ins.iter().map(|p| p.0).collect();
        known(op, "input", &self.in_dim_names(), &names)?;
        if !same_set(&names, &self.in_dim_names()) || !distinct(names.iter().copied()) {
            return Err(dims_err(
                op,
                "the inputs must name each input dimension once",
            ));
        }
        let mut out = vec![0u64; self.outs.len()];
        for &(name, v) in ins {
            let d = &self.ins[self.in_index(name).unwrap_or(0)];
            if v >> d.bases.len() != 0 {
                return Err(LayoutError::OutOfRange { op });
            }
            for (b, img) in d.bases.iter().enumerate() {
                if (v >> b) & 1 == 1 {
                    for (o, x) in out.iter_mut().zip(img) {
                        *o ^= x;
                    }
                }
            }
        }
        Ok(out)
    }

    /// `outer ∘ self`: run `self`, then `outer` (Triton's `compose`).
    /// `self`'s output dimensions must be `outer`'s input dimensions, each
    /// no larger.
    ///
    /// ```
    /// use cute_algebra::linear::LinearLayout;
    /// let a = LinearLayout::strided_1d(4, 2, "i", "x").unwrap();
    /// let b = LinearLayout::from_bases(&[("x", vec![vec![4], vec![2], vec![1]])], &["o"]).unwrap();
    /// assert_eq!(a.compose(&b).unwrap().bases()[0].1, &[vec![2], vec![1]]);
    /// ```
    pub fn compose(&self, outer: &LinearLayout) -> Result<LinearLayout, LayoutError> {
        let op = "compose";
        if !same_set(&self.out_dim_names(), &outer.in_dim_names()) {
            return Err(dims_err(
                op,
                "the inner layout's output dimensions must be the outer layout's input dimensions",
            ));
        }
        for (n, k) in &self.outs {
            if outer.in_dim_size_log2(n).is_some_and(|ko| *k > ko) {
                return Err(dims_err(
                    op,
                    "an inner output dimension is larger than the outer input dimension",
                ));
            }
        }
        let names = self.out_dim_names();
        let ins = self
            .ins
            .iter()
            .map(|d| {
                let bases = d
                    .bases
                    .iter()
                    .map(|b| {
                        let args: Vec<(&str, u64)> =
                            names.iter().copied().zip(b.iter().copied()).collect();
                        outer.apply(&args)
                    })
                    .collect::<Result<_, _>>()?;
                Ok(InDim {
                    name: d.name.clone(),
                    bases,
                })
            })
            .collect::<Result<_, LayoutError>>()?;
        Ok(LinearLayout {
            ins,
            outs: outer.outs.clone(),
        })
    }

    /// Triton's `operator*`, the direct sum: `self` (inner) acts on the low
    /// bits of each shared dimension, `outer` on the bits above. The
    /// dimensions both hold must come in the same relative order.
    ///
    /// ```
    /// use cute_algebra::linear::LinearLayout;
    /// let a = LinearLayout::identity_1d(4, "i", "o").unwrap();
    /// let z = LinearLayout::zeros_1d(2, "i", "o").unwrap();
    /// // identity1D(4) * zeros1D(2): L(x) = x % 4 for x in [0, 8).
    /// assert_eq!(a.mul(&z).unwrap().apply(&[("i", 7)]).unwrap(), vec![3]);
    /// // zeros1D(2) * identity1D(4): L(x) = x / 2.
    /// assert_eq!(z.mul(&a).unwrap().apply(&[("i", 7)]).unwrap(), vec![3]);
    /// ```
    pub fn mul(&self, outer: &LinearLayout) -> Result<LinearLayout, LayoutError> {
        let op = "operator*";
        if !common_same_order(&self.in_dim_names(), &outer.in_dim_names())
            || !common_same_order(&self.out_dim_names(), &outer.out_dim_names())
        {
            return Err(dims_err(
                op,
                "the dimensions both layouts hold must appear in the same relative order",
            ));
        }
        let size_in = |n: &str| {
            self.in_dim_size_log2(n).unwrap_or(0) + outer.in_dim_size_log2(n).unwrap_or(0)
        };
        let size_out = |n: &str| {
            self.out_dim_size_log2(n).unwrap_or(0) + outer.out_dim_size_log2(n).unwrap_or(0)
        };
        let in_names: Vec<(String, u32)> = supremum(&self.in_dim_names(), &outer.in_dim_names())
            .into_iter()
            .map(|n| (String::from(n), size_in(n)))
            .collect();
        let out_names: Vec<(String, u32)> = supremum(&self.out_dim_names(), &outer.out_dim_names())
            .into_iter()
            .map(|n| (String::from(n), size_out(n)))
            .collect();
        let ins = in_names
            .iter()
            .map(|(name, k)| {
                let mut bases = vec![vec![0u64; out_names.len()]; *k as usize];
                let low = self.in_dim_size_log2(name);
                for (oi, (oname, _)) in out_names.iter().enumerate() {
                    if let (Some(ii), Some(io)) = (self.in_index(name), self.out_index(oname)) {
                        for (b, img) in self.ins[ii].bases.iter().enumerate() {
                            bases[b][oi] = img[io];
                        }
                    }
                    if let (Some(ii), Some(io)) = (outer.in_index(name), outer.out_index(oname)) {
                        let off = low.unwrap_or(0) as usize;
                        let shift = self.out_dim_size_log2(oname).unwrap_or(0);
                        for (b, img) in outer.ins[ii].bases.iter().enumerate() {
                            bases[off + b][oi] = img[io] << shift;
                        }
                    }
                }
                InDim {
                    name: name.clone(),
                    bases,
                }
            })
            .collect();
        let l = LinearLayout {
            ins,
            outs: out_names,
        };
        l.check(op)?;
        Ok(l)
    }

    /// Triton's `sublayout(ins, outs)`: only these dimensions, the others'
    /// inputs set to 0 and outputs dropped; sizes and order kept.
    pub fn sublayout(&self, ins: &[&str], outs: &[&str]) -> Result<LinearLayout, LayoutError> {
        let op = "sublayout";
        known(op, "input", &self.in_dim_names(), ins)?;
        known(op, "output", &self.out_dim_names(), outs)?;
        let keep: Vec<usize> = (0..self.outs.len())
            .filter(|&i| outs.contains(&self.outs[i].0.as_str()))
            .collect();
        Ok(self.pick(|d| ins.contains(&d.name.as_str()), &keep))
    }

    /// The input dimensions `keep_in` keeps, with the output dimensions
    /// `outs` names, in that order, in every basis.
    fn pick(&self, keep_in: impl Fn(&InDim) -> bool, outs: &[usize]) -> LinearLayout {
        LinearLayout {
            ins: self
                .ins
                .iter()
                .filter(|d| keep_in(d))
                .map(|d| InDim {
                    name: d.name.clone(),
                    bases: d
                        .bases
                        .iter()
                        .map(|b| outs.iter().map(|&i| b[i]).collect())
                        .collect(),
                })
                .collect(),
            outs: outs.iter().map(|&i| self.outs[i].clone()).collect(),
        }
    }

    fn sublayout_is_zero(&self, ins: &[&str], outs: &[&str]) -> Result<bool, LayoutError> {
        let s = self.sublayout(ins, outs)?;
        Ok(s.ins
            .iter()
            .all(|d| d.bases.iter().flatten().all(|v| *v == 0)))
    }

    /// Triton's `isTrivialOver(dims)`: the layout is the identity on these
    /// dimensions and mixes them with no other.
    pub fn is_trivial_over(&self, dims: &[&str]) -> Result<bool, LayoutError> {
        let both: Vec<&str> = self
            .in_dim_names()
            .into_iter()
            .filter(|n| self.out_index(n).is_some())
            .collect();
        known("is_trivial_over", "input and output", &both, dims)?;
        let (rest_in, rest_out) = self.dims_besides(dims);
        let square_identity = if dims.is_empty() {
            true
        } else {
            let sl = self.sublayout(dims, dims)?;
            dims.iter()
                .all(|d| sl.in_dim_size_log2(d) == sl.out_dim_size_log2(d))
                && {
                    let flat = sl.flat_images();
                    flat.iter().enumerate().all(|(i, v)| *v == 1 << i)
                }
        };
        Ok(square_identity
            && self.sublayout_is_zero(&rest_in, dims)?
            && self.sublayout_is_zero(dims, &rest_out)?)
    }

    /// Triton's `quotient(dims)`: where the layout is trivial over `dims`,
    /// the layout on the remaining dimensions; else `None`.
    pub fn quotient(&self, dims: &[&str]) -> Result<Option<LinearLayout>, LayoutError> {
        if !self.is_trivial_over(dims)? {
            return Ok(None);
        }
        let (ins, outs) = self.dims_besides(dims);
        self.sublayout(&ins, &outs).map(Some)
    }

    /// The input and the output dimensions not named in `dims`.
    fn dims_besides<'a>(&'a self, dims: &[&str]) -> (Vec<&'a str>, Vec<&'a str>) {
        fn besides<'a>(names: Vec<&'a str>, dims: &[&str]) -> Vec<&'a str> {
            names.into_iter().filter(|n| !dims.contains(n)).collect()
        }
        (
            besides(self.in_dim_names(), dims),
            besides(self.out_dim_names(), dims),
        )
    }

    /// Triton's `transposeIns`: the same layout with its input dimensions
    /// in this order.
    pub fn transpose_ins(&self, order: &[&str]) -> Result<LinearLayout, LayoutError> {
        known("transpose_ins", "input", &self.in_dim_names(), order)?;
        if !same_set(order, &self.in_dim_names()) || !distinct(order.iter().copied()) {
            return Err(dims_err(
                "transpose_ins",
                "the order must name each input dimension once",
            ));
        }
        Ok(LinearLayout {
            ins: order
                .iter()
                .map(|n| self.ins[self.in_index(n).unwrap_or(0)].clone())
                .collect(),
            outs: self.outs.clone(),
        })
    }

    /// Triton's `transposeOuts`: the same layout with its output
    /// dimensions in this order.
    pub fn transpose_outs(&self, order: &[&str]) -> Result<LinearLayout, LayoutError> {
        known("transpose_outs", "output", &self.out_dim_names(), order)?;
        if !same_set(order, &self.out_dim_names()) || !distinct(order.iter().copied()) {
            return Err(dims_err(
                "transpose_outs",
                "the order must name each output dimension once",
            ));
        }
        let perm: Vec<usize> = order
            .iter()
            .map(|n| self.out_index(n).unwrap_or(0))
            .collect();
        Ok(self.pick(|_| true, &perm))
    }

    fn sizes_log2(
        op: &'static str,
        dims: &[(&str, i64)],
    ) -> Result<Vec<(String, u32)>, LayoutError> {
        dims.iter()
            .map(|&(n, s)| Ok((String::from(n), log2_of(op, "dimension size", s)?)))
            .collect()
    }

    /// Triton's `reshapeIns`: the input bits, flattened in order, split
    /// into these dimensions (the total size kept).
    pub fn reshape_ins(&self, dims: &[(&str, i64)]) -> Result<LinearLayout, LayoutError> {
        self.reshape("reshape_ins", dims, true)
    }

    /// Triton's `reshapeOuts`: the output bits, flattened in order, split
    /// into these dimensions (the total size kept).
    pub fn reshape_outs(&self, dims: &[(&str, i64)]) -> Result<LinearLayout, LayoutError> {
        self.reshape("reshape_outs", dims, false)
    }

    /// The input (`ins`) or output bits split into `dims`.
    fn reshape(
        &self,
        op: &'static str,
        dims: &[(&str, i64)],
        ins: bool,
    ) -> Result<LinearLayout, LayoutError> {
        let new = Self::sizes_log2(op, dims)?;
        let total = if ins {
            self.total_in_bits()
        } else {
            self.total_out_bits()
        };
        if new.iter().map(|d| d.1 as usize).sum::<usize>() != total {
            return Err(dims_err(
                op,
                if ins {
                    "the new input sizes do not multiply to the total input size"
                } else {
                    "the new output sizes do not multiply to the total output size"
                },
            ));
        }
        let l = if ins {
            LinearLayout::from_flat(&self.flat_images(), &new, &self.outs)
        } else {
            LinearLayout::from_flat(&self.flat_images(), &self.in_shape(), &new)
        };
        l.check(op)?;
        Ok(l)
    }

    /// Triton's `renameInDim`: input dimension `old` named `new`.
    pub fn rename_in_dim(&self, old: &str, new: &str) -> Result<LinearLayout, LayoutError> {
        known("rename_in_dim", "input", &self.in_dim_names(), &[old])?;
        let i = self.in_index(old).unwrap_or(0);
        let mut l = self.clone();
        l.ins[i].name = String::from(new);
        l.check("rename_in_dim")?;
        Ok(l)
    }

    /// Triton's `flattenIns`: one input dimension, named as the first.
    pub fn flatten_ins(&self) -> LinearLayout {
        let ins = match self.ins.first() {
            Some(d) => vec![(d.name.clone(), self.total_in_bits() as u32)],
            None => Vec::new(),
        };
        LinearLayout::from_flat(&self.flat_images(), &ins, &self.outs)
    }

    /// Triton's `flattenOuts`: one output dimension, named as the first.
    pub fn flatten_outs(&self) -> LinearLayout {
        let outs = match self.outs.first() {
            Some(d) => vec![(d.0.clone(), self.total_out_bits() as u32)],
            None => Vec::new(),
        };
        LinearLayout::from_flat(&self.flat_images(), &self.in_shape(), &outs)
    }

    /// Triton's `concatIns`: the input dimensions of both layouts (these
    /// first), over the same output dimensions and sizes.
    pub fn concat_ins(&self, other: &LinearLayout) -> Result<LinearLayout, LayoutError> {
        if self.outs != other.outs {
            return Err(dims_err(
                "concat_ins",
                "the layouts must have the same output dimensions and sizes",
            ));
        }
        let l = LinearLayout {
            ins: self.ins.iter().chain(&other.ins).cloned().collect(),
            outs: self.outs.clone(),
        };
        l.check("concat_ins")?;
        Ok(l)
    }

    /// Triton's `concatOuts`: the output dimensions of both layouts (these
    /// first), over the same input dimensions and sizes.
    pub fn concat_outs(&self, other: &LinearLayout) -> Result<LinearLayout, LayoutError> {
        if self.in_shape() != other.in_shape() {
            return Err(dims_err(
                "concat_outs",
                "the layouts must have the same input dimensions and sizes",
            ));
        }
        let l = LinearLayout {
            ins: self
                .ins
                .iter()
                .zip(&other.ins)
                .map(|(a, b)| InDim {
                    name: a.name.clone(),
                    bases: a
                        .bases
                        .iter()
                        .zip(&b.bases)
                        .map(|(x, y)| x.iter().chain(y).copied().collect())
                        .collect(),
                })
                .collect(),
            outs: self.outs.iter().chain(&other.outs).cloned().collect(),
        };
        l.check("concat_outs")?;
        Ok(l)
    }

    /// Triton's `lstsq(A = self, B)`: the minimal solution `X` of
    /// `A X = B`, read off the reduced row echelon form of `[A | B]`; its
    /// inputs are `B`'s, its outputs `A`'s inputs.
    fn lstsq(&self, b: &LinearLayout) -> Result<LinearLayout, LayoutError> {
        let op = "invert_and_compose";
        let ca = self.total_in_bits();
        let cb = b.total_in_bits();
        let ma = self.matrix_rows();
        let mb = b.matrix_rows();
        let mut m: Vec<u64> = ma.iter().zip(&mb).map(|(x, y)| x | (y << ca)).collect();
        rref(&mut m, ca + cb);
        let mut pivots = Vec::new();
        for row in &m {
            if *row == 0 {
                continue;
            }
            let c = row.trailing_zeros() as usize;
            if c >= ca {
                return Err(dims_err(
                    op,
                    "the second layout does not reach every value the first takes",
                ));
            }
            pivots.push(c);
        }
        let mut ret = vec![0u64; ca];
        let mut j = 0;
        for (r, x) in ret.iter_mut().enumerate() {
            if pivots.get(j) == Some(&r) {
                *x = m[j] >> ca;
                j += 1;
            }
        }
        let images: Vec<u64> = (0..cb)
            .map(|c| {
                ret.iter()
                    .enumerate()
                    .fold(0u64, |acc, (r, x)| acc | (((x >> c) & 1) << r))
            })
            .collect();
        Ok(LinearLayout::from_flat(
            &images,
            &b.in_shape(),
            &self.in_shape(),
        ))
    }

    /// Triton's `invertAndCompose`: `C` with `self(x) = outer(C(x))`, from
    /// `self`'s inputs to `outer`'s inputs (for a register layout and a
    /// shared-memory layout, which offset each register goes to).
    ///
    /// Both layouts have the same output dimensions (any order) and sizes,
    /// and `outer` is surjective. An input dimension both layouts hold and
    /// broadcast (all bases 0) maps to itself; the rest is the minimal
    /// solution of the linear system (the reduced row echelon form of
    /// `[outer | self]`), as Triton chooses it.
    ///
    /// ```
    /// use cute_algebra::linear::LinearLayout;
    /// let a = LinearLayout::from_bases(&[("i", vec![vec![1], vec![2]])], &["o"]).unwrap();
    /// let b = LinearLayout::from_bases(&[("j", vec![vec![2], vec![1]])], &["o"]).unwrap();
    /// let c = a.invert_and_compose(&b).unwrap();
    /// assert_eq!(c.bases()[0].1, &[vec![2], vec![1]]);
    /// ```
    pub fn invert_and_compose(&self, outer: &LinearLayout) -> Result<LinearLayout, LayoutError> {
        let op = "invert_and_compose";
        let out_names = self.out_dim_names();
        if !same_set(&out_names, &outer.out_dim_names()) {
            return Err(dims_err(
                op,
                "the layouts must have the same output dimensions",
            ));
        }
        let b = self;
        let a = outer.transpose_outs(&out_names)?;
        if a.outs != b.outs {
            return Err(dims_err(
                op,
                "the layouts' output dimensions must have the same sizes",
            ));
        }
        if !a.is_surjective() {
            return Err(dims_err(op, "the second layout must be surjective"));
        }
        // A dimension both layouts broadcast (all its bases 0 in both) maps
        // to itself rather than to 0, so that a conversion moves no data
        // across it; Triton's answers agree with this rule on every case of
        // tests/data/linear/triton_cases.tsv, where an equal but nonzero
        // dimension is solved with the rest.
        let mut identity: Vec<&str> = Vec::new();
        for d in a.in_dim_names() {
            let own = a.sublayout(&[d], &out_names)?;
            if b.in_index(d).is_some() && own.rank() == 0 && own == b.sublayout(&[d], &out_names)? {
                identity.push(d);
            }
        }
        let a_rest: Vec<&str> = a
            .in_dim_names()
            .into_iter()
            .filter(|d| !identity.contains(d))
            .collect();
        let b_rest: Vec<&str> = b
            .in_dim_names()
            .into_iter()
            .filter(|d| !identity.contains(d))
            .collect();
        let a_red = a.sublayout(&a_rest, &out_names)?;
        let b_red = b.sublayout(&b_rest, &out_names)?;
        let mut ret = if a_rest.is_empty() && b_rest.is_empty() {
            LinearLayout::empty()
        } else {
            a_red.lstsq(&b_red)?
        };
        for d in &identity {
            let k = a.in_dim_size_log2(d).unwrap_or(0);
            ret = ret.mul(&LinearLayout::identity_1d(1 << k, d, d)?)?;
        }
        ret.transpose_ins(&b.in_dim_names())?
            .transpose_outs(&a.in_dim_names())
    }

    /// Triton's `pseudoinvert`: a `B` with `self(B(x)) = x`, from the
    /// output dimensions back to the input dimensions; `self` must be
    /// surjective.
    pub fn pseudoinvert(&self) -> Result<LinearLayout, LayoutError> {
        if !self.is_surjective() {
            return Err(dims_err(
                "pseudoinvert",
                "the layout must be surjective to have a pseudoinverse",
            ));
        }
        let mut identity = LinearLayout::empty();
        for (n, k) in &self.outs {
            identity = identity.mul(&LinearLayout::identity_1d(1 << k, n, n)?)?;
        }
        identity
            .invert_and_compose(self)
            .map_err(|e| e.in_op("pseudoinvert"))
    }

    /// Triton's `invert`: the inverse of an invertible layout.
    pub fn invert(&self) -> Result<LinearLayout, LayoutError> {
        if !self.is_invertible() {
            return Err(dims_err(
                "invert",
                "the layout must be surjective and square to be invertible",
            ));
        }
        self.pseudoinvert().map_err(|e| e.in_op("invert"))
    }

    /// Triton's `getFreeVariableMasks`: for each input dimension, the bits
    /// that can change without changing the output.
    ///
    /// ```
    /// use cute_algebra::linear::LinearLayout;
    /// let l = LinearLayout::new(&[("in", vec![vec![1], vec![1], vec![2]])], &[("out", 4)], false).unwrap();
    /// assert_eq!(l.free_variable_masks(), vec![("in", 0b010)]);
    /// ```
    pub fn free_variable_masks(&self) -> Vec<(&str, u64)> {
        let mut m = self.matrix_rows();
        rref(&mut m, self.total_in_bits());
        let basic: u64 = m
            .iter()
            .filter(|r| **r != 0)
            .fold(0, |acc, r| acc | (1 << r.trailing_zeros()));
        let mut c = 0;
        self.ins
            .iter()
            .map(|d| {
                let mut mask = 0;
                for i in 0..d.bases.len() {
                    if (basic >> c) & 1 == 0 {
                        mask |= 1 << i;
                    }
                    c += 1;
                }
                (d.name.as_str(), mask)
            })
            .collect()
    }

    /// Triton's `getNumConsecutiveInOut`: how many consecutive inputs of
    /// the first input dimension go to consecutive outputs of the first
    /// output dimension (added to, never XORed with, what the other bits
    /// give).
    pub fn num_consecutive_in_out(&self) -> u64 {
        let Some(first) = self.ins.first() else {
            return 1;
        };
        if self.outs.is_empty() {
            return 1;
        }
        let consec = first
            .bases
            .iter()
            .enumerate()
            .take_while(|(i, b)| b[0] == 1 << i && b[1..].iter().all(|x| *x == 0))
            .count();
        let mut other = 0u64;
        for (di, d) in self.ins.iter().enumerate() {
            for (i, b) in d.bases.iter().enumerate() {
                if di != 0 || i >= consec {
                    other |= b[0];
                }
            }
        }
        let tz = if other != 0 {
            other.trailing_zeros() as usize
        } else {
            31
        };
        1 << consec.min(tz)
    }

    /// `C` with `self = divisor * C` (Triton's `divideLeft`: `divisor` acts
    /// on the low bits), with `self`'s dimensions; `None` when no such `C`
    /// exists.
    ///
    /// ```
    /// use cute_algebra::linear::LinearLayout;
    /// let a = LinearLayout::identity_1d(16, "i", "o").unwrap();
    /// let b = LinearLayout::identity_1d(4, "i", "o").unwrap();
    /// let c = a.divide_left(&b).unwrap().unwrap();
    /// assert_eq!(b.mul(&c).unwrap(), a);
    /// ```
    pub fn divide_left(&self, divisor: &LinearLayout) -> Result<Option<LinearLayout>, LayoutError> {
        self.divide(divisor, true)
    }

    /// `C` with `self = C * divisor` (Triton's `divideRight`: `divisor`
    /// acts on the high bits), with `self`'s dimensions; `None` when no
    /// such `C` exists.
    pub fn divide_right(
        &self,
        divisor: &LinearLayout,
    ) -> Result<Option<LinearLayout>, LayoutError> {
        self.divide(divisor, false)
    }

    fn divide(&self, b: &LinearLayout, left: bool) -> Result<Option<LinearLayout>, LayoutError> {
        let op = if left { "divide_left" } else { "divide_right" };
        let fits = b.ins.iter().all(|d| {
            self.in_dim_size_log2(&d.name)
                .is_some_and(|k| k >= d.bases.len() as u32)
        }) && b
            .outs
            .iter()
            .all(|(n, k)| self.out_dim_size_log2(n).is_some_and(|ka| ka >= *k));
        if !fits {
            return Ok(None);
        }
        let outs: Vec<(String, u32)> = self
            .outs
            .iter()
            .map(|(n, k)| (n.clone(), k - b.out_dim_size_log2(n).unwrap_or(0)))
            .collect();
        let mut ins = Vec::new();
        for d in &self.ins {
            let kb = b.in_dim_size_log2(&d.name).unwrap_or(0) as usize;
            let kc = d.bases.len() - kb;
            let range = if left { kb..kb + kc } else { 0..kc };
            let mut bases = Vec::new();
            for img in &d.bases[range] {
                let mut v = Vec::new();
                for ((n, _), (x, (_, kc_out))) in self.outs.iter().zip(img.iter().zip(&outs)) {
                    let x = if left {
                        let kbo = b.out_dim_size_log2(n).unwrap_or(0);
                        if x & ((1 << kbo) - 1) != 0 {
                            return Ok(None);
                        }
                        x >> kbo
                    } else {
                        *x
                    };
                    if x >> kc_out != 0 {
                        return Ok(None);
                    }
                    v.push(x);
                }
                bases.push(v);
            }
            ins.push(InDim {
                name: d.name.clone(),
                bases,
            });
        }
        let c = LinearLayout { ins, outs };
        let product = if left { b.mul(&c) } else { c.mul(b) };
        let Ok(p) = product else {
            return Ok(None);
        };
        let back = p
            .transpose_ins(&self.in_dim_names())
            .and_then(|p| p.transpose_outs(&self.out_dim_names()));
        match back {
            Ok(p) if p == *self => {
                c.check(op)?;
                Ok(Some(c))
            }
            _ => Ok(None),
        }
    }
}
