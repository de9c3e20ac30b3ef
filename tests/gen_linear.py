#!/usr/bin/env python3
"""Generates tests/linear_typed.rs: static linear layouts against the runtime
ones, on
- every linear static layout and swizzled layout of the oracle files
  (tests/data/public.tsv, public-ext.tsv: each row's `cpp_static` result and
  each `shape:stride` written in its expression), the same set
  tests/linear_public.rs converts at run time; a swizzle row's `values` (CuTe
  C++'s) are checked too;
- random linear layouts of many shapes (seeded), for `compose`, `invert` and
  `*` of converted CuTe layouts;
- random tables declared with `linear_layout!` over Triton's dimensions, for
  multi-dimensional `apply`, `invert`, `compose` and `*`.

Linearity is decided here as the library decides it (power-of-two extents,
non-negative strides, images `stride << b` with pairwise disjoint bits), so
that only cases that compile are written.

Run: python3 tests/gen_linear.py > tests/linear_typed.rs && cargo fmt --all
"""
import csv, os, random, re

HERE = os.path.dirname(os.path.abspath(__file__))


def parse(s):
    toks = re.findall(r"\(|\)|,|-?\d+", s.replace("_", ""))
    pos = 0

    def p():
        nonlocal pos
        t = toks[pos]
        pos += 1
        if t != "(":
            return int(t)
        items = [p()]
        while toks[pos] == ",":
            pos += 1
            items.append(p())
        assert toks[pos] == ")"
        pos += 1
        return items

    r = p()
    assert pos == len(toks), s
    return r


def congruent(a, b):
    if isinstance(a, list) != isinstance(b, list):
        return False
    return not isinstance(a, list) or (len(a) == len(b) and all(map(congruent, a, b)))


def leaves(t):
    return [x for y in t for x in leaves(y)] if isinstance(t, list) else [t]


def fmt(t):
    return "(" + ",".join(fmt(x) for x in t) + ")" if isinstance(t, list) else str(t)


def images(shape, stride):
    """The input bits' images, or None where the layout is not linear."""
    out = []
    for s, d in zip(leaves(shape), leaves(stride)):
        if s <= 0 or s & (s - 1) or d < 0:
            return None
        for b in range(s.bit_length() - 1):
            out.append(d << b)
    seen = 0
    for v in out:
        if v & seen or v >> 32:
            return None
        seen |= v
    return out if len(out) <= 32 else None


def swizzle(b, m, s, x):
    yyy = ((1 << b) - 1) << (m + max(0, s))
    return x ^ ((x & yyy) >> s if s >= 0 else (x & yyy) << -s)


def size(shape):
    p = 1
    for s in leaves(shape):
        p *= s
    return p


def layout_macro(shape, stride):
    return f"layout![{fmt(shape)} : {fmt(stride)}]"


STATIC_LAYOUT = re.compile(r"[()_\d,:\-]+")
SWIZZLED = re.compile(r"Sw<(\d+),(\d+),(-?\d+)> o _0 o (\S+)")


def literals(expr):
    """The `shape:stride` literals written in an expression (as
    tests/linear_public.rs finds them): a balanced shape before each `:`,
    a balanced stride after it."""
    out = []
    for i, ch in enumerate(expr):
        if ch != ":":
            continue
        s, depth = i, 0
        while s > 0:
            p = expr[s - 1]
            if p == ")":
                depth += 1
            elif p == "(":
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and not (p.isdigit() or p == "_"):
                break
            s -= 1
        e, depth = i + 1, 0
        while e < len(expr):
            p = expr[e]
            if p == "(":
                depth += 1
            elif p == ")":
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and not (p.isdigit() or p in "_-"):
                break
            e += 1
        out.append(expr[s:e])
    return out


