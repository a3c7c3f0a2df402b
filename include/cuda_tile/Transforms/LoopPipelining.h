//===- LoopPipelining.h - moving loads between loop iterations --*- C++ -*-===//
//
// What the passes that load a `for` loop's tiles ahead of the iteration that
// uses them share: which loads may move, and how to issue one for another
// iteration. Used by -pipeline-loads (registers) and the code generator's
// -cudatile-pipeline-operands (shared-memory rings).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_TRANSFORMS_LOOPPIPELINING_H
#define CUDA_TILE_TRANSFORMS_LOOPPIPELINING_H

#include "cuda_tile/IR/CudaTileOps.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/SetVector.h"

#include <optional>

namespace mlir::cuda_tile {

/// A load of a `for` body that may be issued for another iteration.
struct MovableLoad {
  LoadViewTkoOp load;
  /// The pure body ops computing its view and indices from the induction
  /// variable and values from outside the loop (definitions before uses).
  llvm::SetVector<Operation *> slice;
  /// The view and indices of the load for another iteration.
  struct Operands {
    Value view;
    SmallVector<Value> indices;
  };
};

/// Whether loads of `forOp`'s body may move between its iterations: nothing
/// in the loop writes memory, and only the body's terminator ends an
/// iteration (no continue or break below it).
bool loopAllowsLoadMotion(ForOp forOp);

/// `op` as a movable load of `forOp`'s body: a weak `load_view_tko` at the
/// top level of the body whose input token comes from outside the loop,
/// whose result token is unused and whose view and indices the induction
/// variable and values from outside the loop give through pure ops.
std::optional<MovableLoad> matchMovableLoad(ForOp forOp, Operation &op);

/// Whether `tile` is an lhs or rhs of an mmaf or mmai, itself or through
/// reshapes; the matmul is returned through `matmul` when given.
bool feedsMatmul(Value tile, Operation **matmul = nullptr);

/// Clones `load`'s view and index computation with the induction variable
/// replaced by `iv`, at `b`'s insertion point; the cloned view and indices.
MovableLoad::Operands cloneOperandsAt(OpBuilder &b, ForOp forOp,
                                      const MovableLoad &load, Value iv);

/// Whether the iteration whose induction variable is `next`, computed as
/// `from` plus a positive multiple of the step, runs: `next < ub` and
/// `next > from` (no wrap), compared as the loop compares; `upperBound`,
/// when given, in place of the loop's.
Value iterationRuns(OpBuilder &b, Location loc, ForOp forOp, Value from,
                    Value next, Value upperBound = {});

/// Whether no op from `from` up to `to` (exclusive; the same block, `from`
/// first) may write memory, nested ops included.
bool noWritesBetween(Operation *from, Operation *to);

/// Erases the ops of the loads' slices that nothing uses any more.
void eraseUnusedSlices(ArrayRef<MovableLoad> loads);

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_TRANSFORMS_LOOPPIPELINING_H
