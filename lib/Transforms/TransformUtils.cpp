//===- TransformUtils.cpp - helpers shared by the cuda_tile passes --------===//

#include "TransformUtils.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::cuda_tile;

Value mlir::cuda_tile::createSplatInt(OpBuilder &builder, Location loc,
                                      Type type, const APInt &value) {
  auto tile = cast<TileType>(type);
  auto literalType =
      RankedTensorType::get(tile.getShape(), tile.getElementType());
  return ConstantOp::create(builder, loc,
                            DenseElementsAttr::get(literalType, value));
}

Value mlir::cuda_tile::createSplatInt(OpBuilder &builder, Location loc,
                                      Type type, int64_t value) {
  unsigned width = cast<TileType>(type).getElementType().getIntOrFloatBitWidth();
  return createSplatInt(builder, loc, type,
                        APInt(width, value, /*isSigned=*/true,
                              /*implicitTrunc=*/true));
}

bool mlir::cuda_tile::mayExitEarly(Operation *op) {
  if (isa<BreakOp, ContinueOp, ReturnOp>(op))
    return true;
  if (op->getNumRegions() == 0)
    return false;
  bool isLoop = isa<ForOp, LoopOp>(op);
  WalkResult result = op->walk([&](Operation *nested) {
    if (nested == op)
      return WalkResult::advance();
    if (isa<ReturnOp>(nested))
      return WalkResult::interrupt();
    if (isa<BreakOp, ContinueOp>(nested)) {
      // Owned by the nearest loop above it (through ifs only).
      Operation *parent = nested->getParentOp();
      while (isa_and_nonnull<IfOp>(parent))
        parent = parent->getParentOp();
      if (parent == op && isLoop)
        return WalkResult::advance();
      if (parent != op && op->isProperAncestor(parent))
        return WalkResult::advance();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

bool mlir::cuda_tile::inlineConstantIf(IfOp ifOp) {
  std::optional<APInt> condition = getSplatInt(ifOp.getCondition());
  if (!condition)
    return false;
  Region &taken =
      condition->isOne() ? ifOp.getThenRegion() : ifOp.getElseRegion();
  if (taken.empty()) {
    // No else: nothing runs (an if without else has no results).
    if (ifOp->getNumResults() != 0)
      return false;
    ifOp->erase();
    return true;
  }
  Block &body = taken.front();
  Operation *terminator = body.getTerminator();
  bool structured = isa<YieldOp>(terminator);
  if (isa<ReturnOp>(terminator) &&
      !isa<IfOp, EntryOp, TestingFuncOp>(ifOp->getParentOp()))
    return false;

  Block *parent = ifOp->getBlock();
  if (structured) {
    ifOp->replaceAllUsesWith(terminator->getOperands());
    terminator->erase();
    parent->getOperations().splice(ifOp->getIterator(), body.getOperations());
    ifOp->erase();
    return true;
  }
  // The taken region leaves: everything after the if is unreachable. Erase
  // it back to front so that uses go before their definitions.
  while (&parent->back() != ifOp.getOperation()) {
    Operation *last = &parent->back();
    last->dropAllUses();
    last->erase();
  }
  ifOp->dropAllUses();
  parent->getOperations().splice(ifOp->getIterator(), body.getOperations());
  ifOp->erase();
  return true;
}

unsigned mlir::cuda_tile::inlineConstantIfs(Operation *root) {
  unsigned count = 0;
  // Ifs that cannot be inlined stay (and are never erased by this loop).
  llvm::SmallPtrSet<Operation *, 4> stuck;
  while (true) {
    IfOp next;
    root->walk<WalkOrder::PreOrder>([&](IfOp ifOp) {
      if (stuck.contains(ifOp) || !getSplatInt(ifOp.getCondition()))
        return WalkResult::advance();
      next = ifOp;
      return WalkResult::interrupt();
    });
    if (!next)
      return count;
    if (inlineConstantIf(next))
      ++count;
    else
      stuck.insert(next);
  }
}

unsigned mlir::cuda_tile::countTokenEdges(Operation *root) {
  unsigned edges = 0;
  root->walk([&](Operation *op) {
    // Values a token merely flows through (loop and branch plumbing) are not
    // ordering edges.
    if (op->hasTrait<OpTrait::IsTerminator>() || isa<ForOp, LoopOp, IfOp>(op))
      return;
    for (Value operand : op->getOperands())
      if (isa<TokenType>(operand.getType()))
        ++edges;
  });
  return edges;
}

bool mlir::cuda_tile::mayWriteMemory(Operation *op) {
  if (isa<BreakOp, ContinueOp, ReturnOp, YieldOp, AssertOp>(op))
    return false;
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
      !isa<MemoryEffectOpInterface>(op))
    return false; // its nested ops are checked on their own
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return true;
  return effects.hasEffect<MemoryEffects::Write>() ||
         effects.hasEffect<MemoryEffects::Free>();
}
