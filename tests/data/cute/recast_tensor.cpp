// recast<NewType>(tensor) on tensors over host memory: the expected layouts
// and values of tests/tensor_recast.rs. Values are read on a little-endian
// host, as the Rust test reads them.
#include <cute/tensor.hpp>
#include <cstdint>
#include <cstdio>
using namespace cute;

template <class T> void show(const char* what, T const& t) {
  printf("%s: ", what);
  print(t.layout());
  printf(" |");
  for (int i = 0; i < size(t); ++i) {
    printf(" %lld", (long long)t(i));
  }
  printf("\n");
}

int main() {
  alignas(16) uint8_t bytes[256];
  for (int i = 0; i < 256; ++i) bytes[i] = uint8_t(i);
  alignas(16) uint32_t words[64];
  for (int i = 0; i < 64; ++i) words[i] = uint32_t(i * 1000);

  // Upcast: u8 (4,8):(8,1) row-major -> u32.
  auto a = make_tensor(&bytes[0], make_layout(make_shape(Int<4>{}, Int<8>{}), make_stride(Int<8>{}, Int<1>{})));
  show("u8 (4,8):(8,1) -> u32", recast<uint32_t>(a));
  // Upcast with a column-major stride of 1 on the first mode.
  auto b = make_tensor(&bytes[0], make_layout(make_shape(Int<8>{}, Int<4>{})));
  show("u8 (8,4):(1,8) -> u16", recast<uint16_t>(b));
  // Downcast: u32 (2,3):(1,2) -> u16 and -> u8.
  auto c = make_tensor(&words[0], make_layout(make_shape(Int<2>{}, Int<3>{})));
  show("u32 (2,3):(1,2) -> u16", recast<uint16_t>(c));
  show("u32 (2,3):(1,2) -> u8", recast<uint8_t>(c));
  // Downcast of a row-major layout: the unit stride widens its mode.
  auto d = make_tensor(&words[0], make_layout(make_shape(Int<2>{}, Int<4>{}), make_stride(Int<4>{}, Int<1>{})));
  show("u32 (2,4):(4,1) -> u16", recast<uint16_t>(d));
  // Same size: the layout is unchanged.
  show("u32 (2,4):(4,1) -> i32", recast<int32_t>(d));
  // A runtime stride.
  int ld = 16;
  auto e = make_tensor(&bytes[0], make_layout(make_shape(Int<4>{}, Int<4>{}), make_stride(Int<1>{}, ld)));
  show("u8 (4,4):(1,16) -> u32", recast<uint32_t>(e));
  // A view started inside the buffer (a tile): the start scales too.
  auto f = make_tensor(&bytes[64], make_layout(make_shape(Int<8>{}, Int<2>{})));
  show("u8 @64 (8,2):(1,8) -> u64", recast<uint64_t>(f));
}
