// Issue B: outer_partition / local_partition / zipped_divide of tensors whose
// layout is a swizzled ComposedLayout, composition(Swizzle<B,M,S>{}, layout).
//
// Build and run (CUTLASS v4.7.0 headers, g++ 12, see /work/cute-cpp/cxx.sh):
//   /work/cute-cpp/cxx.sh swizzle_partition_cases.cpp -o /tmp/spc && /tmp/spc > swizzle_partition_cases.out
// Or: ./build_refs.sh swizzle_partition_cases (also writes swizzle_partition_cases.errors:
// the first g++ error of each case kept under `#if FAIL == k`).
//
// Tensors are over an int array with mem[i] == i, so t(i) is the offset the
// (composed) layout gives index i. Each line: case: layout | offsets for
// i in 0..size | data offset (elements from mem; a slice can move the pointer).
// Where CuTe refuses the partition, the "values via zipped_divide" lines give
// the offsets the partition would hold, read elementwise from the (compilable)
// zipped_divide tensor: Z(make_coord(tile coords), j) for outer_partition,
// Z(thread coord, j) for local_partition (both slice mode 0 of the zipped tensor).
//
// Why the partitions fail (CUTLASS v4.7.0): outer_partition/local_partition slice
// the zipped tensor with (coord, _), which goes to slice_and_offset(coord,
// ComposedLayout<Swizzle,...>) in cute/swizzle_layout.hpp. With static shapes it
// composes the swizzle's bit-layout with the diced/sliced layout_b (lines 252/271/293),
// and a rest mode of 3 (B1: 12/4; B2: 12/4) fails layout.hpp:1101 "Shape Divisibility
// Condition". With any runtime shape it calls to_mixed_bits (swizzle_layout.hpp:259),
// whose static_assert at swizzle.hpp:442 ("Requires pow2 shape*stride.") needs static
// shape*stride, so g++ first reports "'value' is not a member of 'int'".
// zipped_divide itself, and elementwise access Z(coord, j), compile in all forms.
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
#include <cstdio>
using namespace cute;

#ifndef FAIL
#define FAIL 0
#endif

static int mem[8192];

template <class T> void show_tensor(const char* what, T const& t) {
  printf("%s: ", what);
  print(t.layout());
  printf(" | offsets");
  for (int i = 0; i < size(t); ++i) printf(" %d", int(t(i)));
  printf(" | data offset %lld\n", (long long)(raw_pointer_cast(t.data()) - mem));
}
template <class L> void show_layout(const char* what, L const& l) {
  printf("%s: ", what); print(l);
  printf(" | offsets");
  for (int i = 0; i < size(l); ++i) printf(" %d", int(l(i)));
  printf("\n");
}
// Offsets of Z(c, j) for j in 0..size<1>(Z): the outer/local partition at tile coordinate c.
template <class Z, class C> void show_mode1(const char* what, Z const& z, C const& c) {
  printf("%s: offsets", what);
  for (int j = 0; j < size<1>(z); ++j) printf(" %d", int(z(c, j)));
  printf("\n");
}

