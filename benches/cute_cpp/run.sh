#!/bin/bash
# Build and run the CuTe C++ side of the runtime-algebra benchmark.
#
#   benches/cute_cpp/run.sh CUTE_INCLUDE_DIR [CUDA_INCLUDE_DIR...]
#
# CUTE_INCLUDE_DIR holds cute/ (CUTLASS's include/); the CUDA header-only
# pieces go in the further directories (../shared/notes/cute-cpp-on-host.md
# says how to get both; keep them git-ignored, never commit them). Builds
# with g++ -std=c++17 -O3 into target/cute_cpp/ and prints one line per
# case: name, ns per call (best of 15 batches), size and hash of the result
# as a function, and the result as CuTe prints it.
set -euo pipefail
if [ $# -lt 1 ] || [ ! -d "$1/cute" ]; then
  echo "usage: $0 CUTE_INCLUDE_DIR [CUDA_INCLUDE_DIR...]  (CUTE_INCLUDE_DIR/cute must exist)" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../../target/cute_cpp"
mkdir -p "$out"
incs=()
for d in "$@"; do incs+=(-I "$d"); done
g++ -std=c++17 -O3 "${incs[@]}" "$here/algebra_bench.cpp" -o "$out/algebra_bench"
"$out/algebra_bench"
