#!/usr/bin/env bash
# One GPU session in two steps, so that the GPU machine (Python, PyTorch,
# Triton, libcuda; no LLVM/MLIR) only runs what the build machine prepared.
#
#   bash utils/gpu-session.sh prepare [DIR] [sm_XX]   # build machine, no GPU
#   bash utils/gpu-session.sh run [DIR]               # GPU machine
#
# prepare compiles and computes the references of utils/gpu-check.py and the
# kernels of bench/gpu/gpu_bench.py, each with the default (tree) and the
# sequential reduction order (the check: its reducing cases), into DIR (default build/gpu-session; sm_90 by
# default), the layout-sensitive cases of the check again at 1 and 32 warps
# per tile block (check-wN), the tensor-core cases and kernels again for
# sm_90a (check-sm90a, bench-sm90a: wgmma), again with matmul results
# stored from their fragments (bench-sm90a-fragments: --no-store-runs) and
# with cp.async where the
# default is TMA (check-cpasync, bench-sm90a-cpasync), the sm_80 build's
# GEMMs (bench-sm80), the sm_89 build's fp8 and 128x256x64 GEMMs (bench-sm89),
# and the sm_80 build's 16-bit ones at 2, 4 and 5 buffers per ring
# (bench-sm80-sN), and the 16-bit kernels of the
# benchmark at 2, 4, 8 and 16 warps (bench-wN: how the compiler's CTA sizes
# compare).
# run executes the parts in turn, the check first, and ends with one line
# per part; a case that faults is run again under compute-sanitizer.
#
#   bash utils/gpu-session.sh prepare-mma [DIR]   # build machine
#   bash utils/gpu-session.sh run-mma [DIR]       # GPU machine, ~4 minutes
#
# The tensor-core part alone, for a GPU lent for a few minutes (default DIR
# build/gpu-mma), the most wanted first: the check's tensor-core cases built
# for sm_90a, the benchmark's GEMMs and attention for sm_90a, the kernels
# whose K steps sm_90a pairs again with one step a stage
# (--no-pair-k-steps: bench-sm90a-unpaired), the sm_90a wgmma cases with the
# TMA rings refilled after the matmul (--tma-refill-after), with the last
# matmul result stored by TMA (--tma-store) and with the rings released
# through per-warp mbarriers (--mbarrier-release), each check followed by
# the grouped and 128x128x32 16-bit GEMMs so built (release: with
# attention), then the check and GEMMs built for sm_80 and for sm_89 (fp8,
# 128x256x64), and the 16-bit GEMMs with results stored from their
# fragments (--no-store-runs). Each build's check runs before its
# benchmark, which is skipped where that check hung.
#   bash utils/gpu-session.sh prepare-sm80 [DIR]  # build machine
#   bash utils/gpu-session.sh run-sm80 [DIR]      # GPU machine, ~4 minutes
#
# The sm_80 build's GEMMs (default DIR build/gpu-sm80): its tensor-core
# check cases (with three buffers of pairs too), its 16-bit GEMMs as built
# by default, the 128x256 ones with three buffers (--num-stages 3 at K 64,
# --pair-mma-sync-k-steps 3 at K 32), and the defaults again, the f32 GEMM
# through tf32 with its rings rounded in place and as read
# (--no-round-rings-in-place); then, after
# the timings, the machine code the GPU runs for the 8192^3 ones
# (sass-sm80: bench/gpu/sass.py, the listings in $OUT/all-sass.txt) and,
# where Nsight Compute reads the hardware counters, one launch of the
# default f16 GEMM profiled (ncu-sm80: throughput, warp states; the stalls
# per instruction in $OUT/all-source.csv).
# DIR must travel to the GPU machine with the working tree (the device tool's
# `carry`). run and run-mma also write each part's output, and the summary,
# to a file in $OUT (the device tool's folder that comes back, even from a
# run past its time limit; DIR/results without it).
# PYTHON names the interpreter (default python3), NVIDIA_SMI the GPU's
# sampler (default nvidia-smi), CUDA_TILE_BUILD_DIR the build (default
# build).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
MODE=${1:-}
case "$MODE" in
*-mma) DIR=${2:-build/gpu-mma} ;;
*) DIR=${2:-build/gpu-session} ;;
esac
case "$MODE" in
*-sm80) DIR=${2:-build/gpu-sm80} ;;
esac
GPU=${3:-sm_90}
PYTHON=${PYTHON:-python3}
# The build whose tools compile the parts (prepare-mma, prepare-sm80).
BUILD_DIR=${CUDA_TILE_BUILD_DIR:-build}
NVIDIA_SMI=${NVIDIA_SMI:-nvidia-smi}
WARPS="2 4 8 16"
SWEEP='f16|bf16'
CHECK_WARPS="1 32"
# Ring depths of the sm_80 build's GEMMs besides the default.
SM80_STAGES="2 4 5"
# The benchmark's kernels whose K step is under 128 bytes (sm_90a pairs
# their steps).
PAIRED_KERNELS='gemm_(f16|bf16)_(4096|8192)$|gemm_f16_128x256_|gemm_e4m3'
# The cases whose code the reduction order changes.
REDUCING_CASES='reduce|scan|examples'
LAYOUT_CASES='vectorized|reduce|shuffles|views|shapes|examples'
# What sm_90a (wgmma) changes: the tensor-core cases and kernels.
WGMMA_CASES='gemm/|attention|mma_loop'
# Every case with a matmul.
MMA_CASES='mma|gemm|attention'
# The sm_89 build (PTX the driver compiles for the GPU at hand): fp8 through
# mma.sync from rings, the GEMM whose two stages take the scratch's room,
# and attention at head dimension 128 (one buffer each of Q, K and V).
SM89_KERNELS='gemm_e4m3|gemm_f16_128x256x64_(4096|8192)$|attention_d128'
# The sm_80 build's 16-bit GEMMs (the issue's sizes, in both tile orders,
# the wide tile, and BatchMatMul's step, split in two along K).
SM80_KERNELS='gemm_(f16|bf16)_(g8_)?(4096|8192)$|gemm_f16_128x256_(4096|8192)$|gemm_f16_128x256x128_8192$'

