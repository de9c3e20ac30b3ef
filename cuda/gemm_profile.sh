#!/usr/bin/env bash
# The Nsight Compute profiles behind benches/GPU.md's explanations, on the
# GPU machine (no Rust there), in .gpu/ beside cute-gpu (see gemm_run.sh):
#   - the SM80 GEMM (cute_hgemm) and the SGEMM (cute_sgemm_tiled): pipe
#     activity, issue, shared-memory wavefronts and the warp stall reasons;
#   - cuBLAS's own SGEMM kernel with the same metrics;
#   - the SM90 GEMM with and without clusters: time, L2 bytes, instructions
#     and the memory-barrier stall.
#
#   (device) bash .gpu/gemm_profile.sh      # also in $OUT/profile.txt
set -u
cd "$(dirname "$0")"
OUT=${OUT:-/tmp}
STALLS=barrier,long_scoreboard,short_scoreboard,mio_throttle,math_pipe_throttle,not_selected,selected,wait,dispatch_stall,no_instruction,membar
M=$(for s in ${STALLS//,/ }; do printf 'smsp__warp_issue_stalled_%s_per_warp_active.pct,' "$s"; done)
M=${M}smsp__issue_active.avg.pct_of_peak_sustained_active,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active
M=${M},sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active
M=${M},l1tex__data_pipe_lsu_wavefronts_mem_shared.avg.pct_of_peak_sustained_elapsed,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum
M=${M},sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,gpu__time_duration.sum
M=${M},smsp__inst_executed.sum,smsp__inst_executed_pipe_fma.sum,lts__t_bytes.sum
profile() { # kernel filter, launches to skip, then cute-gpu's arguments
  local k=$1 skip=$2
  shift 2
  echo "## ncu -k $k --launch-skip $skip -c 1: cute-gpu $*"
  ncu -k "$k" --launch-skip "$skip" -c 1 --metrics "$M" ./cute-gpu "$@" --runs 1 2>&1 |
    grep -E "^  [a-zA-Z_]|__"
}
{
  profile cute_hgemm 0 --hgemm 4096 --hgemm-config 128x256x64x4x2x4
  profile cute_sgemm_tiled 0 --only-gemm --gemm 4096
  # cuBLAS's SGEMM kernel: not ours, past its first launches.
  profile 'regex:^(?!cute)' 2 --only-gemm --gemm 4096
  profile cute_wgmma_gemm 0 --hgemm 4096 --hgemm-config sm90:128x256x64x4
  profile cute_wgmma_gemm 0 --hgemm 4096 --hgemm-config sm90:128x256x64x4x2
} 2>&1 | tee "$OUT/profile.txt"
