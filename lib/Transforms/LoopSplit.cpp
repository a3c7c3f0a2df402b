//===- LoopSplit.cpp - split for loops at an induction-variable branch ----===//
//
//   for %iv in (%lb to %ub, step %s) { if (%iv < %v) {A} else {B} ... }
//
// becomes a loop over the iterations below the split point running only A
// and a loop over the rest running only B. With s = the first iteration on
// the "second" side of the comparison, clamped to [lb, ub]:
//
//   first loop:  [lb, s)
//   second loop: [lb + ceil((s - lb) / step) * step, ub)
//
// The difference s - lb is non-negative and computed without overflow as an
// unsigned value; if the aligned start of the second loop would overflow
// the iteration type, no iteration is left for it and it starts at ub.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Analysis/IntegerFacts.h"
#include "TransformUtils.h"
#include "cuda_tile/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_LOOPSPLITPASS
#include "cuda_tile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

/// A branch the loop can be split at: `iv pred bound` with the induction
/// variable on the left.
struct SplitCandidate {
  CmpIOp cmp;
  ComparisonPredicate predicate;
  Value bound;
};

/// The comparison as `iv pred bound`, if `cmp` compares the induction
/// variable of `forOp` with a value defined outside the loop, with the
/// loop's signedness, by one of <, <=, >, >=.
static std::optional<SplitCandidate> matchSplitCompare(ForOp forOp,
                                                       CmpIOp cmp) {
  Value iv = forOp.getInductionVar();
  Signedness loopSignedness =
      forOp.getUnsignedCmp() ? Signedness::Unsigned : Signedness::Signed;
  if (cmp.getSignedness() != loopSignedness)
    return std::nullopt;
  SplitCandidate candidate{cmp, cmp.getComparisonPredicate(), {}};
  if (cmp.getLhs() == iv && cmp.getRhs() != iv) {
    candidate.bound = cmp.getRhs();
  } else if (cmp.getRhs() == iv && cmp.getLhs() != iv) {
    candidate.bound = cmp.getLhs();
    switch (candidate.predicate) {
    case ComparisonPredicate::LessThan:
      candidate.predicate = ComparisonPredicate::GreaterThan;
      break;
    case ComparisonPredicate::LessThanOrEqual:
      candidate.predicate = ComparisonPredicate::GreaterThanOrEqual;
      break;
    case ComparisonPredicate::GreaterThan:
      candidate.predicate = ComparisonPredicate::LessThan;
      break;
    case ComparisonPredicate::GreaterThanOrEqual:
      candidate.predicate = ComparisonPredicate::LessThanOrEqual;
      break;
    default:
      return std::nullopt;
    }
  } else {
    return std::nullopt;
  }
  if (candidate.predicate == ComparisonPredicate::Equal ||
      candidate.predicate == ComparisonPredicate::NotEqual)
    return std::nullopt;
  if (!forOp.isDefinedOutsideOfLoop(candidate.bound))
    return std::nullopt;
  return candidate;
}

/// The threshold hint closest to `op`, if any.
static std::optional<int> getThresholdHint(Operation *op) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(kLoopSplitThresholdAttrName))
    return static_cast<int>(attr.getInt());
  return std::nullopt;
}

/// Whether a branch of `ifOp` is worth a copy of the loop.
static bool isProfitable(IfOp ifOp, int threshold) {
  if (threshold <= 0)
    return false;
  if (threshold == 1)
    return true;
  for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
    if (region->empty())
      continue;
    int count = 0;
    bool heavy = false;
    for (Operation &op : region->front()) {
      if (op.hasTrait<OpTrait::IsTerminator>())
        continue;
      ++count;
      heavy |= isa<LoadPtrTkoOp, LoadViewTkoOp, StorePtrTkoOp, StoreViewTkoOp,
                   MmaFOp, MmaIOp, ReduceOp, IfOp, ForOp>(op);
    }
    if (heavy || count >= threshold)
      return true;
  }
  return false;
}

struct LoopSplitPass : public cuda_tile::impl::LoopSplitPassBase<LoopSplitPass> {
  using Base::Base;

  /// Largest number of times the copies of one loop are split again.
  static constexpr unsigned kMaxGenerations = 3;

  int thresholdFor(IfOp ifOp, ForOp forOp) {
    if (std::optional<int> hint = getThresholdHint(ifOp))
      return *hint;
    if (std::optional<int> hint = getThresholdHint(forOp))
      return *hint;
    if (auto entry = forOp->getParentOfType<EntryOp>())
      if (std::optional<int> hint = getThresholdHint(entry))
        return *hint;
    return splitThreshold;
  }

  /// The first comparison of `forOp` worth splitting at.
  std::optional<SplitCandidate> findCandidate(ForOp forOp) {
    std::optional<SplitCandidate> found;
    forOp.getRegion().walk([&](IfOp ifOp) {
      auto cmp = ifOp.getCondition().getDefiningOp<CmpIOp>();
      if (!cmp || !forOp->isAncestor(cmp))
        return WalkResult::advance();
      std::optional<SplitCandidate> candidate = matchSplitCompare(forOp, cmp);
      if (!candidate || !isProfitable(ifOp, thresholdFor(ifOp, forOp)))
        return WalkResult::advance();
      found = candidate;
      return WalkResult::interrupt();
    });
    return found;
  }

