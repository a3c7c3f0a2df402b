//===- CudaTileIfCanonicalization.cpp - canonicalization of cuda_tile.if --===//
//
// Rewrite patterns registered by `IfOp::getCanonicalizationPatterns`, in the
// spirit of the upstream `scf.if` canonicalizations but aware of the ways a
// `cuda_tile.if` branch can end:
//
//  * `yield` hands values to the results of the `if`;
//  * `return`, `break` and `continue` leave the enclosing kernel or loop
//    iteration ("exits"): nothing after the `if` in its block runs when such
//    a branch was taken.
//
// Rules every pattern keeps:
//  * side effects are never speculated: a `select` only ever chooses between
//    values that already exist in front of the `if`;
//  * an exit is only moved into the block around the `if` where its op may
//    live there (`return` in an entry or if, `break` in a loop or if,
//    `continue` in a for, loop or if, see CudaTileCoreOps.td);
//  * `select` needs a condition of the values' shape, so it is only used for
//    scalar (rank 0) tiles; tokens and larger tiles stay in the `if`.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/IR/CudaTileOps.h"

#include "BoolNegation.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The value of a constant scalar `tile<i1>` (or any splat i1 constant).
std::optional<bool> getConstantBool(Value value) {
  Attribute attr;
  if (!value || !matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  auto dense = dyn_cast<DenseIntElementsAttr>(attr);
  if (!dense || !dense.isSplat() ||
      !dense.getElementType().isInteger(1))
    return std::nullopt;
  return dense.getSplatValue<APInt>().isOne();
}

/// Whether `value` is `xori(base, true)` (either operand order).
bool isNegationOf(Value value, Value base) {
  auto xorOp = value.getDefiningOp<XOrIOp>();
  if (!xorOp)
    return false;
  auto isTrue = [](Value v) {
    std::optional<bool> bit = getConstantBool(v);
    return bit && *bit;
  };
  return (xorOp.getLhs() == base && isTrue(xorOp.getRhs())) ||
         (xorOp.getRhs() == base && isTrue(xorOp.getLhs()));
}

Block *getThenBlock(IfOp op) { return &op.getThenRegion().front(); }

Block *getElseBlock(IfOp op) {
  Region &region = op.getElseRegion();
  return region.empty() ? nullptr : &region.front();
}

/// Whether `block` ends in `return`, `break` or `continue`.
bool exits(Block *block) {
  return block && isa<ReturnOp, BreakOp, ContinueOp>(block->getTerminator());
}

YieldOp getYield(Block *block) {
  return block ? dyn_cast<YieldOp>(block->getTerminator()) : YieldOp();
}

/// Whether the exit `terminator` may end a block whose parent op is
/// `parentOp` (the ParentOneOf lists of the terminators). The loop an exit
/// refers to does not change when it moves out of an `if` into the block
/// around it, so its operand types stay right.
bool mayEndBlockOf(Operation *terminator, Operation *parentOp) {
  if (isa<ReturnOp>(terminator))
    return isa<EntryOp, IfOp, TestingFuncOp>(parentOp);
  if (isa<BreakOp>(terminator))
    return isa<LoopOp, IfOp>(parentOp);
  if (isa<ContinueOp>(terminator))
    return isa<ForOp, LoopOp, IfOp>(parentOp);
  return false;
}

/// Erases `op` and everything after it in its block, last op first so that
/// every use goes before its definition.
void eraseFromOnward(Operation *op, PatternRewriter &rewriter) {
  Block *block = op->getBlock();
  while (true) {
    Operation *last = &block->back();
    rewriter.eraseOp(last);
    if (last == op)
      return;
  }
}

/// Replaces `op` by the body of `block` (one of its branches). A yield gives
/// the results; an exit makes the rest of the enclosing block unreachable.
/// Fails (changing nothing) where the exit may not end the enclosing block.
LogicalResult inlineBranch(IfOp op, Block *block, PatternRewriter &rewriter) {
  Operation *terminator = block->getTerminator();
  if (auto yield = dyn_cast<YieldOp>(terminator)) {
    SmallVector<Value> values(yield.getOperands());
    rewriter.eraseOp(yield);
    rewriter.inlineBlockBefore(block, op);
    rewriter.replaceOp(op, values);
    return success();
  }
  if (!mayEndBlockOf(terminator, op->getParentOp()))
    return failure();
  rewriter.inlineBlockBefore(block, op);
  eraseFromOnward(op, rewriter);
  return success();
}

/// Moves both regions of `from` into the (fresh, empty) regions of `to`.
void moveRegions(IfOp from, IfOp to, PatternRewriter &rewriter) {
  rewriter.inlineRegionBefore(from.getThenRegion(), to.getThenRegion(),
                              to.getThenRegion().end());
  rewriter.inlineRegionBefore(from.getElseRegion(), to.getElseRegion(),
                              to.getElseRegion().end());
}

/// Whether `select` can choose between values of `type` (tiles but f4 ones).
bool isSelectable(Type type) {
  auto tile = dyn_cast<TileType>(type);
  return tile && !isa<Float4E2M1FNType>(tile.getElementType());
}

/// `select %cond, %a, %b` on tiles of any shape; a scalar `cond` is first
/// reshaped to all-one dimensions and broadcast to the shape of `a`.
Value createSelect(PatternRewriter &rewriter, Location loc, Value cond,
                   Value a, Value b) {
  auto tile = cast<TileType>(a.getType());
  if (tile.getRank() != 0) {
    Type bit = rewriter.getI1Type();
    auto ones = TileType::get(SmallVector<int64_t>(tile.getRank(), 1), bit);
    cond = ReshapeOp::create(rewriter, loc, ones, cond);
    cond = BroadcastOp::create(rewriter, loc,
                               TileType::get(tile.getShape(), bit), cond);
  }
  return SelectOp::create(rewriter, loc, cond, a, b);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// `if %true`/`if %false`: the taken branch replaces the `if`. A branch that
/// exits also takes the rest of the enclosing block with it.
struct InlineConstantCondition : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<bool> condition = getConstantBool(op.getCondition());
    if (!condition)
      return failure();
    Block *taken = *condition ? getThenBlock(op) : getElseBlock(op);
    if (!taken) {
      // No else branch: nothing runs (and there are no results).
      rewriter.eraseOp(op);
      return success();
    }
    return inlineBranch(op, taken, rewriter);
  }
};

