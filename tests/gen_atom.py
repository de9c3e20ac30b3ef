#!/usr/bin/env python3
"""Generates tests/atom_typed.rs from tests/data/public-atoms.tsv.

Each row the typed atom layer builds becomes a typed test: the typed
result's print must equal CuTe's `cpp_static` exactly, and the runtime path
(`eval`) must print the same with the `_` markers dropped. The rows not
generated are listed in SKIPPED with the reason (CuTe's refusals are
compile errors, checked by ui-tests); `every_atom_row_is_classified` fails
as soon as the lists and the data disagree.
Run: python3 tests/gen_atom.py > tests/atom_typed.rs && cargo fmt --all
"""
import csv, os, re

from gen_common import split_args, inner

HERE = os.path.dirname(os.path.abspath(__file__))

TYPES = {"float": "f32", "double": "f64", "half_t": "half_t", "bfloat16_t": "bfloat16_t",
         "tfloat32_t": "tfloat32_t", "int8_t": "i8", "uint8_t": "u8", "int16_t": "i16",
         "uint16_t": "u16", "int32_t": "i32", "uint32_t": "u32", "int64_t": "i64",
         "uint64_t": "u64", "uint128_t": "u128", "int": "i32",
         "float_e4m3_t": "float_e4m3_t", "float_e5m2_t": "float_e5m2_t"}


class Skip(Exception):
    pass


def parse_call(expr):
    m = re.match(r"([\w:]+)\((.*)\)$", expr)
    assert m, expr
    return m.group(1), split_args(m.group(2))


# The GMMA shared-memory atoms take the Rust element of CuTe's type's
# width: only `sizeof_bits` reaches their layouts (the FP8 and tfloat32
# types are the bytes and words they are stored in).
GMMA_ELEMENTS = {"half_t": "f16", "bfloat16_t": "bf16", "tfloat32_t": "f32", "float": "f32",
                 "float_e4m3_t": "u8", "uint8_t": "u8", "int8_t": "i8"}


def gmma_smem(s):
    """A GMMA shared-memory layout: an atom, `tile_to_shape` of one (2 or
    3 modes, the third the pipeline's stages), or a `composition` of it."""
    m = re.fullmatch(r"GMMA::(Layout_(?:K|MN)_\w+_Atom)<(\w+)>", s)
    if m:
        return f"{m.group(1)}::<{GMMA_ELEMENTS[m.group(2)]}>::default()"
    name, args = parse_call(s)
    if name == "tile_to_shape":
        return f"tile_to_shape({gmma_smem(args[0])}, shape![{inner(args[1])}])"
    if name == "composition":
        assert args[1].startswith("<") and args[1].endswith(">"), s
        return f"composition({gmma_smem(args[0])}, tile![{args[1][1:-1]}])"
    raise Skip(name)


def layout(s):
    if ":" in s:
        shape, stride = s.split(":")
        return f"layout![{shape} : {stride}]"
    return f"layout![{s}]"


def mma_atom(s):
    m = re.fullmatch(r"MMA_Atom<(.*)>", s)
    op = m.group(1)
    gmma = re.fullmatch(r"(SM90_\w+)<(.*)>", op)
    if gmma:
        majors = [a.strip() for a in gmma.group(2).split(",") if a.strip()]
        if not majors:
            return gmma.group(1) + "::default()"
        return gmma.group(1) + "::<" + ", ".join(f"gmma::Major::{a}" for a in majors) + ">::default()"
    fma = re.fullmatch(r"UniversalFMA<(.*)>", op)
    if fma:
        return "UniversalFMA::<" + ", ".join(TYPES[t.strip()] for t in fma.group(1).split(",")) + ">::default()"
    return op


def tiled_mma(s):
    name, args = parse_call(s)
    assert name == "make_tiled_mma", s
    atom = mma_atom(args[0])
    thr = layout(args[1])
    if len(args) < 3:
        perm = "Underscore"
    else:
        p = args[2]
        modes = split_args(p[1:-1])
        perm = "tile![" + ", ".join(m if ":" not in m else m.replace(":", " : ") for m in modes) + "]"
    return f"make_tiled_mma({atom}, {thr}, {perm})"


def tensor(s):
    name, args = parse_call(s)
    if name == "tensor" and args[0].startswith("partition_fragment_"):
        # A thread's registers as a tensor: the fragment's layout from 0.
        return f"make_counting_tensor({fragment(args[0])}.layout())"
    if name == "tensor":
        a = args[0]
        if a.startswith("composition(Sw<"):
            _, (sw, lay) = parse_call(a)
            b, m, sh = re.fullmatch(r"Sw<(\d+),(\d+),(-?\d+)>", sw).groups()
            return f"make_counting_tensor(composition(Swizzle::<{b}, {m}, {sh}>, {layout(lay)}))"
        return f"make_counting_tensor({layout(a)})"
    if name == "identity_tensor":
        return f"make_identity_tensor(shape![{inner(args[0])}])"
    raise Skip(f"tensor {s}")


