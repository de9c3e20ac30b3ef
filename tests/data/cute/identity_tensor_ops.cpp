// Identity tensors (make_identity_tensor) under the tensor operations:
// the expected values of tests/identity_tensor.rs.
#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;

template <class T> void line(const char* what, T const& t) {
  printf("%s: ", what);
  print(t);
  printf("\n");
}

template <class T> void values(const char* what, T const& t) {
  printf("%s:", what);
  for (int i = 0; i < size(t); ++i) {
    printf(" ");
    print(t(i));
  }
  printf("\n");
}

int main() {
  auto id = make_identity_tensor(make_shape(Int<4>{}, Int<8>{}));
  line("id48", id);
  line("id48(2,3)", id(make_coord(2, 3)));
  line("id48(_2,_3)", id(make_coord(Int<2>{}, Int<3>{})));
  line("id48(13)", id(13));
  auto id1 = make_identity_tensor(make_shape(Int<8>{}));
  line("id8", id1);
  auto id3 = make_identity_tensor(make_shape(Int<2>{}, Int<3>{}, Int<4>{}));
  line("id234", id3);
  line("id234(1,2,3)", id3(make_coord(1, 2, 3)));
  auto big = make_identity_tensor(make_shape(Int<8>{}, Int<64>{}));
  auto tile = local_tile(big, make_shape(Int<8>{}, Int<2>{}), make_coord(Int<0>{}, Int<24>{}));
  line("tile", tile);
  line("tile(3,1)", tile(make_coord(3, 1)));
  auto part = local_partition(tile, make_layout(make_shape(Int<4>{}, Int<2>{})), 5);
  line("part", part);
  values("part values", part);
  int bx = 1, by = 5;
  auto rt = local_tile(big, make_shape(Int<4>{}, Int<8>{}), make_coord(bx, by));
  line("rt", rt);
  values("rt values", rt);
  auto comp = id.compose(make_layout(make_shape(Int<2>{}, Int<2>{}), make_stride(Int<8>{}, Int<1>{})));
  line("compose", comp);
  values("compose values", comp);
  line("logical_divide", logical_divide(id, make_shape(Int<2>{}, Int<4>{})));
  line("zipped_divide", zipped_divide(id, make_shape(Int<2>{}, Int<4>{})));
  line("tiled_divide", tiled_divide(id, make_shape(Int<2>{}, Int<4>{})));
  line("flat_divide", flat_divide(id, make_shape(Int<2>{}, Int<4>{})));
  auto op = outer_partition(big, make_shape(Int<4>{}, Int<8>{}), make_coord(Int<1>{}, Int<3>{}));
  line("outer", op);
  values("outer values", op);
  auto ip = inner_partition(big, make_shape(Int<4>{}, Int<8>{}), make_coord(1, 3));
  line("inner", ip);
  auto s = big(_, 5);
  line("slice", s);
  auto s2 = big(3, _);
  line("slice2", s2);
  values("slice2 values", s2);
  auto id88 = make_identity_tensor(make_shape(Int<8>{}, Int<8>{}));
  auto ltile = make_tile(make_layout(Int<2>{}, Int<4>{}), make_layout(Int<4>{}, Int<2>{}));
  auto zl = zipped_divide(id88, ltile);
  line("zipped_divide by layouts", zl);
  values("zipped_divide by layouts values", zl(make_coord(_, make_coord(1, 0))));
  line("logical_divide by 4:2", logical_divide(id88, make_layout(Int<4>{}, Int<2>{})));
  int m = 100, n = 60;
  auto dyn = make_identity_tensor(make_shape(m, n));
  line("dyn", dyn);
  auto dt = local_tile(dyn, make_shape(Int<16>{}, Int<8>{}), make_coord(6, 7));
  line("dyn tile", dt);
  line("dyn tile(15,7)", dt(make_coord(15, 7)));
}