RESULTS=${OUT:-$DIR/results}

# part NAME COMMAND...: runs one part, its output also in RESULTS/NAME.txt
# and appended to RESULTS/all.txt (the device tool brings back only a few
# files: all.txt, first by name, holds every part), and adds its exit
# status to the summary (kept in RESULTS/summary.txt).
# Where nvidia-smi is at hand, the part also ends with the SM clock (MHz),
# power (W) and temperature sampled every 250 ms while it ran: a clock that
# drops under sustained load shows why long kernels measure slower.
summary=()
part() {
  local name=$1
  shift
  mkdir -p "$RESULTS"
  local sampler=
  if command -v "$NVIDIA_SMI" > /dev/null 2>&1; then
    "$NVIDIA_SMI" --query-gpu=clocks.sm,power.draw,temperature.gpu \
      --format=csv,noheader,nounits -lms 250 > "$RESULTS/$name.clocks" &
    sampler=$!
  fi
  "$@" 2>&1 | tee "$RESULTS/$name.txt"
  local status=${PIPESTATUS[0]}
  if [ -n "$sampler" ]; then
    kill "$sampler" 2> /dev/null
    wait "$sampler" 2> /dev/null
    sort -t, -k1,1n "$RESULTS/$name.clocks" | awk -F, '
      { clock[NR] = $1; power += $2; if ($3 > temp) temp = $3 }
      END { if (NR) printf "clocks: sm %d/%d/%d MHz (min/median/max), " \
              "power %.0f W mean, %d C max, %d samples\n", clock[1],
              clock[int((NR + 1) / 2)], clock[NR], power / NR, temp, NR }' \
      | tee -a "$RESULTS/$name.txt"
  fi
  { echo "=== $name"; cat "$RESULTS/$name.txt"; } >> "$RESULTS/all.txt"
  summary+=("$name: exit $status (124: timed out)")
  printf '%s\n' "${summary[@]}" > "$RESULTS/summary.txt"
}

# The kernels whose machine code sass-* parts dump: the 8192^3 GEMMs.
SASS_KERNELS='^bench-sm80(-wide-s3|-wide-p3)?/gemm_(f16|bf16)_.*8192$'
# What ncu-* parts profile: the kernel (part, --filter, entry).
NCU_PART=bench-sm80 NCU_FILTER='^gemm_f16_8192$' NCU_ENTRY=gemm_f16
NCU=${NCU:-ncu}

