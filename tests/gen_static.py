#!/usr/bin/env python3
"""Generates tests/algebra_static.rs from the oracle (tests/data/public.tsv).

Expected strings come straight from the oracle's `cpp_static` and
`cpp_mixed` columns. Run: python3 tests/gen_static.py > tests/algebra_static.rs
then `cargo fmt --all`.
"""
import csv, re, sys, os

HERE = os.path.dirname(os.path.abspath(__file__))
OPS = {"coalesce", "coalesce_profile", "filter", "complement_cotarget", "complement",
       "right_inverse", "left_inverse", "composition", "composition_tiler"}
TILING = {"logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product",
          "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product"}
OPS |= TILING

def split_args(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "(<": depth += 1
        if ch in ")>": depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip()); cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return out

def parse_call(expr):
    m = re.match(r"(\w+)\((.*)\)$", expr)
    return m.group(1), split_args(m.group(2))

def shp(s):
    """An IntTuple argument -> shape![..] (the macro's outer tuple is implicit)."""
    if s.startswith("(") and s.endswith(")") and len(split_args(s[1:-1])) > 1:
        s = s[1:-1]
    return f"shape![{s}]"

def lay(s):
    # a layout in the mini-language -> layout![..]; '(4)' stays rank-1.
    shape, stride = s.split(":")
    return f"layout![{shape} : {stride}]"

def rhs(s):
    """composition's right operand: a tiler <..>, a layout, or a shape (by mode)."""
    if s.startswith("<"):
        return f"tile![{s[1:-1]}]"
    if ":" in s:
        return lay(s)
    return shp(s)

def tiler(s):
    """A divide/product tiler: an integer is `int!(n)`, else as composition's rhs."""
    if re.fullmatch(r"-?\d+", s):
        return f"int!({s})"
    return rhs(s)

def mixed_tiler(s):
    """A mixed tiler: a runtime integer (a variable) stays as it is."""
    if re.fullmatch(r"[a-z]\w*", s):
        return s
    return tiler(s)

def mixed_lay(s, lets):
    """Mixed layout: 'd' ints become i32 variables, 's' ints stay literals."""
    def rep(m):
        v, suf = m.group(1), m.group(2)
        if suf == "s":
            return v
        name = f"d{len(lets)}"
        lets.append(f"let {name}: i32 = {v};")
        return name
    return re.sub(r"(-?\d+)([sd])", rep, s)

def cotarget(a, lets=None):
    """An integer or shape cotarget; in a mixed expression a 'd' integer is an i32."""
    if lets is not None:
        a = mixed_lay(a, lets)
    if a.startswith("("):
        return shp(a)
    return a if lets is not None and not a.lstrip("-").isdigit() else f"int!({a})"

def call_for(name, args, lets=None):
    """The Rust call for a row, or None when the generator does not cover it."""
    lay_ = (lambda x: lay(mixed_lay(x, lets))) if lets is not None else lay
    if name == "coalesce" and len(args) == 1:
        return f"coalesce({lay_(args[0])})"
    if name == "coalesce":
        prof = mixed_lay(args[1], lets) if lets is not None else args[1]
        return f"coalesce_by({lay_(args[0])}, {shp(prof)})"
    if name == "filter":
        return f"filter({lay_(args[0])})"
    if name == "complement" and len(args) == 2:
        l = lay_(args[0])
        return f"complement({l}, {cotarget(args[1], lets)})"
    if name == "complement":
        return f"{lay_(args[0])}.complement()"
    if name in ("right_inverse", "left_inverse"):
        return f"{name}({lay_(args[0])})"
    if name == "composition":
        b = mixed_lay(args[1], lets) if lets is not None else args[1]
        return f"composition({lay_(args[0])}, {rhs(b)})"
    if name in TILING:
        if lets is not None:
            return f"{name}({lay_(args[0])}, {mixed_tiler(mixed_lay(args[1], lets))})"
        return f"{name}({lay_(args[0])}, {tiler(args[1])})"
    return None