def oracle_cases():
    plain, swz, seen = [], [], set()

    def add_plain(rid, text):
        if text in seen or ":" not in text:
            return
        try:
            shape, stride = (parse(x) for x in text.split(":"))
        except (AssertionError, IndexError, ValueError):
            return
        if not congruent(shape, stride):
            return
        if images(shape, stride) is None or size(shape) > 1 << 12:
            return
        seen.add(text)
        plain.append((rid, shape, stride))

    for f in ["data/public.tsv", "data/public-ext.tsv"]:
        for r in csv.DictReader(open(os.path.join(HERE, f)), delimiter="\t"):
            cs = r["cpp_static"]
            m = SWIZZLED.fullmatch(cs)
            if m:
                b, mm, s = int(m.group(1)), int(m.group(2)), int(m.group(3))
                shape, stride = (parse(x) for x in m.group(4).split(":"))
                imgs = images(shape, stride)
                key = cs
                if imgs is not None and key not in seen and size(shape) <= 1 << 12:
                    if all(swizzle(b, mm, s, v) >> 32 == 0 for v in imgs):
                        seen.add(key)
                        swz.append((r["id"], (b, mm, s), shape, stride, r.get("values", "")))
            elif STATIC_LAYOUT.fullmatch(cs) and not re.search(r"(?<![_\d])\d", cs):
                add_plain(r["id"], cs.replace("_", ""))
            for k, lit in enumerate(literals(r["expr"])):
                add_plain(f"{r['id']}_{k}", lit)
    return plain, swz


def random_linear(rng, max_bits):
    """A random linear layout: a permuted compact layout of power-of-two
    extents, maybe with gaps and broadcast modes, in 1 to 3 modes, some
    nested."""
    nbits = rng.randint(1, max_bits)
    cuts = sorted(rng.sample(range(1, nbits), min(nbits - 1, rng.randint(0, 3)))) if nbits > 1 else []
    ks = [b - a for a, b in zip([0] + cuts, cuts + [nbits])]
    order = list(range(len(ks)))
    rng.shuffle(order)
    stride = [0] * len(ks)
    cur = 1
    for i in order:
        if rng.random() < 0.1:
            stride[i] = 0
            continue
        cur <<= rng.choice([0, 0, 0, 1])
        stride[i] = cur
        cur <<= ks[i]
    shape = [1 << k for k in ks]
    if len(shape) >= 2 and rng.random() < 0.3:
        shape = [shape[:2]] + shape[2:]
        stride = [stride[:2]] + stride[2:]
    if len(shape) == 1:
        return shape[0], stride[0]
    return shape, stride


def out_bits(shape, stride, sw=None):
    imgs = images(shape, stride)
    if sw:
        imgs = [swizzle(*sw, v) for v in imgs]
    return max([v.bit_length() for v in imgs] + [0])


def invertible(shape, stride):
    imgs = images(shape, stride)
    return sorted(imgs) == [1 << i for i in range(len(imgs))]


def table(rng, ins, outs):
    """Random bases: for each input dimension (name, bits), one image per
    bit, one value per output dimension (name, bits)."""
    return [(n, [[rng.randrange(1 << k) if rng.random() < 0.7 else 0 for _, k in outs]
                 for _ in range(b)]) for n, b in ins]


def permutation_table(rng, ins, outs):
    """An invertible table: the output bits, shuffled, as the input bits'
    images, each XORed with lower ones."""
    total = sum(k for _, k in outs)
    bits = list(range(total))
    rng.shuffle(bits)
    flat = []
    for i, b in enumerate(bits):
        v = 1 << b
        for j in range(i):
            if rng.random() < 0.2:
                v ^= flat[j]
        flat.append(v)
    res, at = [], 0
    for n, b in ins:
        imgs = []
        for v in flat[at:at + b]:
            vals, s = [], 0
            for _, k in outs:
                vals.append((v >> s) & ((1 << k) - 1))
                s += k
            imgs.append(vals)
        at += b
        res.append((n, imgs))
    return res


