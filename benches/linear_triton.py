#!/usr/bin/env python3
"""Triton's C++ linear layouts through its Python bindings, on the cases of
tests/data/linear/triton_cases.tsv, timed as benches/linear.rs times ours:
per operation, the best of 7 repeats of one pass over its cases (each called
REPS times), in ns per call. Each call crosses the nanobind boundary (a call
into C++ and the result wrapped as a Python object), which the figure
includes; `call overhead` prints the cost of a trivial bound call
(`is_injective`) for scale.

    PYTHONPATH=/work/triton-site python3 benches/linear_triton.py
"""
import os
import time

from triton._C.libtriton import linear_layout as ll

L = ll.LinearLayout
REPS = 20
HERE = os.path.dirname(os.path.abspath(__file__))


def parse(s):
    ins, outs = s.split("#")
    bases = []
    if ins:
        for d in ins.split(";"):
            name, bs = d.split("=", 1)
            vs = []
            if bs:
                for b in bs[1:-1].split(")("):
                    vs.append([int(v) for v in b.split(",")] if b else [])
            bases.append((name, vs))
    out = []
    if outs:
        for o in outs.split(","):
            n, _, sz = o.partition(":")
            out.append((n, int(sz) if sz else 0))
    return bases, out


def layout(s):
    bases, outs = parse(s)
    return L.from_bases(bases, [n for n, _ in outs], [s for _, s in outs], False)


def best(n, f):
    b = float("inf")
    for _ in range(7):
        t = time.perf_counter_ns()
        f()
        b = min(b, (time.perf_counter_ns() - t) / (n * REPS))
    return b


def main():
    rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(HERE, "../tests/data/linear/triton_cases.tsv"))][1:]
    of = lambda op: [r for r in rows if r[1] == op]
    print("op\tcases\tns/call")
    ap = []
    for r in of("apply"):
        l = layout(r[2])
        xs = dict(zip(l.get_in_dim_names(), (int(v) for v in r[3].split(","))))
        ap.append((l, xs))

    def run_apply():
        for _ in range(REPS):
            for l, xs in ap:
                l.apply(xs)
    print(f"apply\t{len(ap)}\t{best(len(ap), run_apply):.0f}")
    for op in ["compose", "invert_and_compose", "mul"]:
        ps = [(layout(r[2]), layout(r[3])) for r in of(op)]
        fn = {"compose": lambda a, b: a.compose(b),
              "invert_and_compose": lambda a, b: a.invert_and_compose(b),
              "mul": lambda a, b: a * b}[op]

        def run():
            for _ in range(REPS):
                for a, b in ps:
                    fn(a, b)
        print(f"{op}\t{len(ps)}\t{best(len(ps), run):.0f}")
    for op in ["invert", "pseudoinvert"]:
        ls = [layout(r[2]) for r in of(op)]
        m = L.invert if op == "invert" else L.pseudoinvert

        def run():
            for _ in range(REPS):
                for a in ls:
                    m(a)
        print(f"{op}\t{len(ls)}\t{best(len(ls), run):.0f}")
    bs = [parse(r[2]) for r in of("bases")]

    def run_bases():
        for _ in range(REPS):
            for bases, outs in bs:
                L.from_bases(bases, [n for n, _ in outs])
    print(f"from_bases\t{len(bs)}\t{best(len(bs), run_bases):.0f}")
    one = layout(of("apply")[0][2])

    def run_trivial():
        for _ in range(REPS):
            for _ in range(100):
                one.is_injective()
    print(f"call overhead\t100\t{best(100, run_trivial):.0f}")


main()