  /// Computes the two loops' bounds in front of `forOp`: the end of the
  /// first loop and the start of the second.
  std::pair<Value, Value> computeSplitPoints(OpBuilder &builder,
                                             ForOp forOp,
                                             const SplitCandidate &c,
                                             IntegerFacts &facts) {
    Location loc = forOp.getLoc();
    bool isSigned = !forOp.getUnsignedCmp();
    Signedness signedness =
        isSigned ? Signedness::Signed : Signedness::Unsigned;
    Value lb = forOp.getLowerBound(), ub = forOp.getUpperBound();
    Value step = forOp.getStep();
    Type type = lb.getType();
    auto constant = [&](int64_t v) {
      return createSplatInt(builder, loc, type, v);
    };
    auto min = [&](Value a, Value b) {
      return MinIOp::create(builder, loc, a, b, signedness).getResult();
    };
    auto max = [&](Value a, Value b) {
      return MaxIOp::create(builder, loc, a, b, signedness).getResult();
    };

    // The first iteration value on the second side of the comparison:
    // v for < and >=, v + 1 for <= and >, written min(v, ub - 1) + 1 so
    // that it cannot overflow (iterations never reach ub anyway).
    Value split = c.bound;
    if (c.predicate == ComparisonPredicate::LessThanOrEqual ||
        c.predicate == ComparisonPredicate::GreaterThan) {
      Value one = constant(1);
      Value ubMinusOne = SubIOp::create(builder, loc, ub, one);
      split = AddIOp::create(builder, loc, min(c.bound, ubMinusOne), one);
    }
    // Clamped to [lb, ub].
    Value firstEnd = max(min(split, ub), lb);

    std::optional<APInt> constStep = getSplatInt(step);
    if (constStep && constStep->isOne())
      return {firstEnd, firstEnd};

    // Align to the iteration grid: lb + ceil((firstEnd - lb) / step) * step,
    // with a step of at least 1 so that a loop without iterations and a
    // zero step does not divide by zero.
    Value safeStep = step;
    bool stepPositive = false;
    if (constStep) {
      stepPositive = isSigned ? constStep->isStrictlyPositive()
                              : !constStep->isZero();
    } else {
      llvm::ConstantRange range = facts.getRange(step);
      stepPositive = !range.isEmptySet() &&
                     (isSigned ? range.getSignedMin().sgt(0)
                               : range.getUnsignedMin().ugt(0));
    }
    if (!stepPositive)
      safeStep = max(step, constant(1));
    Value distance = SubIOp::create(builder, loc, firstEnd, lb);
    Value count = DivIOp::create(builder, loc, distance, safeStep,
                                 Signedness::Unsigned,
                                 RoundingMode::PositiveInf);
    Value offset = MulIOp::create(builder, loc, count, safeStep);
    Value aligned = AddIOp::create(builder, loc, lb, offset);
    Value wrapped = CmpIOp::create(builder, loc, ComparisonPredicate::LessThan,
                                   aligned, firstEnd, signedness);
    Value secondStart = SelectOp::create(builder, loc, wrapped, ub, aligned);
    return {firstEnd, secondStart};
  }

  /// Clones `forOp` in front of it with the given bounds and inits; the
  /// comparison inside becomes the constant `value`.
  ForOp cloneWithBounds(OpBuilder &builder, ForOp forOp, CmpIOp cmp,
                        Value lb, Value ub, ValueRange inits, bool value) {
    IRMapping mapping;
    auto copy = cast<ForOp>(builder.clone(*forOp, mapping));
    copy.getLowerBoundMutable().assign(lb);
    copy.getUpperBoundMutable().assign(ub);
    copy.getInitValuesMutable().assign(inits);
    Value condition = createSplatInt(builder, cmp.getLoc(), cmp.getType(),
                                     llvm::APInt(1, value));
    // The constant is defined in front of the copy, which it precedes.
    condition.getDefiningOp()->moveBefore(copy);
    Value cloned = mapping.lookup(cmp.getResult());
    cloned.replaceAllUsesWith(condition);
    Operation *clonedCmp = cloned.getDefiningOp();
    if (clonedCmp->use_empty())
      clonedCmp->erase();
    numBranchesRemoved += inlineConstantIfs(copy);
    if (condition.use_empty())
      condition.getDefiningOp()->erase();
    return copy;
  }

  void split(ForOp forOp, const SplitCandidate &c, IntegerFacts &facts,
             SmallVectorImpl<std::pair<ForOp, unsigned>> &worklist,
             unsigned generation) {
    OpBuilder builder(forOp);
    auto [firstEnd, secondStart] = computeSplitPoints(builder, forOp, c, facts);
    // In the first loop iv < split: the comparison holds for < and <=.
    bool firstValue = c.predicate == ComparisonPredicate::LessThan ||
                      c.predicate == ComparisonPredicate::LessThanOrEqual;
    ForOp first = cloneWithBounds(builder, forOp, c.cmp, forOp.getLowerBound(),
                                  firstEnd, forOp.getInitValues(), firstValue);
    ForOp second =
        cloneWithBounds(builder, forOp, c.cmp, secondStart,
                        forOp.getUpperBound(), first.getResults(), !firstValue);
    forOp->replaceAllUsesWith(second->getResults());
    forOp->erase();
    ++numSplit;
    if (generation + 1 < kMaxGenerations) {
      worklist.push_back({first, generation + 1});
      worklist.push_back({second, generation + 1});
    }
  }

  void runOnOperation() override {
    SmallVector<std::pair<ForOp, unsigned>> worklist;
    // Innermost loops first.
    getOperation()->walk([&](ForOp forOp) {
      if (getIntWidth(forOp.getLowerBound().getType()) > 1)
        worklist.push_back({forOp, 0});
    });
    std::reverse(worklist.begin(), worklist.end());
    IntegerFacts facts;
    while (!worklist.empty()) {
      auto [forOp, generation] = worklist.pop_back_val();
      std::optional<SplitCandidate> candidate = findCandidate(forOp);
      if (!candidate)
        continue;
      facts.clear();
      split(forOp, *candidate, facts, worklist, generation);
    }
  }
};

} // namespace
