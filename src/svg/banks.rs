//! What a drawing shows: a plain or swizzled layout, coloured by offset or
//! by shared-memory bank.
//!
//! The bank view colours each cell by the bank its element lives in (32
//! banks of 4 bytes: `bank = (offset * elem_bytes / 4) mod 32`) and reports
//! the worst bank conflict down a column: the most distinct 4-byte words of
//! one column that fall in the same bank. An unswizzled row-major tile
//! shows one colour per column (every row in the same bank); a good swizzle
//! shows every colour once per column.
//!
//! ```
//! use cute_algebra::dynamic::DynLayout;
//! use cute_algebra::swizzle::DynComposed;
//! use cute_algebra::svg::{Colouring, Drawing, draw};
//! use cute_algebra::swizzle::DynSwizzle;
//! let l: DynLayout = "(8,64):(64,1)".parse().unwrap();
//! let banks = Colouring::Banks { elem_bytes: 2 };
//! let plain = draw(&Drawing::layout(&l, banks).unwrap()).unwrap();
//! assert!(plain.contains("worst column: 8-way bank conflict"));
//! let c = DynComposed::new(DynSwizzle::new(3, 3, 3).unwrap(), 0, l);
//! let swizzled = draw(&Drawing::composed(&c, banks).unwrap()).unwrap();
//! assert!(swizzled.contains("worst column: 1-way bank conflict"));
//! ```

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;

use crate::dynamic::DynLayout;
use crate::error::LayoutError;
use crate::swizzle::DynComposed;

/// Shared-memory banks and their width in bytes.
const BANKS: i64 = 32;
const BANK_BYTES: i64 = 4;

/// How cells are coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colouring {
    /// By offset, around the colour wheel.
    Offset,
    /// By shared-memory bank, for elements of `elem_bytes` bytes.
    Banks {
        /// The element size in bytes (2 for fp16, 4 for fp32).
        elem_bytes: i64,
    },
}

enum Source<'a> {
    Layout(&'a DynLayout),
    Composed(&'a DynComposed),
}

/// A layout to draw: its domain (the shape of the grid), the value of each
/// cell, a title and a colouring.
pub struct Drawing<'a> {
    pub(crate) domain: &'a DynLayout,
    source: Source<'a>,
    pub(crate) title: String,
    pub(crate) cosize: i64,
    pub(crate) colouring: Colouring,
}

fn check(colouring: Colouring) -> Result<(), LayoutError> {
    match colouring {
        Colouring::Banks { elem_bytes } if elem_bytes <= 0 => Err(LayoutError::BadArgument {
            op: "svg",
            msg: "the element size must be a positive number of bytes",
        }),
        _ => Ok(()),
    }
}

impl<'a> Drawing<'a> {
    /// A plain layout.
    pub fn layout(l: &'a DynLayout, colouring: Colouring) -> Result<Self, LayoutError> {
        check(colouring)?;
        Ok(Drawing {
            domain: l,
            source: Source::Layout(l),
            title: xml_escape(&format!("{l}")),
            cosize: l.cosize()?,
            colouring,
        })
    }

    /// A swizzled composed layout: the grid of its inner layout, each cell
    /// the swizzled offset.
    pub fn composed(c: &'a DynComposed, colouring: Colouring) -> Result<Self, LayoutError> {
        check(colouring)?;
        Ok(Drawing {
            domain: c.layout(),
            source: Source::Composed(c),
            title: xml_escape(&format!("{c}")),
            cosize: c.cosize()?,
            colouring,
        })
    }

    /// The value of the cell at 1-D index `i`.
    pub(crate) fn value(&self, i: i64) -> Result<i64, LayoutError> {
        match self.source {
            Source::Layout(l) => l.at(i),
            Source::Composed(c) => c.at(i),
        }
    }

    fn word(&self, off: i64) -> i64 {
        let e = match self.colouring {
            Colouring::Banks { elem_bytes } => elem_bytes,
            Colouring::Offset => BANK_BYTES,
        };
        off.saturating_mul(e).div_euclid(BANK_BYTES)
    }

    /// The bank of the element at offset `off`.
    pub(crate) fn bank(&self, off: i64) -> i64 {
        self.word(off).rem_euclid(BANKS)
    }

    /// The caption line of the bank view: the worst conflict down a column
    /// (distinct 4-byte words of one column in the same bank); empty for
    /// the offset view.
    pub(crate) fn footer(&self, rows: i64, cols: i64) -> Result<String, LayoutError> {
        let Colouring::Banks { elem_bytes } = self.colouring else {
            return Ok(String::new());
        };
        let mut worst = 0usize;
        for j in 0..cols {
            let mut per_bank = [0usize; BANKS as usize];
            let mut words = BTreeSet::new();
            for i in 0..rows {
                let w = self.word(self.value(i + rows * j)?);
                if words.insert(w) {
                    per_bank[w.rem_euclid(BANKS) as usize] += 1;
                }
            }
            worst = worst.max(per_bank.into_iter().max().unwrap_or(0));
        }
        Ok(format!(
            "colour = bank (32 x 4 B, {elem_bytes}-byte elements); worst column: {worst}-way bank conflict"
        ))
    }
}

/// `<`, `>` and `&` as XML entities: a swizzle prints as `Sw<3,3,3>`.
fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            c => out.push(c),
        }
    }
    out
}

/// One colour per bank, 32 hues with alternating lightness so that
/// neighbouring banks differ.
pub(crate) fn bank_colour(bank: i64) -> String {
    let hue = (bank * 360 / BANKS) as f64;
    let light = if bank % 2 == 0 { 72 } else { 58 };
    format!("hsl({hue:.0},75%,{light}%)")
}
