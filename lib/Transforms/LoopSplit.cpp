//===- LoopSplit.cpp - split for loops at an induction-variable branch ----===//
//
//   for %iv in (%lb to %ub, step %s) { if (%iv < %v) {A} else {B} ... }
//
// becomes a loop over the iterations below the split point running only A
// and a loop over the rest running only B, as the reference pass does (one
// split per loop, output shaped like the reference's). S is the first
// iteration value on the second side of the comparison: v for < and >=,
// min(v, ub - 1) + 1 for <= and > (the reference's v + 1 overflows at the
// type's maximum). When the step is not the constant 1, S is clamped to
// [lb, ub] (the reference's unsigned alignment of an S below lb can land past
// lb) and aligned to lb + ceil((S - lb) / step) * step. The first loop runs
// [lb, min(S, ub)), the second [max(S, lb), ub).
//
//===----------------------------------------------------------------------===//

#include "TransformUtils.h"
#include "cuda_tile/Analysis/IntegerFacts.h"
#include "cuda_tile/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_LOOPSPLITPASS
#include "cuda_tile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

/// A branch condition the loop can be split at: `iv pred bound`, and the ifs
/// it decides.
struct SplitCandidate {
  CmpIOp cmp;
  ComparisonPredicate predicate;
  Value bound;
  /// The ifs on the comparison directly in the loop body: each copy keeps
  /// only the region that runs in it.
  llvm::SmallPtrSet<Operation *, 4> resolvedIfs;
  /// Whether the comparison has uses besides those ifs; each copy then gets
  /// it as a constant.
  bool keepCmp = false;
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
  SplitCandidate candidate;
  candidate.cmp = cmp;
  candidate.predicate = cmp.getComparisonPredicate();
  if (cmp.getLhs() == iv) {
    candidate.bound = cmp.getRhs();
  } else if (cmp.getRhs() == iv) {
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

static std::optional<int> getThresholdHint(Operation *op) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(kLoopSplitThresholdAttrName))
    return static_cast<int>(attr.getInt());
  return std::nullopt;
}

/// Whether a branch of `ifOp` is worth a copy of the loop: a region with at
/// least `threshold` ops besides its terminator, or a heavy op.
static bool isProfitable(IfOp ifOp, int threshold) {
  if (threshold == 1)
    return true;
  for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
    if (region->empty())
      continue;
    int count = 0;
    for (Operation &op : region->front()) {
      if (isa<LoadPtrTkoOp, LoadViewTkoOp, StorePtrTkoOp, StoreViewTkoOp,
              MmaFOp, MmaIOp, ReduceOp, IfOp, ForOp>(op))
        return true;
      if (!op.hasTrait<OpTrait::IsTerminator>())
        ++count;
    }
    if (count >= threshold)
      return true;
  }
  return false;
}

struct LoopSplitPass : public cuda_tile::impl::LoopSplitPassBase<LoopSplitPass> {
  using Base::Base;

  /// The first if below `forOp` (post-order) whose comparison the loop can
  /// be split at.
  std::optional<SplitCandidate> findCandidate(ForOp forOp,
                                              std::optional<int> entryHint) {
    std::optional<int> forHint = getThresholdHint(forOp);
    std::optional<SplitCandidate> found;
    forOp.getRegion().walk([&](IfOp ifOp) {
      int threshold = splitThreshold;
      for (std::optional<int> hint :
           {getThresholdHint(ifOp), forHint, entryHint})
        if (hint) {
          threshold = *hint;
          break;
        }
      if (threshold == 0)
        return WalkResult::advance();
      auto cmp = ifOp.getCondition().getDefiningOp<CmpIOp>();
      if (!cmp)
        return WalkResult::advance();
      std::optional<SplitCandidate> candidate = matchSplitCompare(forOp, cmp);
      if (!candidate)
        return WalkResult::advance();
      bool profitable = false;
      for (Operation *user : cmp->getUsers()) {
        auto userIf = dyn_cast<IfOp>(user);
        if (userIf)
          profitable |= isProfitable(userIf, threshold);
        if (userIf && user->getParentOp() == forOp)
          candidate->resolvedIfs.insert(user);
        else
          candidate->keepCmp = true;
      }
      if (!profitable)
        return WalkResult::advance();
      found = std::move(candidate);
      return WalkResult::interrupt();
    });
    return found;
  }

