// Issue C (the kernel-author issue): local_tile / local_partition with
// projections, identity-tensor tiles, elem_less, and the byte-swizzle atoms.
//
// Build and run (CUTLASS v4.7.0 headers, g++ 12, see /work/cute-cpp/cxx.sh):
//   /work/cute-cpp/cxx.sh kernel_author_cases.cpp -o /tmp/kac && /tmp/kac > kernel_author_cases.out
// Or: ./build_refs.sh kernel_author_cases (also writes kernel_author_cases.errors:
// the first g++ error of each case kept under `#if FAIL == k`).
//
// Tensors over memory are over an int array with mem[i] == i: a line prints the
// layout, then the data offset (elements from mem, i.e. where the slice starts),
// and, for small tensors, the offsets t(i) for i in 0..size.
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cstdio>
using namespace cute;

#ifndef FAIL
#define FAIL 0
#endif

static int mem[1 << 17];

template <class T> void show_tensor(const char* what, T const& t, bool values = false) {
  printf("%s: ", what);
  print(t.layout());
  printf(" | data offset %lld", (long long)(raw_pointer_cast(t.data()) - mem));
  if (values) {
    printf(" | offsets");
    for (int i = 0; i < size(t); ++i) printf(" %d", int(t(i)));
  }
  printf("\n");
}

// C4: identity tensor tile. Prints the tile tensor and its coordinates t(k).
template <class T> void show_id(const char* what, T const& t) {
  printf("%s: ", what);
  print(t);
  printf(" | coords");
  int n = int(size(t));
  for (int k = 0; k < n; ++k) {
    if (n > 16 && k == 4) { printf(" ..."); k = n - 2; }
    printf(" "); print(t(k));
  }
  printf("\n");
}

template <class MM, class NN, class Mt, class Nt, class I, class J>
void id_case(const char* shape_kind, MM M, NN N, Mt m, Nt n, I i, J j) {
  auto t = make_identity_tensor(make_shape(M, N));
  auto z = zipped_divide(t, make_shape(m, n));
  auto s = z(_, make_coord(i, j));
  char name[256];
  snprintf(name, sizeof name, "C4 %s (M,N,m,n)=(%d,%d,%d,%d) %s(i,j)=(%d,%d)", shape_kind,
           int(M), int(N), int(m), int(n), is_static<I>::value ? "static " : "runtime ", int(i), int(j));
  show_id(name, s);
}

template <int M, int N, int m, int n>
void id_family() {
  constexpr int ti = (M + m - 1) / m, tj = (N + n - 1) / n;
  char zname[128];
  // the zipped_divide itself, static and runtime (M,N)
  snprintf(zname, sizeof zname, "C4 static  zipped_divide(make_identity_tensor((_%d,_%d)), (_%d,_%d))", M, N, m, n);
  printf("%s: ", zname); print(zipped_divide(make_identity_tensor(make_shape(Int<M>{}, Int<N>{})), make_shape(Int<m>{}, Int<n>{}))); printf("\n");
  snprintf(zname, sizeof zname, "C4 runtime zipped_divide(make_identity_tensor((%d,%d)), (_%d,_%d))", M, N, m, n);
  printf("%s: ", zname); print(zipped_divide(make_identity_tensor(make_shape(M, N)), make_shape(Int<m>{}, Int<n>{}))); printf("\n");
  // static (i,j)
  id_case("static  shape", Int<M>{}, Int<N>{}, Int<m>{}, Int<n>{}, _0{}, _0{});
  if constexpr (ti > 1) id_case("static  shape", Int<M>{}, Int<N>{}, Int<m>{}, Int<n>{}, _1{}, _0{});
  if constexpr (tj > 1) id_case("static  shape", Int<M>{}, Int<N>{}, Int<m>{}, Int<n>{}, _0{}, _1{});
  if constexpr (ti > 1 && tj > 1) id_case("static  shape", Int<M>{}, Int<N>{}, Int<m>{}, Int<n>{}, _1{}, _1{});
  // runtime (i,j)
  for (int i = 0; i < 2 && i < ti; ++i)
    for (int j = 0; j < 2 && j < tj; ++j)
      id_case("static  shape", Int<M>{}, Int<N>{}, Int<m>{}, Int<n>{}, i, j);
  // runtime (M,N), static tile, static and runtime (i,j)
  id_case("runtime shape", M, N, Int<m>{}, Int<n>{}, _0{}, _0{});
  if constexpr (ti > 1 && tj > 1) id_case("runtime shape", M, N, Int<m>{}, Int<n>{}, _1{}, _1{});
  for (int i = 0; i < 2 && i < ti; ++i)
    for (int j = 0; j < 2 && j < tj; ++j)
      id_case("runtime shape", M, N, Int<m>{}, Int<n>{}, i, j);
}

