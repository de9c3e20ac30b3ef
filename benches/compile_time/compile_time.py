#!/usr/bin/env python3
"""Compile-time benchmark: N static algebra calls in a generated crate.

    python3 benches/compile_time/compile_time.py [--ops OPS] [--n 10,100,300]
                                                  [--max-stride K] [--release]
                                                  [--cxx-includes CUTE,CUDA...]

For each N it writes a crate (in target/compile_time/n<N>) that depends on
cute-algebra by path and holds N distinct static calls spread over the
operations, each checked against the runtime algebra (`cute-algebra eval`,
which reproduces every oracle row). Inputs are random static layouts; a
candidate is kept only if the runtime algebra accepts it, so every call is
admissible. It then times `cargo check` (and `cargo build --release` with
--release) of that crate, after building the dependencies once, and prints
total CPU seconds (user + sys, of cargo and rustc) and ms per call over an
N = 0 baseline. With --instructions it also counts the instructions rustc
executes to check each crate (valgrind's cachegrind, no cache simulation),
and with --release also to build it in release mode: unlike CPU time, the count is the same from run to run (to about 0.03%)
and on a loaded machine, so it settles a before/after comparison in one
run.

Expected values come from the runtime path and are checked by the type
checker (`let _: Layout![..] = call;`), so the generated crate is also a
static/runtime agreement test. With --cxx-includes it also writes the same
calls in CuTe C++ (every integer `Int<N>{}`, each result kept in a local)
and times `g++ -std=c++17 -O2` on them the same way. Nothing here is
asserted about time.
"""
import argparse, os, random, re, resource, shlex, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "target", "compile_time")
ALL_OPS = ["composition", "complement", "coalesce", "logical_divide", "zipped_divide",
           "logical_product", "raked_product", "right_inverse"]


def rand_flat(rng, rank, max_stride):
    """A random layout of `rank` modes: a permuted compact layout, maybe
    scaled, with an occasional stride 0."""
    shape = [rng.choice([1, 2, 2, 3, 4, 4, 8, 16]) for _ in range(rank)]
    order = list(range(rank)); rng.shuffle(order)
    stride = [0] * rank
    cur = rng.choice([1, 1, 1, 2, 4])
    for i in order:
        stride[i] = cur
        cur *= shape[i]
    if rng.random() < 0.15:
        stride[rng.randrange(rank)] = 0
    if max_stride and max(stride) * 2 <= max_stride and rng.random() < 0.1:
        k = max_stride // max(max(stride), 1)
        stride = [d * k for d in stride]
    return shape, stride


def fmt_tuple(xs):
    return str(xs[0]) if len(xs) == 1 else "(" + ",".join(map(str, xs)) + ")"


def rand_layout(rng, max_rank, max_stride):
    rank = rng.randint(1, max_rank)
    s, d = rand_flat(rng, rank, max_stride)
    if rank >= 2 and rng.random() < 0.3:   # nest the first two modes
        return f"(({s[0]},{s[1]}){''.join(',' + str(x) for x in s[2:])}):(({d[0]},{d[1]}){''.join(',' + str(x) for x in d[2:])})"
    return f"{fmt_tuple(s)}:{fmt_tuple(d)}"


def candidate(rng, op, max_stride):
    a = rand_layout(rng, 3, max_stride)
    if op in ("coalesce", "right_inverse"):
        return f"{op}({a})"
    if op == "complement":
        return f"complement({a}, {rng.choice([1, 16, 64, 128, 256, 1024])})"
    if op == "composition":
        return f"composition({a}, {rand_layout(rng, 2, 16)})"
    if op in ("logical_divide", "zipped_divide"):
        t = rng.choice([2, 4, 8])
        return f"{op}({a}, {t}:{rng.choice([1, 2])})"
    if op in ("logical_product", "raked_product"):
        return f"{op}({a}, {rand_layout(rng, 2, 8)})"
    raise ValueError(op)


def to_rust(expr):
    """The mini-language call -> Rust: layouts become layout![..], integers int!(..)."""
    name, args = re.match(r"(\w+)\((.*)\)$", expr).groups()
    parts, depth, cur = [], 0, ""
    for ch in args:
        depth += ch in "(<"; depth -= ch in ")>"
        if ch == "," and depth == 0:
            parts.append(cur.strip()); cur = ""
        else:
            cur += ch
    parts.append(cur.strip())
    def arg(p):
        if ":" in p:
            s, d = p.split(":")
            return f"layout![{s} : {d}]"
        return f"int!({p})"
    return f"{name}({', '.join(arg(p) for p in parts)})"


def cpp_tuple(t):
    """'(4,(2,3))' -> make_shape(Int<4>{}, make_shape(Int<2>{}, Int<3>{}))."""
    t = t.strip()
    if not t.startswith("("):
        return f"Int<{int(t)}>{{}}"
    parts, depth, cur = [], 0, ""
    for ch in t[1:-1]:
        depth += ch == "("; depth -= ch == ")"
        if ch == "," and depth == 0:
            parts.append(cur); cur = ""
        else:
            cur += ch
    parts.append(cur)
    return f"make_shape({', '.join(cpp_tuple(p) for p in parts)})"


