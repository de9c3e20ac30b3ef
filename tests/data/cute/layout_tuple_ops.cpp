// Layout-level tuple operations (cute/layout.hpp): get, take, select,
// flatten, group, append, prepend; static and mixed.
#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;

int main() {
  auto l = make_layout(make_shape(_2{}, make_shape(_3{}, _4{}), _5{}),
                       make_stride(Int<60>{}, make_stride(_1{}, _3{}), _12{}));
  print(get<0>(l)); printf("\n");
  print(get<1>(l)); printf("\n");
  print(get<1, 0>(l)); printf("\n");
  print(take<0, 2>(l)); printf("\n");
  print(take<1, 3>(l)); printf("\n");
  print(take<1, 2>(l)); printf("\n");
  print(select<2, 0>(l)); printf("\n");
  print(select<1>(l)); printf("\n");
  print(flatten(l)); printf("\n");
  print(group<0, 2>(l)); printf("\n");
  print(group<1, 3>(l)); printf("\n");
  print(group<0, 3>(l)); printf("\n");
  print(append(l, Layout<_7, Int<120>>{})); printf("\n");
  print(prepend(l, Layout<_7, Int<120>>{})); printf("\n");
  // integer-shaped layouts are rank 1
  auto i = Layout<_8, _2>{};
  print(get<0>(i)); printf("\n");
  print(flatten(i)); printf("\n");
  print(append(i, Layout<_3, _16>{})); printf("\n");
  print(prepend(i, Layout<_3, _16>{})); printf("\n");
  print(take<0, 1>(i)); printf("\n");
  print(select<0>(i)); printf("\n");
  print(group<0, 1>(i)); printf("\n");
  // mixed: runtime values stay runtime
  int n = 6;
  auto m = make_layout(make_shape(n, make_shape(_2{}, _4{})), make_stride(_1{}, make_stride(n, 2 * n)));
  print(get<1>(m)); printf("\n");
  print(flatten(m)); printf("\n");
  print(take<0, 1>(m)); printf("\n");
  print(select<1, 0>(m)); printf("\n");
  print(group<0, 2>(m)); printf("\n");
  print(append(m, make_layout(3, 48))); printf("\n");
  print(prepend(m, make_layout(3, 48))); printf("\n");
  // append/prepend of a layout that is itself a tuple: one new mode
  print(append(Layout<Shape<_2, _3>, Stride<_1, _2>>{}, Layout<Shape<_4, _5>, Stride<_6, _24>>{})); printf("\n");
  // append/prepend with CuTe's default new mode _1:_0
  print(append(i)); printf("\n");
  print(prepend(Layout<Shape<_2, _3>, Stride<_1, _2>>{})); printf("\n");
  // on integer tuples
  print(flatten(make_shape(2, make_shape(3, 4)))); printf("\n");
  print(prepend(make_shape(2, 3), 4)); printf("\n");
  print(get<1, 0>(make_layout(make_shape(2, make_shape(3, 4)), make_stride(12, make_stride(1, 3))))); printf("\n");
  return 0;
}
