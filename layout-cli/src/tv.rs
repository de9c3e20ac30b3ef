//! `cute-algebra svg --tv TV [--tile M,N] [-o FILE]`: a thread/value layout
//! drawn as CuTe's `print_latex` does (`cute_algebra::svg::tv_to_svg`).

use std::io::Write;
use std::process::ExitCode;

use cute_algebra::dynamic::DynLayout;

fn parse_tile(s: &str) -> Option<(i64, i64)> {
    let (m, n) = s.split_once(',')?;
    Some((m.trim().parse().ok()?, n.trim().parse().ok()?))
}

/// Runs `svg --tv`; `layout_arg` evaluates the TV expression.
pub fn cmd_svg_tv(args: &[String], layout_arg: fn(&str) -> Result<DynLayout, String>) -> ExitCode {
    let (mut expr, mut tile, mut output) = (None, None, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().cloned();
        match a.as_str() {
            "--tv" => expr = value(),
            "--tile" => match value().as_deref().map(parse_tile) {
                Some(Some(t)) => tile = Some(t),
                _ => {
                    eprintln!("error: --tile takes M,N (two integers)");
                    return ExitCode::from(2);
                }
            },
            "-o" | "--output" => output = value(),
            other => {
                eprintln!(
                    "error: unexpected argument '{other}' (svg --tv TV [--tile M,N] [-o FILE])"
                );
                return ExitCode::from(2);
            }
        }
    }
    let Some(expr) = expr else {
        eprintln!("error: --tv takes a TV layout");
        return ExitCode::from(2);
    };
    let svg = match layout_arg(&expr)
        .and_then(|l| cute_algebra::svg::tv_to_svg(&l, tile).map_err(|e| e.to_string()))
    {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let res = match output {
        Some(f) => std::fs::write(f, svg),
        None => std::io::stdout().write_all(svg.as_bytes()),
    };
    match res {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