def to_cpp(expr):
    """The mini-language call -> CuTe C++ with every integer static."""
    name, args = re.match(r"(\w+)\((.*)\)$", expr).groups()
    parts, depth, cur = [], 0, ""
    for ch in args:
        depth += ch in "(<"; depth -= ch in ")>"
        if ch == "," and depth == 0:
            parts.append(cur.strip()); cur = ""
        else:
            cur += ch
    parts.append(cur.strip())
    def arg(p):
        if ":" in p:
            sh, st = p.split(":")
            return f"make_layout({cpp_tuple(sh)}, {cpp_tuple(st)})"
        return cpp_tuple(p)
    return f"{name}({', '.join(arg(p) for p in parts)})"


def write_cpp(n, calls):
    """The same calls in one C++ file, each result kept in a local (as the
    Rust crate keeps each in `let _`)."""
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, f"n{n}.cpp")
    body = ["#include <cute/tensor.hpp>", "using namespace cute;", "int main() {"]
    for i, (e, _) in enumerate(calls):
        body.append(f"  // {e}")
        body.append(f"  [[maybe_unused]] auto r{i} = {to_cpp(e)};")
    body.append("  return 0;\n}")
    with open(path, "w") as f:
        f.write("\n".join(body) + "\n")
    return path


def evaluate(exprs):
    """Runs `cute-algebra eval -` once over all candidates."""
    r = subprocess.run(["cargo", "run", "-q", "--release", "-p", "layout-cli", "--", "eval", "-"],
                       cwd=ROOT, input="\n".join(exprs) + "\n", capture_output=True, text=True)
    return r.stdout.splitlines()


def pick(ops, n, seed, max_stride):
    rng = random.Random(seed)
    chosen, seen = [], set()
    while len(chosen) < n:
        cands = []
        while len(cands) < 4 * n + 40:
            e = candidate(rng, ops[len(cands) % len(ops)], max_stride)
            if e not in seen:
                seen.add(e); cands.append(e)
        for e, out in zip(cands, evaluate(cands)):
            if not out.startswith("error") and len(chosen) < n:
                op = e.split("(")[0]
                if sum(c[0].startswith(op + "(") for c in chosen) < (n + len(ops) - 1) // len(ops):
                    chosen.append((e, out))
    return chosen


def write_crate(n, calls):
    d = os.path.join(OUT, f"n{n}")
    os.makedirs(os.path.join(d, "src"), exist_ok=True)
    with open(os.path.join(d, "Cargo.toml"), "w") as f:
        f.write(f'[package]\nname = "ct-n{n}"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n'
                f'[dependencies]\ncute-algebra = {{ path = "{ROOT}" }}\n\n[workspace]\n')
    body = ["#![allow(clippy::all)]", "use cute_algebra::prelude::*;", "", "fn main() {"]
    for e, want in calls:
        # The static result's type must be the runtime algebra's answer: the
        # type checker compares them, and nothing is printed.
        shape, stride = want.split(":")
        body.append(f"    // {e}")
        body.append(f"    let _: Layout![{shape} : {stride}] = {to_rust(e)};")
    body.append(f"    println!(\"{len(calls)} static calls agree with the runtime algebra\");")
    body.append("}")
    with open(os.path.join(d, "src", "main.rs"), "w") as f:
        f.write("\n".join(body) + "\n")
    return d


def timed_log(cmd, cwd, env):
    """CPU seconds (user + sys) of the command and its children: less
    sensitive than wall time to other work on a shared 2-core machine."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stderr[-4000:])
        raise SystemExit(f"failed: {' '.join(cmd)} in {cwd}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), r.stderr


def timed(cmd, cwd, env):
    """`timed_log` without the command's messages."""
    return timed_log(cmd, cwd, env)[0]


def rustc_command(env, cargo_stderr, crate="ct_"):
    """The rustc command line (and its environment) that `cargo -v` printed
    (`cargo_stderr`) for the crate whose name starts with `crate`."""
    line = [l for l in cargo_stderr.splitlines() if "Running `" in l and f"--crate-name {crate}" in l][-1]
    parts = shlex.split(line.split("Running `", 1)[1].rstrip("`"))
    run_env = dict(env)
    while "=" in parts[0] and not parts[0].startswith("/"):
        k, v = parts.pop(0).split("=", 1)
        run_env[k] = v
    return parts, run_env


def instructions(d, env, cargo_stderr, crate="ct_"):
    """Instructions rustc executes checking the crate in `d` (cachegrind):
    the rustc command line that `cargo check -v` printed (`cargo_stderr`)
    for the crate whose name starts with `crate`, run again under valgrind."""
    parts, run_env = rustc_command(env, cargo_stderr, crate)
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null"] + parts,
                         cwd=d, env=run_env, capture_output=True, text=True)
    m = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if not m:
        raise SystemExit("valgrind failed: " + out.stderr[-2000:])
    return int(m.group(1).replace(",", ""))


