#!/usr/bin/env bash
# Everything for benches/GPU.md in one run on the GPU machine (no Rust
# there): the cute-gpu binary built here and CuTe's headers travel in .gpu/.
#
#   cargo build --release -p cute-cuda
#   scripts/build-ptx.sh                        # the Rust kernels (scripts/setup-ptx.sh once)
#   mkdir -p .gpu && cp target/release/cute-gpu cuda/run_all.sh cuda/anchors/cute_anchors.cu .gpu/
#   cp target/ptx/kernels.ptx .gpu/
#   cp -r CUTLASS/include .gpu/include          # CUTLASS v4.7 headers, git-ignored
#   (device) bash .gpu/run_all.sh               # results also in $OUT/gpu.txt
set -u
cd "$(dirname "$0")"
OUT=${OUT:-/tmp}
export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}:/usr/local/cuda/lib64:/usr/lib/x86_64-linux-gnu
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader
  nvcc --version | tail -2
  # The Rust kernels run when their PTX came along.
  ptx=()
  if [ -f kernels.ptx ]; then
    ptx=(--ptx kernels.ptx)
    echo
    echo "## ptxas -arch=sm_90 -v kernels.ptx (the Rust kernels)"
    ptxas -arch=sm_90 -v kernels.ptx -o kernels.cubin 2>&1 | grep -E 'Compiling|registers|error'
    cuobjdump -sass kernels.cubin | grep -cE 'LDS|STS' | sed 's/^/shared-memory instructions in SASS: /'
  fi
  for size in "16384 8192" "16380 8190"; do
    set -- $size
    echo
    echo "## cute-gpu, $1 x $2"
    ./cute-gpu --m "$1" --n "$2" --runs 50 "${ptx[@]}"
  done
  echo
  echo "## CuTe C++ anchors, 16384 x 8192"
  nvcc -std=c++17 -O3 -arch=sm_90a --expt-relaxed-constexpr -I include cute_anchors.cu -o cute_anchors 2>&1 | grep -v warning | head -20
  ./cute_anchors 16384 8192 50
} 2>&1 | tee "$OUT/gpu.txt"
