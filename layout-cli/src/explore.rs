//! What the explorer page shows for one expression: the result in CuTe's
//! print form, the `print_layout` table, the picture, and per picture cell
//! the details that hovering shows. Pure computation, so the server only
//! bounds and transports it, and tests and timings call it directly.
//!
//! The pictures are the library's own drawings, what `svg` prints. Up to
//! [`INLINE_CELLS`] cells, the page shows the SVG itself, byte for byte
//! the same with one `data-cell="k"` attribute added to the k-th cell
//! rectangle. Larger pictures come as the drawing's frame (title, axes,
//! tile lines: the SVG without its cells) and the cells as compact arrays,
//! which the page paints on a canvas under the frame: a browser builds,
//! lays out and paints tens of thousands of SVG elements in about a
//! second, and the SVG text of 65,536 cells with their hover details was
//! 5 MB of JSON, while a canvas fills as many squares in a few
//! milliseconds from arrays a fifth the size. Either way the page finds a
//! hovered cell by position, from each panel's geometry, and reads its
//! details from the arrays.

use std::collections::HashMap;

use serde::Serialize;

use crate::drawable::{Drawable, drawable_of, layout_of};
use crate::lib_api::{
    Colouring, Drawing, DynLayout, IntTree, TvFigure, draw, draw_frame, eval, idx2crd_shape,
};

/// Which picture to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// Cells coloured by offset (`svg`); a tiled MMA or copy by thread.
    Layout,
    /// Cells coloured by shared-memory bank (`svg --banks --elem-bytes N`).
    Banks { elem_bytes: i64 },
    /// A thread/value layout over a tile (`svg --tv --tile M,N`).
    Tv { tile: Option<(i64, i64)> },
}

/// A successful evaluation. The table and the picture may each have failed
/// on their own (a layout too large to print, say): then their error, as
/// the CLI words it, stands in for them.
#[derive(Serialize, Debug)]
pub struct Answer {
    pub ok: bool,
    /// What `eval` prints.
    pub result: String,
    /// What `show` prints.
    pub table: Option<String>,
    pub table_error: Option<String>,
    /// What `svg` prints, with `data-cell` on the cell rectangles; for a
    /// picture of more than [`INLINE_CELLS`] cells, its frame only.
    pub svg: Option<String>,
    pub svg_error: Option<String>,
    /// The picture's cells.
    pub picture: Option<Picture>,
}

/// The cells of a picture, panel by panel.
#[derive(Serialize, Debug)]
pub struct Picture {
    /// Whether the SVG leaves the cells out, for the page to paint.
    pub canvas: bool,
    /// The cells' fill colours, as the SVG writes them.
    pub palette: Vec<String>,
    pub panels: Vec<Panel>,
}

/// One grid of cells: a layout's grid, or one TV layout's tile. Per-cell
/// arrays are in row-major order over the grid.
#[derive(Serialize, Debug, Default)]
pub struct Panel {
    /// `grid` (a layout's cells: coordinate, offset, bank) or `tv`
    /// (thread and value).
    pub kind: &'static str,
    /// The operand a TV panel shows (A, B, C, S, D), or empty.
    pub name: &'static str,
    /// Cell (r, c) has its top-left corner at `(x + c * w, y + r * h)`, in
    /// the SVG's units.
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    pub rows: i64,
    pub cols: i64,
    /// How the SVG draws the cells: outline colour and width, label size,
    /// whether the cells are labelled, and (TV) where the `T#`/`V#`
    /// labels stand, as fractions of the cell's height.
    pub stroke: String,
    pub stroke_width: f64,
    pub font: f64,
    pub labels: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label_y: Option<(f64, f64)>,
    /// Each cell's fill, an index into the palette.
    pub fill: Vec<u32>,
    /// Grid: the coordinate of each row and of each column, cell (r, c)
    /// being `(row, col)` (just `col` when `row_coords` is empty: rank 1).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub row_coords: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub col_coords: Vec<String>,
    /// Grid: each cell's offset.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub offset: Vec<i64>,
    /// Grid, bank view: each cell's shared-memory bank.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bank: Vec<i64>,
    /// TV: the tile's first extent P (tile coordinate `(a, b)` is index
    /// `a + P * b`), and whether the grid shows it transposed (cell
    /// (r, c) is tile coordinate (c, r)).
    pub extent: i64,
    pub transposed: bool,
    /// TV: each cell's first thread and its value, -1 where none reaches.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub thread: Vec<i64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub value: Vec<i64>,
}

