#!/usr/bin/env python3
"""Compile time of CUTLASS's `sgemm_sm80` configuration (the FP16 TN path of
examples/cute/tutorial/sgemm_sm80.cu), fully static: Rust against CuTe C++.

    python3 benches/compile_time/sgemm_sm80.py [--runs N] [--crate-root PATH] [--instructions] [--no-cxx]

The configuration: a 2x2 TiledMMA of `SM80_16x8x16_F16F16F16F16_TN` with
`Tile<_32,_32,_16>`; 128-bit `cp.async` global-to-shared tiled copies for A
and B; `LDSM_N` x4 shared-to-register copies through `make_tiled_copy_A/B`;
`Sw<3,3,3>` shared memory; and every partition of a 128x128x64 block tile
(the G2S copies' `partition_S/D`, the S2R copies' `partition_S`, the MMA's
`partition_A/B/C` and `partition_fragment_A/B/C`), with runtime problem
sizes, block and thread indices. (`retile_D` of the S2R copies is not on the
typed path yet and is left out of both sides.)

It writes the crate to target/compile_time_sgemm/ (and keeps it there), times
`cargo check` of it after building the dependencies once (CPU seconds, user
+ sys, CARGO_INCREMENTAL=0, the best of N runs) and of the same crate
without the function, then `g++ -std=c++17 -fsyntax-only` of the C++
equivalent (`/work/cute-cpp/cxx.sh`, or $CUTE_CXX) and of a file with only
its includes. With --instructions it also counts the instructions rustc
executes checking each crate (cachegrind; deterministic, unlike the times
on a shared machine). Nothing here is asserted about time.
"""
import argparse, os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "target", "compile_time_sgemm")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compile_time import instructions, timed, timed_log  # noqa: E402

RUST = """
pub fn sgemm_sm80_config(
    a: &[u16], b: &[u16], c: &mut [f32], s_a: &mut [u16], s_b: &mut [u16],
    m: i32, n: i32, k: i32, bx: i32, by: i32, kt: i32, tid: i32,
) -> usize {
    let (bm, bn, bk) = (int!(128), int!(128), int!(64));
    // Shared memory: Sw<3,3,3> o (8,64) K-major atoms tiled to (128,64).
    let s_atom = composition(Swizzle::<3, 3, 3>, layout![(8, 64) : (64, 1)]);
    let s_a_layout = tile_to_shape(s_atom, shape![bm, bk]);
    let s_b_layout = tile_to_shape(s_atom, shape![bn, bk]);
    // The block's tiles of the (M,K), (N,K) and (M,N) tensors.
    let g_a = local_tile(make_tensor(a, layout![(m, k) : (k, 1)]), shape![bm, bk], coord![bx, kt]);
    let g_b = local_tile(make_tensor(b, layout![(n, k) : (k, 1)]), shape![bn, bk], coord![by, kt]);
    let g_c = local_tile(make_tensor_mut(c, layout![(m, n) : (1, m)]), shape![bm, bn], coord![bx, by]);
    let s_a = make_tensor_mut(s_a, s_a_layout);
    let s_b = make_tensor_mut(s_b, s_b_layout);
    // The tiled MMA and copies.
    let mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, layout![(2, 2, 1)], tile![32, 32, 16]);
    let g2s = make_tiled_copy(
        CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<u128>, half_t>::default(),
        layout![(16, 8) : (8, 1)],
        layout![(1, 8)],
    );
    let s2r_a = make_tiled_copy_A(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::default(), mma);
    let s2r_b = make_tiled_copy_B(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::default(), mma);
    // Every partition of the block tile.
    let g2s_thr = g2s.get_slice(tid);
    let t_a_g_a = g2s_thr.partition_S(g_a);
    let t_a_s_a = g2s_thr.partition_D(s_a.as_view());
    let t_b_g_b = g2s_thr.partition_S(g_b);
    let t_b_s_b = g2s_thr.partition_D(s_b.as_view());
    let t_x_s_a = s2r_a.get_slice(tid).partition_S(s_a.as_view());
    let t_x_s_b = s2r_b.get_slice(tid).partition_S(s_b.as_view());
    let thr_mma = mma.get_slice(tid);
    let t_c_s_a = thr_mma.partition_A(s_a.as_view());
    let t_c_s_b = thr_mma.partition_B(s_b.as_view());
    let t_c_r_a = thr_mma.partition_fragment_A::<u16, _, _>(s_a.as_view());
    let t_c_r_b = thr_mma.partition_fragment_B::<u16, _, _>(s_b.as_view());
    let t_c_r_c = thr_mma.partition_fragment_C::<f32, _, _>(g_c.as_view());
    let t_c_g_c = thr_mma.partition_C(g_c);
    t_a_g_a.size() + t_a_s_a.size() + t_b_g_b.size() + t_b_s_b.size() + t_x_s_a.size()
        + t_x_s_b.size() + t_c_s_a.size() + t_c_s_b.size() + t_c_g_c.size() + t_c_r_a.size()
        + t_c_r_b.size() + t_c_r_c.size()
}
"""

