#!/bin/bash
# Instructions per call, CuTe C++ against DynLayout and the typed path, by
# valgrind's cachegrind: a count that other work on the machine does not
# change (unlike wall time). Run run.sh and `cargo bench --bench vs_cute
# --no-run` first.
#
#   benches/cute_cpp/instructions.sh [CALLS]
#
# Per case: (I refs of CALLS calls - I refs of 0 calls) / CALLS.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root="$here/../.."
n=${1:-5000}
cpp="$root/target/cute_cpp/algebra_bench"
rs=$(ls -t "$root"/target/release/deps/vs_cute-* | grep -v '\.d$' | head -1)
ir() { # ir CALLS cmd...: total instructions
  local calls=$1; shift
  ALGEBRA_BENCH_CALLS=$calls VS_CUTE_CALLS=$calls valgrind --tool=cachegrind --cache-sim=no \
    --cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null | grep "I *refs" | tr -d ',' | awk '{print $NF}'
}
per_call() { # per_call cmd...
  local a b; a=$(ir 0 "$@"); b=$(ir "$n" "$@"); echo $(( (b - a) / n ))
}
echo "| case | CuTe C++ | DynLayout | typed i32 |"
echo "|---|---:|---:|---:|"
for c in composition logical_divide complement coalesce logical_product right_inverse left_inverse zipped_divide; do
  c1=$(ALGEBRA_BENCH_ONLY="$c" per_call "$cpp")
  c2=$(VS_CUTE_ONLY="$c|DynLayout" per_call "$rs")
  c3=$(VS_CUTE_ONLY="$c|typed i32" per_call "$rs")
  echo "| $c | $c1 | $c2 | $c3 |"
done