# ncu_profile: one launch of NCU_ENTRY profiled (clocks left alone), the
# report's details printed and its per-instruction source page (SASS, warp
# stall samples) written as CSV where this ncu prints one.
ncu_profile() {
  local report=/tmp/gpu-session-ncu
  timeout 200 "$NCU" --clock-control none -k "regex:^$NCU_ENTRY\$" \
    --launch-count 1 --section SpeedOfLight --section Occupancy \
    --section WarpStateStats --section SchedulerStats \
    --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis \
    --section SourceCounters -f -o "$report" \
    "$PYTHON" bench/gpu/gpu_bench.py --run "$DIR/$NCU_PART" \
    --filter "$NCU_FILTER" --reps 1 || return 1
  "$NCU" --import "$report.ncu-rep" --page details || return 1
  "$NCU" --import "$report.ncu-rep" --page source --csv --print-source sass \
    > "$RESULTS/all-source.csv" \
    || echo "ncu: no source page (per-instruction stalls) from this version"
}

# skip NAME WHY: a part not run, in the summary.
skip() {
  mkdir -p "$RESULTS"
  summary+=("$1: skipped ($2)")
  printf '%s\n' "${summary[@]}" > "$RESULTS/summary.txt"
}

# check_part NAME GPU FILTER [FLAG...] / bench_part NAME GPU FILTER
# [FLAG...]: the check's cases or the benchmark's kernels matching FILTER,
# compiled for GPU with the code generator's FLAGs, into DIR/NAME.
check_part() {
  local name=$1 gpu=$2 filter=$3
  shift 3
  "$PYTHON" utils/gpu-check.py --build "$BUILD_DIR" --prepare "$DIR/$name" \
    --gpu-name "$gpu" --filter "$filter" "$@" || exit 1
}
bench_part() {
  local name=$1 gpu=$2 filter=$3
  shift 3
  "$PYTHON" bench/gpu/gpu_bench.py --build "$BUILD_DIR" --prepare "$DIR/$name" \
    --gpu-name "$gpu" --filter "$filter" "$@" || exit 1
}

# run_parts CHECKS_OF NAME...: runs the prepared parts in order, each
# check-* with gpu-check.py (a case gives up after 20 s without a result:
# they take well under a second), each other part with gpu_bench.py unless
# one of the checks `CHECKS_OF NAME` prints hung (its kernels would hang
# until the part's time limit), then the summary.
run_parts() {
  local checks_of=$1 name check hang_check
  shift
  rm -f "$RESULTS/all.txt"
  export GPU_CHECK_CASE_TIMEOUT=${GPU_CHECK_CASE_TIMEOUT:-20}
  for name in "$@"; do
    case "$name" in
    check-*) part "$name" timeout 240 "$PYTHON" utils/gpu-check.py \
      --run "$DIR/$name" --sanitize ;;
    sass-*) part "$name" timeout 300 "$PYTHON" bench/gpu/sass.py \
      --out "$RESULTS/all-sass.txt" --filter "$SASS_KERNELS" "$DIR"/bench-* ;;
    ncu-*)
      if command -v "$NCU" > /dev/null 2>&1; then
        part "$name" ncu_profile
      else
        skip "$name" "no $NCU"
      fi ;;
    *)
      hang_check=
      for check in $("$checks_of" "$name"); do
        if grep -q "no result in" "$RESULTS/$check.txt" 2>/dev/null; then
          hang_check=$check
          break
        fi
      done
      if [ -n "$hang_check" ]; then
        skip "$name" "$hang_check hung"
        continue
      fi
      part "$name" timeout 200 "$PYTHON" bench/gpu/gpu_bench.py \
        --run "$DIR/$name" ;;
    esac
  done
  printf '%s\n' "=== summary" "${summary[@]}" >> "$RESULTS/all.txt"
  printf '%s\n' "${summary[@]}"
}

