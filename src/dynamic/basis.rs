//! [`DynBasisLayout`]: layouts whose strides are scaled bases `k@i` (CuTe's
//! `ScaledBasis`, `E<i>{} * k`), so that a coordinate maps to a coordinate
//! ([`ArithValue`], CuTe's `ArithmeticTuple`) rather than to an offset.
//!
//! CuTe uses them for identity layouts (`make_identity_layout(S)` is
//! `S:(1@0,1@1,...)`), coordinate tensors that predicate a tile at a
//! tensor's edge, and TMA descriptors.
//!
//! ```
//! use cute_algebra::dynamic::{DynBasisLayout, IntTree, Tiler};
//! let id = DynBasisLayout::make_identity_layout(&"(8,8)".parse().unwrap()).unwrap();
//! assert_eq!(id.to_string(), "(8,8):(1@0,1@1)");
//! let t = Tiler::from(&"(2,4)".parse().unwrap());
//! let d = id.logical_divide(&t).unwrap();
//! assert_eq!(d.to_string(), "((2,4),(4,2)):((1@0,2@0),(1@1,4@1))");
//! assert_eq!(d.at(9).unwrap().to_string(), "(1,1)");
//! ```
//!
//! # How the algebra runs on bases
//!
//! Every operation CuTe defines on basis strides (coalesce, composition
//! after a plain layout, the divides) is linear in the strides of the layout
//! on the left: a result stride is one of its strides times an integer, and
//! coalescing compares `d1 == s0 * d0`. So each basis `k@i` is written as the
//! integer `k * 2^(b*i)`, one `b`-bit field per mode, the plain algebra of
//! [`DynLayout`] runs unchanged, and each result stride is read back from its
//! field. This is exact when no field carries into the next, which a bound
//! checked before each operation guarantees: every `|scale| * extent` and
//! every `|scale| * (largest stride of the right operand)` stays below
//! `2^b`, with `b = 60 / modes`. Operations outside the bound return
//! [`LayoutError::BasisRange`] rather than a wrong layout. The operations
//! CuTe does not define on bases (complement, the products, the inverses,
//! `tile_to_shape`) return [`LayoutError::BasisStrides`].

use alloc::vec::Vec;
use core::fmt;

use super::coalesce::Modes;
use super::complement::complement_raw_modes;
use super::{CoordTree, DynLayout, IntTree, TilerRef, Tok, mul};
use crate::LayoutError;

/// The most basis modes a layout may name (`k@0` .. `k@15`).
pub const MAX_BASIS_MODES: usize = 16;

/// One stride leaf of a basis-strided layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BasisStride {
    /// A plain integer. A basis-strided layout holds only `0` (CuTe's `_0`,
    /// as the algebra writes it for size-1 modes); the parser reads any.
    Int(i64),
    /// `scale@mode`: CuTe's `E<mode>{} * scale`.
    Basis {
        /// The integer factor.
        scale: i64,
        /// The coordinate mode it moves.
        mode: u8,
    },
}

impl fmt::Display for BasisStride {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BasisStride::Int(v) => write!(f, "{v}"),
            BasisStride::Basis { scale, mode } => write!(f, "{scale}@{mode}"),
        }
    }
}

/// A stride tree whose leaves are [`BasisStride`]s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BasisTree {
    /// A leaf.
    Leaf(BasisStride),
    /// A tuple.
    Tuple(Vec<BasisTree>),
}

/// The value of a basis-strided layout at a coordinate, as CuTe types it:
/// `0` where every stride met is `0`, a single `v@i` where one basis leaf
/// contributes, and an `ArithmeticTuple` `(c0,c1,...)` (as long as the
/// highest mode met) where several do.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ArithValue {
    /// CuTe's `_0`.
    Zero,
    /// A `ScaledBasis` `value@mode`.
    Scaled {
        /// The value.
        value: i64,
        /// Its mode.
        mode: u8,
    },
    /// An `ArithmeticTuple`.
    Tuple(Vec<i64>),
}

