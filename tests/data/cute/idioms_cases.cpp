// The kernel author's small idioms: copy_if with a predicate tensor on a
// partial tile, gemm in its five rank forms and axpby (UniversalFMA, on the
// host), half_t inputs with float accumulation, and the GMMA shared-memory
// layout atoms with their byte-level swizzles.
//
// Build and run (CUTLASS v4.7.0 headers, g++ 12, see /work/cute-cpp/cxx.sh):
//   ./build_refs.sh idioms_cases
// Each line is `KEY: value`; tests/idioms.rs looks its keys up here.
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cstdio>
using namespace cute;

template <class T> void values(const char* key, T const& t) {
  printf("%s:", key);
  for (int i = 0; i < size(t); ++i) printf(" %g", double(t(i)));
  printf("\n");
}

template <class A> void atom(const char* key, A const& a) {
  printf("%s: ", key); print(a); printf("\n");
}

int main() {
  // ---- copy_if: a 10x7 matrix stored column-major in a 12x8 buffer
  // (ld 12); block (2,1) of 4x4 tiles covers rows 8..11, columns 4..7;
  // thread 1 of (2,2):(1,2) takes rows 9, 11 and columns 4, 6.
  {
    static int mem[12 * 8];
    for (int i = 0; i < 12 * 8; ++i) mem[i] = i;
    int M = 10, N = 7;
    Tensor g = make_tensor(&mem[0], make_layout(make_shape(12, 8)));
    Tensor c = make_identity_tensor(make_shape(12, 8));
    Tensor gT = local_tile(g, make_shape(_4{}, _4{}), make_coord(2, 1));
    Tensor cT = local_tile(c, make_shape(_4{}, _4{}), make_coord(2, 1));
    auto thr = Layout<Shape<_2, _2>, Stride<_1, _2>>{};
    Tensor tg = local_partition(gT, thr, 1);
    Tensor tc = local_partition(cT, thr, 1);
    Tensor pred = make_tensor<bool>(shape(tc));
    for (int i = 0; i < size(pred); ++i) pred(i) = elem_less(tc(i), make_shape(M, N));
    values("copy_if pred tile (2,1) thread 1", pred);
    Tensor frag = make_tensor<int>(shape(tg));
    fill(frag, -1);
    copy_if(pred, tg, frag);
    values("copy_if frag tile (2,1) thread 1", frag);
    // The whole tile, no thread partition.
    Tensor predT = make_tensor<bool>(shape(cT));
    for (int i = 0; i < size(predT); ++i) predT(i) = elem_less(cT(i), make_shape(M, N));
    Tensor fragT = make_tensor<int>(shape(gT));
    fill(fragT, -1);
    copy_if(predT, gT, fragT);
    values("copy_if frag tile (2,1)", fragT);
  }
  // ---- gemm, float, every rank form. A(m,k) = m + 2k + 1, B(n,k) = n - k,
  // C(m,n) = 10m + n (for the V forms, v enters as 100v).
  {
    Tensor A = make_tensor<float>(Shape<_4, _3>{});
    Tensor B = make_tensor<float>(Shape<_5, _3>{});
    Tensor C = make_tensor<float>(Shape<_4, _5>{});
    for (int m = 0; m < 4; ++m) for (int k = 0; k < 3; ++k) A(m, k) = m + 2 * k + 1;
    for (int n = 0; n < 5; ++n) for (int k = 0; k < 3; ++k) B(n, k) = n - k;
    for (int m = 0; m < 4; ++m) for (int n = 0; n < 5; ++n) C(m, n) = 10 * m + n;
    gemm(A, B, C);
    values("gemm (M,K)x(N,K)=>(M,N) (4,3)x(5,3)", C);

    Tensor a = make_tensor<float>(Shape<_4>{});
    Tensor b = make_tensor<float>(Shape<_5>{});
    for (int m = 0; m < 4; ++m) a(m) = m + 1;
    for (int n = 0; n < 5; ++n) b(n) = n - 2;
    for (int m = 0; m < 4; ++m) for (int n = 0; n < 5; ++n) C(m, n) = 10 * m + n;
    gemm(a, b, C);
    values("gemm (M)x(N)=>(M,N) (4)x(5)", C);

    Tensor av = make_tensor<float>(Shape<_1>{});
    Tensor bv = make_tensor<float>(Shape<_1>{});
    Tensor cv = make_tensor<float>(Shape<_1>{});
    av(0) = 3; bv(0) = -4; cv(0) = 7;
    gemm(av, bv, cv);
    values("gemm (V)x(V)=>(V) V=1", cv);

    Tensor A2 = make_tensor<float>(Shape<_1, _4>{});
    Tensor B2 = make_tensor<float>(Shape<_1, _5>{});
    Tensor C3 = make_tensor<float>(Shape<_1, _4, _5>{});
    for (int m = 0; m < 4; ++m) A2(0, m) = m + 1;
    for (int n = 0; n < 5; ++n) B2(0, n) = n - 2;
    for (int m = 0; m < 4; ++m) for (int n = 0; n < 5; ++n) C3(0, m, n) = 10 * m + n;
    gemm(A2, B2, C3);
    values("gemm (V,M)x(V,N)=>(V,M,N) (1,4)x(1,5)", C3);

    Tensor A3 = make_tensor<float>(Shape<_1, _4, _3>{});
    Tensor B3 = make_tensor<float>(Shape<_1, _5, _3>{});
    for (int m = 0; m < 4; ++m) for (int k = 0; k < 3; ++k) A3(0, m, k) = m + 2 * k + 1;
    for (int n = 0; n < 5; ++n) for (int k = 0; k < 3; ++k) B3(0, n, k) = n - k;
    for (int m = 0; m < 4; ++m) for (int n = 0; n < 5; ++n) C3(0, m, n) = 10 * m + n;
    gemm(A3, B3, C3);
    values("gemm (V,M,K)x(V,N,K)=>(V,M,N) (1,4,3)x(1,5,3)", C3);

    // Row-major A: the layout decides where each element lives.
    Tensor Ar = make_tensor<float>(make_layout(Shape<_4, _3>{}, LayoutRight{}));
    for (int m = 0; m < 4; ++m) for (int k = 0; k < 3; ++k) Ar(m, k) = m + 2 * k + 1;
    for (int m = 0; m < 4; ++m) for (int n = 0; n < 5; ++n) C(m, n) = 10 * m + n;
    gemm(Ar, B, C);
    values("gemm (M,K)x(N,K)=>(M,N) row-major A", C);
  }
  // ---- gemm with half_t inputs and a float accumulator (UniversalFMA<float,
  // half_t, half_t, float>: each product a * b in half_t, exact here).
  {
    Tensor A = make_tensor<half_t>(Shape<_2, _4>{});
    Tensor B = make_tensor<half_t>(Shape<_3, _4>{});
    Tensor C = make_tensor<float>(Shape<_2, _3>{});
    for (int m = 0; m < 2; ++m) for (int k = 0; k < 4; ++k) A(m, k) = half_t(0.5f * (m + k) - 1.0f);
    for (int n = 0; n < 3; ++n) for (int k = 0; k < 4; ++k) B(n, k) = half_t(0.25f * (n * k) + 0.5f);
    for (int m = 0; m < 2; ++m) for (int n = 0; n < 3; ++n) C(m, n) = 1000.0f + m - n;
    gemm(A, B, C);
    values("gemm half_t (2,4)x(3,4)=>float (2,3)", C);
  }
  // ---- axpby: y = 2 x + 0.5 y, and beta = 0 (y not read).
  {
    Tensor x = make_tensor<float>(Shape<_6>{});
    Tensor y = make_tensor<float>(Shape<_6>{});
    for (int i = 0; i < 6; ++i) { x(i) = i - 2; y(i) = 10 * i; }
    axpby(2.0f, x, 0.5f, y);
    values("axpby 2 x + 0.5 y", y);
    axpby(3.0f, x, 0.0f, y);
    values("axpby 3 x + 0 y", y);
  }
  // ---- GMMA shared-memory layout atoms.
  atom("GMMA::Layout_K_INTER_Atom<half_t>", GMMA::Layout_K_INTER_Atom<half_t>{});
  atom("GMMA::Layout_K_SW32_Atom<half_t>", GMMA::Layout_K_SW32_Atom<half_t>{});
  atom("GMMA::Layout_K_SW64_Atom<half_t>", GMMA::Layout_K_SW64_Atom<half_t>{});
  atom("GMMA::Layout_K_SW128_Atom<half_t>", GMMA::Layout_K_SW128_Atom<half_t>{});
  atom("GMMA::Layout_MN_INTER_Atom<half_t>", GMMA::Layout_MN_INTER_Atom<half_t>{});
  atom("GMMA::Layout_MN_SW32_Atom<half_t>", GMMA::Layout_MN_SW32_Atom<half_t>{});
  atom("GMMA::Layout_MN_SW64_Atom<half_t>", GMMA::Layout_MN_SW64_Atom<half_t>{});
  atom("GMMA::Layout_MN_SW128_Atom<half_t>", GMMA::Layout_MN_SW128_Atom<half_t>{});
  atom("GMMA::Layout_K_SW128_Atom<float>", GMMA::Layout_K_SW128_Atom<float>{});
  atom("GMMA::Layout_K_SW64_Atom<uint8_t>", GMMA::Layout_K_SW64_Atom<uint8_t>{});
  atom("GMMA::Layout_MN_SW32_Atom<float>", GMMA::Layout_MN_SW32_Atom<float>{});
  atom("tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64))",
       tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_128, _64>{}));
  atom("tile_to_shape(GMMA::Layout_MN_SW64_Atom<half_t>, (_64,_32))",
       tile_to_shape(GMMA::Layout_MN_SW64_Atom<half_t>{}, Shape<_64, _32>{}));
  atom("as_position_independent_swizzle_layout(GMMA::Layout_K_SW128_Atom<half_t>)",
       as_position_independent_swizzle_layout(GMMA::Layout_K_SW128_Atom<half_t>{}));
  atom("as_position_independent_swizzle_layout(GMMA::Layout_MN_SW64_Atom<half_t>)",
       as_position_independent_swizzle_layout(GMMA::Layout_MN_SW64_Atom<half_t>{}));
  atom("as_position_independent_swizzle_layout(GMMA::Layout_K_SW32_Atom<float>)",
       as_position_independent_swizzle_layout(GMMA::Layout_K_SW32_Atom<float>{}));
  atom("as_position_independent_swizzle_layout(tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64)))",
       as_position_independent_swizzle_layout(tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_128, _64>{})));
  // The element offsets of a smem tensor over the SW128 half_t atom
  // (CuTe's make_tensor(make_smem_ptr<half_t>(p), atom)): t(r, c) for the
  // first two rows, relative to p.
  {
    alignas(1024) static half_t smem[8 * 64];
    Tensor t = make_tensor(make_smem_ptr(&smem[0]), GMMA::Layout_K_SW128_Atom<half_t>{});
    printf("smem tensor GMMA::Layout_K_SW128_Atom<half_t> offsets rows 0,1:");
    for (int r = 0; r < 2; ++r) for (int c = 0; c < 64; ++c) printf(" %d", int(&t(r, c) - &smem[0]));
    printf("\n");
  }
  return 0;
}
