//===- ReductionPlan.h - reductions over distributed layouts ------*- C++ -*-===//
//
// A reduction of a tile along one dimension, planned on the tile's
// distributed layout: each thread first folds the registers that hold
// elements of the same result element, then lanes combine across the lane
// bits that walk the reduced dimension with butterfly shuffles, and one
// exchange through shared memory combines the warps and hands every thread
// the result elements of the result's own layout.
//
// The plan is plain data computed from the layouts; the code generator
// follows it step by step, and a CPU model of one CTA executes it in the
// unit tests.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_LAYOUT_REDUCTIONPLAN_H
#define CUDA_TILE_LAYOUT_REDUCTIONPLAN_H

#include "cuda_tile/Layout/LinearLayout.h"

#include <optional>

namespace mlir::cuda_tile {

struct ReductionPlan {
  /// Register bits whose bases walk the reduced dimension: the registers
  /// that differ only in them are folded into the one where they are zero,
  /// in increasing register order.
  uint64_t registerMask = 0;
  /// Lane bits whose bases walk the reduced dimension, combined by
  /// butterfly shuffles (partner lane = lane ^ (1 << bit)), lowest first.
  llvm::SmallVector<unsigned> laneBits;
  /// Warp bits whose bases walk the reduced dimension; partial results of
  /// the warps they tell apart meet in shared memory.
  llvm::SmallVector<unsigned> warpBits;
  /// Elements of the result tile (the shape without the reduced dimension).
  int64_t numResults = 0;
  /// Shared memory slots of partial results: numResults per combination of
  /// the warp bits, slot = combination * numResults + result element.
  int64_t numSharedSlots = 0;

  /// The lanes that write their partial results to shared memory: those
  /// whose reduced lane bits are zero (every other lane holds the same
  /// values after the shuffles).
  uint64_t getLaneMask() const;
  uint64_t getWarpMask() const;
  /// Which combination of the reduced warp bits `warp` is.
  uint64_t warpCombination(uint64_t warp) const;
};

/// Plans the reduction of `layout`'s tile along output dimension `dim`.
/// std::nullopt when some non-zero basis mixes the reduced dimension with
/// the others (the plan needs each basis inside or outside of it, as in
/// blocked and cyclic layouts) or the layout is not distributed.
std::optional<ReductionPlan> planReduction(const LinearLayout &layout,
                                           unsigned dim);

/// Where `plan` needs no exchange: no warp bit walks `dim`, so after the
/// folds and the shuffles every thread holds the whole result of each
/// element its kept registers (reduced register bits zero) cover. For each
/// register of `result` (the result tile's layout over the same CTA), the
/// kept source register holding that result element in every thread;
/// nullopt where the plan has warp bits or some thread's result registers
/// are not among its own (`result` is not the source's slice).
std::optional<llvm::SmallVector<int64_t>>
planResultsInPlace(const LinearLayout &source, unsigned dim,
                   const ReductionPlan &plan, const LinearLayout &result);

/// The row-major index, in the result tile, of the element `element` of the
/// source tile `shape` reduced along `dim`.
int64_t reducedElementIndex(llvm::ArrayRef<int64_t> shape, unsigned dim,
                            int64_t element);

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_LAYOUT_REDUCTIONPLAN_H
