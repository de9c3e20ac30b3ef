#!/usr/bin/env python3
"""Compile-time cost of static linear layouts.

    python3 benches/compile_time/linear_compile_time.py [--n 0,50,200] [--instructions]

For each N it writes a crate (target/compile_time_linear/n<N>) holding N
groups on distinct random invertible linear CuTe layouts `L` (the
generator of tests/linear_typed.rs): `to_linear`, `invert`, `compose` of
the two and `*` with a broadcast layout, their tables evaluated in a
`const _` item (so `cargo check` runs the `const` evaluation), and a
function applying the composed layout (so `cargo build` generates its
code). It prints CPU seconds (user + sys of cargo and rustc) of `cargo
check` and of a debug `cargo build`, and ms per group over N = 0; with
--instructions also the instructions rustc executes for the check
(cachegrind, the same from run to run). Nothing here is asserted.
"""
import argparse, os, random, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "target", "compile_time_linear")
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, HERE)
import gen_linear  # noqa: E402
from compile_time import instructions, timed_log  # noqa: E402


def group(rng, i):
    while True:
        shape, stride = gen_linear.random_linear(rng, 10)
        if gen_linear.invertible(shape, stride):
            break
    ty = f"Layout![{gen_linear.fmt(shape)} : {gen_linear.fmt(stride)}]"
    fl = f"FromCute<{ty}, In, Out>"
    return "\n".join([
        f"const _: () = {{",
        f"    let _ = <Compose<{fl}, Invert<{fl}>> as StaticLinear>::TABLE;",
        f"    let _ = <Product<{fl}, FromCute<Layout![2 : 0], In, Out>> as StaticLinear>::TABLE;",
        f"}};",
        f"pub fn g{i}(x: u32) -> u32 {{",
        f"    let l = {gen_linear.layout_macro(shape, stride)}.to_linear();",
        f"    let [v] = l.compose(l.invert()).apply([x]);",
        f"    let [w] = (l * layout![2 : 0].to_linear()).apply([x]);",
        f"    v ^ w",
        f"}}",
    ])


def write_crate(n, seed=33):
    rng = random.Random(seed)
    d = os.path.join(OUT, f"n{n}")
    os.makedirs(os.path.join(d, "src"), exist_ok=True)
    with open(os.path.join(d, "Cargo.toml"), "w") as f:
        f.write(f'[package]\nname = "ct_linear_{n}"\nversion = "0.0.0"\nedition = "2024"\n\n'
                f'[dependencies]\ncute-algebra = {{ path = "{ROOT}" }}\n\n[workspace]\n')
    body = "\n".join(group(rng, i) for i in range(n))
    with open(os.path.join(d, "src", "lib.rs"), "w") as f:
        f.write("#![allow(unused)]\nuse cute_algebra::prelude::*;\n"
                "use cute_algebra::linear::dim::{In, Out};\n"
                "use cute_algebra::linear::{Compose, FromCute, Invert, Product, StaticLinear, ToLinear};\n\n"
                f"{body}\n")
    return d


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", default="0,50,200")
    ap.add_argument("--instructions", action="store_true")
    args = ap.parse_args()
    env = dict(os.environ, CARGO_INCREMENTAL="0", CARGO_TARGET_DIR=os.path.join(OUT, "target"))
    base = None
    print("| N | cargo check (CPU s) | ms/group | cargo build (CPU s) | ms/group | check instructions | M/group |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n in [int(x) for x in args.n.split(",")]:
        d = write_crate(n)
        timed_log(["cargo", "build", "-q"], d, env)  # dependencies, once
        timed_log(["cargo", "check", "-q"], d, env)
        os.utime(os.path.join(d, "src", "lib.rs"))
        c, log = timed_log(["cargo", "check", "-v"], d, env)
        os.utime(os.path.join(d, "src", "lib.rs"))
        b, _ = timed_log(["cargo", "build", "-q"], d, env)
        i = instructions(d, env, log) if args.instructions else 0
        if base is None:
            base = (c, b, i)
        per = lambda x, x0: f"{1000 * (x - x0) / n:.1f}" if n else "-"
        iper = f"{(i - base[2]) / n / 1e6:.2f}" if n and args.instructions else "-"
        print(f"| {n} | {c:.2f} | {per(c, base[0])} | {b:.2f} | {per(b, base[1])} | {i:,} | {iper} |", flush=True)


if __name__ == "__main__":
    main()
