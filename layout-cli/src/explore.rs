//! What the explorer page shows for one expression: the result in CuTe's
//! print form, the `print_layout` table, the picture, and per picture cell
//! the details that hovering shows. Pure computation, so the server only
//! bounds and transports it, and tests and timings call it directly.
//!
//! The pictures are the library's own drawings, what `svg` prints, in one
//! of two encodings. Up to [`INLINE_CELLS`] cells, byte for byte the same
//! with one `data-cell="k"` attribute added to the k-th cell rectangle:
//! cell k of the answer's `cells` is that rectangle's data. Larger
//! pictures are re-encoded losslessly: the cell rectangles become one
//! `<path>` per fill colour (the drawings use a few hundred colours at
//! most), because a browser builds, lays out and paints tens of thousands
//! of elements in about a second, and a few hundred paths in a fraction of
//! that. Hovering finds a cell by position, from the answer's `geometry`.

use serde::Serialize;

use crate::drawable::{Drawable, drawable_of, layout_of};
use crate::lib_api::{
    Colouring, Drawing, DynLayout, IntTree, draw, eval, idx2crd_shape, tv_to_svg,
};

/// Which picture to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// Cells coloured by offset (`svg`).
    Layout,
    /// Cells coloured by shared-memory bank (`svg --banks --elem-bytes N`).
    Banks { elem_bytes: i64 },
    /// A thread/value layout over a tile (`svg --tv --tile M,N`).
    Tv { tile: Option<(i64, i64)> },
}

/// One picture cell, as hovering describes it.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The cell's coordinate: the natural (colexicographic) coordinate of
    /// the cell's 1-D index in the layout's shape, or `(row,col)` in a TV
    /// tile.
    pub coord: String,
    /// The layout's offset there (in a TV tile, the tile index).
    pub offset: i64,
    /// The shared-memory bank of that offset (bank view).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bank: Option<i64>,
    /// The first thread whose values reach this tile cell (TV view).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thread: Option<i64>,
    /// That thread's value index (TV view).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<i64>,
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
    /// What `svg` prints, with `data-cell` on the cell rectangles.
    pub svg: Option<String>,
    pub svg_error: Option<String>,
    /// The picture's grid, rows and columns; `cells` is in row-major order.
    pub grid: Option<(i64, i64)>,
    /// Where the grid lies in the SVG's coordinates.
    pub geometry: Option<Geometry>,
    pub cells: Vec<Cell>,
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
        grid: None,
        geometry: None,
        cells: Vec::new(),
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
        (Drawable::Layout(l), View::Tv { tile }) => tv_picture(l, tile),
        (_, View::Tv { .. }) => unreachable!("a TV view draws only plain layouts"),
        (_, View::Layout) => grid_picture(&d, Colouring::Offset),
        (_, View::Banks { elem_bytes }) => grid_picture(&d, Colouring::Banks { elem_bytes }),
    };
    match picture {
        Ok((svg, grid, cells)) => {
            answer.geometry = geometry(&svg, grid);
            let svg = if cells.len() > INLINE_CELLS {
                compact(&svg).unwrap_or(svg)
            } else {
                annotate(&svg, cells.len())
            };
            answer.svg = Some(svg);
            answer.grid = Some(grid);
            answer.cells = cells;
        }
        Err(e) => answer.svg_error = Some(format!("error: {e}")),
    }
    Ok(answer)
}

type Picture = (String, (i64, i64), Vec<Cell>);

/// A library error as the CLI prints it (after `error: `).
fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// The library's grid drawing and its cells: rows are mode 0, columns the
/// other modes (rank 1 is one row), cell (i, j) the 1-D index `i + rows * j`.
fn grid_picture(d: &Drawable, colouring: Colouring) -> Result<Picture, String> {
    let (domain, drawing) = match d {
        Drawable::Layout(l) => (l, Drawing::layout(l, colouring).map_err(err)?),
        Drawable::Composed(c) => (c.layout(), Drawing::composed(c, colouring).map_err(err)?),
    };
    // The drawing checks the size against its limit first.
    let svg = draw(&drawing).map_err(err)?;
    let size = domain.size().map_err(err)?;
    let rows = if domain.rank() >= 2 {
        domain.mode(0).and_then(|m| m.size()).map_err(err)?
    } else {
        1
    };
    let cols = if rows > 0 { size / rows } else { 0 };
    let at = |i: i64| match d {
        Drawable::Layout(l) => l.at(i),
        Drawable::Composed(c) => c.at(i),
    };
    let coords = GridCoords::new(domain, rows, cols).map_err(err)?;
    let mut cells = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    for i in 0..rows {
        for j in 0..cols {
            let offset = at(i + rows * j).map_err(err)?;
            let bank = match colouring {
                Colouring::Banks { elem_bytes } => Some(bank(offset, elem_bytes)),
                Colouring::Offset => None,
            };
            cells.push(Cell {
                coord: coords.of(i, j),
                offset,
                bank,
                thread: None,
                value: None,
            });
        }
    }
    Ok((svg, (rows, cols), cells))
}

