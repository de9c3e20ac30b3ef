//! Pictures of a tiled MMA and of a tiled copy, as [`TvFigure`]s.
//!
//! A tiled MMA is drawn as CuTe's `print_svg(TiledMMA)` draws it: C at the
//! origin of the tile, A to its left (M down, K across), B above it (K
//! down, N across), so that each C cell lines up with the row of A and the
//! column of B it is computed from; every cell labelled `T<tid> V<vid>`
//! from `get_layoutA/B/C_TV` and coloured by thread with CuTe's colours.
//! A tiled copy, which CuTe draws only in LaTeX (`print_latex(TiledCopy)`),
//! is drawn as that draws it: the source TV layout (`get_layoutS_TV`) on
//! the left, the destination (`get_layoutD_TV`) on the right, three
//! columns apart.

use alloc::format;
use alloc::vec;

use super::MAX_CELLS;
use super::banks::xml_escape;
use super::tv::{CUTE_STYLE, RowNumbers, TvFigure, TvPanel, owners};
use crate::atom::dynamic::{Operand, TiledCopy, TiledMma};
use crate::dynamic::DynLayout;
use crate::error::LayoutError;

const OP: &str = "svg";

fn too_many() -> LayoutError {
    LayoutError::BadArgument {
        op: OP,
        msg: "the picture has too many cells to draw (limit 65536)",
    }
}

/// A panel of `tv` over a `p x q` tile, CuTe's cells, at cell `(col, row)`
/// of the page.
fn panel(
    name: &'static str,
    tv: &DynLayout,
    (p, q): (i64, i64),
    transposed: bool,
    (col, row): (i64, i64),
    row_numbers: RowNumbers,
) -> Result<TvPanel, LayoutError> {
    let (w, h) = CUTE_STYLE.cell;
    Ok(TvPanel {
        name,
        extent: (p, q),
        transposed,
        origin: (col * w, row * h),
        row_numbers,
        owner: owners(tv, p * q, OP)?,
    })
}

/// The page of `cols x rows` cells of CuTe's size.
fn page(cols: i64, rows: i64) -> (i64, i64) {
    let (w, h) = CUTE_STYLE.cell;
    (cols * w, rows * h)
}

impl TvFigure {
    /// A tiled MMA's A, B and C thread/value layouts over its `M x N x K`
    /// tile, placed as CuTe's `print_svg(TiledMMA)` places them (in cells
    /// of 20 units): C's `(m, n)` at `(K + 2 + n, K + 2 + m)`, A's `(m, k)`
    /// at `(1 + k, K + 2 + m)`, B's `(n, k)` at `(K + 2 + n, 1 + k)`, with
    /// A's and B's rows and columns numbered. Errors when the three tiles
    /// hold more than 65,536 cells.
    ///
    /// ```
    /// use cute_algebra::atom::dynamic::{MmaAtom, TiledMma};
    /// use cute_algebra::svg::TvFigure;
    /// let tm = TiledMma::new(MmaAtom::parse("SM80_16x8x8_F16F16F16F16_TN").unwrap(),
    ///                        &"(2,2,1)".parse().unwrap(), None).unwrap();
    /// let f = TvFigure::tiled_mma(&tm).unwrap();
    /// let names: Vec<_> = f.panels.iter().map(|p| p.name).collect();
    /// assert_eq!(names, ["C", "A", "B"]);
    /// // C's (m, n) = (8, 0): thread 4's value 2 (thread 4 is lane 4 of warp 0).
    /// assert_eq!(f.panels[0].cell(8, 0), Some((0, 2)));
    /// assert_eq!(f.cells(), 32 * 16 + 32 * 8 + 16 * 8);
    /// ```
    pub fn tiled_mma(tm: &TiledMma) -> Result<TvFigure, LayoutError> {
        let [m, n, k] = tm.tile_shape()?;
        [(m, n), (m, k), (n, k)]
            .iter()
            .try_fold(0i64, |a, &(p, q)| a.checked_add(p.checked_mul(q)?))
            .filter(|&c| c <= MAX_CELLS && m > 0 && n > 0 && k > 0)
            .ok_or_else(too_many)?;
        let tv = |op| tm.layout_tv(op);
        Ok(TvFigure {
            title: xml_escape(&format!("{tm}")),
            size: page(k + n + 2, k + m + 2),
            style: CUTE_STYLE,
            panels: vec![
                panel(
                    "C",
                    &tv(Operand::C)?,
                    (m, n),
                    false,
                    (k + 2, k + 2),
                    RowNumbers::None,
                )?,
                panel(
                    "A",
                    &tv(Operand::A)?,
                    (m, k),
                    false,
                    (1, k + 2),
                    RowNumbers::Left,
                )?,
                panel(
                    "B",
                    &tv(Operand::B)?,
                    (n, k),
                    true,
                    (k + 2, 1),
                    RowNumbers::Left,
                )?,
            ],
        })
    }

