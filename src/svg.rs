//! SVG drawings of layouts: a grid of cells in coordinate order, each
//! labelled with its offset and coloured by it.
//!
//! Rank-2 layouts are drawn as a table (rows are mode 0, columns mode 1),
//! higher ranks fold modes 1.. into the columns, and rank-1 layouts are a
//! strip. Heavier lines separate the tiles of hierarchical modes. Large
//! layouts shrink their cells and drop the labels before they would overlap.
//!
//! ```
//! use cute_algebra::dynamic::DynLayout;
//! let l: DynLayout = "(4,(2,2)):(2,(1,8))".parse().unwrap();
//! let svg = cute_algebra::svg::to_svg(&l).unwrap();
//! assert!(svg.starts_with("<?xml") && svg.trim_end().ends_with("</svg>"));
//! assert!(svg.contains(">9</text>"));
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use crate::dynamic::{DynLayout, IntTree};
use crate::error::LayoutError;
use crate::swizzle::DynComposed;

/// The start of a picture `w` by `h`: the SVG element, the title, a white
/// background (unless a page draws something under it) and the title as a
/// caption at `(margin, title_y)`.
fn header(w: f64, h: f64, title: &str, margin: f64, title_y: f64, background: bool) -> String {
    let mut s = String::new();
    let _ = writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}" font-family="monospace">"#
    );
    let _ = writeln!(s, "<title>{title}</title>");
    if background {
        let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    }
    let _ = writeln!(
        s,
        r#"<text x="{margin}" y="{title_y:.1}" font-size="13">{title}</text>"#
    );
    s
}

mod banks;
pub use banks::{Colouring, Drawing, WarpAccess, warp_access};

mod tv;
pub use tv::{
    CUTE_STYLE, CUTE_TV_COLOURS, MAX_TV_CELLS, Palette, RowNumbers, TV_STYLE, TvFigure, TvPanel,
    TvStyle, tv_to_svg,
};

mod tiled;
pub use tiled::{tiled_copy_to_svg, tiled_mma_to_svg};

mod linear;
pub use linear::linear_to_svg;

/// Most cells drawn; larger layouts are refused rather than producing huge files.
pub const MAX_CELLS: i64 = 1 << 16;

/// The colour of the cells' outlines.
pub const GRID_STROKE: &str = "#555";

const MAX_W: f64 = 1100.0;
const MAX_H: f64 = 800.0;
const MARGIN: f64 = 28.0;

/// Positions (in cells) where a tile of `shape` ends, with a weight per level:
/// the prefix products of its top-level modes, then of their sub-modes.
fn boundaries(shape: &IntTree, total: i64, out: &mut Vec<(i64, f64)>) {
    if let IntTree::Tuple(v) = shape {
        let mut p = 1i64;
        for (k, m) in v.iter().enumerate() {
            let sz = m.product().unwrap_or(1);
            if let IntTree::Tuple(_) = m {
                // Sub-tiles inside this mode repeat every `p` cells.
                let mut inner = Vec::new();
                boundaries(m, sz, &mut inner);
                for (b, w) in inner {
                    out.push((b.saturating_mul(p), w * 0.6));
                }
            }
            p = p.saturating_mul(sz);
            if k + 1 < v.len() && p < total {
                out.push((p, 2.5));
            }
        }
    }
}

/// Lines at every multiple of each boundary, heaviest wins.
fn weights(shape: &IntTree, total: i64) -> Vec<f64> {
    let mut w = alloc::vec![0.0f64; usize::try_from(total).unwrap_or(0) + 1];
    let mut bs = Vec::new();
    boundaries(shape, total, &mut bs);
    for (b, wt) in bs {
        if b <= 0 || b >= total {
            continue;
        }
        let mut k = b;
        while k < total {
            let slot = &mut w[k as usize];
            *slot = slot.max(wt);
            k += b;
        }
    }
    w
}

/// Colour of an offset: hue around the wheel by `offset / cosize`.
fn colour(off: i64, cosize: i64) -> String {
    let t = if cosize > 1 {
        (off.rem_euclid(cosize)) as f64 / cosize as f64
    } else {
        0.0
    };
    let mut s = String::new();
    let _ = write!(
        s,
        "hsl({:.0},70%,{}%)",
        t * 300.0,
        if off < 0 { 55 } else { 78 }
    );
    s
}

fn digits(v: i64) -> usize {
    let mut s = String::new();
    let _ = write!(s, "{v}");
    s.len()
}

