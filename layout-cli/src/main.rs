//! `cute-algebra`: CuTe's layout algebra on the command line.
//!
//! A thin shell over the library's evaluator, `print_layout` and SVG
//! drawings (reached through [`lib_api`]), plus `serve`, a local web page
//! over the same calls. Arguments are parsed by `clap`, for the `--help`,
//! `--version`, error messages and shell completions Rust users expect.

use std::io::{BufRead, Write};
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, CommandFactory, Parser, Subcommand};

mod drawable;
mod explore;
mod lib_api;
mod serve;
mod tv;

use drawable::{Drawable, drawable_arg, layout_of};
use lib_api::{Colouring, Drawing, DynLayout, TiledCopy, Value, draw, eval, eval_line};

const TOP_TEMPLATE: &str = "\
{before-help}{about-with-newline}
USAGE:
{tab}{usage}

{all-args}{after-help}";

const TOP_EXAMPLES: &str = "\
EXAMPLES:
    cute-algebra eval 'logical_divide((4,2,3):(2,1,8), 4:2)'
    cute-algebra show '(4,(2,2)):(2,(1,8))'
    cute-algebra svg '(8,8):(8,1)' -o tile.svg
    cute-algebra serve --port 8080      # the layout explorer, in a browser
    cute-algebra completions bash > /etc/bash_completion.d/cute-algebra";

const EVAL_ABOUT: &str = "\
Evaluate each EXPR and print one line per expression: the result, or
'error: <message>'. With no EXPR, or with '-', read one expression per line
from stdin: every input line gets exactly one output line (a blank line an
empty one; a line that is not UTF-8 gets 'error: line N is not valid
UTF-8'). Exits with status 1 if any failed.";

const EVAL_HELP: &str = "\
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
    recast(T, old_bits, new_bits)   (refused where CuTe's rounded result
    would not cover exactly the source's bits)
    values(X) lists at most 1048576 values; a larger X is an error, not an
    allocation that can end the process. A swizzled inverse is checked at
    every element, at most 65536 of them; a swizzled slice too large to
    check keeps its swizzle unfolded (the same function).
    atoms: MMA_Atom<Op>  Copy_Atom<Op, T>  make_tiled_mma(atom, thr[, perm])
      make_tiled_copy(atom, thr, val)  partition_A/B/C(mma, thr_idx, T)
      partition_S/D(copy, thr_idx, T)   (a tile that does not divide T's
      shape is an error naming the call, where CuTe partitions past T's end)
    make_tma_copy<T>(SM90_TMA_LOAD, gmem, smem[, multicast])   CuTe's
      make_tma_copy on the host for a global layout of T (its '_N' kept
      static) and a shared-memory tile (a plain layout, or
      tile_to_shape(GMMA::Layout_K_SW128_Atom<T>, shape)); prints the
      cuTensorMapEncodeTiled arguments (box, swizzle mode, ...), the box's
      map to the global modes (tma_gbasis) and the coordinate tensor
      (tma_tensor) as CuTe prints them

EXAMPLES:
    cute-algebra eval 'logical_divide((4,2,3):(2,1,8), 4:2)'
        ((2,2),(2,3)):((4,1),(2,8))
    cute-algebra eval 'composition((12,(4,8)):(59,(13,1)), <3:4, 8:2>)' 'size(6:1)'
    printf 'coalesce((2,4):(1,2))\\ncomplement(4:2, 24)\\n' | cute-algebra eval
    cute-algebra eval 'local_tile(tensor((16,16):(1,16)), (4,4), (1,2))'
        counting_iter(132) o (4,4):(1,16)
    cute-algebra eval 'make_tma_copy<half_t>(SM90_TMA_LOAD, (512,256):(256,_1),
        tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (128,64)))'
        encode: format 6 rank 2 dims 256 512 | byte strides 512 | box 64 128 | elem strides 1 1 | swizzle 3
        tma_gbasis (_64,_128):(_1@1,_1@0)
        tma_tensor ArithTuple(_0,_0) o (512,256):(_1@1,_1@0)";

const SHOW_ABOUT: &str = "\
Print LAYOUT and, for rank 2, CuTe's print_layout table (rows are mode 0,
columns mode 1, cells the offsets), byte-identical to CuTe's output. Other
ranks print a listing 'index: offset'. LAYOUT may be any expression that
evaluates to a layout. Layouts of more than 1048576 elements are refused
(the table would be gigabytes).";

