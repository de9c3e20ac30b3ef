//! `svg` of a tiled MMA and of a tiled copy, checked two ways:
//!
//! - against CuTe's own pictures (`tests/data/cute/print_svg_cases.cpp`,
//!   CuTe C++ compiled with g++, its output in `print_svg_cases.out`):
//!   `print_svg(TiledMMA)` for MMAs, `print_latex(TiledCopy)` for copies
//!   (CuTe has no SVG of a copy). Compared: every cell's position, fill
//!   colour and `T<tid>`/`V<vid>` labels (with their positions), and the
//!   row and column numbers with theirs. Not compared: styling (CuTe
//!   repeats font and stroke attributes on every element, we set them on
//!   groups), CuTe's comments and page attributes, and our caption.
//! - by brute force over the TV layouts the evaluator gives
//!   (`get_layoutA/B/C_TV`, `get_layoutS/D_TV`): at every cell of every
//!   operand, the label is the least (thread, value), threads first, that
//!   the TV layout sends to that cell, as CuTe's drawing order shows it.

use std::collections::{BTreeMap, BTreeSet};

#[path = "support/cute_print.rs"]
mod cute_print;

use cute_algebra::dynamic::DynLayout;
use cute_algebra::eval::{Value, eval};
use cute_algebra::svg::{CUTE_TV_COLOURS, TvFigure};

/// A cell: its top-left corner, its fill, and its two labels with their
/// positions.
type Cells = BTreeMap<(i64, i64), String>;
/// Texts by position.
type Texts = BTreeSet<(i64, i64, String)>;

fn attr<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let k = line.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(&line[k..k + line[k..].find('"')?])
}

fn num(s: &str) -> i64 {
    s.parse::<f64>()
        .unwrap_or_else(|_| panic!("not a number: {s}")) as i64
}

/// The cell rectangles (position -> fill) and the texts of an SVG, CuTe's
/// or ours: every `<rect x=...>` but the background, and every
/// `<text x=... y=...>...</text>` (several may share a line).
fn read_svg(svg: &str) -> (Cells, Texts) {
    let (mut cells, mut texts) = (Cells::new(), Texts::new());
    for line in svg.lines() {
        if line.starts_with("<rect x=") {
            let (x, y) = (attr(line, "x").unwrap(), attr(line, "y").unwrap());
            let fill = attr(line, "fill").unwrap().to_string();
            let old = cells.insert((num(x), num(y)), fill);
            assert!(old.is_none(), "two cells at ({x},{y})");
        }
        for t in line.split("<text").skip(1) {
            let (x, y) = (attr(t, "x").unwrap(), attr(t, "y").unwrap());
            let body = &t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()];
            texts.insert((num(x), num(y), body.to_string()));
        }
    }
    (cells, texts)
}

/// Cell labels (`T#`, `V#`) and numbers (row and column indices).
fn split(texts: &Texts) -> (Texts, Texts) {
    let is = |s: &str, p: &str| s.strip_prefix(p).is_some_and(|d| d.parse::<u32>().is_ok());
    let labels = texts
        .iter()
        .filter(|(_, _, s)| is(s, "T") || is(s, "V"))
        .cloned()
        .collect();
    let numbers = texts
        .iter()
        .filter(|(_, _, s)| s.parse::<u32>().is_ok())
        .cloned()
        .collect();
    (labels, numbers)
}

/// CuTe's output, case by case: (expression, output).
fn cute_cases() -> Vec<(String, String)> {
    let text = include_str!("data/cute/print_svg_cases.out");
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if let Some(expr) = line.strip_prefix("=== ") {
            out.push((expr.to_string(), String::new()));
        } else if let Some((_, body)) = out.last_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    out
}

fn figure(expr: &str) -> TvFigure {
    match eval(expr).unwrap_or_else(|e| panic!("{expr}: {e}")) {
        Value::TiledMma(t) => TvFigure::tiled_mma(&t).unwrap(),
        Value::TiledCopy(t) => TvFigure::tiled_copy(&t).unwrap(),
        v => panic!("{expr} is {v}"),
    }
}

/// `{rgb,255:red,R;green,G;blue,B}` as SVG's `rgb(R,G,B)`.
fn tikz_colour(c: &str) -> String {
    let v: Vec<&str> = c
        .trim_matches(|ch| ch == '{' || ch == '}')
        .split([':', ';'])
        .filter_map(|p| {
            let (name, value) = p.split_once(',')?;
            ["red", "green", "blue"].contains(&name).then_some(value)
        })
        .collect();
    format!("rgb({})", v.join(","))
}

