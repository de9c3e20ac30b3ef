// Issue A: recast<NewT>(tensor) and recast_layout<OldT,NewT>(layout) on small
// layouts, static (Int<N>) and runtime (int) shapes/strides.
//
// Build and run (CUTLASS v4.7.0 headers, g++ 12, see /work/cute-cpp/cxx.sh):
//   /work/cute-cpp/cxx.sh recast_cases.cpp -o /tmp/recast_cases && /tmp/recast_cases > recast_cases.out
// Cases that do not compile are kept under `#if FAIL == k`; build_refs.sh compiles
// each with -DFAIL=k and writes the first error lines to recast_cases.errors.
//
// Each line: case: layout [| values read, hex] [| data offset in bytes from the buffer].
// The buffer holds byte b == b & 0xff (little-endian host), so each value shows
// which bytes it covers.
#include <cute/tensor.hpp>
#include <cstdint>
#include <cstdio>
#include <cstring>
using namespace cute;

#ifndef FAIL
#define FAIL 0
#endif

alignas(64) static uint8_t buf[1024];

template <class T> void show_tensor(const char* what, T const& t) {
  printf("%s: ", what);
  print(t.layout());
  printf(" | values");
  for (int i = 0; i < size(t); ++i) {
    auto x = t(i);  // raw bits of the element (also for half_t)
    unsigned long long v = 0;
    memcpy(&v, &x, sizeof(x));
    printf(" %llx", v);
  }
  printf(" | data offset %lld bytes\n",
         (long long)((const uint8_t*)raw_pointer_cast(t.data()) - buf));
}
template <class L> void show_layout(const char* what, L const& l) {
  printf("%s: ", what); print(l); printf("\n");
}

template <class Old, class New, class L>
void both(const char* tag, L const& l) {
  char name[256];
  snprintf(name, sizeof name, "%s recast_layout", tag);
  show_layout(name, recast_layout<Old, New>(l));
  snprintf(name, sizeof name, "%s recast<tensor>", tag);
  auto t = make_tensor(reinterpret_cast<Old*>(buf), l);
  show_tensor(name, recast<New>(t));
}

int main() {
  for (int i = 0; i < 1024; ++i) buf[i] = uint8_t(i);

  // A1: 16-bit 3:1 -> 32-bit
  both<uint16_t, uint32_t>("A1 static  u16 _3:_1 -> u32", make_layout(make_shape(Int<3>{}), make_stride(Int<1>{})));
  both<uint16_t, uint32_t>("A1 runtime u16 3:1 -> u32", make_layout(make_shape(3), make_stride(1)));
  both<half_t, uint32_t>("A1 static  half_t _3:_1 -> u32", make_layout(make_shape(Int<3>{}), make_stride(Int<1>{})));
  both<half_t, uint32_t>("A1 runtime half_t 3:1 -> u32", make_layout(make_shape(3), make_stride(1)));
  // also the plain integer-shaped layouts (not rank-1 tuples)
  both<uint16_t, uint32_t>("A1 static  u16 Layout<_3,_1> -> u32", Layout<_3, _1>{});
  both<uint16_t, uint32_t>("A1 runtime u16 make_layout(3,1) -> u32", make_layout(3, 1));

  // A2: 8-bit 2:1 -> 64-bit
  both<uint8_t, uint64_t>("A2 static  u8 _2:_1 -> u64", make_layout(make_shape(Int<2>{}), make_stride(Int<1>{})));
  both<uint8_t, uint64_t>("A2 runtime u8 2:1 -> u64", make_layout(make_shape(2), make_stride(1)));
  both<uint8_t, uint64_t>("A2 static  u8 Layout<_2,_1> -> u64", Layout<_2, _1>{});
  both<uint8_t, uint64_t>("A2 runtime u8 make_layout(2,1) -> u64", make_layout(2, 1));

  // A3: 8-bit 4:2 -> 16-bit
  both<uint8_t, uint16_t>("A3 static  u8 _4:_2 -> u16", make_layout(make_shape(Int<4>{}), make_stride(Int<2>{})));
  both<uint8_t, uint16_t>("A3 runtime u8 4:2 -> u16", make_layout(make_shape(4), make_stride(2)));
  both<uint8_t, half_t>("A3 static  u8 _4:_2 -> half_t", make_layout(make_shape(Int<4>{}), make_stride(Int<2>{})));
  both<uint8_t, uint16_t>("A3 static  u8 Layout<_4,_2> -> u16", Layout<_4, _2>{});
  both<uint8_t, uint16_t>("A3 runtime u8 make_layout(4,2) -> u16", make_layout(4, 2));

  // A4: 64-bit (4,1):(1,1) -> 8-bit
  both<uint64_t, uint8_t>("A4 static  u64 (_4,_1):(_1,_1) -> u8", make_layout(make_shape(Int<4>{}, Int<1>{}), make_stride(Int<1>{}, Int<1>{})));
  // mixed: runtime shapes, static unit strides
  both<uint64_t, uint8_t>("A4 mixed   u64 (4,1):(_1,_1) -> u8", make_layout(make_shape(4, 1), make_stride(Int<1>{}, Int<1>{})));

  // A5: 32-bit (1,4):(1,1) -> 8-bit
  both<uint32_t, uint8_t>("A5 static  u32 (_1,_4):(_1,_1) -> u8", make_layout(make_shape(Int<1>{}, Int<4>{}), make_stride(Int<1>{}, Int<1>{})));
  both<uint32_t, uint8_t>("A5 mixed   u32 (1,4):(_1,_1) -> u8", make_layout(make_shape(1, 4), make_stride(Int<1>{}, Int<1>{})));

#if FAIL == 1
  // A4 runtime strides: downcast needs a static stride 1
  both<uint64_t, uint8_t>("A4 runtime u64 (4,1):(1,1) -> u8", make_layout(make_shape(4, 1), make_stride(1, 1)));
#endif
#if FAIL == 2
  // A5 runtime strides
  both<uint32_t, uint8_t>("A5 runtime u32 (1,4):(1,1) -> u8", make_layout(make_shape(1, 4), make_stride(1, 1)));
#endif
  return 0;
}