/// Draw `l` as an SVG document.
///
/// Errors when the layout has more than [`MAX_CELLS`] elements. Cells too
/// small for their offset drop the labels, and the axes then number every
/// 2nd, 4th, ... row and column, as room allows:
///
/// ```
/// use cute_algebra::dynamic::DynLayout;
/// let l: DynLayout = "(128,64):(64,1)".parse().unwrap();
/// let svg = cute_algebra::svg::to_svg(&l).unwrap();
/// assert!(svg.contains(">126</text>") && !svg.contains(">127</text>"));
/// assert!(svg.contains(">60</text>") && !svg.contains(">61</text>"));
/// ```
pub fn to_svg(l: &DynLayout) -> Result<String, LayoutError> {
    draw(&Drawing::layout(l, Colouring::Offset)?)
}

/// Draw a swizzled composed layout: its domain is the inner layout's, each
/// cell the swizzled offset.
///
/// ```
/// use cute_algebra::swizzle::DynComposed;
/// use cute_algebra::swizzle::DynSwizzle;
/// let c = DynComposed::new(DynSwizzle::new(3, 3, 3).unwrap(), 0, "(8,8):(8,1)".parse().unwrap());
/// let svg = cute_algebra::svg::composed_to_svg(&c, cute_algebra::svg::Colouring::Offset).unwrap();
/// assert!(svg.contains("<title>Sw&lt;3,3,3&gt; o 0 o (8,8):(8,1)</title>"));
/// ```
pub fn composed_to_svg(c: &DynComposed, colouring: Colouring) -> Result<String, LayoutError> {
    draw(&Drawing::composed(c, colouring)?)
}

/// A non-negative coordinate printed as `{:.2}` prints it (the same text:
/// ties to even on the exact binary value), through integer formatting: a
/// 256×256 drawing writes four of these per cell, and float formatting
/// was most of its time.
#[derive(Clone, Copy)]
struct F2(f64);

impl core::fmt::Display for F2 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let x = self.0;
        if !(0.0..1.0e15).contains(&x) {
            return write!(f, "{x:.2}");
        }
        // x = m * 2^e exactly; round x * 100 to an integer, ties to even,
        // in exact integer arithmetic.
        let bits = x.to_bits();
        let (exp, frac) = ((bits >> 52) as i32 & 0x7ff, bits & ((1 << 52) - 1));
        let (m, e) = if exp == 0 {
            (frac, -1074)
        } else {
            (frac | (1 << 52), exp - 1075)
        };
        let n = u128::from(m) * 100;
        let v = if e >= 0 {
            n << e
        } else if -e >= 127 {
            0
        } else {
            let sh = -e as u32;
            let (q, r, half) = (n >> sh, n & ((1u128 << sh) - 1), 1u128 << (sh - 1));
            if r > half || (r == half && q & 1 == 1) {
                q + 1
            } else {
                q
            }
        };
        write!(f, "{}.{:02}", v / 100, v % 100)
    }
}

/// Where a grid drawing puts its cells: `rows x cols` squares of side
/// `cell`, cell `(i, j)` (the domain's 1-D index `i + rows * j`) with its
/// top-left corner at `(x + j * cell, y + i * cell)`, labelled with its
/// value in a font of size `font` when `labels`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    /// Rows: the size of mode 0 (1 for a rank-1 layout).
    pub rows: i64,
    /// Columns: the size of the other modes.
    pub cols: i64,
    /// The left edge of column 0.
    pub x: f64,
    /// The top edge of row 0.
    pub y: f64,
    /// A cell's side.
    pub cell: f64,
    /// The cells' label size.
    pub font: f64,
    /// Whether the cells are labelled (they are not when too small).
    pub labels: bool,
    /// The width of the cells' outlines.
    pub line: f64,
}

/// The grid's rows, and the shapes along its rows and its columns.
fn grid_shape(l: &DynLayout) -> Result<(i64, IntTree, IntTree), LayoutError> {
    Ok(if l.rank() >= 2 {
        let m0 = l.mode(0)?;
        let rest = match l.shape() {
            IntTree::Tuple(mut v) if v.len() == 2 => v.swap_remove(1),
            IntTree::Tuple(v) => IntTree::Tuple(v[1..].to_vec()),
            s => s,
        };
        (m0.size()?, m0.shape(), rest)
    } else {
        (1, IntTree::Int(1), l.shape())
    })
}