template <class A, class B> void show_less(const char* what, A const& a, B const& b) {
  printf("%s: ", what); print(elem_less(a, b)); printf("\n");
}

int main() {
  for (int i = 0; i < (1 << 17); ++i) mem[i] = i;

  // ---- C1/C2: local_tile with a rank-3 tiler
  {
    int M = 256, K = 64, N = 256;
    auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});
    auto mA = make_tensor(&mem[0], make_layout(make_shape(M, K)));   // (M,K) column-major
    auto mB = make_tensor(&mem[0], make_layout(make_shape(N, K)));   // (N,K)
    auto mC = make_tensor(&mem[0], make_layout(make_shape(M, N)));   // (M,N)
    show_tensor("C2 mA (M,K)=(256,64)", mA);
    show_tensor("C2 local_tile(mA, (_128,_128,_8), (0,_,_), Step<_1,X,_1>)", local_tile(mA, cta_tiler, make_coord(0, _, _), Step<_1, X, _1>{}));
    show_tensor("C2 local_tile(mA, (_128,_128,_8), (1,_,_), Step<_1,X,_1>)", local_tile(mA, cta_tiler, make_coord(1, _, _), Step<_1, X, _1>{}));
    show_tensor("C2 local_tile(mA, (_128,_128,_8), (1,0,_), Step<_1,X,_1>)", local_tile(mA, cta_tiler, make_coord(1, 0, _), Step<_1, X, _1>{}));
    show_tensor("C2 local_tile(mB (N,K)=(256,64), (_128,_128,_8), (0,_,_), Step<X,_1,_1>)", local_tile(mB, cta_tiler, make_coord(0, _, _), Step<X, _1, _1>{}));
    show_tensor("C2 local_tile(mB (N,K)=(256,64), (_128,_128,_8), (0,1,_), Step<X,_1,_1>)", local_tile(mB, cta_tiler, make_coord(0, 1, _), Step<X, _1, _1>{}));
    show_tensor("C2 local_tile(mC (M,N)=(256,256), (_128,_128,_8), (0,_,_), Step<_1,_1,X>)", local_tile(mC, cta_tiler, make_coord(0, _, _), Step<_1, _1, X>{}));
    show_tensor("C2 local_tile(mC (M,N)=(256,256), (_128,_128,_8), (1,1,_), Step<_1,_1,X>)", local_tile(mC, cta_tiler, make_coord(1, 1, _), Step<_1, _1, X>{}));
    // the rank-2 forms the call was meant to be
    show_tensor("C1 local_tile(mA (256,256), (_128,_8), (1,_))", local_tile(make_tensor(&mem[0], make_layout(make_shape(M, M))), make_shape(Int<128>{}, Int<8>{}), make_coord(1, _)));
#if FAIL == 1
    // C1: rank-3 tiler on a rank-2 tensor, no projection
    int bx = 1;
    auto mA2 = make_tensor(&mem[0], make_layout(make_shape(M, M)));   // (M,K)=(256,256)
    show_tensor("C1 local_tile(mA, (_128,_128,_8), (bx,_))", local_tile(mA2, cta_tiler, make_coord(bx, _)));