const SHOW_HELP: &str = "\
EXAMPLES:
    cute-algebra show '(2,3):(3,1)'
    cute-algebra show '(4,(2,2)):(2,(1,8))'
    cute-algebra show 'blocked_product((2,2):(1,2), (2,3):(3,1))'
    cute-algebra show 'composition(Sw<2,0,2>, (4,4):(4,1))'";

const SVG_ABOUT: &str = "\
Draw LAYOUT (a layout or a swizzled composed layout) as SVG: a grid of cells
in coordinate order (rows are mode 0, columns the other modes; rank 1 is a
strip), each labelled with its offset and coloured by it. Heavier lines
separate the tiles of hierarchical modes. Large layouts shrink their cells
and drop labels before they overlap (at most 65536 cells). Writes to FILE
with -o/--output, else to stdout.

--banks colours each cell by its shared-memory bank (32 banks of 4 bytes,
elements of --elem-bytes bytes, default 2) and reports the worst bank
conflict down a column: one colour per column is a conflict, a swizzle that
works shows every colour once.

--access COPY counts the conflicts of a tiled copy into LAYOUT, a
shared-memory tile of the copy's shape (Tiler_MN): each warp's writes of
the copy's destination TV layout (get_layoutD_TV), each thread's atom
values in one vector instruction; --source counts its reads of the source
(get_layoutS_TV: an ldmatrix from shared memory).

A tiled MMA is drawn as CuTe's print_svg draws it: C at the origin, A to
its left (M down, K across), B above it (K down, N across), each cell
labelled T<tid> V<vid> from get_layoutA/B/C_TV and coloured by thread in
CuTe's colours. A tiled copy is drawn as CuTe's print_latex draws it: the
source TV layout (get_layoutS_TV) on the left, the destination
(get_layoutD_TV) on the right. At most 65536 cells.

With --tv, TV is a (thread, value) -> index layout over an M x N tile
(index i is cell (i % M, i / M)), drawn as CuTe's print_latex: each cell
shows T# and V#, coloured by thread. Without --tile, M x N is a near-square
tile of the layout's cosize.

A linear layout (to_linear(...), LL{...}) is drawn over its outputs: the
dim0 x dim1 grid (one output dimension folds into rows), each cell labelled
with the input that reaches it (the smallest, one line per input dimension)
and coloured by the thread (lane and warp) or else the first input
dimension, with the bases listed per input dimension below.";

const SVG_HELP: &str = "\
EXAMPLES:
    cute-algebra svg '(8,8):(8,1)' -o rowmajor.svg
    cute-algebra svg '((2,4),(2,4)):((1,16),(2,4))' > tiles.svg
    cute-algebra svg 'raked_product((2,2):(1,2), (4,4):(4,1))' -o raked.svg
    cute-algebra svg 'composition(Sw<3,3,3>, (8,64):(64,1))' --banks -o smem.svg
    cute-algebra svg --tv '((32,4),(2,2)):((2,128),(1,64))' --tile 64,8 -o tv.svg
    cute-algebra svg 'make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, (2,2,1))' -o mma.svg
    cute-algebra svg 'make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, uint8_t>, (4,8):(8,1), (1,4))' -o copy.svg
    cute-algebra svg 'composition(Sw<3,3,3>, (8,64):(64,1))' --banks --access \
        'make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, (8,8):(8,1), (1,8))'
    cute-algebra svg 'to_linear(((4,8),(2,2)):((32,1),(16,8)), (16,8))' -o bases.svg";

const SERVE_ABOUT: &str = "\
Serve the layout explorer: a local web page (no network needed, every asset
is inside this binary) with an expression box, the result in CuTe's print
form, the print_layout table and the picture (offsets, banks or a TV
layout; a tiled MMA or copy by thread), hover details per cell, two
expressions side by side, and the expressions in the URL. Binds to 127.0.0.1 unless --bind says otherwise.
Prints the page's address on its first line of output.";