def dyn_assert(r, var):
    """`var.to_dyn()` equals the runtime path (`dynamic::eval`) on the row's
    expression: the static and runtime paths agree."""
    ev = f'cute_algebra::dynamic::eval::eval("{r["expr"]}")'
    shape = r["cpp_static"].split(":")[0]
    if re.search(r"_-|_0\b", shape):
        # CuTe's left_inverse can return a negative extent (g245); a
        # DynLayout's extents are positive, so there is nothing to convert.
        return "    // (a non-positive extent: no DynLayout to compare with)"
    return f"    assert_eq!(cute_algebra::dynamic::eval::Value::Layout({var}.to_dyn()), {ev}.unwrap());"

def is_error(v):
    return v.startswith(("COMPILE_ERROR", "RUNTIME_ERROR"))

# Mixed rows the static path cannot express, and why (each has a ui-test or a
# hand-written test instead).
MIXED_SKIP = {
    "right_inverse": "a runtime stride is a compile error here "
                     "(ui-tests/right_inverse_dynamic_stride.rs); CuTe drops such modes",
}

rows = list(csv.DictReader(open(os.path.join(HERE, "data/public.tsv")), delimiter="\t"))
print("//! Generated by tests/gen_static.py from tests/data/public.tsv: do not edit.")
print("//! Every row checks `to_string()` against CuTe C++'s `cpp_static` (and `cpp_mixed`).")
print("#![allow(non_snake_case)]")
print("use cute_algebra::prelude::*;")
print()
for r in rows:
    if r["op"] not in OPS:
        continue
    name, args = parse_call(r["expr"])
    call = call_for(name, args)
    if call is None:
        continue
    if is_error(r["cpp_static"]) or r["admissible"] == "no":
        # CuTe refuses, or is silently wrong: ours does not compile (ui-tests/).
        print(f"// {r['id']}: {r['expr']} = {r['cpp_static']} (admissible: {r['admissible']}):")
        print("// a compile error here, see ui-tests/.")
        print()
        continue
    print("#[test]")
    print(f"fn {r['id']}() {{")
    print(f"    // {r['expr']}")
    print(f"    let r = {call};")
    print(f"    assert_eq!(r.to_string(), {r['cpp_static']!r:s});".replace("'", '"'))
    print(dyn_assert(r, "r"))
    if r["cpp_mixed_expr"]:
        mname, margs = parse_call(r["cpp_mixed_expr"])
        if r["cpp_mixed"].startswith("COMPILE_ERROR"):
            print(f"    // {r['cpp_mixed_expr']} = {r['cpp_mixed']}:")
            cause = "complement" if mname in TILING else mname
            print(f"    // a compile error here too, see ui-tests/{cause}_dynamic_stride.rs.")
        elif is_error(r["cpp_mixed"]):
            print(f"    // {r['cpp_mixed_expr']} = {r['cpp_mixed']}: CuTe divides by zero;")
            print("    // we give the whole cotarget, see tests/complement_props.rs.")
        elif mname in MIXED_SKIP and re.search(r"\d+d", margs[0].split(":")[1]):
            print(f"    // {r['cpp_mixed_expr']} = {r['cpp_mixed']}: {MIXED_SKIP[mname]}.")
        else:
            lets = []
            mcall = call_for(mname, margs, lets)
            print(f"    // {r['cpp_mixed_expr']}")
            for l in lets:
                print(f"    {l}")
            print(f"    assert_eq!({mcall}.to_string(), {r['cpp_mixed']!r:s});".replace("'", '"'))
    print("}")
    print()

