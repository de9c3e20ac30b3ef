// Issue 17, section 2: CuTe C++ on layouts with a runtime extent of 1 (kept
// as a mode, since coalesce never merges runtime modes) and on the issue's
// complement case. CuTe's answers here are not what the all-static layouts
// give (DynLayout's answers, shown beside), so the typed path returns
// DynLayout's answer or a named error (tests/typed_dyn_agreement.rs).
//
// Output (CUTLASS 4.x):
//   left_inverse((8,m):(1,4)), m = 1: (_4,1):(_1,_8)     [static (8,1): 8:1]
//   complement((3,m):(1,4), 8), m = 1: 2:4               [static: 3:3]
//   complement((n,2):(1,16), 36), n = 4: (4,_2):(4,_32)  [breaks a complement bound]
//   right_inverse((8,m):(1,4)), m = 1: _8:_1
#include <cute/tensor.hpp>
using namespace cute;
int main() {
  int m = 1;
  print("left_inverse((8,m):(1,4)), m = 1: ");
  print(left_inverse(make_layout(make_shape(_8{}, m), make_stride(_1{}, _4{}))));
  print("\ncomplement((3,m):(1,4), 8), m = 1: ");
  print(complement(make_layout(make_shape(_3{}, m), make_stride(_1{}, _4{})), _8{}));
  int n = 4;
  print("\ncomplement((n,2):(1,16), 36), n = 4: ");
  print(complement(make_layout(make_shape(n, _2{}), make_stride(_1{}, _16{})), Int<36>{}));
  print("\nright_inverse((8,m):(1,4)), m = 1: ");
  print(right_inverse(make_layout(make_shape(_8{}, m), make_stride(_1{}, _4{}))));
  print("\n");
}
