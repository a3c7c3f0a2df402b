//===- LayoutTestUtils.h - layouts the layout tests draw from ---*- C++ -*-===//
//
// Test support: random invertible element maps, and the family of
// distributed layouts the conversion tests pair up for a given tile, warp
// count and element width (blocked layouts of both orders with and without
// vectors, the code generator's cyclic layout, reduction results, full
// replication, and layouts with arbitrary XOR-mixed bases).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_UNITTESTS_LAYOUT_LAYOUTTESTUTILS_H
#define CUDA_TILE_UNITTESTS_LAYOUT_LAYOUTTESTUTILS_H

#include "cuda_tile/Layout/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <ostream>
#include <random>
#include <string>
#include <vector>

namespace mlir::cuda_tile {
/// Lets gtest messages and failed comparisons show layouts.
inline std::ostream &operator<<(std::ostream &os, const LinearLayout &layout) {
  return os << layout.str();
}
inline void PrintTo(const LinearLayout &layout, std::ostream *os) {
  *os << layout.str();
}
} // namespace mlir::cuda_tile

namespace cuda_tile_test {

using mlir::cuda_tile::LinearLayout;

inline int64_t getTileSize(llvm::ArrayRef<int64_t> shape) {
  int64_t size = 1;
  for (int64_t dim : shape)
    size *= dim;
  return size;
}

/// A random invertible linear map of a tile onto itself (element ->
/// element), from random row operations and a random permutation of the
/// element bits.
inline LinearLayout makeRandomInvertible(llvm::ArrayRef<int64_t> shape,
                                         std::mt19937_64 &random) {
  llvm::SmallVector<LinearLayout::OutDim> dims =
      LinearLayout::tileOutDims(shape);
  unsigned bits = 0;
  for (const LinearLayout::OutDim &dim : dims)
    bits += dim.numBits;
  std::vector<uint64_t> columns;
  for (unsigned bit = 0; bit < bits; ++bit)
    columns.push_back(uint64_t(1) << bit);
  std::shuffle(columns.begin(), columns.end(), random);
  for (unsigned step = 0; bits > 1 && step < 4 * bits; ++step) {
    unsigned to = random() % bits, from = random() % bits;
    if (to != from)
      columns[to] ^= columns[from];
  }
  // Input dimension d, bit k is packed bit shift(d) + k.
  llvm::SmallVector<LinearLayout::InDim> ins;
  unsigned shift = bits;
  for (const LinearLayout::OutDim &dim : dims) {
    shift -= dim.numBits;
    LinearLayout::InDim in{dim.name, {}};
    for (unsigned bit = 0; bit < dim.numBits; ++bit)
      in.bases.push_back(columns[shift + bit]);
    ins.push_back(std::move(in));
  }
  return LinearLayout(std::move(ins), std::move(dims));
}

/// Gives each dimension of `dims` (in this order) as many of `total` as its
/// capacity takes; what is left goes to the last one (replication).
inline llvm::SmallVector<unsigned> distribute(unsigned total,
                                              llvm::ArrayRef<int64_t> capacity,
                                              llvm::ArrayRef<unsigned> dims) {
  llvm::SmallVector<unsigned> result(capacity.size(), 1);
  for (unsigned dim : dims) {
    unsigned take =
        unsigned(std::min<int64_t>(total, std::max<int64_t>(1, capacity[dim])));
    result[dim] = take;
    total /= take;
  }
  result[dims.back()] *= total;
  return result;
}

/// A blocked layout with `sizePerThread` (clamped to the tile), lanes
/// spread along `order` and warps along `warpOrder`.
inline LinearLayout makeBlocked(llvm::ArrayRef<int64_t> shape,
                                llvm::ArrayRef<unsigned> sizePerThread,
                                unsigned numWarps,
                                llvm::ArrayRef<unsigned> order,
                                llvm::ArrayRef<unsigned> warpOrder) {
  llvm::SmallVector<unsigned> spt;
  llvm::SmallVector<int64_t> laneCapacity, warpCapacity;
  for (auto [dim, size] : llvm::enumerate(shape))
    spt.push_back(unsigned(std::min<int64_t>(size, sizePerThread[dim])));
  for (auto [dim, size] : llvm::enumerate(shape))
    laneCapacity.push_back(size / spt[dim]);
  llvm::SmallVector<unsigned> lanes =
      distribute(LinearLayout::kLanesPerWarp, laneCapacity, order);
  for (auto [dim, size] : llvm::enumerate(shape))
    warpCapacity.push_back(size / spt[dim] / lanes[dim]);
  llvm::SmallVector<unsigned> warps =
      distribute(numWarps, warpCapacity, warpOrder);
  return LinearLayout::blocked(shape, spt, lanes, warps, order);
}

struct NamedLayout {
  std::string name;
  LinearLayout layout;
};

/// The distributed layouts of a rank-1 or rank-2 tile the conversion tests
/// pair up. `random` feeds the XOR-mixed member.
inline std::vector<NamedLayout> makeLayoutFamily(llvm::ArrayRef<int64_t> shape,
                                                 unsigned numWarps,
                                                 unsigned elementBytes,
                                                 std::mt19937_64 &random) {
  std::vector<NamedLayout> family;
  unsigned vector = 16 / elementBytes;
  int64_t size = getTileSize(shape);
  if (shape.size() == 1) {
    int64_t n = shape[0];
    family.push_back({"blocked", makeBlocked(shape, {1}, numWarps, {0}, {0})});
    family.push_back(
        {"blockedVec", makeBlocked(shape, {vector}, numWarps, {0}, {0})});
    family.push_back({"blocked2", makeBlocked(shape, {2}, numWarps, {0}, {0})});
    // Warps on the lowest element bits, then lanes, then registers.
    {
      unsigned bits = LinearLayout::tileOutDims(shape)[0].numBits;
      unsigned warpBits = llvm::Log2_32(numWarps);
      auto unit = [&](unsigned bit) -> llvm::SmallVector<int64_t> {
        return {bit < bits ? int64_t(1) << bit : 0};
      };
      llvm::SmallVector<llvm::SmallVector<int64_t>> regs, lanes, warps;
      for (unsigned bit = 0; bit < warpBits; ++bit)
        warps.push_back(unit(bit));
      for (unsigned bit = 0; bit < LinearLayout::kLaneBits; ++bit)
        lanes.push_back(unit(warpBits + bit));
      for (unsigned bit = warpBits + LinearLayout::kLaneBits; bit < bits; ++bit)
        regs.push_back(unit(bit));
      family.push_back(
          {"warpsLow", LinearLayout::distributed(shape, regs, lanes, warps)});
    }
    family.push_back(
        {"slicedRows",
         LinearLayout::sliced(
             makeBlocked({n, 8}, {1, 2}, numWarps, {1, 0}, {0, 1}), 1)});
    family.push_back(
        {"slicedCols",
         LinearLayout::sliced(
             makeBlocked({8, n}, {1, 1}, numWarps, {1, 0}, {1, 0}), 0)});
  } else {
    int64_t rows = shape[0], cols = shape[1];
    family.push_back(
        {"rowMajor", makeBlocked(shape, {1, 1}, numWarps, {1, 0}, {0, 1})});
    family.push_back(
        {"rowVec", makeBlocked(shape, {1, vector}, numWarps, {1, 0}, {0, 1})});
    family.push_back(
        {"colVec", makeBlocked(shape, {4, 1}, numWarps, {0, 1}, {1, 0})});
    family.push_back(
        {"colMajor", makeBlocked(shape, {1, 1}, numWarps, {0, 1}, {1, 0})});
    family.push_back(
        {"warpsCols", makeBlocked(shape, {1, 2}, numWarps, {1, 0}, {1, 0})});
    family.push_back({"cyclic", LinearLayout::cyclic(shape, numWarps)});
    family.push_back(
        {"slicedInner",
         LinearLayout::sliced(makeBlocked({rows, cols, 4}, {1, 1, 2}, numWarps,
                                          {2, 1, 0}, {0, 1, 2}),
                              2)});
    family.push_back(
        {"slicedMiddle",
         LinearLayout::sliced(makeBlocked({rows, 8, cols}, {2, 1, 1}, numWarps,
                                          {2, 1, 0}, {1, 0, 2}),
                              1)});
  }
  if (size <= 256)
    family.push_back({"replicated", LinearLayout::replicated(shape, numWarps)});
  family.push_back(
      {"mixed", family[1].layout.compose(makeRandomInvertible(shape, random))});
  return family;
}

} // namespace cuda_tile_test

#endif // CUDA_TILE_UNITTESTS_LAYOUT_LAYOUTTESTUTILS_H
