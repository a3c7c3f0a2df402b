#!/usr/bin/env bash
# Installs the dependencies, builds everything (tools and unit tests) and runs
# the whole test suite with one lit invocation over build/test: lit tests,
# conformance cases and every GoogleTest case. The last line printed is
#   <passed> passed, <failed> failed
# and the exit code is non-zero when a test failed or the build failed.
#   CUDA_TILE_BUILD_DIR  build directory (default: build)
#   CUDA_TILE_LIT_ARGS   extra lit arguments (e.g. "-v" or "--filter=IR/")
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
BUILD_DIR=${CUDA_TILE_BUILD_DIR:-build}

give_up() {
  echo "run-tests: $1" >&2
  echo "0 passed, 1 failed"
  exit 1
}

bash utils/install-deps.sh || give_up "installing dependencies failed"
bash utils/build.sh || give_up "the build failed"

LIT=/usr/lib/llvm-22/bin/lit
if [[ ! -x "$LIT" ]]; then
  LIT=$(command -v lit || command -v llvm-lit || true)
fi
[[ -n "$LIT" ]] || give_up "lit not found (apt package llvm-22-tools)"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# -q: list failing tests only; --no-terse-summary: still print every count.
# shellcheck disable=SC2086
"$LIT" -q --no-terse-summary -o "$WORK/report.json" ${CUDA_TILE_LIT_ARGS:-} \
  "$BUILD_DIR/test" 2>&1 | tee "$WORK/lit.log"
lit_rc=${PIPESTATUS[0]}

python3 utils/lit_summary.py "$WORK/lit.log" "$lit_rc" "$WORK/report.json"
