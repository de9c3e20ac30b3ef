#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;
// Build with -DCASE=n -DRIGHT (right_inverse) or -DLEFT (left_inverse).
auto make_case() {
#if CASE == 0
  return composition(Swizzle<3,3,3>{}, make_layout(make_shape(_8{}, _64{}), make_stride(_64{}, _1{})));
#elif CASE == 1
  return composition(Swizzle<3,4,3>{}, make_layout(make_shape(_8{}, _64{}), make_stride(_64{}, _1{})));
#elif CASE == 2
  return composition(Swizzle<2,3,3>{}, make_layout(make_shape(_32{}, _4{}), make_stride(_1{}, _32{})));
#elif CASE == 3
  return composition(Swizzle<2,0,-3>{}, make_layout(make_shape(_8{}, _16{}), make_stride(_16{}, _1{})));
#elif CASE == 4
  return composition(Swizzle<1,2,2>{}, make_layout(make_shape(_4{}, make_shape(_2{}, _4{})), make_stride(_2{}, make_stride(_1{}, _8{}))));
#elif CASE == 5
  return composition(Swizzle<1,4,1>{}, make_layout(make_shape(_8{}, _4{}), make_stride(_4{}, _1{})));
#elif CASE == 6
  return composition(Swizzle<1,3,2>{}, make_layout(make_shape(_2{}, _16{}, _2{}), make_stride(_16{}, _1{}, _64{})));
#elif CASE == 7
  return composition(Swizzle<3,4,3>{}, make_layout(make_shape(_64{}, _8{}), make_stride(_1{}, _64{})));
#endif
}
int main() {
  auto l = make_case();
  print(l);
#ifdef RIGHT
  printf(" right_inverse = "); print(right_inverse(l)); printf("\n");
#else
  printf(" left_inverse = "); print(left_inverse(l)); printf("\n");
#endif
}
