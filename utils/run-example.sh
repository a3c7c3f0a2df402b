#!/usr/bin/env bash
# Installs the dependencies, builds the project and runs the main job on every
# bundled example (examples/*.mlir):
#   1. parse, verify and print it (cuda-tile-opt),
#   2. write it as bytecode and read it back (cuda-tile-translate),
#   3. compile the bytecode to PTX for sm_90 (and assemble it with ptxas when
#      CUDA is installed), optimize it (cuda-tile-optimize -O3),
#   4. run the bytecode on the CPU interpreter (cuda-tile-run) with inputs from
#      examples/reference.py and check the results against that independent
#      reference computation.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
BUILD_DIR=${CUDA_TILE_BUILD_DIR:-build}

bash utils/install-deps.sh
bash utils/build.sh

BIN="$BUILD_DIR/bin"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
status=0
shopt -s nullglob
examples=(examples/*.mlir)
if [[ ${#examples[@]} -eq 0 ]]; then
  echo "run-example: no examples/*.mlir found" >&2
  exit 1
fi

step() {  # step DESCRIPTION COMMAND...
  local what=$1
  shift
  if ! "$@"; then
    echo "run-example: $what failed" >&2
    status=1
    return 1
  fi
}

for example in "${examples[@]}"; do
  name=$(basename "$example" .mlir)
  dir="$WORK/$name"
  mkdir -p "$dir"
  echo "== $name: cuda-tile-opt"
  step "cuda-tile-opt on $example" "$BIN/cuda-tile-opt" -no-implicit-module "$example" || continue
  echo "== $name: text -> bytecode -> text"
  step "writing bytecode for $example" "$BIN/cuda-tile-translate" -mlir-to-cudatilebc \
    -no-implicit-module "$example" -o "$dir/$name.tileirbc" || continue
  ls -l "$dir/$name.tileirbc" | awk '{print "   " $5 " bytes of bytecode"}'
  step "reading bytecode for $example" "$BIN/cuda-tile-translate" -cudatilebc-to-mlir \
    "$dir/$name.tileirbc" -o "$dir/$name.roundtrip.mlir" || continue
  echo "== $name: bytecode -> PTX for sm_90"
  step "compiling $example to PTX" "$BIN/cuda-tile-translate" -cudatile-to-ptx \
    --gpu-name=sm_90 "$dir/$name.tileirbc" -o "$dir/$name.ptx" || continue
  grep -c '^.visible .entry' "$dir/$name.ptx" | awk '{print "   " $1 " kernel(s) in the PTX"}'
  if [[ -x /usr/local/cuda/bin/ptxas ]]; then
    step "ptxas on $name.ptx" /usr/local/cuda/bin/ptxas -arch=sm_90 "$dir/$name.ptx" \
      -o "$dir/$name.cubin" || continue
    echo "   ptxas accepted it"
  fi
  echo "== $name: cuda-tile-optimize -O3"
  step "optimizing $example" "$BIN/cuda-tile-optimize" -O3 "$dir/$name.tileirbc" \
    -o "$dir/$name.opt.mlir" || continue
  if python3 examples/reference.py args "$name" "$dir" > /dev/null 2>&1; then
    echo "== $name: cuda-tile-run on the bytecode, checked against examples/reference.py"
    python3 examples/reference.py gen "$name" "$dir"
    # shellcheck disable=SC2046
    step "running $example" "$BIN/cuda-tile-run" "$dir/$name.tileirbc" \
      $(python3 examples/reference.py args "$name" "$dir") --out-dir "$dir/out" || continue
    step "checking $example" python3 examples/reference.py check "$name" "$dir" || continue
  fi
done
exit "$status"