/// `if (xori %c, true) {A} else {B}` becomes `if %c {B} else {A}`.
struct SwapNegatedCondition : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getElseRegion().empty())
      return failure();
    Value positive = getNegatedOperand(op.getCondition());
    if (!positive)
      return failure();
    auto swapped =
        IfOp::create(rewriter, op.getLoc(), op.getResultTypes(), positive);
    swapped->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    rewriter.inlineRegionBefore(op.getElseRegion(), swapped.getThenRegion(),
                                swapped.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getThenRegion(), swapped.getElseRegion(),
                                swapped.getElseRegion().end());
    rewriter.replaceOp(op, swapped.getResults());
    return success();
  }
};

/// Results the two yields agree on need no `if`: the same value on both
/// sides is that value; constant true/false is the condition; constant
/// false/true is its negation.
struct ForwardYieldedValues : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    YieldOp thenYield = getYield(getThenBlock(op));
    YieldOp elseYield = getYield(getElseBlock(op));
    if (op->getNumResults() == 0 || !thenYield || !elseYield)
      return failure();
    Value condition = op.getCondition();
    bool changed = false;
    for (auto [result, onTrue, onFalse] :
         llvm::zip(op.getResults(), thenYield.getOperands(),
                   elseYield.getOperands())) {
      if (result.use_empty())
        continue;
      Value replacement;
      if (onTrue == onFalse) {
        replacement = onTrue;
      } else if (result.getType() == condition.getType()) {
        std::optional<bool> t = getConstantBool(onTrue);
        std::optional<bool> f = getConstantBool(onFalse);
        if (!t || !f || *t == *f)
          continue;
        if (*t) {
          replacement = condition;
        } else {
          rewriter.setInsertionPoint(op);
          auto bit = RankedTensorType::get({}, rewriter.getI1Type());
          Value one = ConstantOp::create(
              rewriter, op.getLoc(), DenseElementsAttr::get(bit, true));
          replacement = XOrIOp::create(rewriter, op.getLoc(), condition, one);
        }
      } else {
        continue;
      }
      rewriter.replaceAllUsesWith(result, replacement);
      changed = true;
    }
    return success(changed);
  }
};

