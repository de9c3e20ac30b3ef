//! [`LayoutError`]: why a runtime layout operation has no correct answer.
//!
//! Each variant names the broken condition in CuTe's terms, with the
//! operation and the mode involved, so that a failure reads like the
//! static path's compile error. The type is `no_std`: it holds only
//! integers and `&'static str`s.

use core::fmt;

mod in_op;

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
        /// The operation, in CuTe's name.
        op: &'static str,
        /// The mode where the condition fails.
        mode: usize,
        /// The offending stride.
        stride: i64,
        /// The offending shape.
        shape: i64,
    },
    /// A mode of the right operand does not fit whole into the left operand's
    /// modes: `shape` neither divides nor is a multiple of what remains (`rest`).
    ShapeDivisibility {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// The mode where the condition fails.
        mode: usize,
        /// The offending shape.
        shape: i64,
        /// What remains of the right operand's mode.
        rest: i64,
    },
    /// Shah's disjointness condition for composition: the images of two
    /// modes of the right operand overlap or straddle a mode of the left one,
    /// so no layout equals `A(B(i))`.
    Disjointness {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// The first mode involved.
        mode_a: usize,
        /// The second mode involved.
        mode_b: usize,
    },
    /// The layout cannot be complemented: `reason` says which condition fails.
    NotComplementable {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// The mode where the condition fails.
        mode: usize,
        /// The condition that fails.
        reason: &'static str,
    },
    /// The operation needs an injective layout.
    NotInjective {
        /// The operation, in CuTe's name.
        op: &'static str,
    },
    /// Ranks that must agree do not.
    RankMismatch {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// The rank required.
        expected: usize,
        /// The rank given.
        found: usize,
    },
    /// Shape and stride (or shape and coordinate) are not congruent.
    NotCongruent {
        /// The operation, in CuTe's name.
        op: &'static str,
    },
    /// A tiler with more modes than the layout it tiles.
    TooManyTilerModes {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// The tiler's rank.
        tiler_rank: usize,
        /// The layout's rank.
        layout_rank: usize,
    },
    /// `tile_to_shape`: the block does not divide the target shape.
    BlockDoesNotDivide {
        /// The mode where the condition fails.
        mode: usize,
        /// The block's extent in that mode.
        block: i64,
        /// The target's extent in that mode.
        target: i64,
    },
    /// A value or product does not fit in the integer type.
    Overflow {
        /// The operation, in CuTe's name.
        op: &'static str,
    },
    /// A shape with a zero (or negative) extent.
    ZeroSize {
        /// The operation, in CuTe's name, or `""` for a layout as written.
        op: &'static str,
    },
    /// A division by zero would be needed.
    DivisionByZero {
        /// The operation, in CuTe's name.
        op: &'static str,
    },
    /// A coordinate outside the layout's shape.
    OutOfRange {
        /// The operation, in CuTe's name.
        op: &'static str,
    },
    /// Nesting deeper than the documented limit.
    TooDeep {
        /// The nesting limit.
        limit: usize,
    },
    /// Malformed CuTe notation at byte offset `pos`.
    Parse {
        /// Byte offset in the input.
        pos: usize,
        /// What was expected.
        msg: &'static str,
    },
    /// Composition: mode `mode_b` of the right operand (a leaf, counted in
    /// order) crosses from mode `mode_a` of the coalesced left operand into
    /// the next without filling `mode_a` exactly, so its offsets are not a layout.
    Straddle {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// The first mode involved.
        mode_a: usize,
        /// The second mode involved.
        mode_b: usize,
    },
    /// `make_ordered_layout`: the order repeats `value`, so modes would overlap.
    RepeatedOrder {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// The repeated value.
        value: i64,
    },
    /// `complement`: CuTe's result would break one of its bounds for cotarget `M`.
    ComplementBound {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// The cotarget size `M`.
        cotarget: i64,
        /// The condition that fails.
        reason: &'static str,
    },
    /// An argument of the wrong kind (a layout where an integer is needed, ...).
    BadArgument {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// What was expected.
        msg: &'static str,
    },
    /// A call with too few or too many arguments: it takes `min..=max`.
    Arity {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// The fewest arguments it takes.
        min: usize,
        /// The most arguments it takes.
        max: usize,
        /// The number given.
        found: usize,
    },
    /// A layout's size or cosize does not fit in `i64`, so it could not be
    /// printed and read back, nor indexed.
    SizeOverflow {
        /// The operation whose result overflows, or `""` for a layout as
        /// written (a literal, or `make_layout(shape, stride)`).
        op: &'static str,
        /// `"size"` or `"cosize"`.
        what: &'static str,
    },
    /// A stride-0 leaf of extent > 1: an index cannot be split into its
    /// coordinate there (CuTe divides by the stride, by zero).
    ZeroStrideMode {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// The leaf (counted in order over the flattened layout).
        mode: usize,
        /// Its extent.
        shape: i64,
    },
    /// The cotarget (the `M` of `complement(L, M)`) has a zero or negative extent.
    BadCotarget {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// The offending extent.
        value: i64,
    },
    /// A negative stride where the operation has no meaningful result.
    NegativeStrideUnsupported {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// The (coalesced) mode with the negative stride.
        mode: usize,
        /// Why the sign matters.
        reason: &'static str,
    },
    /// A profile (`coalesce(L, profile)`, `filter(L, profile)`) with more
    /// modes than the layout.
    TooManyProfileModes {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// The profile's rank.
        profile_rank: usize,
        /// The layout's rank.
        layout_rank: usize,
    },
    /// `logical_product(A, B)`: the complement `R` of `A` is smaller than
    /// `cosize(B)` and its last mode lies inside `A`'s image, so `R∘B`
    /// (extending `R`) would reach offsets of `A`: CuTe's result overlaps.
    ProductOverlap {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// `size(R)`.
        size_r: i64,
        /// `cosize(B)`.
        cosize_b: i64,
    },
    /// A layout with more elements than the operation draws or prints.
    TooLarge {
        /// The operation.
        op: &'static str,
        /// The layout's size.
        size: i64,
        /// The documented limit.
        limit: i64,
    },
    /// A recast whose layout (CuTe's `recast_layout`, computed as CuTe
    /// computes it) does not cover exactly the source's bits.
    RecastCoverage {
        /// The operation.
        op: &'static str,
        /// `false`: the bits held by the elements differ; `true`: the bits
        /// spanned from the first to the last element do.
        spans: bool,
        /// The source's figure, in bits.
        source: i64,
        /// CuTe's result's figure, in bits.
        result: i64,
        /// CuTe's recast layout, as CuTe prints it.
        cute: LayoutText,
    },
    /// A swizzled result whose defining property is checked element by
    /// element, over more elements than that check walks.
    CheckTooLarge {
        /// The operation.
        op: &'static str,
        /// How many elements the check would walk.
        size: i64,
        /// The documented limit.
        limit: i64,
    },
    /// An operation on basis strides (`k@i`) that CuTe does not define
    /// there, or a layout mixing bases with plain nonzero strides.
    BasisStrides {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// What is not defined.
        reason: &'static str,
    },
    /// Basis strides whose scales, times the extents an operation reaches,
    /// leave the range in which this crate computes on bases exactly (see
    /// [`crate::basis::DynBasisLayout`]).
    BasisRange {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// Bits available per basis mode.
        bits: u32,
    },
    /// A CuTe layout that is not linear over F₂: the images of two input
    /// bits share a bit, so the layout's sum differs from their XOR.
    NotLinear {
        /// The operation.
        op: &'static str,
        /// The first input bit (its position in the flattened index).
        bit_a: u32,
        /// Its image.
        image_a: i64,
        /// The second input bit.
        bit_b: u32,
        /// Its image.
        image_b: i64,
    },
    /// A size that a linear layout needs to be a power of two is not.
    NotPowerOfTwo {
        /// The operation.
        op: &'static str,
        /// What the size is (a shape extent, an out-dim size...).
        what: &'static str,
        /// The size.
        value: i64,
    },
    /// Named dimensions of linear layouts that do not fit the operation.
    LinearDims {
        /// The operation, in Triton's name.
        op: &'static str,
        /// The condition that fails.
        reason: &'static str,
    },
    /// A dimension name that the linear layout does not have (Triton
    /// asserts; here the error names it).
    UnknownDim {
        /// The operation, in Triton's name.
        op: &'static str,
        /// The name as written ([`FnName`] keeps the first 24 bytes).
        name: FnName,
        /// Which side the name was looked for on: `input`, `output`, or
        /// `input and output`.
        side: &'static str,
    },
    /// A linear layout with no CuTe form: no `shape:stride`, nor a
    /// `Sw<B,M,S>` composed with one, has its function.
    NoCuteForm {
        /// The operation.
        op: &'static str,
        /// Why.
        reason: &'static str,
    },
    /// A call to a function the evaluator does not know.
    UnknownFunction {
        /// Byte offset of the name in the input.
        pos: usize,
        /// The name ([`FnName`] keeps the first 24 bytes).
        name: FnName,
    },
    /// An MMA or copy operation, or an element type, that the atom table
    /// does not hold.
    UnknownAtom {
        /// The name as written ([`FnName`] keeps the first 24 bytes).
        name: FnName,
    },
    /// A condition CuTe checks (a `static_assert`) when it builds an atom,
    /// a tiled MMA or copy, or a GMMA descriptor, in CuTe's words.
    AtomCondition {
        /// The operation, in CuTe's name.
        op: &'static str,
        /// The condition that fails.
        condition: &'static str,
    },
}

