//! [`Repr`]: a layout's structure tokens and leaves, inline when small.
//!
//! A layout of up to [`LEAVES_INLINE`] leaves and [`TOKENS_INLINE`]
//! structure tokens is stored in place, in 112 bytes: the tokens
//! packed two bits each in one `u64`, the leaves in an array. The algebra on
//! realistic layouts therefore allocates nothing, appends structure with a
//! shift and moves results with a few register copies. Larger layouts move
//! to the heap, with no limit but memory.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::Tok;

/// Leaves a [`DynLayout`](super::DynLayout) holds without a heap allocation
/// (more are allowed).
pub const LEAVES_INLINE: usize = 6;

/// Structure tokens held inline (a leaf, `(` or `)` each), 2 bits apiece.
const TOKENS_INLINE: usize = 32;

fn tok_bits(t: Tok) -> u64 {
    match t {
        Tok::Leaf => 0,
        Tok::Open => 1,
        Tok::Close => 2,
    }
}

fn bits_tok(b: u64) -> Tok {
    match b & 3 {
        0 => Tok::Leaf,
        1 => Tok::Open,
        _ => Tok::Close,
    }
}

/// The low `2 * n` bits set.
fn mask(n: usize) -> u64 {
    if n >= TOKENS_INLINE {
        u64::MAX
    } else {
        (1u64 << (2 * n)) - 1
    }
}

/// A run of structure tokens: packed (from an inline layout) or a slice.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Toks<'a> {
    /// `len <= 32` tokens, token `i` in bits `2i..2i+2`.
    Packed { bits: u64, len: usize },
    /// Tokens of a layout on the heap.
    Slice(&'a [Tok]),
}

impl<'a> Toks<'a> {
    /// A single token.
    #[inline(always)]
    pub(crate) fn one(t: Tok) -> Self {
        Toks::Packed {
            bits: tok_bits(t),
            len: 1,
        }
    }

    /// Number of tokens.
    #[inline(always)]
    pub(crate) fn len(self) -> usize {
        match self {
            Toks::Packed { len, .. } => len,
            Toks::Slice(s) => s.len(),
        }
    }

    /// Token `i`, if any.
    #[inline(always)]
    pub(crate) fn get(self, i: usize) -> Option<Tok> {
        match self {
            Toks::Packed { bits, len } if i < len => Some(bits_tok(bits >> (2 * i))),
            Toks::Packed { .. } => None,
            Toks::Slice(s) => s.get(i).copied(),
        }
    }

    /// Tokens `t0..t1` (clamped to the run).
    #[inline(always)]
    pub(crate) fn range(self, t0: usize, t1: usize) -> Toks<'a> {
        let t1 = t1.min(self.len());
        let t0 = t0.min(t1);
        match self {
            Toks::Packed { bits, .. } => Toks::Packed {
                bits: if t0 >= TOKENS_INLINE {
                    0
                } else {
                    (bits >> (2 * t0)) & mask(t1 - t0)
                },
                len: t1 - t0,
            },
            Toks::Slice(s) => Toks::Slice(&s[t0..t1]),
        }
    }

    /// The tokens in order.
    #[inline(always)]
    pub(crate) fn iter(self) -> TokIter<'a> {
        match self {
            Toks::Packed { bits, len } => TokIter::Packed { bits, left: len },
            Toks::Slice(s) => TokIter::Slice(s.iter()),
        }
    }

    /// The tokens packed (only for runs of at most 32).
    #[inline(always)]
    fn packed(self) -> u64 {
        match self {
            Toks::Packed { bits, .. } => bits,
            Toks::Slice(s) => s
                .iter()
                .take(TOKENS_INLINE)
                .enumerate()
                .fold(0, |acc, (i, &t)| acc | tok_bits(t) << (2 * i)),
        }
    }
}

/// An iterator over [`Toks`]: packed tokens are shifted out of a register.
#[derive(Clone, Debug)]
pub(crate) enum TokIter<'a> {
    /// `left` tokens still in `bits`, the next in the low bits.
    Packed { bits: u64, left: usize },
    /// Tokens of a layout on the heap.
    Slice(core::slice::Iter<'a, Tok>),
}

impl Iterator for TokIter<'_> {
    type Item = Tok;
    #[inline(always)]
    fn next(&mut self) -> Option<Tok> {
        match self {
            TokIter::Packed { left: 0, .. } => None,
            TokIter::Packed { bits, left } => {
                let t = bits_tok(*bits);
                *bits >>= 2;
                *left -= 1;
                Some(t)
            }
            TokIter::Slice(it) => it.next().copied(),
        }
    }
}

