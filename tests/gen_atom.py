#!/usr/bin/env python3
"""Generates tests/atom_typed.rs from tests/data/public-atoms.tsv.

Each row the typed atom layer builds becomes a typed test: the typed
result's print must equal CuTe's `cpp_static` exactly, and the runtime path
(`eval`) must print the same with the `_` markers dropped. The rows not
generated are listed in SKIPPED with the reason (the SM90 GMMA atoms and
shared-memory atoms are runtime-only; CuTe's refusals are compile errors,
checked by ui-tests); `every_atom_row_is_classified` fails as soon as the
lists and the data disagree.
Run: python3 tests/gen_atom.py > tests/atom_typed.rs && cargo fmt --all
"""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))

TYPES = {"float": "f32", "double": "f64", "half_t": "half_t", "bfloat16_t": "bfloat16_t",
         "tfloat32_t": "tfloat32_t", "int8_t": "i8", "uint8_t": "u8", "int16_t": "i16",
         "uint16_t": "u16", "int32_t": "i32", "uint32_t": "u32", "int64_t": "i64",
         "uint64_t": "u64", "uint128_t": "u128", "int": "i32",
         "float_e4m3_t": "float_e4m3_t", "float_e5m2_t": "float_e5m2_t"}


class Skip(Exception):
    pass


def split_args(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "(<":
            depth += 1
        if ch in ")>":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return out


def parse_call(expr):
    m = re.match(r"([\w:]+)\((.*)\)$", expr)
    return (m.group(1), split_args(m.group(2))) if m else (None, None)


def inner(s):
    if s.startswith("(") and s.endswith(")") and len(split_args(s[1:-1])) > 1:
        return s[1:-1]
    return s


def layout(s):
    if ":" in s:
        shape, stride = s.split(":")
        return f"layout![{shape} : {stride}]"
    return f"layout![{s}]"


def mma_atom(s):
    m = re.fullmatch(r"MMA_Atom<(.*)>", s)
    op = m.group(1)
    if op.startswith("SM90_"):
        raise Skip("SM90 GMMA atoms are runtime-only")
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


def rust(expr):
    """The typed call and how to print it."""
    name, args = parse_call(expr)
    if name in ("thr_id", "layoutA_TV", "layoutB_TV", "layoutC_TV", "shape_mnk") and args[0].startswith("MMA_Atom"):
        atom = mma_atom(args[0])
        ty = atom.replace("::default()", "")
        assoc = {"thr_id": "ThrID", "layoutA_TV": "ALayout", "layoutB_TV": "BLayout",
                 "layoutC_TV": "CLayout", "shape_mnk": "ShapeMNK"}[name]
        v = f"<{ty} as MmaTraits>::{assoc}::default()"
        return f"{v}.to_cute_string()" if name == "shape_mnk" else f"{v}.to_string()"
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
        return f"{tiled_mma(args[0])}.get_slice({args[1]}i32).{name}({tensor(args[2])}).to_string()"
    if name in ("partition_fragment_A", "partition_fragment_B", "partition_fragment_C"):
        return f"{tiled_mma(args[0])}.get_slice({args[1]}i32).{name}::<f32, _, _>({tensor(args[2])}).layout().to_string()"
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
use cute_algebra::atom::*;
use cute_algebra::eval::eval;
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

/// One test per row: the typed print, then the runtime path's.
macro_rules! atom_rows {
    ($($id:ident: $typed:expr => $cute:literal; eval $expr:literal => $dyn_cute:literal;)*) => {$(
        #[test]
        fn $id() {
            assert_eq!($typed, $cute);
            assert_eq!(eval($expr).unwrap().to_string(), $dyn_cute);
        }
    )*};
}

atom_rows! {""")
for r, t in gen:
    print(f"    {r['id']}: {t} => {lit(r['cpp_static'])}; eval {lit(r['expr'])} => {lit(strip_static(r['cpp_static']))};")
print("}")
