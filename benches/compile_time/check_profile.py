#!/usr/bin/env python3
"""Where `cargo check` of a generated crate spends rustc's instructions.

    python3 benches/compile_time/compile_time.py --n 100      # writes target/compile_time/n100
    python3 benches/compile_time/check_profile.py [--crate target/compile_time/n100]
    python3 benches/compile_time/sgemm_sm80.py --runs 1                # writes target/compile_time_sgemm/config
    python3 benches/compile_time/check_profile.py --crate target/compile_time_sgemm/config

Runs rustc's check of the crate (the command line `cargo check -v`
prints) under valgrind's callgrind and reads inclusive instruction counts
of a few rustc functions that split the cost: type checking against the
borrow checker, the evaluation of obligations without inference variables
(`evaluate_obligation`, the query the fulfillment loop asks for global
predicates), the generalization of a type when an inference variable is
bound to it (matching an impl header binds each of the impl's parameters
to a part of the obligation's types, and the generalizer walks that part
whole), projection predicates, and the borrow checker's second
normalization of each called function's signature. Counts are exact and the
same from run to run; shares overlap (a generalization is inside an
evaluation, which is inside type checking).
"""
import argparse, os, re, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compile_time import rustc_command  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# (label, regex on callgrind_annotate's function column; the first match's
# inclusive count is taken, which for a recursive function is its outermost
# level, the whole subtree once)
ROWS = [
    ("rustc, whole check", r"PROGRAM TOTALS"),
    ("type checking (`typeck`)", r"rustc_hir_typeck::typeck_with_inspect::\{closure#0\} "),
    ("  global obligations (`evaluate_obligation` query)", r"rustc_traits::evaluate_obligation::evaluate_obligation "),
    ("  generalizing a type bound to an inference variable",
     r"<rustc_infer::infer::relate::generalize::Generalizer as rustc_type_ir::relate::TypeRelation<rustc_middle::ty::context::TyCtxt>>::tys::\{closure#0\} "),
    ("  projection predicates (`project_and_unify`)", r"commit_if_ok::<rustc_trait_selection::traits::project::ProjectAndUnifyResult"),
    ("borrow checking (`mir_borrowck`)", r"rustc_borrowck::mir_borrowck "),
    ("  normalizing each call's signature again (`type_op_normalize_fn_sig`)",
     r"type_op_normalize_fn_sig::execute_query_non_incr"),
    ("  the calls' operands and their predicates (`visit_operand`)",
     r"<rustc_borrowck::type_check::TypeChecker as rustc_middle::mir::visit::Visitor>::visit_operand "),
    ("  proving predicates again (`type_op_prove_predicate`)",
     r"type_op_prove_predicate::execute_query_non_incr"),
    ("macro expansion (`expand_crate`)", r"rustc_expand::expand::MacroExpander>::expand_crate "),
]


def crate_command(crate, env):
    """rustc's command line for checking `crate` alone, from `cargo check -v`."""
    src = os.path.join(crate, "src")
    os.utime(os.path.join(src, "main.rs" if os.path.exists(os.path.join(src, "main.rs")) else "lib.rs"))
    name = re.search(r'^name\s*=\s*"([^"]+)"', open(os.path.join(crate, "Cargo.toml")).read(), re.M).group(1)
    log = subprocess.run(["cargo", "check", "-v"], cwd=crate, env=env, capture_output=True, text=True).stderr
    return rustc_command(env, log, name.replace("-", "_") + " ")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--crate", default=os.path.join(ROOT, "target", "compile_time", "n100"))
    ap.add_argument("--out", default="/tmp/check_profile.callgrind")
    a = ap.parse_args()
    env = dict(os.environ, CARGO_INCREMENTAL="0",
               CARGO_TARGET_DIR=os.path.join(os.path.abspath(a.crate), "..", "target"))
    # Dependencies first, so that the logged command is the crate's alone.
    subprocess.run(["cargo", "check", "-q"], cwd=a.crate, env=env, check=True)
    parts, run_env = crate_command(a.crate, env)
    r = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={a.out}"] + parts,
                       cwd=a.crate, env=run_env, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("valgrind failed: " + r.stderr[-2000:])
    ann = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", a.out],
                         capture_output=True, text=True).stdout.splitlines()
    counts = []
    for label, pat in ROWS:
        rx = re.compile(pat)
        hit = next((l for l in ann if rx.search(l)), None)
        n = int(hit.split()[0].replace(",", "")) if hit else None
        counts.append((label, n))
    total = counts[0][1]
    print(f"| {os.path.basename(os.path.abspath(a.crate))}: rustc instructions | M | share |")
    print("|---|---:|---:|")
    for label, n in counts:
        if n is None:
            print(f"| {label} | (not found) | |")
        else:
            print(f"| {label} | {n / 1e6:,.1f} | {100 * n / total:.1f}% |")


if __name__ == "__main__":
    sys.exit(main())