impl ArithValue {
    /// The value as a coordinate of `n` modes (CuTe's `as_arithmetic_tuple`
    /// padded with zeros).
    pub fn components(&self, n: usize) -> Vec<i64> {
        let mut v = match self {
            ArithValue::Zero => Vec::new(),
            ArithValue::Scaled { value, mode } => {
                let mut v = alloc::vec![0; usize::from(*mode) + 1];
                v[usize::from(*mode)] = *value;
                v
            }
            ArithValue::Tuple(t) => t.clone(),
        };
        if v.len() < n {
            v.resize(n, 0);
        }
        v
    }

    /// CuTe's `operator+` on these values: `_0` is the identity, two bases or
    /// tuples sum component-wise into a tuple.
    pub fn add(&self, o: &ArithValue, op: &'static str) -> Result<ArithValue, LayoutError> {
        Ok(match (self, o) {
            (ArithValue::Zero, x) | (x, ArithValue::Zero) => x.clone(),
            (a, b) => {
                let n = a.len().max(b.len());
                let (a, b) = (a.components(n), b.components(n));
                ArithValue::Tuple(
                    a.iter()
                        .zip(&b)
                        .map(|(x, y)| x.checked_add(*y).ok_or(LayoutError::Overflow { op }))
                        .collect::<Result<_, _>>()?,
                )
            }
        })
    }

    fn len(&self) -> usize {
        self.components(0).len()
    }
}

impl fmt::Display for ArithValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArithValue::Zero => f.write_str("0"),
            ArithValue::Scaled { value, mode } => write!(f, "{value}@{mode}"),
            ArithValue::Tuple(t) => {
                f.write_str("(")?;
                for (i, x) in t.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// A layout `shape:stride` whose stride leaves are bases `k@i` (or `0`).
///
/// Print form is CuTe's with the `_` static markers dropped, as for
/// [`DynLayout`]: `(4,8):(1@0,1@1)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynBasisLayout {
    /// The shape, with each leaf's scale (0 for a plain `0`) as its stride.
    scaled: DynLayout,
    /// Each leaf's mode, in leaf order; `None` for a plain `0`.
    modes: Vec<Option<u8>>,
}

/// Field width of the integer encoding for layouts naming `n` modes.
fn field_bits(n: usize) -> u32 {
    60 / n.max(1) as u32
}

fn unsupported(op: &'static str) -> LayoutError {
    LayoutError::BasisStrides {
        op,
        reason: "CuTe defines it only for integer strides",
    }
}

impl DynBasisLayout {
    /// `shape:stride` with basis leaves in `stride`. A stride with no basis
    /// leaf is refused (that is a [`DynLayout`]), as is a plain nonzero
    /// integer stride beside bases (a coordinate plus an integer has no
    /// meaning).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynBasisLayout;
    /// let l: DynBasisLayout = "(2,8):(1@1,2@0)".parse().unwrap();
    /// assert_eq!(l.crd2idx(&"(1,3)".parse().unwrap()).unwrap().to_string(), "(6,1)");
    /// assert!("(2,8):(1@1,2)".parse::<DynBasisLayout>().is_err());
    /// ```
    pub fn new(shape: IntTree, stride: &BasisTree) -> Result<Self, LayoutError> {
        let mut scales = Vec::new();
        let mut modes = Vec::new();
        let scale_tree = split(stride, &mut scales, &mut modes)?;
        if modes.iter().all(Option::is_none) {
            return Err(LayoutError::BasisStrides {
                op: "make_layout",
                reason: "no stride is a basis k@i: this is a plain layout",
            });
        }
        let scaled = DynLayout::new(shape, scale_tree)?;
        Ok(DynBasisLayout { scaled, modes })
    }

