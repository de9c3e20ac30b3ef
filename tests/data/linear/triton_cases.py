#!/usr/bin/env python3
"""Random linear layouts and Triton's answers for them, for tests/linear_triton.rs.

Run with Triton's Python bindings on the path:

    PYTHONPATH=/work/triton-site python3 tests/data/linear/triton_cases.py > tests/data/linear/triton_cases.tsv

Each row: id, op, the operands and Triton's result. A layout is written

    layout := indim (';' indim)* '#' outdim (',' outdim)*     ('#' ... alone: no in-dims)
    indim  := name '=' basis*                                  (name '=' alone: size 1)
    basis  := '(' value (',' value)* ')'                       ('()': no out-dims)
    outdim := name ':' size

and a result layout's column is followed by Triton's str(L) with newlines as
'\\n'. Triton's C++ asserts abort the process, so each case is drawn inside
the operation's preconditions. The seed is fixed: the file is reproducible.
"""
import random
import sys

from triton._C.libtriton import linear_layout as ll

L = ll.LinearLayout
R = random.Random(20261126)
IN_NAMES = ["register", "lane", "warp", "block", "offset"]
OUT_NAMES = ["dim0", "dim1", "dim2"]


def enc(l):
    ins = ";".join(
        name + "=" + "".join("(" + ",".join(str(v) for v in b) + ")" for b in bs) for name, bs in l.bases
    )
    outs = ",".join(f"{n}:{s}" for n, s in l.out_dims)
    return ins + "#" + outs


def text(l):
    return str(l).replace("\n", "\\n")


def log2(n):
    return n.bit_length() - 1


def random_layout(ins, outs, surjective=False):
    """ins: [(name, bits)], outs: [(name, bits)]: uniformly random bases,
    redrawn until surjective where asked (ins must have enough bits)."""
    while True:
        bases = [(n, [[R.randrange(1 << k) for _, k in outs] for _ in range(b)]) for n, b in ins]
        l = L.from_bases(bases, [n for n, _ in outs], [1 << k for _, k in outs], False)
        if not surjective or l.is_surjective():
            return l


def pick_dims(names, lo, hi, max_bits, total_max):
    k = R.randint(lo, hi)
    chosen = R.sample(names, k)
    chosen.sort(key=names.index) if R.random() < 0.5 else None
    dims = []
    total = 0
    for n in chosen:
        b = R.randint(0, max_bits)
        b = min(b, total_max - total)
        total += b
        dims.append((n, b))
    return dims


def invertible(ins_names, outs):
    """A random invertible layout onto outs (each in-dim gets some of the bits)."""
    total = sum(k for _, k in outs)
    cuts = sorted(R.randint(0, total) for _ in range(len(ins_names) - 1))
    sizes = [b - a for a, b in zip([0] + cuts, cuts + [total])]
    ins = list(zip(ins_names, sizes))
    return random_layout(ins, outs, surjective=True)


rows = []


def row(op, *cols):
    rows.append((op,) + tuple(cols))


