#!/usr/bin/env bash
# Builds the Rust kernels of kernels/ to PTX: target/ptx/kernels.ptx.
# Needs the toolchain of scripts/setup-ptx.sh (run it once first).
#
#   scripts/build-ptx.sh                 # -> target/ptx/kernels.ptx
#   scripts/build-ptx.sh --crate DIR OUT # another no_std cdylib crate (CI's ptx-check)
#
# Debian's rustc 1.96 compiles (its LLVM 22 has the sm_90 NVPTX target) and
# rustup's cargo drives it; RUSTC_BOOTSTRAP unlocks `-Z build-std`, which
# compiles `core` for the GPU from Debian's library sources, and the
# kernels' unstable features (the PTX kernel ABI, inline PTX).
# llvm-bitcode-linker links the crate's bitcode with core's and runs LLVM 22's
# opt and llc on it.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CRATE=$ROOT/kernels
OUT=$ROOT/target/ptx/kernels.ptx
if [ "${1:-}" = "--crate" ]; then
  CRATE=$(cd "$2" && pwd)
  OUT=$3
fi
HOME_DIR=${CUTE_PTX_HOME:-$HOME/.cache/cute-ptx}
LINKER=$HOME_DIR/bin/llvm-bitcode-linker
[ -x "$LINKER" ] && [ -x /usr/bin/rustc ] || {
  echo "build-ptx: toolchain missing: run scripts/setup-ptx.sh" >&2
  exit 1
}
ARCH=${CUTE_PTX_ARCH:-sm_90}
TARGET_DIR=$ROOT/target/ptx/cargo
NAME=$(sed -n 's/^name = "\(.*\)"/\1/p' "$CRATE/Cargo.toml" | head -1 | tr - _)

# The linker calls llvm-link, opt and llc by name.
export PATH=/usr/lib/llvm-22/bin:$PATH
export RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1
export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-2}
# Flags for the GPU crates only: build scripts and the proc-macro crate run
# on the host and get none (cargo applies target rustflags to the target).
export CARGO_TARGET_NVPTX64_NVIDIA_CUDA_RUSTFLAGS="-C target-cpu=$ARCH -C linker=$LINKER"
# rustup's cargo, pinned by rust-toolchain.toml; the toolchain's rustc is
# overridden by RUSTC above.
cargo build --release --quiet \
  --manifest-path "$CRATE/Cargo.toml" \
  --target nvptx64-nvidia-cuda \
  -Z build-std=core \
  --target-dir "$TARGET_DIR"
mkdir -p "$(dirname "$OUT")"
cp "$TARGET_DIR/nvptx64-nvidia-cuda/release/$NAME.ptx" "$OUT"
echo "build-ptx: $OUT ($(grep -c '^\.visible \.entry' "$OUT") kernels)"
