//! What a drawing shows: a plain or swizzled layout, coloured by offset or
//! by shared-memory bank.
//!
//! The bank view colours each cell by the bank its element lives in (32
//! banks of 4 bytes: `bank = (offset * elem_bytes / 4) mod 32`) and reports
//! the bank conflicts of a warp's access as Nsight Compute counts them
//! ([`warp_access`]): for each instruction of each warp, the wavefronts its
//! shared-memory request takes, against the fewest its bytes need. The
//! access is a TV layout, (thread, value) -> index into the drawn layout,
//! with a vector width; by default, each warp's 32 threads read 32
//! consecutive elements of the layout in index order, one each. An
//! unswizzled row-major tile read down its columns conflicts; a good
//! swizzle does not.
//!
//! ```
//! use cute_algebra::dynamic::DynLayout;
//! use cute_algebra::swizzle::DynComposed;
//! use cute_algebra::svg::{Colouring, Drawing, draw};
//! use cute_algebra::swizzle::DynSwizzle;
//! let l: DynLayout = "(8,64):(64,1)".parse().unwrap();
//! let banks = Colouring::Banks { elem_bytes: 2 };
//! let plain = draw(&Drawing::layout(&l, banks).unwrap()).unwrap();
//! assert!(plain.contains("8 wavefronts where 1 would do: 8-way bank conflict"));
//! let c = DynComposed::new(DynSwizzle::new(3, 3, 3).unwrap(), 0, l);
//! let swizzled = draw(&Drawing::composed(&c, banks).unwrap()).unwrap();
//! assert!(swizzled.contains("1 wavefront where 1 would do: 1-way bank conflict"));
//! ```

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;
use alloc::vec;

use crate::dynamic::{DynLayout, IntTree};
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
    /// The warp access the bank view counts: a TV layout and a vector width.
    access: Option<(DynLayout, i64)>,
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
            access: None,
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
            access: None,
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

    /// The warp access the bank view counts: `tv` maps (thread, value) to
    /// an index of the drawn layout, and each thread moves `vec`
    /// consecutive values in one instruction.
    pub fn with_access(mut self, tv: DynLayout, vec: i64) -> Self {
        self.access = Some((tv, vec));
        self
    }

    /// The caption line of the bank view: the worst warp instruction's
    /// wavefronts; empty for the offset view.
    pub(crate) fn footer(&self, _rows: i64, _cols: i64) -> Result<String, LayoutError> {
        let Colouring::Banks { elem_bytes } = self.colouring else {
            return Ok(String::new());
        };
        let size = self.domain.size()?;
        let (tv, vec) = match &self.access {
            Some((tv, vec)) => (tv.clone(), *vec),
            None => (default_access(size)?, 1),
        };
        let a = warp_access(&tv, vec, elem_bytes, size, |i| self.value(i))?;
        let plural = if a.wavefronts == 1 { "" } else { "s" };
        Ok(format!(
            "colour = bank (32 x 4 B, {elem_bytes}-byte elements); worst warp instruction (warp {}, values {}..{}): {} wavefront{plural} where {} would do: {}-way bank conflict",
            a.warp,
            a.instruction * vec,
            (a.instruction + 1) * vec,
            a.wavefronts,
            a.ideal,
            a.wavefronts.div_euclid(a.ideal.max(1)).max(1),
        ))
    }
}

/// Each warp's 32 threads reading 32 consecutive elements in index order,
/// one each: `(32, n):(1, 32)` (fewer threads for a smaller layout).
fn default_access(size: i64) -> Result<DynLayout, LayoutError> {
    let t = size.clamp(1, WARP);
    let v = (size + t - 1) / t;
    DynLayout::new(
        IntTree::Tuple(vec![IntTree::Int(t), IntTree::Int(v.max(1))]),
        IntTree::Tuple(vec![IntTree::Int(1), IntTree::Int(t)]),
    )
}

/// Threads in a warp.
const WARP: i64 = 32;

/// The worst shared-memory instruction of a warp access, as Nsight
/// Compute counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WarpAccess {
    /// The warp (threads `32 * warp ..`).
    pub warp: i64,
    /// The instruction: values `instruction * vec ..` of each thread.
    pub instruction: i64,
    /// The wavefronts its request takes.
    pub wavefronts: i64,
    /// The fewest wavefronts its bytes need (one per 128-byte phase).
    pub ideal: i64,
}

