//===- TransformUtils.h - helpers shared by the cuda_tile passes -*- C++ -*-===//
#ifndef CUDA_TILE_LIB_TRANSFORMS_TRANSFORMUTILS_H
#define CUDA_TILE_LIB_TRANSFORMS_TRANSFORMUTILS_H

#include "cuda_tile/Analysis/IntegerFacts.h"
#include "cuda_tile/IR/CudaTileOps.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/APInt.h"

#include <optional>

namespace mlir::cuda_tile {

/// A `constant` of tile type `type` (integer elements) with every element
/// `value`.
Value createSplatInt(OpBuilder &builder, Location loc, Type type,
                     const llvm::APInt &value);
Value createSplatInt(OpBuilder &builder, Location loc, Type type,
                     int64_t value);

/// Whether `op` can leave the iteration or the kernel from inside: a break,
/// continue or return anywhere below it that is not owned by a loop nested in
/// `op` (a return is never owned). `op` itself counts when it is one.
bool mayExitEarly(Operation *op);

/// Replaces an `if` whose condition is a constant by the region that runs:
/// its ops move in front of the if and its yield feeds the if's results.
/// When that region ends in continue / break / return, the ops after the if
/// in its block are unreachable and erased, and the terminator ends the
/// block. Does nothing (returns false) when the move would be invalid: a
/// `return` may only end an entry or an if region.
bool inlineConstantIf(IfOp ifOp);

/// inlineConstantIf on every if below `root` until none is left; returns how
/// many were resolved.
unsigned inlineConstantIfs(Operation *root);

/// Whether `op` may write memory (or do something unknown) as seen by a
/// load. Control-flow terminators and asserts do not; ops with nested
/// regions and no effects of their own are judged by their nested ops.
bool mayWriteMemory(Operation *op);

/// Counts the token operands of the ops below `root` (a join_tokens with n
/// inputs counts n).
unsigned countTokenEdges(Operation *root);

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_LIB_TRANSFORMS_TRANSFORMUTILS_H
