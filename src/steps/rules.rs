//! The scalar rules of CuTe's layout algebra, written once as `const fn`s.
//!
//! The runtime (`i32`) paths of the typed layouts and the runtime-structured
//! [`DynLayout`](crate::dynamic::DynLayout) both call these; the type-level
//! path mirrors them with typenum. Every function follows CuTe C++'s integer
//! semantics: `/` and `%` truncate toward zero.
//!
//! Functions that divide take a divisor that the caller has checked to be
//! non-zero; the `checked_` forms return `None` instead.

/// Greatest common divisor, always non-negative; `gcd(0, b) == |b|`.
///
/// ```
/// use cute_algebra::steps::rules::gcd;
/// assert_eq!(gcd(12, 18), 6);
/// assert_eq!(gcd(-4, 6), 2);
/// assert_eq!(gcd(0, 5), 5);
/// ```
pub const fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a as i64
}

/// CuTe's `ceil_div(a, b)`: `(a + b - 1) / b` with truncating division.
///
/// For positive operands this rounds up. Returns `None` when `b == 0` or on
/// overflow.
///
/// ```
/// use cute_algebra::steps::rules::checked_ceil_div;
/// assert_eq!(checked_ceil_div(7, 2), Some(4));
/// assert_eq!(checked_ceil_div(8, 2), Some(4));
/// assert_eq!(checked_ceil_div(2, 8), Some(1));
/// assert_eq!(checked_ceil_div(2, 0), None);
/// ```
// `always`: `DynLayout`'s complement calls it once per mode, across
// codegen units, where an out-of-line call costs more than the division.
#[inline(always)]
pub const fn checked_ceil_div(a: i64, b: i64) -> Option<i64> {
    if b == 0 {
        return None;
    }
    match a.checked_add(b) {
        Some(s) => match s.checked_sub(1) {
            // Divisors are mostly powers of two: shift rather than divide
            // (the same value for a non-negative dividend).
            Some(n) if n >= 0 && b > 0 && b & (b - 1) == 0 => Some(n >> b.trailing_zeros()),
            Some(n) => n.checked_div(b),
            None => None,
        },
        None => None,
    }
}

/// CuTe's `shape_div(a, b)` for integers: `ceil_div(a, b)`, defined where the
/// divisibility condition [`divides_either`] holds (so the result is exact
/// division or 1). Returns `None` when `b == 0` or on overflow; the caller
/// checks the divisibility condition, because the error it reports names the
/// operation and mode.
///
/// ```
/// use cute_algebra::steps::rules::checked_shape_div;
/// assert_eq!(checked_shape_div(12, 4), Some(3));
/// assert_eq!(checked_shape_div(4, 12), Some(1));
/// ```
#[inline]
pub const fn checked_shape_div(a: i64, b: i64) -> Option<i64> {
    checked_ceil_div(a, b)
}

/// The (weak) divisibility condition of `shape_div`: `a % b == 0 || b % a == 0`.
/// A zero operand satisfies it against any non-zero one (`0 % b == 0`), never against zero.
///
/// ```
/// use cute_algebra::steps::rules::divides_either;
/// assert!(divides_either(12, 4));
/// assert!(divides_either(4, 12));
/// assert!(!divides_either(6, 4));
/// ```
pub const fn divides_either(a: i64, b: i64) -> bool {
    // `wrapping_rem`: `i64::MIN % -1` is 0, without the overflow panic.
    (b != 0 && a.wrapping_rem(b) == 0) || (a != 0 && b.wrapping_rem(a) == 0)
}

/// `true` when `b` divides `a` exactly (`b != 0 && a % b == 0`).
///
/// ```
/// use cute_algebra::steps::rules::divides;
/// assert!(divides(12, 4));
/// assert!(!divides(12, 5));
/// assert!(!divides(12, 0));
/// ```
#[inline]
pub const fn divides(a: i64, b: i64) -> bool {
    if a >= 0 && b > 0 && b & (b - 1) == 0 {
        // A power of two divides `a` when `a`'s low bits are 0.
        return a & (b - 1) == 0;
    }
    b != 0 && a.wrapping_rem(b) == 0
}

