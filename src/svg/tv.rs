//! Thread/value layouts drawn as CuTe's `print_latex` (and cute-viz) draw
//! them: a TV layout `(thread, value) -> index` over an `M x N` tile
//! (index `i` is the cell `(i % M, i / M)`, column-major as in CuTe), each
//! cell labelled `T#` / `V#` and coloured by its thread.
//!
//! ```
//! use cute_algebra::dynamic::DynLayout;
//! use cute_algebra::svg::tv_to_svg;
//! let tv: DynLayout = "((32,4),(2,2)):((2,128),(1,64))".parse().unwrap();
//! let svg = tv_to_svg(&tv, Some((64, 8))).unwrap();
//! assert!(svg.contains(">T127</text>") && svg.contains(">V3</text>"));
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec;
use core::fmt::Write;

use crate::dynamic::{DynLayout, IntTree};
use crate::error::LayoutError;

const CELL_W: f64 = 46.0;
const CELL_H: f64 = 30.0;
pub(crate) const MARGIN: f64 = 30.0;

/// Most cells drawn in a TV picture.
pub const MAX_TV_CELLS: i64 = 1 << 14;

fn bad(msg: &'static str) -> LayoutError {
    LayoutError::BadArgument {
        op: "svg --tv",
        msg,
    }
}

/// The default tile for a TV layout without `--tile`: `M x N = cosize`,
/// with `M` the divisor of the cosize nearest its square root from above.
fn default_tile(cosize: i64) -> (i64, i64) {
    let mut m = 1;
    while m * m < cosize {
        m += 1;
    }
    while cosize % m != 0 {
        m += 1;
    }
    (m, cosize / m)
}

/// A thread's colour: hues spread by the golden angle, so that
/// neighbouring threads differ.
pub(crate) fn thread_colour(t: i64) -> String {
    let mut s = String::new();
    let _ = write!(s, "hsl({:.0},65%,80%)", (t as f64 * 137.508) % 360.0);
    s
}

/// Draws a rank-2 TV layout over an `M x N` tile (`tile`, or a default
/// near-square one whose size is the layout's cosize). A cell that several
/// (thread, value) pairs reach shows the first; a cell none reaches stays
/// white. Errors when an index falls outside the tile.
pub fn tv_to_svg(tv: &DynLayout, tile: Option<(i64, i64)>) -> Result<String, LayoutError> {
    if tv.rank() != 2 || tv.is_integral() {
        return Err(bad("a TV layout has two modes: (thread, value)"));
    }
    let (threads, vals) = (tv.mode(0)?.size()?, tv.mode(1)?.size()?);
    let (m, n) = match tile {
        Some(t) => t,
        None => default_tile(tv.cosize()?),
    };
    if m <= 0 || n <= 0 {
        return Err(bad("the tile's extents must be positive"));
    }
    if m.saturating_mul(n) > MAX_TV_CELLS {
        return Err(bad("the tile has too many cells to draw (limit 16384)"));
    }
    let mut cells = vec![None; (m * n) as usize];
    for t in 0..threads {
        for v in 0..vals {
            let i = tv.crd2idx(&IntTree::Tuple(vec![IntTree::Int(t), IntTree::Int(v)]))?;
            if i < 0 || i >= m * n {
                return Err(bad("an index of the TV layout falls outside the tile"));
            }
            let c = &mut cells[i as usize];
            if c.is_none() {
                *c = Some((t, v));
            }
        }
    }
    let (w, h) = (
        MARGIN + n as f64 * CELL_W + 10.0,
        MARGIN + m as f64 * CELL_H + 30.0,
    );
    let mut s = super::header(w, h, &format!("{tv} over ({m},{n})"), MARGIN, h - 10.0);
    let _ = writeln!(
        s,
        r##"<g stroke="#333" stroke-width="0.6" font-size="11" text-anchor="middle" dominant-baseline="central">"##
    );
    for r in 0..m {
        for c in 0..n {
            let (x, y) = (MARGIN + c as f64 * CELL_W, MARGIN + r as f64 * CELL_H);
            let cell = cells[(r + m * c) as usize];
            let fill = cell.map_or(String::from("white"), |(t, _)| thread_colour(t));
            let _ = writeln!(
                s,
                r#"<rect x="{x:.1}" y="{y:.1}" width="{CELL_W}" height="{CELL_H}" fill="{fill}"/>"#
            );
            if let Some((t, v)) = cell {
                let cx = x + CELL_W / 2.0;
                let _ = writeln!(
                    s,
                    r#"<text x="{cx:.1}" y="{:.1}" stroke="none">T{t}</text><text x="{cx:.1}" y="{:.1}" stroke="none">V{v}</text>"#,
                    y + CELL_H * 0.3,
                    y + CELL_H * 0.72
                );
            }
        }
    }
    let _ = writeln!(s, "</g>");
    axes(&mut s, m as u64, n as u64, CELL_W, CELL_H);
    let _ = writeln!(s, "</svg>");
    Ok(s)
}

/// The row and column numbers of a grid of `rows x cols` cells of
/// `cell_w x cell_h`, whose top left corner is at `(MARGIN, MARGIN)`.
pub(crate) fn axes(s: &mut String, rows: u64, cols: u64, cell_w: f64, cell_h: f64) {
    let _ = writeln!(
        s,
        r##"<g font-size="10" text-anchor="middle" dominant-baseline="central" fill="#444">"##
    );
    for r in 0..rows {
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}">{r}</text>"#,
            MARGIN / 2.0,
            MARGIN + (r as f64 + 0.5) * cell_h
        );
    }
    for c in 0..cols {
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}">{c}</text>"#,
            MARGIN + (c as f64 + 0.5) * cell_w,
            MARGIN / 2.0
        );
    }
    let _ = writeln!(s, "</g>");
}