def copy_op(op):
    """The typed copy operation type."""
    m = re.fullmatch(r"(UniversalCopy|SM80_CP_ASYNC_CACHE(?:ALWAYS|GLOBAL)(?:_ZFILL)?)<(.*)>", op)
    if m:
        return f"{m.group(1)}<" + ", ".join(TYPES[t.strip()] for t in m.group(2).split(",")) + ">"
    return op


def copy_atom_ty(s):
    m = re.fullmatch(r"Copy_Atom<(.*), *(\w+)>", s)
    return f"CopyAtom<{copy_op(m.group(1))}, {TYPES[m.group(2)]}>"


def tiled_copy(s):
    name, args = parse_call(s)
    atom = f"{copy_atom_ty(args[0])}::default()".replace("CopyAtom<", "CopyAtom::<", 1)
    if name == "make_tiled_copy":
        return f"make_tiled_copy({atom}, {layout(args[1])}, {layout(args[2])})"
    if name in ("make_tiled_copy_A", "make_tiled_copy_B", "make_tiled_copy_C"):
        return f"{name}({atom}, {tiled_mma(args[1])})"
    raise Skip(name)


def fragment(expr):
    """`partition_fragment_X(tiled_mma, tid, tensor)`: the owned fragment."""
    name, args = parse_call(expr)
    return f"{tiled_mma(args[0])}.get_slice({tid(args)}).{name}::<f32, _, _>({tensor(args[2])})"


def tid(args):
    """The thread index: a runtime `i32`, except over swizzled memory,
    where a static index lets the typed slice fold the swizzle into the
    kept strides as CuTe's print shows (a runtime index stays inside the
    swizzle: `Sw<3,1,3> o tid_offset o kept`)."""
    return f"int!({args[1]})" if "Sw<" in args[2] else f"{args[1]}i32"


def rust(expr):
    """The typed call and how to print it."""
    if expr.startswith(("GMMA::", "tile_to_shape(GMMA::")):
        return f"{gmma_smem(expr)}.to_string()"
    major = re.match(r"make_gmma_desc<(K|MN)>\((.*)\)$", expr)
    if major:
        return f"gmma::make_gmma_desc::<gmma::Major::{major.group(1)}>({gmma_smem(major.group(2))}).to_string()"
    name, args = parse_call(expr)
    if name in ("thr_id", "layoutA_TV", "layoutB_TV", "layoutC_TV", "shape_mnk") and args[0].startswith("MMA_Atom"):
        atom = mma_atom(args[0])
        ty = atom.replace("::default()", "")
        assoc = {"thr_id": "ThrID", "layoutA_TV": "ALayout", "layoutB_TV": "BLayout",
                 "layoutC_TV": "CLayout", "shape_mnk": "ShapeMNK"}[name]
        v = f"<{ty} as MmaTraits>::{assoc}::default()"
        return f"{v}.to_cute_string()" if name == "shape_mnk" else f"{v}.to_string()"
    if name in ("layout_src", "layout_dst", "layout_ref") and args[0].startswith("Copy_Atom"):
        assoc = {"layout_src": "ValLayoutSrc", "layout_dst": "ValLayoutDst", "layout_ref": "ValLayoutRef"}[name]
        return f"<{copy_atom_ty(args[0])} as CopyAtomTypes>::{assoc}::default().to_string()"
    if name == "thr_id" and args[0].startswith("Copy_Atom"):
        op = copy_op(re.fullmatch(r"Copy_Atom<(.*), *(\w+)>", args[0]).group(1))
        return f"<{op} as CopyTraits>::ThrID::default().to_string()"
    if name in ("layout_src_bits", "layout_dst_bits", "layout_ref_bits"):
        assoc = {"layout_src_bits": "SrcLayout", "layout_dst_bits": "DstLayout", "layout_ref_bits": "RefLayout"}[name]
        return f"<{copy_op(args[0])} as CopyTraits>::{assoc}::default().to_string()"
    if name in ("get_layoutS_TV", "get_layoutD_TV"):
        return f"{tiled_copy(args[0])}.{name}().to_string()"
    if name == "tiler_mn":
        return f"{tiled_copy(args[0])}.tiler_mn().to_cute_string()"
    if name in ("tidfrg_S", "tidfrg_D"):
        return f"{tiled_copy(args[0])}.{name}({layout(args[1])}).to_string()"
    if name in ("partition_S", "partition_D"):
        return f"{tiled_copy(args[0])}.get_slice({tid(args)}).{name}({tensor(args[2])}).to_string()"
    if name in ("tile_size",):
        return f"{tiled_mma(args[0])}.tile_size().to_cute_string()"
    if name == "thr_layout_vmnk":
        return f"{tiled_mma(args[0])}.get_thr_layout_vmnk().to_string()"
    if name in ("get_layoutA_TV", "get_layoutB_TV", "get_layoutC_TV"):
        return f"{tiled_mma(args[0])}.{name}().to_string()"
    if name in ("thrfrg_A", "thrfrg_B", "thrfrg_C"):
        return f"{tiled_mma(args[0])}.{name}({layout(args[1])}).to_string()"
    if name in ("partition_shape_A", "partition_shape_B", "partition_shape_C"):
        op = name[-1]
        return (f"{tiled_mma(args[0])}.get_slice(int!(0)).partition_{op}(make_counting_tensor(make_layout(shape![{inner(args[1])}])))"
                ".layout().shape().to_cute_string()")
    if name in ("partition_A", "partition_B", "partition_C"):
        if not args[0].startswith("make_tiled_mma"):
            raise Skip("copy")
        return f"{tiled_mma(args[0])}.get_slice({tid(args)}).{name}({tensor(args[2])}).to_string()"
    if name in ("partition_fragment_A", "partition_fragment_B", "partition_fragment_C"):
        return f"{fragment(expr)}.layout().to_string()"
    if name in ("retile_S", "retile_D"):
        # CuTe's retile is static: the thread index does not enter it.
        return f"{tiled_copy(args[0])}.get_slice(0i32).{name}({tensor(args[1])}).to_string()"
    raise Skip(name)


