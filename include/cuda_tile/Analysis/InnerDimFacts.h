//===- InnerDimFacts.h - runs along a tile's innermost dimension -*- C++ -*-===//
//
// What a pointer, integer or i1 tile's elements do along its innermost
// dimension, in aligned groups of a power-of-two size: step by one element
// (contiguity), stay equal (constancy), and how aligned a group's first
// element is (divisibility). The code generator vectorizes a pointer tile's
// loads and stores with them, as Triton's axis analysis does: a run of
// pointers one element apart, aligned to the run's bytes, under a mask that
// is the same for the whole run, is one vector access.
//
// As in Triton, integer arithmetic on offsets is taken not to wrap inside a
// group (a wrapped offset would address memory far outside any tensor).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_ANALYSIS_INNERDIMFACTS_H
#define CUDA_TILE_ANALYSIS_INNERDIMFACTS_H

#include "cuda_tile/Analysis/IntegerFacts.h"

#include "llvm/ADT/DenseMap.h"

namespace mlir::cuda_tile {

/// Facts about the innermost dimension of a tile, for aligned groups of
/// indices along it (a group of size G holds indices [m*G, (m+1)*G)).
struct InnerDimInfo {
  /// Each aligned group of this many elements steps by one element: an
  /// integer by 1, a pointer by its pointee's size. 1 when unknown.
  int64_t contiguity = 1;
  /// Each aligned group of this many elements holds one value.
  int64_t constancy = 1;
  /// log2 of a power of two dividing the first element of every aligned
  /// group of `contiguity` elements (every element when contiguity is 1);
  /// in bytes for pointers.
  unsigned divisibilityZeros = 0;

  /// log2 of a power of two dividing the first element of every aligned
  /// group of `group` elements (a power of two, at most `contiguity` when
  /// that is above 1); `stepZeros` is log2 of the step.
  unsigned zerosAt(int64_t group, unsigned stepZeros) const;
};

/// Computes InnerDimInfo on demand and memoizes it. The IR must not change
/// while an instance is in use.
class InnerDimFacts {
public:
  explicit InnerDimFacts(IntegerFacts &integers, unsigned depthLimit = 48)
      : integers(integers), depthLimit(depthLimit) {}

  /// The facts of an integer, i1 or pointer tile of rank >= 1 (rank 0: only
  /// divisibility).
  InnerDimInfo get(Value value) { return get(value, 0); }

  /// How many consecutive elements of the innermost dimension, starting at
  /// a multiple of it, one access may move: the largest power of two at
  /// most `maxElems` such that `pointers` (a pointer tile) step by one
  /// element and are aligned to the access's bytes over it and `mask` (if
  /// any) is constant over it; 1 when none above 1 is.
  int64_t vectorElements(Value pointers, Value mask, int64_t maxElems);

  void clear() { infos.clear(); }

private:
  InnerDimInfo get(Value value, unsigned depth);
  InnerDimInfo compute(Value value, unsigned depth);

  IntegerFacts &integers;
  unsigned depthLimit;
  llvm::DenseMap<Value, InnerDimInfo> infos;
};

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_ANALYSIS_INNERDIMFACTS_H