/// The name of an unknown function, kept inline (no allocation, `Copy`):
/// the first 24 bytes, which is all an error message needs.
///
/// ```
/// use cute_algebra::error::FnName;
/// assert_eq!(FnName::new("compositon").to_string(), "compositon");
/// assert_eq!(FnName::new(&"x".repeat(30)).to_string(), format!("{}...", "x".repeat(24)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FnName {
    bytes: [u8; 24],
    len: u8,
    cut: bool,
}

impl FnName {
    /// Keep the first 24 bytes of `name` (at a character boundary).
    pub fn new(name: &str) -> Self {
        let mut n = name.len().min(24);
        while !name.is_char_boundary(n) {
            n -= 1;
        }
        let mut bytes = [0u8; 24];
        bytes[..n].copy_from_slice(&name.as_bytes()[..n]);
        FnName {
            bytes,
            len: n as u8,
            cut: n < name.len(),
        }
    }

    /// The kept part of the name.
    pub fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

impl fmt::Display for FnName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())?;
        if self.cut {
            f.write_str("...")?;
        }
        Ok(())
    }
}

/// A layout's printed form kept inline (no allocation, `Copy`), for the
/// errors that say what CuTe would have returned: the first 46 bytes.
///
/// ```
/// use core::fmt::Write;
/// use cute_algebra::error::LayoutText;
/// let mut t = LayoutText::default();
/// write!(t, "{}", "(_2):(_1)").unwrap();
/// assert_eq!(t.to_string(), "(_2):(_1)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LayoutText {
    bytes: [u8; 46],
    len: u8,
    cut: bool,
}