case "$MODE" in
prepare)
  rm -rf "$DIR"
  mkdir -p "$DIR"
  "$PYTHON" utils/gpu-check.py --prepare "$DIR/check" --gpu-name "$GPU" || exit 1
  "$PYTHON" utils/gpu-check.py --prepare "$DIR/check-sequential" \
    --gpu-name "$GPU" --reduction-order sequential --filter "$REDUCING_CASES" \
    || exit 1
  "$PYTHON" bench/gpu/gpu_bench.py --prepare "$DIR/bench" --gpu-name "$GPU" \
    || exit 1
  "$PYTHON" bench/gpu/gpu_bench.py --prepare "$DIR/bench-sequential" \
    --gpu-name "$GPU" --reduction-order sequential || exit 1
  for warps in $CHECK_WARPS; do
    "$PYTHON" utils/gpu-check.py --prepare "$DIR/check-w$warps" \
      --gpu-name "$GPU" --num-warps "$warps" --filter "$LAYOUT_CASES" || exit 1
  done
  "$PYTHON" utils/gpu-check.py --prepare "$DIR/check-sm90a" --gpu-name sm_90a \
    --filter "$WGMMA_CASES" || exit 1
  # (4 warps: the GEMMs' rings read by mma.sync, fp8 ones included.)
  "$PYTHON" utils/gpu-check.py --prepare "$DIR/check-sm90a-w4" \
    --gpu-name sm_90a --num-warps 4 --filter 'gemm/gemm_nt_e' || exit 1
  "$PYTHON" bench/gpu/gpu_bench.py --prepare "$DIR/bench-sm90a" \
    --gpu-name sm_90a --filter "gemm|attention" || exit 1
  # The same with results stored from their fragments (no 16-byte runs).
  "$PYTHON" bench/gpu/gpu_bench.py --prepare "$DIR/bench-sm90a-fragments" \
    --gpu-name sm_90a --no-store-runs --filter "gemm|attention" || exit 1
  # The matmul kernels with cp.async instead of TMA (the default on sm_90+).
  "$PYTHON" utils/gpu-check.py --prepare "$DIR/check-cpasync" --gpu-name "$GPU" \
    --no-tma --filter "$WGMMA_CASES" || exit 1
  "$PYTHON" bench/gpu/gpu_bench.py --prepare "$DIR/bench-sm90a-cpasync" \
    --gpu-name sm_90a --no-tma --filter "gemm_(f16|e4m3)|attention" || exit 1
  # The GEMMs built for sm_80 too (mma.sync only), run on the same GPU,
  # and the 16-bit ones at other ring depths than the default (5 for
  # 128x128x32).
  "$PYTHON" bench/gpu/gpu_bench.py --prepare "$DIR/bench-sm80" --gpu-name sm_80 \
    --filter gemm || exit 1
  "$PYTHON" bench/gpu/gpu_bench.py --prepare "$DIR/bench-sm89" --gpu-name sm_89 \
    --filter "$SM89_KERNELS" || exit 1
  for stages in $SM80_STAGES; do
    "$PYTHON" bench/gpu/gpu_bench.py --prepare "$DIR/bench-sm80-s$stages" \
      --gpu-name sm_80 --num-stages "$stages" \
      --filter 'gemm_(f16|bf16)_(4096|8192)$' || exit 1
  done
  for warps in $WARPS; do
    "$PYTHON" bench/gpu/gpu_bench.py --prepare "$DIR/bench-w$warps" \
      --gpu-name "$GPU" --num-warps "$warps" --filter "$SWEEP" || exit 1
  done
  du -sh "$DIR"
  ;;
run)
  rm -f "$RESULTS/all.txt"
  for name in check check-sm90a check-sm90a-w4 check-cpasync \
      $(for w in $CHECK_WARPS; do echo check-w$w; done); do
    part "$name" "$PYTHON" utils/gpu-check.py --run "$DIR/$name" --sanitize
  done
  for name in bench bench-sm90a bench-sm90a-fragments bench-sm90a-cpasync \
      bench-sm80 bench-sm89 \
      $(for s in $SM80_STAGES; do echo bench-sm80-s$s; done) \
      $(for w in $WARPS; do echo bench-w$w; done); do
    # (A kernel that never finishes ends its part, not the session.)
    part "$name" timeout 200 "$PYTHON" bench/gpu/gpu_bench.py --run "$DIR/$name"
  done
  part check-sequential "$PYTHON" utils/gpu-check.py \
    --run "$DIR/check-sequential" --sanitize
  part bench-sequential "$PYTHON" bench/gpu/gpu_bench.py \
    --run "$DIR/bench-sequential"
  printf '%s\n' "=== summary" "${summary[@]}" >> "$RESULTS/all.txt"
  printf '%s\n' "${summary[@]}"
  ;;
