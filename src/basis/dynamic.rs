//! [`DynBasisLayout`]: layouts whose strides are scaled bases `k@i` (CuTe's
//! `ScaledBasis`, `E<i>{} * k`), so that a coordinate maps to a coordinate
//! ([`ArithValue`], CuTe's `ArithmeticTuple`) rather than to an offset.
//!
//! CuTe uses them for identity layouts (`make_identity_layout(S)` is
//! `S:(1@0,1@1,...)`), coordinate tensors that predicate a tile at a
//! tensor's edge, and TMA descriptors.
//!
//! ```
//! use cute_algebra::dynamic::{IntTree, Tiler};
//! use cute_algebra::basis::DynBasisLayout;
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
//!
//! # Files
//!
//! This file holds the type, its constructors, queries and evaluation
//! (`crd2idx`); `value` the stride and value types ([`BasisStride`],
//! [`BasisTree`], [`ArithValue`]); `algebra` the operations that run on the
//! integer encoding (coalesce, composition, the divides); `parse` the
//! printed form.

use alloc::vec::Vec;

use crate::dynamic::{CoordTree, DynLayout, IntTree, mul};
use crate::error::LayoutError;

mod algebra;
mod parse;
mod value;

pub use value::{ArithValue, BasisStride, BasisTree};

/// The most basis modes a layout may name (`k@0` .. `k@15`).
pub const MAX_BASIS_MODES: usize = 16;

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

impl DynBasisLayout {
    /// `shape:stride` with basis leaves in `stride`. A stride with no basis
    /// leaf is refused (that is a [`DynLayout`]), as is a plain nonzero
    /// integer stride beside bases (a coordinate plus an integer has no
    /// meaning).
    ///
    /// ```
    /// use cute_algebra::basis::DynBasisLayout;
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
    /// use cute_algebra::basis::DynBasisLayout;
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
    /// use cute_algebra::basis::DynBasisLayout;
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
        (0..crate::dynamic::values_bound(self.size()?)?)
            .map(|i| self.at(i))
            .collect()
    }

    /// CuTe's `coshape(L)`: one more than the value at the last coordinate,
    /// per component.
    ///
    /// ```
    /// use cute_algebra::basis::DynBasisLayout;
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
    /// use cute_algebra::basis::DynBasisLayout;
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
