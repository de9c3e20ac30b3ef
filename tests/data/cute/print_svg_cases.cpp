// CuTe's own pictures of tiled MMAs and tiled copies, the reference for
// cute-algebra's `svg` of them (tests/svg_tiled.rs compares every cell's
// position, colour and `T<tid> V<vid>` label, and the axis labels).
//
// Build and run (CUTLASS v4.7.0 headers, g++ 12, see /work/cute-cpp/cxx.sh):
//   /work/cute-cpp/cxx.sh print_svg_cases.cpp -o /tmp/print_svg_cases && /tmp/print_svg_cases > print_svg_cases.out
// Each case starts with a line `=== EXPR`, EXPR in the oracle's notation
// (which the test evaluates), followed by CuTe's output: print_svg for a
// tiled MMA, print_latex for a tiled copy (CuTe has no SVG of copies), and
// print for the one layout at the end.
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/util/print_svg.hpp>
#include <cute/util/print_latex.hpp>
#include <cstdio>
using namespace cute;

int main() {
  {
    printf("=== make_tiled_mma(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>, (2,2,1))\n");
    print_svg(make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN{}, Layout<Shape<_2,_2,_1>>{}));
  }
  {
    printf("=== make_tiled_mma(MMA_Atom<SM70_8x8x4_F32F16F16F32_NT>, (2,1,1))\n");
    print_svg(make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT{}, Layout<Shape<_2,_1,_1>>{}));
  }
  {
    printf("=== make_tiled_mma(MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>, (1,2,1), <16, (8,2):(2,1), 8>)\n");
    print_svg(make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN{}, Layout<Shape<_1,_2,_1>>{},
                             Tile<_16, Layout<Shape<_8,_2>, Stride<_2,_1>>, _8>{}));
  }
  {
    printf("=== make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, uint8_t>, (4,8):(8,1), (1,4))\n");
    print_latex(make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, uint8_t>{},
                                Layout<Shape<_4,_8>, Stride<_8,_1>>{}, Layout<Shape<_1,_4>>{}));
  }
  {
    printf("=== make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1)))\n");
    auto tm = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2,_1>>{});
    print_latex(make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, tm));
  }
  {
    // Threads split over K: C's TV layout reaches past the M x N tile, so
    // print_svg would write outside its table; cute-algebra refuses it.
    printf("=== get_layoutC_TV(make_tiled_mma(MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>, (1,2,2)))\n");
    print(make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN{}, Layout<Shape<_1,_2,_2>>{}).get_layoutC_TV());
    printf("\n");
  }
  return 0;
}
