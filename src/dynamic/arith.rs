//! Division and remainder with a power-of-two fast path.
//!
//! Layout extents and strides are mostly powers of two, and a hardware
//! division costs more than the rest of a composition step, so these give
//! exactly Rust's truncating `/` and `%` (and `rules::checked_ceil_div`)
//! but shift and mask when the divisor is a positive power of two and the
//! dividend is not negative.

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

/// CuTe's `ceil_div(a, b) = (a + b - 1) / b`, as `rules::checked_ceil_div`.
#[inline(always)]
pub(crate) fn ceil_div(a: i64, b: i64) -> Option<i64> {
    if b == 0 {
        return None;
    }
    div(a.checked_add(b)?.checked_sub(1)?, b)
}

#[cfg(test)]
mod tests {
    use super::{ceil_div, div, rem};
    use crate::rules::checked_ceil_div;

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
                assert_eq!(ceil_div(a, b), checked_ceil_div(a, b), "ceil_div({a}, {b})");
            }
        }
    }
}