def main():
    n = 320
    # apply: random layouts and random inputs.
    for _ in range(n):
        ins = pick_dims(IN_NAMES, 1, 3, 4, 10)
        outs = pick_dims(OUT_NAMES, 1, 3, 4, 10)
        l = random_layout(ins, outs)
        x = {name: R.randrange(1 << b) for name, b in ins}
        y = l.apply(x)
        row("apply", enc(l), ",".join(str(x[nm]) for nm, _ in ins),
            ",".join(str(y[o]) for o, _ in outs))
    # bases: from_bases with inferred out sizes (surjective), flags, printing.
    for _ in range(n):
        ins = pick_dims(IN_NAMES, 1, 3, 4, 10)
        outs = pick_dims(OUT_NAMES, 1, 2, 3, 6)
        if sum(b for _, b in ins) < sum(b for _, b in outs):
            ins.append(("extra", sum(b for _, b in outs)))
        l = random_layout(ins, outs, surjective=True)
        bases = [(nm, bs) for nm, bs in l.bases]
        m = L.from_bases(bases, [o for o, _ in outs])
        row("bases", enc(l).split("#")[0] + "#" + ",".join(o for o, _ in outs), enc(m), text(m),
            f"{int(m.is_injective())}{int(m.is_surjective())}{int(m.is_invertible())}")
    # compose: outer's in-dims are inner's out-dims, each at least as large.
    for _ in range(n):
        mid = pick_dims(OUT_NAMES, 1, 3, 3, 8)
        inner_outs = [(nm, R.randint(0, b)) for nm, b in mid]
        outer_ins = list(mid)
        R.shuffle(outer_ins)
        a = random_layout(pick_dims(IN_NAMES, 1, 3, 4, 10), inner_outs)
        b = random_layout(outer_ins, pick_dims(["x", "y", "z"], 1, 3, 4, 10))
        c = a.compose(b)
        row("compose", enc(a), enc(b), enc(c), text(c))
    # invert: invertible layouts.
    for _ in range(n):
        outs = pick_dims(OUT_NAMES, 1, 3, 4, 10)
        names = R.sample(IN_NAMES, R.randint(1, 3))
        a = invertible(names, outs)
        c = a.invert()
        row("invert", enc(a), enc(c), text(c))
    # pseudoinvert: surjective layouts with spare input bits.
    for _ in range(n):
        outs = pick_dims(OUT_NAMES, 1, 2, 4, 8)
        total = sum(b for _, b in outs)
        names = R.sample(IN_NAMES, R.randint(1, 3))
        extra = R.randint(0, 3)
        sizes = [0] * len(names)
        for _ in range(total + extra):
            sizes[R.randrange(len(names))] += 1
        a = random_layout(list(zip(names, sizes)), outs, surjective=True)
        c = a.pseudoinvert()
        row("pseudoinvert", enc(a), enc(c), text(c))
    # invert_and_compose: same out-dims and sizes (any order), outer
    # surjective; some in-dims shared, some with equal bases (Triton maps
    # those to themselves).
    for _ in range(n):
        outs = pick_dims(OUT_NAMES, 1, 3, 3, 8)
        total = sum(b for _, b in outs)
        b_names = R.sample(IN_NAMES, R.randint(1, 3))
        sizes = [0] * len(b_names)
        for _ in range(total + R.randint(0, 2)):
            sizes[R.randrange(len(b_names))] += 1
        outer = random_layout(list(zip(b_names, sizes)), outs, surjective=True)
        a_ins = pick_dims(IN_NAMES, 1, 3, 4, 10)
        a = random_layout(a_ins, outs)
        if R.random() < 0.3 and len(b_names) > 1:
            # Share one of outer's in-dims with the same bases.
            shared = b_names[0]
            keep = [(nm, bs) for nm, bs in a.bases if nm != shared]
            a = L.from_bases([(shared, dict(outer.bases)[shared])] + keep,
                             [o for o, _ in outs], [1 << k for _, k in outs], False)
        perm = list(outs)
        R.shuffle(perm)
        outer2 = L.from_bases(
            [(nm, [[bs_[[o for o, _ in outs].index(p)] for p, _ in perm] for bs_ in bs])
             for nm, bs in outer.bases],
            [p for p, _ in perm], [1 << k for _, k in perm], False)
        c = a.invert_and_compose(outer2)
        row("invert_and_compose", enc(a), enc(outer2), enc(c), text(c))
    # *: dims shared in the same relative order.
    for _ in range(n):
        a_ins = pick_dims(IN_NAMES, 0, 3, 3, 8)
        b_ins = pick_dims(IN_NAMES, 0, 3, 3, 8)
        a_outs = pick_dims(OUT_NAMES, 0, 3, 3, 8)
        b_outs = pick_dims(OUT_NAMES, 0, 3, 3, 8)
        for d in (a_ins, b_ins, a_outs, b_outs):
            d.sort(key=lambda p: (IN_NAMES + OUT_NAMES).index(p[0]))
        a = random_layout(a_ins, a_outs)
        b = random_layout(b_ins, b_outs)
        c = a * b
        row("mul", enc(a), enc(b), enc(c), text(c))
    print("id\top\ta\tb\tresult\ttriton_str")
    for i, r in enumerate(rows):
        cols = list(r[1:]) + [""] * (4 - len(r[1:]))
        print("\t".join([f"t{i:05d}", r[0]] + cols))


main()