/// The natural coordinates of a drawing's cells, built from one
/// coordinate per row and one per column rather than one per cell: cell
/// (i, j) is 1-D index `i + rows * j`, whose coordinate in mode 0 is row
/// i's and in the other modes column j's.
struct GridCoords {
    rank: usize,
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
        Ok(GridCoords { rank, rows, cols })
    }

    fn of(&self, i: i64, j: i64) -> String {
        let col = &self.cols[j as usize];
        if self.rank < 2 {
            return col.clone();
        }
        let row = &self.rows[i as usize];
        let mut s = String::with_capacity(row.len() + col.len() + 3);
        for part in ["(", row, ",", col, ")"] {
            s.push_str(part);
        }
        s
    }
}

/// The bank of the element at `offset`: 32 banks of 4 bytes, as the
/// library's bank view colours it.
fn bank(offset: i64, elem_bytes: i64) -> i64 {
    offset
        .saturating_mul(elem_bytes)
        .div_euclid(4)
        .rem_euclid(32)
}

/// The library's TV drawing and its cells: tile cell (r, c) is index
/// `r + M * c`, showing the first (thread, value) that reaches it.
fn tv_picture(tv: &DynLayout, tile: Option<(i64, i64)>) -> Result<Picture, String> {
    let svg = tv_to_svg(tv, tile).map_err(err)?;
    // The drawing succeeded, so the layout has two modes and every index
    // lies in the tile; the tile (the default one too) is in its title.
    let (m, n) = tv_tile(&svg).ok_or("the TV drawing does not name its tile")?;
    let (threads, vals) = (
        tv.mode(0).and_then(|x| x.size()).map_err(err)?,
        tv.mode(1).and_then(|x| x.size()).map_err(err)?,
    );
    let mut owner = vec![None; usize::try_from(m * n).unwrap_or(0)];
    for t in 0..threads {
        for v in 0..vals {
            let i = tv.at(t + threads * v).map_err(err)?;
            if let Some(o @ None) = usize::try_from(i).ok().and_then(|i| owner.get_mut(i)) {
                *o = Some((t, v));
            }
        }
    }
    let mut cells = Vec::with_capacity(owner.len());
    for r in 0..m {
        for c in 0..n {
            let idx = r + m * c;
            let o = owner[idx as usize];
            cells.push(Cell {
                coord: format!("({r},{c})"),
                offset: idx,
                bank: None,
                thread: o.map(|(t, _)| t),
                value: o.map(|(_, v)| v),
            });
        }
    }
    Ok((svg, (m, n), cells))
}

/// The `M x N` tile a TV drawing names in its title (`... over (M,N)`).
fn tv_tile(svg: &str) -> Option<(i64, i64)> {
    let title = &svg[svg.find("<title>")?..svg.find("</title>")?];
    let (m, n) = title
        .rsplit_once(" over (")?
        .1
        .strip_suffix(')')?
        .split_once(',')?;
    Some((m.parse().ok()?, n.parse().ok()?))
}

/// Largest picture sent with one element per cell.
pub const INLINE_CELLS: usize = 4096;

