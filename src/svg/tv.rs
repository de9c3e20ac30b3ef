//! Thread/value layouts drawn as CuTe's `print_latex` (and cute-viz) draw
//! them: a TV layout `(thread, value) -> index` over an `M x N` tile
//! (index `i` is the cell `(i % M, i / M)`, column-major as in CuTe), each
//! cell labelled `T#` / `V#` and coloured by its thread.
//!
//! The drawing is a [`TvFigure`]: one or more panels of cells, each the
//! tile of one TV layout. A TV layout alone is one panel; a tiled MMA
//! ([`TvFigure::tiled_mma`]) is three, a tiled copy
//! ([`TvFigure::tiled_copy`]) two. The figure is both what the SVG writer
//! draws and what a page that draws the cells itself (the explorer, on a
//! canvas) reads.
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
use alloc::vec::Vec;
use core::fmt::Write;

use super::banks::xml_escape;
use crate::dynamic::DynLayout;
use crate::error::LayoutError;

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

/// How a figure's cells are coloured by their thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Palette {
    /// CuTe's `SVGColor_TV` (and `TikzColor_TV`): eight light colours,
    /// thread `t` taking colour `t % 8`.
    Cute,
    /// A hue per thread, spread by the golden angle so that neighbouring
    /// threads differ.
    Golden,
}

/// CuTe's eight thread colours (`SVGColor_TV`), as SVG colours.
pub const CUTE_TV_COLOURS: [&str; 8] = [
    "rgb(175,175,255)",
    "rgb(175,255,175)",
    "rgb(255,255,175)",
    "rgb(255,175,175)",
    "rgb(210,210,255)",
    "rgb(210,255,210)",
    "rgb(255,255,210)",
    "rgb(255,210,210)",
];

impl Palette {
    /// The fill of a cell that thread `t` holds.
    ///
    /// ```
    /// use cute_algebra::svg::Palette;
    /// assert_eq!(Palette::Cute.colour(9), "rgb(175,255,175)");
    /// assert_eq!(Palette::Golden.colour(1), "hsl(138,65%,80%)");
    /// ```
    pub fn colour(self, t: i64) -> String {
        match self {
            Palette::Cute => String::from(CUTE_TV_COLOURS[t.rem_euclid(8) as usize]),
            Palette::Golden => {
                let mut s = String::new();
                let _ = write!(s, "hsl({:.0},65%,80%)", (t as f64 * 137.508) % 360.0);
                s
            }
        }
    }
}

/// The look of a figure's cells and labels, in SVG units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TvStyle {
    /// A cell's width and height.
    pub cell: (i64, i64),
    /// The font size of the `T#` and `V#` labels.
    pub font: i64,
    /// Where the `T#` and `V#` labels stand, as fractions of the cell's
    /// height.
    pub label_y: (f64, f64),
    /// The cells' outline colour.
    pub stroke: &'static str,
    /// The cells' outline width.
    pub stroke_width: f64,
    /// The font size of the row and column numbers.
    pub axis_font: i64,
    /// The colour of the row and column numbers.
    pub axis_fill: &'static str,
    /// The distance from the grid to the numbers' centres.
    pub axis_gap: i64,
    /// The cells' colours by thread.
    pub palette: Palette,
}

/// The style of [`tv_to_svg`]: `print_latex`'s tall labelled cells.
pub const TV_STYLE: TvStyle = TvStyle {
    cell: (46, 30),
    font: 11,
    label_y: (0.3, 0.72),
    stroke: "#333",
    stroke_width: 0.6,
    axis_font: 10,
    axis_fill: "#444",
    axis_gap: 15,
    palette: Palette::Golden,
};

/// The style of CuTe's `print_svg`: 20-unit cells, 8-unit labels at a
/// quarter and three quarters of the cell, black outlines, 12-unit axis
/// numbers in the next cell out, CuTe's thread colours.
pub const CUTE_STYLE: TvStyle = TvStyle {
    cell: (20, 20),
    font: 8,
    label_y: (0.25, 0.75),
    stroke: "black",
    stroke_width: 1.0,
    axis_font: 12,
    axis_fill: "black",
    axis_gap: 10,
    palette: Palette::Cute,
};