/// The bank conflicts of a warp access to shared memory.
///
/// `tv` maps (thread, value) to an index `i < size` of the accessed
/// layout, whose offset (in elements of `elem_bytes` bytes) is
/// `offset(i)`; each thread moves `vec` consecutive values per instruction,
/// which must lie at consecutive offsets (a vector access). A request of up
/// to 4 bytes per thread is served for 32 threads at once, 8 bytes for 16
/// (two phases), 16 bytes for 8 (four phases); within a phase the
/// wavefronts are the most distinct 4-byte words any one bank holds
/// (threads reading the same word share it). Returns the worst
/// instruction over every warp, by wavefronts over the ideal.
///
/// ```
/// use cute_algebra::dynamic::DynLayout;
/// use cute_algebra::svg::warp_access;
/// // 32 threads read a contiguous column of 128 floats, one each: no conflict.
/// let col: DynLayout = "(128,64):(1,128)".parse().unwrap();
/// let tv: DynLayout = "(32,4):(1,32)".parse().unwrap();
/// let a = warp_access(&tv, 1, 4, 128 * 64, |i| col.at(i)).unwrap();
/// assert_eq!((a.wavefronts, a.ideal), (1, 1));
/// // Row-major instead: the 32 threads hit one bank 32 times.
/// let row: DynLayout = "(128,64):(64,1)".parse().unwrap();
/// let a = warp_access(&tv, 1, 4, 128 * 64, |i| row.at(i)).unwrap();
/// assert_eq!((a.wavefronts, a.ideal), (32, 1));
/// ```
pub fn warp_access(
    tv: &DynLayout,
    vec: i64,
    elem_bytes: i64,
    size: i64,
    offset: impl Fn(i64) -> Result<i64, LayoutError>,
) -> Result<WarpAccess, LayoutError> {
    const OP: &str = "bank conflicts";
    let bad = |msg| LayoutError::BadArgument { op: OP, msg };
    let bytes = vec
        .checked_mul(elem_bytes)
        .ok_or(LayoutError::Overflow { op: OP })?;
    if vec <= 0 || !matches!(bytes, 1 | 2 | 4 | 8 | 16) {
        return Err(bad(
            "a thread's access must be 1, 2, 4, 8 or 16 bytes (the vector width times the element size)",
        ));
    }
    let threads = if tv.rank() >= 2 {
        tv.mode(0)?.size()?
    } else {
        tv.size()?
    };
    let values = tv.size()? / threads.max(1);
    if values % vec != 0 {
        return Err(bad("the vector width must divide the values per thread"));
    }
    let per_phase = WARP / (bytes / BANK_BYTES).max(1);
    let mut worst: Option<WarpAccess> = None;
    for warp in 0..(threads + WARP - 1) / WARP {
        for k in 0..values / vec {
            let mut wavefronts = 0;
            let mut phases = 0;
            for p0 in (warp * WARP..((warp + 1) * WARP).min(threads)).step_by(per_phase as usize) {
                let mut per_bank: [BTreeSet<i64>; BANKS as usize] = Default::default();
                for t in p0..(p0 + per_phase).min(threads) {
                    let first = tv.at(t + threads * k * vec)?;
                    if first >= size {
                        continue;
                    }
                    let start = offset(first)?;
                    for j in 1..vec {
                        let i = tv.at(t + threads * (k * vec + j))?;
                        if i >= size || offset(i)? != start + j {
                            return Err(bad(
                                "the values of one vector access are not at consecutive offsets",
                            ));
                        }
                    }
                    let b0 = start.saturating_mul(elem_bytes);
                    for w in b0.div_euclid(BANK_BYTES)..=(b0 + bytes - 1).div_euclid(BANK_BYTES) {
                        per_bank[w.rem_euclid(BANKS) as usize].insert(w);
                    }
                }
                let most = per_bank.iter().map(BTreeSet::len).max().unwrap_or(0) as i64;
                if most > 0 {
                    wavefronts += most;
                    phases += 1;
                }
            }
            let here = WarpAccess {
                warp,
                instruction: k,
                wavefronts,
                ideal: phases.max(1),
            };
            let better = |w: &WarpAccess| here.wavefronts * w.ideal > w.wavefronts * here.ideal;
            if worst.as_ref().is_none_or(better) {
                worst = Some(here);
            }
        }
    }
    worst.ok_or(bad("the access has no thread"))
}

/// `<`, `>` and `&` as XML entities: a swizzle prints as `Sw<3,3,3>`.
pub(crate) fn xml_escape(s: &str) -> String {
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