/// A failed evaluation: what `eval` prints, and the byte the error names.
#[derive(Serialize, Debug)]
pub struct Failure {
    pub ok: bool,
    pub error: String,
    pub pos: Option<usize>,
}

impl Failure {
    pub fn new(error: String) -> Self {
        let pos = byte_pos(&error);
        Failure {
            ok: false,
            error,
            pos,
        }
    }
}

/// The N of the first "at byte N" in an error message: the parser's and
/// the evaluator's way of naming a position.
pub fn byte_pos(msg: &str) -> Option<usize> {
    let rest = &msg[msg.find("at byte ")? + "at byte ".len()..];
    let end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    rest[..end].parse().ok()
}

/// Everything the page shows for `expr` drawn as `view`.
pub fn explore(expr: &str, view: View) -> Result<Answer, Failure> {
    let value = eval(expr).map_err(|e| Failure::new(format!("error: {e}")))?;
    let result = value.to_string();
    let drawable = match view {
        View::Tv { .. } => layout_of(expr, value).map(Drawable::Layout),
        _ => drawable_of(expr, value),
    };
    let mut answer = Answer {
        ok: true,
        result,
        table: None,
        table_error: None,
        svg: None,
        svg_error: None,
        picture: None,
    };
    let d = match drawable {
        Ok(d) => d,
        Err(e) => {
            let e = format!("error: {e}");
            answer.table_error = Some(e.clone());
            answer.svg_error = Some(e);
            return Ok(answer);
        }
    };
    match d.print_layout() {
        Ok(t) => answer.table = Some(t),
        Err(e) => answer.table_error = Some(format!("error: {e}")),
    }
    let picture = match (&d, view) {
        (Drawable::Layout(l), View::Tv { tile }) => {
            TvFigure::tv(l, tile).map_err(err).map(|f| tv_picture(&f))
        }
        (_, View::Tv { .. }) => unreachable!("a TV view draws only plain layouts"),
        (Drawable::TiledMma(_) | Drawable::TiledCopy(_), View::Banks { .. }) => Err(
            "the bank view colours a layout; a tiled MMA or copy is drawn by thread (offsets)"
                .into(),
        ),
        (Drawable::TiledMma(_) | Drawable::TiledCopy(_), View::Layout) => match d.figure() {
            Some(f) => f.map(|f| tv_picture(&f)),
            None => unreachable!("a tiled MMA or copy has a figure"),
        },
        (_, View::Layout) => grid_picture(&d, Colouring::Offset),
        (_, View::Banks { elem_bytes }) => grid_picture(&d, Colouring::Banks { elem_bytes }),
    };
    match picture {
        Ok((svg, picture)) => {
            answer.svg = Some(svg);
            answer.picture = Some(picture);
        }
        Err(e) => answer.svg_error = Some(format!("error: {e}")),
    }
    Ok(answer)
}

/// A library error as the CLI prints it (after `error: `).
fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// Fill colours, each given an index the first time it is seen.
#[derive(Default)]
struct Palette {
    colours: Vec<String>,
    index: HashMap<String, u32>,
}

impl Palette {
    fn of(&mut self, colour: String) -> u32 {
        if let Some(&k) = self.index.get(&colour) {
            return k;
        }
        let k = self.colours.len() as u32;
        self.colours.push(colour.clone());
        self.index.insert(colour, k);
        k
    }
}

/// The SVG to send for a picture of `cells` cells: the whole drawing with
/// its cells numbered, or (a large one) its frame, from `frame`.
fn svg_for(
    cells: usize,
    whole: impl FnOnce() -> Result<String, String>,
    frame: impl FnOnce() -> Result<String, String>,
) -> Result<(String, bool), String> {
    if cells > INLINE_CELLS {
        Ok((frame()?, true))
    } else {
        Ok((annotate(&whole()?, cells), false))
    }
}