/// Which sides of a panel carry its row numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowNumbers {
    /// None (a tiled MMA's C, whose rows and columns A and B number).
    None,
    /// Left of the grid.
    Left,
    /// Right of the grid (a tiled copy's destination).
    Right,
}

/// One TV layout's tile in a figure: a grid of cells, each showing the
/// first (thread, value) whose index is that cell.
#[derive(Clone, Debug, PartialEq)]
pub struct TvPanel {
    /// The operand it shows (`"A"`, `"B"`, `"C"` of an MMA, `"S"`, `"D"`
    /// of a copy), or empty for a TV layout alone.
    pub name: &'static str,
    /// The tile's extents `(P, Q)`: the TV layout's index `i` is the tile
    /// coordinate `(i % P, i / P)`.
    pub extent: (i64, i64),
    /// Whether the grid shows the tile transposed, its rows the tile's
    /// second coordinate (CuTe draws B with K down and N across).
    pub transposed: bool,
    /// The top-left corner of the grid, in SVG units.
    pub origin: (i64, i64),
    /// Where the row numbers go; the column numbers are always above.
    pub row_numbers: RowNumbers,
    /// Per tile index `i`: the first `(thread, value)`, threads outer and
    /// values inner as CuTe draws them, that the TV layout sends to `i`.
    pub owner: Vec<Option<(i64, i64)>>,
}

impl TvPanel {
    /// The grid's rows and columns.
    pub fn grid(&self) -> (i64, i64) {
        if self.transposed {
            (self.extent.1, self.extent.0)
        } else {
            self.extent
        }
    }

    /// The tile coordinate that grid cell `(r, c)` shows.
    pub fn tile_coord(&self, r: i64, c: i64) -> (i64, i64) {
        if self.transposed { (c, r) } else { (r, c) }
    }

    /// The tile index that grid cell `(r, c)` shows.
    pub fn index(&self, r: i64, c: i64) -> i64 {
        let (a, b) = self.tile_coord(r, c);
        a + self.extent.0 * b
    }

    /// The `(thread, value)` that grid cell `(r, c)` shows, if any (none
    /// outside the grid).
    pub fn cell(&self, r: i64, c: i64) -> Option<(i64, i64)> {
        let (rows, cols) = self.grid();
        if !(0..rows).contains(&r) || !(0..cols).contains(&c) {
            return None;
        }
        usize::try_from(self.index(r, c))
            .ok()
            .and_then(|i| self.owner.get(i).copied().flatten())
    }
}

/// A picture of TV layouts: panels of cells on a page, with a title.
#[derive(Clone, Debug, PartialEq)]
pub struct TvFigure {
    /// What it draws, as the library prints it.
    pub title: String,
    /// The page's width and height in SVG units, without the caption.
    pub size: (i64, i64),
    /// How the cells and numbers look.
    pub style: TvStyle,
    /// The tiles drawn.
    pub panels: Vec<TvPanel>,
}

/// For each index `0..size` of a tile: the first `(thread, value)` that
/// the rank-2 TV layout `tv` sends there, threads outer and values inner.
/// Errors (for operation `op`) when an index falls outside the tile.
pub(crate) fn owners(
    tv: &DynLayout,
    size: i64,
    op: &'static str,
) -> Result<Vec<Option<(i64, i64)>>, LayoutError> {
    if tv.rank() != 2 || tv.is_integral() {
        return Err(LayoutError::BadArgument {
            op,
            msg: "a TV layout has two modes: (thread, value)",
        });
    }
    let (t_mode, v_mode) = (tv.mode(0)?, tv.mode(1)?);
    // A layout's offset is the sum of its modes' offsets: one evaluation
    // per thread and one per value, not one per pair. The values' offsets
    // are kept (up to a bound, so that a huge mode costs time, which the
    // caller bounds, and not memory); the threads' are computed in turn.
    const KEPT: i64 = 1 << 20;
    let v_count = v_mode.size()?;
    let v_off: Option<Vec<i64>> = if v_count <= KEPT {
        Some(
            (0..v_count)
                .map(|v| v_mode.at(v))
                .collect::<Result<_, _>>()?,
        )
    } else {
        None
    };
    let mut out = vec![None; usize::try_from(size).unwrap_or(0)];
    for t in 0..t_mode.size()? {
        let a = t_mode.at(t)?;
        for v in 0..v_count {
            let b = match &v_off {
                Some(off) => off[v as usize],
                None => v_mode.at(v)?,
            };
            let slot = usize::try_from(a + b)
                .ok()
                .and_then(|i| out.get_mut(i))
                .ok_or(LayoutError::BadArgument {
                    op,
                    msg: "an index of the TV layout falls outside the tile",
                })?;
            if slot.is_none() {
                *slot = Some((t, v));
            }
        }
    }
    Ok(out)
}

