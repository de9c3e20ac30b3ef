//! Integer → typenum type tokens.
//!
//! We spell the binary encoding out ourselves because `typenum::U<N>` (the
//! const-generic bridge) stops at 1024, and CuTe strides easily exceed that.

use proc_macro2::{Span, TokenStream};
use quote::quote_spanned;

/// The typenum integer type for `value`: `Z0`, `PInt<U>` or `NInt<U>`.
///
/// The span is the literal's, so type errors about this integer point at it.
pub fn int_type(value: i64, span: Span) -> TokenStream {
    alias(value, span).unwrap_or_else(|| spelled_int_type(value, span))
}

/// The typenum integer type for `value`, spelled out bit by bit.
fn spelled_int_type(value: i64, span: Span) -> TokenStream {
    let magnitude = unsigned_type(value.unsigned_abs(), span);
    match value.signum() {
        0 => quote_spanned!(span=> ::cute_algebra::__private::Z0),
        1 => quote_spanned!(span=> ::cute_algebra::__private::PInt<#magnitude>),
        _ => quote_spanned!(span=> ::cute_algebra::__private::NInt<#magnitude>),
    }
}

/// typenum's own alias for `value` (`P8`, `N1024`, `P4096`) where it has
/// one (every magnitude up to 1024, and the powers of two): one path, resolved as one item, where the
/// spelled-out encoding is a path per bit for the compiler to parse and
/// resolve in every macro call.
fn alias(value: i64, span: Span) -> Option<TokenStream> {
    let m = value.unsigned_abs();
    if m == 0 || (m > 1024 && !m.is_power_of_two()) || m > 1 << 62 {
        return None;
    }
    let sign = if value > 0 { 'P' } else { 'N' };
    let name = proc_macro2::Ident::new(&format!("{sign}{m}"), span);
    Some(quote_spanned!(span=> ::cute_algebra::__private::consts::#name))
}

/// The typenum unsigned type for `n`, most significant bit outermost:
/// 6 = `UInt<UInt<UInt<UTerm, B1>, B1>, B0>`, 0 = `UTerm`.
pub fn unsigned_type(n: u64, span: Span) -> TokenStream {
    let mut ty = quote_spanned!(span=> ::cute_algebra::__private::UTerm);
    // Walk from the most significant set bit down; each step wraps the
    // higher bits as the inner type, exactly how typenum nests them.
    let bits = u64::BITS - n.leading_zeros();
    for i in (0..bits).rev() {
        let bit = if (n >> i) & 1 == 1 {
            quote_spanned!(span=> ::cute_algebra::__private::B1)
        } else {
            quote_spanned!(span=> ::cute_algebra::__private::B0)
        };
        ty = quote_spanned!(span=> ::cute_algebra::__private::UInt<#ty, #bit>);
    }
    ty
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Strip the common path prefix and whitespace so expectations stay short.
    fn short(ts: TokenStream) -> String {
        ts.to_string()
            .replace(":: cute_algebra :: __private :: ", "")
            .replace(' ', "")
    }

    fn int(v: i64) -> String {
        short(spelled_int_type(v, Span::call_site()))
    }

    #[test]
    fn typenum_aliases_where_it_has_them() {
        let aliased = |v: i64| short(int_type(v, Span::call_site()));
        assert_eq!(aliased(0), "Z0");
        assert_eq!(aliased(1), "consts::P1");
        assert_eq!(aliased(-6), "consts::N6");
        assert_eq!(aliased(1024), "consts::P1024");
        assert_eq!(aliased(-4096), "consts::N4096");
        assert_eq!(aliased(1 << 62), "consts::P4611686018427387904");
        // No alias: spelled out.
        assert_eq!(aliased(1025), int(1025));
        assert_eq!(aliased(3000), int(3000));
        assert_eq!(aliased(i64::MIN), int(i64::MIN));
    }

    /// Decode our own encoding back to a number, to check large values.
    fn decode_unsigned(s: &str) -> u64 {
        // Every `B0`/`B1` appears in order from MSB to LSB in the string.
        let mut n = 0u64;
        let bytes = s.as_bytes();
        let mut i = 0;
        while i + 1 < bytes.len() {
            if bytes[i] == b'B' && (bytes[i + 1] == b'0' || bytes[i + 1] == b'1') {
                n = (n << 1) | u64::from(bytes[i + 1] - b'0');
                i += 2;
            } else {
                i += 1;
            }
        }
        n
    }

    #[test]
    fn zero_is_z0() {
        assert_eq!(int(0), "Z0");
        assert_eq!(short(unsigned_type(0, Span::call_site())), "UTerm");
    }

    #[test]
    fn small_values_match_typenum_layout() {
        assert_eq!(int(1), "PInt<UInt<UTerm,B1>>");
        assert_eq!(int(2), "PInt<UInt<UInt<UTerm,B1>,B0>>");
        assert_eq!(int(6), "PInt<UInt<UInt<UInt<UTerm,B1>,B1>,B0>>");
        assert_eq!(int(-1), "NInt<UInt<UTerm,B1>>");
        assert_eq!(int(-6), "NInt<UInt<UInt<UInt<UTerm,B1>,B1>,B0>>");
    }

    #[test]
    fn values_past_the_const_generic_bridge() {
        let s1024 = int(1024);
        let expected = format!("PInt<{}UTerm,B1>{}>", "UInt<".repeat(11), ",B0>".repeat(10));
        assert_eq!(s1024, expected);
        assert_eq!(s1024.matches("B0").count(), 10);
        assert_eq!(s1024.matches("B1").count(), 1);
        assert_eq!(decode_unsigned(&s1024), 1024);
        let s1025 = int(1025);
        assert!(s1025.ends_with(",B1>>"));
        assert_eq!(decode_unsigned(&s1025), 1025);
        assert_eq!(decode_unsigned(&int(1 << 40)), 1 << 40);
        assert_eq!(int(1 << 40).matches("UInt<").count(), 41);
    }

    #[test]
    fn extremes_of_i64() {
        assert_eq!(decode_unsigned(&int(i64::MAX)), i64::MAX as u64);
        let min = int(i64::MIN);
        assert!(min.starts_with("NInt<"));
        assert_eq!(decode_unsigned(&min), 1u64 << 63);
    }
}
