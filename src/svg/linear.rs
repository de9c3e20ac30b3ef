//! A linear layout's map drawn over its outputs: the output grid (`dim0`
//! down, `dim1` across; one output dimension is folded into rows), each cell
//! labelled with the input that reaches it (one line per input dimension)
//! and coloured by one input dimension, with the bases listed below it, one
//! line per input dimension, as Triton prints them.
//!
//! ```
//! use cute_algebra::linear::LinearLayout;
//! use cute_algebra::svg::linear_to_svg;
//! let acc = LinearLayout::from_bases(
//!     &[("register", vec![vec![0, 1], vec![8, 0]]),
//!       ("lane", vec![vec![0, 2], vec![0, 4], vec![1, 0], vec![2, 0], vec![4, 0]])],
//!     &["dim0", "dim1"],
//! ).unwrap();
//! let svg = linear_to_svg(&acc, None).unwrap();
//! // Element (0, 3) is register 1 of lane 1; the bases follow the grid.
//! assert!(svg.contains(r#"data-cell="0,3" data-in="1,1""#));
//! assert!(svg.contains("lane: 1 -&gt; (0, 2)"));
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::Write;

use super::banks::xml_escape;
use super::tv::{MARGIN, MAX_TV_CELLS, Palette, axes};
use crate::error::LayoutError;
use crate::linear::LinearLayout;

const CELL_W: f64 = 46.0;
const LINE_H: f64 = 13.0;
/// Most input bits enumerated to find each cell's input.
const MAX_IN_BITS: usize = 20;

fn bad(msg: &'static str) -> LayoutError {
    LayoutError::BadArgument {
        op: "svg of a linear layout",
        msg,
    }
}

/// The grid a layout's outputs fill: log2 of its rows and columns, and
/// whether one output dimension is folded into rows. The output dimensions
/// of size 1 take no room; of the others, two are the first down and the
/// second across, and one is folded row-major into rows of `2^ceil(k/2)`.
fn grid(l: &LinearLayout) -> Result<(u32, u32, bool), LayoutError> {
    let ks: Vec<u32> = l
        .out_dims()
        .iter()
        .map(|(_, s)| s.trailing_zeros())
        .filter(|k| *k > 0)
        .collect();
    match ks.as_slice() {
        [] => Ok((0, 0, true)),
        [k] => Ok((k / 2, k - k / 2, true)),
        [m, n] => Ok((*m, *n, false)),
        _ => Err(bad(
            "it draws a layout with at most two output dimensions of size above 1",
        )),
    }
}

/// Each cell's input, the smallest (input dimensions concatenated, the
/// first the least significant) of those that reach it, or `None`.
pub(crate) fn cells(l: &LinearLayout) -> Result<(u32, u32, Vec<Option<u64>>), LayoutError> {
    let (kr, kc, folded) = grid(l)?;
    if kr + kc > MAX_TV_CELLS.trailing_zeros() {
        return Err(bad("the output has too many cells to draw (limit 16384)"));
    }
    let n = l.total_in_bits();
    if n > MAX_IN_BITS {
        return Err(bad("the layout has too many inputs to draw (limit 2^20)"));
    }
    let images = l.flat_images();
    let mut cells = vec![None; 1 << (kr + kc)];
    // Inputs in increasing order, so that each cell keeps its smallest.
    for x in 0..1u64 << n {
        let v = (0..n)
            .filter(|b| (x >> b) & 1 == 1)
            .fold(0u64, |acc, b| acc ^ images[b]);
        let (r, c) = if folded {
            (v >> kc, v & ((1 << kc) - 1))
        } else {
            (v & ((1 << kr) - 1), v >> kr)
        };
        let cell = &mut cells[(r + (c << kr)) as usize];
        if cell.is_none() {
            *cell = Some(x);
        }
    }
    Ok((kr, kc, cells))
}