  /// The split point S (see the file comment), computed in front of `forOp`.
  Value computeSplitPoint(RewriterBase &rewriter, ForOp forOp,
                          const SplitCandidate &c) {
    Location loc = forOp.getLoc();
    Value lb = forOp.getLowerBound(), ub = forOp.getUpperBound();
    Value step = forOp.getStep();
    Signedness signedness =
        forOp.getUnsignedCmp() ? Signedness::Unsigned : Signedness::Signed;
    std::optional<APInt> constStep = getSplatInt(step);
    bool align = !constStep || !constStep->isOne();
    // a < b ? a : b (or b when `!pickFirstIfLess`), as cmpi and select: the
    // output then reads like the reference's, whose only mini/maxi pair
    // clamps S.
    auto choose = [&](Value a, Value b, bool pickFirstIfLess) -> Value {
      Value less = CmpIOp::create(rewriter, loc, ComparisonPredicate::LessThan,
                                  a, b, signedness);
      return pickFirstIfLess ? SelectOp::create(rewriter, loc, less, a, b)
                             : SelectOp::create(rewriter, loc, less, b, a);
    };
    Value split = c.bound;
    if (c.predicate == ComparisonPredicate::LessThanOrEqual ||
        c.predicate == ComparisonPredicate::GreaterThan) {
      Value one = createSplatInt(rewriter, loc, lb.getType(), 1);
      Value bound = choose(c.bound, SubIOp::create(rewriter, loc, ub, one),
                           /*pickFirstIfLess=*/true);
      // Aligning needs S >= lb; lb - 1 is only chosen when it does not wrap.
      if (align)
        bound = choose(bound, SubIOp::create(rewriter, loc, lb, one),
                       /*pickFirstIfLess=*/false);
      split = AddIOp::create(rewriter, loc, bound, one);
    } else if (align) {
      split = choose(choose(split, lb, /*pickFirstIfLess=*/false), ub,
                     /*pickFirstIfLess=*/true);
    }
    if (!align)
      return split;
    Value distance = SubIOp::create(rewriter, loc, split, lb);
    Value count = DivIOp::create(rewriter, loc, distance, step, signedness,
                                 RoundingMode::PositiveInf);
    Value offset = MulIOp::create(rewriter, loc, count, step);
    return AddIOp::create(rewriter, loc, lb, offset);
  }

  /// A copy of `forOp` over [lb, ub) from `inits` in which the comparison is
  /// `value`: the resolved ifs keep only the region that runs.
  ForOp copyLoop(RewriterBase &rewriter, ForOp forOp, const SplitCandidate &c,
                 Value lb, Value ub, ValueRange inits, bool value) {
    IRMapping mapping;
    auto copy = cast<ForOp>(rewriter.cloneWithoutRegions(*forOp, mapping));
    copy.getLowerBoundMutable().assign(lb);
    copy.getUpperBoundMutable().assign(ub);
    copy.getInitValuesMutable().assign(inits);
    Block *body = &forOp.getRegion().front();
    Block *newBody = rewriter.createBlock(&copy.getRegion());
    for (BlockArgument arg : body->getArguments())
      mapping.map(arg, newBody->addArgument(arg.getType(), arg.getLoc()));
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(newBody);
    Operation *cmp = c.cmp;
    for (Operation &op : *body) {
      if (&op == cmp) {
        if (c.keepCmp)
          mapping.map(op.getResult(0),
                      createSplatInt(rewriter, op.getLoc(),
                                     op.getResult(0).getType(),
                                     APInt(1, value)));
        continue;
      }
      auto ifOp = dyn_cast<IfOp>(op);
      if (!ifOp || !c.resolvedIfs.contains(ifOp)) {
        rewriter.clone(op, mapping);
        continue;
      }
      ++numBranchesRemoved;
      Region &region = value ? ifOp.getThenRegion() : ifOp.getElseRegion();
      if (region.empty())
        continue;
      Operation *terminator = region.front().getTerminator();
      for (Operation &inner : region.front().without_terminator())
        rewriter.clone(inner, mapping);
      if (auto yield = dyn_cast<YieldOp>(terminator)) {
        for (auto [result, yielded] :
             llvm::zip_equal(ifOp.getResults(), yield.getOperands()))
          mapping.map(result, mapping.lookupOrDefault(yielded));
        continue;
      }
      // continue (or another exit) ends this copy's body here.
      rewriter.clone(*terminator, mapping);
      break;
    }
    return copy;
  }

  void split(RewriterBase &rewriter, ForOp forOp, const SplitCandidate &c) {
    rewriter.setInsertionPoint(forOp);
    Location loc = forOp.getLoc();
    Signedness signedness =
        forOp.getUnsignedCmp() ? Signedness::Unsigned : Signedness::Signed;
    Value lb = forOp.getLowerBound(), ub = forOp.getUpperBound();
    Value point = computeSplitPoint(rewriter, forOp, c);
    Value firstEnd = MinIOp::create(rewriter, loc, point, ub, signedness);
    Value secondStart = MaxIOp::create(rewriter, loc, point, lb, signedness);
    // In the first loop iv < S: the comparison holds for < and <=.
    bool firstValue = c.predicate == ComparisonPredicate::LessThan ||
                      c.predicate == ComparisonPredicate::LessThanOrEqual;
    ForOp first = copyLoop(rewriter, forOp, c, lb, firstEnd,
                           forOp.getInitValues(), firstValue);
    rewriter.setInsertionPointAfter(first);
    ForOp second = copyLoop(rewriter, forOp, c, secondStart, ub,
                            first.getResults(), !firstValue);
    rewriter.replaceOp(forOp, second);
    ++numSplit;
  }

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    std::optional<int> entryHint;
    if (auto entry = dyn_cast<EntryOp>(getOperation()))
      entryHint = getThresholdHint(entry);
    // Inner loops first; each loop is split once, its copies are not split
    // again.
    getOperation()->walk([&](ForOp forOp) {
      if (getIntWidth(forOp.getLowerBound().getType()) <= 1)
        return;
      std::optional<int> hint = entryHint;
      if (!hint)
        if (auto entry = forOp->getParentOfType<EntryOp>())
          hint = getThresholdHint(entry);
      if (std::optional<SplitCandidate> c = findCandidate(forOp, hint))
        split(rewriter, forOp, *c);
    });
  }
};

} // namespace
