#!/usr/bin/env python3
"""Compile time of a kernel file: ten kernel-style functions, Rust against
CuTe C++.

    python3 benches/compile_time/kernel_file.py [--variant full|compat]
        [--crate-root PATH ...] [--instructions] [--cxx]

Each function is the shared-memory step of a CuTe kernel: a swizzled
shared-memory tile (`composition(Swizzle, tile_to_shape(atom, (BM,BK)))`),
a runtime `local_tile` of a global tensor and of an identity tensor, three
`local_partition`s by a runtime thread index, a register fragment, two
copies (global to registers, registers to shared memory) and the edge
predicate `elem_less(tC(i), shape)` over the identity tensor's partition.
The ten differ in swizzle, atom, tile and thread layout, so none shares
another's instances. `--variant compat` writes the same functions without
what an older crate could not compile (the swizzle on the shared-memory
tile, and `elem_less` of an identity tensor's value, compared by its
components instead), to compare checkouts before and after.

For each `--crate-root` (a checkout of this crate; default: this one) it
times `cargo check` of the generated crate after building the
dependencies once, as CPU seconds (user + sys), three runs, and with
`--instructions` counts the instructions rustc executes for the check
(cachegrind; deterministic to about 0.03%). With `--cxx` it times
`g++ -std=c++17 -fsyntax-only` of the same ten functions in CuTe C++
(`/work/cute-cpp/cxx.sh`, or $CUTE_CXX), less an empty file that includes
the same headers. Nothing here is asserted about time.
"""
import argparse, os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "target", "compile_time_kernel")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compile_time import instructions, timed, timed_log  # noqa: E402

# (swizzle B,M,S; atom (8, W) K-major; tile (BM, BK); threads (TM, TK) K-major)
KERNELS = [
    ((2, 2, 3), 32, (64, 32), (16, 8)),
    ((3, 2, 3), 64, (64, 64), (32, 4)),
    ((3, 3, 3), 64, (128, 64), (32, 8)),
    ((2, 3, 3), 32, (128, 32), (32, 4)),
    ((3, 3, 3), 64, (64, 64), (16, 8)),
    ((1, 2, 3), 16, (64, 16), (16, 4)),
    ((2, 2, 3), 32, (128, 32), (32, 8)),
    ((3, 2, 3), 64, (32, 64), (8, 16)),
    ((3, 3, 3), 64, (256, 64), (64, 4)),
    ((2, 3, 3), 32, (32, 32), (8, 8)),
]


def rust_kernel(i, kern, variant):
    (b, m, s), w, (bm, bk), (tm, tk) = kern
    atom = f"tile_to_shape(layout![(8, {w}):({w}, 1)], shape![bm, bk])"
    smem = atom if variant == "compat" else f"composition(Swizzle::<{b}, {m}, {s}>, {atom})"
    pred = ("t_c.values().filter(|c| c.0.head < m && c.0.tail.head < k).count()"
            if variant == "compat" else
            "t_c.values().filter(|c| elem_less(*c, shape![m, k])).count()")
    return f"""
pub fn kernel_{i}(a: &[f32], smem: &mut [f32], m: i32, k: i32, bx: i32, kt: i32, tid: i32) -> usize {{
    let (bm, bk) = (int!({bm}), int!({bk}));
    let s_layout = {smem};
    let m_a = make_tensor(a, make_layout(shape![m, k]));
    let g_a = local_tile(m_a, shape![bm, bk], coord![bx, kt]);
    let c_a = local_tile(make_identity_tensor(shape![m, k]), shape![bm, bk], coord![bx, kt]);
    let thr = layout![({tm}, {tk}):({tk}, 1)];
    let t_g = local_partition(g_a, thr, tid);
    let t_c = local_partition(c_a, thr, tid);
    let mut t_s = local_partition(make_tensor_mut(smem, s_layout), thr, tid);
    let mut frag = make_fragment_like(&t_g);
    copy(&t_g, &mut frag);
    copy(&frag, &mut t_s);
    {pred}
}}
"""