/// The library's grid drawing and its cells: rows are mode 0, columns the
/// other modes (rank 1 is one row), cell (i, j) the 1-D index `i + rows * j`.
fn grid_picture(d: &Drawable, colouring: Colouring) -> Result<(String, Picture), String> {
    let (domain, drawing) = match d {
        Drawable::Layout(l) => (l, Drawing::layout(l, colouring).map_err(err)?),
        Drawable::Composed(c) => (c.layout(), Drawing::composed(c, colouring).map_err(err)?),
        Drawable::TiledMma(_) | Drawable::TiledCopy(_) => {
            unreachable!("a tiled MMA or copy is a TV figure")
        }
    };
    // The grid checks the size against the drawing's limit first.
    let g = drawing.grid().map_err(err)?;
    let (rows, cols) = (g.rows, g.cols);
    let coords = GridCoords::new(domain, rows, cols).map_err(err)?;
    let n = usize::try_from(rows * cols).unwrap_or(0);
    let mut palette = Palette::default();
    let (mut offset, mut fill) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let mut bank = Vec::new();
    for i in 0..rows {
        for j in 0..cols {
            let off = drawing.value(i + rows * j).map_err(err)?;
            offset.push(off);
            fill.push(palette.of(drawing.fill(off)));
            if let Colouring::Banks { .. } = colouring {
                bank.push(drawing.bank(off));
            }
        }
    }
    let (svg, canvas) = svg_for(
        n,
        || draw(&drawing).map_err(err),
        || draw_frame(&drawing).map_err(err),
    )?;
    let panel = Panel {
        kind: "grid",
        x: g.x,
        y: g.y,
        w: g.cell,
        h: g.cell,
        rows,
        cols,
        stroke: crate::lib_api::GRID_STROKE.into(),
        stroke_width: g.line,
        font: g.font,
        labels: g.labels,
        fill,
        row_coords: if domain.rank() >= 2 {
            coords.rows
        } else {
            Vec::new()
        },
        col_coords: coords.cols,
        offset,
        bank,
        ..Panel::default()
    };
    Ok((
        svg,
        Picture {
            canvas,
            palette: palette.colours,
            panels: vec![panel],
        },
    ))
}

/// A TV figure (a TV layout alone, a tiled MMA, a tiled copy) and its
/// cells, panel by panel: each cell's first thread and value.
fn tv_picture(f: &TvFigure) -> (String, Picture) {
    let st = &f.style;
    let mut palette = Palette::default();
    let white = palette.of("white".into());
    let panels: Vec<Panel> = f
        .panels
        .iter()
        .map(|p| {
            let (rows, cols) = p.grid();
            let n = usize::try_from(rows * cols).unwrap_or(0);
            let (mut fill, mut thread, mut value) = (
                Vec::with_capacity(n),
                Vec::with_capacity(n),
                Vec::with_capacity(n),
            );
            for r in 0..rows {
                for c in 0..cols {
                    let (t, v, k) = match p.cell(r, c) {
                        Some((t, v)) => (t, v, palette.of(st.palette.colour(t))),
                        None => (-1, -1, white),
                    };
                    thread.push(t);
                    value.push(v);
                    fill.push(k);
                }
            }
            Panel {
                kind: "tv",
                name: p.name,
                x: p.origin.0 as f64,
                y: p.origin.1 as f64,
                w: st.cell.0 as f64,
                h: st.cell.1 as f64,
                rows,
                cols,
                stroke: st.stroke.into(),
                stroke_width: st.stroke_width,
                font: st.font as f64,
                labels: true,
                label_y: Some(st.label_y),
                fill,
                extent: p.extent.0,
                transposed: p.transposed,
                thread,
                value,
                ..Panel::default()
            }
        })
        .collect();
    let cells = usize::try_from(f.cells()).unwrap_or(0);
    let (svg, canvas) = svg_for(cells, || Ok(f.to_svg(true)), || Ok(f.to_svg(false)))
        .unwrap_or_else(|e: String| (e, false));
    (
        svg,
        Picture {
            canvas,
            palette: palette.colours,
            panels,
        },
    )
}

/// The natural coordinates of a drawing's cells, built from one
/// coordinate per row and one per column rather than one per cell: cell
/// (i, j) is 1-D index `i + rows * j`, whose coordinate in mode 0 is row
/// i's and in the other modes column j's.
struct GridCoords {
    rows: Vec<String>,
    cols: Vec<String>,
}

