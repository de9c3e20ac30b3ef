//! The runtime forms of swizzles: [`DynSwizzle`], a swizzle whose
//! parameters are runtime values, and (with `alloc`) [`DynComposed`], a
//! swizzled layout `Sw<B,M,S> o offset o layout` over a
//! [`DynLayout`](crate::dynamic::DynLayout).
//!
//! `DynSwizzle` is the form the runtime paths (`DynComposed`, the CLI, code
//! generation) carry, and the form a static [`Swizzle`](super::Swizzle)
//! turns into with `Swizzle::<B, M, S>::RUNTIME`. It is `no_std` and holds
//! three integers.

#[cfg(feature = "alloc")]
mod composed;
#[cfg(feature = "alloc")]
mod slice;

#[cfg(feature = "alloc")]
pub use composed::{DynComposed, MAX_CHECKED, MaybeComposed};

use core::fmt;

use crate::error::LayoutError;

/// CuTe's `Swizzle<B, M, S>` with runtime parameters: it XORs the `B` bits
/// at `M + max(0, S)` (the "YYY" bits) into the `B` bits at
/// `M - min(0, S)` (the "ZZZ" bits), and keeps every other bit.
///
/// ```
/// use cute_algebra::swizzle::DynSwizzle;
/// let sw = DynSwizzle::new(3, 4, 3).unwrap();
/// assert_eq!(sw.to_string(), "Sw<3,4,3>");
/// assert_eq!(sw.apply(1000), 1000 ^ ((1000 & 0x380) >> 3));
/// assert_eq!(sw.apply(sw.apply(1000)), 1000);        // its own inverse
/// assert!(DynSwizzle::new(3, 4, 2).is_err());         // |S| < B
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DynSwizzle {
    b: u32,
    m: u32,
    s: i32,
}

/// The widest swizzle footprint that fits a non-negative `i32` offset.
const MAX_BITS: u32 = 31;

impl DynSwizzle {
    /// A swizzle, checked as CuTe's `static_assert`s do (`|S| >= B`), and
    /// kept inside 31 bits (`B + M + |S| <= 31`) so masks fit an `i32`.
    pub fn new(b: u32, m: u32, s: i32) -> Result<Self, LayoutError> {
        if s.unsigned_abs() < b {
            return Err(LayoutError::BadArgument {
                op: "Swizzle",
                msg: "abs(S) must be at least B (CuTe: abs(SShift) must be more than BBits)",
            });
        }
        if (b as u64) + (m as u64) + (s.unsigned_abs() as u64) > MAX_BITS as u64 {
            return Err(LayoutError::BadArgument {
                op: "Swizzle",
                msg: "B + M + abs(S) must be at most 31 so that the masks fit an i32",
            });
        }
        Ok(DynSwizzle { b, m, s })
    }

    /// A swizzle from parameters the caller has already checked.
    pub(crate) const fn new_unchecked(b: u32, m: u32, s: i32) -> Self {
        DynSwizzle { b, m, s }
    }

    /// `B`: the number of bits XORed.
    pub const fn bits(&self) -> u32 {
        self.b
    }
    /// `M`: the number of low bits left alone.
    pub const fn base(&self) -> u32 {
        self.m
    }
    /// `S`: how far the YYY bits move (right for positive, left for negative).
    pub const fn shift(&self) -> i32 {
        self.s
    }
    /// `(1 << B) - 1`.
    pub const fn bit_msk(&self) -> i64 {
        (1i64 << self.b) - 1
    }
    /// The source bits: `bit_msk << (M + max(0, S))`.
    pub const fn yyy_msk(&self) -> i64 {
        let up = if self.s > 0 { self.s as u32 } else { 0 };
        self.bit_msk() << (self.m + up)
    }
    /// The target bits: `bit_msk << (M - min(0, S))`.
    pub const fn zzz_msk(&self) -> i64 {
        let up = if self.s < 0 { self.s.unsigned_abs() } else { 0 };
        self.bit_msk() << (self.m + up)
    }
    /// The size of the block the swizzle permutes: `2^(B + M + |S|)`.
    pub const fn period(&self) -> i64 {
        1i64 << (self.b + self.m + self.s.unsigned_abs())
    }

    /// `x ^ ((x & yyy_msk) >> S)`, or `<< -S` for a negative shift.
    #[inline(always)]
    pub const fn apply(&self, x: i64) -> i64 {
        let y = x & self.yyy_msk();
        if self.s >= 0 {
            x ^ (y >> self.s)
        } else {
            x ^ (y << self.s.unsigned_abs())
        }
    }

    /// CuTe's `make_swizzle<Y, Z>()`: the swizzle whose source bits are `y`
    /// and target bits `z`. `None` when no swizzle has exactly these masks
    /// (CuTe's "Number of bits in Y and Z don't match" and "Something went
    /// wrong" asserts), such as non-contiguous masks.
    pub fn from_masks(y: i64, z: i64) -> Option<DynSwizzle> {
        if y < 0 || z < 0 || y.count_ones() != z.count_ones() {
            return None;
        }
        let b = y.count_ones();
        if b == 0 {
            // CuTe: trailing zeros of 0 are 32, so M = 32 % 32 = 0 and S = 0.
            return Some(DynSwizzle::new_unchecked(0, 0, 0));
        }
        let (ty, tz) = (y.trailing_zeros(), z.trailing_zeros());
        let sw = DynSwizzle::new(b, ty.min(tz), ty as i32 - tz as i32).ok()?;
        (sw.yyy_msk() | sw.zzz_msk() == y | z && sw.yyy_msk() == y).then_some(sw)
    }
}

impl fmt::Display for DynSwizzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", self.b, self.m, self.s)
    }
}