HEAD_RS = """#![allow(unused, non_snake_case)]
use cute_algebra::atom::*;
use cute_algebra::prelude::*;
use cute_algebra::swizzle::Swizzle;
use cute_algebra::tensor::{local_tile, make_tensor, make_tensor_mut};
"""

CPP = """
int sgemm_sm80_config(half_t const* a, half_t const* b, float* c, half_t* sa, half_t* sb,
                      int m, int n, int k, int bx, int by, int kt, int tid) {
  auto bM = Int<128>{}; auto bN = Int<128>{}; auto bK = Int<64>{};
  auto sAtom = composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>, Stride<_64,_1>>{});
  auto sA_layout = tile_to_shape(sAtom, make_shape(bM, bK));
  auto sB_layout = tile_to_shape(sAtom, make_shape(bN, bK));
  Tensor gA = local_tile(make_tensor(make_gmem_ptr(a), make_layout(make_shape(m, k), make_stride(k, Int<1>{}))),
                         make_shape(bM, bK), make_coord(bx, kt));
  Tensor gB = local_tile(make_tensor(make_gmem_ptr(b), make_layout(make_shape(n, k), make_stride(k, Int<1>{}))),
                         make_shape(bN, bK), make_coord(by, kt));
  Tensor gC = local_tile(make_tensor(make_gmem_ptr(c), make_layout(make_shape(m, n), make_stride(Int<1>{}, m))),
                         make_shape(bM, bN), make_coord(bx, by));
  Tensor sA = make_tensor(make_smem_ptr(sa), sA_layout);
  Tensor sB = make_tensor(make_smem_ptr(sb), sB_layout);
  TiledMMA mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{});
  TiledCopy g2s = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{},
                                  Layout<Shape<_16,_8>, Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{});
  TiledCopy s2r_a = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mma);
  TiledCopy s2r_b = make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mma);
  auto g2s_thr = g2s.get_slice(tid);
  Tensor tAgA = g2s_thr.partition_S(gA);
  Tensor tAsA = g2s_thr.partition_D(sA);
  Tensor tBgB = g2s_thr.partition_S(gB);
  Tensor tBsB = g2s_thr.partition_D(sB);
  Tensor tXsA = s2r_a.get_slice(tid).partition_S(sA);
  Tensor tXsB = s2r_b.get_slice(tid).partition_S(sB);
  auto thr_mma = mma.get_slice(tid);
  Tensor tCsA = thr_mma.partition_A(sA);
  Tensor tCsB = thr_mma.partition_B(sB);
  Tensor tCgC = thr_mma.partition_C(gC);
  Tensor tCrA = thr_mma.partition_fragment_A(sA);
  Tensor tCrB = thr_mma.partition_fragment_B(sB);
  Tensor tCrC = thr_mma.partition_fragment_C(gC);
  return size(tAgA) + size(tAsA) + size(tBgB) + size(tBsB) + size(tXsA) + size(tXsB)
       + size(tCsA) + size(tCsB) + size(tCgC) + size(tCrA) + size(tCrB) + size(tCrC);
}
"""

