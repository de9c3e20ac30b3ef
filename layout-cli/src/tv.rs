//! `cute-algebra svg --tv TV [--tile M,N]`: a thread/value layout drawn as
//! CuTe's `print_latex` does (the library's `tv_to_svg`).

use crate::drawable::layout_arg;
use crate::lib_api::tv_to_svg;

/// `--tile M,N`: two integers; their range is the drawing's to check.
pub fn parse_tile(s: &str) -> Result<(i64, i64), String> {
    let parse = || {
        let (m, n) = s.split_once(',')?;
        Some((m.trim().parse().ok()?, n.trim().parse().ok()?))
    };
    parse().ok_or_else(|| "--tile takes M,N (two integers)".into())
}

/// The SVG of the TV layout `expr` over `tile`, or the error to print.
pub fn svg_tv(expr: &str, tile: Option<(i64, i64)>) -> Result<String, String> {
    layout_arg(expr).and_then(|l| tv_to_svg(&l, tile).map_err(|e| e.to_string()))
}