impl GridCoords {
    fn new(domain: &DynLayout, rows: i64, cols: i64) -> Result<Self, String> {
        let rank = domain.rank();
        let shape = domain.shape();
        let strings = |n: i64, s: &IntTree| -> Result<Vec<String>, String> {
            (0..n)
                .map(|k| idx2crd_shape(k, s).map(|c| c.to_string()).map_err(err))
                .collect()
        };
        let (row_shape, col_shape) = match shape {
            IntTree::Tuple(mut modes) if rank >= 2 => {
                let rest = modes.split_off(1);
                let rest = if rank == 2 {
                    rest.into_iter().next().unwrap_or(IntTree::Int(1))
                } else {
                    IntTree::Tuple(rest)
                };
                (modes.pop(), rest)
            }
            s => (None, s),
        };
        let rows = match &row_shape {
            Some(s) => strings(rows, s)?,
            None => Vec::new(),
        };
        // The other modes' coordinates, without the parentheses that
        // grouping them added (rank 3 and up).
        let cols = strings(cols, &col_shape)?
            .into_iter()
            .map(|c| {
                if rank > 2 {
                    c[1..c.len() - 1].to_string()
                } else {
                    c
                }
            })
            .collect();
        Ok(GridCoords { rows, cols })
    }
}

/// Largest picture sent as SVG with one element per cell.
pub const INLINE_CELLS: usize = 4096;