HEAD_CPP = "#include <cute/tensor.hpp>\n#include <cute/atom/mma_atom.hpp>\n#include <cute/atom/copy_atom.hpp>\nusing namespace cute;\n"


def write_crate(name, root, body):
    d = os.path.join(OUT, name)
    os.makedirs(os.path.join(d, "src"), exist_ok=True)
    with open(os.path.join(d, "Cargo.toml"), "w") as f:
        f.write(f'[package]\nname = "ct_sgemm_{name}"\nversion = "0.0.0"\nedition = "2024"\n\n'
                f'[dependencies]\ncute-algebra = {{ path = "{root}" }}\n\n[workspace]\n')
    with open(os.path.join(d, "src", "lib.rs"), "w") as f:
        f.write(HEAD_RS + body)
    return d


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--crate-root", default=ROOT)
    ap.add_argument("--instructions", action="store_true",
                    help="also count rustc's instructions for each check (valgrind)")
    ap.add_argument("--no-cxx", action="store_true", help="leave g++ out")
    args = ap.parse_args()
    root = os.path.abspath(args.crate_root)
    env = {**os.environ, "CARGO_TARGET_DIR": os.path.join(OUT, "target"), "CARGO_INCREMENTAL": "0"}
    rust, instr = {}, {}
    for name, body in (("empty", ""), ("config", RUST)):
        d = write_crate(name, root, body)
        timed_log(["cargo", "check", "--quiet"], d, env)  # dependencies, once
        ts = []
        for _ in range(args.runs):
            timed_log(["cargo", "clean", "--quiet", "-p", f"ct_sgemm_{name}"], d, env)
            ts.append(timed_log(["cargo", "check", "--quiet"], d, env)[0])
        rust[name] = min(ts)
        print(f"cargo check {name:6}: CPU {min(ts):6.2f} s (runs {', '.join(f'{t:.2f}' for t in ts)})", flush=True)
        if args.instructions:
            timed_log(["cargo", "clean", "--quiet", "-p", f"ct_sgemm_{name}"], d, env)
            instr[name] = instructions(d, env, timed_log(["cargo", "check", "-v"], d, env)[1])
            print(f"cargo check {name:6}: {instr[name]:,} rustc instructions", flush=True)
    if args.instructions:
        print(f"the configuration alone: {instr['config'] - instr['empty']:,} rustc instructions")
    if args.no_cxx:
        print(f"the configuration alone: cargo check {rust['config'] - rust['empty']:.2f} s")
        return
    cxx = os.environ.get("CUTE_CXX", "/work/cute-cpp/cxx.sh")
    cpp = {}
    for name, body in (("empty", ""), ("config", CPP)):
        path = os.path.join(OUT, f"{name}.cpp")
        open(path, "w").write(HEAD_CPP + body)
        ts = [timed([cxx, "-fsyntax-only", path], OUT, os.environ) for _ in range(args.runs)]
        cpp[name] = min(ts)
        print(f"g++ -fsyntax-only {name:6}: CPU {min(ts):6.2f} s (runs {', '.join(f'{t:.2f}' for t in ts)})", flush=True)
    r, c = rust["config"] - rust["empty"], cpp["config"] - cpp["empty"]
    print(f"the configuration alone: cargo check {r:.2f} s, g++ -fsyntax-only {c:.2f} s, ratio {r / c:.2f}")
    print(f"whole files: cargo check {rust['config']:.2f} s, g++ -fsyntax-only {cpp['config']:.2f} s, "
          f"ratio {rust['config'] / cpp['config']:.2f}")


if __name__ == "__main__":
    main()
