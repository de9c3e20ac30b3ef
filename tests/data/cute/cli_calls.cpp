// The CLI calls of issue 17 section 3: make_ordered_layout with static and
// runtime order entries, make_layout(shape, stride), coshape of plain layouts.
#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;

int main() {
  // make_ordered_layout((2,3,4,5), (_2,67,42,_50)): runtime shape, mixed order
  print(make_ordered_layout(make_shape(2, 3, 4, 5), make_tuple(_2{}, 67, 42, Int<50>{}))); printf("\n");
  // the same order, all static
  print(make_ordered_layout(make_shape(2, 3, 4, 5), make_tuple(_2{}, Int<67>{}, Int<42>{}, Int<50>{}))); printf("\n");
  // all runtime order: the order is ignored, LayoutLeft
  print(make_ordered_layout(make_shape(2, 3, 4, 5), make_tuple(3, 2, 1, 0))); printf("\n");
  // static order (1,0): row-major
  print(make_ordered_layout(make_shape(_4{}, _8{}), make_tuple(_1{}, _0{}))); printf("\n");
  // nested order, one runtime entry
  print(make_ordered_layout(make_shape(_2{}, make_shape(_3{}, _4{})), make_tuple(_1{}, make_tuple(5, _0{})))); printf("\n");
  // make_layout(shape, stride)
  print(make_layout(make_shape(_32{}, _8{}), make_stride(_4{}, _1{}))); printf("\n");
  // coshape
  print(coshape(Layout<Shape<_2, _3>, Stride<_3, _1>>{})); printf("\n");
  print(coshape(Layout<Shape<_4, Shape<_2, _2>>, Stride<_2, Stride<_1, _8>>>{})); printf("\n");
  print(coshape(Layout<_8, _2>{})); printf("\n");
  print(coshape(make_layout(make_shape(_2{}, _2{}), make_stride(_1{}, -4)))); printf("\n");
  print(coshape(Layout<Shape<_4, _2>, Stride<_0, _1>>{})); printf("\n");
  return 0;
}
