#!/usr/bin/env python3
"""Compile-time cost of static swizzle calls.

    python3 benches/compile_time/swizzle_compile_time.py [--n 0,50,200] [--groups ops|slices]
        [--only composition|slice|right_inverse|local_tile] [--instructions]

For each N it writes a crate (target/compile_time_swz/n<N>) holding N
distinct groups of static calls on random swizzled layouts. `--groups ops`
(the default): `composition`, `crd2idx` with a static coordinate (a static
offset type), and one of `tile_to_shape`, `zipped_divide`, `upcast`,
`downcast`. `--groups slices`: `composition`, a slice with `_` (kept
swizzled or folded into strides), `right_inverse`, and `local_tile` of a
counting tensor over the composed layout; each candidate is kept only if
the runtime path (`cute-algebra eval`, built by `cargo build -p
layout-cli`) accepts it, so every call is one the typed path must build.
It times `cargo check` of that crate after building the dependencies once
and prints CPU seconds (user + sys of cargo and rustc) and ms per group
over N = 0. Nothing here is asserted about time.

`--only KIND` (with `--groups slices`) keeps the composition and one call
kind of each group, so that one kind's cost is the difference against
`--only composition`. `--instructions` also counts the instructions rustc
executes for each check (cachegrind, as `compile_time.py --instructions`).
"""
import argparse, importlib.util, os, random, resource, subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "target", "compile_time_swz")


def group(rng, i):
    b = rng.randint(1, 3)
    m = rng.randint(0, 4)
    s = rng.choice([1, -1]) * rng.randint(b, 4)
    r, c = rng.choice([4, 8, 16]), rng.choice([8, 16, 32, 64])
    sw = f"Swizzle::<{b}, {m}, {s}>"
    lines = [f"    let c{i} = composition({sw}, layout![({r}, {c}) : ({c}, 1)]);",
             f"    let _: i32 = c{i}.crd2idx(coord![{rng.randrange(r)}, {rng.randrange(c)}]).value();"]
    op = rng.choice(["tile", "zip", "up", "down"])
    if op == "tile":
        lines.append(f"    let _ = tile_to_shape(c{i}, shape![{2 * r}, {2 * c}]).to_string();")
    elif op == "zip":
        lines.append(f"    let _ = c{i}.zipped_divide(shape![2, 4]).to_string();")
    elif op == "up":
        lines.append(f"    let _ = upcast::<2, _>(c{i}).to_string();")
    else:
        lines.append(f"    let _ = downcast::<2, _>(c{i}).to_string();")
    return "\n".join(lines)


CLI = os.path.join(ROOT, "target", "debug", "cute-algebra")


def accepted(expr):
    """Whether the runtime path evaluates `expr` without an error."""
    return subprocess.run([CLI, "eval", expr], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0


def slice_group(rng, i, only=None):
    """composition, a slice with `_`, right_inverse and local_tile."""
    while True:
        b = rng.randint(1, 3)
        m = rng.randint(0, 3)
        s = rng.choice([1, -1]) * rng.randint(b, 4)
        r, c = rng.choice([4, 8, 16]), rng.choice([8, 16, 32, 64])
        k = rng.randrange(c)
        sw_c, sw_r = f"Swizzle::<{b}, {m}, {s}>", f"Sw<{b},{m},{s}>"
        comp = f"composition({sw_r},({r},{c}):({c},1))"
        if (accepted(f"slice({comp},(_,{k}))") and accepted(f"right_inverse({comp})")
                and accepted(f"local_tile(tensor({comp}),(2,4),(1,1))")):
            break
    calls = {
        "composition": f"    let c{i} = composition({sw_c}, layout![({r}, {c}) : ({c}, 1)]);",
        "slice": f"    let _ = c{i}.slice(coord![_, {k}]).to_string();",
        "right_inverse": f"    let _ = right_inverse(c{i}).to_string();",
        "local_tile": f"    let _ = local_tile(make_counting_tensor(c{i}), shape![2, 4], coord![1, 1]).to_string();",
    }
    return "\n".join(v for kind, v in calls.items() if kind == "composition" or only in (None, kind))


def write_crate(n, groups, seed=12, only=None):
    rng = random.Random(seed)
    d = os.path.join(OUT, f"n{n}")
    os.makedirs(os.path.join(d, "src"), exist_ok=True)
    with open(os.path.join(d, "Cargo.toml"), "w") as f:
        f.write(f'[package]\nname = "swz_ct_{n}"\nversion = "0.0.0"\nedition = "2024"\n\n'
                f'[dependencies]\ncute-algebra = {{ path = "{ROOT}" }}\n\n[workspace]\n')
    if groups == "slices":
        body = "\n".join(slice_group(rng, i, only) for i in range(n))
    else:
        body = "\n".join(group(rng, i) for i in range(n))
    with open(os.path.join(d, "src", "lib.rs"), "w") as f:
        f.write("#![allow(unused)]\nuse cute_algebra::prelude::*;\n"
                "use cute_algebra::swizzle::{Swizzle, downcast, upcast};\n"
                "use cute_algebra::tensor::{local_tile, make_counting_tensor};\n\n"
                f"pub fn calls() {{\n{body}\n}}\n")
    return d


ENV = {**os.environ, "CARGO_INCREMENTAL": "0", "CARGO_TARGET_DIR": os.path.join(OUT, "target")}


def cpu_of(cmd, cwd):
    """CPU seconds of the command, and its messages (for `--instructions`)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True, env=ENV)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), r.stderr


def counter():
    """compile_time.py's cachegrind count of one crate's check."""
    spec = importlib.util.spec_from_file_location(
        "ct", os.path.join(os.path.dirname(os.path.abspath(__file__)), "compile_time.py"))
    ct = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ct)
    return ct.instructions


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", default="0,50,200")
    ap.add_argument("--groups", choices=["ops", "slices"], default="ops")
    ap.add_argument("--only", choices=["composition", "slice", "right_inverse", "local_tile"])
    ap.add_argument("--instructions", action="store_true")
    args = ap.parse_args()
    ns = [int(x) for x in args.n.split(",")]
    base = ibase = None
    for n in ns:
        d = write_crate(n, args.groups, only=args.only)
        cpu_of(["cargo", "check", "--quiet"], d)          # dependencies, once
        cpu_of(["cargo", "clean", "--quiet", "-p", f"swz_ct_{n}"], d)
        t, log = cpu_of(["cargo", "check", "-v"], d)
        if base is None:
            base = t
        per = (t - base) / n * 1000 if n else 0.0
        line = f"N={n:4d}  cargo check {t:6.2f} s CPU   {per:6.1f} ms per group"
        if args.instructions:
            i = counter()(d, ENV, log, crate=f"swz_ct_{n} ")
            if ibase is None:
                ibase = i
            line += f"   {i:,} instructions   {(i - ibase) / n / 1e6 if n else 0.0:.2f} M per group"
        print(line, flush=True)


if __name__ == "__main__":
    main()