/// Results whose value is known in front of the `if` leave it:
///  * where one branch exits, the other branch's yielded value (when it is
///    defined outside the `if`) is the result;
///  * where both yield values defined outside the `if`, the result is
///    `select %cond, %a, %b` (the condition broadcast to their shape), or
///    the value itself when both are the same.
/// Values computed inside a branch stay yielded: nothing is speculated.
struct HoistYieldsToSelect : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    if (op->getNumResults() == 0)
      return failure();
    YieldOp thenYield = getYield(getThenBlock(op));
    YieldOp elseYield = getYield(getElseBlock(op));
    if (!thenYield && !elseYield)
      return failure();
    // With one branch exiting, the result only matters after the other.
    ValueRange onTrue = (thenYield ? thenYield : elseYield).getOperands();
    ValueRange onFalse = (elseYield ? elseYield : thenYield).getOperands();

    auto definedOutside = [&](Value value) {
      return !op->isAncestor(value.getParentRegion()->getParentOp());
    };
    SmallVector<unsigned> kept;
    SmallVector<Value> outside(op->getNumResults());
    for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
      Value t = onTrue[i], f = onFalse[i];
      if (!definedOutside(t) || !definedOutside(f) ||
          (t != f && !isSelectable(t.getType()))) {
        kept.push_back(i);
        continue;
      }
      outside[i] = t;
    }
    if (kept.size() == op->getNumResults())
      return failure();

    rewriter.setInsertionPoint(op);
    SmallVector<Value> replacements(op->getNumResults());
    for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
      if (!outside[i])
        continue;
      Value t = onTrue[i], f = onFalse[i];
      replacements[i] =
          t == f ? t
                 : createSelect(rewriter, op.getLoc(), op.getCondition(), t, f);
    }

    SmallVector<Type> keptTypes;
    for (unsigned i : kept)
      keptTypes.push_back(op->getResult(i).getType());
    auto narrowed =
        IfOp::create(rewriter, op.getLoc(), keptTypes, op.getCondition());
    narrowed->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    for (YieldOp yield : {thenYield, elseYield}) {
      if (!yield)
        continue;
      SmallVector<Value> operands;
      for (unsigned i : kept)
        operands.push_back(yield.getOperand(i));
      rewriter.modifyOpInPlace(yield, [&] { yield->setOperands(operands); });
    }
    moveRegions(op, narrowed, rewriter);
    for (auto [index, i] : llvm::enumerate(kept))
      replacements[i] = narrowed.getResult(index);
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

/// Results without uses are dropped from the `if` and its yields.
struct DropUnusedResults : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<unsigned> used;
    for (OpResult result : op->getResults())
      if (!result.use_empty())
        used.push_back(result.getResultNumber());
    if (used.size() == op->getNumResults())
      return failure();
    SmallVector<Type> types;
    for (unsigned i : used)
      types.push_back(op->getResult(i).getType());
    auto narrowed =
        IfOp::create(rewriter, op.getLoc(), types, op.getCondition());
    narrowed->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    for (Block *block : {getThenBlock(op), getElseBlock(op)}) {
      YieldOp yield = getYield(block);
      if (!yield)
        continue;
      SmallVector<Value> operands;
      for (unsigned i : used)
        operands.push_back(yield.getOperand(i));
      rewriter.modifyOpInPlace(yield, [&] { yield->setOperands(operands); });
    }
    moveRegions(op, narrowed, rewriter);
    SmallVector<Value> replacements(op->getNumResults());
    for (auto [index, i] : llvm::enumerate(used))
      replacements[i] = narrowed.getResult(index);
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

/// An else branch that only yields (nothing: the `if` has no results) is
/// dropped.
struct DropEmptyElse : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    Block *elseBlock = getElseBlock(op);
    if (op->getNumResults() != 0 || !elseBlock ||
        !llvm::hasSingleElement(*elseBlock) || !getYield(elseBlock))
      return failure();
    rewriter.eraseBlock(elseBlock);
    return success();
  }
};