impl TvFigure {
    /// A TV layout alone over an `M x N` tile (`tile`, or a near-square
    /// one whose size is the layout's cosize), in [`TV_STYLE`]: what
    /// [`tv_to_svg`] draws.
    ///
    /// ```
    /// use cute_algebra::dynamic::DynLayout;
    /// use cute_algebra::svg::TvFigure;
    /// // Two threads of two values; index 1 (cell (1, 0)) no thread reaches.
    /// let tv: DynLayout = "(2,2):(2,4)".parse().unwrap();
    /// let f = TvFigure::tv(&tv, Some((2, 4))).unwrap();
    /// let p = &f.panels[0];
    /// assert_eq!((p.cell(0, 1), p.cell(1, 0), p.cell(0, 2)), (Some((1, 0)), None, Some((0, 1))));
    /// assert_eq!(p.cell(2, 0), None);
    /// assert_eq!(f.cells(), 8);
    /// // Without the cells: the frame a page paints them under.
    /// assert!(!f.to_svg(false).contains("<rect"));
    /// ```
    pub fn tv(tv: &DynLayout, tile: Option<(i64, i64)>) -> Result<TvFigure, LayoutError> {
        if tv.rank() != 2 || tv.is_integral() {
            return Err(bad("a TV layout has two modes: (thread, value)"));
        }
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
        let margin = 30;
        let (w, h) = TV_STYLE.cell;
        Ok(TvFigure {
            title: xml_escape(&format!("{tv} over ({m},{n})")),
            size: (margin + n * w + 10, margin + m * h),
            style: TV_STYLE,
            panels: vec![TvPanel {
                name: "",
                extent: (m, n),
                transposed: false,
                origin: (margin, margin),
                row_numbers: RowNumbers::Left,
                owner: owners(tv, m * n, "svg --tv")?,
            }],
        })
    }

    /// The number of cells over all panels.
    pub fn cells(&self) -> i64 {
        self.panels.iter().map(|p| p.extent.0 * p.extent.1).sum()
    }

    /// The whole picture's width and height, with room for the caption.
    pub fn page(&self) -> (i64, i64) {
        // The caption is one line of 13-unit monospace, about 7.9 units a
        // character: a narrow figure widens to show it.
        let chars = self.title.chars().count() as i64;
        (
            self.size.0.max(self.caption_x() + chars * 8 + 8),
            self.size.1 + 30,
        )
    }

    /// The caption starts at the leftmost panel's left edge.
    fn caption_x(&self) -> i64 {
        self.panels.iter().map(|p| p.origin.0).min().unwrap_or(0)
    }

