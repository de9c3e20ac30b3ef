//! `cute-algebra`: CuTe's layout algebra on the command line.
//!
//! A thin shell over `cute_algebra::dynamic` (evaluation, `print_layout`)
//! and `cute_algebra::svg`. Arguments are parsed by hand: three subcommands
//! and one option do not justify a dependency.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use cute_algebra::dynamic::DynLayout;
use cute_algebra::eval::{Value, eval, eval_line};
use cute_algebra::svg::{Colouring, Drawing, draw};
use cute_algebra::swizzle::DynComposed;

mod tv;

const HELP: &str = "\
cute-algebra: NVIDIA CuTe's layout algebra on run-time layouts

USAGE:
    cute-algebra eval [EXPR...]          evaluate expressions (stdin if none, or '-')
    cute-algebra show LAYOUT             print CuTe's print_layout table
    cute-algebra svg LAYOUT [-o FILE] [--banks [--elem-bytes N]]
                                         draw the layout as SVG (--banks: by smem bank)
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
from stdin: every input line gets exactly one output line (a blank line an
empty one; a line that is not UTF-8 gets 'error: line N is not valid
UTF-8'). Exits with status 1 if any failed.

GRAMMAR (CuTe's notation; spaces and CuTe's '_N' static markers are accepted):
    Values are those of CuTe with every integer static, and print without '_'.
    The one call whose result depends on which values are static is
    make_ordered_layout: in an order written with some '_N', the plain values
    are runtime and CuTe ranks them after every static one, by position
    (make_ordered_layout((2,3,4,5), (_2,67,42,_50)) is (2,3,4,5):(1,10,30,2));
    an order with no '_N' is read as all static.
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
    make_layout(shape[, stride] | L, ...)  make_layout_right(shape)
    make_ordered_layout(shape, order)
    size(L)  cosize(L)  coshape(L)  rank(L)  depth(L)  crd2idx(L, coord)  idx2crd(L|shape, i)
    get(L, i, ...)  take(L, b, e)  select(L, i, ...)  flatten(L)  group(L, b, e)
    append(L[, X])  prepend(L[, X])   (CuTe's get<i...>, take<b,e>, ...; on
    a layout or an integer tuple)
    slice(L, coord)  domain_distribute(shape, n)  values(L)  upcast(L, n)  downcast(L, n)
    Sw<B,M,S>  swizzle(Sw, x)  composition(Sw, L)  get_swizzle_portion(C)
    get_nonswizzle_portion(C)   (a composed layout C takes the divides,
    tile_to_shape, composition, upcast/downcast, right_inverse, size, cosize, crd2idx)
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
evaluates to a layout. Layouts of more than 1048576 elements are refused
(the table would be gigabytes).

EXAMPLES:
    cute-algebra show '(2,3):(3,1)'
    cute-algebra show '(4,(2,2)):(2,(1,8))'
    cute-algebra show 'blocked_product((2,2):(1,2), (2,3):(3,1))'
    cute-algebra show 'composition(Sw<2,0,2>, (4,4):(4,1))'
";

const SVG_HELP: &str = "\
cute-algebra svg LAYOUT [-o FILE] [--banks [--elem-bytes N]]

Draw LAYOUT (a layout or a swizzled composed layout) as SVG: a grid of cells in coordinate order (rows are mode 0,
columns the other modes; rank 1 is a strip), each labelled with its offset and
coloured by it. Heavier lines separate the tiles of hierarchical modes. Large
layouts shrink their cells and drop labels before they overlap (at most
65536 cells). Writes to FILE with -o/--output, else to stdout.

--banks colours each cell by its shared-memory bank (32 banks of 4 bytes,
elements of --elem-bytes bytes, default 2) and reports the worst bank
conflict down a column: one colour per column is a conflict, a swizzle that
works shows every colour once.

EXAMPLES:
    cute-algebra svg '(8,8):(8,1)' -o rowmajor.svg
    cute-algebra svg '((2,4),(2,4)):((1,16),(2,4))' > tiles.svg
    cute-algebra svg 'raked_product((2,2):(1,2), (4,4):(4,1))' -o raked.svg
    cute-algebra svg 'composition(Sw<3,3,3>, (8,64):(64,1))' --banks -o smem.svg

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

/// A layout, or a swizzled composed layout (which `show` and `svg` also draw).
fn drawable_arg(expr: &str) -> Result<Result<DynLayout, DynComposed>, String> {
    match eval(expr) {
        Ok(Value::Composed(c)) => Ok(Err(c)),
        _ => layout_arg(expr).map(Ok),
    }
}

fn cmd_eval(args: &[String]) -> ExitCode {
    let mut failed = false;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut emit = |line: String| {
        failed |= line.starts_with("error: ");
        let _ = writeln!(out, "{line}");
    };
    if args.is_empty() || (args.len() == 1 && args[0] == "-") {
        let mut stdin = std::io::stdin().lock();
        let mut buf = Vec::new();
        for number in 1.. {
            buf.clear();
            match stdin.read_until(b'\n', &mut buf) {
                Ok(0) => break,
                Ok(_) => {}
                Err(e) => {
                    eprintln!("error: cannot read stdin at line {number}: {e}");
                    return ExitCode::FAILURE;
                }
            }
            // A line that is not UTF-8 gets its own error line; the rest go on.
            match std::str::from_utf8(&buf) {
                // A blank line answers with an empty line, so output line N
                // always belongs to input line N.
                Ok(line) if line.trim().is_empty() => emit(String::new()),
                Ok(line) => emit(eval_line(line.trim())),
                Err(e) => emit(format!(
                    "error: line {number} is not valid UTF-8 (at byte {})",
                    e.valid_up_to()
                )),
            }
        }
    } else {
        for a in args {
            emit(eval_line(a));
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
    let table = drawable_arg(expr).and_then(|d| {
        match d {
            Ok(l) => l.print_layout(),
            Err(c) => c.print_layout(),
        }
        .map_err(|e| e.to_string())
    });
    match table {
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
    let (mut banks, mut elem_bytes) = (false, 2i64);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--banks" {
            banks = true;
        } else if a == "--elem-bytes" {
            match it.next().map(|n| n.parse::<i64>()) {
                Some(Ok(n)) if n > 0 => elem_bytes = n,
                _ => {
                    eprintln!("error: --elem-bytes needs a positive integer");
                    return ExitCode::from(2);
                }
            }
        } else if a == "-o" || a == "--output" {
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
    let colouring = if banks {
        Colouring::Banks { elem_bytes }
    } else {
        Colouring::Offset
    };
    let svg = match drawable_arg(expr).and_then(|d| {
        match &d {
            Ok(l) => Drawing::layout(l, colouring),
            Err(c) => Drawing::composed(c, colouring),
        }
        .and_then(|d| draw(&d))
        .map_err(|e| e.to_string())
    }) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let res = match output {
        Some(f) => std::fs::write(f, svg).map_err(|e| format!("cannot write '{f}': {e}")),
        None => std::io::stdout()
            .write_all(svg.as_bytes())
            .map_err(|e| format!("cannot write to stdout: {e}")),
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