def table_macro(name, bases, outs):
    ins = ", ".join(f"{n}: [{', '.join('(' + ', '.join(map(str, v)) + ',)' for v in imgs)}]" for n, imgs in bases)
    o = ", ".join(f"{n}: {1 << k}" for n, k in outs)
    return f"linear_layout! {{ struct {name} {{ {ins} }} -> {{ {o} }} }}"


def table_rust(bases, outs):
    ins = ", ".join(f'("{n}", vec![{", ".join("vec![" + ", ".join(map(str, v)) + "]" for v in imgs)}])'
                    for n, imgs in bases)
    o = ", ".join(f'("{n}", {1 << k})' for n, k in outs)
    return f"LinearLayout::new(&[{ins}], &[{o}], false).unwrap()"


HEADER = """//! Generated by tests/gen_linear.py: do not edit.
//! Static linear layouts against the runtime ones: each static layout's
//! table equals the runtime layout built from the same CuTe layout or
//! bases, and its `apply` equals the runtime `apply` (and CuTe's function)
//! at every input; `compose`, `invert` and `*` of static layouts equal the
//! runtime operations.
#![allow(non_snake_case)]
use cute_algebra::dynamic::DynLayout;
use cute_algebra::linear::dim::{Dim0, Dim1, In, Lane, Offset, Out, Register};
use cute_algebra::linear::{LinearLayout, StaticLinear, ToLinear, to_linear, to_linear_composed};
use cute_algebra::linear_layout;
use cute_algebra::prelude::*;
use cute_algebra::swizzle::{DynComposed, DynSwizzle, Swizzle};

/// Every input of a layout with these input sizes (log2), one value per
/// input dimension.
fn inputs(bits: &[u32]) -> Vec<Vec<u32>> {
    let mut all = vec![vec![]];
    for &k in bits {
        all = all
            .into_iter()
            .flat_map(|v| (0..1u32 << k).map(move |x| [v.clone(), vec![x]].concat()))
            .collect();
    }
    all
}

/// The static layout's table and every value agree with the runtime one.
/// Only the calls of `apply` are generic: the checks are shared.
fn agree<L: StaticLinear, const N: usize, const M: usize>(l: L, d: &LinearLayout) {
    let t = L::TABLE;
    let bits: Vec<u32> = (0..t.num_in_dims()).map(|i| t.in_dim(i).1).collect();
    let got: Vec<Vec<u32>> = inputs(&bits)
        .into_iter()
        .map(|x| {
            let out: [u32; M] = l.apply::<N, M>(x.try_into().unwrap());
            out.to_vec()
        })
        .collect();
    check(&l.to_dyn(), d, &bits, &got);
}

fn check(typed: &LinearLayout, d: &LinearLayout, bits: &[u32], got: &[Vec<u32>]) {
    assert_eq!(*typed, *d);
    let names = d.in_dim_names();
    for (x, got) in inputs(bits).iter().zip(got) {
        let args: Vec<(&str, u64)> = names.iter().zip(x).map(|(n, v)| (*n, *v as u64)).collect();
        let want: Vec<u32> = d.apply(&args).unwrap().iter().map(|v| *v as u32).collect();
        assert_eq!(*got, want, "{d} at {x:?}");
    }
}

/// A static CuTe layout's conversion: the runtime conversion of the same
/// layout, and CuTe's function at every index.
fn cute_layout<L: ToLinear>(l: L, text: &str) {
    let d: DynLayout = text.parse().unwrap();
    let ll = l.to_linear();
    agree::<_, 1, 1>(ll, &to_linear(&d).unwrap());
    for i in 0..d.size().unwrap() {
        let [v] = ll.apply([i as u32]);
        assert_eq!(v as i64, d.at(i).unwrap(), "{text} at {i}");
    }
}

/// A static swizzled layout's conversion, and CuTe C++'s values (the oracle
/// row's) at every index.
fn cute_swizzled<L: ToLinear>(l: L, sw: (u32, u32, i32), text: &str, values: &str) {
    let c = DynComposed::new(DynSwizzle::new(sw.0, sw.1, sw.2).unwrap(), 0, text.parse().unwrap());
    let ll = l.to_linear();
    agree::<_, 1, 1>(ll, &to_linear_composed(&c).unwrap());
    for (i, v) in values.split_whitespace().enumerate() {
        let [got] = ll.apply([i as u32]);
        assert_eq!(got.to_string(), v, "{c} at {i}");
    }
}
"""


