#!/usr/bin/env bash
# The linear-layout property tests over 100,000 random layouts each (CI runs
# 1,000): every operation's defining property by brute force, and the CuTe
# bridge at every index.
set -euo pipefail
cd "$(dirname "$0")/.."
LINEAR_CASES="${LINEAR_CASES:-100000}" cargo test --release --test linear_props -- --test-threads=2
