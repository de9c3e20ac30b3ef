//! `cute-algebra`: CuTe's layout algebra on the command line.
//!
//! A thin shell over `cute_algebra::dynamic` (evaluation, `print_layout`)
//! and `cute_algebra::svg`. Arguments are parsed by hand: three subcommands
//! and one option do not justify a dependency.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use cute_algebra::dynamic::DynLayout;
use cute_algebra::dynamic::eval::{Value, eval, eval_line};

mod tv;

const HELP: &str = "\
cute-algebra: NVIDIA CuTe's layout algebra on run-time layouts

USAGE:
    cute-algebra eval [EXPR...]          evaluate expressions (stdin if none, or '-')
    cute-algebra show LAYOUT             print CuTe's print_layout table
    cute-algebra svg LAYOUT [-o FILE]    draw the layout as SVG
    cute-algebra svg --tv TV [--tile M,N] [-o FILE]   draw a thread/value layout
    cute-algebra COMMAND --help          help and examples for a command

EXAMPLES:
    cute-algebra eval 'logical_divide((4,2,3):(2,1,8), 4:2)'
    cute-algebra show '(4,(2,2)):(2,(1,8))'
    cute-algebra svg '(8,8):(8,1)' -o tile.svg
";

const EVAL_HELP: &str = "\
cute-algebra eval [EXPR...]

Evaluate each EXPR and print one line per expression: the result, or
'error: <message>'. With no EXPR, or with '-', read one expression per line
from stdin (blank lines are skipped). Exits with status 1 if any failed.

GRAMMAR (CuTe's notation; spaces and CuTe's '_N' static markers are accepted):
    layout   SHAPE:STRIDE, or a bare SHAPE (column-major)   (4,(2,3)):(1,(4,8))  8:2
    inttuple INT or ( ... )                                  (2,(3,4))  -1  (4)
    tiler    <a, b, ...> by mode, of layouts, ints and _     <3:4, 8:2>  <4, _>
    _        the underscore (keep this mode / slice it)
    call     name(arg, ...)

CALLS:
    coalesce(L[, profile])  filter(L[, profile])  complement(L[, cotarget])
    composition(A, B|tiler)  right_inverse(L)  left_inverse(L)  nullspace(L)
    logical_divide  zipped_divide  tiled_divide  flat_divide      (L, tiler)
    logical_product zipped_product tiled_product flat_product    (L, tiler)
    blocked_product(A, B)  raked_product(A, B)  tile_to_shape(L, shape[, order])
    make_layout(shape | L, ...)  make_layout_right(shape)  make_ordered_layout(shape, order)
    size(L)  cosize(L)  rank(L)  depth(L)  crd2idx(L, coord)  idx2crd(L|shape, i)
    slice(L, coord)  domain_distribute(shape, n)
    tensor(L)  values(T)   a counting tensor (value = offset) and its values
    on a tensor T: slice  composition  logical/zipped/tiled/flat_divide
      local_tile(T, tiler, coord)  inner_partition  outer_partition
      local_partition(T, thr_layout, thr_idx)  size(T)  layout(T)

EXAMPLES:
    cute-algebra eval 'logical_divide((4,2,3):(2,1,8), 4:2)'
        ((2,2),(2,3)):((4,1),(2,8))
    cute-algebra eval 'composition((12,(4,8)):(59,(13,1)), <3:4, 8:2>)' 'size(6:1)'
    printf 'coalesce((2,4):(1,2))\\ncomplement(4:2, 24)\\n' | cute-algebra eval
    cute-algebra eval 'local_tile(tensor((16,16):(1,16)), (4,4), (1,2))'
        counting_iter(132) o (4,4):(1,16)
";

const SHOW_HELP: &str = "\
cute-algebra show LAYOUT

Print LAYOUT and, for rank 2, CuTe's print_layout table (rows are mode 0,
columns mode 1, cells the offsets), byte-identical to CuTe's output. Other
ranks print a listing 'index: offset'. LAYOUT may be any expression that
evaluates to a layout.

EXAMPLES:
    cute-algebra show '(2,3):(3,1)'
    cute-algebra show '(4,(2,2)):(2,(1,8))'
    cute-algebra show 'blocked_product((2,2):(1,2), (2,3):(3,1))'
";

