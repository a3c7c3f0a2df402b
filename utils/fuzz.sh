#!/usr/bin/env bash
# Builds the libFuzzer harnesses (fuzz/) into a separate build directory and
# runs each for a given time. See docs/fuzzing.md.
#
#   bash utils/fuzz.sh [SECONDS] [HARNESS...]
#
#   SECONDS   fuzzing time per harness (default 60)
#   HARNESS   bytecode-reader, text-parser, bytecode-roundtrip, ptx-codegen
#             (default: every harness that was built)
#
# Environment:
#   CUDA_TILE_FUZZ_BUILD_DIR  build directory (default: build-fuzz)
#   CUDA_TILE_JOBS            parallel build jobs (default: 2)
#   CUDA_TILE_BUILD_LOCK      lock file serializing builds (default:
#                             /tmp/cuda-tile-build.lock; empty: no lock)
#   CUDA_TILE_FUZZ_ARGS       extra libFuzzer flags for every harness
#   CUDA_TILE_CONFORMANCE_DIR seed data (default: ../shared/conformance)
#
# Seeds come from the conformance data set and test/**/*.mlir (split at
# "// -----"). New corpus entries are kept in fuzz/corpus/<harness>/
# (git-ignored) and reused by the next run; crashing, leaking, timing-out and
# out-of-memory inputs are written to fuzz/crashes/<harness>/. One fuzzer
# process runs at a time (one core); after a crash the harness is restarted
# for the rest of its time (at most 5 times). The last lines are a table of
# executions and seconds per harness.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

SECONDS_PER_HARNESS=${1:-60}
shift || true
BUILD_DIR=${CUDA_TILE_FUZZ_BUILD_DIR:-build-fuzz}
JOBS=${CUDA_TILE_JOBS:-2}
LOCK=${CUDA_TILE_BUILD_LOCK-/tmp/cuda-tile-build.lock}
CONFORMANCE=${CUDA_TILE_CONFORMANCE_DIR:-$ROOT/../shared/conformance}
ALL_HARNESSES=(bytecode-reader text-parser bytecode-roundtrip ptx-codegen)

if ! [[ "$SECONDS_PER_HARNESS" =~ ^[0-9]+$ ]]; then
  echo "fuzz: SECONDS must be a number, got '$SECONDS_PER_HARNESS'" >&2
  exit 2
fi

CXX=${CUDA_TILE_FUZZ_CXX:-clang++-22}
CC=${CUDA_TILE_FUZZ_CC:-clang-22}
if ! command -v "$CXX" >/dev/null; then
  echo "fuzz: $CXX not found; install it with: sudo bash utils/install-deps.sh --with-clang" >&2
  exit 1
fi

