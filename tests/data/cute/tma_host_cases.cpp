// TMA, host side: what make_tma_copy computes before it calls the driver.
// The driver's cuTensorMapEncodeTiled is replaced by a function that prints
// its arguments (and cudaDriverGetVersion by a stub), so g++ runs CuTe's own
// host code: construct_tma_gbasis, the global extents and byte strides, the
// box, the swizzle mode, and get_tma_tensor.
//
// Build and run (CUTLASS v4.7.0 headers, g++ 12, see /work/cute-cpp/cxx.sh):
//   ./build_refs.sh tma_host_cases
//
// With -DTMA_REAL_DRIVER (nvcc on the GPU machine, linked with -lcuda) the
// real driver encodes each descriptor at a fixed global address, and each
// case prints the descriptor's 128 bytes: `cute-gpu --tma-check` prints the
// crate's descriptors the same way (cuda/run_all.sh compares the two).
#define CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL 1
#ifndef TMA_REAL_DRIVER
#define __CUDACC_VER_MAJOR__ 12
#endif
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cstdio>
using namespace cute;

#ifndef TMA_REAL_DRIVER
extern "C" CUresult cuTensorMapEncodeTiled(CUtensorMap*, CUtensorMapDataType fmt, cuuint32_t rank, void* addr,
    const cuuint64_t* dim, const cuuint64_t* strides, const cuuint32_t* box, const cuuint32_t* estr,
    CUtensorMapInterleave il, CUtensorMapSwizzle sw, CUtensorMapL2promotion l2, CUtensorMapFloatOOBfill oob) {
  printf("  encode: format %d rank %u dims", int(fmt), rank);
  for (unsigned i = 0; i < rank; ++i) printf(" %llu", (unsigned long long)dim[i]);
  printf(" | byte strides");
  for (unsigned i = 0; i + 1 < rank; ++i) printf(" %llu", (unsigned long long)strides[i]);
  printf(" | box");
  for (unsigned i = 0; i < rank; ++i) printf(" %u", box[i]);
  printf(" | elem strides");
  for (unsigned i = 0; i < rank; ++i) printf(" %u", estr[i]);
  printf(" | swizzle %d\n", int(sw));
  return CUDA_SUCCESS;
}
extern "C" cudaError_t cudaDriverGetVersion(int* v) { *v = 13000; return cudaSuccess; }
#endif

