// Atom-layer values that public-atoms.tsv does not hold: GMMA widths N the
// oracle does not draw, mixed FP8 GMMA, retile of an ldmatrix copy from an
// SM80 MMA, fragments of row-major operands, stmatrix from a GMMA.
//
// Build and run (CUTLASS v4.7.0 headers, g++ 12, see /work/cute-cpp/cxx.sh):
//   /work/cute-cpp/cxx.sh atom_cases.cpp -o /tmp/atom_cases && /tmp/atom_cases > atom_cases.out
// (or build_refs.sh atom_cases). Each line: `EXPR<TAB>print(result)`, with EXPR
// in the oracle's notation, which tests/atom_cpp.rs evaluates.
// Cases that do not compile are kept under `#if FAIL == k` (atom_cases.errors).
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cute/arch/mma_sm90_gmma_ext.hpp>
#include <cute/atom/mma_traits_sm90_gmma_ext.hpp>
#include <cstdio>
using namespace cute;

#ifndef FAIL
#define FAIL 0
#endif

template <class T> void line(const char* expr, T const& v) {
  printf("%s\t", expr);
  print(v);
  printf("\n");
}

// The descriptor on one line, as the oracle's gmma_desc rows print it.
void desc_line(const char* expr, GmmaDescriptor const& d) {
  static const char* types[] = {"INTERLEAVE", "B128", "B64", "B32"};
  printf("%s\tGmmaDescriptor(0x%016llx: start_addr=%u, leading_off=%u, stride_off=%u, base_offset=%u, layout_type=%s)\n",
         expr, (unsigned long long)d.desc_, unsigned(d.bitfield.start_address_), unsigned(d.bitfield.leading_byte_offset_),
         unsigned(d.bitfield.stride_byte_offset_), unsigned(d.bitfield.base_offset_), types[d.bitfield.layout_type_]);
}

int main() {
  using namespace SM90::GMMA;
  {
    auto tm = make_tiled_mma(SM90_64x24x16_F32BF16BF16_RS<Major::K, Major::MN>{}, Layout<Shape<_2,_1,_1>>{});
    line("get_layoutC_TV(make_tiled_mma(MMA_Atom<SM90_64x24x16_F32BF16BF16_RS<K,MN>>, (2,1,1)))", tm.get_layoutC_TV());
    line("get_layoutA_TV(make_tiled_mma(MMA_Atom<SM90_64x24x16_F32BF16BF16_RS<K,MN>>, (2,1,1)))", tm.get_layoutA_TV());
    line("tile_size(make_tiled_mma(MMA_Atom<SM90_64x24x16_F32BF16BF16_RS<K,MN>>, (2,1,1)))", tile_shape(tm));
  }
  {
    auto tm = make_tiled_mma(SM90_64x136x32_F32E4M3E5M2_SS_TN<>{});
    line("get_layoutB_TV(make_tiled_mma(MMA_Atom<SM90_64x136x32_F32E4M3E5M2_SS_TN<>>, (1,1,1)))", tm.get_layoutB_TV());
    line("partition_shape_C(make_tiled_mma(MMA_Atom<SM90_64x136x32_F32E4M3E5M2_SS_TN<>>, (1,1,1)), (128,272))",
         partition_shape_C(tm, make_shape(Int<128>{}, Int<272>{})));
  }
  {
    auto tm = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2,_1>>{});
    auto tc = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, tm);
    line("get_layoutS_TV(make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1))))", tc.get_layoutS_TV());
    line("get_layoutD_TV(make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1))))", tc.get_layoutD_TV());
    auto frag = tm.get_slice(5).partition_fragment_A(make_tensor(counting_iterator<int>{0}, make_layout(make_shape(Int<32>{}, Int<16>{}), LayoutRight{})));
    line("partition_fragment_A(make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1)), 5, tensor((32,16):(16,1)))", frag.layout());
    auto r = tc.get_slice(0).retile_D(make_tensor(counting_iterator<int>{0}, frag.layout()));
    line("retile_D(make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1))), tensor(partition_fragment_A(make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1)), 5, tensor((32,16):(16,1)))))", r);
    auto s = tc.get_slice(37).partition_S(make_tensor(counting_iterator<int>{0}, make_layout(make_shape(Int<64>{}, Int<32>{}), LayoutRight{})));
    line("partition_S(make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1))), 37, tensor((64,32):(32,1)))", s);
  }
  {
    auto tm = make_tiled_mma(SM90_64x64x16_F32F16F16_SS<Major::K, Major::K>{}, Layout<Shape<_2,_1,_1>>{});
    auto tc = make_tiled_copy_C(Copy_Atom<SM90_U32x4_STSM_N, half_t>{}, tm);
    line("get_layoutS_TV(make_tiled_copy_C(Copy_Atom<SM90_U32x4_STSM_N, half_t>, make_tiled_mma(MMA_Atom<SM90_64x64x16_F32F16F16_SS<K,K>>, (2,1,1))))", tc.get_layoutS_TV());
    line("get_layoutD_TV(make_tiled_copy_C(Copy_Atom<SM90_U32x4_STSM_N, half_t>, make_tiled_mma(MMA_Atom<SM90_64x64x16_F32F16F16_SS<K,K>>, (2,1,1))))", tc.get_layoutD_TV());
    auto d = tc.get_slice(200).partition_D(make_tensor(counting_iterator<int>{0}, make_layout(make_shape(Int<128>{}, Int<64>{}))));
    line("partition_D(make_tiled_copy_C(Copy_Atom<SM90_U32x4_STSM_N, half_t>, make_tiled_mma(MMA_Atom<SM90_64x64x16_F32F16F16_SS<K,K>>, (2,1,1))), 200, tensor((128,64):(1,128)))", d);
  }
  // Fragments of identity tensors: make_fragment_like orders the modes by
  // their basis strides.
  line("partition_fragment_A(make_tiled_mma(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>), 3, identity_tensor((16,8)))",
       make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN{}).get_slice(3).partition_fragment_A(
           make_identity_tensor(make_shape(Int<16>{}, Int<8>{}))).layout());
