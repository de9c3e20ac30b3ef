#!/usr/bin/env python3
"""Compile-time cost of static swizzle calls (issue 12).

    python3 benches/compile_time/swizzle_compile_time.py [--n 0,50,200]

For each N it writes a crate (target/compile_time_swz/n<N>) holding N
distinct groups of static calls on random swizzled layouts: `composition`,
`crd2idx` with a static coordinate (a static offset type), and one of
`tile_to_shape`, `zipped_divide`, `upcast`, `downcast`. It times `cargo
check` of that crate after building the dependencies once and prints CPU
seconds (user + sys of cargo and rustc) and ms per group over N = 0.
Nothing here is asserted about time.
"""
import argparse, os, random, resource, subprocess

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


def write_crate(n, seed=12):
    rng = random.Random(seed)
    d = os.path.join(OUT, f"n{n}")
    os.makedirs(os.path.join(d, "src"), exist_ok=True)
    with open(os.path.join(d, "Cargo.toml"), "w") as f:
        f.write(f'[package]\nname = "swz_ct_{n}"\nversion = "0.0.0"\nedition = "2024"\n\n'
                f'[dependencies]\ncute-algebra = {{ path = "{ROOT}" }}\n\n[workspace]\n')
    body = "\n".join(group(rng, i) for i in range(n))
    with open(os.path.join(d, "src", "lib.rs"), "w") as f:
        f.write("#![allow(unused)]\nuse cute_algebra::prelude::*;\n"
                "use cute_algebra::swizzle::{Swizzle, downcast, upcast};\n\n"
                f"pub fn calls() {{\n{body}\n}}\n")
    return d


def cpu_of(cmd, cwd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env={**os.environ, "CARGO_TARGET_DIR": os.path.join(OUT, "target")})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", default="0,50,200")
    ns = [int(x) for x in ap.parse_args().n.split(",")]
    base = None
    for n in ns:
        d = write_crate(n)
        cpu_of(["cargo", "check", "--quiet"], d)          # dependencies, once
        cpu_of(["cargo", "clean", "--quiet", "-p", f"swz_ct_{n}"], d)
        t = cpu_of(["cargo", "check", "--quiet"], d)
        if base is None:
            base = t
        per = (t - base) / n * 1000 if n else 0.0
        print(f"N={n:4d}  cargo check {t:6.2f} s CPU   {per:6.1f} ms per group")


if __name__ == "__main__":
    main()
