#!/usr/bin/env bash
# Refreshes docs/reference from the reference pages the build generates from
# the TableGen descriptions (build/docs/reference).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${CUDA_TILE_BUILD_DIR:-$ROOT/build}
ninja -C "$BUILD_DIR" cuda-tile-doc
mkdir -p "$ROOT/docs/reference"
cp "$BUILD_DIR"/docs/reference/*.md "$ROOT/docs/reference/"
echo "docs/reference updated"
