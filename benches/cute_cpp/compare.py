#!/usr/bin/env python3
"""Runtime algebra, CuTe C++ against this crate, side by side.

    python3 benches/cute_cpp/compare.py CUTE_INCLUDE_DIR [CUDA_INCLUDE_DIR...] [--rounds 3]

Builds `algebra_bench.cpp` with `run.sh` (g++ -O3) and `benches/vs_cute.rs`
(`cargo bench --bench vs_cute`), then runs them in alternation for a few
rounds and keeps each side's best (each program already reports the best
of 15 batches of about 20 ms), which filters out the interruptions of a
shared machine. It checks every Rust result against CuTe's as a function
(size and hash of `r(i)` for all `i`) and prints the markdown table of
`benches/RESULTS.md` with the load average before and after.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def load():
    return open("/proc/loadavg").read().split()[0]


def cpp(incs, first):
    """Build and run with run.sh the first time, then run the binary it built."""
    cmd = [os.path.join(HERE, "run.sh")] + incs if first else \
        [os.path.join(ROOT, "target", "cute_cpp", "algebra_bench")]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return {c[0]: (float(c[1]), c[2], c[3], c[4]) for c in (l.split("\t") for l in out.splitlines())}


def rust():
    out = subprocess.run(["cargo", "bench", "-q", "--bench", "vs_cute"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    rows = {}
    for l in out.splitlines():
        c = l.split("\t")
        if len(c) == 6:
            rows[(c[0], c[1])] = (float(c[2]), c[3], c[4], c[5])
    return rows


def main():
    args = sys.argv[1:]
    rounds = 3
    if "--rounds" in args:
        k = args.index("--rounds")
        rounds = int(args[k + 1])
        del args[k:k + 2]
    if not args:
        sys.exit(__doc__)
    before = load()
    best_c, best_r = {}, {}
    for r in range(rounds):
        for k, row in cpp(args, r == 0).items():
            best_c[k] = min(best_c.get(k, row), row)
        for k, row in rust().items():
            best_r[k] = min(best_r.get(k, row), row)
    after = load()
    print(f"load average (1 min) {before} before, {after} after; best of {rounds} rounds\n")
    print("| case | CuTe C++ ns | DynLayout ns | ratio | typed `i32` ns | ratio | same function |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for name, (cns, size, h, printed) in best_c.items():
        d = best_r[(name, "DynLayout")]
        t = best_r[(name, "typed i32")]
        same = []
        for side, row in (("dyn", d), ("typed", t)):
            if (row[1], row[2]) == (size, h):
                same.append(side)
            else:
                same.append(f"{side}: no (size {row[1]} vs {size})")
        print(f"| {name} | {cns:.1f} | {d[0]:.1f} | {d[0] / cns:.1f}x | {t[0]:.1f} | "
              f"{t[0] / cns:.1f}x | {', '.join(same)} |")
    print("\nresults: CuTe / DynLayout / typed")
    for name, (_, _, _, printed) in best_c.items():
        print(f"- {name}: `{printed}` / `{best_r[(name, 'DynLayout')][3]}` / `{best_r[(name, 'typed i32')][3]}`")


if __name__ == "__main__":
    main()