def main():
    rng = random.Random(33)
    plain, swz = oracle_cases()
    print(HEADER)
    print("#[test]\nfn oracle_layouts_convert_statically() {")
    for rid, shape, stride in plain:
        print(f'    cute_layout({layout_macro(shape, stride)}, "{fmt(shape)}:{fmt(stride)}"); // {rid}')
    print(f"    // {len(plain)} layouts")
    print("}\n")
    print("#[test]\nfn oracle_swizzled_layouts_convert_statically() {")
    for rid, (b, m, s), shape, stride, values in swz:
        print(f"    cute_swizzled(composition(Swizzle::<{b}, {m}, {s}>, {layout_macro(shape, stride)}), "
              f'({b}, {m}, {s}), "{fmt(shape)}:{fmt(stride)}", "{values}"); // {rid}')
    print(f"    // {len(swz)} swizzled layouts")
    print("}\n")

    print("#[test]\nfn random_layouts_convert_statically() {")
    for _ in range(60):
        shape, stride = random_linear(rng, 10)
        print(f'    cute_layout({layout_macro(shape, stride)}, "{fmt(shape)}:{fmt(stride)}");')
    print("}\n")

    print("#[test]\nfn compose_of_static_layouts() {")
    for _ in range(40):
        sa, da = random_linear(rng, 8)
        kb = out_bits(sa, da)
        sb, db = random_linear(rng, 10)
        while size(sb).bit_length() - 1 < kb:
            sb, db = random_linear(rng, 10)
        a = f"{layout_macro(sa, da)}.to_linear_as::<Register, Offset>()"
        b = f"{layout_macro(sb, db)}.to_linear_as::<Offset, Dim0>()"
        print("    {")
        print(f'        let a = to_linear(&"{fmt(sa)}:{fmt(da)}".parse().unwrap()).unwrap().rename_in_dim("in", "register").unwrap();')
        print(f'        let b = to_linear(&"{fmt(sb)}:{fmt(db)}".parse().unwrap()).unwrap().rename_in_dim("in", "offset").unwrap();')
        print('        let (a, b) = (rename_out(&a, "offset"), rename_out(&b, "dim0"));')
        print(f"        agree::<_, 1, 1>({a}.compose({b}), &a.compose(&b).unwrap());")
        print("    }")
    print("}\n")

    print("#[test]\nfn invert_of_static_layouts() {")
    n = 0
    while n < 30:
        shape, stride = random_linear(rng, 10)
        if not invertible(shape, stride):
            continue
        n += 1
        sw = None
        k = size(shape).bit_length() - 1
        if k >= 3 and rng.random() < 0.5:
            bb = rng.randint(1, k // 2)
            s = rng.randint(bb, k - bb)
            m = rng.randint(0, k - bb - s)
            sw = (bb, m, s)
        text = f"{fmt(shape)}:{fmt(stride)}"
        if sw:
            l = f"composition(Swizzle::<{sw[0]}, {sw[1]}, {sw[2]}>, {layout_macro(shape, stride)})"
            d = f'to_linear_composed(&DynComposed::new(DynSwizzle::new({sw[0]}, {sw[1]}, {sw[2]}).unwrap(), 0, "{text}".parse().unwrap())).unwrap()'
        else:
            l = layout_macro(shape, stride)
            d = f'to_linear(&"{text}".parse().unwrap()).unwrap()'
        print(f"    agree::<_, 1, 1>({l}.to_linear().invert(), &{d}.invert().unwrap());")
    print("}\n")

    print("#[test]\nfn product_of_static_layouts() {")
    names = [("In", "in"), ("Register", "register"), ("Lane", "lane")]
    outs = [("Out", "out"), ("Dim0", "dim0"), ("Dim1", "dim1")]
    for _ in range(30):
        sa, da = random_linear(rng, 6)
        sb, db = random_linear(rng, 6)
        ia, oa = rng.choice(names), rng.choice(outs)
        ib, ob = rng.choice(names), rng.choice(outs)
        if ia[1] != ib[1] and oa[1] != ob[1] and rng.random() < 0.5:
            ob = oa
        print("    {")
        print(f'        let a = rename(&to_linear(&"{fmt(sa)}:{fmt(da)}".parse().unwrap()).unwrap(), "{ia[1]}", "{oa[1]}");')
        print(f'        let b = rename(&to_linear(&"{fmt(sb)}:{fmt(db)}".parse().unwrap()).unwrap(), "{ib[1]}", "{ob[1]}");')
        m = 1 if oa == ob else 2
        nn = 1 if ia == ib else 2
        print(f"        agree::<_, {nn}, {m}>({layout_macro(sa, da)}.to_linear_as::<{ia[0]}, {oa[0]}>() * "
              f"{layout_macro(sb, db)}.to_linear_as::<{ib[0]}, {ob[0]}>(), &a.mul(&b).unwrap());")
        print("    }")
    print("}\n")

    print("#[test]\nfn declared_tables() {")
    dims_in = ["register", "lane", "warp"]
    for t in range(24):
        nin = rng.randint(1, 3)
        ins = [(dims_in[i], rng.randint(0, 3)) for i in range(nin)]
        nout = rng.randint(1, 2)
        square = t % 2 == 0
        total = sum(b for _, b in ins)
        if square:
            if nout == 2 and total >= 1:
                k0 = rng.randint(0, total)
                outs = [("dim0", k0), ("dim1", total - k0)]
            else:
                outs = [("dim0", total)]
            bases = permutation_table(rng, ins, outs)
        else:
            outs = [(f"dim{i}", rng.randint(1, 3)) for i in range(nout)]
            bases = table(rng, ins, outs)
        nout = len(outs)
        name = f"T{t}"
        print("    {")
        print(f"        {table_macro(name, bases, outs)}")
        print(f"        let d = {table_rust(bases, outs)};")
        print(f"        agree::<_, {nin}, {nout}>({name}, &d);")
        if square:
            print(f"        agree::<_, {nout}, {nin}>({name}.invert(), &d.invert().unwrap());")
            print(f"        agree::<_, {nin}, {nin}>({name}.compose({name}.invert()), &d.compose(&d.invert().unwrap()).unwrap());")
        # A product with a second table over the same names.
        ins2 = [(n, rng.randint(0, 2)) for n, _ in ins]
        outs2 = [(n, rng.randint(0, 2)) for n, _ in outs]
        bases2 = table(rng, ins2, outs2)
        print(f"        {table_macro(name + 'b', bases2, outs2)}")
        print(f"        let e = {table_rust(bases2, outs2)};")
        print(f"        agree::<_, {nin}, {nout}>({name} * {name}b, &d.mul(&e).unwrap());")
        print("    }")
    print("}\n")

    print('''/// The layout with its single output dimension named `out`.
fn rename_out(l: &LinearLayout, out: &str) -> LinearLayout {
    let bases: Vec<(&str, Vec<Vec<u64>>)> = l.bases().into_iter().map(|(n, b)| (n, b.to_vec())).collect();
    let (_, size) = l.out_dims()[0];
    LinearLayout::new(&bases, &[(out, size)], false).unwrap()
}

/// A converted CuTe layout (`in -> out`) with its dimensions named.
fn rename(l: &LinearLayout, i: &str, o: &str) -> LinearLayout {
    rename_out(&l.rename_in_dim("in", i).unwrap(), o)
}''')


if __name__ == "__main__":
    main()