#endif
#if FAIL == 2
    // C1 variant: rank-3 tiler, rank-3 coordinate, rank-2 tensor, no projection
    show_tensor("C1 local_tile(mA, (_128,_128,_8), (0,_,_))", local_tile(mA, cta_tiler, make_coord(0, _, _)));
#endif
  }

  // ---- C3: local_partition with a projection
  {
    auto sA = make_tensor(&mem[0], make_layout(make_shape(Int<128>{}, Int<8>{})));   // (_128,_8):(_1,_128)
    auto tC = make_layout(make_shape(Int<16>{}, Int<16>{}));                          // (_16,_16):(_1,_16)
    show_tensor("C3 sA", sA);
    for (int tid : {3, 17}) {
      char name[160];
      snprintf(name, sizeof name, "C3 local_partition(sA, tC, %d, Step<_1,X>)", tid);
      show_tensor(name, local_partition(sA, tC, tid, Step<_1, X>{}), true);
      snprintf(name, sizeof name, "C3 local_partition(sA, tC, %d, Step<X,_1>)", tid);
      show_tensor(name, local_partition(sA, tC, tid, Step<X, _1>{}), true);
    }
    show_tensor("C3 local_partition(sA, tC, _3{}, Step<_1,X>)", local_partition(sA, tC, _3{}, Step<_1, X>{}));
    show_tensor("C3 local_partition(sA, tC, _17{}, Step<X,_1>)", local_partition(sA, tC, Int<17>{}, Step<X, _1>{}));
    printf("C3 dice(Step<_1,X>, tC): "); print(dice(Step<_1, X>{}, tC)); printf("\n");
    printf("C3 dice(Step<X,_1>, tC): "); print(dice(Step<X, _1>{}, tC)); printf("\n");
    // without a projection, for comparison
    show_tensor("C3 local_partition(sA, tC, 3)", local_partition(sA, tC, 3));
    show_tensor("C3 local_partition(sA, tC, 17)", local_partition(sA, tC, 17));
  }

  // ---- C4: identity-tensor tiles
  id_family<8, 8, 4, 4>();
  id_family<16, 8, 4, 8>();
  id_family<12, 8, 4, 4>();
  id_family<8, 12, 4, 4>();
  id_family<128, 128, 32, 32>();
  id_family<6, 4, 2, 2>();

  // ---- C5: elem_less
  show_less("C5 elem_less((1,2),(2,3)) runtime", make_coord(1, 2), make_coord(2, 3));
  show_less("C5 elem_less((2,2),(2,3)) runtime", make_coord(2, 2), make_coord(2, 3));
  show_less("C5 elem_less((1,4),(2,3)) runtime", make_coord(1, 4), make_coord(2, 3));
  show_less("C5 elem_less(((1,2),3),((2,3),4)) runtime", make_coord(make_coord(1, 2), 3), make_coord(make_coord(2, 3), 4));
  show_less("C5 elem_less(((2,2),3),((2,3),4)) runtime", make_coord(make_coord(2, 2), 3), make_coord(make_coord(2, 3), 4));
  show_less("C5 elem_less((_1,_2),(_2,_3)) static", make_coord(_1{}, _2{}), make_coord(_2{}, _3{}));
  show_less("C5 elem_less((_2,_2),(_2,_3)) static", make_coord(_2{}, _2{}), make_coord(_2{}, _3{}));
  show_less("C5 elem_less(((_1,_2),_3),((_2,_3),_4)) static", make_coord(make_coord(_1{}, _2{}), _3{}), make_coord(make_coord(_2{}, _3{}), _4{}));
  show_less("C5 elem_less(((_2,_2),_3),((_2,_3),_4)) static", make_coord(make_coord(_2{}, _2{}), _3{}), make_coord(make_coord(_2{}, _3{}), _4{}));