    /// CuTe's `make_identity_layout(shape)`: `shape:(1@0,1@1,...)`, whose
    /// value at a coordinate is the coordinate itself. Each top-level mode
    /// must be an integer (CuTe gives a nested mode nested bases
    /// `E<i,j>`, which this type does not carry).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynBasisLayout;
    /// let id = DynBasisLayout::make_identity_layout(&"(4,2)".parse().unwrap()).unwrap();
    /// assert_eq!(id.to_string(), "(4,2):(1@0,1@1)");
    /// assert_eq!(id.at(5).unwrap().to_string(), "(1,1)");
    /// ```
    pub fn make_identity_layout(shape: &IntTree) -> Result<Self, LayoutError> {
        const OP: &str = "make_identity_layout";
        let modes: Vec<IntTree> = match shape {
            IntTree::Int(_) => alloc::vec![shape.clone()],
            IntTree::Tuple(v) => v.clone(),
        };
        if modes.len() > MAX_BASIS_MODES {
            return Err(LayoutError::BasisStrides {
                op: OP,
                reason: "more than 16 modes",
            });
        }
        let mut stride = Vec::new();
        for (i, m) in modes.iter().enumerate() {
            let IntTree::Int(_) = m else {
                return Err(LayoutError::BasisStrides {
                    op: OP,
                    reason: "a nested mode needs nested bases E<i,j>, which are not supported",
                });
            };
            stride.push(BasisTree::Leaf(BasisStride::Basis {
                scale: 1,
                mode: i as u8,
            }));
        }
        let stride = match shape {
            IntTree::Int(_) => stride.pop().unwrap_or(BasisTree::Tuple(Vec::new())),
            IntTree::Tuple(_) => BasisTree::Tuple(stride),
        };
        DynBasisLayout::new(shape.clone(), &stride)
    }

    /// The shape.
    pub fn shape(&self) -> IntTree {
        self.scaled.shape()
    }

    /// The stride tree.
    pub fn stride(&self) -> BasisTree {
        let mut k = 0;
        join(&self.scaled.stride(), &self.modes, &mut k)
    }

