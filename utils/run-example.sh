#!/usr/bin/env bash
# Installs the dependencies, builds the project and runs cuda-tile-opt on
# every bundled example (examples/*.mlir), printing what it produces.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
BUILD_DIR=${CUDA_TILE_BUILD_DIR:-build}

bash utils/install-deps.sh
bash utils/build.sh

OPT="$BUILD_DIR/bin/cuda-tile-opt"
status=0
shopt -s nullglob
examples=(examples/*.mlir)
if [[ ${#examples[@]} -eq 0 ]]; then
  echo "run-example: no examples/*.mlir found" >&2
  exit 1
fi
for example in "${examples[@]}"; do
  echo "== $OPT $example"
  if ! "$OPT" "$example"; then
    echo "run-example: cuda-tile-opt failed on $example" >&2
    status=1
  fi
done
exit "$status"
