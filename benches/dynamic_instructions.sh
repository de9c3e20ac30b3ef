#!/usr/bin/env bash
# Instructions per DynLayout call, by operation, under cachegrind: for each
# operation of benches/cases.txt, (instructions of N calls of each of its
# cases - of 0 calls) / (N x its cases). Deterministic to about 0.1% on a
# loaded machine, unlike time.
#
#   benches/dynamic_instructions.sh [N] [CHECKOUT...]
#
# With checkouts (e.g. a `git worktree` of an older commit) it builds this
# bench in each and prints one column per checkout, for a before/after
# comparison in one run.
set -euo pipefail
n=${1:-2000}
shift || true
dirs=("$@")
[ ${#dirs[@]} -eq 0 ] && dirs=("$(cd "$(dirname "$0")/.." && pwd)")
ops="composition complement logical_divide right_inverse zipped_divide"
bins=()
for d in "${dirs[@]}"; do
    cp "$(dirname "$0")/dynamic.rs" "$d/benches/dynamic.rs" 2>/dev/null || true
    bin=$(cd "$d" && cargo bench --bench dynamic --no-run --message-format=json 2>/dev/null \
        | python3 -c 'import json,sys
for l in sys.stdin:
    m=json.loads(l)
    if m.get("reason")=="compiler-artifact" and m["target"]["name"]=="dynamic" and m.get("executable"): print(m["executable"])' | tail -1)
    bins+=("$bin")
done
count() { valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 | awk '/I[[:space:]]+refs/ {gsub(",","",$4); print $4}'; }
printf 'op'; for d in "${dirs[@]}"; do printf '\t%s' "$(basename "$d")"; done; echo
for op in $ops; do
    cases=$(grep -c "^$op" "$(dirname "$0")/cases.txt")
    printf '%s' "$op"
    for bin in "${bins[@]}"; do
        z=$(count "$bin" --calls 0 "$op"); k=$(count "$bin" --calls "$n" "$op")
        printf '\t%s' "$(( (k - z) / (n * cases) ))"
    done
    echo
done
