#!/usr/bin/env bash
# Builds the whole project with AddressSanitizer and UndefinedBehaviorSanitizer
# into a separate build directory and runs the README's test flow
# (utils/run-tests.sh: one lit run over <build>/test, ending with
# "N passed, N failed"). See docs/fuzzing.md.
#
#   bash utils/sanitize.sh [lit arguments...]
#
# Environment:
#   CUDA_TILE_ASAN_BUILD_DIR  build directory (default: build-asan)
#   CUDA_TILE_SANITIZE        sanitizers (default: address,undefined)
#   CUDA_TILE_SANITIZE_CXX    C++ compiler (default: g++; clang++-22 works too)
#   CUDA_TILE_JOBS            parallel build jobs (default: 2)
#   CUDA_TILE_BUILD_LOCK      lock file serializing builds (default:
#                             /tmp/cuda-tile-build.lock; empty: no lock)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

BUILD_DIR=${CUDA_TILE_ASAN_BUILD_DIR:-build-asan}
SANITIZE=${CUDA_TILE_SANITIZE:-address,undefined}
CXX=${CUDA_TILE_SANITIZE_CXX:-g++}
case "$CXX" in
  clang++*) CC=${CXX/clang++/clang} ;;
  *) CC=${CXX/g++/gcc} ;;
esac
JOBS=${CUDA_TILE_JOBS:-2}
LOCK=${CUDA_TILE_BUILD_LOCK-/tmp/cuda-tile-build.lock}

source "$ROOT/utils/lib/instrumented-build.sh"
configure_instrumented "$BUILD_DIR" -DCUDA_TILE_SANITIZE="$SANITIZE"
locked ninja -C "$BUILD_DIR" -j"$JOBS"

# Runtime options (lit passes ASAN_OPTIONS and UBSAN_OPTIONS to the tests):
#  * allow_user_poisoning=0: LLVM's BumpPtrAllocator (inline, header code)
#    poisons its slabs in our instrumented objects but not inside the
#    uninstrumented libMLIR, so objects that the library allocates in a slab
#    our code poisoned would be reported as use-after-poison.
#  * abort_on_error=1 / halt_on_error=1: the first error fails the test.
#  * print_stacktrace=1: UBSan reports come with a stack.
# Leak detection stays on: the suite runs clean with it.
export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
if [[ -x /usr/lib/llvm-22/bin/llvm-symbolizer ]]; then
  export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-22/bin/llvm-symbolizer}
fi

CUDA_TILE_BUILD_DIR="$BUILD_DIR" CUDA_TILE_LIT_ARGS="${CUDA_TILE_LIT_ARGS:-} $*" \
  exec bash utils/run-tests.sh
