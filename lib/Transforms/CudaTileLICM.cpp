//===- CudaTileLICM.cpp - loop-invariant code motion for for and loop -----===//
//
// MLIR's loop-invariant-code-motion (which works on cuda_tile through
// LoopLikeOpInterface) hoists only speculatable ops, which is always safe,
// even with break and continue. This pass also hoists what is safe only
// because it would have run anyway:
//
//  * a `loop` body runs at least once, and so does a `for` whose bounds are
//    known to admit an iteration; an op at the top level of such a body,
//    before anything that may leave the iteration (break, continue, return),
//    abort (assert) or not come back (a nested loop), runs in the first
//    iteration with the same operands as it would before the loop;
//  * such an op may be a division by a possibly-zero value, an integer op
//    with an `overflow` flag (a violated flag is undefined behaviour, not a
//    poison value), an assume, a view construction, or a weak load when
//    nothing in the loop writes memory;
//  * speculatable ops are hoisted out of `if` branches as well. Ops whose
//    bad inputs only make the result undefined (shifts by the width or more,
//    `ftoi` of non-finite values, `offset` that wraps) are speculatable: the
//    result matters only where the guarded code uses it.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Analysis/IntegerFacts.h"
#include "TransformUtils.h"
#include "cuda_tile/Transforms/Passes.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_CUDATILELICMPASS
#include "cuda_tile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

enum class HoistKind {
  /// Stays in the loop.
  Never,
  /// May move from anywhere in the loop.
  Speculatable,
  /// May move when certain to run in the first iteration.
  IfExecuted,
  /// A weak load: like IfExecuted, and only when the loop writes nothing.
  Load,
};

/// Whether the integer division / remainder `op` can run on any input: by a
/// constant that is neither 0 nor (signed) -1.
static bool isSafeDivision(Operation *op) {
  Value divisor;
  bool isSigned = false;
  if (auto div = dyn_cast<DivIOp>(op)) {
    divisor = div.getRhs();
    isSigned = div.getSignedness() == Signedness::Signed;
  } else if (auto rem = dyn_cast<RemIOp>(op)) {
    divisor = rem.getRhs();
    isSigned = rem.getSignedness() == Signedness::Signed;
  } else {
    return false;
  }
  std::optional<APInt> value = getSplatInt(divisor);
  return value && !value->isZero() && !(isSigned && value->isAllOnes());
}

static HoistKind classify(Operation *op) {
  if (op->hasTrait<OpTrait::IsTerminator>() || op->getNumRegions() != 0)
    return HoistKind::Never;
  // An assumption holds where it is made; before a loop that may not run it
  // could be false.
  if (isa<AssumeOp>(op))
    return HoistKind::IfExecuted;
  // Division by a constant that is neither 0 nor (signed) -1 cannot trap.
  if (isa<DivIOp, RemIOp>(op))
    return isSafeDivision(op) ? HoistKind::Speculatable
                              : HoistKind::IfExecuted;
  if (isMemoryEffectFree(op))
    return isSpeculatable(op) ? HoistKind::Speculatable
                              : HoistKind::IfExecuted;
  if (auto load = dyn_cast<LoadViewTkoOp>(op))
    return load.getMemoryOrderingSemantics() == MemoryOrdering::Weak
               ? HoistKind::Load
               : HoistKind::Never;
  if (auto load = dyn_cast<LoadPtrTkoOp>(op))
    return load.getMemoryOrderingSemantics() == MemoryOrdering::Weak
               ? HoistKind::Load
               : HoistKind::Never;
  return HoistKind::Never;
}

/// Whether execution always continues after `op` (within the iteration).
static bool alwaysFallsThrough(Operation *op) {
  if (isa<AssertOp, ForOp, LoopOp>(op) || mayExitEarly(op))
    return false;
  if (op->getNumRegions() == 0)
    return true;
  // Nested loops may not come back, nested asserts may abort.
  WalkResult result = op->walk([](Operation *nested) {
    return isa<AssertOp, ForOp, LoopOp>(nested) ? WalkResult::interrupt()
                                                : WalkResult::advance();
  });
  return !result.wasInterrupted();
}

struct CudaTileLICMPass
    : public cuda_tile::impl::CudaTileLICMPassBase<CudaTileLICMPass> {
  using Base::Base;

  IntegerFacts facts;

  bool operandsInvariant(Operation *op, LoopLikeOpInterface loop) {
    return llvm::all_of(op->getOperands(), [&](Value v) {
      return loop.isDefinedOutsideOfLoop(v);
    });
  }

  /// Tries to move `op` in front of `loop`; `certain` says whether it runs
  /// in the first iteration.
  bool tryHoist(Operation *op, LoopLikeOpInterface loop, bool certain,
                std::optional<bool> &loopWrites) {
    if (!operandsInvariant(op, loop))
      return false;
    switch (classify(op)) {
    case HoistKind::Never:
      return false;
    case HoistKind::Speculatable:
      break;
    case HoistKind::IfExecuted:
      if (!certain)
        return false;
      break;
    case HoistKind::Load:
      if (!certain || !hoistLoads)
        return false;
      if (!loopWrites) {
        WalkResult result = loop->walk([&](Operation *nested) {
          return nested != loop.getOperation() && mayWriteMemory(nested)
                     ? WalkResult::interrupt()
                     : WalkResult::advance();
        });
        loopWrites = result.wasInterrupted();
      }
      if (*loopWrites)
        return false;
      ++numLoadsHoisted;
      break;
    }
    loop.moveOutOfLoop(op);
    ++numHoisted;
    return true;
  }

  /// Hoists speculatable ops out of the branches of `ifOp` (and of the ifs
  /// inside them), in program order.
  void hoistFromBranches(IfOp ifOp, LoopLikeOpInterface loop,
                         std::optional<bool> &loopWrites) {
    for (Region &region : ifOp->getRegions()) {
      if (region.empty())
        continue;
      for (Operation &op : llvm::make_early_inc_range(region.front())) {
        if (auto nested = dyn_cast<IfOp>(op)) {
          hoistFromBranches(nested, loop, loopWrites);
          continue;
        }
        tryHoist(&op, loop, /*certain=*/false, loopWrites);
      }
    }
  }

  void hoistFrom(LoopLikeOpInterface loop) {
    bool runsOnce = isa<LoopOp>(loop.getOperation());
    if (auto forOp = dyn_cast<ForOp>(loop.getOperation()))
      runsOnce = facts.provesNonEmpty(forOp);
    std::optional<bool> loopWrites;
    bool certain = runsOnce;
    Block &body = loop.getLoopRegions().front()->front();
    for (Operation &op : llvm::make_early_inc_range(body)) {
      if (op.hasTrait<OpTrait::IsTerminator>())
        break;
      if (tryHoist(&op, loop, certain, loopWrites))
        continue;
      if (auto ifOp = dyn_cast<IfOp>(op))
        hoistFromBranches(ifOp, loop, loopWrites);
      if (!alwaysFallsThrough(&op))
        certain = false;
    }
  }

  void runOnOperation() override {
    // Innermost loops first, so that what leaves an inner loop can leave
    // the outer one too.
    SmallVector<LoopLikeOpInterface> loops;
    getOperation()->walk([&](Operation *op) {
      if (isa<ForOp, LoopOp>(op))
        loops.push_back(cast<LoopLikeOpInterface>(op));
    });
    for (LoopLikeOpInterface loop : loops)
      hoistFrom(loop);
  }
};

} // namespace
