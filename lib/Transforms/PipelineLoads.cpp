//===- PipelineLoads.cpp - load the next iteration's operands early -------===//
//
//   for %iv in (%lb to %ub, step %s) iter_values(%acc = %init) {
//     %a = load_view_tko weak %v[f(%iv)]
//     %r = mmaf %a, ..., %acc
//   }
//
// becomes
//
//   %a0 = if (%lb < %ub) { load_view_tko weak %v[f(%lb)] } else { zeros }
//   for %iv ... iter_values(%acc = %init, %a = %a0) {
//     %n = %iv + %s
//     %an = if (%n < %ub and no overflow) { load_view_tko weak %v[f(%n)] }
//           else { zeros }
//     %r = mmaf %a, ..., %acc
//     continue ..., %an
//   }
//
// so the global loads of step i + 1 are in flight while step i computes
// (the code generator stages a carried tile into shared memory only where
// the matmul uses it). Nothing in the loop writes memory, so the loads read
// what they would have read in their own iteration.
//
//===----------------------------------------------------------------------===//

#include "TransformUtils.h"

#include "cuda_tile/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_PIPELINELOADSPASS
#include "cuda_tile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

/// A load to move one iteration ahead and the body ops its operands need.
struct PipelinedLoad {
  LoadViewTkoOp load;
  llvm::SetVector<Operation *> slice;
};

