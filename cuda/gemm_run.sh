#!/usr/bin/env bash
# The GEMM rows of benches/GPU.md (tensor-core and FP32) in one run on the GPU machine
# (no Rust there): cute-gpu built here, CUTLASS's headers and its tutorials
# sgemm_sm80.cu, hopper/wgmma_sm90.cu and hopper/wgmma_tma_sm90.cu travel in .gpu/.
#
#   cargo build --release -p cute-cuda
#   mkdir -p .gpu/tutorial && cp target/release/cute-gpu cuda/gemm_run.sh cuda/anchors/gemm_anchors.cu .gpu/
#   cp -r CUTLASS/include .gpu/include                                  # CUTLASS v4.7, git-ignored
#   cp -r CUTLASS/examples/cute/tutorial/{sgemm_sm80.cu,hopper} .gpu/tutorial/
#   scripts/build-ptx.sh && cp target/ptx/kernels.ptx .gpu/            # optional: the Rust hgemm
#   (device) bash .gpu/gemm_run.sh                                      # also in $OUT/gemm.txt
#
# SIZES and CONFIGS (comma-separated; bMxbNxbKxSTAGESxWARPS_MxWARPS_N for the
# SM80 kernel, sm90:bMxbNxbKxSTAGES for the SM90 one) choose the generated
# kernels; every one is checked and timed beside cuBLAS.
set -u
cd "$(dirname "$0")"
OUT=${OUT:-/tmp}
SIZES=${SIZES:-4096,8192,8000}
CONFIGS=${CONFIGS:-sm90:128x256x64x3,sm90:128x256x64x4,sm90p:128x256x64x4,sm90:128x256x64x4x2,128x256x64x4x2x4}
RUNS=${RUNS:-20}
export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}:/usr/local/cuda/lib64:/usr/lib/x86_64-linux-gnu
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
  nvcc --version | tail -2
  echo
  # The Rust kernel (kernels/, cute_rs_hgemm) runs beside the generated
  # ones, on the same buffers, when its PTX travelled along.
  PTX=()
  [ -f kernels.ptx ] && PTX=(--ptx kernels.ptx)
  echo "## cute-gpu --hgemm $SIZES --hgemm-config $CONFIGS ${PTX[*]} --runs $RUNS"
  ./cute-gpu --hgemm "$SIZES" --hgemm-config "$CONFIGS" "${PTX[@]}" --runs "$RUNS"
  echo
  echo "## cute-gpu --only-gemm: FP32 SGEMM (NT) beside cuBLAS sgemm"
  for s in 4096 8192; do ./cute-gpu --only-gemm --gemm "$s" --runs "$RUNS" | grep -v '^device'; done
  echo
  echo "## ptxas -v of each configuration (registers, spills)"
  for c in ${CONFIGS//,/ }; do
    f=hgemm_${c//:/_}
    ./cute-gpu --hgemm 4096 --hgemm-config "$c" --print-source > "$f.cu"
    nvcc -std=c++17 -arch=sm_90a -cubin -Xptxas -v "$f.cu" -o "$f.cubin" 2>&1 | grep -E "registers|spill" | sed "s/^/$c: /"
    # The SASS, for the instruction mix of the main loop.
    cuobjdump -sass "$f.cubin" > "$OUT/$f.sass" 2>&1 || true
  done
  echo
  echo "## anchors: the mma.sync ceiling and CuTe's tutorials"
  nvcc -std=c++17 -O3 -arch=sm_90a --expt-relaxed-constexpr -I include -I tutorial \
    gemm_anchors.cu -o gemm_anchors 2>&1 | grep -v -i warning | head -20
  ./gemm_anchors 4096 8192 "$RUNS"
} 2>&1 | tee "$OUT/gemm.txt"