int main() {
  for (int i = 0; i < 8192; ++i) mem[i] = i;

  // ---- B1: Sw<3,3,-5> o (1,12):(1,1), outer_partition by (1,4) at (0,0)
  printf("Swizzle<3,3,-5>: "); print(Swizzle<3,3,-5>{}); printf("\n");
  {
    auto L = composition(Swizzle<3,3,-5>{}, make_layout(make_shape(_1{}, _12{}), make_stride(_1{}, _1{})));
    show_layout("B1 static  T layout", L);
    auto T = make_tensor(&mem[0], L);
    auto Z = zipped_divide(T, make_shape(_1{}, _4{}));
    show_tensor("B1 static  zipped_divide(T, (_1,_4))", Z);
    show_mode1("B1 static  values via zipped_divide, tile coord (0,0)", Z, make_coord(0, 0));
    show_mode1("B1 static  values via zipped_divide, tile coord (0,1)", Z, make_coord(0, 1));
    show_layout("B3 static  zipped_divide(L, (_1,_4))", zipped_divide(L, make_shape(_1{}, _4{})));
    show_layout("B3 static  zipped_divide(L, (1,4))", zipped_divide(L, make_shape(1, 4)));
#if FAIL == 10
    show_tensor("B1 static  outer_partition(T, (_1,_4), (0,0))", outer_partition(T, make_shape(_1{}, _4{}), make_coord(0, 0)));
#endif
#if FAIL == 1
    show_tensor("B1 static  outer_partition(T, (_1,_4), (_0,_0))", outer_partition(T, make_shape(_1{}, _4{}), make_coord(_0{}, _0{})));
#endif
#if FAIL == 2
    show_tensor("B1 static  outer_partition(T, (1,4), (0,0))", outer_partition(T, make_shape(1, 4), make_coord(0, 0)));
#endif
  }
  {
    auto L = composition(Swizzle<3,3,-5>{}, make_layout(make_shape(1, 12), make_stride(1, 1)));
    show_layout("B1 runtime T layout", L);
    auto T = make_tensor(&mem[0], L);
    auto Z = zipped_divide(T, make_shape(1, 4));
    show_tensor("B1 runtime zipped_divide(T, (1,4))", Z);
    show_mode1("B1 runtime values via zipped_divide, tile coord (0,0)", Z, make_coord(0, 0));
    show_layout("B3 runtime zipped_divide(L, (1,4))", zipped_divide(L, make_shape(1, 4)));
    show_layout("B3 runtime zipped_divide(L, (_1,_4))", zipped_divide(L, make_shape(_1{}, _4{})));
#if FAIL == 3
    show_tensor("B1 runtime outer_partition(T, (1,4), (0,0))", outer_partition(T, make_shape(1, 4), make_coord(0, 0)));
#endif
#if FAIL == 4
    show_tensor("B1 runtime outer_partition(T, (_1,_4), (0,0))", outer_partition(T, make_shape(_1{}, _4{}), make_coord(0, 0)));
#endif
  }

  // ---- B2: Sw<2,0,3> o (12,4):(4,1), local_partition by (4,2):(2,1), index 0
  //      local_partition(T, tl, idx) == outer_partition(T, (4,2), tl.get_flat_coord(idx))
  {
    auto L = composition(Swizzle<2,0,3>{}, make_layout(make_shape(_12{}, _4{}), make_stride(_4{}, _1{})));
    show_layout("B2 static  T layout", L);
    auto T = make_tensor(&mem[0], L);
    auto tl = make_layout(make_shape(_4{}, _2{}), make_stride(_2{}, _1{}));
    auto Z = zipped_divide(T, make_shape(_4{}, _2{}));
    show_tensor("B2 static  zipped_divide(T, (_4,_2))", Z);
    for (int idx : {0, 1, 2, 7}) {
      char name[160];
      auto c = tl.get_flat_coord(idx);
      snprintf(name, sizeof name, "B2 static  values via zipped_divide, idx %d -> coord (%d,%d)", idx, int(get<0>(c)), int(get<1>(c)));
      show_mode1(name, Z, c);
    }
    show_layout("B3 static  zipped_divide(L, (_4,_2))", zipped_divide(L, make_shape(_4{}, _2{})));
#if FAIL == 5
    show_tensor("B2 static  local_partition(T, (_4,_2):(_2,_1), 0)", local_partition(T, tl, 0));
#endif
#if FAIL == 6
    show_tensor("B2 static  local_partition(T, (_4,_2):(_2,_1), _0{})", local_partition(T, tl, _0{}));
#endif
#if FAIL == 7
    show_tensor("B2 static  local_partition(T, (4,2):(2,1), 0)", local_partition(T, make_layout(make_shape(4, 2), make_stride(2, 1)), 0));
#endif
  }
  {
    auto L = composition(Swizzle<2,0,3>{}, make_layout(make_shape(12, 4), make_stride(4, 1)));
    show_layout("B2 runtime T layout", L);
    auto T = make_tensor(&mem[0], L);
    auto Z = zipped_divide(T, make_shape(4, 2));
    show_tensor("B2 runtime zipped_divide(T, (4,2))", Z);
    show_mode1("B2 runtime values via zipped_divide, idx 0 -> coord (0,0)", Z, make_coord(0, 0));
    show_layout("B3 runtime zipped_divide(L, (4,2))", zipped_divide(L, make_shape(4, 2)));
#if FAIL == 8
    show_tensor("B2 runtime local_partition(T, (4,2):(2,1), 0)", local_partition(T, make_layout(make_shape(4, 2), make_stride(2, 1)), 0));
#endif
#if FAIL == 9
    show_tensor("B2 runtime local_partition(T, (_4,_2):(_2,_1), 0)", local_partition(T, make_layout(make_shape(_4{}, _2{}), make_stride(_2{}, _1{})), 0));
#endif
  }
  return 0;
}