struct PipelineLoadsPass
    : public cuda_tile::impl::PipelineLoadsPassBase<PipelineLoadsPass> {
  using Base::Base;

  /// Adds to `slice` (operands first) the ops of the body of `forOp` that
  /// compute `value` from the induction variable and values from outside
  /// the loop; false when something else (a block argument carried by the
  /// loop, an op with effects or regions) is involved.
  bool collectSlice(ForOp forOp, Value value,
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

  /// Whether `tile` is an operand of an mmaf or mmai, itself or reshaped.
  static bool feedsMatmul(Value tile) {
    return llvm::any_of(tile.getUsers(), [](Operation *user) {
      if (auto reshape = dyn_cast<ReshapeOp>(user))
        return feedsMatmul(reshape.getResult());
      return isa<MmaFOp, MmaIOp>(user);
    });
  }

  std::optional<PipelinedLoad> match(ForOp forOp, Operation &op) {
    auto load = dyn_cast<LoadViewTkoOp>(op);
    if (!load || load.getMemoryOrderingSemantics() != MemoryOrdering::Weak ||
        !load.getResultToken().use_empty())
      return std::nullopt;
    if (load.getToken() && !forOp.isDefinedOutsideOfLoop(load.getToken()))
      return std::nullopt;
    auto elementType = cast<TileType>(load.getTile().getType()).getElementType();
    if (!isa<FloatType, IntegerType>(elementType))
      return std::nullopt;
    if (!feedsMatmul(load.getTile()))
      return std::nullopt;
    PipelinedLoad found{load, {}};
    if (!forOp.isDefinedOutsideOfLoop(load.getView()))
      return std::nullopt;
    for (Value index : load.getIndex())
      if (!collectSlice(forOp, index, found.slice))
        return std::nullopt;
    return found;
  }

  /// `if (cond) { the load at iteration value `iv` } else { zeros }`.
  Value loadIf(OpBuilder &b, Location loc, Value cond, ForOp forOp, Value iv,
               PipelinedLoad &p) {
    Type tileType = p.load.getTile().getType();
    auto ifOp = IfOp::create(b, loc, TypeRange{tileType}, cond);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().emplaceBlock());
    IRMapping mapping;
    mapping.map(forOp.getInductionVar(), iv);
    for (Operation *op : p.slice)
      b.clone(*op, mapping);
    Operation *load = b.clone(*p.load, mapping);
    YieldOp::create(b, loc, load->getResult(0));
    b.setInsertionPointToStart(&ifOp.getElseRegion().emplaceBlock());
    auto tile = cast<TileType>(tileType);
    auto literal =
        RankedTensorType::get(tile.getShape(), tile.getElementType());
    Value zero = ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(literal, b.getZeroAttr(tile.getElementType())));
    YieldOp::create(b, loc, zero);
    return ifOp.getResult(0);
  }

  void pipeline(ForOp forOp) {
    Block *body = &forOp.getRegion().front();
    bool writes = false;
    forOp.getRegion().walk([&](Operation *op) {
      writes |= mayWriteMemory(op);
    });
    if (writes)
      return;
    // Every continue of the loop must carry the next tiles: only the
    // terminator may end an iteration.
    for (Operation &op : body->without_terminator())
      if (mayExitEarly(&op))
        return;
    SmallVector<PipelinedLoad> loads;
    for (Operation &op : body->without_terminator())
      if (std::optional<PipelinedLoad> p = match(forOp, op))
        loads.push_back(std::move(*p));
    if (loads.empty())
      return;

    Location loc = forOp.getLoc();
    Value lb = forOp.getLowerBound(), ub = forOp.getUpperBound();
    Value step = forOp.getStep();
    Signedness signedness =
        forOp.getUnsignedCmp() ? Signedness::Unsigned : Signedness::Signed;
    OpBuilder b(forOp);
    // The first iteration's tiles, loaded when the loop runs.
    Value runs =
        CmpIOp::create(b, loc, ComparisonPredicate::LessThan, lb, ub,
                       signedness);
    SmallVector<Value> inits(forOp.getInitValues());
    for (PipelinedLoad &p : loads)
      inits.push_back(loadIf(b, loc, runs, forOp, lb, p));

    SmallVector<Type> resultTypes(forOp.getResultTypes());
    for (PipelinedLoad &p : loads)
      resultTypes.push_back(p.load.getTile().getType());
    auto newFor = ForOp::create(b, loc, resultTypes, lb, ub, step, inits,
                                forOp.getUnsignedCmpAttr());
    newFor->setAttrs(forOp->getAttrs());
    newFor.getRegion().takeBody(forOp.getRegion());
    SmallVector<Value> carried;
    for (PipelinedLoad &p : loads)
      carried.push_back(
          body->addArgument(p.load.getTile().getType(), p.load.getLoc()));

    // The next iteration's tiles, at the top of the body.
    b.setInsertionPointToStart(body);
    Value iv = newFor.getInductionVar();
    Value next = AddIOp::create(b, loc, iv, step);
    Value below = CmpIOp::create(b, loc, ComparisonPredicate::LessThan, next,
                                 ub, signedness);
    // The step is positive: a next value not above iv wrapped around.
    Value ahead = CmpIOp::create(b, loc, ComparisonPredicate::GreaterThan,
                                 next, iv, signedness);
    Value hasNext = AndIOp::create(b, loc, below, ahead);
    SmallVector<Value> nextTiles;
    for (PipelinedLoad &p : loads)
      nextTiles.push_back(loadIf(b, loc, hasNext, newFor, next, p));
    auto cont = cast<ContinueOp>(body->getTerminator());
    cont.getOperandsMutable().append(nextTiles);
    for (auto [p, value] : llvm::zip(loads, carried)) {
      p.load.getTile().replaceAllUsesWith(value);
      p.load.erase();
      ++numLoadsPipelined;
    }
    // Index computations only the moved loads used (the union of the
    // slices is in def-before-use order).
    llvm::SetVector<Operation *> sliced;
    for (PipelinedLoad &p : loads)
      sliced.insert(p.slice.begin(), p.slice.end());
    for (Operation *op : llvm::reverse(sliced))
      if (op->use_empty())
        op->erase();
    forOp->replaceAllUsesWith(
        newFor->getResults().take_front(forOp->getNumResults()));
    forOp.erase();
  }

  void runOnOperation() override {
    SmallVector<ForOp> loops;
    getOperation()->walk([&](ForOp forOp) { loops.push_back(forOp); });
    for (ForOp forOp : loops)
      pipeline(forOp);
  }
};

} // namespace