source "$ROOT/utils/lib/instrumented-build.sh"
configure_instrumented "$BUILD_DIR" -DCUDA_TILE_ENABLE_FUZZERS=ON
HARNESSES=("$@")
if [[ ${#HARNESSES[@]} -gt 0 ]]; then
  targets=()
  for h in "${HARNESSES[@]}"; do targets+=("cuda-tile-fuzz-$h"); done
  locked ninja -C "$BUILD_DIR" -j"$JOBS" "${targets[@]}"
else
  locked ninja -C "$BUILD_DIR" -j"$JOBS" cuda-tile-fuzzers
  for h in "${ALL_HARNESSES[@]}"; do
    [[ -x "$BUILD_DIR/fuzz/cuda-tile-fuzz-$h" ]] && HARNESSES+=("$h")
  done
fi

# Seeds, rebuilt on every run (they are derived data).
SEEDS="$BUILD_DIR/fuzz/seeds"
rm -rf "$SEEDS"
mkdir -p "$SEEDS"/{bytecode,text}
if [[ -d "$CONFORMANCE" ]]; then
  find "$CONFORMANCE/valid" "$CONFORMANCE/invalid_bytecode" -name '*.tileirbc' \
    -exec cp -t "$SEEDS/bytecode" {} +
  find "$CONFORMANCE/valid" "$CONFORMANCE/invalid" -name '*.mlir' |
    while read -r f; do
      cp "$f" "$SEEDS/text/conformance-$(echo "$f" | md5sum | cut -c1-12).mlir"
    done
else
  echo "fuzz: no conformance data at $CONFORMANCE; seeding from test/ only" >&2
fi
python3 - "$ROOT/test" "$SEEDS/text" <<'PY'
import hashlib, os, sys
root, out = sys.argv[1], sys.argv[2]
for dirpath, _, files in os.walk(root):
    for name in files:
        if not name.endswith(".mlir"):
            continue
        text = open(os.path.join(dirpath, name), encoding="utf-8",
                    errors="replace").read()
        for chunk in text.split("// -----"):
            data = chunk.encode()
            if data.strip():
                digest = hashlib.sha1(data).hexdigest()[:16]
                open(os.path.join(out, "test-" + digest + ".mlir"), "wb").write(data)
PY
echo "fuzz: $(ls "$SEEDS/bytecode" | wc -l) bytecode seeds, $(ls "$SEEDS/text" | wc -l) text seeds"

# MLIR/LLVM are not instrumented: see fuzz/SanitizerOptions.cpp and
# docs/fuzzing.md for why user poisoning is off. Leak detection stays on.
export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0:abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-22/bin/llvm-symbolizer}

declare -A EXECS TIME CRASHES
for h in "${HARNESSES[@]}"; do
  bin="$BUILD_DIR/fuzz/cuda-tile-fuzz-$h"
  if [[ ! -x "$bin" ]]; then
    echo "fuzz: no harness '$h' (built: $(ls "$BUILD_DIR/fuzz" | grep '^cuda-tile-fuzz-' | sed 's/^cuda-tile-fuzz-//' | tr '\n' ' '))" >&2
    exit 2
  fi
  corpus="fuzz/corpus/$h"
  crashes="fuzz/crashes/$h"
  mkdir -p "$corpus" "$crashes"
  flags=(-timeout=20 -rss_limit_mb=4096 -print_final_stats=1)
  case "$h" in
    bytecode-reader|bytecode-roundtrip)
      seeds="$SEEDS/bytecode"
      # A single allocation above 64 MB from an input of at most 16 KB is a
      # resource bound violation (docs/fuzzing.md).
      flags+=(-max_len=16384 -malloc_limit_mb=64) ;;
    text-parser)
      seeds="$SEEDS/text"
      flags+=(-max_len=8192 -malloc_limit_mb=256 -dict=fuzz/cuda_tile.dict) ;;
    ptx-codegen)
      seeds="$SEEDS/text"
      flags+=(-max_len=8192 -timeout=60 -dict=fuzz/cuda_tile.dict) ;;
  esac
  log="$BUILD_DIR/fuzz/$h.log"
  : > "$log"
  # Saved crash inputs first: fixed ones must pass now.
  saved=("$crashes"/*)
  if [[ -e "${saved[0]}" ]]; then
    if "$bin" "${saved[@]}" > "$log.replay" 2>&1; then
      echo "fuzz: $h: ${#saved[@]} saved crash inputs pass" >&2
    else
      echo "fuzz: $h: a saved crash input still fails (see $log.replay)" >&2
    fi
  fi
  before=$(ls "$crashes" | wc -l)
  start=$(date +%s)
  execs=0
  restarts=0
  while true; do
    elapsed=$(( $(date +%s) - start ))
    left=$(( SECONDS_PER_HARNESS - elapsed ))
    (( left > 0 )) || break
    echo "fuzz: $h for ${left}s" >&2
    rc=0
    "$bin" "${flags[@]}" -max_total_time="$left" \
      -artifact_prefix="$crashes/" ${CUDA_TILE_FUZZ_ARGS:-} \
      "$corpus" "$seeds" > "$log.run" 2>&1 || rc=$?
    cat "$log.run" >> "$log"
    run=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log.run" | tail -1 | awk '{print $2}')
    execs=$(( execs + ${run:-0} ))
    if (( rc == 0 )); then
      break
    fi
    grep -E '^==[0-9]+==ERROR|^SUMMARY|invariant broken|^artifact_prefix|Test unit written' "$log.run" >&2 || true
    restarts=$(( restarts + 1 ))
    if (( restarts > 5 )); then
      echo "fuzz: $h crashed $restarts times; stopping it" >&2
      break
    fi
  done
  rm -f "$log.run"
  EXECS[$h]=$execs
  TIME[$h]=$(( $(date +%s) - start ))
  CRASHES[$h]=$(( $(ls "$crashes" | wc -l) - before ))
done

echo
printf '%-20s %12s %9s %9s %s\n' harness executions seconds exec/s "new crash files"
total_crashes=0
for h in "${HARNESSES[@]}"; do
  t=${TIME[$h]}
  rate=$(( t > 0 ? EXECS[$h] / t : 0 ))
  printf '%-20s %12d %9d %9d %d\n' "$h" "${EXECS[$h]}" "$t" "$rate" "${CRASHES[$h]}"
  total_crashes=$(( total_crashes + CRASHES[$h] ))
done
if (( total_crashes > 0 )); then
  echo "fuzz: new crash inputs under fuzz/crashes/; reproduce one with $BUILD_DIR/fuzz/cuda-tile-fuzz-<harness> <file>"
  exit 1
fi