    /// The `(shape, stride)` leaves in order.
    pub fn leaves(&self) -> impl Iterator<Item = (i64, BasisStride)> + '_ {
        self.scaled
            .flat()
            .iter()
            .zip(&self.modes)
            .map(|(&(s, k), m)| (s, leaf(k, *m)))
    }

    /// Number of elements.
    pub fn size(&self) -> Result<i64, LayoutError> {
        self.scaled.size()
    }

    /// Number of top-level modes.
    pub fn rank(&self) -> usize {
        self.scaled.rank()
    }

    /// Nesting depth.
    pub fn depth(&self) -> usize {
        self.scaled.depth()
    }

    /// One more than the highest mode any leaf names.
    pub fn basis_modes(&self) -> usize {
        self.modes
            .iter()
            .flatten()
            .map(|m| usize::from(*m) + 1)
            .max()
            .unwrap_or(0)
    }

    /// CuTe's `crd2idx(coord, shape, stride)`: the coordinate's value, summed
    /// as CuTe sums it (an integer coordinate is split colexicographically,
    /// its last mode unreduced).
    ///
    /// ```
    /// use cute_algebra::dynamic::DynBasisLayout;
    /// let l: DynBasisLayout = "(4,2,4):(1@2,1@0,2@1)".parse().unwrap();
    /// assert_eq!(l.crd2idx(&"(3,1,2)".parse().unwrap()).unwrap().to_string(), "(1,4,3)");
    /// let s: DynBasisLayout = "(4):(1@2)".parse().unwrap();
    /// assert_eq!(s.crd2idx(&"2".parse().unwrap()).unwrap().to_string(), "2@2");
    /// ```
    pub fn crd2idx(&self, coord: &IntTree) -> Result<ArithValue, LayoutError> {
        let mut k = 0;
        crd2idx_tree(self, coord, &self.shape(), &mut k)
    }

    /// The value at the 1-D index `i`.
    pub fn at(&self, i: i64) -> Result<ArithValue, LayoutError> {
        self.crd2idx(&IntTree::Int(i))
    }

    /// The value at every index `0..size`.
    pub fn values(&self) -> Result<Vec<ArithValue>, LayoutError> {
        (0..self.size()?).map(|i| self.at(i)).collect()
    }

    /// CuTe's `coshape(L)`: one more than the value at the last coordinate,
    /// per component.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynBasisLayout;
    /// let l: DynBasisLayout = "(8,2):(2@0,1@1)".parse().unwrap();
    /// assert_eq!(l.coshape().unwrap().to_string(), "(15,2)");
    /// ```
    pub fn coshape(&self) -> Result<IntTree, LayoutError> {
        let last = minus_one(&self.shape());
        let v = self.crd2idx(&last)?;
        let n = self.basis_modes();
        Ok(IntTree::Tuple(
            v.components(n)
                .into_iter()
                .map(|c| {
                    c.checked_add(1)
                        .map(IntTree::Int)
                        .ok_or(LayoutError::Overflow { op: "coshape" })
                })
                .collect::<Result<_, _>>()?,
        ))
    }

    /// `slice(L, coord)`: the modes where `coord` has `_`.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynBasisLayout;
    /// let l: DynBasisLayout = "(4,2,4):(1@2,1@0,2@1)".parse().unwrap();
    /// assert_eq!(l.slice(&"(_,1,0)".parse().unwrap()).unwrap().to_string(), "(4):(1@2)");
    /// ```
    pub fn slice(&self, coord: &CoordTree) -> Result<DynBasisLayout, LayoutError> {
        self.by_leaf_index(|l| l.slice(coord))
    }

    /// The top-level modes.
    pub fn modes(&self) -> Result<Vec<DynBasisLayout>, LayoutError> {
        (0..self.rank())
            .map(|i| self.by_leaf_index(|l| l.mode(i)))
            .collect()
    }

    /// `coalesce(L)`: bases merge only within one mode (`(4,2):(1@0,4@0)`
    /// is `8:1@0`), never across modes.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynBasisLayout;
    /// let l: DynBasisLayout = "(4,2,3):(1@0,4@0,1@1)".parse().unwrap();
    /// assert_eq!(l.coalesce().unwrap().to_string(), "(8,3):(1@0,1@1)");
    /// ```
    pub fn coalesce(&self) -> Result<DynBasisLayout, LayoutError> {
        self.encoded("coalesce", 1, DynLayout::coalesce)
    }

    /// `composition(L, tiler)`: the basis-strided layout after a plain one
    /// (or a tiler), `R(i) = L(B(i))`.
    ///
    /// ```
    /// use cute_algebra::dynamic::{DynBasisLayout, Tiler};
    /// let l: DynBasisLayout = "(4,8):(1@1,1@0)".parse().unwrap();
    /// let b = Tiler::Layout("(4,2,4):(1,8,32)".parse().unwrap());
    /// assert_eq!(l.composition(&b).unwrap().to_string(), "(4,2,4):(1@1,2@0,8@0)");
    /// ```
    pub fn composition<'t>(
        &self,
        t: impl Into<TilerRef<'t>>,
    ) -> Result<DynBasisLayout, LayoutError> {
        let t = t.into();
        self.encoded("composition", tiler_reach(t), |l| l.composition(t))
    }

    /// `logical_divide(L, tiler)`.
    pub fn logical_divide<'t>(
        &self,
        t: impl Into<TilerRef<'t>>,
    ) -> Result<DynBasisLayout, LayoutError> {
        let t = t.into();
        let r = self.divide_reach(t, "logical_divide")?;
        self.encoded("logical_divide", r, |l| l.logical_divide(t))
    }

    /// `zipped_divide(L, tiler)`: `((tiles...), (rests...))`.
    ///
    /// ```
    /// use cute_algebra::dynamic::{DynBasisLayout, Tiler};
    /// let id = DynBasisLayout::make_identity_layout(&"(8,2)".parse().unwrap()).unwrap();
    /// let z = id.zipped_divide(&Tiler::from(&"(4,1)".parse().unwrap())).unwrap();
    /// assert_eq!(z.to_string(), "((4,1),(2,2)):((1@0,0),(4@0,1@1))");
    /// ```
    pub fn zipped_divide<'t>(
        &self,
        t: impl Into<TilerRef<'t>>,
    ) -> Result<DynBasisLayout, LayoutError> {
        let t = t.into();
        let r = self.divide_reach(t, "zipped_divide")?;
        self.encoded("zipped_divide", r, |l| l.zipped_divide(t))
    }

    /// `tiled_divide(L, tiler)`: `((tiles...), rest0, rest1, ...)`.
    pub fn tiled_divide<'t>(
        &self,
        t: impl Into<TilerRef<'t>>,
    ) -> Result<DynBasisLayout, LayoutError> {
        let t = t.into();
        let r = self.divide_reach(t, "tiled_divide")?;
        self.encoded("tiled_divide", r, |l| l.tiled_divide(t))
    }

    /// `flat_divide(L, tiler)`: `(tile0, tile1, ..., rest0, rest1, ...)`.
    pub fn flat_divide<'t>(
        &self,
        t: impl Into<TilerRef<'t>>,
    ) -> Result<DynBasisLayout, LayoutError> {
        let t = t.into();
        let r = self.divide_reach(t, "flat_divide")?;
        self.encoded("flat_divide", r, |l| l.flat_divide(t))
    }

    /// The refusal for an operation CuTe does not define on basis strides
    /// (`complement`, the products, the inverses, `tile_to_shape`).
    pub fn unsupported(op: &'static str) -> LayoutError {
        unsupported(op)
    }

    /// Apply a structure-only operation (slicing, taking a mode): it runs on
    /// the layout whose strides are the leaf indices, which name the leaves
    /// it keeps.
    fn by_leaf_index(
        &self,
        f: impl FnOnce(&DynLayout) -> Result<DynLayout, LayoutError>,
    ) -> Result<DynBasisLayout, LayoutError> {
        let mut k = 0i64;
        let idx = map_strides(&self.scaled, |_| {
            k += 1;
            k - 1
        });
        let out = f(&idx)?;
        let mut modes = Vec::with_capacity(out.flat().len());
        let scaled = map_strides(&out, |i| {
            let i = i as usize;
            modes.push(self.modes[i]);
            self.scaled.flat()[i].1
        });
        Ok(DynBasisLayout { scaled, modes })
    }

    /// Run `f` on the integer encoding (module docs), after checking that
    /// no field can carry: `reach` bounds the factor any stride is
    /// multiplied by.
    fn encoded(
        &self,
        op: &'static str,
        reach: i64,
        f: impl FnOnce(&DynLayout) -> Result<DynLayout, LayoutError>,
    ) -> Result<DynBasisLayout, LayoutError> {
        let bits = field_bits(self.basis_modes());
        let limit = 1i64 << bits;
        for (&(s, k), m) in self.scaled.flat().iter().zip(&self.modes) {
            if m.is_none() {
                continue;
            }
            let k = k.checked_abs().ok_or(LayoutError::Overflow { op })?;
            let worst = s.max(reach.max(1));
            if k.checked_mul(worst).is_none_or(|p| p >= limit) {
                return Err(LayoutError::BasisRange { op, bits });
            }
        }
        let enc = map_strides(&self.scaled, {
            let mut i = 0;
            move |k| {
                let m = self.modes[i];
                i += 1;
                m.map_or(0, |m| k << (bits * u32::from(m)))
            }
        });
        let out = f(&enc)?;
        let mut modes = Vec::with_capacity(out.flat().len());
        let scaled = map_strides(&out, |v| {
            if v == 0 {
                modes.push(None);
                return 0;
            }
            let m = (63 - v.unsigned_abs().leading_zeros()) / bits;
            modes.push(Some(m as u8));
            v >> (bits * m)
        });
        Ok(DynBasisLayout { scaled, modes })
    }

    /// The largest stride a divide composes `self` with: the tiler's, and
    /// those of its complement in `shape(coalesce(self))`, mode by mode as
    /// the divide applies it.
    fn divide_reach(&self, t: TilerRef, op: &'static str) -> Result<i64, LayoutError> {
        match t {
            TilerRef::Underscore => Ok(1),
            TilerRef::Int(n) => self.divide_reach(TilerRef::Layout(&DynLayout::leaf(n, 1)), op),
            TilerRef::Tuple(ts) => {
                super::composition::check_tiler_rank(&self.scaled, ts.len(), op)?;
                let modes = self.modes()?;
                let mut r = 1;
                for (m, t) in modes.iter().zip(ts) {
                    r = r.max(m.divide_reach(t.into(), op)?);
                }
                Ok(r)
            }
            TilerRef::Layout(b) => {
                if b.flat().iter().any(|m| m.0 <= 0) {
                    return Err(LayoutError::ZeroSize { op });
                }
                let c = self.coalesce().map_err(|e| e.in_op(op))?;
                let cot: Vec<i64> = c.scaled.flat().iter().map(|m| m.0).collect();
                let mut sc = Modes::new();
                let (rest, _, _) = complement_raw_modes(b, &cot, &mut sc)?;
                let r = rest.iter().map(|m| m.1.saturating_abs()).max().unwrap_or(1);
                Ok(r.max(tiler_reach(t)))
            }
        }
    }
}