impl Default for LayoutText {
    fn default() -> Self {
        LayoutText {
            bytes: [0; 46],
            len: 0,
            cut: false,
        }
    }
}

impl fmt::Write for LayoutText {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            let mut buf = [0u8; 4];
            let e = c.encode_utf8(&mut buf).as_bytes();
            let at = usize::from(self.len);
            if self.cut || at + e.len() > self.bytes.len() {
                self.cut = true;
                return Ok(());
            }
            self.bytes[at..at + e.len()].copy_from_slice(e);
            self.len += e.len() as u8;
        }
        Ok(())
    }
}

impl LayoutText {
    /// The printed form of `x`, its first 46 bytes.
    pub fn of(x: &impl fmt::Display) -> Self {
        let mut t = LayoutText::default();
        let _ = fmt::Write::write_fmt(&mut t, format_args!("{x}"));
        t
    }
}

impl fmt::Display for LayoutText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or(""))?;
        if self.cut {
            f.write_str("...")?;
        }
        Ok(())
    }
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
            ZeroSize { op: "" } => f.write_str("the layout has a zero or negative extent"),
            ZeroSize { op } => write!(f, "{op}: a shape extent is zero or negative"),
            DivisionByZero { op } => write!(f, "{op}: division by zero"),
            OutOfRange { op } => write!(f, "{op}: coordinate out of range"),
            TooDeep { limit } => write!(f, "nesting deeper than the limit of {limit}"),
            Parse { pos, msg } => write!(f, "parse error at byte {pos}: {msg}"),
            Straddle { op, mode_a, mode_b } => write!(
                f,
                "{op}: mode {mode_b} of the right operand straddles the boundary of mode {mode_a} of the left operand without filling it, so no layout equals A(B(i))"
            ),
            RepeatedOrder { op, value } => write!(
                f,
                "{op}: the order repeats the value {value}, so the layout's modes would overlap"
            ),
            ComplementBound {
                op,
                cotarget,
                reason,
            } => write!(
                f,
                "{op}: the result would break the complement bound {reason} for cotarget M = {cotarget}"
            ),
            BadArgument { op, msg } => write!(f, "{op}: {msg}"),
            Arity {
                op,
                min,
                max,
                found,
            } => {
                let s = |n: usize| if n == 1 { "" } else { "s" };
                if min == max {
                    write!(
                        f,
                        "{op}: expected {min} argument{} but was given {found}",
                        s(min)
                    )
                } else {
                    write!(
                        f,
                        "{op}: expected {min} to {max} arguments but was given {found}"
                    )
                }
            }
            SizeOverflow { op: "", what } => write!(f, "the layout's {what} overflows i64"),
            SizeOverflow { op, what } => write!(f, "{op}: the result's {what} overflows i64"),
            ZeroStrideMode { op, mode, shape } => write!(
                f,
                "{op}: leaf {mode} has stride 0 and extent {shape}, so an index does not determine its coordinate"
            ),
            BadCotarget { op, value } => write!(
                f,
                "{op}: the cotarget has the extent {value}, but its extents must be positive"
            ),
            NegativeStrideUnsupported { op, mode, reason } => {
                write!(f, "{op}: mode {mode} has a negative stride: {reason}")
            }
            TooManyProfileModes {
                op,
                profile_rank,
                layout_rank,
            } => write!(
                f,
                "{op}: too many modes in the profile: the profile has rank {profile_rank} but the layout has rank {layout_rank}"
            ),
            ProductOverlap {
                op,
                size_r,
                cosize_b,
            } => write!(
                f,
                "{op}: the complement of the block has size {size_r} < cosize(B) = {cosize_b} and its last mode lies inside the block's image, so the result would reach an offset of the block twice"
            ),
            TooLarge { op, size, limit } => write!(
                f,
                "{op}: the layout has {size} elements, more than the limit of {limit}"
            ),
            RecastCoverage {
                op,
                spans,
                source,
                result,
                cute,
            } => write!(
                f,
                "{op}: CuTe returns {cute}, which {what} {result} bits where the source {what} {source}: refused, since it would reach bits the source does not cover, or cover some twice (CuTe rounds the recast layout)",
                what = if spans { "spans" } else { "holds" }
            ),
            CheckTooLarge { op, size, limit } => write!(
                f,
                "{op}: the swizzled result is checked element by element, and its domain has {size} elements, more than the limit of {limit}"
            ),
            BasisStrides { op, reason } => {
                write!(f, "{op}: not defined on basis strides (k@i): {reason}")
            }
            BasisRange { op, bits } => write!(
                f,
                "{op}: a basis scale times an extent reaches 2^{bits}, beyond the range computed exactly with this many basis modes"
            ),
            NotLinear {
                op,
                bit_a,
                image_a,
                bit_b,
                image_b,
            } => write!(
                f,
                "{op}: not linear over F2: input bits {bit_a} and {bit_b} have images {image_a} and {image_b}, which share bits, so their sum is not their XOR"
            ),
            NotPowerOfTwo { op, what, value } => {
                write!(f, "{op}: the {what} {value} is not a power of two")
            }
            LinearDims { op, reason } => write!(f, "{op}: {reason}"),
            UnknownDim { op, name, side } => {
                write!(f, "{op}: '{name}' is not an {side} dimension of the layout")
            }
            NoCuteForm { op, reason } => write!(
                f,
                "{op}: no CuTe layout (shape:stride, or Sw<B,M,S> o shape:stride) has this function: {reason}"
            ),
            UnknownFunction { pos, name } => {
                write!(f, "unknown function '{name}' at byte {pos}")
            }
            UnknownAtom { name } => {
                write!(f, "unknown atom or element type '{name}'")
            }
            AtomCondition { op, condition } => write!(f, "{op}: {condition}"),
        }
    }
}

