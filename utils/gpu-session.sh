#!/usr/bin/env bash
# One GPU session in two steps, so that the GPU machine (Python, PyTorch,
# Triton, libcuda; no LLVM/MLIR) only runs what the build machine prepared.
#
#   bash utils/gpu-session.sh prepare [DIR] [sm_XX]   # build machine, no GPU
#   bash utils/gpu-session.sh run [DIR]               # GPU machine
#
# prepare compiles and computes the references of utils/gpu-check.py and the
# kernels of bench/gpu/gpu_bench.py, each with the default (tree) and the
# sequential reduction order, into DIR (default build/gpu-session; sm_90 by
# default). run executes the four in turn and ends with one line per part.
# DIR must travel to the GPU machine with the working tree (the device tool's
# `carry`).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
MODE=${1:-}
DIR=${2:-build/gpu-session}
GPU=${3:-sm_90}

case "$MODE" in
prepare)
  rm -rf "$DIR"
  mkdir -p "$DIR"
  python3 utils/gpu-check.py --prepare "$DIR/check" --gpu-name "$GPU" || exit 1
  python3 utils/gpu-check.py --prepare "$DIR/check-sequential" \
    --gpu-name "$GPU" --reduction-order sequential || exit 1
  python3 bench/gpu/gpu_bench.py --prepare "$DIR/bench" --gpu-name "$GPU" \
    || exit 1
  python3 bench/gpu/gpu_bench.py --prepare "$DIR/bench-sequential" \
    --gpu-name "$GPU" --reduction-order sequential || exit 1
  du -sh "$DIR"
  ;;
run)
  summary=()
  for part in check check-sequential; do
    python3 utils/gpu-check.py --run "$DIR/$part"
    summary+=("gpu-check $part: exit $?")
  done
  for part in bench bench-sequential; do
    python3 bench/gpu/gpu_bench.py --run "$DIR/$part"
    summary+=("bench $part: exit $?")
  done
  printf '%s\n' "${summary[@]}"
  ;;
*)
  echo "usage: bash utils/gpu-session.sh prepare [DIR] [sm_XX] | run [DIR]" >&2
  exit 2
  ;;
esac