template <class T, class G, class S, class Op = SM90_TMA_LOAD, class Mc = Int<1>>
void tma_case(const char* name, G glayout, S slayout, Op op = {}, Mc mc = {}) {
  // The address only goes into the descriptor: a fixed, aligned one.
  T* mem = reinterpret_cast<T*>(uintptr_t(0x7f0000000000));
  auto g = make_tensor(make_gmem_ptr(mem), glayout);
  printf("case %s\n  elem_bits %d\n  gmem ", name, int(sizeof_bits_v<T>)); print(glayout); printf("\n  smem "); print(slayout);
  printf("\n  multicast %d\n", int(mc));
  auto tma = make_tma_copy(op, g, slayout, product_each(shape(slayout)), mc);
  printf("  tma_gbasis "); print(typename decltype(tma)::Traits::AuxParams::TmaGmemBasis{}); printf("\n");
  printf("  tma_tensor "); print(tma.get_tma_tensor(shape(glayout))); printf("\n");
#ifdef TMA_REAL_DRIVER
  auto const* d = reinterpret_cast<uint8_t const*>(tma.get_tma_descriptor());
  printf("  descriptor ");
  for (int i = 0; i < 128; ++i) printf("%02x", d[i]);
  printf("\n");
#endif
}
int main(int argc, char**) {
#ifdef TMA_REAL_DRIVER
  cuInit(0);     // the driver encodes only once initialized,
  cudaFree(0);   // and with a current context (the primary one)
#endif
  int M = 512 + argc - 1, N = 384, K = 256, L = 3;
  auto k_major = make_layout(make_shape(M, K), make_stride(K, Int<1>{}));
  auto m_major = make_layout(make_shape(M, K), make_stride(Int<1>{}, M));
  tma_case<half_t>("K-major half_t, Layout_K_SW128_Atom to (128,64)", k_major,
                   tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(Int<128>{}, Int<64>{})));
  tma_case<half_t>("K-major half_t, Layout_K_SW64_Atom to (64,32)", k_major,
                   tile_to_shape(GMMA::Layout_K_SW64_Atom<half_t>{}, make_shape(Int<64>{}, Int<32>{})));
  tma_case<half_t>("K-major half_t, Layout_K_SW32_Atom to (64,16)", k_major,
                   tile_to_shape(GMMA::Layout_K_SW32_Atom<half_t>{}, make_shape(Int<64>{}, Int<16>{})));
  tma_case<half_t>("K-major half_t, Layout_K_INTER_Atom to (64,8)", k_major,
                   tile_to_shape(GMMA::Layout_K_INTER_Atom<half_t>{}, make_shape(Int<64>{}, Int<8>{})));
  tma_case<half_t>("MN-major half_t, Layout_MN_SW128_Atom to (128,64)", m_major,
                   tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, make_shape(Int<128>{}, Int<64>{})));
  tma_case<half_t>("MN-major half_t, Layout_MN_SW64_Atom to (64,64)", m_major,
                   tile_to_shape(GMMA::Layout_MN_SW64_Atom<half_t>{}, make_shape(Int<64>{}, Int<64>{})));
  tma_case<float>("K-major float, Layout_K_SW128_Atom to (128,32)", k_major,
                  tile_to_shape(GMMA::Layout_K_SW128_Atom<float>{}, make_shape(Int<128>{}, Int<32>{})));
  tma_case<float>("MN-major float, Layout_MN_SW128_Atom to (64,16)", m_major,
                  tile_to_shape(GMMA::Layout_MN_SW128_Atom<float>{}, make_shape(Int<64>{}, Int<16>{})));
  tma_case<uint8_t>("K-major uint8_t, Layout_K_SW128_Atom to (128,128)", k_major,
                    tile_to_shape(GMMA::Layout_K_SW128_Atom<uint8_t>{}, make_shape(Int<128>{}, Int<128>{})));
  tma_case<half_t>("K-major half_t, plain (64,32) k-major smem", k_major,
                   make_layout(make_shape(Int<64>{}, Int<32>{}), LayoutRight{}));
  tma_case<half_t>("K-major half_t, plain (256,32) k-major smem (box beyond 256 rows split)", k_major,
                   make_layout(make_shape(Int<256>{}, Int<32>{}), LayoutRight{}));
  tma_case<half_t>("batched K-major half_t (M,K,L), Layout_K_SW128_Atom to (128,64)",
                   make_layout(make_shape(M, K, L), make_stride(K, Int<1>{}, M * K)),
                   tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(Int<128>{}, Int<64>{})));
  tma_case<half_t>("N-major half_t (N,K), Layout_MN_SW128_Atom to (128,64), multicast 2",
                   make_layout(make_shape(N, K), make_stride(Int<1>{}, N)),
                   tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, make_shape(Int<128>{}, Int<64>{})),
                   SM90_TMA_LOAD_MULTICAST{}, Int<2>{});
  tma_case<half_t>("K-major half_t, Layout_K_SW128_Atom to (128,64), multicast 4",
                   k_major, tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(Int<128>{}, Int<64>{})),
                   SM90_TMA_LOAD_MULTICAST{}, Int<4>{});
  // A fully static global tensor: its strides let the box's two modes merge.
  tma_case<half_t>("static M-major half_t (_32,_64), plain (32,8) m-major smem",
                   Layout<Shape<_32,_64>, Stride<_1,_32>>{}, Layout<Shape<_32,_8>>{});
  tma_case<half_t>("static M-major half_t (_32,_64), plain (32,16) m-major smem (merge stops at 256)",
                   Layout<Shape<_32,_64>, Stride<_1,_32>>{}, Layout<Shape<_32,_16>>{});
}
