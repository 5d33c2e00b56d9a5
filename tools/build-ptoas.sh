#!/usr/bin/env bash
# Build PTOAS (hw-native-sys/PTOAS) from a source tree you already have and
# install its `ptoas` binary on PATH, for ptonz's `REQUIRES: ptoas` lit tests.
#
#   tools/build-ptoas.sh PTOAS_SOURCE_DIR [INSTALL_DIR]   (default /usr/local/bin)
#
# PTOAS itself is not part of ptonz and this script does not download it.
# The recipe is the one measured for PTOAS 0.27 (main of 2026-04-17,
# commit a56b18c3): no patches, against Debian 12's LLVM 19.1.7 packages
# (PTOAS's LLVM pin). About 16 minutes on 2 cores; a rebuild is seconds.
set -euo pipefail

src=${1:?usage: tools/build-ptoas.sh PTOAS_SOURCE_DIR [INSTALL_DIR]}
dest=${2:-/usr/local/bin}
src=$(cd "$src" && pwd)
build=${PTOAS_BUILD_DIR:-$src/build}

# LLVM 19's exported CMake targets also name zstd, zlib, libxml2, libedit, ...
pkgs="llvm-19-dev libmlir-19-dev mlir-19-tools clang-19 ninja-build cmake
      libzstd-dev zlib1g-dev libcurl4-openssl-dev libedit-dev libxml2-dev libffi-dev libncurses-dev"
missing=$(for p in $pkgs; do dpkg -s "$p" >/dev/null 2>&1 || echo "$p"; done)
if [ -n "$missing" ]; then
  echo "build-ptoas: installing $missing" >&2
  SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
fi

cmake -S "$src" -B "$build" -G Ninja \
  -DLLVM_DIR=/usr/lib/llvm-19/lib/cmake/llvm \
  -DMLIR_DIR=/usr/lib/llvm-19/lib/cmake/mlir \
  -DPTO_ENABLE_PYTHON_BINDING=OFF -DBUILD_TESTING=OFF \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++-19
ninja -C "$build" pto-opt
install -m 0755 "$build/tools/ptoas/ptoas" "$dest/ptoas"
echo "build-ptoas: installed $dest/ptoas ($("$dest/ptoas" --version 2>&1 | head -1))" >&2