#if FAIL == 3
  line("partition_fragment_A(make_tiled_mma(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>, (2,1,1)), 35, identity_tensor((64,32)))",
       make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN{}, Layout<Shape<_2,_1,_1>>{}).get_slice(35).partition_fragment_A(
           make_identity_tensor(make_shape(Int<64>{}, Int<32>{}))).layout());
#endif
#if FAIL == 4
  line("partition_fragment_B(make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1)), 9, identity_tensor((32,64)))",
       make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2,_1>>{}).get_slice(9).partition_fragment_B(
           make_identity_tensor(make_shape(Int<32>{}, Int<64>{}))).layout());
#endif
  line("partition_A(make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1)), 9, identity_tensor((64,64)))",
       make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2,_1>>{}).get_slice(9).partition_A(
           make_identity_tensor(make_shape(Int<64>{}, Int<64>{}))));
#if FAIL == 5
  line("partition_fragment_A(make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>, (2,2,1)), 9, identity_tensor((64,64)))",
       make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2,_1>>{}).get_slice(9).partition_fragment_A(
           make_identity_tensor(make_shape(Int<64>{}, Int<64>{}))).layout());
#endif
  {
    auto sl = tile_to_shape(GMMA::Layout_MN_SW64_Atom<half_t>{}, make_shape(Int<128>{}, Int<16>{}));
    desc_line("make_gmma_desc<MN>(tile_to_shape(GMMA::Layout_MN_SW64_Atom<half_t>, (128,16)))",
         GMMA::make_gmma_desc<GMMA::Major::MN>(make_tensor(make_smem_ptr<uint16_t>(nullptr), sl)));
    auto kl = composition(tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(Int<128>{}, Int<64>{})), make_tile(Int<128>{}, Int<16>{}));
    desc_line("make_gmma_desc<K>(composition(tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (128,64)), <128, 16>))",
         GMMA::make_gmma_desc<GMMA::Major::K>(make_tensor(make_smem_ptr<uint16_t>(nullptr), kl)));
  }
#if FAIL == 2
  line("partition_fragment_A(make_tiled_mma(MMA_Atom<SM90_64x64x16_F16F16F16_SS<K,K>>), 0, tensor((64,16):(16,1)))",
       make_tiled_mma(SM90_64x64x16_F16F16F16_SS<Major::K, Major::K>{}).get_slice(0).partition_fragment_A(
           make_tensor(counting_iterator<int>{0}, make_layout(make_shape(Int<64>{}, Int<16>{}), LayoutRight{}))).layout());
#endif
  line("layout_src(Copy_Atom<UniversalCopy<uint32_t>, double>)", typename Copy_Atom<UniversalCopy<uint32_t>, double>::ValLayoutSrc{});
  line("layout_dst(Copy_Atom<DefaultCopy, uint128_t>)", typename Copy_Atom<DefaultCopy, uint128_t>::ValLayoutDst{});
#if FAIL == 6
  line("layout_dst(Copy_Atom<SM75_U32x1_LDSM_N, double>)", typename Copy_Atom<SM75_U32x1_LDSM_N, double>::ValLayoutDst{});
#endif
#if FAIL == 7
  line("layout_src(Copy_Atom<SM90_U16x2_STSM_T, float>)", typename Copy_Atom<SM90_U16x2_STSM_T, float>::ValLayoutSrc{});
#endif
#if FAIL == 1
  line("thr_id(MMA_Atom<SM75_16x8x8_F16F16F16F16_TN>)", typename MMA_Atom<SM75_16x8x8_F16F16F16F16_TN>::ThrID{});
#endif
  return 0;
}