    /// The figure as an SVG document; without `cells`, everything but the
    /// cells and their labels, on no background: the frame a page draws
    /// the cells under.
    pub fn to_svg(&self, cells: bool) -> String {
        let st = &self.style;
        let (w, h) = self.page();
        let (cw, ch) = st.cell;
        let mut s = super::header(
            w as f64,
            h as f64,
            &self.title,
            self.caption_x() as f64,
            (h - 10) as f64,
            cells,
        );
        if cells {
            let _ = writeln!(
                s,
                r#"<g stroke="{}" stroke-width="{}">"#,
                st.stroke, st.stroke_width
            );
            for p in &self.panels {
                let (rows, cols) = p.grid();
                for r in 0..rows {
                    for c in 0..cols {
                        let (x, y) = (p.origin.0 + c * cw, p.origin.1 + r * ch);
                        let fill = p
                            .cell(r, c)
                            .map_or(String::from("white"), |(t, _)| st.palette.colour(t));
                        let _ = writeln!(
                            s,
                            r#"<rect x="{x}" y="{y}" width="{cw}" height="{ch}" fill="{fill}"/>"#
                        );
                    }
                }
            }
            let _ = writeln!(s, "</g>");
            let _ = writeln!(
                s,
                r#"<g font-size="{}" text-anchor="middle" dominant-baseline="central">"#,
                st.font
            );
            let (ty, vy) = (st.label_y.0 * ch as f64, st.label_y.1 * ch as f64);
            for p in &self.panels {
                let (rows, cols) = p.grid();
                for r in 0..rows {
                    for c in 0..cols {
                        if let Some((t, v)) = p.cell(r, c) {
                            let (x, y) = (p.origin.0 + c * cw, p.origin.1 + r * ch);
                            let cx = F1(x as f64 + cw as f64 / 2.0);
                            let _ = writeln!(
                                s,
                                r#"<text x="{cx}" y="{}">T{t}</text><text x="{cx}" y="{}">V{v}</text>"#,
                                F1(y as f64 + ty),
                                F1(y as f64 + vy),
                            );
                        }
                    }
                }
            }
            let _ = writeln!(s, "</g>");
        }
        // Each panel's rows and columns numbered.
        let _ = writeln!(
            s,
            r#"<g font-size="{}" text-anchor="middle" dominant-baseline="central" fill="{}">"#,
            st.axis_font, st.axis_fill
        );
        for p in &self.panels {
            let (rows, cols) = p.grid();
            let (x0, y0) = p.origin;
            let row_x = match p.row_numbers {
                RowNumbers::None => None,
                RowNumbers::Left => Some(x0 - st.axis_gap),
                RowNumbers::Right => Some(x0 + cols * cw + st.axis_gap),
            };
            if let Some(x) = row_x {
                for r in 0..rows {
                    let _ = writeln!(
                        s,
                        r#"<text x="{x}" y="{}">{r}</text>"#,
                        F1(y0 as f64 + (r as f64 + 0.5) * ch as f64)
                    );
                }
            }
            if p.row_numbers != RowNumbers::None {
                for c in 0..cols {
                    let _ = writeln!(
                        s,
                        r#"<text x="{}" y="{}">{c}</text>"#,
                        F1(x0 as f64 + (c as f64 + 0.5) * cw as f64),
                        y0 - st.axis_gap
                    );
                }
            }
        }
        let _ = writeln!(s, "</g>\n</svg>");
        s
    }
}

/// A non-negative coordinate to one decimal, the decimal left out when it
/// is zero: the figures' coordinates are integers and halves, and writing
/// them without floating-point formatting keeps a large figure quick to
/// write.
#[derive(Clone, Copy)]
struct F1(f64);

impl core::fmt::Display for F1 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // Non-negative, so adding a half and truncating rounds (no_std has
        // no `f64::round`).
        let tenths = (self.0 * 10.0 + 0.5) as i64;
        if tenths % 10 == 0 {
            write!(f, "{}", tenths / 10)
        } else {
            write!(f, "{}.{}", tenths.div_euclid(10), tenths.rem_euclid(10))
        }
    }
}

/// Draws a rank-2 TV layout over an `M x N` tile (`tile`, or a default
/// near-square one whose size is the layout's cosize). A cell that several
/// (thread, value) pairs reach shows the first; a cell none reaches stays
/// white. Errors when an index falls outside the tile.
///
/// ```
/// use cute_algebra::dynamic::DynLayout;
/// use cute_algebra::svg::tv_to_svg;
/// let tv: DynLayout = "(4,2):(2,1)".parse().unwrap();
/// // Thread 1's value 0 is index 2: cell (0, 1) of a 2 x 4 tile.
/// let svg = tv_to_svg(&tv, Some((2, 4))).unwrap();
/// assert!(svg.contains(r#"<text x="99" y="39">T1</text><text x="99" y="51.6">V0</text>"#));
/// assert!(tv_to_svg(&tv, Some((2, 2))).is_err());
/// ```
pub fn tv_to_svg(tv: &DynLayout, tile: Option<(i64, i64)>) -> Result<String, LayoutError> {
    Ok(TvFigure::tv(tv, tile)?.to_svg(true))
}

/// The margin around a plain grid drawing (the linear layouts' picture).
pub(crate) const MARGIN: f64 = 30.0;

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