/// CuTe's LaTeX of a copy in SVG units: its node at TikZ `(m, n)` (m down,
/// n across) is our cell at `((n + 1) * 20, (m + 1) * 20)`, a number's
/// centre at `+10` of that.
fn read_latex(tex: &str) -> (Cells, Texts) {
    let (mut cells, mut texts) = (Cells::new(), Texts::new());
    for line in tex.lines() {
        let Some(rest) = line.strip_prefix("\\node") else {
            continue;
        };
        let at = &rest[rest.find(" at (").unwrap() + 5..];
        let (m, n) = at[..at.find(')').unwrap()].split_once(',').unwrap();
        let (x, y) = ((num(n) + 1) * 20, (num(m) + 1) * 20);
        if let Some(fill) = rest.strip_prefix("[fill=") {
            let colour = &fill[..fill.find("] at").unwrap()];
            cells.insert((x, y), tikz_colour(colour));
            let body = &rest[rest.find("shortstack{").unwrap() + 11..];
            let (t, v) = body[..body.find('}').unwrap()]
                .split_once(" \\\\ ")
                .unwrap();
            texts.insert((x + 10, y + 5, t.to_string()));
            texts.insert((x + 10, y + 15, v.to_string()));
        } else {
            let body = &rest[rest.find("texttt{").unwrap() + 7..];
            texts.insert((x + 10, y + 10, body[..body.find('}').unwrap()].to_string()));
        }
    }
    (cells, texts)
}

#[test]
fn pictures_match_cutes_own() {
    let cases = cute_cases();
    assert_eq!(cases.len(), 6);
    for (expr, cute) in cases.iter().filter(|(e, _)| e.starts_with("make_")) {
        let ours = figure(expr).to_svg(true);
        let (cute_cells, cute_texts) = if cute.contains("\\begin{tikzpicture}") {
            read_latex(cute)
        } else {
            read_svg(cute)
        };
        let (our_cells, our_texts) = read_svg(&ours);
        assert!(!cute_cells.is_empty(), "{expr}");
        assert_eq!(our_cells, cute_cells, "{expr}: cells (position, fill)");
        let (cute_labels, cute_numbers) = split(&cute_texts);
        let (our_labels, our_numbers) = split(&our_texts);
        assert_eq!(cute_labels.len(), 2 * cute_cells.len(), "{expr}");
        assert_eq!(our_labels, cute_labels, "{expr}: T/V labels");
        assert_eq!(our_numbers, cute_numbers, "{expr}: row and column numbers");
    }
}

/// The TV layout of `op` (`A`, `B`, `C` of a tiled MMA, `S`, `D` of a
/// copy) from the evaluator.
fn tv_layout(expr: &str, op: &str) -> DynLayout {
    match eval(&format!("get_layout{op}_TV({expr})")).unwrap() {
        Value::Layout(l) => l,
        v => panic!("{v}"),
    }
}

/// Per tile index: the least (thread, value), threads first, that `tv`
/// sends there, by evaluating `tv` at every 1-D index.
fn brute_owners(tv: &DynLayout) -> BTreeMap<i64, (i64, i64)> {
    let threads = tv.mode(0).unwrap().size().unwrap();
    let mut out = BTreeMap::new();
    for i in 0..tv.size().unwrap() {
        let (t, v) = (i % threads, i / threads);
        let idx = tv.at(i).unwrap();
        let e = out.entry(idx).or_insert((t, v));
        *e = (*e).min((t, v));
    }
    out
}

/// An operand's panel: its name, its tile's extents (P, Q), and where tile
/// coordinate (a, b) is drawn.
type Placement<'a> = (&'a str, (i64, i64), &'a dyn Fn(i64, i64) -> (i64, i64));

