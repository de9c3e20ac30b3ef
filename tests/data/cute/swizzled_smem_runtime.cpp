// Swizzled shared memory partitioned by a runtime thread index, and recast
// of swizzled tensors: CuTe C++'s element offsets for every thread.
//
// Build and run (CUTLASS v4.7.0 headers, g++ 12, see /work/cute-cpp/cxx.sh):
//   ./build_refs.sh swizzled_smem_runtime
//
// A tensor over an int array with mem[i] == i gives each element's offset.
// Each `P` line is one thread's partition: case, thread, and the offsets
// t(0) .. t(size-1) in CuTe's order. `R` lines print recast layouts.
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
#include <cstdio>
using namespace cute;

static int mem[1 << 16];

template <class SL, class TL>
void parts(const char* name, SL sl, TL tl, int runtime) {
  auto s = make_tensor(make_smem_ptr(mem), sl);
  for (int tid = 0; tid < int(size(tl)); ++tid) {
    int t = tid + runtime;  // a runtime value the compiler cannot see
    auto p = local_partition(s, tl, t);
    printf("P %s %d", name, tid);
    for (int i = 0; i < int(size(p)); ++i) printf(" %d", p(i));
    printf("\n");
  }
}

template <class SL, class TL, class St>
void parts_step(const char* name, SL sl, TL tl, St st, int runtime) {
  auto s = make_tensor(make_smem_ptr(mem), sl);
  for (int tid = 0; tid < int(size(tl)); ++tid) {
    auto p = local_partition(s, tl, tid + runtime, st);
    printf("P %s %d", name, tid);
    for (int i = 0; i < int(size(p)); ++i) printf(" %d", p(i));
    printf("\n");
  }
}

int main(int argc, char**) {
  for (int i = 0; i < (1 << 16); ++i) mem[i] = i;
  int z = argc - 1;  // 0 at run time, unknown at compile time
  // The SM80 tutorial's A tile: Sw<3,3,3> over K-major (8,64) atoms.
  auto k_sw333 = composition(Swizzle<3,3,3>{}, tile_to_shape(Layout<Shape<_8,_64>,Stride<_64,_1>>{}, Shape<_32,_64>{}));
  // Sw<2,3,3> over (8,32) atoms, and an M-major Sw<3,4,3> tile.
  auto k_sw233 = composition(Swizzle<2,3,3>{}, tile_to_shape(Layout<Shape<_8,_32>,Stride<_32,_1>>{}, Shape<_32,_64>{}));
  auto m_sw343 = composition(Swizzle<3,4,3>{}, tile_to_shape(Layout<Shape<_128,_8>,Stride<_1,_128>>{}, Shape<_128,_16>{}));
  // A transpose-style tile: Sw<1,1,1> on a column-major (16,16).
  auto c_sw111 = composition(Swizzle<1,1,1>{}, Layout<Shape<_16,_16>>{});
  parts("k_sw333/thr(16,8):(8,1)", k_sw333, Layout<Shape<_16,_8>,Stride<_8,_1>>{}, z);
  parts("k_sw333/thr(32,4)", k_sw333, Layout<Shape<_32,_4>>{}, z);
  parts("k_sw233/thr(8,8)", k_sw233, Layout<Shape<_8,_8>>{}, z);
  parts("m_sw343/thr(32,4):(4,1)", m_sw343, Layout<Shape<_32,_4>,Stride<_4,_1>>{}, z);
  parts("c_sw111/thr(4,8)", c_sw111, Layout<Shape<_4,_8>>{}, z);
  parts_step("k_sw333/thr(16,8)/Step<_1,X>", k_sw333, Layout<Shape<_16,_8>>{}, Step<_1,X>{}, z);

  auto show = [](const char* what, auto const& l) { printf("R %s ", what); print(l); printf("\n"); };
  auto h = make_tensor(make_smem_ptr(reinterpret_cast<half_t*>(mem)), k_sw333);
  show("recast<uint32_t>(k_sw333 over half_t)", recast<uint32_t>(h).layout());
  show("recast<uint128_t>(k_sw333 over half_t)", recast<uint128_t>(h).layout());
  show("recast<uint8_t>(k_sw333 over half_t)", recast<uint8_t>(h).layout());
  auto w = make_tensor(make_smem_ptr(reinterpret_cast<uint32_t*>(mem)), m_sw343);
  show("recast<uint64_t>(m_sw343 over uint32_t)", recast<uint64_t>(w).layout());
  show("recast<uint16_t>(m_sw343 over uint32_t)", recast<uint16_t>(w).layout());
  auto c = make_tensor(make_smem_ptr(reinterpret_cast<uint16_t*>(mem)), c_sw111);
  show("recast<uint64_t>(c_sw111 over uint16_t)", recast<uint64_t>(c).layout());
}