const SERVE_HELP: &str = "\
API:
    GET /api/eval?expr=EXPR[&view=layout|banks|tv][&elem=N][&tile=M,N]
        JSON: {ok, result, table, svg, picture: {canvas, palette, panels}}, each
        panel a grid of cells with per-cell arrays (fill, offset, bank, thread,
        value), or {ok: false, error, pos} with the CLI's wording of the error

EXAMPLES:
    cute-algebra serve                  # http://127.0.0.1:8080/
    cute-algebra serve --port 0         # any free port, printed on start";

#[derive(Parser)]
#[command(
    name = "cute-algebra",
    version,
    about = "cute-algebra: NVIDIA CuTe's layout algebra on run-time layouts",
    help_template = TOP_TEMPLATE,
    after_help = TOP_EXAMPLES,
    arg_required_else_help = true,
    propagate_version = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate expressions (from stdin if none, or '-')
    #[command(long_about = EVAL_ABOUT, after_help = EVAL_HELP)]
    Eval {
        /// Expressions in CuTe's notation (see GRAMMAR)
        #[arg(value_name = "EXPR", allow_hyphen_values = true)]
        exprs: Vec<String>,
    },
    /// Print CuTe's print_layout table
    #[command(long_about = SHOW_ABOUT, after_help = SHOW_HELP)]
    Show {
        /// A layout, or any expression that evaluates to one
        #[arg(value_name = "LAYOUT", allow_hyphen_values = true)]
        layout: String,
    },
    /// Draw a layout, a tiled MMA or a tiled copy as SVG (--banks: by shared-memory bank; --tv: a thread/value layout)
    #[command(long_about = SVG_ABOUT, after_help = SVG_HELP)]
    Svg(SvgArgs),
    /// Serve the layout explorer on a local web page
    #[command(long_about = SERVE_ABOUT, after_help = SERVE_HELP)]
    Serve(ServeArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell)
    Completions {
        /// The shell to complete for
        shell: clap_complete::Shell,
    },
}

#[derive(Args)]
struct SvgArgs {
    /// A layout, a swizzled composed layout, a tiled MMA or a tiled copy, a linear layout, or any expression that evaluates to one
    #[arg(
        value_name = "LAYOUT",
        allow_hyphen_values = true,
        required_unless_present = "tv",
        conflicts_with = "tv"
    )]
    layout: Option<String>,
    /// Write the SVG to FILE instead of stdout
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
    /// Colour each cell by its shared-memory bank
    #[arg(long, conflicts_with = "tv")]
    banks: bool,
    /// The element size in bytes for --banks (2 for fp16, 4 for fp32)
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = positive, conflicts_with = "tv")]
    elem_bytes: i64,
    /// The warp access --banks counts conflicts for: a (thread, value) -> index TV layout, or a tiled copy whose tile is LAYOUT (its destination's access, --source: its source's) (default: each warp reads 32 consecutive elements, one per thread)
    #[arg(
        long,
        value_name = "TV",
        allow_hyphen_values = true,
        requires = "banks"
    )]
    access: Option<String>,
    /// Values each thread moves in one instruction of --access (a vector access); a tiled copy's are its atom's
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = positive, requires = "access")]
    vec: i64,
    /// With --access COPY: count the copy's reads of its source (ldmatrix from shared memory) instead of its writes
    #[arg(long, requires = "access")]
    source: bool,
    /// Draw TV, a (thread, value) -> index layout, over a tile
    #[arg(long, value_name = "TV", allow_hyphen_values = true)]
    tv: Option<String>,
    /// The tile's extents for --tv (default: near-square, the layout's cosize)
    #[arg(long, value_name = "M,N", value_parser = tv::parse_tile, requires = "tv")]
    tile: Option<(i64, i64)>,
}

#[derive(Args)]
struct ServeArgs {
    /// The port to listen on (0: any free port)
    #[arg(long, short = 'p', default_value_t = 8080)]
    port: u16,
    /// The address to bind; anything but loopback exposes the page to the network
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// The most time one request may compute for, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=60_000))]
    timeout_ms: u64,
}

