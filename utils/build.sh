#!/usr/bin/env bash
# Configures (once) and builds the project with Ninja into build/.
#   CUDA_TILE_BUILD_DIR  build directory (default: build)
#   CUDA_TILE_JOBS       parallel jobs (default: 2)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

BUILD_DIR=${CUDA_TILE_BUILD_DIR:-build}
JOBS=${CUDA_TILE_JOBS:-2}

if [[ ! -f "$BUILD_DIR/build.ninja" ]]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm \
    -DCMAKE_C_COMPILER=gcc \
    -DCMAKE_CXX_COMPILER=g++
fi

ninja -C "$BUILD_DIR" -j"$JOBS"
