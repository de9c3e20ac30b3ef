#!/usr/bin/env python3
"""The evaluator's named-dimension calls that Triton's Python bindings also
have, with Triton's answers, for tests/linear_eval.rs.

Run with Triton's Python bindings on the path:

    PYTHONPATH=/work/triton-site python3 tests/data/linear/triton_named.py > tests/data/linear/triton_named.tsv

Each row: the expression as `cute-algebra eval` reads it, and Triton's
answer as the evaluator prints it: a layout as Triton's str(L) without its
leading newline (newlines as '\\n'), apply's dictionary as the tuple of its
values in output-dimension order, names space-separated, a size as an
integer. The seed is fixed: the file is reproducible.
"""
import random

from triton._C.libtriton import linear_layout as ll

L = ll.LinearLayout
R = random.Random(33)
IN_NAMES = ["register", "lane", "warp", "block"]
OUT_NAMES = ["dim0", "dim1"]


def text(l):
    return str(l).lstrip("\n").replace("\n", "\\n")


def ll_expr(l):
    """The evaluator's LL{...} for a Triton layout."""
    ins = "; ".join(name + "=" + "".join("(" + ",".join(map(str, b)) + ")" for b in bs) for name, bs in l.bases)
    outs = ", ".join(f"{n}={s}" for n, s in l.out_dims)
    return "LL{" + ins + " -> " + outs + "}"


def tup(vals):
    vals = list(vals)
    return "(" + ",".join(map(str, vals)) + ")"


def random_layout():
    ins = [(n, R.randint(0, 3)) for n in R.sample(IN_NAMES, R.randint(1, 3))]
    outs = [(n, R.randint(1, 3)) for n in OUT_NAMES[: R.randint(1, 2)]]
    bases = [(n, [[R.randrange(1 << k) for _, k in outs] for _ in range(b)]) for n, b in ins]
    return L.from_bases(bases, [n for n, _ in outs], [1 << k for _, k in outs], False)


rows = []
for size, i, o in [(8, "register", "dim0"), (32, "lane", "dim1"), (1, "warp", "dim0")]:
    rows.append((f"identity_1d({size}, {i}, {o})", text(L.identity_1d(size, i, o))))
for size, stride, i, o in [(8, 4, "lane", "offset"), (4, 1, "register", "dim1"), (16, 2, "warp", "dim0")]:
    rows.append((f"strided_1d({size}, {stride}, {i}, {o})", text(L.strided_1d(size, stride, i, o))))
for size, i, o, out_size in [(4, "warp", "dim1", None), (8, "block", "dim0", 4), (2, "lane", "offset", 1)]:
    z = L.zeros_1d(size, i, o) if out_size is None else L.zeros_1d(size, i, o, out_size)
    extra = "" if out_size is None else f", {out_size}"
    rows.append((f"zeros_1d({size}, {i}, {o}{extra})", text(z)))
# Named layouts composed and multiplied, as Triton builds a distributed layout.
reg, lane = L.identity_1d(4, "register", "dim0"), L.identity_1d(8, "lane", "dim1")
rows.append(("mul(identity_1d(4, register, dim0), identity_1d(8, lane, dim1))", text(reg * lane)))
rows.append(("mul(identity_1d(4, register, dim1), strided_1d(8, 2, register, dim1))",
             text(L.identity_1d(4, "register", "dim1") * L.strided_1d(8, 2, "register", "dim1"))))
rows.append(("compose(identity_1d(8, register, offset), strided_1d(8, 1, offset, dim0))",
             text(L.identity_1d(8, "register", "offset").compose(L.strided_1d(8, 1, "offset", "dim0")))))
for _ in range(24):
    l = random_layout()
    names = l.get_in_dim_names()
    sizes = {n: 1 << len(bs) for n, bs in l.bases}
    ins = {n: R.randrange(sizes[n]) for n in names}
    order = list(names)
    R.shuffle(order)
    got = l.apply(ins)
    pairs = "[" + ", ".join(f"({n}, {ins[n]})" for n in order) + "]"
    rows.append((f"apply({ll_expr(l)}, {pairs})", tup(got[n] for n in l.get_out_dim_names())))
    rows.append((f"in_dim_names({ll_expr(l)})", " ".join(l.get_in_dim_names())))
    rows.append((f"out_dim_names({ll_expr(l)})", " ".join(l.get_out_dim_names())))
    n, s = R.choice(l.out_dims)
    rows.append((f"out_dim_size({ll_expr(l)}, {n})", str(s)))
print("expr\ttriton")
for e, t in rows:
    print(f"{e}\t{t}")
