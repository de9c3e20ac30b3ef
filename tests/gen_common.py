"""What the oracle test generators (tests/gen_*.py) share: splitting CuTe's
call notation at its top-level commas, and a tuple's inside for the
macros' implicit outer tuple."""


def split_args(s):
    """'a, (b,c), X<d,e>' -> ['a', '(b,c)', 'X<d,e>']: commas inside
    parentheses or angle brackets do not split."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "(<":
            depth += 1
        if ch in ")>":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return out


def inner(s):
    """'(a,b)' -> 'a,b' for the macros' implicit outer tuple; '3' stays."""
    if s.startswith("(") and s.endswith(")") and len(split_args(s[1:-1])) > 1:
        return s[1:-1]
    return s