#if FAIL == 3
  // C5: an integer against a tuple
  show_less("C5 elem_less((1,2),((2,3),4)) runtime (a's 1 vs b's (2,3))", make_coord(1, 2), make_coord(make_coord(2, 3), 4));
#endif
  show_less("C5 elem_less((1),(2,3)) runtime (a shorter)", make_coord(1), make_coord(2, 3));
  show_less("C5 elem_less((1,2,3),(2,3)) runtime (a longer)", make_coord(1, 2, 3), make_coord(2, 3));
  show_less("C5 elem_less(1,2) runtime ints", 1, 2);
  show_less("C5 elem_less(2,2) runtime ints", 2, 2);

  // ---- C6: byte swizzles and the GMMA atoms
  {
    printf("C6 GMMA::Layout_K_SW128_Atom_Bits: "); print(GMMA::Layout_K_SW128_Atom_Bits{}); printf("\n");
    printf("C6 GMMA::Layout_K_SW128_Atom<half_t>: "); print(GMMA::Layout_K_SW128_Atom<half_t>{}); printf("\n");
    printf("C6 GMMA::Layout_K_SW128_Atom<uint8_t>: "); print(GMMA::Layout_K_SW128_Atom<uint8_t>{}); printf("\n");
    printf("C6 GMMA::Layout_K_SW128_Atom<float>: "); print(GMMA::Layout_K_SW128_Atom<float>{}); printf("\n");
    printf("C6 GMMA::Layout_MN_SW128_Atom<half_t>: "); print(GMMA::Layout_MN_SW128_Atom<half_t>{}); printf("\n");
    printf("C6 recast_layout<uint8_t,half_t>(Swizzle<3,4,3>): "); print(recast_layout<uint8_t, half_t>(Swizzle<3,4,3>{})); printf("\n");
    printf("C6 upcast<2>(Swizzle<3,4,3>): "); print(upcast<2>(Swizzle<3,4,3>{})); printf("\n");
    printf("C6 recast_layout<uint1_t,half_t>(Swizzle<3,4,3>) (bits->half_t): "); print(recast_layout<uint1_t, half_t>(Swizzle<3,4,3>{})); printf("\n");
    printf("C6 recast_layout<half_t,uint8_t>(Swizzle<3,3,3>): "); print(recast_layout<half_t, uint8_t>(Swizzle<3,3,3>{})); printf("\n");
    auto byte_layout = composition(Swizzle<3,4,3>{}, Layout<Shape<_8, _128>, Stride<_128, _1>>{});
    auto half_layout = recast_layout<uint8_t, half_t>(byte_layout);
    printf("C6 byte layout: "); print(byte_layout); printf("\n");
    printf("C6 recast_layout<uint8_t,half_t>(Sw<3,4,3> o (_8,_128):(_128,_1)): "); print(half_layout); printf("\n");
    // Check the claim elementwise: byte offset of byte (r, 2c) == 2 * half_t offset of (r, c),
    // and byte (r, 2c+1) lands at that +1.
    int bad = 0;
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 64; ++c) {
        int hb = int(half_layout(r, c));
        if (int(byte_layout(r, 2 * c)) != 2 * hb || int(byte_layout(r, 2 * c + 1)) != 2 * hb + 1) ++bad;
      }
    printf("C6 check byte(r,2c) == 2*half(r,c) and byte(r,2c+1) == 2*half(r,c)+1 over 8x64: %d mismatches\n", bad);
    // Same for the pure swizzle functions on offsets 0..1023 (bytes) vs 0..511 (half_t)
    bad = 0;
    for (int h = 0; h < 512; ++h)
      if (int(Swizzle<3,4,3>{}(2 * h)) != 2 * int(Swizzle<3,3,3>{}(h))) ++bad;
    printf("C6 check Sw<3,4,3>(2h) == 2*Sw<3,3,3>(h) for h in 0..512: %d mismatches\n", bad);
    printf("C6 print_layout(recast_layout<uint8_t,half_t>(byte layout)):\n"); print_layout(half_layout);
  }
  return 0;
}
