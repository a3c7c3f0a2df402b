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

OperandSwizzle OperandSwizzle::forTile(int64_t rows, int64_t rowBytes) {
  assert(rowBytes >= 16 && llvm::isPowerOf2_64(rowBytes) &&
         "rows of 16-byte chunks");
  OperandSwizzle swizzle;
  swizzle.rowBytes = rowBytes;
  int64_t w = swizzle.blockBytes();
  swizzle.perPhase = 128 / w;
  swizzle.maxPhase = std::min<int64_t>(8, w / 16);
  swizzle.blockStride = rowBytes > w ? rows * w : 0;
  return swizzle;
}

LinearLayout OperandSwizzle::layout(int64_t rows, int64_t elementBytes) const {
  assert(rowBytes <= 128 && "one column block");
  return LinearLayout::swizzledShared(
      {rows, rowBytes / elementBytes}, unsigned(16 / elementBytes),
      unsigned(perPhase), unsigned(maxPhase), {1, 0});
}

TmaBoxLayout TmaBoxLayout::of(const OperandSwizzle &swizzle) {
  TmaBoxLayout layout;
  layout.boxRowBytes = swizzle.blockBytes();
  layout.swizzleBytes = swizzle.maxPhase > 1 ? layout.boxRowBytes : 0;
  layout.boxes = swizzle.rowBytes / layout.boxRowBytes;
  layout.boxStride = swizzle.blockStride;
  return layout;
}

int64_t TmaBoxLayout::byteOffset(int64_t box, int64_t row,
                                 int64_t byteInRow) const {
  int64_t offset = row * boxRowBytes + byteInRow;
  if (swizzleBytes) {
    int64_t chunks = swizzleBytes / 16;
    offset ^= ((offset >> 7) & (chunks - 1)) << 4;
  }
  return box * boxStride + offset;
}

std::optional<WgmmaOperandLayout>
WgmmaOperandLayout::of(const OperandSwizzle &swizzle, bool rowsAreK) {
  int64_t w = swizzle.blockBytes();
  if (w < 32)
    return std::nullopt;
  WgmmaOperandLayout layout;
  layout.swizzleBytes = w;
  layout.kMajor = !rowsAreK;
  // 8 rows of w bytes make an atom; column blocks follow one another.
  layout.strideBytes = 8 * w;
  layout.leadingBytes = rowsAreK && swizzle.blockStride ? swizzle.blockStride
                                                         : 16;
  return layout;
}

int64_t WgmmaOperandLayout::address(int64_t start, int64_t mn, int64_t k,
                                    int64_t elementBytes) const {
  int64_t t = 16 / elementBytes; // elements per 16-byte chunk
  int64_t w = swizzleBytes;
  int64_t offset;
  if (kMajor) {
    // ((8, m), (T, 2k)) : ((w bytes, SBO), (1 element, 16 bytes))
    offset = mn % 8 * w + mn / 8 * strideBytes + k % t * elementBytes +
             k / t * 16;
  } else {
    // ((T, w / 16, m), (8, k)) : ((1 element, 16 bytes, LBO), (w, SBO))
    int64_t chunks = w / 16;
    offset = mn % t * elementBytes + mn / t % chunks * 16 +
             mn / (t * chunks) * leadingBytes + k % 8 * w +
             k / 8 * strideBytes;
  }
  int64_t a = start + offset;
  // Swizzle<log2(w / 16), 4, 3>: chunk bits 4.. XOR the bits from 7 up.
  int64_t mask = (w / 16 - 1) << 4;
  return a ^ ((a >> 3) & mask);
}

int64_t WgmmaOperandLayout::startOffset(const OperandSwizzle &swizzle,
                                        int64_t mn0, int64_t k0,
                                        int64_t elementBytes) const {
  // The unswizzled position of the block's first element: the hardware
  // applies the swizzle to the addresses it forms from it.
  return kMajor ? swizzle.blockOffset(mn0, k0 * elementBytes)
                : swizzle.blockOffset(k0, mn0 * elementBytes);
}
