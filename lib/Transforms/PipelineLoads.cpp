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

#include "cuda_tile/Transforms/LoopPipelining.h"
#include "cuda_tile/Transforms/Passes.h"


namespace mlir::cuda_tile {
#define GEN_PASS_DEF_PIPELINELOADSPASS
#include "cuda_tile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

struct PipelineLoadsPass
    : public cuda_tile::impl::PipelineLoadsPassBase<PipelineLoadsPass> {
  using Base::Base;

  /// `if (cond) { the load at iteration value `iv` } else { zeros }`.
  Value loadIf(OpBuilder &b, Location loc, Value cond, ForOp forOp, Value iv,
               MovableLoad &p) {
    Type tileType = p.load.getTile().getType();
    auto ifOp = IfOp::create(b, loc, TypeRange{tileType}, cond);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().emplaceBlock());
    MovableLoad::Operands operands = cloneOperandsAt(b, forOp, p, iv);
    auto load = cast<LoadViewTkoOp>(b.clone(*p.load));
    load.getViewMutable().set(operands.view);
    load.getIndexMutable().assign(operands.indices);
    YieldOp::create(b, loc, load.getTile());
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
    if (!loopAllowsLoadMotion(forOp))
      return;
    Block *body = &forOp.getRegion().front();
    SmallVector<MovableLoad> loads;
    for (Operation &op : body->without_terminator())
      if (std::optional<MovableLoad> p = matchMovableLoad(forOp, op))
        if (isa<FloatType, IntegerType>(
                p->load.getTile().getType().getElementType()) &&
            feedsMatmul(p->load.getTile()))
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
    for (MovableLoad &p : loads)
      inits.push_back(loadIf(b, loc, runs, forOp, lb, p));

    SmallVector<Type> resultTypes(forOp.getResultTypes());
    for (MovableLoad &p : loads)
      resultTypes.push_back(p.load.getTile().getType());
    auto newFor = ForOp::create(b, loc, resultTypes, lb, ub, step, inits,
                                forOp.getUnsignedCmpAttr());
    newFor->setAttrs(forOp->getAttrs());
    newFor.getRegion().takeBody(forOp.getRegion());
    SmallVector<Value> carried;
    for (MovableLoad &p : loads)
      carried.push_back(
          body->addArgument(p.load.getTile().getType(), p.load.getLoc()));

    // The next iteration's tiles, at the top of the body.
    b.setInsertionPointToStart(body);
    Value iv = newFor.getInductionVar();
    Value next = AddIOp::create(b, loc, iv, step);
    Value hasNext = iterationRuns(b, loc, newFor, iv, next);
    SmallVector<Value> nextTiles;
    for (MovableLoad &p : loads)
      nextTiles.push_back(loadIf(b, loc, hasNext, newFor, next, p));
    auto cont = cast<ContinueOp>(body->getTerminator());
    cont.getOperandsMutable().append(nextTiles);
    for (auto [p, value] : llvm::zip(loads, carried)) {
      p.load.getTile().replaceAllUsesWith(value);
      p.load.erase();
      ++numLoadsPipelined;
    }
    eraseUnusedSlices(loads);
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
