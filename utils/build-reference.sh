#!/usr/bin/env bash
# Builds the reference implementation's cuda-tile-opt and cuda-tile-translate
# (NVIDIA/cuda-tile) against the Debian LLVM/MLIR 22 this project uses, as a
# testing build (CUDA_TILE_ENABLE_TESTING=ON), the kind the conformance data
# was made with. utils/reference_diff.py compares our tools with it.
#
#   utils/build-reference.sh GIT_DIR BUILD_DIR [COMMIT]
#
# GIT_DIR is a clone of the reference (bare is fine: `fetch` of
# github:NVIDIA/cuda-tile gives /work/.mirror/NVIDIA+cuda-tile/repo), COMMIT
# defaults to HEAD. The reference follows LLVM main; two of its adaptations
# to LLVM after the 22 branch are undone here: the rename of
# DenseIntOrFPElementsAttr to DenseTypedElementsAttr, and isValidRawBuffer
# losing its splat output. The sources go to BUILD_DIR/src; the tools to
# BUILD_DIR/bin (about 10 minutes on two cores).
set -euo pipefail

if [ $# -lt 2 ]; then
  sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
GIT_DIR=$1
BUILD_DIR=$(mkdir -p "$2" && cd "$2" && pwd)
COMMIT=${3:-HEAD}
LLVM_DIR=${LLVM_DIR:-/usr/lib/llvm-22}
SRC=$BUILD_DIR/src

rm -rf "$SRC"
mkdir -p "$SRC"
git --git-dir="$GIT_DIR" archive "$COMMIT" | tar -x -C "$SRC"

# LLVM 22 still spells the dense attribute DenseIntOrFPElementsAttr.
grep -rl DenseTypedElementsAttr "$SRC/include" "$SRC/lib" "$SRC/tools" |
  xargs -r sed -i 's/DenseTypedElementsAttr/DenseIntOrFPElementsAttr/g'
# ... and its isValidRawBuffer reports whether the buffer is a splat.
perl -0pi -e 's/(\n(\s*)if \(!DenseElementsAttr::isValidRawBuffer\((\w+), (\w+)\)\))/\n$2bool isSplatUnused = false;\n$2if (!DenseElementsAttr::isValidRawBuffer($3, $4, isSplatUnused))/g' \
  "$SRC/lib/Bytecode/Reader/BytecodeReader.cpp"

cmake -G Ninja -S "$SRC" -B "$BUILD_DIR" \
  -DCMAKE_BUILD_TYPE=Release \
  -DCUDA_TILE_USE_LLVM_INSTALL_DIR="$LLVM_DIR" \
  -DCUDA_TILE_ENABLE_TESTING=ON \
  -DCUDA_TILE_ENABLE_CAPI=OFF \
  -DLLVM_EXTERNAL_LIT="$LLVM_DIR/bin/lit" >"$BUILD_DIR/configure.log"
ninja -C "$BUILD_DIR" cuda-tile-opt cuda-tile-translate
echo "reference tools in $BUILD_DIR/bin"