/// Draws `l` over its outputs, each cell coloured by input dimension
/// `colour_by` (default: the thread, `lane` and `warp` together where the
/// layout has a `lane`, else the first input dimension). Errors for more
/// than two output dimensions, more than 16384 cells or 2^20 inputs, or an
/// unknown `colour_by`.
pub fn linear_to_svg(l: &LinearLayout, colour_by: Option<&str>) -> Result<String, LayoutError> {
    let (kr, kc, cells) = cells(l)?;
    let (rows, cols) = (1u64 << kr, 1u64 << kc);
    let ins = l.in_dims();
    let shift: Vec<u32> = ins
        .iter()
        .scan(0, |s, (_, size)| {
            let at = *s;
            *s += size.trailing_zeros();
            Some(at)
        })
        .collect();
    let part = |x: u64, d: usize| (x >> shift[d]) & (ins[d].1 as u64 - 1);
    // The colour: one dimension's value, or the thread (lane + 32 warp).
    let by: Vec<(usize, u32)> = match colour_by {
        Some(name) => {
            let d = ins
                .iter()
                .position(|(n, _)| *n == name)
                .ok_or(bad("the dimension to colour by is not an input dimension"))?;
            vec![(d, 0)]
        }
        None => match ins.iter().position(|(n, _)| *n == "lane") {
            Some(d) => {
                let lane_bits = ins[d].1.trailing_zeros();
                let mut v = vec![(d, 0)];
                v.extend(
                    ins.iter()
                        .position(|(n, _)| *n == "warp")
                        .map(|w| (w, lane_bits)),
                );
                v
            }
            None => vec![(0, 0)],
        },
    };
    // Labels: one line per input dimension with bits, its initial (or its
    // name, where two share an initial) and its value.
    let shown: Vec<usize> = (0..ins.len()).filter(|&d| ins[d].1 > 1).collect();
    let initial = |d: usize| ins[d].0.chars().next().map(|c| c.to_ascii_uppercase());
    let unique = shown
        .iter()
        .all(|&a| shown.iter().filter(|&&b| initial(b) == initial(a)).count() == 1);
    let tag = |d: usize| match (unique, initial(d)) {
        (true, Some(c)) => String::from(c),
        _ => format!("{}=", ins[d].0),
    };
    let lines = shown.len().max(1);
    let cell_h = LINE_H * lines as f64 + 6.0;
    let bases = l.bases();
    let (w, h) = (
        MARGIN + cols as f64 * CELL_W + 10.0,
        MARGIN + rows as f64 * cell_h + 30.0 + 16.0 * (bases.len() as f64 + 1.0),
    );
    let dims = |v: Vec<(&str, i64)>| {
        v.iter()
            .map(|(n, s)| format!("{n} {s}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let title = format!(
        "linear layout ({}) -> ({})",
        dims(l.in_dims()),
        dims(l.out_dims())
    );
    let mut s = super::header(w, h, &xml_escape(&title), MARGIN, h - 10.0, true);
    let _ = writeln!(
        s,
        r##"<g stroke="#333" stroke-width="0.6" font-size="11" text-anchor="middle" dominant-baseline="central">"##
    );
    for r in 0..rows {
        for c in 0..cols {
            let (x, y) = (MARGIN + c as f64 * CELL_W, MARGIN + r as f64 * cell_h);
            let cell = cells[(r + (c << kr)) as usize];
            let fill = cell.map_or(String::from("white"), |x| {
                Palette::Golden.colour(by.iter().map(|&(d, at)| (part(x, d) << at) as i64).sum())
            });
            let input = cell.map_or(String::new(), |x| {
                let v: Vec<String> = (0..ins.len()).map(|d| format!("{}", part(x, d))).collect();
                v.join(",")
            });
            let _ = writeln!(
                s,
                r#"<rect x="{x:.1}" y="{y:.1}" width="{CELL_W}" height="{cell_h:.1}" fill="{fill}" data-cell="{r},{c}" data-in="{input}"/>"#
            );
            if let Some(x) = cell {
                let cx = MARGIN + (c as f64 + 0.5) * CELL_W;
                for (k, &d) in shown.iter().enumerate() {
                    let _ = writeln!(
                        s,
                        r#"<text x="{cx:.1}" y="{:.1}" stroke="none">{}{}</text>"#,
                        y + 3.0 + LINE_H * (k as f64 + 0.5),
                        tag(d),
                        part(x, d)
                    );
                }
            }
        }
    }
    let _ = writeln!(s, "</g>");
    axes(&mut s, rows, cols, CELL_W, cell_h);
    // The bases, one line per input dimension.
    let y0 = MARGIN + rows as f64 * cell_h + 18.0;
    let drawn: Vec<&str> = l
        .out_dims()
        .into_iter()
        .filter(|(_, s)| *s > 1)
        .map(|(n, _)| n)
        .collect();
    let grid_is = match drawn.as_slice() {
        [a, b] => format!("{a} down, {b} across"),
        [a] => format!("{a} = {cols} row + column"),
        _ => String::from("one cell"),
    };
    let _ = writeln!(
        s,
        r#"<g font-size="12"><text x="{MARGIN}" y="{y0:.1}">bases ({grid_is}):</text>"#
    );
    for (i, (name, bs)) in bases.iter().enumerate() {
        let list: Vec<String> = bs
            .iter()
            .enumerate()
            .map(|(b, v)| {
                let v: Vec<String> = v.iter().map(|x| format!("{x}")).collect();
                format!("{} -&gt; ({})", 1u64 << b, v.join(", "))
            })
            .collect();
        let text = if list.is_empty() {
            String::from("size 1")
        } else {
            list.join("   ")
        };
        let _ = writeln!(
            s,
            r#"<text x="{MARGIN}" y="{:.1}">{}: {text}</text>"#,
            y0 + 16.0 * (i as f64 + 1.0),
            xml_escape(name)
        );
    }
    let _ = writeln!(s, "</g>\n</svg>");
    Ok(s)
}
