//! [`Repr`]: a layout's tokens and leaves, inline when small.
//!
//! A layout of up to [`LEAVES_INLINE`] leaves and [`TOKENS_INLINE`]
//! structure tokens is stored in place, in at most 128 bytes, so the algebra
//! on realistic layouts allocates nothing and moves results with a few
//! register copies. Larger layouts move to the heap, with no limit but memory.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::Tok;

/// Leaves a [`DynLayout`](super::DynLayout) holds without a heap allocation
/// (more are allowed).
pub const LEAVES_INLINE: usize = 6;

/// Structure tokens held inline (a leaf, `(` or `)` each).
pub(crate) const TOKENS_INLINE: usize = 30;

/// The storage of a `DynLayout`.
#[derive(Clone)]
pub(crate) enum Repr {
    /// `nt` tokens and `nl` leaves at the front of the arrays.
    Inline {
        nt: u8,
        nl: u8,
        toks: [Tok; TOKENS_INLINE],
        leaves: [(i64, i64); LEAVES_INLINE],
    },
    /// Tokens and leaves beyond the inline capacity (never moves back).
    Heap(Box<Spilled>),
}

/// Tokens and leaves of a layout too large to be inline.
#[derive(Clone)]
pub(crate) struct Spilled {
    toks: Vec<Tok>,
    leaves: Vec<(i64, i64)>,
}

impl Repr {
    /// No tokens, no leaves.
    #[inline(always)]
    pub(crate) fn new() -> Self {
        Repr::Inline {
            nt: 0,
            nl: 0,
            toks: [Tok::Leaf; TOKENS_INLINE],
            leaves: [(0, 0); LEAVES_INLINE],
        }
    }

    /// The integral layout `s:d`.
    #[inline(always)]
    pub(crate) fn leaf(s: i64, d: i64) -> Self {
        let mut leaves = [(0, 0); LEAVES_INLINE];
        leaves[0] = (s, d);
        Repr::Inline {
            nt: 1,
            nl: 1,
            toks: [Tok::Leaf; TOKENS_INLINE],
            leaves,
        }
    }

    /// The flat tuple of `modes`.
    #[inline(always)]
    pub(crate) fn tuple(modes: &[(i64, i64)]) -> Self {
        let k = modes.len();
        if k > LEAVES_INLINE || k + 2 > TOKENS_INLINE {
            let mut r = Repr::new();
            r.extend(&[Tok::Open], &[]);
            modes.iter().for_each(|&m| r.extend(&[Tok::Leaf], &[m]));
            r.extend(&[Tok::Close], &[]);
            return r;
        }
        let mut leaves = [(0, 0); LEAVES_INLINE];
        leaves[..k].copy_from_slice(modes);
        let mut toks = [Tok::Leaf; TOKENS_INLINE];
        toks[0] = Tok::Open;
        toks[k + 1] = Tok::Close;
        // Both fit in u8: checked against the capacities above.
        Repr::Inline {
            nt: (k + 2) as u8,
            nl: k as u8,
            toks,
            leaves,
        }
    }

    /// The structure tokens.
    #[inline(always)]
    pub(crate) fn toks(&self) -> &[Tok] {
        match self {
            Repr::Inline { nt, toks, .. } => &toks[..usize::from(*nt)],
            Repr::Heap(h) => &h.toks,
        }
    }

    /// The `(shape, stride)` leaves.
    #[inline(always)]
    pub(crate) fn leaves(&self) -> &[(i64, i64)] {
        match self {
            Repr::Inline { nl, leaves, .. } => &leaves[..usize::from(*nl)],
            Repr::Heap(h) => &h.leaves,
        }
    }

    /// Append tokens and leaves.
    #[inline(always)]
    pub(crate) fn extend(&mut self, ts: &[Tok], ls: &[(i64, i64)]) {
        if let Repr::Inline {
            nt,
            nl,
            toks,
            leaves,
        } = self
        {
            let (a, b) = (usize::from(*nt), usize::from(*nl));
            if a + ts.len() <= TOKENS_INLINE && b + ls.len() <= LEAVES_INLINE {
                toks[a..a + ts.len()].copy_from_slice(ts);
                leaves[b..b + ls.len()].copy_from_slice(ls);
                // Both fit in u8: the capacities are below 256.
                *nt = (a + ts.len()) as u8;
                *nl = (b + ls.len()) as u8;
                return;
            }
        }
        self.extend_heap(ts, ls);
    }

    /// Append on the heap, moving there first if needed.
    #[cold]
    #[inline(never)]
    fn extend_heap(&mut self, ts: &[Tok], ls: &[(i64, i64)]) {
        if let Repr::Inline { .. } = self {
            let mut t = Vec::with_capacity(2 * (self.toks().len() + ts.len()));
            let mut l = Vec::with_capacity(2 * (self.leaves().len() + ls.len()));
            t.extend_from_slice(self.toks());
            l.extend_from_slice(self.leaves());
            *self = Repr::Heap(Box::new(Spilled { toks: t, leaves: l }));
        }
        if let Repr::Heap(h) = self {
            h.toks.extend_from_slice(ts);
            h.leaves.extend_from_slice(ls);
        }
    }

    /// Keep the first `t` tokens and `l` leaves.
    #[inline(always)]
    pub(crate) fn truncate(&mut self, t: usize, l: usize) {
        match self {
            Repr::Inline { nt, nl, .. } => {
                // min() keeps both below the u8 capacities.
                *nt = usize::from(*nt).min(t) as u8;
                *nl = usize::from(*nl).min(l) as u8;
            }
            Repr::Heap(h) => {
                h.toks.truncate(t);
                h.leaves.truncate(l);
            }
        }
    }
}