/// The largest `|stride|` in a plain tiler (an integer tile has stride 1).
fn tiler_reach(t: TilerRef) -> i64 {
    match t {
        TilerRef::Underscore | TilerRef::Int(_) => 1,
        TilerRef::Layout(l) => l
            .flat()
            .iter()
            .map(|m| m.1.saturating_abs())
            .max()
            .unwrap_or(1),
        TilerRef::Tuple(ts) => ts.iter().map(|t| tiler_reach(t.into())).max().unwrap_or(1),
    }
}

/// `l` with each stride replaced by `f(stride)`, leaf by leaf in order.
fn map_strides(l: &DynLayout, mut f: impl FnMut(i64) -> i64) -> DynLayout {
    let mut out = DynLayout::blank();
    let mut leaves = l.flat().iter();
    for t in l.tokens().iter() {
        match t {
            Tok::Open => out.open(),
            Tok::Close => out.close(),
            Tok::Leaf => {
                if let Some(&(s, d)) = leaves.next() {
                    out.push_leaf(s, f(d));
                }
            }
        }
    }
    out
}

fn leaf(k: i64, m: Option<u8>) -> BasisStride {
    match m {
        Some(mode) => BasisStride::Basis { scale: k, mode },
        None => BasisStride::Int(0),
    }
}