/// Two adjacent `if`s on the same condition (or on a condition and its
/// negation) become one. Uses of the first `if`'s results inside the second
/// are replaced by the values the matching branch of the first yields. A
/// branch of the second `if` behind an exiting branch of the first never
/// runs and is dropped.
struct MergeAdjacentIfs : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  /// Appends `tail` to `head` (`head` ends in a yield of the first `if`'s
  /// values): the yields are concatenated, or `tail`'s exit ends the block.
  static void appendBlock(Block *head, Block *tail, Location loc,
                          PatternRewriter &rewriter) {
    auto headYield = cast<YieldOp>(head->getTerminator());
    SmallVector<Value> values(headYield.getOperands());
    rewriter.eraseOp(headYield);
    YieldOp tailYield = getYield(tail);
    rewriter.mergeBlocks(tail, head);
    if (!tailYield)
      return;
    llvm::append_range(values, tailYield.getOperands());
    rewriter.setInsertionPoint(tailYield);
    rewriter.replaceOpWithNewOp<YieldOp>(tailYield, values);
  }

  LogicalResult matchAndRewrite(IfOp next,
                                PatternRewriter &rewriter) const override {
    auto prev = dyn_cast_or_null<IfOp>(next->getPrevNode());
    if (!prev)
      return failure();
    Value condition = prev.getCondition();
    // The blocks of `next` that run after the then / else branch of `prev`.
    Block *afterThen = nullptr, *afterElse = nullptr;
    if (next.getCondition() == condition) {
      afterThen = getThenBlock(next);
      afterElse = getElseBlock(next);
    } else if (isNegationOf(next.getCondition(), condition) ||
               isNegationOf(condition, next.getCondition())) {
      afterThen = getElseBlock(next);
      afterElse = getThenBlock(next);
    } else {
      return failure();
    }
    Block *prevThen = getThenBlock(prev);
    Block *prevElse = getElseBlock(prev);
    if (exits(prevThen))
      afterThen = nullptr;
    if (exits(prevElse))
      afterElse = nullptr;

    if (!afterThen && !afterElse) {
      // `next` never runs a branch (only an else-less `if` gets here when
      // `prev` does not exit on both sides; it has no results).
      if (next->getNumResults() != 0)
        return failure();
      rewriter.eraseOp(next);
      return success();
    }

    // Inside `next`, the results of `prev` are what the matching branch of
    // `prev` yielded.
    for (auto [index, result] : llvm::enumerate(prev->getResults())) {
      for (OpOperand &use : llvm::make_early_inc_range(result.getUses())) {
        Operation *owner = use.getOwner();
        Value replacement;
        if (afterThen && afterThen->getParent()->isAncestor(
                             owner->getParentRegion()))
          replacement = getYield(prevThen).getOperand(index);
        else if (afterElse && afterElse->getParent()->isAncestor(
                                  owner->getParentRegion()))
          replacement = getYield(prevElse).getOperand(index);
        if (replacement)
          rewriter.modifyOpInPlace(owner, [&] { use.set(replacement); });
      }
    }

    SmallVector<Type> types(prev.getResultTypes());
    llvm::append_range(types, next.getResultTypes());
    rewriter.setInsertionPoint(next);
    auto merged = IfOp::create(rewriter, next.getLoc(), types, condition);
    moveRegions(prev, merged, rewriter);
    Block *mergedThen = getThenBlock(merged);
    if (afterThen)
      appendBlock(mergedThen, afterThen, next.getLoc(), rewriter);
    if (afterElse) {
      if (Block *mergedElse = getElseBlock(merged)) {
        appendBlock(mergedElse, afterElse, next.getLoc(), rewriter);
      } else {
        Block *fresh = rewriter.createBlock(&merged.getElseRegion());
        rewriter.mergeBlocks(afterElse, fresh);
      }
    }

    unsigned prevCount = prev->getNumResults();
    rewriter.replaceOp(prev, merged.getResults().take_front(prevCount));
    rewriter.replaceOp(next, merged.getResults().drop_front(prevCount));
    return success();
  }
};

