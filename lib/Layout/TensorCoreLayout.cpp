//===- TensorCoreLayout.cpp - where mma.sync's data lives -----------------===//

#include "cuda_tile/Layout/TensorCoreLayout.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cassert>
#include <limits>

using namespace mlir::cuda_tile;

MmaWarpGrid MmaWarpGrid::choose(int64_t batch, int64_t tilesM, int64_t tilesN,
                                int64_t numWarps, int64_t instRows,
                                int64_t instCols, bool wholeRows) {
  assert(llvm::isPowerOf2_64(batch) && llvm::isPowerOf2_64(tilesM) &&
         llvm::isPowerOf2_64(tilesN) && llvm::isPowerOf2_64(numWarps) &&
         "tile counts and warps are powers of two");
  if (wholeRows && batch * tilesM >= numWarps) {
    int64_t rowWarps = std::min(tilesM, numWarps);
    return {numWarps / rowWarps, rowWarps, 1};
  }
  if (batch * tilesM * tilesN <= numWarps)
    return {batch, tilesM, tilesN};
  MmaWarpGrid best;
  int64_t bestCost = std::numeric_limits<int64_t>::max();
  for (int64_t wb = 1; wb <= std::min(batch, numWarps); wb *= 2)
    for (int64_t wm = 1; wm <= std::min(tilesM, numWarps / wb); wm *= 2) {
      int64_t wn = numWarps / (wb * wm);
      if (wn > tilesN)
        continue;
      // Operand rows (A) and columns (B) one warp reads per K step.
      int64_t cost =
          batch / wb * (tilesM / wm * instRows + tilesN / wn * instCols);
      if (cost < bestCost) {
        bestCost = cost;
        best = {wb, wm, wn};
      }
    }
  return best;
}

OperandSwizzle OperandSwizzle::forRowBytes(int64_t rowBytes) {
  assert(rowBytes >= 16 && llvm::isPowerOf2_64(rowBytes) &&
         "rows of 16-byte chunks");
  OperandSwizzle swizzle;
  swizzle.rowBytes = rowBytes;
  swizzle.perPhase = std::max<int64_t>(1, 128 / rowBytes);
  swizzle.maxPhase = std::min<int64_t>(8, rowBytes / 16);
  return swizzle;
}

LinearLayout OperandSwizzle::layout(int64_t rows, int64_t elementBytes) const {
  return LinearLayout::swizzledShared(
      {rows, rowBytes / elementBytes}, unsigned(16 / elementBytes),
      unsigned(perPhase), unsigned(maxPhase), {1, 0});
}
