//! Element types by CuTe's names, and their widths in bits.

use crate::error::{FnName, LayoutError};

/// CuTe's element types, with `sizeof_bits`.
const TYPES: &[(&str, i64)] = &[
    ("uint1_t", 1),
    ("int8_t", 8),
    ("uint8_t", 8),
    ("float_e4m3_t", 8),
    ("float_e5m2_t", 8),
    ("half_t", 16),
    ("bfloat16_t", 16),
    ("int16_t", 16),
    ("uint16_t", 16),
    ("float", 32),
    ("tfloat32_t", 32),
    ("int32_t", 32),
    ("uint32_t", 32),
    ("int", 32),
    ("double", 64),
    ("int64_t", 64),
    ("uint64_t", 64),
    ("uint128_t", 128),
];

/// `sizeof_bits<T>` for CuTe's element type named `name`.
///
/// ```
/// use cute_algebra::atom::dynamic::element_bits;
/// assert_eq!(element_bits("half_t").unwrap(), 16);
/// assert!(element_bits("halff").is_err());
/// ```
pub fn element_bits(name: &str) -> Result<i64, LayoutError> {
    TYPES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, b)| b)
        .ok_or(LayoutError::UnknownAtom {
            name: FnName::new(name),
        })
}

/// `recast_layout<uint1_t, T>`: a layout over bits read in units of `bits`.
pub(crate) fn bits_to_values(
    l: &crate::dynamic::DynLayout,
    bits: i64,
) -> Result<crate::dynamic::DynLayout, LayoutError> {
    if bits == 1 {
        Ok(l.clone())
    } else {
        l.upcast(bits)
    }
}

/// A layout from its CuTe text, for the tables (whose texts are known to
/// parse).
pub(crate) fn lay(text: &str) -> Result<crate::dynamic::DynLayout, LayoutError> {
    text.parse()
}