def cpp_kernel(i, kern):
    (b, m, s), w, (bm, bk), (tm, tk) = kern
    return f"""
int kernel_{i}(float const* a, float* smem, int m, int k, int bx, int kt, int tid) {{
  auto bm = Int<{bm}>{{}}; auto bk = Int<{bk}>{{}};
  auto s_layout = composition(Swizzle<{b},{m},{s}>{{}},
      tile_to_shape(Layout<Shape<_8,Int<{w}>>, Stride<Int<{w}>,_1>>{{}}, make_shape(bm, bk)));
  Tensor mA = make_tensor(make_gmem_ptr(a), make_layout(make_shape(m, k)));
  Tensor gA = local_tile(mA, make_shape(bm, bk), make_coord(bx, kt));
  Tensor cA = local_tile(make_identity_tensor(make_shape(m, k)), make_shape(bm, bk), make_coord(bx, kt));
  auto thr = Layout<Shape<Int<{tm}>,Int<{tk}>>, Stride<Int<{tk}>,_1>>{{}};
  Tensor tG = local_partition(gA, thr, tid);
  Tensor tC = local_partition(cA, thr, tid);
  Tensor tS = local_partition(make_tensor(make_smem_ptr(smem), s_layout), thr, tid);
  Tensor frag = make_fragment_like(tG);
  copy(tG, frag);
  copy(frag, tS);
  int n = 0;
  for (int i = 0; i < size(tC); ++i) n += elem_less(tC(i), make_shape(m, k));
  return n;
}}
"""


HEAD_CPP = "#include <cute/tensor.hpp>\nusing namespace cute;\n"


def write_crate(name, root, variant, n):
    d = os.path.join(OUT, name)
    os.makedirs(os.path.join(d, "src"), exist_ok=True)
    with open(os.path.join(d, "Cargo.toml"), "w") as f:
        f.write(f'[package]\nname = "ct_kernel_{name.replace("-", "_")}"\nversion = "0.0.0"\n'
                f'edition = "2024"\n\n[dependencies]\ncute-algebra = {{ path = "{root}" }}\n\n[workspace]\n')
    body = "".join(rust_kernel(i, k, variant) for i, k in enumerate(KERNELS[:n]))
    uses = "" if variant == "compat" else "use cute_algebra::swizzle::Swizzle;\nuse cute_algebra::tuple::elem_less;\n"
    with open(os.path.join(d, "src", "lib.rs"), "w") as f:
        f.write("#![allow(unused)]\nuse cute_algebra::prelude::*;\n" + uses +
                "use cute_algebra::tensor::{copy, local_partition, local_tile, make_fragment_like,\n"
                "    make_identity_tensor, make_tensor, make_tensor_mut};\n" + body)
    return d


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", choices=["full", "compat"], default="full")
    ap.add_argument("--crate-root", action="append")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--instructions", action="store_true")
    ap.add_argument("--cxx", action="store_true")
    args = ap.parse_args()
    roots = args.crate_root or [ROOT]
    for idx, root in enumerate(roots):
        root = os.path.abspath(root)
        for n in (0, len(KERNELS)):
            name = f"{args.variant}-{idx}-n{n}"
            d = write_crate(name, root, args.variant, n)
            env = {**os.environ, "CARGO_TARGET_DIR": os.path.join(OUT, f"target-{idx}"),
                   "CARGO_INCREMENTAL": "0"}
            timed_log(["cargo", "check", "--quiet"], d, env)          # dependencies, once
            times, stderr = [], ""
            for _ in range(args.runs):
                timed_log(["cargo", "clean", "--quiet", "-p", f"ct_kernel_{name.replace('-', '_')}"], d, env)
                t, stderr = timed_log(["cargo", "check", "-v"], d, env)
                times.append(t)
            line = f"{root} {args.variant} n={n:2d}: cargo check CPU {min(times):6.2f} s (runs {', '.join(f'{t:.2f}' for t in times)})"
            if args.instructions:
                line += f"  rustc instructions {instructions(d, env, stderr):,}"
            print(line, flush=True)
    if args.cxx:
        cxx = os.environ.get("CUTE_CXX", "/work/cute-cpp/cxx.sh")
        os.makedirs(OUT, exist_ok=True)
        empty, full = os.path.join(OUT, "empty.cpp"), os.path.join(OUT, "kernels.cpp")
        open(empty, "w").write(HEAD_CPP)
        open(full, "w").write(HEAD_CPP + "".join(cpp_kernel(i, k) for i, k in enumerate(KERNELS)))
        for path in (empty, full):
            ts = [timed([cxx, "-fsyntax-only", path], OUT, os.environ) for _ in range(args.runs)]
            print(f"g++ -fsyntax-only {os.path.basename(path)}: CPU {min(ts):6.2f} s (runs {', '.join(f'{t:.2f}' for t in ts)})", flush=True)


if __name__ == "__main__":
    main()
