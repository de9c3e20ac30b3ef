//! `recast`'s coverage condition, shared by the typed memory views and the
//! runtime tensors.
//!
//! CuTe's `recast_layout` rounds: an `upcast` of a mode whose extent is
//! not a multiple of the ratio rounds the extent up (three `u16`s become
//! two `u32`s, 48 bits read as 64), a non-contiguous source is read as if
//! contiguous (`4:2` over bytes becomes `4:1` over `u16`s, bytes 0–7 where
//! the source holds 0, 2, 4, 6), and a `downcast` widens every unit-stride
//! mode, a size-1 one included, so the result covers bytes twice. CuTe
//! returns those layouts silently; a recast here must cover exactly the
//! source's bytes, once each.
//!
//! The check compares the two tensors' footprints in bits: the number of
//! bits their elements hold (`size × element bits`) and their span (`(last
//! offset + 1) × element bits`, both starting at offset 0, since negative
//! strides are refused before). Equal counts and equal spans are what every
//! exact recast keeps; each of CuTe's roundings above changes one of them.

use crate::error::{LayoutError, LayoutText};

/// A tensor's footprint: its size, its largest offset, and its element's
/// width in bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Footprint {
    /// The number of elements (CuTe's `size`).
    pub size: i64,
    /// The largest offset over the domain (`cosize - 1`).
    pub last: i64,
    /// The element's width in bits.
    pub bits: i64,
}

impl Footprint {
    const fn held(self) -> Option<i64> {
        self.size.checked_mul(self.bits)
    }
    const fn span(self) -> Option<i64> {
        match self.last.checked_add(1) {
            Some(n) => n.checked_mul(self.bits),
            None => None,
        }
    }
}

/// A recast whose footprint differs from its source's: which figure, and
/// both values in bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// `false`: the bits held differ; `true`: the bits spanned do.
    pub spans: bool,
    /// The source's figure.
    pub source: i64,
    /// The result's figure.
    pub result: i64,
}

impl Mismatch {
    /// The error, naming `cute`, the layout CuTe would return (printed only
    /// here, on failure, so that a recast that holds costs no printing).
    pub fn error(self, cute: LayoutText) -> LayoutError {
        LayoutError::RecastCoverage {
            op: "recast",
            spans: self.spans,
            source: self.source,
            result: self.result,
            cute,
        }
    }
}

/// `Ok` where the recast `result` covers exactly the bits of `source`;
/// else the figure that differs. An overflow counts as a mismatch of the
/// bits held.
#[inline]
pub const fn recast_covers(source: Footprint, result: Footprint) -> Result<(), Mismatch> {
    let (Some(src_held), Some(dst_held), Some(src_span), Some(dst_span)) =
        (source.held(), result.held(), source.span(), result.span())
    else {
        return Err(Mismatch {
            spans: false,
            source: i64::MAX,
            result: i64::MAX,
        });
    };
    if src_held != dst_held {
        return Err(Mismatch {
            spans: false,
            source: src_held,
            result: dst_held,
        });
    }
    if src_span != dst_span {
        return Err(Mismatch {
            spans: true,
            source: src_span,
            result: dst_span,
        });
    }
    Ok(())
}
