//===- Passes.h - cuda_tile transformation passes ----------------*- C++ -*-===//
#ifndef CUDA_TILE_TRANSFORMS_PASSES_H
#define CUDA_TILE_TRANSFORMS_PASSES_H

#include "cuda_tile/IR/CudaTileOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::cuda_tile {

/// Discardable integer attribute on an `if`, a `for` or an `entry` that
/// overrides the loop-split threshold for the branches below it.
inline constexpr llvm::StringLiteral kLoopSplitThresholdAttrName =
    "cuda_tile.loop_split";

#define GEN_PASS_DECL
#include "cuda_tile/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "cuda_tile/Transforms/Passes.h.inc"

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_TRANSFORMS_PASSES_H
