// Anchors for the tensor-core GEMM rows of benches/GPU.md, timed by the
// same harness (CUDA events, 3 warm-ups, median of R runs) in the same run
// as cute-gpu --hgemm:
//   - the mma.sync ceiling: m16n8k16 FP16 with FP32 accumulate on registers
//     only, eight independent accumulators per warp, every SM full;
//   - CuTe's own tutorial kernel sgemm_sm80.cu (its FP16 TN path: mma.sync
//     SM80_16x8x16_F16F16F16F16_TN, ldmatrix, cp.async, Sw<3,3,3>), built
//     from CUTLASS's file unchanged (its main renamed) and called through
//     its own gemm_tn at our sizes, on random inputs in [-1, 1];
//   - CuTe's Hopper tutorials hopper/wgmma_sm90.cu (wgmma, cp.async) and
//     hopper/wgmma_tma_sm90.cu (wgmma, TMA, an mbarrier pipeline), FP16 TN
//     with FP16 accumulate, built and called the same way.
//
//   nvcc -std=c++17 -O3 -arch=sm_90a --expt-relaxed-constexpr -I include \
//        -I tutorial gemm_anchors.cu -o gemm_anchors
//   ./gemm_anchors 4096 8192 20
#include <algorithm>
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <thrust/device_vector.h>
#include <thrust/host_vector.h>

#include <cute/tensor.hpp>

#include "cutlass/arch/barrier.h"
#include "cutlass/arch/mma_sm90.h"
#include "cutlass/cluster_launch.hpp"
#include "cutlass/device_kernel.h"
#include "cutlass/pipeline/sm90_pipeline.hpp"
#include "cutlass/util/GPU_Clock.hpp"
#include "cutlass/util/helper_cuda.hpp"
#include "cutlass/util/print_error.hpp"

// Every header the tutorial includes is included above, so its own
// includes are no-ops inside the namespace.
#define main sgemm_sm80_tutorial_main
namespace tutorial {
#include "sgemm_sm80.cu"
}
namespace hopper_wgmma {
#include "hopper/wgmma_sm90.cu"
}
namespace hopper_tma {
#include "hopper/wgmma_tma_sm90.cu"
}
#undef main

template <class F>
static float median_ms(int runs, F f) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int i = 0; i < 3; ++i) f();
  std::vector<float> ms;
  for (int i = 0; i < runs; ++i) {
    cudaEventRecord(a);
    f();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float t;
    cudaEventElapsedTime(&t, a, b);
    ms.push_back(t);
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

// Eight independent m16n8k16 chains per warp.
__global__ void mma_ceiling(float* out, int iters) {
  unsigned a0 = threadIdx.x, a1 = a0 ^ 1, a2 = a0 ^ 2, a3 = a0 ^ 3, b0 = a0 ^ 4, b1 = a0 ^ 5;
  float d[8][4] = {};
  for (int i = 0; i < iters; ++i) {
#pragma unroll
    for (int j = 0; j < 8; ++j) {
      asm volatile(
          "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
          : "+f"(d[j][0]), "+f"(d[j][1]), "+f"(d[j][2]), "+f"(d[j][3])
          : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    }
  }
  float s = 0;
#pragma unroll
  for (int j = 0; j < 8; ++j) s += d[j][0] + d[j][1] + d[j][2] + d[j][3];
  if (s == 12345.0f) out[0] = s;  // keeps the chains alive
}

static float uniform(unsigned long long& x) {
  x = x * 6364136223846793005ULL + 1442695040888963407ULL;
  return float(x >> 40) / float(1ULL << 24) * 2.0f - 1.0f;
}

int main(int argc, char** argv) {
  int runs = argc > 3 ? atoi(argv[argc - 1]) : 20;
  std::vector<int> sizes;
  for (int i = 1; i < argc - 1; ++i) sizes.push_back(atoi(argv[i]));
  if (sizes.empty()) sizes = {4096, 8192};

  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  {
    float* out;
    cudaMalloc(&out, 4);
    const int iters = 4096, blocks = sms * 4, threads = 256;
    float ms = median_ms(runs, [&] { mma_ceiling<<<blocks, threads>>>(out, iters); });
    double flops = 2.0 * 16 * 8 * 16 * 8.0 * iters * (double(blocks) * threads / 32);
    printf("| mma.sync m16n8k16 FP16->FP32 ceiling (registers only, %d SMs) | %.3f | %.1f |\n", sms,
           ms, flops / (ms * 1e-3) / 1e12);
    cudaFree(out);
  }
  for (int s : sizes) {
    int m = s, n = s, k = s;
    thrust::host_vector<cute::half_t> hA(size_t(m) * k), hB(size_t(n) * k);
    unsigned long long x = 1;
    for (auto& v : hA) v = cute::half_t(uniform(x));
    x = 2;
    for (auto& v : hB) v = cute::half_t(uniform(x));
    thrust::device_vector<cute::half_t> dA = hA, dB = hB, dC(size_t(m) * n);
    auto go = [&] {
      tutorial::gemm_tn(m, n, k, cute::half_t(1.0f), dA.data().get(), k, dB.data().get(), k,
                        cute::half_t(0.0f), dC.data().get(), m);
    };
    auto report = [&](const char* name, auto f) {
      float ms = median_ms(runs, f);
      cudaError_t e = cudaDeviceSynchronize();
      printf("| CuTe tutorial %s (FP16 TN, FP16 accumulate) %dx%dx%d | %.3f | %.1f |%s\n", name, m,
             n, k, ms, 2.0 * m * n * k / (ms * 1e-3) / 1e12,
             e == cudaSuccess ? "" : cudaGetErrorString(e));
    };
    report("sgemm_sm80.cu", go);
    report("hopper/wgmma_sm90.cu", [&] {
      hopper_wgmma::gemm_tn(m, n, k, cute::half_t(1.0f), dA.data().get(), k, dB.data().get(), k,
                            cute::half_t(0.0f), dC.data().get(), m);
    });
    report("hopper/wgmma_tma_sm90.cu", [&] {
      hopper_tma::gemm_tn(m, n, k, cute::half_t(1.0f), dA.data().get(), k, dB.data().get(), k,
                          cute::half_t(0.0f), dC.data().get(), m);
    });
  }
  return 0;
}
