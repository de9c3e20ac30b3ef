//! [`LayoutError`]: why a runtime layout operation has no correct answer.
//!
//! Each variant names the broken condition in CuTe's terms, with the
//! operation and the mode involved, so that a failure reads like the
//! static path's compile error. The type is `no_std`: it holds only
//! integers and `&'static str`s.

use core::fmt;

/// The reason a runtime layout operation failed.
///
/// ```
/// use cute_algebra::LayoutError;
/// let e = LayoutError::StrideDivisibility { op: "composition", mode: 1, stride: 3, shape: 6 };
/// assert_eq!(
///     e.to_string(),
///     "composition: stride divisibility fails at mode 1: stride 3 is neither a multiple of nor a divisor of shape 6"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LayoutError {
    /// `shape_div(shape, stride)` needs `shape % stride == 0 || stride % shape == 0`.
    StrideDivisibility {
        op: &'static str,
        mode: usize,
        stride: i64,
        shape: i64,
    },
    /// A mode of the right operand does not fit whole into the left operand's
    /// modes: `shape` neither divides nor is a multiple of what remains (`rest`).
    ShapeDivisibility {
        op: &'static str,
        mode: usize,
        shape: i64,
        rest: i64,
    },
    /// Shah's disjointness condition for composition: the images of two
    /// modes of the right operand overlap or straddle a mode of the left one,
    /// so no layout equals `A(B(i))`.
    Disjointness {
        op: &'static str,
        mode_a: usize,
        mode_b: usize,
    },
    /// The layout cannot be complemented: `reason` says which condition fails.
    NotComplementable {
        op: &'static str,
        mode: usize,
        reason: &'static str,
    },
    /// The operation needs an injective layout.
    NotInjective { op: &'static str },
    /// Ranks that must agree do not.
    RankMismatch {
        op: &'static str,
        expected: usize,
        found: usize,
    },
    /// Shape and stride (or shape and coordinate) are not congruent.
    NotCongruent { op: &'static str },
    /// A tiler with more modes than the layout it tiles.
    TooManyTilerModes {
        op: &'static str,
        tiler_rank: usize,
        layout_rank: usize,
    },
    /// `tile_to_shape`: the block does not divide the target shape.
    BlockDoesNotDivide {
        mode: usize,
        block: i64,
        target: i64,
    },
    /// A value or product does not fit in the integer type.
    Overflow { op: &'static str },
    /// A shape with a zero (or negative) extent.
    ZeroSize { op: &'static str },
    /// A division by zero would be needed.
    DivisionByZero { op: &'static str },
    /// A coordinate outside the layout's shape.
    OutOfRange { op: &'static str },
    /// Nesting deeper than the documented limit.
    TooDeep { limit: usize },
    /// Malformed CuTe notation at byte offset `pos`.
    Parse { pos: usize, msg: &'static str },
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use LayoutError::*;
        match *self {
            StrideDivisibility {
                op,
                mode,
                stride,
                shape,
            } => write!(
                f,
                "{op}: stride divisibility fails at mode {mode}: stride {stride} is neither a multiple of nor a divisor of shape {shape}"
            ),
            ShapeDivisibility {
                op,
                mode,
                shape,
                rest,
            } => write!(
                f,
                "{op}: shape divisibility fails at mode {mode}: shape {shape} is neither a multiple of nor a divisor of the remaining {rest}"
            ),
            Disjointness { op, mode_a, mode_b } => write!(
                f,
                "{op}: disjointness fails: modes {mode_a} and {mode_b} of the right operand overlap in the left operand's modes, so no layout equals A(B(i))"
            ),
            NotComplementable { op, mode, reason } => {
                write!(
                    f,
                    "{op}: the layout is not complementable at mode {mode}: {reason}"
                )
            }
            NotInjective { op } => write!(f, "{op}: the layout is not injective"),
            RankMismatch {
                op,
                expected,
                found,
            } => write!(
                f,
                "{op}: rank mismatch: expected rank {expected} but found rank {found}"
            ),
            NotCongruent { op } => write!(f, "{op}: shape and stride are not congruent"),
            TooManyTilerModes {
                op,
                tiler_rank,
                layout_rank,
            } => write!(
                f,
                "{op}: too many modes in tiler: the tiler has rank {tiler_rank} but the layout has rank {layout_rank}"
            ),
            BlockDoesNotDivide {
                mode,
                block,
                target,
            } => write!(
                f,
                "tile_to_shape: the block does not divide the target at mode {mode}: {block} does not divide {target}"
            ),
            Overflow { op } => write!(f, "{op}: integer overflow"),
            ZeroSize { op } => write!(f, "{op}: a shape extent is zero or negative"),
            DivisionByZero { op } => write!(f, "{op}: division by zero"),
            OutOfRange { op } => write!(f, "{op}: coordinate out of range"),
            TooDeep { limit } => write!(f, "nesting deeper than the limit of {limit}"),
            Parse { pos, msg } => write!(f, "parse error at byte {pos}: {msg}"),
        }
    }
}

impl core::error::Error for LayoutError {}