fn positive(s: &str) -> Result<i64, String> {
    match s.parse::<i64>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err("needs a positive integer".into()),
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

fn cmd_show(expr: &str) -> ExitCode {
    match drawable_arg(expr).and_then(|d| d.print_layout()) {
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

/// Writes `text` to `path`, or to stdout without one.
fn write_out(path: Option<&Path>, text: &str) -> Result<(), String> {
    match path {
        Some(f) => {
            std::fs::write(f, text).map_err(|e| format!("cannot write '{}': {e}", f.display()))
        }
        None => std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|e| format!("cannot write to stdout: {e}")),
    }
}

/// What `--access` names: a TV layout, or a tiled copy's side.
enum Access {
    Tv(DynLayout, i64),
    Copy(Box<TiledCopy>),
}

fn access_arg(expr: &str, vec: i64) -> Result<Access, String> {
    match eval(expr).map_err(|e| e.to_string())? {
        Value::TiledCopy(tc) => Ok(Access::Copy(tc)),
        v => layout_of(expr, v).map(|tv| Access::Tv(tv, vec)),
    }
    .map_err(|e| format!("--access: {e}"))
}

fn cmd_svg(a: &SvgArgs) -> ExitCode {
    let linear = (!a.banks).then_some(a.layout.as_deref()).flatten();
    let svg = if let Some(tv) = &a.tv {
        tv::svg_tv(tv, a.tile)
    } else if let Some(svg) = linear.and_then(drawable::linear_svg) {
        svg
    } else {
        let colouring = if a.banks {
            Colouring::Banks {
                elem_bytes: a.elem_bytes,
            }
        } else {
            Colouring::Offset
        };
        // clap requires LAYOUT when --tv is absent.
        let expr = a.layout.as_deref().unwrap_or_default();
        let access = a
            .access
            .as_deref()
            .map(|e| access_arg(e, a.vec))
            .transpose();
        access.and_then(|access| {
            let d = drawable_arg(expr)?;
            if let Some(figure) = d.figure() {
                if a.banks {
                    return Err(
                        "--banks colours a layout by bank; a tiled MMA or copy is drawn by thread (a copy's bank conflicts: svg SMEM_LAYOUT --banks --access COPY)"
                            .into(),
                    );
                }
                return figure.map(|f| f.to_svg(true));
            }
            let drawing = match &d {
                Drawable::Layout(l) => Drawing::layout(l, colouring),
                Drawable::Composed(c) => Drawing::composed(c, colouring),
                Drawable::TiledMma(_) | Drawable::TiledCopy(_) => unreachable!("drawn above"),
            };
            drawing
                .and_then(|d| match access {
                    Some(Access::Tv(tv, vec)) => Ok(d.with_access(tv, vec)),
                    Some(Access::Copy(tc)) => d.with_tiled_copy(&tc, a.source),
                    None => Ok(d),
                })
                .and_then(|d| draw(&d))
                .map_err(|e| e.to_string())
        })
    };
    match svg.and_then(|s| write_out(a.output.as_deref(), &s)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    // `serve`'s worker process, started by the server itself: kept out of
    // clap so that no help or completion script offers it.
    let mut args = std::env::args_os().skip(1);
    if args.next().is_some_and(|a| a == serve::WORKER_COMMAND) {
        let cpu_secs = args.next().and_then(|s| s.to_str()?.parse().ok());
        return serve::worker(cpu_secs.unwrap_or(1));
    }
    match Cli::parse().command {
        Command::Eval { exprs } => cmd_eval(&exprs),
        Command::Show { layout } => cmd_show(&layout),
        Command::Svg(a) => cmd_svg(&a),
        Command::Serve(a) => serve::run(serve::Config {
            addr: (a.bind, a.port).into(),
            timeout: std::time::Duration::from_millis(a.timeout_ms),
        }),
        Command::Completions { shell } => {
            clap_complete::generate(
                shell,
                &mut Cli::command(),
                "cute-algebra",
                &mut std::io::stdout(),
            );
            ExitCode::SUCCESS
        }
    }
}
