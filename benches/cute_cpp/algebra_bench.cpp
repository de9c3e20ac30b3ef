// CuTe C++ side of the runtime-algebra benchmark (issue 16): the cases of
// `benches/vs_cute.rs`, with `int` values read from `volatile` storage on
// every call and every result escaped, so nothing folds at compile time.
//
// Build and run with `benches/cute_cpp/run.sh CUTE_INCLUDE_DIR` (g++ -O3).
//
// Instructions per call (`instructions.sh`) use ALGEBRA_BENCH_CALLS, below.
//
// Per case it prints `name<TAB>ns<TAB>size<TAB>hash<TAB>result`: the best of
// 15 batches (each about 20 ms) in ns per call, and the result as a function
// (its size and an FNV-1a hash of `r(i)` for `i < size(r)`), which
// `benches/vs_cute.rs` prints the same way for the Rust results.
//
// The inverses and the product's block take static strides and `int`
// shapes: CuTe sorts modes by stride at compile time there
// (`right_inverse` drops runtime-stride modes, `left_inverse` requires
// static strides, and the complement inside `logical_product` allows a
// runtime stride only in a rank-1 layout).

#include <cute/tensor.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>

using namespace cute;

// Operand values: the compiler must read them on every call.
volatile int v[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
volatile int v16 = 16, v24 = 24, v32 = 32, v64 = 64, v128 = 128;

template <class T>
inline void escape(T const& x) {
  asm volatile("" : : "g"(&x) : "memory");
}

template <class L>
std::string as_function(L const& r) {
  uint64_t h = 1469598103934665603ull;
  long n = size(r);
  for (long i = 0; i < n; ++i) {
    h ^= uint64_t(int64_t(r(i)));
    h *= 1099511628211ull;
  }
  std::ostringstream os;
  os << n << "\t" << h;
  return os.str();
}

template <class L>
std::string printed(L const& r) {
  // cute::print writes to stdout; capture it through a temporary buffer.
  fflush(stdout);
  char buf[4096] = {0};
  FILE* old = stdout;
  FILE* mem = fmemopen(buf, sizeof buf - 1, "w");
  stdout = mem;
  print(r);
  fflush(mem);
  stdout = old;
  fclose(mem);
  return buf;
}

// Best of 15 batches of `n` calls (n doubled until a batch takes 20 ms).
template <class F>
double best_ns(F f) {
  using clk = std::chrono::steady_clock;
  long n = 1;
  for (;;) {
    auto t = clk::now();
    for (long i = 0; i < n; ++i) f();
    if (clk::now() - t > std::chrono::milliseconds(20)) break;
    n *= 2;
  }
  double best = 1e300;
  for (int k = 0; k < 15; ++k) {
    auto t = clk::now();
    for (long i = 0; i < n; ++i) f();
    double ns = std::chrono::duration<double, std::nano>(clk::now() - t).count() / double(n);
    if (ns < best) best = ns;
  }
  return best;
}

// With ALGEBRA_BENCH_CALLS=n: make n calls of the cases whose name contains
// $ALGEBRA_BENCH_ONLY and print nothing (for instruction counts under
// valgrind --tool=cachegrind, which the load on the machine does not disturb).
template <class F>
void run(char const* name, F f) {
  if (char const* calls = getenv("ALGEBRA_BENCH_CALLS")) {
    char const* only = getenv("ALGEBRA_BENCH_ONLY");
    if (only && !strstr(name, only)) return;
    for (long i = 0, n = atol(calls); i < n; ++i) escape(f());
    return;
  }
  double ns = best_ns([&] { escape(f()); });
  auto r = f();
  printf("%s\t%.2f\t%s\t%s\n", name, ns, as_function(r).c_str(), printed(r).c_str());
}

int main() {
  run("composition (6,2):(8,2) o (4,3):(3,1)", [] {
    auto a = make_layout(make_shape(int(v[6]), int(v[2])), make_stride(int(v[8]), int(v[2])));
    auto b = make_layout(make_shape(int(v[4]), int(v[3])), make_stride(int(v[3]), int(v[1])));
    return composition(a, b);
  });
  run("logical_divide (4,2,3):(2,1,8) / 4:2", [] {
    auto a = make_layout(make_shape(int(v[4]), int(v[2]), int(v[3])),
                         make_stride(int(v[2]), int(v[1]), int(v[8])));
    auto b = make_layout(int(v[4]), int(v[2]));
    return logical_divide(a, b);
  });
  run("complement 4:2, 24", [] {
    return complement(make_layout(int(v[4]), int(v[2])), int(v24));
  });
  run("coalesce (2,(4,8)):(1,(2,8))", [] {
    auto a = make_layout(make_shape(int(v[2]), make_shape(int(v[4]), int(v[8]))),
                         make_stride(int(v[1]), make_stride(int(v[2]), int(v[8]))));
    return coalesce(a);
  });
  run("logical_product (2,2):(_4,_1) x 6:1", [] {
    auto a = make_layout(make_shape(int(v[2]), int(v[2])), make_stride(_4{}, _1{}));
    auto b = make_layout(int(v[6]), int(v[1]));
    return logical_product(a, b);
  });
  run("right_inverse (4,8):(_8,_1)", [] {
    return right_inverse(make_layout(make_shape(int(v[4]), int(v[8])), make_stride(_8{}, _1{})));
  });
  run("left_inverse (2,(2,3)):(_3,(_1,_6))", [] {
    auto a = make_layout(make_shape(int(v[2]), make_shape(int(v[2]), int(v[3]))),
                         make_stride(_3{}, make_stride(_1{}, _6{})));
    return left_inverse(a);
  });
  run("zipped_divide (128,64):(1,128) / (32,16)", [] {
    auto a = make_layout(make_shape(int(v128), int(v64)), make_stride(int(v[1]), int(v128)));
    return zipped_divide(a, make_shape(int(v32), int(v16)));
  });
  return 0;
}
