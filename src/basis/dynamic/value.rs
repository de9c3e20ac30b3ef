//! The stride leaves of a basis-strided layout ([`BasisStride`], CuTe's
//! `ScaledBasis`), their trees, and the values such a layout takes
//! ([`ArithValue`], CuTe's `ArithmeticTuple`).

use alloc::vec::Vec;
use core::fmt;

use super::IntTree;
use crate::dynamic::print::write_tuple;
use crate::error::LayoutError;

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
            ArithValue::Tuple(t) => write_tuple(f, t),
        }
    }
}

impl fmt::Display for BasisTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BasisTree::Leaf(l) => write!(f, "{l}"),
            BasisTree::Tuple(v) => write_tuple(f, v),
        }
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
