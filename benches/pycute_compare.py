#!/usr/bin/env python3
"""Time pycute (pip install nvidia-cutlass==4.2.0.0) on benches/cases.txt,
the cases of benches/dynamic.rs, and print microseconds per operation.

Usage:
    python3 benches/pycute_compare.py           # pycute alone
    python3 benches/pycute_compare.py --table   # also run `cargo bench --bench
        dynamic` and print the markdown table of benches/RESULTS.md

Each pycute time is the best of 7 repeats of 2000 calls; each Rust time is
criterion's median. Both run on the same machine one after the other.
"""
import os
import re
import subprocess
import sys
import timeit

from pycute import Layout, complement, composition, logical_divide

HERE = os.path.dirname(os.path.abspath(__file__))


def tup(s):
    """CuTe notation '(2,(3,4))' -> Python tuples; ints stay ints."""
    return eval(s.replace(")", ",)").replace(",,", ","))


def layout(s):
    shape, stride = s.split(":")
    return Layout(tup(shape), tup(stride))


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
        else:
            B = layout(b)
            g = composition if op == "composition" else logical_divide
            f = lambda A=A, B=B, g=g: g(A, B)
        n = 2000
        t = min(timeit.repeat(f, number=n, repeat=7)) / n
        rows.append((op, a, b, t * 1e6, f()))
    return rows


def rust_times():
    """{benchmark name: median ns} from `cargo bench --bench dynamic`."""
    out = subprocess.run(
        ["cargo", "bench", "--bench", "dynamic"],
        cwd=os.path.dirname(HERE), capture_output=True, text=True, check=True,
    ).stdout
    unit = {"ps": 1e-3, "ns": 1.0, "µs": 1e3, "us": 1e3, "ms": 1e6}
    times, name = {}, None
    for line in out.splitlines():
        head, sep, tail = line.partition("time:")
        if not sep:
            if line and not line[0].isspace():
                name = line.strip()
            continue
        name = head.strip() or name
        median, u = tail.strip(" []").split()[2:4]
        times[name] = float(median) * unit[u]
    return times


def main():
    py = pycute_times()
    if "--table" not in sys.argv:
        for op, a, b, us, r in py:
            print(f"{op}\t{a} ; {b}\t{us:.2f} us\t{r}")
        return
    rs = rust_times()
    print("| op | case | Rust ns | pycute µs | speedup |")
    print("|---|---|---:|---:|---:|")
    for op, a, b, us, _ in py:
        ns = rs[f"{op}/{a} ; {b}"]
        print(f"| {op} | `{a} ; {b}` | {ns:.0f} | {us:.1f} | {us * 1e3 / ns:.0f}x |")


if __name__ == "__main__":
    main()
