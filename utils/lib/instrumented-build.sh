# Shared by utils/fuzz.sh and utils/sanitize.sh (sourced, not run): the build
# lock and the configuration of an instrumented build directory.
#
# Expects LOCK (lock file; empty: no lock), CC and CXX to be set.

# Runs a command under the build lock, so that builds on this machine take
# turns (see docs/testing.md).
locked() {
  if [[ -n "$LOCK" ]] && command -v flock >/dev/null; then
    flock "$LOCK" "$@"
  else
    "$@"
  fi
}

# configure_instrumented DIR [CMAKE_ARG...]: configures DIR once, at -O1 (the
# instrumented build stays affordable) with assertions on (broken invariants
# in inline MLIR code are caught too), plus the given options.
configure_instrumented() {
  local dir=$1
  shift
  [[ -f "$dir/build.ninja" ]] && return 0
  cmake -G Ninja -S . -B "$dir" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_FLAGS_RELEASE=-O1 -DCMAKE_CXX_FLAGS_RELEASE=-O1 \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm \
    -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
    -DCUDA_TILE_ENABLE_ASSERTIONS=ON "$@"
}