impl Drawing<'_> {
    /// Where [`draw`] puts the cells. Errors when the layout has more than
    /// [`MAX_CELLS`] elements.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// use cute_algebra::svg::{Colouring, Drawing};
    /// let l: DynLayout = "(256,256):(256,1)".parse().unwrap();
    /// let g = Drawing::layout(&l, Colouring::Offset).unwrap().grid().unwrap();
    /// assert_eq!((g.rows, g.cols, g.x, g.cell, g.labels), (256, 256, 28.0, 3.125, false));
    /// ```
    pub fn grid(&self) -> Result<Grid, LayoutError> {
        let l = self.domain;
        let size = l.size()?;
        if size > MAX_CELLS {
            return Err(LayoutError::BadArgument {
                op: "svg",
                msg: "the layout has too many elements to draw (limit 65536)",
            });
        }
        let (rows, _, _) = grid_shape(l)?;
        let cols = if rows > 0 { size / rows } else { 0 };
        let cell = (MAX_W / cols.max(1) as f64)
            .min(MAX_H / rows.max(1) as f64)
            .clamp(3.0, 48.0);
        let font = (cell * 0.42).min(14.0);
        Ok(Grid {
            rows,
            cols,
            x: MARGIN,
            y: MARGIN,
            cell,
            font,
            labels: cell >= 12.0
                && digits(self.cosize.max(size)) as f64 * font * 0.62 <= cell * 0.92,
            line: if cell >= 10.0 { 0.5 } else { 0.15 },
        })
    }

    /// The fill of a cell whose value is `value`: its colour by offset, or
    /// its bank's colour.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// use cute_algebra::svg::{Colouring, Drawing};
    /// let l: DynLayout = "(8,8):(8,1)".parse().unwrap();
    /// let d = Drawing::layout(&l, Colouring::Banks { elem_bytes: 4 }).unwrap();
    /// // Offsets 0 and 32 share bank 0, and its colour.
    /// assert_eq!((d.bank(0), d.bank(32)), (0, 0));
    /// assert_eq!(d.fill(0), d.fill(32));
    /// assert_eq!(d.value(1), Ok(8));
    /// ```
    pub fn fill(&self, value: i64) -> String {
        match self.colouring {
            Colouring::Offset => colour(value, self.cosize),
            Colouring::Banks { .. } => banks::bank_colour(self.bank(value)),
        }
    }
}

/// Draw a [`Drawing`]: the grid of [`to_svg`], with the cells' values and
/// colours from the drawing.
pub fn draw(d: &Drawing<'_>) -> Result<String, LayoutError> {
    write_grid(d, true)
}

/// [`draw`] without the cells and their labels, on no background: the
/// title, caption, axes and tile lines, over which a page that draws the
/// cells itself (the explorer, on a canvas, at [`Drawing::grid`]) shows
/// them.
///
/// ```
/// use cute_algebra::dynamic::DynLayout;
/// use cute_algebra::svg::{Colouring, Drawing, draw_frame};
/// let l: DynLayout = "(256,256):(256,1)".parse().unwrap();
/// let svg = draw_frame(&Drawing::layout(&l, Colouring::Offset).unwrap()).unwrap();
/// assert!(!svg.contains(r#"fill="hsl"#) && svg.contains(">128</text>"));
/// ```
pub fn draw_frame(d: &Drawing<'_>) -> Result<String, LayoutError> {
    write_grid(d, false)
}