/// Split a basis stride tree into its scale tree and the leaves' modes.
fn split(
    t: &BasisTree,
    scales: &mut Vec<i64>,
    modes: &mut Vec<Option<u8>>,
) -> Result<IntTree, LayoutError> {
    Ok(match t {
        BasisTree::Leaf(BasisStride::Int(v)) => {
            if *v != 0 {
                return Err(LayoutError::BasisStrides {
                    op: "make_layout",
                    reason: "a plain integer stride other than 0 beside basis strides",
                });
            }
            modes.push(None);
            scales.push(0);
            IntTree::Int(0)
        }
        BasisTree::Leaf(BasisStride::Basis { scale, mode }) => {
            if usize::from(*mode) >= MAX_BASIS_MODES {
                return Err(LayoutError::BasisStrides {
                    op: "make_layout",
                    reason: "a basis mode above 15",
                });
            }
            modes.push(Some(*mode));
            scales.push(*scale);
            IntTree::Int(*scale)
        }
        BasisTree::Tuple(v) => IntTree::Tuple(
            v.iter()
                .map(|x| split(x, scales, modes))
                .collect::<Result<_, _>>()?,
        ),
    })
}

/// The basis stride tree of scales `t` and `modes` (from leaf `*k` on).
fn join(t: &IntTree, modes: &[Option<u8>], k: &mut usize) -> BasisTree {
    match t {
        IntTree::Int(s) => {
            let m = modes.get(*k).copied().flatten();
            *k += 1;
            BasisTree::Leaf(leaf(*s, m))
        }
        IntTree::Tuple(v) => BasisTree::Tuple(v.iter().map(|x| join(x, modes, k)).collect()),
    }
}

/// Every leaf of `t` less one: the last coordinate of shape `t`.
fn minus_one(t: &IntTree) -> IntTree {
    match t {
        IntTree::Int(s) => IntTree::Int(s - 1),
        IntTree::Tuple(v) => IntTree::Tuple(v.iter().map(minus_one).collect()),
    }
}

/// One stride leaf times a coordinate value.
fn term(l: &DynBasisLayout, k: usize, c: i64) -> Result<ArithValue, LayoutError> {
    let (_, scale) = l.scaled.flat()[k];
    Ok(match l.modes[k] {
        None => ArithValue::Zero,
        Some(mode) => ArithValue::Scaled {
            value: mul(c, scale, "crd2idx")?,
            mode,
        },
    })
}