prepare-mma)
  rm -rf "$DIR"
  mkdir -p "$DIR"
  # (check-sm90a, check-sm80, check-sm89: the names run-mma runs.)
  for gpu in sm_90a sm_80 sm_89; do
    check_part "check-${gpu/_/}" "$gpu" "$MMA_CASES"
  done
  bench_part bench-sm89 sm_89 "$SM89_KERNELS"
  bench_part bench-sm90a sm_90a 'gemm|attention'
  # The kernels whose K steps are under 128 bytes (two a stage by default)
  # with one step a stage, as before pair-k-steps.
  bench_part bench-sm90a-unpaired sm_90a "$PAIRED_KERNELS" --no-pair-k-steps
  bench_part bench-sm90a-fragments sm_90a 'gemm_(f16|bf16)_' --no-store-runs
  bench_part bench-sm80 sm_80 \
    'gemm_(f16|bf16)_(g8_)?(4000|4096|8192)$|gemm_f16_128x(128|256)x64_g8_'
  # The option variants: the grouped GEMMs of both widths (what the
  # comparison with Triton turns on) and the 128x128x32 ones (twice the
  # steps per K), to fit one call of the device tool.
  G8='gemm_(f16|bf16)_128x(128|256)x64_g8_|gemm_(f16|bf16)_(4096|8192)$'
  # The TMA rings refilled after the matmul, one buffer further ahead.
  check_part check-sm90a-after sm_90a "$WGMMA_CASES" --tma-refill-after
  bench_part bench-sm90a-after sm_90a "$G8" --tma-refill-after
  # The GEMMs' and attention's results stored by TMA.
  check_part check-sm90a-store sm_90a "$WGMMA_CASES" --tma-store
  bench_part bench-sm90a-store sm_90a "$G8" --tma-store
  # The TMA rings released through per-warp mbarriers instead of a CTA
  # barrier per iteration.
  check_part check-sm90a-release sm_90a "$WGMMA_CASES" --mbarrier-release
  bench_part bench-sm90a-release sm_90a "$G8|attention_d(64|128)$" \
    --mbarrier-release
  du -sh "$DIR"
  ;;
run-mma)
  # Each build's check before its benchmark, the most wanted figures first
  # (what a run past its time limit does not reach is lost).
  mma_checks_of() {
    case "$1" in
    bench-sm90a-after) echo check-sm90a-after ;;
    bench-sm90a-store) echo check-sm90a-store ;;
    bench-sm90a-release) echo check-sm90a-release ;;
    bench-sm90a*) echo check-sm90a ;;
    bench-sm80*) echo check-sm80 ;;
    bench-sm89) echo check-sm89 ;;
    esac
  }
  run_parts mma_checks_of check-sm90a bench-sm90a bench-sm90a-unpaired \
    check-sm90a-after check-sm90a-store check-sm90a-release \
    bench-sm90a-release bench-sm90a-store bench-sm90a-after \
    check-sm80 bench-sm80 check-sm89 bench-sm89 bench-sm90a-fragments
  ;;
prepare-sm80)
  rm -rf "$DIR"
  mkdir -p "$DIR"
  # The sm_80 build's tensor-core cases, then its 16-bit GEMMs as built by
  # default, and the 128x256 ones with three buffers (the scratch's room):
  # 128x256x64 in three stages (in both tile orders), 128x256x32 in three
  # buffers of pairs; the defaults again last, so that drift between rounds
  # shows.
  check_part check-sm80 sm_80 "$MMA_CASES"
  check_part check-sm80-p3 sm_80 'gemm_(wide_)?f16$' --pair-mma-sync-k-steps 3
  bench_part bench-sm80 sm_80 "$SM80_KERNELS"
  bench_part bench-sm80-wide-s3 sm_80 \
    'gemm_f16_128x256x64_(g8_)?(4096|8192)$' --num-stages 3
  bench_part bench-sm80-wide-p3 sm_80 'gemm_f16_128x256_(4096|8192)$' \
    --pair-mma-sync-k-steps 3
  cp -r "$DIR/bench-sm80" "$DIR/bench-sm80-again"
  # The f32 GEMM through tf32 (cuTile Python's), its operands rounded once
  # in the rings and, for comparison, as each register is read.
  bench_part bench-sm80-tf32 sm_80 'gemm_f32_tf32_(4096|8192)$'
  bench_part bench-sm80-tf32-asread sm_80 'gemm_f32_tf32_(4096|8192)$' \
    --no-round-rings-in-place
  du -sh "$DIR"
  ;;
run-sm80)
  sm80_checks_of() {
    case "$1" in
    bench-sm80-wide-p3) echo check-sm80 check-sm80-p3 ;;
    bench-sm80*) echo check-sm80 ;;
    esac
  }
  run_parts sm80_checks_of check-sm80 check-sm80-p3 bench-sm80 \
    bench-sm80-wide-s3 bench-sm80-wide-p3 bench-sm80-again bench-sm80-tf32 \
    bench-sm80-tf32-asread sass-sm80 ncu-sm80
  ;;
*)
  echo "usage: bash utils/gpu-session.sh prepare [DIR] [sm_XX] | run [DIR]" \
    "| prepare-mma [DIR] | run-mma [DIR] | prepare-sm80 [DIR]" \
    "| run-sm80 [DIR]" >&2
  exit 2
  ;;
esac
