#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;
int main() {
  auto a = Layout<Shape<_8,_6>, Stride<_1,_8>>{};
  print(logical_divide(a, Layout<_4,_2>{})); printf("\n");
  print(logical_divide(a, _4{})); printf("\n");
  print(logical_divide(a, make_shape(_4{}, _3{}))); printf("\n");
  print(logical_divide(a, make_tile(Layout<_4,_2>{}, _))); printf("\n");
  print(zipped_divide(a, make_tile(Layout<_4,_2>{}, _3{}))); printf("\n");
  print(logical_product(Layout<Shape<_2,_2>,Stride<_1,_2>>{}, Layout<_3,_1>{})); printf("\n");
  print(logical_product(Layout<Shape<_2,_2>,Stride<_1,_2>>{}, make_tile(Layout<_3,_1>{}, Layout<_2,_1>{}))); printf("\n");
  print(zipped_product(Layout<Shape<_2,_2>,Stride<_1,_2>>{}, make_shape(_3{}, _2{}))); printf("\n");
  return 0;
}
// Output (CUTLASS 4.2, g++ 12, /work/cutehost/cxx.sh), checked by the
// doctests of logical_divide and logical_product:
// (_4,(_2,_6)):(_2,(_1,_8))
// (_4,_12):(_1,_4)
// ((_4,_2),(_3,_2)):((_1,_4),(_8,_24))
// ((_4,_2),_6):((_2,_1),_8)
// ((_4,_3),(_2,_2)):((_2,_8),(_1,_24))
// ((_2,_2),_3):((_1,_2),_4)
// ((_2,_3),(_2,_2)):((_1,_2),(_2,_1))
// ((_2,_2),(_3,_2)):((_1,_2),(_2,_1))