/// `if %a { if %b { X } }` becomes `if (andi %a, %b) { X }`, where the
/// outer then branch holds nothing but the inner `if` and the else branches
/// (if any) only yield. The inner then branch may exit when neither `if`
/// has an else branch. An outer result yielded from outside the `if`s is
/// `select %a, ...` (tiles only); one forwarded from the inner `if`
/// needs the inner else to yield what the outer else yields.
struct MergeNestedIfs : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    Block *outerThen = getThenBlock(op);
    auto body = outerThen->without_terminator();
    if (!llvm::hasSingleElement(body))
      return failure();
    auto inner = dyn_cast<IfOp>(*body.begin());
    if (!inner)
      return failure();
    YieldOp outerThenYield = getYield(outerThen);
    Block *outerElse = getElseBlock(op);
    Block *innerThen = getThenBlock(inner);
    Block *innerElse = getElseBlock(inner);
    if (!outerThenYield)
      return failure();
    if (outerElse &&
        (!llvm::hasSingleElement(*outerElse) || !getYield(outerElse)))
      return failure();
    if (innerElse &&
        (!llvm::hasSingleElement(*innerElse) || !getYield(innerElse)))
      return failure();
    YieldOp innerThenYield = getYield(innerThen);
    if (!innerThenYield && (outerElse || innerElse))
      return failure();

    SmallVector<Value> thenValues(outerThenYield.getOperands());
    SmallVector<Value> elseValues;
    if (outerElse)
      llvm::append_range(elseValues, getYield(outerElse).getOperands());
    SmallVector<unsigned> selects;
    for (auto [i, value] : llvm::enumerate(thenValues)) {
      if (auto result = dyn_cast<OpResult>(value);
          result && result.getOwner() == inner) {
        unsigned n = result.getResultNumber();
        if (getYield(innerElse).getOperand(n) != elseValues[i])
          return failure();
        thenValues[i] = innerThenYield.getOperand(n);
        continue;
      }
      // Defined outside `op` (the outer then branch holds only `inner`).
      if (!isSelectable(value.getType()))
        return failure();
      selects.push_back(i);
    }

    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    Value both =
        AndIOp::create(rewriter, loc, op.getCondition(), inner.getCondition());
    SmallVector<Value> replacements(op->getNumResults());
    for (unsigned i : selects)
      replacements[i] = createSelect(rewriter, loc, op.getCondition(),
                                     thenValues[i], elseValues[i]);
    auto merged = IfOp::create(rewriter, loc, op.getResultTypes(), both);
    merged->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    Block *mergedThen = rewriter.createBlock(&merged.getThenRegion());
    rewriter.mergeBlocks(innerThen, mergedThen);
    if (innerThenYield) {
      rewriter.setInsertionPoint(innerThenYield);
      rewriter.replaceOpWithNewOp<YieldOp>(innerThenYield, thenValues);
    }
    if (outerElse) {
      Block *mergedElse = rewriter.createBlock(&merged.getElseRegion());
      rewriter.setInsertionPointToEnd(mergedElse);
      YieldOp::create(rewriter, loc, elseValues);
    }
    for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
      if (!replacements[i])
        replacements[i] = merged.getResult(i);
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

/// `if %c { ...; exit } else { ...; exit }; rest` becomes
/// `if %c { ...; exit }; ...; exit`: the else branch moves into the
/// enclosing block and `rest`, which never runs, goes.
struct HoistElseExit : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    Block *elseBlock = getElseBlock(op);
    if (!exits(getThenBlock(op)) || !exits(elseBlock) ||
        !mayEndBlockOf(elseBlock->getTerminator(), op->getParentOp()))
      return failure();
    rewriter.setInsertionPoint(op);
    auto thenOnly = IfOp::create(rewriter, op.getLoc(), TypeRange(),
                                 op.getCondition());
    thenOnly->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    rewriter.inlineRegionBefore(op.getThenRegion(), thenOnly.getThenRegion(),
                                thenOnly.getThenRegion().end());
    return inlineBranch(op, elseBlock, rewriter);
  }
};

} // namespace

Value mlir::cuda_tile::getNegatedOperand(Value value) {
  auto xorOp = value.getDefiningOp<XOrIOp>();
  if (!xorOp)
    return {};
  if (isNegationOf(value, xorOp.getLhs()))
    return xorOp.getLhs();
  if (isNegationOf(value, xorOp.getRhs()))
    return xorOp.getRhs();
  return {};
}

void IfOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                       MLIRContext *context) {
  results.add<InlineConstantCondition, SwapNegatedCondition,
              ForwardYieldedValues, HoistYieldsToSelect, DropUnusedResults,
              DropEmptyElse, MergeAdjacentIfs, MergeNestedIfs, HoistElseExit>(
      context);
}
