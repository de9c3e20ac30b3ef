#!/usr/bin/env bash
# The TMA descriptors of CuTe's host-side reference cases
# (tests/data/cute/tma_host_cases.cpp), encoded by the real driver twice:
# once by CuTe's own make_tma_copy (nvcc, -DTMA_REAL_DRIVER), once by
# `cute-gpu --tma-check` from the crate's make_tma_copy through cudarc.
# The two lists of 128-byte descriptors must be equal.
#
#   cargo build --release -p cute-cuda
#   mkdir -p .gpu && cp target/release/cute-gpu cuda/tma_check.sh tests/data/cute/tma_host_cases.cpp .gpu/
#   cp -r CUTLASS/include .gpu/include          # CUTLASS v4.7 headers, git-ignored
#   (device) bash .gpu/tma_check.sh             # results also in $OUT/tma.txt
set -u
cd "$(dirname "$0")"
OUT=${OUT:-/tmp}
export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}:/usr/local/cuda/lib64:/usr/lib/x86_64-linux-gnu
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  nvcc -std=c++17 -O1 -arch=sm_90a --expt-relaxed-constexpr -DTMA_REAL_DRIVER -I include -x cu tma_host_cases.cpp -o tma_cute -lcuda 2>&1 | grep -E "error" | head -5
  ./tma_cute | grep -E '^case|descriptor' > cute_desc.txt
  ./cute-gpu --tma-check > rust_desc.txt
  echo "cases: $(grep -c '^case' cute_desc.txt) (CuTe), $(grep -c '^case' rust_desc.txt) (crate)"
  if diff cute_desc.txt rust_desc.txt; then
    echo "TMA descriptors: all equal"
  else
    echo "TMA descriptors: DIFFER"
  fi
  head -4 rust_desc.txt
} 2>&1 | tee "$OUT/tma.txt"