/// Checks `svg` against the brute-force owners of each operand.
fn check_cells(what: &str, svg: &str, ops: &[Placement<'_>], expr: &str) {
    let (cells, texts) = read_svg(svg);
    let (labels, _) = split(&texts);
    let mut expected_cells = 0;
    for (op, (p, q), at) in ops {
        let owners = brute_owners(&tv_layout(expr, op));
        for a in 0..*p {
            for b in 0..*q {
                let (t, v) = owners[&(a + p * b)];
                let (x, y) = at(a, b);
                let fill = &cells[&(x, y)];
                assert_eq!(
                    fill,
                    CUTE_TV_COLOURS[(t % 8) as usize],
                    "{what} {op} ({a},{b})"
                );
                assert!(
                    labels.contains(&(x + 10, y + 5, format!("T{t}"))),
                    "{what} {op} ({a},{b}): T{t}"
                );
                assert!(
                    labels.contains(&(x + 10, y + 15, format!("V{v}"))),
                    "{what} {op} ({a},{b}): V{v}"
                );
                expected_cells += 1;
            }
        }
    }
    assert_eq!(cells.len(), expected_cells, "{what}: no other cells");
    assert_eq!(labels.len(), 2 * expected_cells, "{what}: no other labels");
}

#[test]
fn every_mma_cell_is_what_the_tv_layouts_say() {
    for expr in [
        "make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, (4,2,1), (128,32,32))",
        "make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1), <32, (8,2,2):(1,16,8), 16>)",
        "make_tiled_mma(MMA_Atom<SM70_8x8x4_F16F16F16F16_TN>, (2,2,1):(2,1,0))",
        "make_tiled_mma(MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>, (1,2,1))",
        "make_tiled_mma(MMA_Atom<SM90_64x8x16_F16F16F16_SS<K,K>>)",
        "make_tiled_mma(MMA_Atom<UniversalFMA<float,float,float,float>>, (8,4,1))",
    ] {
        let svg = cute_algebra::svg::tiled_mma_to_svg(match &eval(expr).unwrap() {
            Value::TiledMma(t) => t,
            v => panic!("{v}"),
        })
        .unwrap();
        let tile = match eval(&format!("tile_size({expr})")).unwrap() {
            Value::Tuple(t) => t.to_string(),
            v => panic!("{v}"),
        };
        let mnk: Vec<i64> = tile
            .trim_matches(|c| c == '(' || c == ')')
            .split(',')
            .map(|s| s.parse().unwrap())
            .collect();
        let (m, n, k) = (mnk[0], mnk[1], mnk[2]);
        // CuTe's print_svg: C's (m,n) at cell (K+2+n, K+2+m), A's (m,k) at
        // (1+k, K+2+m), B's (n,k) at (K+2+n, 1+k); cells of 20.
        let c = move |a: i64, b: i64| ((b + k + 2) * 20, (a + k + 2) * 20);
        let a_at = move |a: i64, b: i64| ((b + 1) * 20, (a + k + 2) * 20);
        let b_at = move |a: i64, b: i64| ((a + k + 2) * 20, (b + 1) * 20);
        check_cells(
            expr,
            &svg,
            &[
                ("C", (m, n), &c),
                ("A", (m, k), &a_at),
                ("B", (n, k), &b_at),
            ],
            expr,
        );
    }
}

#[test]
fn every_copy_cell_is_what_the_tv_layouts_say() {
    for (expr, (m, n)) in [
        (
            "make_tiled_copy_B(Copy_Atom<SM75_U32x2_LDSM_N, half_t>, make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1)))",
            (16, 16),
        ),
        (
            "make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, (16,8):(8,1), (1,8))",
            (16, 64),
        ),
        (
            "make_tiled_copy_C(Copy_Atom<SM90_U32x2_STSM_N, half_t>, make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1)))",
            (32, 16),
        ),
    ] {
        let tiler = eval(&format!("tiler_mn({expr})")).unwrap().to_string();
        assert_eq!(tiler, format!("({m},{n})"));
        let svg = cute_algebra::svg::tiled_copy_to_svg(match &eval(expr).unwrap() {
            Value::TiledCopy(t) => t,
            v => panic!("{v}"),
        })
        .unwrap();
        // print_latex(TiledCopy): S's (m,n) at cell (1+n, 1+m), D's at
        // (N+4+n, 1+m).
        let s_at = |a: i64, b: i64| ((b + 1) * 20, (a + 1) * 20);
        let d_at = move |a: i64, b: i64| ((b + n + 4) * 20, (a + 1) * 20);
        check_cells(
            expr,
            &svg,
            &[("S", (m, n), &s_at), ("D", (m, n), &d_at)],
            expr,
        );
    }
}

#[test]
fn pictures_too_large_or_of_no_2d_tile_are_refused() {
    let err = |expr: &str| match eval(expr).unwrap() {
        Value::TiledMma(t) => TvFigure::tiled_mma(&t).unwrap_err().to_string(),
        Value::TiledCopy(t) => TvFigure::tiled_copy(&t).unwrap_err().to_string(),
        v => panic!("{v}"),
    };
    // 256 x 256 C cells, and A and B besides: over 65536.
    let e = err("make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, (2,2,1), (256,256,16))");
    assert_eq!(
        e,
        "svg: the picture has too many cells to draw (limit 65536)"
    );
    // The largest that fits: 128 x 128 x 64 (16384 + 8192 + 8192 cells).
    let ok = eval("make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, (2,2,1), (128,128,64))");
    let Ok(Value::TiledMma(t)) = ok else { panic!() };
    assert_eq!(TvFigure::tiled_mma(&t).unwrap().cells(), 32768);
    let e = err("make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, uint32_t>, (2,2,2), (1,1,1))");
    assert!(e.contains("rank-2 tile"), "{e}");
    // Threads split over K: CuTe's get_layoutC_TV sends them past the
    // M x N tile (its print_svg would write outside its table); the
    // picture is refused, not drawn wrong. The layout is CuTe's.
    let (expr, cute) = cute_cases().pop().unwrap();
    let tv = eval(&expr).unwrap().to_string();
    assert_eq!(tv, cute_print::strip_static(cute.trim()));
    assert_eq!(tv, "((4,8,4),(2,(1,1))):((16,1,64),(8,(0,0)))");
    let e = err("make_tiled_mma(MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>, (1,2,2))");
    assert_eq!(e, "svg: an index of the TV layout falls outside the tile");
}