const SVG_HELP: &str = "\
cute-algebra svg LAYOUT [-o FILE]

Draw LAYOUT as SVG: a grid of cells in coordinate order (rows are mode 0,
columns the other modes; rank 1 is a strip), each labelled with its offset and
coloured by it. Heavier lines separate the tiles of hierarchical modes. Large
layouts shrink their cells and drop labels before they overlap (at most
65536 cells). Writes to FILE with -o/--output, else to stdout.

EXAMPLES:
    cute-algebra svg '(8,8):(8,1)' -o rowmajor.svg
    cute-algebra svg '((2,4),(2,4)):((1,16),(2,4))' > tiles.svg
    cute-algebra svg 'raked_product((2,2):(1,2), (4,4):(4,1))' -o raked.svg

With --tv, TV is a (thread, value) -> index layout over an M x N tile
(index i is cell (i % M, i / M)), drawn as CuTe's print_latex: each cell
shows T# and V#, coloured by thread. Without --tile, M x N is a near-square
tile of the layout's cosize.
    cute-algebra svg --tv '((32,4),(2,2)):((2,128),(1,64))' --tile 64,8 -o tv.svg
";

fn wants_help(args: &[String]) -> bool {
    args.iter().any(|a| a == "-h" || a == "--help")
}

fn layout_arg(expr: &str) -> Result<DynLayout, String> {
    match eval(expr) {
        Ok(Value::Layout(l)) => Ok(l),
        Ok(Value::Int(_) | Value::Tuple(_)) => expr.parse::<DynLayout>().map_err(|e| e.to_string()),
        Ok(v) => Err(format!("'{v}' is not a layout")),
        Err(e) => Err(e.to_string()),
    }
}

fn cmd_eval(args: &[String]) -> ExitCode {
    let mut failed = false;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut run = |expr: &str, out: &mut dyn Write| {
        let line = eval_line(expr);
        failed |= line.starts_with("error: ");
        let _ = writeln!(out, "{line}");
    };
    if args.is_empty() || (args.len() == 1 && args[0] == "-") {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else {
                eprintln!("error: stdin is not valid UTF-8");
                return ExitCode::FAILURE;
            };
            if !line.trim().is_empty() {
                run(line.trim(), &mut out);
            }
        }
    } else {
        for a in args {
            run(a, &mut out);
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn cmd_show(args: &[String]) -> ExitCode {
    let [expr] = args else {
        eprintln!("error: show takes one LAYOUT\n\n{SHOW_HELP}");
        return ExitCode::from(2);
    };
    match layout_arg(expr).and_then(|l| l.print_layout().map_err(|e| e.to_string())) {
        Ok(s) => {
            print!("{s}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn cmd_svg(args: &[String]) -> ExitCode {
    if args.iter().any(|a| a == "--tv") {
        return tv::cmd_svg_tv(args, layout_arg);
    }
    let mut expr = None;
    let mut output = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "-o" || a == "--output" {
            output = it.next();
            if output.is_none() {
                eprintln!("error: -o needs a FILE");
                return ExitCode::from(2);
            }
        } else if expr.is_none() {
            expr = Some(a);
        } else {
            eprintln!("error: unexpected argument '{a}'\n\n{SVG_HELP}");
            return ExitCode::from(2);
        }
    }
    let Some(expr) = expr else {
        eprintln!("error: svg takes a LAYOUT\n\n{SVG_HELP}");
        return ExitCode::from(2);
    };
    let svg = match layout_arg(expr)
        .and_then(|l| cute_algebra::svg::to_svg(&l).map_err(|e| e.to_string()))
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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((cmd, rest)) = args.split_first() else {
        eprint!("{HELP}");
        return ExitCode::from(2);
    };
    let (help, run): (&str, fn(&[String]) -> ExitCode) = match cmd.as_str() {
        "eval" => (EVAL_HELP, cmd_eval),
        "show" => (SHOW_HELP, cmd_show),
        "svg" => (SVG_HELP, cmd_svg),
        "-h" | "--help" | "help" => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        "-V" | "--version" => {
            println!("cute-algebra {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        other => {
            eprintln!("error: unknown command '{other}'\n\n{HELP}");
            return ExitCode::from(2);
        }
    };
    if wants_help(rest) {
        print!("{help}");
        return ExitCode::SUCCESS;
    }
    run(rest)
}
