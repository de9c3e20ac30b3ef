// CuTe C++ anchors for cute-gpu, timed the same way (CUDA events, 3
// warm-ups, median of RUNS): a device-to-device cudaMemcpy, a tiled copy
// written as CUTLASS's examples/cute/tutorial/tiled_copy.cu does
// (tiled_divide, make_tiled_copy with 16-byte accesses), and a transpose
// through a swizzled shared-memory tile written the same way.
//
// Build: nvcc -std=c++17 -O3 -arch=sm_90a -I CUTLASS/include cute_anchors.cu
// Run:   ./a.out M N RUNS     (M % 128 == 0, N % 64 == 0, as the tutorial asks)
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cute/tensor.hpp>

using namespace cute;

template <class TS, class TD, class Tiled>
__global__ void tiled_copy_kernel(TS S, TD D, Tiled tiled_copy) {
  Tensor tile_S = S(make_coord(_, _), blockIdx.x, blockIdx.y);
  Tensor tile_D = D(make_coord(_, _), blockIdx.x, blockIdx.y);
  ThrCopy thr_copy = tiled_copy.get_thread_slice(threadIdx.x);
  Tensor thr_S = thr_copy.partition_S(tile_S);
  Tensor thr_D = thr_copy.partition_D(tile_D);
  Tensor frag = make_fragment_like(thr_D);
  copy(tiled_copy, thr_S, frag);
  copy(tiled_copy, frag, thr_D);
}

template <class TS, class TD, class SmemLayout>
__global__ void transpose_kernel(TS S, TD D, SmemLayout smem_layout) {
  __shared__ float smem[cosize_v<SmemLayout>];
  Tensor sT = make_tensor(make_smem_ptr(smem), smem_layout);        // (32,32)
  Tensor gS = S(make_coord(_, _), blockIdx.x, blockIdx.y);          // (32,32)
  Tensor gD = D(make_coord(_, _), blockIdx.x, blockIdx.y);          // (32,32), dst viewed over (m,n)
  int t = threadIdx.x + 32 * threadIdx.y;
  auto read_thr = Layout<Shape<_32, _8>>{};                         // m fastest
  auto write_thr = Layout<Shape<_8, _32>, Stride<_32, _1>>{};       // n fastest
  copy(local_partition(gS, read_thr, t), local_partition(sT, read_thr, t));
  __syncthreads();
  copy(local_partition(sT, write_thr, t), local_partition(gD, write_thr, t));
}

template <class F>
float median_ms(int runs, F f) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int i = 0; i < 3; ++i) f();
  std::vector<float> ms(runs);
  for (int i = 0; i < runs; ++i) {
    cudaEventRecord(a);
    f();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    cudaEventElapsedTime(&ms[i], a, b);
  }
  std::sort(ms.begin(), ms.end());
  return ms[runs / 2];
}

int main(int argc, char** argv) {
  int M = argc > 1 ? atoi(argv[1]) : 16384, N = argc > 2 ? atoi(argv[2]) : 8192;
  int runs = argc > 3 ? atoi(argv[3]) : 50;
  if (M % 128 || N % 64) { fprintf(stderr, "M %% 128 and N %% 64 must be 0\n"); return 2; }
  size_t len = size_t(M) * N, bytes = len * sizeof(float);
  std::vector<float> h(len), out(len);
  for (size_t i = 0; i < len; ++i) h[i] = float(i % 1000003);
  float *src, *dst;
  cudaMalloc(&src, bytes);
  cudaMalloc(&dst, bytes);
  cudaMemcpy(src, h.data(), bytes, cudaMemcpyHostToDevice);
  double moved = 2.0 * bytes;
  auto gbs = [&](float ms) { return moved / (ms * 1e-3) / 1e9; };

  float memcpy_ms = median_ms(runs, [&] { cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToDevice); });
  printf("| CuTe C++: cudaMemcpy D2D | %.4f | %.1f | 100.0 |\n", memcpy_ms, gbs(memcpy_ms));

  // Tiled copy, as the tutorial: (128,64) blocks, (32,8) threads, (4,1) values.
  Tensor tS = make_tensor(make_gmem_ptr(src), make_layout(make_shape(M, N)));
  Tensor tD = make_tensor(make_gmem_ptr(dst), make_layout(make_shape(M, N)));
  auto block = make_shape(Int<128>{}, Int<64>{});
  Tensor bS = tiled_divide(tS, block);
  Tensor bD = tiled_divide(tD, block);
  auto tiled = make_tiled_copy(Copy_Atom<UniversalCopy<uint_byte_t<16>>, float>{},
                               Layout<Shape<_32, _8>>{}, Layout<Shape<_4, _1>>{});
  dim3 grid(size<1>(bD), size<2>(bD)), thr(256);
  cudaMemset(dst, 0, bytes);
  tiled_copy_kernel<<<grid, thr>>>(bS, bD, tiled);
  cudaMemcpy(out.data(), dst, bytes, cudaMemcpyDeviceToHost);
  size_t bad = 0;
  for (size_t i = 0; i < len; ++i) bad += out[i] != h[i];
  float copy_ms = median_ms(runs, [&] { tiled_copy_kernel<<<grid, thr>>>(bS, bD, tiled); });
  printf("| CuTe C++: tiled copy (tiled_copy.cu) | %.4f | %.1f | %.1f |%s\n", copy_ms, gbs(copy_ms),
         100.0 * gbs(copy_ms) / gbs(memcpy_ms), bad ? " WRONG" : "");

  // Transpose: dst is N x M column-major, viewed over src's (m, n).
  Tensor vD = make_tensor(make_gmem_ptr(dst), make_layout(make_shape(M, N), make_stride(N, 1)));
  auto tile = make_shape(Int<32>{}, Int<32>{});
  Tensor ts = tiled_divide(tS, tile);
  Tensor td = tiled_divide(vD, tile);
  auto smem = composition(Swizzle<5, 0, 5>{}, Layout<Shape<_32, _32>>{});
  dim3 tgrid(M / 32, N / 32), tthr(32, 8);
  cudaMemset(dst, 0, bytes);
  transpose_kernel<<<tgrid, tthr>>>(ts, td, smem);
  cudaMemcpy(out.data(), dst, bytes, cudaMemcpyDeviceToHost);
  bad = 0;
  for (size_t o = 0; o < len; ++o) {
    size_t c = o % N, r = o / N;
    bad += out[o] != h[r + c * size_t(M)];
  }
  float tr_ms = median_ms(runs, [&] { transpose_kernel<<<tgrid, tthr>>>(ts, td, smem); });
  printf("| CuTe C++: transpose smem+swizzle | %.4f | %.1f | %.1f |%s\n", tr_ms, gbs(tr_ms),
         100.0 * gbs(tr_ms) / gbs(memcpy_ms), bad ? " WRONG" : "");
  return 0;
}