/// CuTe's `crd2idx` over the node with shape `shape` whose first leaf is `*k`.
fn crd2idx_tree(
    l: &DynBasisLayout,
    coord: &IntTree,
    shape: &IntTree,
    k: &mut usize,
) -> Result<ArithValue, LayoutError> {
    const OP: &str = "crd2idx";
    match (coord, shape) {
        (IntTree::Tuple(cs), IntTree::Tuple(ss)) if cs.len() == ss.len() => {
            let mut acc = ArithValue::Zero;
            for (c, s) in cs.iter().zip(ss) {
                acc = acc.add(&crd2idx_tree(l, c, s, k)?, OP)?;
            }
            Ok(acc)
        }
        (IntTree::Tuple(cs), _) => Err(LayoutError::RankMismatch {
            op: OP,
            expected: shape.rank(),
            found: cs.len(),
        }),
        (IntTree::Int(c), IntTree::Int(_)) => {
            let v = term(l, *k, *c)?;
            *k += 1;
            Ok(v)
        }
        (IntTree::Int(c), IntTree::Tuple(ss)) => {
            // Colexicographic split; the last mode takes the rest unreduced.
            let mut rest = *c;
            let mut acc = ArithValue::Zero;
            for (i, s) in ss.iter().enumerate() {
                let here = if i + 1 == ss.len() {
                    rest
                } else {
                    // C++'s truncating `/` and `%`, as CuTe's divmod.
                    let p = s.product().ok_or(LayoutError::Overflow { op: OP })?;
                    let (q, r) = (rest / p, rest % p);
                    rest = q;
                    r
                };
                acc = acc.add(&crd2idx_tree(l, &IntTree::Int(here), s, k)?, OP)?;
            }
            Ok(acc)
        }
    }
}

impl fmt::Display for DynBasisLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape(), self.stride())
    }
}

impl fmt::Display for BasisTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BasisTree::Leaf(l) => write!(f, "{l}"),
            BasisTree::Tuple(v) => {
                f.write_str("(")?;
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl core::str::FromStr for DynBasisLayout {
    type Err = LayoutError;
    /// ```
    /// use cute_algebra::dynamic::DynBasisLayout;
    /// let l: DynBasisLayout = "(_4,_8):(_1@0,_1@1)".parse().unwrap();
    /// assert_eq!(l.to_string(), "(4,8):(1@0,1@1)");
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut c = super::parse::Cursor::new(s);
        let shape = c.int_tree()?;
        c.expect(b':', "expected ':' and a stride")?;
        let stride = c.basis_tree(0)?;
        let l = DynBasisLayout::new(shape, &stride)?;
        c.finish(l)
    }
}

impl super::parse::Cursor<'_> {
    /// A stride tree whose leaves may be bases: `INT ('@' INT)?`, nested.
    pub(crate) fn basis_tree(&mut self, depth: usize) -> Result<BasisTree, LayoutError> {
        if depth > super::MAX_DEPTH {
            return Err(LayoutError::TooDeep {
                limit: super::MAX_DEPTH,
            });
        }
        if self.eat(b'(') {
            let mut v = Vec::new();
            if self.eat(b')') {
                return Ok(BasisTree::Tuple(v));
            }
            loop {
                v.push(self.basis_tree(depth + 1)?);
                if self.eat(b')') {
                    return Ok(BasisTree::Tuple(v));
                }
                self.expect(b',', "expected ',' or ')'")?;
            }
        }
        let start = self.pos;
        let scale = self.int()?;
        if self.peek_at(0) != Some(b'@') {
            return Ok(BasisTree::Leaf(BasisStride::Int(scale)));
        }
        self.pos += 1;
        let mode = self.int()?;
        let mode = u8::try_from(mode)
            .ok()
            .filter(|m| usize::from(*m) < MAX_BASIS_MODES)
            .ok_or(super::parse::perr(start, "a basis mode must be 0..=15"))?;
        Ok(BasisTree::Leaf(BasisStride::Basis { scale, mode }))
    }
}

impl BasisTree {
    /// The tree as plain integers, if no leaf is a basis.
    pub fn to_int_tree(&self) -> Option<IntTree> {
        match self {
            BasisTree::Leaf(BasisStride::Int(v)) => Some(IntTree::Int(*v)),
            BasisTree::Leaf(BasisStride::Basis { .. }) => None,
            BasisTree::Tuple(v) => v
                .iter()
                .map(BasisTree::to_int_tree)
                .collect::<Option<Vec<_>>>()
                .map(IntTree::Tuple),
        }
    }
}
