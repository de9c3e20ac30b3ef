#!/bin/sh
# Rebuild the CuTe C++ reference outputs of recast_cases, swizzle_partition_cases
# and kernel_author_cases (CUTLASS v4.7.0 include/ + CUDA 12.9 header wheels, g++ 12).
# Needs /work/cute-cpp/cxx.sh (see /work/shared/notes/cute-cpp-on-host.md).
# For each NAME: NAME.out is what the program prints; NAME.errors lists, for each
# case kept under `#if FAIL == k`, the first g++ error line and the static_assert
# line(s), with the absolute header path shortened to include/.
set -u
CXX=${CXX:-/work/cute-cpp/cxx.sh}
cd "$(dirname "$0")"
for name in "$@"; do
  $CXX $name.cpp -o /tmp/$name.bin 2> /tmp/$name.build.err || { grep -m3 error /tmp/$name.build.err; exit 1; }
  /tmp/$name.bin > $name.out
  : > $name.errors
  for k in $(grep -o '^#if FAIL == [0-9]*' $name.cpp | awk '{print $4}'); do
    echo "== FAIL $k: $(grep -A1 "^#if FAIL == $k\$" $name.cpp | tail -1 | sed 's/^ *//')" >> $name.errors
    if $CXX -fsyntax-only -DFAIL=$k $name.cpp 2> /tmp/$name.err.$k; then
      echo "compiles" >> $name.errors
    else
      { grep -m1 'error' /tmp/$name.err.$k; grep 'static assertion failed\|static_assert' /tmp/$name.err.$k | grep -v '^ ' | head -3; } \
        | sed 's#/work/cute-cpp/##g' | awk '!seen[$0]++' >> $name.errors
    fi
  done
done