/// Sign of `x`: 1, -1 or 0, as CuTe's `signum`.
///
/// ```
/// assert_eq!(cute_algebra::steps::rules::signum(-3), -1);
/// ```
#[inline]
pub const fn signum(x: i64) -> i64 {
    (x > 0) as i64 - (x < 0) as i64
}

/// Round `a` up to a multiple of `b`, CuTe's `round_up`: `ceil_div(a, b) * b`.
///
/// ```
/// assert_eq!(cute_algebra::steps::rules::checked_round_up(18, 4), Some(20));
/// ```
pub const fn checked_round_up(a: i64, b: i64) -> Option<i64> {
    match checked_ceil_div(a, b) {
        Some(q) => q.checked_mul(b),
        None => None,
    }
}

/// The bounds every complement `R` of a layout `L` within a cotarget of
/// size `m` must meet (CuTe's post-conditions on `complement`): the first
/// that fails, or `None`. `cos_l` and `size_f` are `cosize` and `size` of
/// `filter(L)`; `cos_r` and `size_r` those of `R`. Where CuTe's algorithm
/// breaks them its result is not a complement, so both paths report it.
///
/// ```
/// use cute_algebra::steps::rules::complement_bound_violation;
/// // complement(4:2, 24) = (2,3):(1,8)
/// assert_eq!(complement_bound_violation(7, 4, 18, 6, 24), None);
/// // complement(2:4, 9) = (4,2):(1,8) by CuTe's algorithm: cosize 12 > round_up(9, 5)
/// assert!(complement_bound_violation(5, 2, 12, 8, 9).is_some());
/// ```
pub const fn complement_bound_violation(
    cos_l: i64,
    size_f: i64,
    cos_r: i64,
    size_r: i64,
    m: i64,
) -> Option<&'static str> {
    // Each test is written so that it cannot overflow: an intermediate that
    // would leave i64 is beyond every value it is compared with.
    if cos_r - 1 < m - cos_l {
        return Some("cosize((L,R)) < M");
    }
    // round_up(M, c) >= M: divide only when it can matter.
    if cos_r > m
        && let Some(up) = checked_round_up(m, cos_l)
        && cos_r > up
    {
        return Some("cosize(R) > round_up(M, cosize(L))");
    }
    // size(R) < M / size_f (integer division) <=> (size(R) + 1) * size_f <= M.
    if let Some(r1) = size_r.checked_add(1)
        && let Some(p) = r1.checked_mul(size_f)
        && p <= m
    {
        return Some("size(R) < M / size(filter(L))");
    }
    if size_r > cos_r {
        return Some("size(R) > cosize(R)");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ceil_div_truncates_like_cpp() {
        // (a + b - 1) / b with C++ truncation, negative operands included.
        assert_eq!(checked_ceil_div(-4, 2), Some(-1));
        assert_eq!(checked_ceil_div(4, -1), Some(-2)); // (4 - 1 - 1) / -1
        assert_eq!(checked_ceil_div(i64::MAX, 2), None);
    }

    #[test]
    fn power_of_two_shortcuts_agree_with_division() {
        let vals = [
            i64::MIN,
            -65,
            -64,
            -7,
            -1,
            0,
            1,
            2,
            3,
            4,
            7,
            8,
            64,
            65,
            i64::MAX - 7,
            i64::MAX,
        ];
        for a in vals {
            for b in vals {
                let plain = match a.checked_add(b) {
                    _ if b == 0 => None,
                    Some(s) => s.checked_sub(1).and_then(|n| n.checked_div(b)),
                    None => None,
                };
                assert_eq!(checked_ceil_div(a, b), plain, "ceil_div({a}, {b})");
                assert_eq!(
                    divides(a, b),
                    b != 0 && a.wrapping_rem(b) == 0,
                    "divides({a}, {b})"
                );
            }
        }
    }

    #[test]
    fn gcd_handles_signs_and_zero() {
        assert_eq!(gcd(0, 0), 0);
        assert_eq!(gcd(-12, -8), 4);
        assert_eq!(gcd(7, 0), 7);
    }

    #[test]
    fn divides_either_with_zero() {
        assert!(divides_either(0, 3));
        assert!(divides_either(3, 0));
        assert!(!divides_either(0, 0));
    }
}