/// The storage of a `DynLayout`.
#[derive(Clone)]
pub(crate) enum Repr {
    /// `nt` packed tokens and `nl` leaves at the front of the array.
    Inline {
        nt: u8,
        nl: u8,
        toks: u64,
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
            toks: 0,
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
            toks: tok_bits(Tok::Leaf),
            leaves,
        }
    }

    /// The flat tuple of `modes`.
    #[inline(always)]
    pub(crate) fn tuple(modes: &[(i64, i64)]) -> Self {
        let k = modes.len();
        if k > LEAVES_INLINE {
            let mut r = Repr::new();
            r.push_tuple(modes);
            return r;
        }
        let mut leaves = [(0, 0); LEAVES_INLINE];
        copy_leaves(&mut leaves, 0, modes);
        // `(`, k leaves (0 bits), `)`; k + 2 <= 8 tokens.
        Repr::Inline {
            nt: (k + 2) as u8,
            nl: k as u8,
            toks: tok_bits(Tok::Open) | tok_bits(Tok::Close) << (2 * (k + 1)),
            leaves,
        }
    }

    /// The structure tokens.
    #[inline(always)]
    pub(crate) fn toks(&self) -> Toks<'_> {
        match self {
            Repr::Inline { nt, toks, .. } => Toks::Packed {
                bits: *toks,
                len: usize::from(*nt),
            },
            Repr::Heap(h) => Toks::Slice(&h.toks),
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
    pub(crate) fn extend(&mut self, ts: Toks<'_>, ls: &[(i64, i64)]) {
        if let Repr::Inline {
            nt,
            nl,
            toks,
            leaves,
        } = self
        {
            let (a, b) = (usize::from(*nt), usize::from(*nl));
            if a + ts.len() <= TOKENS_INLINE && b + ls.len() <= LEAVES_INLINE {
                if ts.len() > 0 {
                    *toks |= ts.packed() << (2 * a);
                }
                copy_leaves(leaves, b, ls);
                // Both fit in u8: the capacities are below 256.
                *nt = (a + ts.len()) as u8;
                *nl = (b + ls.len()) as u8;
                return;
            }
        }
        self.extend_heap(ts, ls);
    }

    /// Append one token.
    #[inline(always)]
    pub(crate) fn push_tok(&mut self, t: Tok) {
        match self {
            Repr::Inline { nt, toks, .. } if usize::from(*nt) < TOKENS_INLINE => {
                *toks |= tok_bits(t) << (2 * *nt);
                *nt += 1;
            }
            _ => self.extend_heap(Toks::one(t), &[]),
        }
    }

    /// Append the leaf `s:d` (a leaf token is all zero bits).
    #[inline(always)]
    pub(crate) fn push_leaf(&mut self, s: i64, d: i64) {
        match self {
            Repr::Inline { nt, nl, leaves, .. }
                if usize::from(*nt) < TOKENS_INLINE && usize::from(*nl) < LEAVES_INLINE =>
            {
                leaves[usize::from(*nl)] = (s, d);
                *nt += 1;
                *nl += 1;
            }
            _ => self.extend_heap(Toks::one(Tok::Leaf), &[(s, d)]),
        }
    }

    /// Append the flat tuple `(m0, m1, ...)` of `modes`.
    #[inline(always)]
    pub(crate) fn push_tuple(&mut self, modes: &[(i64, i64)]) {
        let k = modes.len();
        if k + 2 <= TOKENS_INLINE {
            let bits = tok_bits(Tok::Open) | tok_bits(Tok::Close) << (2 * (k + 1));
            self.extend(Toks::Packed { bits, len: k + 2 }, modes);
        } else {
            self.extend(Toks::one(Tok::Open), &[]);
            modes
                .iter()
                .for_each(|&m| self.extend(Toks::one(Tok::Leaf), &[m]));
            self.extend(Toks::one(Tok::Close), &[]);
        }
    }

    /// Append on the heap, moving there first if needed.
    #[cold]
    #[inline(never)]
    fn extend_heap(&mut self, ts: Toks<'_>, ls: &[(i64, i64)]) {
        if let Repr::Inline { .. } = self {
            let mut t = Vec::with_capacity(2 * (self.toks().len() + ts.len()));
            let mut l = Vec::with_capacity(2 * (self.leaves().len() + ls.len()));
            t.extend(self.toks().iter());
            l.extend_from_slice(self.leaves());
            *self = Repr::Heap(Box::new(Spilled { toks: t, leaves: l }));
        }
        if let Repr::Heap(h) = self {
            h.toks.extend(ts.iter());
            h.leaves.extend_from_slice(ls);
        }
    }
}

/// `dst[at..at + src.len()] = src`, element by element: the runs are a few
/// leaves, shorter than a call to `memcpy`.
#[inline(always)]
fn copy_leaves(dst: &mut [(i64, i64); LEAVES_INLINE], at: usize, src: &[(i64, i64)]) {
    if let Some(d) = dst.get_mut(at..at + src.len()) {
        d.copy_from_slice(src);
    }
}

#[cfg(test)]
mod tests {
    use super::{LEAVES_INLINE, Repr, Tok, Toks};
    use crate::dynamic::DynLayout;

    #[test]
    fn a_layout_moves_in_at_most_128_bytes() {
        // Larger values are moved with a call to memcpy.
        assert!(core::mem::size_of::<DynLayout>() <= 128);
        assert!(core::mem::size_of::<Result<DynLayout, crate::error::LayoutError>>() <= 128);
    }

    #[test]
    fn spills_to_the_heap_and_keeps_every_token() {
        let mut r = Repr::new();
        r.push_tok(Tok::Open);
        for k in 0..40 {
            r.push_leaf(k, -k);
            if k % 3 == 0 {
                r.push_tok(Tok::Open);
                r.push_tok(Tok::Close);
            }
        }
        r.push_tok(Tok::Close);
        assert!(matches!(r, Repr::Heap(_)));
        assert_eq!(r.leaves().len(), 40);
        assert_eq!(r.leaves()[39], (39, -39));
        let toks: alloc::vec::Vec<Tok> = r.toks().iter().collect();
        assert_eq!(toks.len(), 2 + 40 + 2 * 14);
        assert_eq!(toks[..4], [Tok::Open, Tok::Leaf, Tok::Open, Tok::Close]);
        let inline = Repr::tuple(&[(2, 1); LEAVES_INLINE]);
        assert!(matches!(inline, Repr::Inline { .. }));
        let t = inline.toks();
        assert_eq!(t.len(), LEAVES_INLINE + 2);
        assert_eq!(t.get(0), Some(Tok::Open));
        assert_eq!(t.get(LEAVES_INLINE + 1), Some(Tok::Close));
        assert!(matches!(t.range(1, 3), Toks::Packed { bits: 0, len: 2 }));
    }
}