/// The top-left corner of the grid and the size of a cell, in the SVG's
/// coordinates: cell (r, c) is at `(x + c * w, y + r * h)`.
#[derive(Serialize, Debug, Clone, Copy, PartialEq)]
pub struct Geometry {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

fn is_cell(line: &str) -> bool {
    line.starts_with("<rect x=") && !line.contains(r#"fill="none""#)
}

/// A cell rectangle's attributes as the drawing writes them, in order:
/// `<rect x="X" y="Y" width="W" height="H" fill="F"/>`. A line of another
/// form is `None`.
fn rect_attrs(line: &str) -> Option<[&str; 5]> {
    let mut parts = line.split('"');
    let mut out = [""; 5];
    for (slot, name) in out
        .iter_mut()
        .zip([" x=", " y=", " width=", " height=", " fill="])
    {
        if !parts.next()?.ends_with(name) {
            return None;
        }
        *slot = parts.next()?;
    }
    Some(out)
}

/// A cell rectangle's corner and size.
fn cell_rect(line: &str) -> Option<Geometry> {
    let [x, y, w, h, _] = rect_attrs(line)?.map(|v| v.parse::<f64>().ok());
    Some(Geometry {
        x: x?,
        y: y?,
        w: w?,
        h: h?,
    })
}

/// The grid's geometry: the first cell's corner, and the cell size from
/// the distance to the last cell (the drawing rounds each position to a
/// hundredth of a unit, a size of 3.125 to 3.12: 255 of those would miss
/// the last cell by more than a pixel).
fn geometry(svg: &str, (rows, cols): (i64, i64)) -> Option<Geometry> {
    let mut cells = svg.lines().filter(|l| is_cell(l));
    let first = cell_rect(cells.next()?)?;
    let Some(last) = cells.next_back().and_then(cell_rect) else {
        return Some(first);
    };
    let step = |a: f64, b: f64, n: i64, size: f64| {
        if n > 1 {
            (b - a) / (n - 1) as f64
        } else {
            size
        }
    };
    Some(Geometry {
        w: step(first.x, last.x, cols, first.w),
        h: step(first.y, last.y, rows, first.h),
        ..first
    })
}

/// `svg` with its cell rectangles replaced, where the first one stood, by
/// one path per fill colour drawing the same squares (in the same group,
/// so with the same stroke). Cells do not overlap, so drawing them all
/// before the labels that followed some of them paints the same picture.
/// Those labels (a TV picture's `T#`/`V#`) are wrapped in a
/// `<g class="labels">`, which the page leaves undrawn while they would be
/// too small to read: laying out tens of thousands of texts takes the
/// browser a second. `None` if a cell's line is not as expected.
pub fn compact(svg: &str) -> Option<String> {
    use std::fmt::Write;
    let mut paths: Vec<(&str, String)> = Vec::new();
    let mut index = std::collections::HashMap::new();
    for line in svg.lines().filter(|l| is_cell(l)) {
        // The numbers are copied as the drawing wrote them, not re-read.
        let [x, y, w, h, fill] = rect_attrs(line)?;
        let k = *index.entry(fill).or_insert_with(|| {
            paths.push((fill, String::new()));
            paths.len() - 1
        });
        let d = &mut paths[k].1;
        for part in ["M", x, " ", y, "h", w, "v", h, "h-", w, "z"] {
            d.push_str(part);
        }
    }
    let mut out = String::with_capacity(svg.len() / 2);
    // Before the first cell, in the cells' group (and its labels), after.
    let (mut placed, mut in_group, mut labels) = (false, false, false);
    for line in svg.split_inclusive('\n') {
        if is_cell(line) {
            if !placed {
                placed = true;
                in_group = true;
                for (fill, d) in &paths {
                    let _ = writeln!(out, r#"<path fill="{fill}" d="{d}"/>"#);
                }
            }
            continue;
        }
        if in_group && line.starts_with("<text") && !labels {
            labels = true;
            out.push_str("<g class=\"labels\">\n");
        }
        if in_group && line.starts_with("</g>") {
            in_group = false;
            if labels {
                out.push_str("</g>\n");
            }
        }
        out.push_str(line);
    }
    Some(out)
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

    fn ok(expr: &str, view: View) -> Answer {
        explore(expr, view).unwrap_or_else(|f| panic!("{expr}: {}", f.error))
    }

    fn cell_count(svg: &str) -> usize {
        svg.matches("data-cell=\"").count()
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
        let svg = a.svg.unwrap();
        assert_eq!(a.grid, Some((2, 3)));
        assert_eq!(cell_count(&svg), 6);
        let plain = crate::lib_api::draw(
            &Drawing::layout(&"(2,3):(3,1)".parse().unwrap(), Colouring::Offset).unwrap(),
        )
        .unwrap();
        let stripped: String = (0..6).fold(svg.clone(), |s, k| {
            s.replace(&format!(" data-cell=\"{k}\""), "")
        });
        assert_eq!(stripped, plain);
    }

    #[test]
    fn cells_give_coordinate_and_offset_in_row_major_order() {
        let a = ok("(4,(2,2)):(2,(1,8))", View::Layout);
        assert_eq!(a.grid, Some((4, 4)));
        // Row 1, column 3: index 1 + 4 * 3 = 13, coordinate (1,(1,1)).
        let c = &a.cells[4 + 3];
        assert_eq!(
            (c.coord.as_str(), c.offset, c.bank),
            ("(1,(1,1))", 2 + 1 + 8, None)
        );
        let a = ok("(256,256):(256,1)", View::Layout);
        assert_eq!(a.cells.len(), 65536);
        assert_eq!(a.svg.as_deref().unwrap().matches('M').count(), 65536);
        assert_eq!(a.cells[1000].coord, "(3,232)");
        assert_eq!(a.cells[1000].offset, 3 * 256 + 232);
        // Rank 1 is one row.
        let a = ok("8:2", View::Layout);
        assert_eq!(a.grid, Some((1, 8)));
        assert_eq!(a.cells[3].coord, "3");
        assert_eq!(a.cells[3].offset, 6);
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
            let (rows, cols) = a.grid.unwrap();
            for (k, c) in a.cells.iter().enumerate() {
                let (i, j) = (k as i64 / cols, k as i64 % cols);
                let want = idx2crd_shape(i + rows * j, &d.shape()).unwrap().to_string();
                assert_eq!(c.coord, want, "{l} cell {k}");
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
        let svg = a.svg.unwrap();
        assert!(svg.contains("1 wavefront where 1 would do: 1-way bank conflict"));
        assert_eq!(cell_count(&svg), 512);
        // Row 1, column 0: offset 64 swizzled to 72, bank 72 * 2 / 4 = 36 -> 4.
        let c = &a.cells[64];
        assert_eq!((c.coord.as_str(), c.offset, c.bank), ("(1,0)", 72, Some(4)));
    }

    #[test]
    fn tv_cells_name_thread_and_value() {
        let a = ok(
            "((32,4),(2,2)):((2,128),(1,64))",
            View::Tv {
                tile: Some((64, 8)),
            },
        );
        assert_eq!(a.grid, Some((64, 8)));
        assert_eq!(cell_count(a.svg.as_deref().unwrap()), 512);
        // Thread 32 = (0,1) starts at index 128: row 0, column 2.
        let c = &a.cells[2];
        assert_eq!(
            (c.coord.as_str(), c.offset, c.thread, c.value),
            ("(0,2)", 128, Some(32), Some(0))
        );
        // Without a tile, the drawing's default one, read from its title.
        // (cosize 8: the nearest divisor at or above its square root is 4).
        let a = ok("(4,2):(2,1)", View::Tv { tile: None });
        assert_eq!(a.grid, Some((4, 2)));
        // Threads 0 and 1 reach indices 0 and 2 (row 0); index 1, cell
        // (1,0), no thread reaches.
        let a = ok("(2,1):(2,0)", View::Tv { tile: Some((2, 2)) });
        let threads: Vec<_> = a.cells.iter().map(|c| c.thread).collect();
        assert_eq!(threads, [Some(0), Some(1), None, None]);
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
        assert!(a.svg.is_none() && a.table.is_none());
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
        assert!(a.svg.is_none() && a.cells.is_empty());
        assert!(a.svg_error.unwrap().contains("limit 65536"));
        let a = ok("(2048,1024)", View::Layout);
        assert!(
            a.table_error
                .unwrap()
                .contains("more than the limit of 1048576")
        );
        // The largest TV picture: a 128 x 128 tile.
        let a = ok("(128,128):(1,128)", View::Tv { tile: None });
        assert_eq!(a.cells.len(), 16384);
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
    fn large_pictures_are_one_path_per_colour() {
        let a = ok("(256,256):(256,1)", View::Layout);
        let svg = a.svg.unwrap();
        let g = a.geometry.unwrap();
        assert_eq!((g.x, g.y), (28.0, 28.0));
        assert!(
            (g.w - 3.125).abs() < 1e-4 && (g.h - 3.125).abs() < 1e-4,
            "{g:?}"
        );
        // No cell rectangle is left; every cell is a square of a path.
        assert_eq!(svg.lines().filter(|l| is_cell(l)).count(), 0);
        assert_eq!(svg.matches('M').count(), 65536);
        let paths = svg.matches("<path ").count();
        assert!((2..=301).contains(&paths), "{paths}");
        // The rest is untouched: the frame, the title, the axes.
        let plain = crate::lib_api::draw(
            &Drawing::layout(&"(256,256):(256,1)".parse().unwrap(), Colouring::Offset).unwrap(),
        )
        .unwrap();
        let rest = |s: &str| -> Vec<String> {
            s.lines()
                .filter(|l| !is_cell(l) && !l.starts_with("<path "))
                .map(String::from)
                .collect()
        };
        assert_eq!(rest(&svg), rest(&plain));
        assert!(svg.len() < plain.len() / 2);
        // The last cell's square, in its colour.
        assert!(svg.contains("M824.88 824.88h3.12v3.12h-3.12z"), "{svg}");
        // TV: the labels stay, the cells are paths.
        let a = ok("(128,128):(1,128)", View::Tv { tile: None });
        let svg = a.svg.unwrap();
        assert_eq!(svg.matches('M').count(), 16384);
        assert!(svg.contains(">T127</text>"));
        assert_eq!(svg.matches("<g class=\"labels\">").count(), 1);
        let labels = &svg[svg.find("<g class=\"labels\">").unwrap()..];
        let labels = &labels[..labels.find("</g>").unwrap()];
        assert_eq!(labels.matches("<text").count(), 2 * 16384);
        assert_eq!(a.geometry.map(|g| (g.w, g.h)), Some((46.0, 30.0)));
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
