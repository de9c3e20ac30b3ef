#!/usr/bin/env python3
"""Time pycute (pip install nvidia-cutlass==4.2.0.0) on benches/cases.txt,
the cases of benches/dynamic.rs, and print microseconds per operation.

Usage: python3 benches/pycute_compare.py
"""
import os
import timeit

import pycute
from pycute import Layout, complement, composition, logical_divide


def tup(s):
    """CuTe notation '(2,(3,4))' -> Python tuples; ints stay ints."""
    return eval(s.replace(")", ",)").replace(",,", ","))


def layout(s):
    shape, stride = s.split(":")
    return Layout(tup(shape), tup(stride))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    rows = []
    for line in open(os.path.join(here, "cases.txt")):
        if line.startswith("#") or not line.strip():
            continue
        op, a, b = line.rstrip("\n").split("\t")
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
    for op, a, b, us, r in rows:
        print(f"{op}\t{a} ; {b}\t{us:.2f} us\t{r}")


if __name__ == "__main__":
    main()