fn write_grid(d: &Drawing<'_>, cells: bool) -> Result<String, LayoutError> {
    let l = d.domain;
    let title = &d.title;
    let g = d.grid()?;
    let (rows, cols, cell, font, label_fits) = (g.rows, g.cols, g.cell, g.font, g.labels);
    let (_, row_shape, col_shape) = grid_shape(l)?;
    let footer = d.footer(rows, cols)?;
    let cell_s = F2(cell);
    let (w, h) = (
        MARGIN + cols as f64 * cell + 8.0,
        MARGIN + rows as f64 * cell + 26.0 + if footer.is_empty() { 0.0 } else { 18.0 },
    );

    let mut s = header(w, h, title, MARGIN, h - 8.0, cells);
    if !footer.is_empty() {
        let _ = writeln!(
            s,
            r#"<text x="{MARGIN}" y="{:.1}" font-size="12">{footer}</text>"#,
            h - 26.0
        );
    }
    if cells {
        let _ = writeln!(
            s,
            r##"<g stroke="{GRID_STROKE}" stroke-width="{}">"##,
            g.line
        );
        for i in 0..rows {
            for j in 0..cols {
                let off = d.value(i + rows * j)?;
                let (x, y) = (MARGIN + j as f64 * cell, MARGIN + i as f64 * cell);
                let fill = d.fill(off);
                let (x, y) = (F2(x), F2(y));
                let _ = writeln!(
                    s,
                    r#"<rect x="{x}" y="{y}" width="{cell_s}" height="{cell_s}" fill="{fill}"/>"#
                );
            }
        }
        let _ = writeln!(s, "</g>");
    }
    if cells && label_fits {
        let _ = writeln!(
            s,
            r#"<g font-size="{font:.1}" text-anchor="middle" dominant-baseline="central" fill="black">"#
        );
        for i in 0..rows {
            for j in 0..cols {
                let off = d.value(i + rows * j)?;
                let (x, y) = (
                    MARGIN + (j as f64 + 0.5) * cell,
                    MARGIN + (i as f64 + 0.5) * cell,
                );
                let (x, y) = (F2(x), F2(y));
                let _ = writeln!(s, r#"<text x="{x}" y="{y}">{off}</text>"#);
            }
        }
        let _ = writeln!(s, "</g>");
    }
    // Coordinate axes: row and column indices, every `step`-th one when the
    // cells are too small to carry a number each.
    let axis_font = if label_fits { font * 0.85 } else { 9.0 };
    let step = |room: f64| {
        let mut k = 1i64;
        while !label_fits && (k as f64) * cell < room {
            k *= 2;
        }
        k
    };
    let _ = writeln!(
        s,
        r##"<g font-size="{axis_font:.1}" text-anchor="middle" dominant-baseline="central" fill="#444">"##
    );
    if l.rank() >= 2 {
        for i in (0..rows).step_by(step(axis_font * 1.3) as usize) {
            let _ = writeln!(
                s,
                r#"<text x="{:.2}" y="{:.2}">{i}</text>"#,
                MARGIN / 2.0,
                MARGIN + (i as f64 + 0.5) * cell
            );
        }
    }
    let col_room = digits(cols - 1) as f64 * axis_font * 0.62 + 4.0;
    for j in (0..cols).step_by(step(col_room) as usize) {
        let _ = writeln!(
            s,
            r#"<text x="{:.2}" y="{:.2}">{j}</text>"#,
            MARGIN + (j as f64 + 0.5) * cell,
            MARGIN / 2.0
        );
    }
    let _ = writeln!(s, "</g>");
    // Tile boundaries of hierarchical modes.
    let _ = writeln!(s, r#"<g stroke="black" stroke-linecap="square">"#);
    for (i, wt) in weights(&row_shape, rows).into_iter().enumerate() {
        if wt > 0.0 {
            let y = MARGIN + i as f64 * cell;
            let _ = writeln!(
                s,
                r#"<line x1="{MARGIN}" y1="{y:.2}" x2="{:.2}" y2="{y:.2}" stroke-width="{wt:.1}"/>"#,
                MARGIN + cols as f64 * cell
            );
        }
    }
    for (j, wt) in weights(&col_shape, cols).into_iter().enumerate() {
        if wt > 0.0 {
            let x = MARGIN + j as f64 * cell;
            let _ = writeln!(
                s,
                r#"<line x1="{x:.2}" y1="{MARGIN}" x2="{x:.2}" y2="{:.2}" stroke-width="{wt:.1}"/>"#,
                MARGIN + rows as f64 * cell
            );
        }
    }
    let _ = writeln!(
        s,
        r#"<rect x="{MARGIN}" y="{MARGIN}" width="{:.2}" height="{:.2}" fill="none" stroke-width="2"/>"#,
        cols as f64 * cell,
        rows as f64 * cell
    );
    let _ = writeln!(s, "</g>\n</svg>");
    Ok(s)
}

#[cfg(test)]
mod f2_tests {
    use super::F2;
    use alloc::format;

    /// `F2` prints what `{:.2}` prints, on the grid coordinates a drawing
    /// writes (many of them exact binary ties such as 3.125) and beyond.
    #[test]
    fn prints_as_float_formatting_does() {
        for cols in 1..=600u32 {
            let cell = (960.0 / f64::from(cols)).clamp(3.0, 48.0);
            for k in 0..300u32 {
                for x in [
                    24.0 + f64::from(k) * cell,
                    24.0 + (f64::from(k) + 0.5) * cell,
                ] {
                    assert_eq!(format!("{}", F2(x)), format!("{x:.2}"), "{x:?}");
                }
            }
        }
        for x in [0.0, 0.005, 0.015, 0.125, 0.375, 1e14, 2.5e13 + 0.125, 1e300] {
            assert_eq!(format!("{}", F2(x)), format!("{x:.2}"), "{x:?}");
        }
    }
}
