//! Division and remainder with a power-of-two fast path.
//!
//! Layout extents and strides are mostly powers of two, and a hardware
//! division costs more than the rest of a composition step, so these give
//! exactly Rust's truncating `/` and `%` but shift and mask when the
//! divisor is a positive power of two and the dividend is not negative.
//! `ceil_div` is [`crate::steps::rules::checked_ceil_div`], which has the same fast
//! path: one implementation for both paths.

/// `a / b` truncating, `None` for `b == 0` or `i64::MIN / -1`.
#[inline(always)]
pub(crate) fn div(a: i64, b: i64) -> Option<i64> {
    if a >= 0 && b > 0 && b & (b - 1) == 0 {
        Some(a >> b.trailing_zeros())
    } else {
        a.checked_div(b)
    }
}

/// `a % b` (sign of `a`), `None` for `b == 0` or `i64::MIN % -1`.
#[inline(always)]
pub(crate) fn rem(a: i64, b: i64) -> Option<i64> {
    if a >= 0 && b > 0 && b & (b - 1) == 0 {
        Some(a & (b - 1))
    } else {
        a.checked_rem(b)
    }
}

/// CuTe's `ceil_div(a, b) = (a + b - 1) / b`, written once in `rules`.
pub(crate) use crate::steps::rules::checked_ceil_div as ceil_div;

#[cfg(test)]
mod tests {
    use super::{div, rem};

    #[test]
    fn same_as_the_plain_operators() {
        let vals = [
            i64::MIN,
            i64::MIN + 1,
            -65,
            -64,
            -7,
            -1,
            0,
            1,
            2,
            3,
            4,
            6,
            7,
            8,
            64,
            96,
            1 << 40,
            (1 << 40) + 1,
            i64::MAX - 1,
            i64::MAX,
        ];
        for &a in &vals {
            for &b in &vals {
                assert_eq!(div(a, b), a.checked_div(b), "{a} / {b}");
                assert_eq!(rem(a, b), a.checked_rem(b), "{a} % {b}");
            }
        }
    }
}