fn is_cell(line: &str) -> bool {
    line.starts_with("<rect x=") && !line.contains(r#"fill="none""#)
}

/// `svg` with `data-cell="k"` on its k-th cell rectangle, so the page finds
/// a hovered cell's data by index. The cells are the drawing's `<rect x=`
/// lines but the frame (`fill="none"`); if their count is not `expected`,
/// the drawing has changed shape and is left as it is rather than
/// labelled wrongly.
pub fn annotate(svg: &str, expected: usize) -> String {
    if svg.lines().filter(|l| is_cell(l)).count() != expected {
        return svg.to_string();
    }
    let mut out = String::with_capacity(svg.len() + expected * 16);
    let mut k = 0usize;
    for line in svg.split_inclusive('\n') {
        if is_cell(line) {
            use std::fmt::Write;
            let _ = write!(out, r#"<rect data-cell="{k}""#);
            out.push_str(&line["<rect".len()..]);
            k += 1;
        } else {
            out.push_str(line);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use cute_algebra::svg::CUTE_TV_COLOURS;

    fn ok(expr: &str, view: View) -> Answer {
        explore(expr, view).unwrap_or_else(|f| panic!("{expr}: {}", f.error))
    }

    fn cell_count(svg: &str) -> usize {
        svg.matches("data-cell=\"").count()
    }

    fn panel(a: &Answer) -> &Panel {
        &a.picture.as_ref().expect("a picture").panels[0]
    }

    /// The hover coordinate of grid cell `k` (row-major), as the page
    /// writes it.
    fn coord(p: &Panel, k: usize) -> String {
        let (r, c) = (k / p.cols as usize, k % p.cols as usize);
        if p.row_coords.is_empty() {
            p.col_coords[c].clone()
        } else {
            format!("({},{})", p.row_coords[r], p.col_coords[c])
        }
    }

    #[test]
    fn the_answer_is_what_the_cli_prints() {
        let a = ok("logical_divide((4,2,3):(2,1,8), 4:2)", View::Layout);
        assert_eq!(a.result, "((2,2),(2,3)):((4,1),(2,8))");
        let a = ok("(2,3):(3,1)", View::Layout);
        assert_eq!(
            a.table.as_deref(),
            Some(
                "(2,3):(3,1)\n      0   1   2 \n    +---+---+---+\n 0  | 0 | 1 | 2 |\n    +---+---+---+\n 1  | 3 | 4 | 5 |\n    +---+---+---+\n"
            )
        );
        // The picture is the CLI's SVG with one attribute per cell.
        let svg = a.svg.clone().unwrap();
        assert_eq!((panel(&a).rows, panel(&a).cols), (2, 3));
        assert!(!a.picture.as_ref().unwrap().canvas);
        assert_eq!(cell_count(&svg), 6);
        let plain = crate::lib_api::draw(
            &Drawing::layout(&"(2,3):(3,1)".parse().unwrap(), Colouring::Offset).unwrap(),
        )
        .unwrap();
        let stripped: String = (0..6).fold(svg.clone(), |s, k| {
            s.replace(&format!(" data-cell=\"{k}\""), "")
        });
        assert_eq!(stripped, plain);
        // Each cell's fill is the colour its rectangle has.
        let pic = a.picture.as_ref().unwrap();
        for (k, &f) in panel(&a).fill.iter().enumerate() {
            let fill = format!("data-cell=\"{k}\" x=");
            let line = svg.lines().find(|l| l.contains(&fill)).unwrap();
            assert!(line.contains(&format!("fill=\"{}\"", pic.palette[f as usize])));
        }
    }

    #[test]
    fn cells_give_coordinate_and_offset_in_row_major_order() {
        let a = ok("(4,(2,2)):(2,(1,8))", View::Layout);
        let p = panel(&a);
        assert_eq!((p.rows, p.cols), (4, 4));
        // Row 1, column 3: index 1 + 4 * 3 = 13, coordinate (1,(1,1)).
        assert_eq!(coord(p, 4 + 3), "(1,(1,1))");
        assert_eq!(p.offset[4 + 3], 2 + 1 + 8);
        assert!(p.bank.is_empty());
        let a = ok("(256,256):(256,1)", View::Layout);
        let p = panel(&a);
        assert_eq!(p.offset.len(), 65536);
        assert_eq!(coord(p, 1000), "(3,232)");
        assert_eq!(p.offset[1000], 3 * 256 + 232);
        // Rank 1 is one row.
        let a = ok("8:2", View::Layout);
        let p = panel(&a);
        assert_eq!((p.rows, p.cols), (1, 8));
        assert_eq!(coord(p, 3), "3");
        assert_eq!(p.offset[3], 6);
    }

    #[test]
    fn grid_coordinates_are_the_natural_coordinates() {
        for l in [
            "(4,(2,2)):(2,(1,8))",
            "((2,3),(4,5)):((1,2),(6,24))",
            "(2,3,4):(1,2,6)",
            "(2,(3,2),4):(1,(2,6),12)",
            "((2,2),3,(2,2)):((1,2),4,(12,24))",
            "12:1",
            "(3,2):(1,3)",
        ] {
            let a = ok(l, View::Layout);
            let d: DynLayout = l.parse().unwrap();
            let p = panel(&a);
            for k in 0..p.offset.len() {
                let (i, j) = (k as i64 / p.cols, k as i64 % p.cols);
                let want = idx2crd_shape(i + p.rows * j, &d.shape())
                    .unwrap()
                    .to_string();
                assert_eq!(coord(p, k), want, "{l} cell {k}");
                assert_eq!(p.offset[k], d.at(i + p.rows * j).unwrap(), "{l} cell {k}");
            }
        }
    }

    #[test]
    fn banks_and_swizzles() {
        let a = ok(
            "composition(Sw<3,3,3>, (8,64):(64,1))",
            View::Banks { elem_bytes: 2 },
        );
        assert_eq!(a.result, "Sw<3,3,3> o 0 o (8,64):(64,1)");
        let svg = a.svg.clone().unwrap();
        assert!(svg.contains("1 wavefront where 1 would do: 1-way bank conflict"));
        assert_eq!(cell_count(&svg), 512);
        // Row 1, column 0: offset 64 swizzled to 72, bank 72 * 2 / 4 = 36 -> 4.
        let p = panel(&a);
        assert_eq!(
            (coord(p, 64).as_str(), p.offset[64], p.bank[64]),
            ("(1,0)", 72, 4)
        );
    }

    #[test]
    fn tv_cells_name_thread_and_value() {
        let a = ok(
            "((32,4),(2,2)):((2,128),(1,64))",
            View::Tv {
                tile: Some((64, 8)),
            },
        );
        let p = panel(&a);
        assert_eq!((p.kind, p.rows, p.cols, p.extent), ("tv", 64, 8, 64));
        assert_eq!(cell_count(a.svg.as_deref().unwrap()), 512);
        // Thread 32 = (0,1) starts at index 128: row 0, column 2.
        assert_eq!((p.thread[2], p.value[2]), (32, 0));
        assert_eq!((p.x, p.y, p.w, p.h), (30.0, 30.0, 46.0, 30.0));
        // Without a tile, the drawing's default one (cosize 8: the nearest
        // divisor at or above its square root is 4).
        let a = ok("(4,2):(2,1)", View::Tv { tile: None });
        assert_eq!((panel(&a).rows, panel(&a).cols), (4, 2));
        // Threads 0 and 1 reach indices 0 and 2 (row 0); index 1, cell
        // (1,0), no thread reaches: white.
        let a = ok("(2,1):(2,0)", View::Tv { tile: Some((2, 2)) });
        let p = panel(&a);
        assert_eq!(p.thread, [0, 1, -1, -1]);
        let pic = a.picture.as_ref().unwrap();
        assert_eq!(pic.palette[p.fill[2] as usize], "white");
    }

    #[test]
    fn tiled_mma_and_copy_panels() {
        let expr = "make_tiled_mma(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>, (2,2,1))";
        let a = ok(expr, View::Layout);
        assert!(a.result.starts_with("TiledMMA(MMA_Atom<SM80_16x8x8"));
        assert!(a.table.is_none() && a.table_error.unwrap().contains("is not a layout"));
        let pic = a.picture.unwrap();
        let names: Vec<_> = pic.panels.iter().map(|p| p.name).collect();
        assert_eq!(names, ["C", "A", "B"]);
        // 32 x 16 + 32 x 8 + 16 x 8 cells, inline: the CLI's SVG, numbered.
        assert_eq!(cell_count(a.svg.as_deref().unwrap()), 512 + 256 + 128);
        assert!(!pic.canvas);
        // B is drawn K down, N across: 8 rows of 16.
        let b = &pic.panels[2];
        assert_eq!((b.rows, b.cols, b.transposed, b.extent), (8, 16, true, 16));
        assert_eq!((b.x, b.y), (200.0, 20.0));
        // Each cell's thread and value is what get_layoutC_TV says: C's
        // (m, n) = (8, 1) is index 8 + 32 * 1 = 40.
        let tv: DynLayout = match eval(&format!("get_layoutC_TV({expr})")).unwrap() {
            crate::lib_api::Value::Layout(l) => l,
            v => panic!("{v}"),
        };
        let c = &pic.panels[0];
        let k = 8 * c.cols as usize + 1;
        let (t, v) = (c.thread[k], c.value[k]);
        assert_eq!(tv.at(t + 128 * v).unwrap(), 40);
        assert_eq!(
            pic.palette[c.fill[k] as usize],
            CUTE_TV_COLOURS[(t % 8) as usize]
        );
        // The 128 x 32 x 32 one: over the inline limit, drawn on the page.
        let a = ok(
            "make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, (4,2,1), (128,32,32))",
            View::Layout,
        );
        let pic = a.picture.unwrap();
        assert!(pic.canvas);
        let svg = a.svg.unwrap();
        assert!(!svg.contains("<rect x=") && !svg.contains(">T0</text>"));
        assert!(svg.contains(">127</text>"), "A's rows are numbered");
        let cells: usize = pic.panels.iter().map(|p| p.thread.len()).sum();
        assert_eq!(cells, 128 * 32 * 2 + 32 * 32);
        // A copy: source and destination.
        let a = ok(
            "make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, uint8_t>, (4,8):(8,1), (1,4))",
            View::Layout,
        );
        let names: Vec<_> = a.picture.unwrap().panels.iter().map(|p| p.name).collect();
        assert_eq!(names, ["S", "D"]);
        // The bank view is a layout's.
        let a = ok(expr, View::Banks { elem_bytes: 2 });
        assert!(a.svg_error.unwrap().contains("bank view colours a layout"));
    }

    #[test]
    fn errors_as_the_cli_words_them() {
        let f = explore("coalesce((2,4):(1,2)", View::Layout).unwrap_err();
        assert_eq!(
            f.error,
            "error: parse error at byte 20: expected ',' or ')'"
        );
        assert_eq!(f.pos, Some(20));
        let f = explore("frob(1)", View::Layout).unwrap_err();
        assert!(
            f.error
                .starts_with("error: unknown function 'frob' at byte 0")
        );
        assert_eq!(f.pos, Some(0));
        let f = explore("composition((4,2):(2,1), (2,2):(3,1))", View::Layout).unwrap_err();
        assert!(f.error.starts_with("error: composition: disjointness"));
        assert_eq!(f.pos, None);
        // A value that is not a layout: no table, no picture, and why.
        let a = ok("size(6:1)", View::Layout);
        assert_eq!(a.result, "6");
        assert!(a.svg.is_none() && a.table.is_none() && a.picture.is_none());
        assert!(a.svg_error.is_some());
        // A composed layout is no TV layout.
        let a = ok(
            "composition(Sw<1,0,1>, (2,2):(2,1))",
            View::Tv { tile: None },
        );
        assert!(a.svg_error.unwrap().contains("is not a layout"));
    }

    #[test]
    fn the_library_limits_bound_table_and_picture() {
        let a = ok("(257,256)", View::Layout);
        assert!(a.table.is_some());
        assert!(a.svg.is_none() && a.picture.is_none());
        assert!(a.svg_error.unwrap().contains("limit 65536"));
        let a = ok("(2048,1024)", View::Layout);
        assert!(
            a.table_error
                .unwrap()
                .contains("more than the limit of 1048576")
        );
        // The largest TV picture: a 128 x 128 tile.
        let a = ok("(128,128):(1,128)", View::Tv { tile: None });
        assert_eq!(panel(&a).thread.len(), 16384);
        let a = ok("(256,128):(1,256)", View::Tv { tile: None });
        assert!(a.svg_error.unwrap().contains("limit 16384"));
    }

    #[test]
    fn byte_positions_are_read_from_the_message() {
        assert_eq!(byte_pos("parse error at byte 7: x"), Some(7));
        assert_eq!(byte_pos("unknown function 'f' at byte 12"), Some(12));
        assert_eq!(byte_pos("composition: disjointness fails"), None);
        assert_eq!(byte_pos("at byte x"), None);
    }

    #[test]
    fn large_pictures_send_the_frame_and_the_cells() {
        let a = ok("(256,256):(256,1)", View::Layout);
        let svg = a.svg.unwrap();
        let pic = a.picture.unwrap();
        assert!(pic.canvas);
        let p = &pic.panels[0];
        assert_eq!((p.x, p.y, p.w, p.h), (28.0, 28.0, 3.125, 3.125));
        // No cell is left in the SVG, and no background to hide the
        // canvas; the rest is the drawing's, untouched.
        assert_eq!(svg.lines().filter(|l| is_cell(l)).count(), 0);
        assert!(!svg.contains(r#"fill="white""#));
        let plain = crate::lib_api::draw(
            &Drawing::layout(&"(256,256):(256,1)".parse().unwrap(), Colouring::Offset).unwrap(),
        )
        .unwrap();
        let rest = |s: &str| -> Vec<String> {
            s.lines()
                .filter(|l| !is_cell(l) && !l.contains(r#"fill="white""#))
                .filter(|l| !l.starts_with("<g stroke=\"#555\"") && *l != "</g>")
                .map(String::from)
                .collect()
        };
        assert_eq!(rest(&svg), rest(&plain));
        // The fills are the drawing's colours, a few hundred at most.
        assert!((2..=301).contains(&pic.palette.len()));
        assert_eq!(p.fill.len(), 65536);
        let last = plain.lines().rfind(|l| is_cell(l)).unwrap();
        assert!(last.contains(&format!("fill=\"{}\"", pic.palette[p.fill[65535] as usize])));
        // The answer is a fraction of the SVG's size.
        let json = serde_json::to_string(&pic).unwrap();
        assert!(
            json.len() < plain.len() / 3,
            "{} of {}",
            json.len(),
            plain.len()
        );
    }

    #[test]
    fn annotation_leaves_a_drawing_of_another_shape_alone() {
        let svg = "<svg>\n<rect x=\"1\"/>\n<rect x=\"2\" fill=\"none\"/>\n</svg>\n";
        assert_eq!(
            annotate(svg, 1),
            "<svg>\n<rect data-cell=\"0\" x=\"1\"/>\n<rect x=\"2\" fill=\"none\"/>\n</svg>\n"
        );
        assert_eq!(annotate(svg, 2), svg);
    }
}