def strip_static(s):
    return re.sub(r"(?<![A-Za-z0-9])_(?=[-0-9])", "", s)


def lit(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


rows = list(csv.DictReader(open(os.path.join(HERE, "data/public-atoms.tsv")), delimiter="\t"))
gen, skipped = [], []
for r in rows:
    try:
        if r["cpp_static"].startswith(("COMPILE_ERROR", "RUNTIME_ERROR")):
            raise Skip("a refusal: a compile error on the typed path (ui-tests)")
        gen.append((r, rust(r["expr"])))
    except Skip as e:
        skipped.append((r["id"], str(e)))

print("""//! Generated by tests/gen_atom.py from tests/data/public-atoms.tsv: do
//! not edit.
//!
//! Each generated row builds CuTe's call on the typed path (static atoms,
//! static thread layouts and tiles) and checks its print against CuTe
//! C++'s `cpp_static`, and the runtime path (`eval`) against the same print
//! with the `_` markers dropped: the two paths agree on every row either
//! builds. SKIPPED names each other row and why.
#![allow(non_snake_case)]
use cute_algebra::atom::gmma::*;
use cute_algebra::atom::*;
use cute_algebra::eval::eval;
use cute_algebra::half::{bf16, f16};
use cute_algebra::prelude::*;
use cute_algebra::swizzle::Swizzle;
use cute_algebra::tensor::{make_counting_tensor, make_identity_tensor};
""")
print("/// The rows generated here.")
print("const COVERED: &[&str] = &[" + ", ".join(lit(r["id"]) for r, _ in gen) + "];")
print("/// The rows not generated, with the reason.")
print("const SKIPPED: &[(&str, &str)] = &[" + ", ".join(f"({lit(i)}, {lit(w)})" for i, w in skipped) + "];")
print("""
#[test]
fn every_atom_row_is_classified() {
    let data = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/public-atoms.tsv")).unwrap();
    let ids: Vec<&str> = data.lines().skip(1).map(|l| l.split('\\t').next().unwrap()).collect();
    let mut listed: Vec<&str> = COVERED.iter().copied().chain(SKIPPED.iter().map(|s| s.0)).collect();
    listed.sort_unstable();
    let mut all = ids.clone();
    all.sort_unstable();
    assert_eq!(listed, all);
    assert_eq!(ids.len(), 220);
}

/// CuTe's print with the static `_` markers dropped.
fn strip_static(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::new();
    for (i, &c) in b.iter().enumerate() {
        let next_num = b.get(i + 1).is_some_and(|n| n.is_ascii_digit() || *n == b'-');
        let prev_ok = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        if !(c == b'_' && next_num && prev_ok) {
            out.push(c as char);
        }
    }
    out
}

/// One test per row: the typed print, then the runtime path's. A row over
/// swizzled memory partitions with a static thread index on the typed path
/// (CuTe's runtime index leaves one of its strides runtime), so its print
/// is compared without the static markers.
macro_rules! atom_rows {
    ($($id:ident: $typed:expr => $(static $cute:literal)? $(values $sw:literal)?; eval $expr:literal => $dyn_cute:literal;)*) => {$(
        #[test]
        fn $id() {
            let typed: String = $typed;
            $(assert_eq!(typed, $cute);)?
            $(assert_eq!(strip_static(&typed), $sw);)?
            assert_eq!(eval($expr).unwrap().to_string(), $dyn_cute);
        }
    )*};
}

atom_rows! {""")
for r, t in gen:
    # CuTe's MixedBits offset of a runtime thread index (`M_0|(32&38)=32`:
    # static bits 0, runtime bits 32 under mask 38) prints here as its
    # value, 32, on both paths: the typed index is static, and the runtime
    # path's offsets are plain integers.
    folded = re.sub(r"M_\d+\|\(\d+&\d+\)=(\d+)", r"\1", r["cpp_static"])
    want = f"values {lit(strip_static(folded))}" if "int!(" in t else f"static {lit(r['cpp_static'])}"
    print(f"    {r['id']}: {t} => {want}; eval {lit(r['expr'])} => {lit(strip_static(folded))};")
print("}")
