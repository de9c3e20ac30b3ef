#!/usr/bin/env python3
"""Time pycute (pip install nvidia-cutlass==4.2.0.0) on benches/cases.txt,
the cases of benches/dynamic.rs, and print microseconds per operation.

Usage:
    python3 benches/pycute_compare.py           # pycute alone
    python3 benches/pycute_compare.py --table   # also time the Rust side
        (`cargo bench --bench dynamic -- --best-of`) and print the markdown
        table of benches/RESULTS.md

Both sides take the best of 7 repeats of a batch of calls (2000 for pycute,
about 20 ms for Rust), and the table the best of 3 alternating rounds, which
filters out the interruptions of a shared machine.
"""
import os
import re
import subprocess
import sys
import timeit

from pycute import Layout, complement, composition, logical_divide, right_inverse, zipped_divide

HERE = os.path.dirname(os.path.abspath(__file__))
ROUNDS = 3


def tup(s):
    """CuTe notation '(2,(3,4))' -> Python tuples; ints stay ints."""
    return eval(s.replace(")", ",)").replace(",,", ","))


def layout(s):
    shape, stride = s.split(":")
    return Layout(tup(shape), tup(stride))


def tiler(s):
    """A tiler of cases.txt: a shape '(32,16)' or '<3:3,(2,4):(1,8)>'."""
    if not s.startswith("<"):
        return tup(s)
    parts, depth, cur = [], 0, ""
    for ch in s[1:-1]:
        depth += ch == "("; depth -= ch == ")"
        if ch == "," and depth == 0:
            parts.append(layout(cur)); cur = ""
        else:
            cur += ch
    return tuple(parts + [layout(cur)])


def cases():
    for line in open(os.path.join(HERE, "cases.txt")):
        if line.startswith("#") or not line.strip():
            continue
        yield line.rstrip("\n").split("\t")


def pycute_times():
    """[(op, a, b, microseconds, result)] for every case."""
    rows = []
    for op, a, b in cases():
        A = layout(a)
        if op == "complement":
            B = tup(b)
            f = lambda A=A, B=B: complement(A, B)
        elif op == "right_inverse":
            f = lambda A=A: right_inverse(A)
        elif op == "zipped_divide":
            B = tiler(b)
            f = lambda A=A, B=B: zipped_divide(A, B)
        else:
            B = layout(b)
            g = composition if op == "composition" else logical_divide
            f = lambda A=A, B=B, g=g: g(A, B)
        n = 2000
        t = min(timeit.repeat(f, number=n, repeat=7)) / n
        rows.append((op, a, b, t * 1e6, f()))
    return rows


def rust_times():
    """{benchmark name: ns per call} from `cargo bench --bench dynamic -- --best-of`."""
    out = subprocess.run(
        ["cargo", "bench", "--bench", "dynamic", "--", "--best-of"],
        cwd=os.path.dirname(HERE), capture_output=True, text=True, check=True,
    ).stdout
    return {name: float(ns) for name, ns in (l.split("\t") for l in out.splitlines() if "\t" in l)}


def main():
    if "--table" not in sys.argv:
        for op, a, b, us, r in pycute_times():
            print(f"{op}\t{a} ; {b}\t{us:.2f} us\t{r}")
        return
    # Alternate the two sides over a few rounds and keep each side's best,
    # so that a busy spell on the machine does not favour either.
    py, rs = {}, {}
    for _ in range(ROUNDS):
        for op, a, b, us, _ in pycute_times():
            key = (op, a, b)
            py[key] = min(py.get(key, us), us)
        for name, ns in rust_times().items():
            rs[name] = min(rs.get(name, ns), ns)
    print("| op | case | Rust ns | pycute µs | speedup |")
    print("|---|---|---:|---:|---:|")
    for (op, a, b), us in py.items():
        ns = rs[f"{op}/{a} ; {b}"]
        print(f"| {op} | `{a} ; {b}` | {ns:.0f} | {us:.1f} | {us * 1e3 / ns:.0f}x |")


if __name__ == "__main__":
    main()