impl core::error::Error for LayoutError {}

/// The panicking forms of the algebra: the value, or a panic with the
/// error's message (each has a `try_` twin that returns the error).
#[track_caller]
#[inline]
pub(crate) fn ok_or_panic<T>(r: Result<T, LayoutError>) -> T {
    match r {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    }
}

/// A `try_` function and its panicking twin, from one signature: the twin
/// repeats the bounds and unwraps the `try_` form with [`ok_or_panic`].
/// The arguments are named by the caller, so that the body sees them.
macro_rules! try_and_panicking {
    ($(#[$doc:meta])* pub fn $name:ident;
     $(#[$try_doc:meta])* pub fn $try_name:ident<$($g:ident $(: $gb:path)?),*>($($arg:ident: $A:ty),*)
        -> $R:ty
     where { $($w:tt)* }
     $body:block) => {
        $(#[$try_doc])*
        pub fn $try_name<$($g $(: $gb)?),*>($($arg: $A),*) -> Result<$R, $crate::error::LayoutError>
        where
            $($w)*
        $body

        $(#[$doc])*
        #[track_caller]
        pub fn $name<$($g $(: $gb)?),*>($($arg: $A),*) -> $R
        where
            $($w)*
        {
            $crate::error::ok_or_panic($try_name($($arg),*))
        }
    };
}
pub(crate) use try_and_panicking;
