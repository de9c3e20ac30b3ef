//! The value form of a static linear layout: its dimensions and its bases
//! in fixed-size arrays, and the operations on it as `const fn`s.
//!
//! A static linear layout's type computes its table in `const` evaluation
//! (no type-level arithmetic), so that the bases of a composition, an
//! inverse or a product are constants the compiler folds into `apply`, and
//! an operation that has no result (a layout that is not invertible, a CuTe
//! layout that is not linear) is a compile error that says which condition
//! failed.

use crate::swizzle::DynSwizzle;
use crate::swizzle::const_eval::FlatLayout;

use super::MAX_BITS;

/// The most input dimensions, and the most output dimensions, of a static
/// linear layout (Triton's distributed layouts use four: register, lane,
/// warp, block).
pub const MAX_DIMS: usize = 8;

const NB: usize = MAX_BITS as usize;

/// A compile-time error message: the operation, the condition, and the
/// numbers that show it, built in `const` evaluation.
struct Msg {
    buf: [u8; 256],
    len: usize,
}

impl Msg {
    const fn new(s: &str) -> Msg {
        Msg {
            buf: [0; 256],
            len: 0,
        }
        .str(s)
    }
    const fn str(mut self, s: &str) -> Msg {
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() && self.len < self.buf.len() {
            self.buf[self.len] = b[i];
            self.len += 1;
            i += 1;
        }
        self
    }
    const fn num(mut self, v: u64) -> Msg {
        let mut digits = [0u8; 20];
        let (mut n, mut v) = (0, v);
        loop {
            digits[n] = b'0' + (v % 10) as u8;
            n += 1;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        while n > 0 && self.len < self.buf.len() {
            n -= 1;
            self.buf[self.len] = digits[n];
            self.len += 1;
        }
        self
    }
    const fn fail(&self) -> ! {
        match core::str::from_utf8(self.buf.split_at(self.len).0) {
            Ok(s) => panic!("{}", s),
            Err(_) => panic!("static linear layout: invalid error message"),
        }
    }
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Where `name` is among the first `n` of `names`, or `MAX_DIMS`.
const fn find(names: &[&str; MAX_DIMS], n: usize, name: &str) -> usize {
    let mut i = 0;
    while i < n {
        if str_eq(names[i], name) {
            return i;
        }
        i += 1;
    }
    MAX_DIMS
}

const fn low_mask(k: u32) -> u64 {
    if k >= 64 { u64::MAX } else { (1u64 << k) - 1 }
}

const fn bit_len(x: u64) -> u32 {
    64 - x.leading_zeros()
}

/// Gauss-Jordan elimination over F₂ of the first `nrows` rows on the
/// first `ncols` columns (column `c` is bit `c`): the reduced rows, pivots
/// in increasing column order, and the rank.
const fn reduce(mut m: [u64; NB], nrows: usize, ncols: usize) -> ([u64; NB], usize) {
    let mut rank = 0;
    let mut c = 0;
    while c < ncols && rank < nrows {
        let mut p = rank;
        while p < nrows && (m[p] >> c) & 1 == 0 {
            p += 1;
        }
        if p < nrows {
            let pivot = m[p];
            m[p] = m[rank];
            m[rank] = pivot;
            let mut i = 0;
            while i < nrows {
                if i != rank && (m[i] >> c) & 1 == 1 {
                    m[i] ^= pivot;
                }
                i += 1;
            }
            rank += 1;
        }
        c += 1;
    }
    (m, rank)
}

/// A list of dimension names and log2 sizes.
#[derive(Clone, Copy)]
struct Dims {
    n: usize,
    names: [&'static str; MAX_DIMS],
    bits: [u32; MAX_DIMS],
}

impl Dims {
    const EMPTY: Dims = Dims {
        n: 0,
        names: [""; MAX_DIMS],
        bits: [0; MAX_DIMS],
    };
    const fn push(mut self, op: &str, name: &'static str, bits: u32) -> Dims {
        if self.n == MAX_DIMS {
            Msg::new(op)
                .str(": more than 8 dimensions on one side")
                .fail();
        }
        if find(&self.names, self.n, name) != MAX_DIMS {
            Msg::new(op)
                .str(": the dimension name `")
                .str(name)
                .str("` repeats")
                .fail();
        }
        self.names[self.n] = name;
        self.bits[self.n] = bits;
        self.n += 1;
        self
    }
    const fn get(&self, name: &str) -> u32 {
        let i = find(&self.names, self.n, name);
        if i == MAX_DIMS { 0 } else { self.bits[i] }
    }
    const fn total(&self) -> u32 {
        let (mut t, mut i) = (0, 0);
        while i < self.n {
            t += self.bits[i];
            i += 1;
        }
        t
    }
    /// The bit where dimension `i` starts, the dimensions concatenated.
    const fn shift(&self, i: usize) -> u32 {
        let (mut s, mut j) = (0, 0);
        while j < i {
            s += self.bits[j];
            j += 1;
        }
        s
    }
    const fn shifts(&self) -> [u32; MAX_DIMS] {
        let mut r = [0; MAX_DIMS];
        let mut i = 0;
        while i < self.n {
            r[i] = self.shift(i);
            i += 1;
        }
        r
    }
    /// The names both lists hold appear in the same relative order.
    const fn common_same_order(&self, o: &Dims) -> bool {
        let (mut i, mut j) = (0, 0);
        loop {
            while i < self.n && find(&o.names, o.n, self.names[i]) == MAX_DIMS {
                i += 1;
            }
            while j < o.n && find(&self.names, self.n, o.names[j]) == MAX_DIMS {
                j += 1;
            }
            if i == self.n || j == o.n {
                return i == self.n && j == o.n;
            }
            if !str_eq(self.names[i], o.names[j]) {
                return false;
            }
            i += 1;
            j += 1;
        }
    }
    /// The shortest list holding both in their order, `self`'s names first
    /// between two common ones (Triton's `supremum`), each of the summed size.
    const fn supremum(&self, o: &Dims, op: &str) -> Dims {
        let mut out = Dims::EMPTY;
        let (mut i, mut j) = (0, 0);
        while i < self.n || j < o.n {
            while i < self.n && find(&o.names, o.n, self.names[i]) == MAX_DIMS {
                out = out.push(op, self.names[i], self.bits[i]);
                i += 1;
            }
            while j < o.n && find(&self.names, self.n, o.names[j]) == MAX_DIMS {
                out = out.push(op, o.names[j], o.bits[j]);
                j += 1;
            }
            if i < self.n && j < o.n {
                out = out.push(op, self.names[i], self.bits[i] + o.bits[j]);
                i += 1;
                j += 1;
            }
        }
        out
    }
}

/// A static linear layout's dimensions and bases, as plain values: what a
/// static linear layout type computes in `const` evaluation.
///
/// Input bits are numbered with the input dimensions concatenated (the
/// first dimension's bits lowest), and each image holds the output
/// dimensions concatenated (the first the least significant), as
/// [`LinearLayout`](crate::linear::LinearLayout)'s matrix does.
///
/// ```
/// use cute_algebra::linear::LinearTable;
/// const T: LinearTable = LinearTable::new(
///     &[("register", &[&[1, 0], &[0, 2]]), ("lane", &[&[2, 0], &[0, 1]])],
///     &[("dim0", 4), ("dim1", 4)],
/// );
/// // register = 1, lane = 1: (1, 0) ^ (2, 0).
/// assert_eq!(T.apply_flat(0b0101), 3);
/// assert!(T.is_invertible());
/// assert_eq!(T.invert().apply_flat(3), 0b0101);
/// ```
#[derive(Clone, Copy)]
pub struct LinearTable {
    ins: Dims,
    outs: Dims,
    images: [u64; NB],
}

impl LinearTable {
    /// The layout with these bases (one image per bit of each input
    /// dimension, one value per output dimension) and output dimensions
    /// (name and size), as Triton's `LinearLayout(bases, outDims)`. In
    /// `const` evaluation a wrong table is a compile error naming the
    /// condition.
    pub const fn new(bases: &[(&'static str, &[&[u64]])], outs: &[(&'static str, u64)]) -> Self {
        let op = "LinearLayout";
        let mut t = LinearTable {
            ins: Dims::EMPTY,
            outs: Dims::EMPTY,
            images: [0; NB],
        };
        let mut o = 0;
        while o < outs.len() {
            let s = outs[o].1;
            if s == 0 || s & (s - 1) != 0 {
                Msg::new(op)
                    .str(": the size ")
                    .num(s)
                    .str(" of output dimension `")
                    .str(outs[o].0)
                    .str("` is not a power of two")
                    .fail();
            }
            t.outs = t.outs.push(op, outs[o].0, s.trailing_zeros());
            o += 1;
        }
        t.check_width(op);
        let mut bit = 0;
        let mut i = 0;
        while i < bases.len() {
            let (name, imgs) = bases[i];
            t.ins = t.ins.push(op, name, imgs.len() as u32);
            let mut b = 0;
            while b < imgs.len() {
                if imgs[b].len() != t.outs.n {
                    Msg::new(op)
                        .str(": a basis of `")
                        .str(name)
                        .str("` does not hold one value per output dimension")
                        .fail();
                }
                if bit == NB {
                    Msg::new(op).str(": more than 32 input bits in all").fail();
                }
                let mut img = 0;
                let mut o = 0;
                while o < t.outs.n {
                    let v = imgs[b][o];
                    if v >> t.outs.bits[o] != 0 {
                        Msg::new(op)
                            .str(": the basis value ")
                            .num(v)
                            .str(" of `")
                            .str(name)
                            .str("` is not below the size of output dimension `")
                            .str(t.outs.names[o])
                            .str("`")
                            .fail();
                    }
                    img |= v << t.outs.shift(o);
                    o += 1;
                }
                t.images[bit] = img;
                bit += 1;
                b += 1;
            }
            i += 1;
        }
        t
    }

    const fn check_width(&self, op: &str) {
        if self.outs.total() > MAX_BITS {
            Msg::new(op).str(": more than 32 output bits in all").fail();
        }
        if self.ins.total() > MAX_BITS {
            Msg::new(op).str(": more than 32 input bits in all").fail();
        }
    }

    /// A CuTe function `sw(offset + L(i))` (`L` flattened to its leaves)
    /// as a linear layout from `in_name` to `out_name`, the output the
    /// smallest power of two above every value. Its images are the leaves'
    /// `stride << b` (swizzled); in `const` evaluation a layout that is not
    /// linear (an extent not a power of two, a negative stride, two images
    /// sharing bits, a nonzero offset) is a compile error naming the
    /// condition and, for overlapping images, the two input bits.
    pub const fn from_cute(
        sw: DynSwizzle,
        offset: i64,
        l: FlatLayout,
        in_name: &'static str,
        out_name: &'static str,
    ) -> Self {
        let op = "to_linear of a static layout";
        if offset != 0 {
            Msg::new(op)
                .str(": a nonzero offset makes the swizzled layout affine, not linear (its value at 0 is not 0)")
                .fail();
        }
        let mut images = [0u64; NB];
        let mut n = 0;
        let mut k = 0;
        while k < l.n {
            let (s, d) = (l.shape[k], l.stride[k]);
            if s <= 0 || s & (s - 1) != 0 {
                Msg::new(op)
                    .str(": the shape extent ")
                    .num(s as u64)
                    .str(" of leaf ")
                    .num(k as u64)
                    .str(" is not a power of two")
                    .fail();
            }
            if d < 0 {
                Msg::new(op)
                    .str(": leaf ")
                    .num(k as u64)
                    .str(" has a negative stride; a linear layout's values are non-negative bit patterns")
                    .fail();
            }
            let mut b = 0;
            while b < s.trailing_zeros() {
                let img = (d as u64) << b;
                if n == NB {
                    Msg::new(op).str(": more than 32 input bits in all").fail();
                }
                if img >> MAX_BITS != 0 || (d as u64) > (u64::MAX >> b) {
                    Msg::new(op).str(": an image is wider than 32 bits").fail();
                }
                let mut j = 0;
                while j < n {
                    if images[j] & img != 0 {
                        Msg::new(op)
                            .str(": not linear over F2: input bits ")
                            .num(j as u64)
                            .str(" and ")
                            .num(n as u64)
                            .str(" have images ")
                            .num(images[j])
                            .str(" and ")
                            .num(img)
                            .str(", which share bits, so their sum is not their XOR")
                            .fail();
                    }
                    j += 1;
                }
                images[n] = img;
                n += 1;
                b += 1;
            }
            k += 1;
        }
        let mut all = 0;
        let mut j = 0;
        while j < n {
            images[j] = sw.apply(images[j] as i64) as u64;
            if images[j] >> MAX_BITS != 0 {
                Msg::new(op).str(": an image is wider than 32 bits").fail();
            }
            all |= images[j];
            j += 1;
        }
        LinearTable {
            ins: Dims::EMPTY.push(op, in_name, n as u32),
            outs: Dims::EMPTY.push(op, out_name, bit_len(all)),
            images,
        }
    }

    /// The number of input dimensions.
    pub const fn num_in_dims(&self) -> usize {
        self.ins.n
    }
    /// The number of output dimensions.
    pub const fn num_out_dims(&self) -> usize {
        self.outs.n
    }
    /// Input dimension `i`: its name and log2 of its size.
    pub const fn in_dim(&self, i: usize) -> (&'static str, u32) {
        (self.ins.names[i], self.ins.bits[i])
    }
    /// Output dimension `i`: its name and log2 of its size.
    pub const fn out_dim(&self, i: usize) -> (&'static str, u32) {
        (self.outs.names[i], self.outs.bits[i])
    }
    /// The bit where input dimension `i` starts among all input bits.
    pub const fn in_shift(&self, i: usize) -> u32 {
        self.ins.shift(i)
    }
    /// The bit where output dimension `i` starts in a flattened image.
    pub const fn out_shift(&self, i: usize) -> u32 {
        self.outs.shift(i)
    }
    /// The number of input bits, all dimensions together.
    pub const fn total_in_bits(&self) -> u32 {
        self.ins.total()
    }
    /// The number of output bits, all dimensions together.
    pub const fn total_out_bits(&self) -> u32 {
        self.outs.total()
    }
    /// The image of input bit `k` (the input dimensions concatenated), its
    /// output dimensions concatenated.
    pub const fn image(&self, k: usize) -> u64 {
        self.images[k]
    }
    /// The value of output dimension `o` in the image of input bit `k`.
    pub const fn value(&self, k: usize, o: usize) -> u64 {
        (self.images[k] >> self.outs.shift(o)) & low_mask(self.outs.bits[o])
    }

    /// Each input dimension's first bit, the dimensions concatenated.
    pub const fn in_shifts(&self) -> [u32; MAX_DIMS] {
        self.ins.shifts()
    }
    /// Input bit `k`'s dimension and its bit within it (`(0, 0)` past the
    /// layout's bits).
    pub const fn bit_source(&self, k: usize) -> (usize, u32) {
        let mut i = 0;
        let mut at = 0;
        while i < self.ins.n {
            if k < at + self.ins.bits[i] as usize {
                return (i, (k - at) as u32);
            }
            at += self.ins.bits[i] as usize;
            i += 1;
        }
        (0, 0)
    }
    /// Each input bit's value in each output dimension.
    pub const fn values32(&self) -> [[u32; MAX_DIMS]; NB] {
        let mut r = [[0u32; MAX_DIMS]; NB];
        let mut k = 0;
        while k < self.ins.total() as usize {
            let mut o = 0;
            while o < self.outs.n {
                r[k][o] = self.value(k, o) as u32;
                o += 1;
            }
            k += 1;
        }
        r
    }
    /// A static `apply` takes one value per input dimension and gives one
    /// per output dimension: a compile error names the mismatch.
    pub const fn check_arity(&self, n_in: usize, n_out: usize) {
        if n_in != self.ins.n || n_out != self.outs.n {
            Msg::new("apply of a static linear layout: the layout has ")
                .num(self.ins.n as u64)
                .str(" input and ")
                .num(self.outs.n as u64)
                .str(" output dimensions, but the call gives ")
                .num(n_in as u64)
                .str(" inputs and takes ")
                .num(n_out as u64)
                .str(" outputs")
                .fail();
        }
    }

    /// `L(x)` for the input bits `x` (the input dimensions concatenated),
    /// the output dimensions concatenated: the XOR of the images of `x`'s
    /// set bits. Bits above the input size are ignored.
    pub const fn apply_flat(&self, x: u64) -> u64 {
        let mut r = 0;
        let mut k = 0;
        while k < self.ins.total() as usize {
            if (x >> k) & 1 == 1 {
                r ^= self.images[k];
            }
            k += 1;
        }
        r
    }

    /// The F₂ matrix's rows, one per output bit: bit `c` of row `r` is the
    /// coefficient of input bit `c`.
    const fn rows(&self) -> [u64; NB] {
        let mut m = [0u64; NB];
        let mut c = 0;
        while c < self.ins.total() as usize {
            let mut r = 0;
            while r < self.outs.total() as usize {
                m[r] |= ((self.images[c] >> r) & 1) << c;
                r += 1;
            }
            c += 1;
        }
        m
    }

    /// The rank of the F₂ matrix: log2 of the number of distinct outputs.
    pub const fn rank(&self) -> u32 {
        let (_, rank) = reduce(
            self.rows(),
            self.outs.total() as usize,
            self.ins.total() as usize,
        );
        rank as u32
    }

    /// Every output is reached.
    pub const fn is_surjective(&self) -> bool {
        self.rank() == self.outs.total()
    }
    /// No two inputs share an output.
    pub const fn is_injective(&self) -> bool {
        self.rank() == self.ins.total()
    }
    /// Surjective, and as many input bits as output bits (Triton's
    /// `isInvertible`).
    pub const fn is_invertible(&self) -> bool {
        self.is_surjective() && self.ins.total() == self.outs.total()
    }

    /// The inverse of an invertible layout (Triton's `invert`): from this
    /// layout's output dimensions to its input dimensions. In `const`
    /// evaluation a layout that is not invertible is a compile error.
    pub const fn invert(&self) -> Self {
        let op = "invert of a static linear layout";
        if !self.is_invertible() {
            Msg::new(op)
                .str(": the layout must be surjective and square to be invertible, but it has ")
                .num(self.ins.total() as u64)
                .str(" input bits, ")
                .num(self.outs.total() as u64)
                .str(" output bits, and rank ")
                .num(self.rank() as u64)
                .fail();
        }
        // Gauss-Jordan on [M | I]: the rows end as [I | M^-1].
        let n = self.ins.total() as usize;
        let mut m = self.rows();
        let mut r = 0;
        while r < n {
            m[r] |= 1u64 << (n + r);
            r += 1;
        }
        let (m, _) = reduce(m, n, n);
        // Row i holds M^-1's row i: input bit i's coefficient of each
        // output bit. The inverse's image of output bit r is column r.
        let mut images = [0u64; NB];
        let mut r = 0;
        while r < n {
            let mut i = 0;
            while i < n {
                images[r] |= ((m[i] >> (n + r)) & 1) << i;
                i += 1;
            }
            r += 1;
        }
        LinearTable {
            ins: self.outs,
            outs: self.ins,
            images,
        }
    }

    /// `outer ∘ self`: `self`, then `outer` (Triton's `compose`). `self`'s
    /// output dimensions must be `outer`'s input dimensions, each no larger;
    /// in `const` evaluation anything else is a compile error.
    pub const fn compose(&self, outer: &LinearTable) -> Self {
        let op = "compose of static linear layouts";
        let mut same = self.outs.n == outer.ins.n;
        let mut o = 0;
        while o < self.outs.n {
            let j = find(&outer.ins.names, outer.ins.n, self.outs.names[o]);
            if j == MAX_DIMS {
                same = false;
            } else if self.outs.bits[o] > outer.ins.bits[j] {
                Msg::new(op)
                    .str(": the inner output dimension `")
                    .str(self.outs.names[o])
                    .str("` is larger than the outer input dimension")
                    .fail();
            }
            o += 1;
        }
        if !same {
            Msg::new(op)
                .str(": the inner layout's output dimensions must be the outer layout's input dimensions")
                .fail();
        }
        let mut images = [0u64; NB];
        let mut k = 0;
        while k < self.ins.total() as usize {
            let mut x = 0;
            let mut o = 0;
            while o < self.outs.n {
                let j = find(&outer.ins.names, outer.ins.n, self.outs.names[o]);
                x |= self.value(k, o) << outer.ins.shift(j);
                o += 1;
            }
            images[k] = outer.apply_flat(x);
            k += 1;
        }
        LinearTable {
            ins: self.ins,
            outs: outer.outs,
            images,
        }
    }

    /// Triton's `operator*`, the direct sum: `self` acts on the low bits of
    /// each dimension both hold, `outer` on the bits above. The dimensions
    /// both hold must come in the same relative order; in `const`
    /// evaluation anything else is a compile error.
    pub const fn mul(&self, outer: &LinearTable) -> Self {
        let op = "operator* of static linear layouts";
        if !self.ins.common_same_order(&outer.ins) || !self.outs.common_same_order(&outer.outs) {
            Msg::new(op)
                .str(": the dimensions both layouts hold must appear in the same relative order")
                .fail();
        }
        let ins = self.ins.supremum(&outer.ins, op);
        let outs = self.outs.supremum(&outer.outs, op);
        let t = LinearTable {
            ins,
            outs,
            images: [0; NB],
        };
        t.check_width(op);
        let mut t = t;
        let mut bit = 0;
        let mut i = 0;
        while i < ins.n {
            let name = ins.names[i];
            let (a, b) = (
                find(&self.ins.names, self.ins.n, name),
                find(&outer.ins.names, outer.ins.n, name),
            );
            let low = self.ins.get(name);
            let mut o = 0;
            while o < outs.n {
                let oname = outs.names[o];
                let s = outs.shift(o);
                let ia = find(&self.outs.names, self.outs.n, oname);
                let ib = find(&outer.outs.names, outer.outs.n, oname);
                let mut k = 0;
                while a != MAX_DIMS && ia != MAX_DIMS && k < self.ins.bits[a] {
                    let v = self.value((self.ins.shift(a) + k) as usize, ia);
                    t.images[bit + k as usize] |= v << s;
                    k += 1;
                }
                let mut k = 0;
                while b != MAX_DIMS && ib != MAX_DIMS && k < outer.ins.bits[b] {
                    let v = outer.value((outer.ins.shift(b) + k) as usize, ib);
                    t.images[bit + (low + k) as usize] |= v << (s + self.outs.get(oname));
                    k += 1;
                }
                o += 1;
            }
            bit += ins.bits[i] as usize;
            i += 1;
        }
        t
    }
}
