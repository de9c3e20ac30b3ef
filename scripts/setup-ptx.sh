#!/usr/bin/env bash
# Installs the toolchain that builds the Rust kernels of kernels/ to PTX, from
# apt and cargo alone, on Debian 12 (bookworm). Idempotent: a second run
# checks and does nothing.
#
# rustup cannot add the nvptx64-nvidia-cuda target's rust-src here, so the
# compiler comes from Debian's bookworm-security packages, which ship a
# recent rustc with LLVM's NVPTX backend and the library sources that
# `-Z build-std=core` compiles:
#   rustc-web            rustc 1.96 (LLVM 22), the compiler for the kernels
#   rust-web-src         library sources, at /usr/lib/rustlib/src/rust
#   libstd-rust-web-dev  host std for that rustc (the proc-macro crate)
#   llvm-22              llvm-link, opt and llc, which the linker calls
# and cargo builds rustc's `llvm-bitcode-linker` (the nvptx target's linker)
# from rust-web-src's sources.
#
#   scripts/setup-ptx.sh          # then scripts/build-ptx.sh
#
# Environment: CUTE_PTX_HOME (default ~/.cache/cute-ptx) receives
# bin/llvm-bitcode-linker. Needs root (or sudo) for apt.
set -euo pipefail

PKGS=(rustc-web rust-web-src libstd-rust-web-dev llvm-22)
# The oldest Debian rustc-web whose rustc builds this edition-2024 workspace
# and whose LLVM has the sm_90 NVPTX target.
MIN_RUSTC=1.95
HOME_DIR=${CUTE_PTX_HOME:-$HOME/.cache/cute-ptx}
LINKER=$HOME_DIR/bin/llvm-bitcode-linker
export DEBIAN_FRONTEND=noninteractive

say() { printf 'setup-ptx: %s\n' "$*"; }

sudo_() {
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    say "error: not root and no sudo: run as root to install ${PKGS[*]}"
    exit 1
  fi
}

# Version of an installed package, or nothing.
installed() { dpkg-query -W -f='${Status} ${Version}\n' "$1" 2>/dev/null | awk '/install ok installed/ {print $4}'; }

version_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -1)" = "$2" ]; }

rustc_ok() {
  local v
  v=$(/usr/bin/rustc --version 2>/dev/null | awk '{print $2}') || return 1
  [ -n "$v" ] && version_ge "$v" "$MIN_RUSTC"
}

need_apt=0
for p in "${PKGS[@]}"; do
  [ -n "$(installed "$p")" ] || need_apt=1
done
rustc_ok || need_apt=1

if [ "$need_apt" = 1 ]; then
  # A stale package list offers bookworm's older rustc-web (1.85): refresh
  # it unless it already offers a new enough one.
  cand=$(apt-cache policy rustc-web 2>/dev/null | awk '/Candidate:/ {print $2}')
  if [ -z "$cand" ] || [ "$cand" = "(none)" ] || ! version_ge "${cand%%+*}" "$MIN_RUSTC"; then
    say "apt-get update"
    sudo_ apt-get update -qq
  fi
  if ! grep -rqs 'bookworm-security' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    say "warning: no bookworm-security source in /etc/apt: rustc-web may be too old"
  fi
  say "apt-get install ${PKGS[*]}"
  if ! sudo_ apt-get install -y -qq --no-install-recommends "${PKGS[@]}" >/dev/null; then
    # A package list that names files the mirror has since replaced fails
    # the download: refresh it once and try again.
    say "apt-get install failed: apt-get update and retry"
    sudo_ apt-get update -qq
    sudo_ apt-get install -y -qq --no-install-recommends "${PKGS[@]}" >/dev/null
  fi
fi
rustc_ok || { say "error: /usr/bin/rustc is $(/usr/bin/rustc --version 2>&1), need >= $MIN_RUSTC"; exit 1; }
/usr/bin/rustc --print target-list | grep -qx nvptx64-nvidia-cuda \
  || { say "error: /usr/bin/rustc has no nvptx64-nvidia-cuda target"; exit 1; }
SRC=$(/usr/bin/rustc --print sysroot)/lib/rustlib/src/rust
[ -f "$SRC/library/core/Cargo.toml" ] || { say "error: no library sources at $SRC"; exit 1; }
LLVM_BIN=/usr/lib/llvm-22/bin
for t in llvm-link opt llc; do
  [ -x "$LLVM_BIN/$t" ] || { say "error: $LLVM_BIN/$t missing"; exit 1; }
done

# The linker, built once per rustc version: its stamp names the rustc it
# was built from.
RUSTC_V=$(/usr/bin/rustc --version)
if [ -x "$LINKER" ] && [ "$(cat "$LINKER.stamp" 2>/dev/null)" = "$RUSTC_V" ]; then
  say "llvm-bitcode-linker up to date ($LINKER)"
else
  say "building llvm-bitcode-linker from $SRC/src/tools/llvm-bitcode-linker"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  # Copied out of the source tree, whose workspace would claim it; rustc's
  # own Cargo.lock pins its dependencies to the versions rustc ships with
  # (cargo drops the entries it does not need).
  cp -r "$SRC/src/tools/llvm-bitcode-linker" "$work/linker"
  cp "$SRC/Cargo.lock" "$work/linker/Cargo.lock"
  printf '\n[workspace]\n' >>"$work/linker/Cargo.toml"
  # Built by the host's default toolchain (rustup's cargo), into its own
  # target directory so that nothing is shared with the project's builds.
  CARGO_TARGET_DIR="$work/target" cargo build --release --quiet \
    --manifest-path "$work/linker/Cargo.toml"
  mkdir -p "$HOME_DIR/bin"
  install -m 755 "$work/target/release/llvm-bitcode-linker" "$LINKER"
  printf '%s\n' "$RUSTC_V" >"$LINKER.stamp"
  say "installed $LINKER"
fi
say "ready: $RUSTC_V; LLVM tools in $LLVM_BIN; build with scripts/build-ptx.sh"