    /// A tiled copy's source and destination thread/value layouts over its
    /// `M x N` tile (`Tiler_MN`), as CuTe's `print_latex(TiledCopy)` places
    /// them (in cells of 20 units): the source's `(m, n)` at
    /// `(1 + n, 1 + m)`, its rows numbered on the left; the destination's
    /// at `(N + 4 + n, 1 + m)`, numbered on the right. Errors for a tile
    /// of rank other than 2, or of more than 32,768 cells.
    ///
    /// ```
    /// use cute_algebra::atom::dynamic::{CopyAtom, TiledCopy};
    /// use cute_algebra::svg::TvFigure;
    /// let atom = CopyAtom::parse("UniversalCopy<uint32_t>", "uint8_t").unwrap();
    /// let tc = TiledCopy::new(atom, &"(4,8):(8,1)".parse().unwrap(),
    ///                         &"(1,4)".parse().unwrap()).unwrap();
    /// let f = TvFigure::tiled_copy(&tc).unwrap();
    /// // Thread 1 holds row 0, columns 4 to 7 of the 4 x 32 tile.
    /// assert_eq!(f.panels[0].cell(0, 5), Some((1, 1)));
    /// assert_eq!(f.panels[1].origin, (20 * (32 + 4), 20));
    /// ```
    pub fn tiled_copy(tc: &TiledCopy) -> Result<TvFigure, LayoutError> {
        let &[m, n] = tc.tiler_mn.as_slice() else {
            return Err(LayoutError::BadArgument {
                op: OP,
                msg: "a tiled copy is drawn over a rank-2 tile (Tiler_MN of two modes)",
            });
        };
        m.checked_mul(n)
            .and_then(|c| c.checked_mul(2))
            .filter(|&c| c <= MAX_CELLS && m > 0 && n > 0)
            .ok_or_else(too_many)?;
        Ok(TvFigure {
            title: xml_escape(&format!("{tc}")),
            size: page(2 * n + 5, m + 1),
            style: CUTE_STYLE,
            panels: vec![
                panel(
                    "S",
                    &tc.layout_tv_of(true)?,
                    (m, n),
                    false,
                    (1, 1),
                    RowNumbers::Left,
                )?,
                panel(
                    "D",
                    &tc.layout_tv_of(false)?,
                    (m, n),
                    false,
                    (n + 4, 1),
                    RowNumbers::Right,
                )?,
            ],
        })
    }
}

/// Draws a tiled MMA as [`TvFigure::tiled_mma`] lays it out.
///
/// ```
/// use cute_algebra::atom::dynamic::{MmaAtom, TiledMma};
/// let tm = TiledMma::new(MmaAtom::parse("SM80_16x8x16_F32F16F16F32_TN").unwrap(),
///                        &"(2,2,1)".parse().unwrap(), None).unwrap();
/// let svg = cute_algebra::svg::tiled_mma_to_svg(&tm).unwrap();
/// // C's first cell, at (K + 2, K + 2) cells of 20: thread 0, value 0.
/// assert!(svg.contains(r#"<rect x="360" y="360" width="20" height="20" fill="rgb(175,175,255)"/>"#));
/// assert!(svg.contains(r#"<text x="370" y="365">T0</text><text x="370" y="375">V0</text>"#));
/// ```
pub fn tiled_mma_to_svg(tm: &TiledMma) -> Result<alloc::string::String, LayoutError> {
    Ok(TvFigure::tiled_mma(tm)?.to_svg(true))
}

/// Draws a tiled copy as [`TvFigure::tiled_copy`] lays it out.
///
/// ```
/// use cute_algebra::atom::dynamic::{CopyAtom, TiledCopy};
/// let atom = CopyAtom::parse("UniversalCopy<uint32_t>", "uint8_t").unwrap();
/// let tc = TiledCopy::new(atom, &"(4,8):(8,1)".parse().unwrap(),
///                         &"(1,4)".parse().unwrap()).unwrap();
/// let svg = cute_algebra::svg::tiled_copy_to_svg(&tc).unwrap();
/// assert_eq!(svg.matches("<rect x=").count(), 2 * 4 * 32);
/// ```
pub fn tiled_copy_to_svg(tc: &TiledCopy) -> Result<alloc::string::String, LayoutError> {
    Ok(TvFigure::tiled_copy(tc)?.to_svg(true))
}