print('''// Result types, checked by the type checker (not only by printing).
mod types {
    use cute_algebra::algebra::{Coalesced, CoalescedBy, Complemented, Filtered, LeftInverse, RightInverse};
    use cute_algebra::prelude::*;
    use cute_algebra::typenum::{P1, P2, P3, P4, P6, P8, P12, P24, P64, Z0};
    use frunk_core::HList;
    use static_assertions::{assert_eq_size, assert_type_eq_all};

    assert_type_eq_all!(Coalesced<Layout![(2, 4) : (1, 2)]>, Layout<P8, P1>);
    assert_type_eq_all!(Coalesced<Layout![(2, 1, 6) : (1, 7, 2)]>, Layout<P12, P1>);
    assert_type_eq_all!(Coalesced<Layout![(1, 1) : (5, 7)]>, Layout<P1, Z0>);
    assert_type_eq_all!(
        Coalesced<Layout![(2, 1, 3) : (3, 0, 1)]>,
        Layout<HList![P2, P3], HList![P3, P1]>
    );
    assert_type_eq_all!(Coalesced<Layout<HList![P2, i32], HList![P1, P2]>>, Layout<HList![P2, i32], HList![P1, P2]>);
    assert_type_eq_all!(Filtered<Layout![(2, (1, 6)) : (0, (6, 2))]>, Layout<P6, P2>);
    assert_type_eq_all!(
        CoalescedBy<Layout![(2, (1, 6)) : (1, (6, 2))], Shape![1, 1]>,
        Layout<HList![P2, P6], HList![P1, P2]>
    );
    assert_eq_size!(Coalesced<Layout![((2, 2), (2, 2)) : ((1, 4), (8, 32))]>, ());
    assert_eq_size!(Filtered<Layout![(2, (1, 6)) : (0, (6, 2))]>, ());
    assert_type_eq_all!(Complemented<Layout![4 : 2], P24>, Layout![(2, 3) : (1, 8)]);
    assert_type_eq_all!(Complemented<Layout![(2, 2) : (1, 6)]>, Layout<P3, P2>);
    assert_type_eq_all!(Complemented<Layout![64 : 1], Shape![32, 4, 4]>, Layout<P8, P64>);
    assert_type_eq_all!(Complemented<Layout![4 : 2], Shape![2, i32]>, Layout<HList![P2, i32], HList![P1, P8]>);
    assert_type_eq_all!(RightInverse<Layout![(2, 4, 6) : (4, 1, 8)]>, Layout![(4, 2, 6) : (2, 1, 8)]);
    assert_type_eq_all!(RightInverse<Layout![(4, 2) : (1, 5)]>, Layout<P4, P1>);
    assert_type_eq_all!(LeftInverse<Layout![(4, 2) : (1, 5)]>, Layout![(5, 2) : (1, 4)]);
    assert_type_eq_all!(LeftInverse<Layout![(2, 2, 2) : (4, 0, 1)]>, Layout![(4, 2) : (4, 1)]);
    assert_eq_size!(RightInverse<Layout![(8, 4) : (4, 1)]>, ());

    // composition: d001, g061, d004, and the mixed g042 and g056.
    use cute_algebra::algebra::Composed;
    use cute_algebra::typenum::{N1, N2, P26, P236};
    assert_type_eq_all!(
        Composed<Layout![(6, 2) : (8, 2)], Layout![(4, 3) : (3, 1)]>,
        Layout<HList![HList![P2, P2], P3], HList![HList![P24, P2], P8]>
    );
    assert_type_eq_all!(
        Composed<Layout![(4, 4) : (-1, 1)], Layout![(2, 4, 2) : (1, 2, 8)]>,
        Layout<HList![P2, HList![P2, P2], P2], HList![N1, HList![N2, P1], P2]>
    );
    assert_type_eq_all!(
        Composed<Layout![(12, (4, 8)) : (59, (13, 1))], HList![Layout![3 : 4], Layout![8 : 2]]>,
        Layout<HList![P3, HList![P2, P4]], HList![P236, HList![P26, P1]]>
    );
    assert_type_eq_all!(
        Composed<Layout<HList![i32, i32, i32], HList![i32, i32, i32]>, Layout<i32, i32>>,
        Layout<HList![i32, i32, i32], HList![i32, i32, i32]>
    );
    assert_type_eq_all!(
        Composed<Layout<HList![i32, i32, i32], HList![P1, i32, i32]>, Layout<i32, P1>>,
        Layout<HList![i32, i32, i32], HList![P1, i32, i32]>
    );
    assert_eq_size!(Composed<Layout![(6, 2) : (8, 2)], Layout![(4, 3) : (3, 1)]>, ());
    assert_eq_size!(Composed<Layout![(12, (4, 8)) : (59, (13, 1))], Shape![3, 8]>, ());
}''')
