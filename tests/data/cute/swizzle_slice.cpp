#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;
template <class L, class C>
void show(const char* name, L const& l, C const& c) {
  auto [s, off] = slice_and_offset(c, l);
  printf("%s: slice = ", name); print(slice(c, l)); printf(" ; slice_and_offset = "); print(s); printf(" , "); print(off); printf("\n");
}
int main() {
  show("fold", composition(Swizzle<3,1,3>{}, make_layout(make_shape(_8{}, _32{}), make_stride(_32{}, _1{}))), make_coord(_, _2{}));
  show("keep", composition(Swizzle<3,4,3>{}, make_layout(make_shape(_8{}, make_shape(_2{}, _32{})), make_stride(_64{}, make_stride(_32{}, _1{})))), make_coord(_, make_coord(_1{}, _)));
  show("keep_anti", composition(Swizzle<3,4,3>{}, make_layout(make_shape(make_shape(_8{}, _64{}), _2{}), make_stride(make_stride(_64{}, _1{}), Int<512>{}))), make_coord(make_coord(_,_), _1{}));
  show("wrong", composition(Swizzle<1,1,1>{}, make_layout(make_shape(_4{}, _2{}), make_stride(_1{}, _2{}))), make_coord(_, _1{}));
  show("all_underscore", composition(Swizzle<3,1,3>{}, make_layout(make_shape(_8{}, _32{}), make_stride(_32{}, _1{}))), make_coord(_, _));
  show("fold_neg", composition(Swizzle<2,0,-3>{}, make_layout(make_shape(_8{}, _16{}), make_stride(_16{}, _1{}))), make_coord(_5{}, _));
  show("int_coord_fold", composition(Swizzle<3,4,3>{}, make_layout(make_shape(_8{}, _64{}), make_stride(_64{}, _1{}))), make_coord(_3{}, _));
  int two = 2;
  show("runtime_coord_fold", composition(Swizzle<3,1,3>{}, make_layout(make_shape(_8{}, _32{}), make_stride(_32{}, _1{}))), make_coord(_, two));
  int one = 1;
  show("runtime_coord_keep", composition(Swizzle<3,4,3>{}, make_layout(make_shape(_8{}, make_shape(_2{}, _32{})), make_stride(_64{}, make_stride(_32{}, _1{})))), make_coord(_, make_coord(one, _)));
}
