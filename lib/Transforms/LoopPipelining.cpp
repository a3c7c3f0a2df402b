//===- LoopPipelining.cpp - moving loads between loop iterations ----------===//

#include "cuda_tile/Transforms/LoopPipelining.h"

#include "TransformUtils.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::cuda_tile;

bool mlir::cuda_tile::loopAllowsLoadMotion(ForOp forOp) {
  bool writes = false;
  forOp.getRegion().walk([&](Operation *op) { writes |= mayWriteMemory(op); });
  if (writes)
    return false;
  Block *body = &forOp.getRegion().front();
  return llvm::none_of(body->without_terminator(),
                       [](Operation &op) { return mayExitEarly(&op); });
}

/// Adds to `slice` (operands first) the ops of `forOp`'s body that compute
/// `value` from the induction variable and values from outside the loop;
/// false when something else is involved.
static bool collectSlice(ForOp forOp, Value value,
                         llvm::SetVector<Operation *> &slice) {
  if (value == forOp.getInductionVar() || forOp.isDefinedOutsideOfLoop(value))
    return true;
  Operation *op = value.getDefiningOp();
  if (!op || op->getBlock() != &forOp.getRegion().front() ||
      op->getNumRegions() != 0 || !isMemoryEffectFree(op) ||
      !isSpeculatable(op))
    return false;
  if (slice.contains(op))
    return true;
  for (Value operand : op->getOperands())
    if (!collectSlice(forOp, operand, slice))
      return false;
  slice.insert(op);
  return true;
}

bool mlir::cuda_tile::feedsMatmul(Value tile, Operation **matmul) {
  for (OpOperand &use : tile.getUses()) {
    Operation *user = use.getOwner();
    if (auto reshape = dyn_cast<ReshapeOp>(user)) {
      if (feedsMatmul(reshape.getResult(), matmul))
        return true;
      continue;
    }
    if (isa<MmaFOp, MmaIOp>(user) && use.getOperandNumber() <= 1) {
      if (matmul)
        *matmul = user;
      return true;
    }
  }
  return false;
}

std::optional<MovableLoad> mlir::cuda_tile::matchMovableLoad(ForOp forOp,
                                                             Operation &op) {
  auto load = dyn_cast<LoadViewTkoOp>(op);
  if (!load || op.getBlock() != &forOp.getRegion().front() ||
      load.getMemoryOrderingSemantics() != MemoryOrdering::Weak ||
      !load.getResultToken().use_empty())
    return std::nullopt;
  if (load.getToken() && !forOp.isDefinedOutsideOfLoop(load.getToken()))
    return std::nullopt;
  MovableLoad found{load, {}};
  // The view may be made in the body (cuTile Python makes it next to the
  // load) from values of outside the loop.
  if (!collectSlice(forOp, load.getView(), found.slice))
    return std::nullopt;
  for (Value index : load.getIndex())
    if (!collectSlice(forOp, index, found.slice))
      return std::nullopt;
  return found;
}

MovableLoad::Operands mlir::cuda_tile::cloneOperandsAt(OpBuilder &b,
                                                       ForOp forOp,
                                                       const MovableLoad &load,
                                                       Value iv) {
  IRMapping mapping;
  mapping.map(forOp.getInductionVar(), iv);
  for (Operation *op : load.slice)
    b.clone(*op, mapping);
  MovableLoad::Operands operands;
  operands.view = mapping.lookupOrDefault(LoadViewTkoOp(load.load).getView());
  for (Value index : LoadViewTkoOp(load.load).getIndex())
    operands.indices.push_back(mapping.lookupOrDefault(index));
  return operands;
}

Value mlir::cuda_tile::iterationRuns(OpBuilder &b, Location loc, ForOp forOp,
                                     Value from, Value next,
                                     Value upperBound) {
  Signedness signedness =
      forOp.getUnsignedCmp() ? Signedness::Unsigned : Signedness::Signed;
  Value below = CmpIOp::create(b, loc, ComparisonPredicate::LessThan, next,
                               upperBound ? upperBound : forOp.getUpperBound(),
                               signedness);
  // The step is positive: a value not above `from` wrapped around.
  Value ahead = CmpIOp::create(b, loc, ComparisonPredicate::GreaterThan, next,
                               from, signedness);
  return AndIOp::create(b, loc, below, ahead);
}

void mlir::cuda_tile::eraseUnusedSlices(ArrayRef<MovableLoad> loads) {
  // The union of the slices is in def-before-use order.
  llvm::SetVector<Operation *> sliced;
  for (const MovableLoad &load : loads)
    sliced.insert(load.slice.begin(), load.slice.end());
  for (Operation *op : llvm::reverse(sliced))
    if (op->use_empty())
      op->erase();
}

bool mlir::cuda_tile::noWritesBetween(Operation *from, Operation *to) {
  for (Operation *op = from; op && op != to; op = op->getNextNode()) {
    bool writes = false;
    op->walk([&](Operation *nested) { writes |= mayWriteMemory(nested); });
    if (writes)
      return false;
  }
  return true;
}