def check_test(name):
    """`cargo check --test NAME` of this repository, the library already
    checked: CPU seconds and rustc's instructions for the test crate alone."""
    env = dict(os.environ, CARGO_INCREMENTAL="0")
    timed(["cargo", "check", "-q", "--test", name], ROOT, env)
    os.utime(os.path.join(ROOT, "tests", name + ".rs"))
    c, log = timed_log(["cargo", "check", "-v", "--test", name], ROOT, env)
    i = instructions(ROOT, env, log, crate=name + " ")
    print(f"cargo check --test {name}: {c:.2f} s CPU, {i:,} rustc instructions")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ops", default=",".join(ALL_OPS))
    ap.add_argument("--n", default="10,100,300")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-stride", type=int, default=0, help="scale some layouts up to this stride")
    ap.add_argument("--release", action="store_true", help="also time cargo build --release")
    ap.add_argument("--run", action="store_true", help="also run the generated binary")
    ap.add_argument("--instructions", action="store_true",
                    help="also count rustc's instructions for the check, and with --release for the "
                         "release build (valgrind; deterministic)")
    ap.add_argument("--cxx-includes", default="",
                    help="comma-separated include dirs (CuTe's, then CUDA's): also time g++ -O2 on the same calls")
    ap.add_argument("--test", default="",
                    help="instead: CPU seconds and rustc instructions of `cargo check --test NAME` "
                         "of this repository (its dependencies built first), e.g. --test atom_typed")
    args = ap.parse_args()
    if args.test:
        return check_test(args.test)
    ops = args.ops.split(",")
    ns = [int(x) for x in args.n.split(",")]
    env = dict(os.environ, CARGO_INCREMENTAL="0", CARGO_TARGET_DIR=os.path.join(OUT, "target"))
    base = write_crate(0, [])
    timed(["cargo", "check", "-q"], base, env)                 # dependencies, once
    if args.release:
        timed(["cargo", "build", "-q", "--release"], base, env)
    def measure(d, name):
        os.utime(os.path.join(d, "src", "main.rs"))
        # With -v cargo prints the rustc command line `instructions` reruns.
        c, log = timed_log(["cargo", "check", "-v" if args.instructions else "-q"], d, env)
        b, blog = None, None
        if args.release:
            os.utime(os.path.join(d, "src", "main.rs"))
            b, blog = timed_log(["cargo", "build", "--release", "-v" if args.instructions else "-q"], d, env)
        if args.run:
            subprocess.run(["cargo", "run", "-q"] + (["--release"] if args.release else []),
                           cwd=d, env=env, check=True)
        return c, b, (log, blog)
    incs = [a for d in args.cxx_includes.split(",") if d for a in ("-I", d)]
    def gxx(n, calls):
        src = write_cpp(n, calls)
        return timed(["g++", "-std=c++17", "-O2"] + incs + [src, "-o", src[:-4] + ".bin"], OUT, env)
    c0, b0, log0 = measure(base, "ct-n0")
    g0 = gxx(0, []) if incs else None
    print(f"ops: {','.join(ops)}; max stride: {args.max_stride or 'natural (<= 4096)'}")
    print(f"baseline (0 calls): check {c0:.2f} s" + (f", release {b0:.2f} s" if b0 else "")
          + (f", g++ -O2 {g0:.2f} s" if g0 else ""))
    print("| N | cargo check (CPU s) | ms/call | cargo build --release (CPU s) | ms/call | g++ -O2 (CPU s) | ms/call |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    i0 = instructions(base, env, log0[0]) if args.instructions else None
    r0 = instructions(base, env, log0[1]) if args.instructions and args.release else None
    counted = []
    for n in ns:
        calls = pick(ops, n, args.seed + n, args.max_stride)
        d = write_crate(n, calls)
        c, b, log = measure(d, f"ct-n{n}")
        bs = f"{b:.2f} | {1000 * (b - b0) / n:.1f}" if b else "- | -"
        g = gxx(n, calls) if incs else None
        gs = f"{g:.2f} | {1000 * (g - g0) / n:.1f}" if g else "- | -"
        print(f"| {n} | {c:.2f} | {1000 * (c - c0) / n:.1f} | {bs} | {gs} |", flush=True)
        if args.instructions:
            counted.append((n, instructions(d, env, log[0]),
                            instructions(d, env, log[1]) if args.release else None))
    if counted:
        print(f"\nrustc instructions for the check (cachegrind; baseline {i0:,}):")
        print("| N | instructions | per call over the baseline |")
        print("|---:|---:|---:|")
        for n, i, _ in counted:
            print(f"| {n} | {i:,} | {(i - i0) / n / 1e6:.2f} M |")
        if args.release:
            print(f"\nrustc instructions for the release build (cachegrind; baseline {r0:,}):")
            print("| N | instructions | per call over the baseline |")
            print("|---:|---:|---:|")
            for n, _, r in counted:
                print(f"| {n} | {r:,} | {(r - r0) / n / 1e6:.2f} M |")


if __name__ == "__main__":
    main()
