//! [`LayoutError::in_op`]: an error raised by an inner step (a complement
//! or composition inside a divide) is reported under the operation the user
//! called, so the first line names it.

use super::LayoutError;

impl LayoutError {
    /// The same error, named after the operation `op` the user called.
    ///
    /// A divide is a complement and a composition; the user called the
    /// divide, so its name leads the message.
    ///
    /// ```
    /// use cute_algebra::LayoutError;
    /// let e = LayoutError::Straddle { op: "composition", mode_a: 0, mode_b: 1 };
    /// assert!(e.in_op("logical_divide").to_string().starts_with("logical_divide: mode 1"));
    /// ```
    #[must_use]
    pub fn in_op(self, op: &'static str) -> Self {
        use LayoutError::*;
        let mut e = self;
        match &mut e {
            StrideDivisibility { op: o, .. }
            | ShapeDivisibility { op: o, .. }
            | Disjointness { op: o, .. }
            | NotComplementable { op: o, .. }
            | NotInjective { op: o }
            | RankMismatch { op: o, .. }
            | NotCongruent { op: o }
            | TooManyTilerModes { op: o, .. }
            | Overflow { op: o }
            | ZeroSize { op: o }
            | DivisionByZero { op: o }
            | OutOfRange { op: o }
            | Straddle { op: o, .. }
            | RepeatedOrder { op: o, .. }
            | ComplementBound { op: o, .. }
            | BadArgument { op: o, .. }
            | SizeOverflow { op: o, .. }
            | ZeroStrideMode { op: o, .. }
            | BadCotarget { op: o, .. }
            | NegativeStrideUnsupported { op: o, .. }
            | TooManyProfileModes { op: o, .. }
            | ProductOverlap { op: o, .. }
            | TooLarge { op: o, .. }
            | CheckTooLarge { op: o, .. }
            | RecastCoverage { op: o, .. }
            | BasisStrides { op: o, .. }
            | BasisRange { op: o, .. }
            | AtomCondition { op: o, .. }
            | NotLinear { op: o, .. }
            | NotPowerOfTwo { op: o, .. }
            | LinearDims { op: o, .. }
            | UnknownDim { op: o, .. }
            | NoCuteForm { op: o, .. } => *o = op,
            // The call itself was malformed: nothing inner to rename.
            Arity { .. } | UnknownFunction { .. } | UnknownAtom { .. } => {}
            BlockDoesNotDivide { .. } | TooDeep { .. } | Parse { .. } => {}
        }
        e
    }
}
