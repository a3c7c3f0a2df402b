//===- IntegerFacts.cpp - what is known about integer tiles ---------------===//

#include "cuda_tile/Analysis/IntegerFacts.h"

#include "mlir/IR/Matchers.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Operator.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using llvm::APInt;
using llvm::ConstantRange;

unsigned mlir::cuda_tile::getIntWidth(Type type) {
  auto tile = dyn_cast<TileType>(type);
  if (!tile)
    return 0;
  auto integer = dyn_cast<IntegerType>(tile.getElementType());
  return integer ? integer.getWidth() : 0;
}

unsigned mlir::cuda_tile::getAssumedTrailingZeros(AssumeOp assume) {
  auto divBy = dyn_cast<DivByAttr>(assume.getPredicate());
  if (!divBy || divBy.getEvery() || divBy.getAlong() || !divBy.getDivisor())
    return 0;
  return llvm::countr_zero(divBy.getDivisor());
}

std::optional<APInt> mlir::cuda_tile::getSplatInt(Value value) {
  Attribute attr;
  if (!value || !matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  auto dense = dyn_cast<DenseIntElementsAttr>(attr);
  if (!dense || !dense.isSplat())
    return std::nullopt;
  return dense.getSplatValue<APInt>();
}

std::optional<IntOpInfo> mlir::cuda_tile::classifyIntOp(Operation *op) {
  if (op->getNumResults() != 1 || !getIntWidth(op->getResult(0).getType()))
    return std::nullopt;
  IntOpInfo info{IntOpKind::Add};
  auto kindBySign = [](Signedness s, IntOpKind ifSigned, IntOpKind ifUnsigned) {
    return s == Signedness::Signed ? ifSigned : ifUnsigned;
  };
  bool known =
      llvm::TypeSwitch<Operation *, bool>(op)
          .Case([&](AddIOp o) {
            info.kind = IntOpKind::Add;
            info.overflow = o.getOverflow();
            return true;
          })
          .Case([&](SubIOp o) {
            info.kind = IntOpKind::Sub;
            info.overflow = o.getOverflow();
            return true;
          })
          .Case([&](MulIOp o) {
            info.kind = IntOpKind::Mul;
            info.overflow = o.getOverflow();
            return true;
          })
          .Case([&](ShLIOp o) {
            info.kind = IntOpKind::Shl;
            info.overflow = o.getOverflow();
            return true;
          })
          .Case([&](NegIOp o) {
            info.kind = IntOpKind::Neg;
            info.overflow = o.getOverflow();
            return true;
          })
          .Case([&](DivIOp o) {
            info.kind = kindBySign(o.getSignedness(), IntOpKind::DivS,
                                   IntOpKind::DivU);
            info.rounding = o.getRounding();
            return true;
          })
          .Case([&](RemIOp o) {
            info.kind = kindBySign(o.getSignedness(), IntOpKind::RemS,
                                   IntOpKind::RemU);
            return true;
          })
          .Case([&](AbsIOp) {
            info.kind = IntOpKind::Abs;
            return true;
          })
          .Case([&](AndIOp) {
            info.kind = IntOpKind::And;
            return true;
          })
          .Case([&](OrIOp) {
            info.kind = IntOpKind::Or;
            return true;
          })
          .Case([&](XOrIOp) {
            info.kind = IntOpKind::Xor;
            return true;
          })
          .Case([&](ShRIOp o) {
            info.kind = kindBySign(o.getSignedness(), IntOpKind::ShrS,
                                   IntOpKind::ShrU);
            return true;
          })
          .Case([&](MinIOp o) {
            info.kind = kindBySign(o.getSignedness(), IntOpKind::MinS,
                                   IntOpKind::MinU);
            return true;
          })
          .Case([&](MaxIOp o) {
            info.kind = kindBySign(o.getSignedness(), IntOpKind::MaxS,
                                   IntOpKind::MaxU);
            return true;
          })
          .Case([&](CmpIOp o) {
            info.kind = IntOpKind::Cmp;
            info.predicate = o.getComparisonPredicate();
            info.cmpSigned = o.getSignedness() == Signedness::Signed;
            return true;
          })
          .Case([&](SelectOp) {
            info.kind = IntOpKind::Select;
            return true;
          })
          .Case([&](ExtIOp o) {
            info.kind = kindBySign(o.getSignedness(), IntOpKind::ExtS,
                                   IntOpKind::ExtU);
            return true;
          })
          .Case([&](TruncIOp) {
            info.kind = IntOpKind::Trunc;
            return true;
          })
          .Default([](Operation *) { return false; });
  if (!known)
    return std::nullopt;
  return info;
}

static llvm::CmpInst::Predicate toLLVMPredicate(ComparisonPredicate predicate,
                                                bool isSigned) {
  using P = llvm::CmpInst::Predicate;
  switch (predicate) {
  case ComparisonPredicate::Equal:
    return P::ICMP_EQ;
  case ComparisonPredicate::NotEqual:
    return P::ICMP_NE;
  case ComparisonPredicate::LessThan:
    return isSigned ? P::ICMP_SLT : P::ICMP_ULT;
  case ComparisonPredicate::LessThanOrEqual:
    return isSigned ? P::ICMP_SLE : P::ICMP_ULE;
  case ComparisonPredicate::GreaterThan:
    return isSigned ? P::ICMP_SGT : P::ICMP_UGT;
  case ComparisonPredicate::GreaterThanOrEqual:
    return isSigned ? P::ICMP_SGE : P::ICMP_UGE;
  }
  llvm_unreachable("unknown comparison predicate");
}

std::optional<bool>
mlir::cuda_tile::evaluateComparison(ComparisonPredicate predicate,
                                    bool isSigned, const ConstantRange &lhs,
                                    const ConstantRange &rhs) {
  if (lhs.isEmptySet() || rhs.isEmptySet())
    return std::nullopt;
  llvm::CmpInst::Predicate pred = toLLVMPredicate(predicate, isSigned);
  if (lhs.icmp(pred, rhs))
    return true;
  if (lhs.icmp(llvm::CmpInst::getInversePredicate(pred), rhs))
    return false;
  return std::nullopt;
}

ConstantRange mlir::cuda_tile::transferRange(const IntOpInfo &info,
                                             ArrayRef<ConstantRange> ops,
                                             unsigned width) {
  unsigned noWrap = 0;
  if (info.overflow == IntegerOverflow::NoSignedWrap ||
      info.overflow == IntegerOverflow::NoWrap)
    noWrap |= llvm::OverflowingBinaryOperator::NoSignedWrap;
  if (info.overflow == IntegerOverflow::NoUnsignedWrap ||
      info.overflow == IntegerOverflow::NoWrap)
    noWrap |= llvm::OverflowingBinaryOperator::NoUnsignedWrap;
  ConstantRange full = ConstantRange::getFull(width);
  // {0, 1} and {-1, 0}: what floor / ceil add to a truncating quotient.
  auto upByOne = [&](const ConstantRange &r) {
    return r.add(ConstantRange(APInt(width, 0), APInt(width, 2)));
  };
  auto downByOne = [&](const ConstantRange &r) {
    return r.add(ConstantRange(APInt::getAllOnes(width), APInt(width, 1)));
  };
  switch (info.kind) {
  case IntOpKind::Add:
    return noWrap ? ops[0].addWithNoWrap(ops[1], noWrap) : ops[0].add(ops[1]);
  case IntOpKind::Sub:
    return noWrap ? ops[0].subWithNoWrap(ops[1], noWrap) : ops[0].sub(ops[1]);
  case IntOpKind::Mul:
    return noWrap ? ops[0].multiplyWithNoWrap(ops[1], noWrap)
                  : ops[0].multiply(ops[1]);
  case IntOpKind::Shl: {
    // Amounts of the width or more give 0 in cuda_tile; LLVM's transfer
    // functions treat them as poison and leave them out.
    ConstantRange inRange = ops[1].intersectWith(
        ConstantRange(APInt::getZero(width), APInt(width, width)));
    ConstantRange shifted =
        inRange.isEmptySet() ? ConstantRange::getEmpty(width)
        : noWrap             ? ops[0].shlWithNoWrap(inRange, noWrap)
                             : ops[0].shl(inRange);
    if (ops[1].getUnsignedMax().uge(width))
      shifted = shifted.unionWith(ConstantRange(APInt::getZero(width)));
    return shifted;
  }
  case IntOpKind::Neg: {
    ConstantRange zero(APInt::getZero(width));
    return noWrap ? zero.subWithNoWrap(ops[0], noWrap) : zero.sub(ops[0]);
  }
  case IntOpKind::DivS: {
    ConstantRange quotient = ops[0].sdiv(ops[1]);
    bool exactIsFloor =
        ops[0].isAllNonNegative() && ops[1].isAllNonNegative();
    if (info.rounding == RoundingMode::NegativeInf && !exactIsFloor)
      return downByOne(quotient);
    if (info.rounding == RoundingMode::PositiveInf)
      return upByOne(quotient);
    return quotient;
  }
  case IntOpKind::DivU: {
    ConstantRange quotient = ops[0].udiv(ops[1]);
    if (info.rounding == RoundingMode::PositiveInf)
      return upByOne(quotient);
    return quotient;
  }
  case IntOpKind::RemS:
    return ops[0].srem(ops[1]);
  case IntOpKind::RemU:
    return ops[0].urem(ops[1]);
  case IntOpKind::Abs:
    return ops[0].abs();
  case IntOpKind::And:
    return ops[0].binaryAnd(ops[1]);
  case IntOpKind::Or:
    return ops[0].binaryOr(ops[1]);
  case IntOpKind::Xor:
    return ops[0].binaryXor(ops[1]);
  case IntOpKind::ShrS:
    return ops[0].ashr(ops[1]);
  case IntOpKind::ShrU:
    return ops[0].lshr(ops[1]);
  case IntOpKind::MinS:
    return ops[0].smin(ops[1]);
  case IntOpKind::MaxS:
    return ops[0].smax(ops[1]);
  case IntOpKind::MinU:
    return ops[0].umin(ops[1]);
  case IntOpKind::MaxU:
    return ops[0].umax(ops[1]);
  case IntOpKind::Cmp: {
    std::optional<bool> known =
        evaluateComparison(info.predicate, info.cmpSigned, ops[0], ops[1]);
    if (!known)
      return ConstantRange::getFull(1);
    return ConstantRange(APInt(1, *known));
  }
  case IntOpKind::Select: {
    if (const APInt *condition = ops[0].getSingleElement())
      return condition->isOne() ? ops[1] : ops[2];
    return ops[1].unionWith(ops[2]);
  }
  case IntOpKind::ExtS:
    return ops[0].signExtend(width);
  case IntOpKind::ExtU:
    return ops[0].zeroExtend(width);
  case IntOpKind::Trunc:
    return ops[0].truncate(width);
  }
  return full;
}

//===----------------------------------------------------------------------===//
// Ranges
//===----------------------------------------------------------------------===//

/// The signed interval [lo, hi] of width `width`, both ends clamped to it.
static ConstantRange signedInterval(unsigned width, std::optional<int64_t> lo,
                                    std::optional<int64_t> hi) {
  APInt min = APInt::getSignedMinValue(width);
  APInt max = APInt::getSignedMaxValue(width);
  APInt lower = min, upper = max;
  if (lo && *lo > min.getSExtValue())
    lower = *lo > max.getSExtValue() ? max
                                     : APInt(width, *lo, /*isSigned=*/true);
  if (hi && *hi < max.getSExtValue())
    upper = *hi < min.getSExtValue() ? min
                                     : APInt(width, *hi, /*isSigned=*/true);
  if (lower.sgt(upper))
    return ConstantRange::getFull(width);
  return ConstantRange::getNonEmpty(lower, upper + 1);
}

/// The range of the induction variable of `forOp`: below the upper bound
/// (the body only runs then) and, with a positive step, at least the lower
/// bound.
static ConstantRange inductionRange(ForOp forOp, const ConstantRange &lb,
                                    const ConstantRange &ub,
                                    const ConstantRange &step) {
  unsigned width = lb.getBitWidth();
  bool isSigned = !forOp.getUnsignedCmp();
  ConstantRange full = ConstantRange::getFull(width);
  if (lb.isEmptySet() || ub.isEmptySet() || step.isEmptySet())
    return full;
  APInt ubMax = isSigned ? ub.getSignedMax() : ub.getUnsignedMax();
  if (isSigned ? ubMax.isMinSignedValue() : ubMax.isZero())
    return full; // the body never runs
  APInt hi = ubMax - 1;
  APInt lo = isSigned ? APInt::getSignedMinValue(width) : APInt(width, 0);
  bool stepPositive = isSigned ? step.getSignedMin().sgt(0)
                               : step.getUnsignedMin().ugt(0);
  if (stepPositive)
    lo = isSigned ? lb.getSignedMin() : lb.getUnsignedMin();
  if (isSigned ? lo.sgt(hi) : lo.ugt(hi))
    return full;
  return ConstantRange::getNonEmpty(lo, hi + 1);
}

ConstantRange IntegerFacts::getRange(Value value) {
  return getRange(value, 0);
}

ConstantRange IntegerFacts::getRange(Value value, unsigned depth) {
  auto it = ranges.find(value);
  if (it != ranges.end())
    return it->second;
  ConstantRange range = computeRange(value, depth);
  if (depth <= depthLimit)
    ranges.try_emplace(value, range);
  return range;
}

ConstantRange IntegerFacts::indexSpaceRange(GetIndexSpaceShapeOp query,
                                            unsigned dim, unsigned width,
                                            unsigned depth) {
  // Tile counts are not negative (a count that does not fit the result
  // type is undefined behaviour).
  ConstantRange counts = ConstantRange::getNonEmpty(
      APInt(width, 0), APInt::getSignedMinValue(width));
  // A partition view of a tensor view made here: ceil(extent / tile), the
  // extent a constant or its operand's range.
  auto view = query.getSrc().getDefiningOp<MakePartitionViewOp>();
  auto tensor = view ? view.getTensorView().getDefiningOp<MakeTensorViewOp>()
                     : MakeTensorViewOp();
  if (!tensor)
    return counts;
  auto viewType = cast<PartitionViewType>(view.getType());
  int64_t extentDim = viewType.getDimMap()[dim];
  ArrayRef<int64_t> shape = viewType.getTensorView().getShape();
  int64_t maxExtent = shape[extentDim];
  if (ShapedType::isDynamic(maxExtent)) {
    Value extent = tensor.getDynamicShape()[llvm::count_if(
        shape.take_front(extentDim), ShapedType::isDynamic)];
    if (getIntWidth(extent.getType()) > 64)
      return counts;
    maxExtent = getRange(extent, depth + 1).getSignedMax().getSExtValue();
  }
  int64_t tile = viewType.getTileShape()[dim];
  if (maxExtent < 0 || tile <= 0)
    return counts;
  uint64_t maxCount = maxExtent / tile + (maxExtent % tile != 0);
  if (width < 64 && maxCount >= (uint64_t(1) << (width - 1)))
    return counts;
  return ConstantRange::getNonEmpty(APInt(width, 0),
                                    APInt(width, maxCount) + 1);
}

ConstantRange IntegerFacts::computeRange(Value value, unsigned depth) {
  unsigned width = getIntWidth(value.getType());
  assert(width && "ranges are only known for integer tiles");
  ConstantRange full = ConstantRange::getFull(width);
  if (depth > depthLimit)
    return full;

  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto forOp = dyn_cast_or_null<ForOp>(arg.getOwner()->getParentOp());
    if (!forOp || arg.getArgNumber() != 0)
      return full;
    return inductionRange(forOp, getRange(forOp.getLowerBound(), depth + 1),
                          getRange(forOp.getUpperBound(), depth + 1),
                          getRange(forOp.getStep(), depth + 1));
  }

  Operation *op = value.getDefiningOp();
  if (auto constant = dyn_cast<ConstantOp>(op)) {
    auto dense = dyn_cast<DenseIntElementsAttr>(constant.getValue());
    if (!dense)
      return full;
    if (dense.isSplat())
      return ConstantRange(dense.getSplatValue<APInt>());
    if (dense.getNumElements() > (1 << 16))
      return full;
    APInt lo = APInt::getSignedMaxValue(width);
    APInt hi = APInt::getSignedMinValue(width);
    for (const APInt &element : dense.getValues<APInt>()) {
      if (element.slt(lo))
        lo = element;
      if (element.sgt(hi))
        hi = element;
    }
    return ConstantRange::getNonEmpty(lo, hi + 1);
  }
  if (auto assume = dyn_cast<AssumeOp>(op)) {
    ConstantRange range = getRange(assume.getValue(), depth + 1);
    if (auto bounded = dyn_cast<BoundedAttr>(assume.getPredicate()))
      range = range.intersectWith(
          signedInterval(width, bounded.getLb(), bounded.getUb()),
          ConstantRange::Signed);
    return range;
  }
  if (auto iota = dyn_cast<IotaOp>(op)) {
    int64_t count = cast<TileType>(iota.getType()).getShape().front();
    if (width < 64 && count >= (int64_t(1) << width))
      return full;
    return ConstantRange::getNonEmpty(APInt(width, 0),
                                      APInt(width, count, false, true));
  }
  if (isa<GetTileBlockIdOp>(op))
    return ConstantRange::getNonEmpty(APInt(width, 0),
                                      APInt::getSignedMinValue(width));
  if (isa<GetNumTileBlocksOp>(op))
    return ConstantRange::getNonEmpty(APInt(width, 1),
                                      APInt::getSignedMinValue(width));
  if (auto query = dyn_cast<GetIndexSpaceShapeOp>(op))
    return indexSpaceRange(query, cast<OpResult>(value).getResultNumber(),
                           width, depth);
  if (isa<GetTensorShapeOp>(op))
    return ConstantRange::getNonEmpty(APInt(width, 0),
                                      APInt::getSignedMinValue(width));
  if (isa<BroadcastOp, ReshapeOp, PermuteOp, ExtractOp>(op))
    return getRange(op->getOperand(0), depth + 1);
  if (auto cat = dyn_cast<CatOp>(op))
    return getRange(cat.getLhs(), depth + 1)
        .unionWith(getRange(cat.getRhs(), depth + 1));

  std::optional<IntOpInfo> info = classifyIntOp(op);
  if (!info)
    return full;
  SmallVector<ConstantRange, 3> operands;
  for (Value operand : op->getOperands()) {
    if (!getIntWidth(operand.getType()))
      return full;
    operands.push_back(getRange(operand, depth + 1));
  }
  return transferRange(*info, operands, width);
}

bool IntegerFacts::provesNonEmpty(ForOp forOp) {
  ConstantRange lb = getRange(forOp.getLowerBound());
  ConstantRange ub = getRange(forOp.getUpperBound());
  if (lb.isEmptySet() || ub.isEmptySet())
    return false;
  if (forOp.getUnsignedCmp())
    return lb.getUnsignedMax().ult(ub.getUnsignedMin());
  return lb.getSignedMax().slt(ub.getSignedMin());
}

//===----------------------------------------------------------------------===//
// Known trailing zeros
//===----------------------------------------------------------------------===//

unsigned IntegerFacts::getKnownTrailingZeros(Value value) {
  return getKnownTrailingZeros(value, 0);
}

unsigned IntegerFacts::getKnownTrailingZeros(Value value, unsigned depth) {
  auto it = trailingZeros.find(value);
  if (it != trailingZeros.end())
    return it->second;
  unsigned zeros = computeTrailingZeros(value, depth);
  if (depth <= depthLimit)
    trailingZeros.try_emplace(value, zeros);
  return zeros;
}

unsigned IntegerFacts::computeTrailingZeros(Value value, unsigned depth) {
  unsigned width = getIntWidth(value.getType());
  if (!width || depth > depthLimit)
    return 0;
  auto recurse = [&](Value v) {
    return getIntWidth(v.getType()) ? getKnownTrailingZeros(v, depth + 1) : 0;
  };
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto forOp = dyn_cast_or_null<ForOp>(arg.getOwner()->getParentOp());
    if (!forOp || arg.getArgNumber() != 0)
      return 0;
    return std::min(recurse(forOp.getLowerBound()), recurse(forOp.getStep()));
  }
  Operation *op = value.getDefiningOp();
  if (auto constant = dyn_cast<ConstantOp>(op)) {
    auto dense = dyn_cast<DenseIntElementsAttr>(constant.getValue());
    if (!dense)
      return 0;
    unsigned zeros = width;
    for (const APInt &element : dense.getValues<APInt>()) {
      zeros = std::min(zeros, element.countr_zero());
      if (dense.isSplat() || zeros == 0)
        break;
    }
    return zeros;
  }
  if (auto assume = dyn_cast<AssumeOp>(op)) {
    return std::max(recurse(assume.getValue()),
                    std::min(width, getAssumedTrailingZeros(assume)));
  }
  if (isa<BroadcastOp, ReshapeOp, PermuteOp, ExtractOp>(op))
    return recurse(op->getOperand(0));
  std::optional<IntOpInfo> info = classifyIntOp(op);
  if (!info)
    return 0;
  auto constantShift = [&](Value amount) -> std::optional<unsigned> {
    std::optional<APInt> shift = getSplatInt(amount);
    if (!shift || shift->uge(width))
      return std::nullopt;
    return shift->getZExtValue();
  };
  switch (info->kind) {
  case IntOpKind::Add:
  case IntOpKind::Sub:
  case IntOpKind::Or:
  case IntOpKind::Xor:
    return std::min(recurse(op->getOperand(0)), recurse(op->getOperand(1)));
  case IntOpKind::Mul:
    return std::min(width,
                    recurse(op->getOperand(0)) + recurse(op->getOperand(1)));
  case IntOpKind::And:
    return std::max(recurse(op->getOperand(0)), recurse(op->getOperand(1)));
  case IntOpKind::Neg:
    return recurse(op->getOperand(0));
  case IntOpKind::Shl:
    if (std::optional<unsigned> shift = constantShift(op->getOperand(1)))
      return std::min(width, recurse(op->getOperand(0)) + *shift);
    return recurse(op->getOperand(0));
  case IntOpKind::Select:
    return std::min(recurse(op->getOperand(1)), recurse(op->getOperand(2)));
  case IntOpKind::ExtS:
  case IntOpKind::ExtU: {
    unsigned inner = recurse(op->getOperand(0));
    return inner >= getIntWidth(op->getOperand(0).getType()) ? width : inner;
  }
  case IntOpKind::Trunc:
    return std::min(width, recurse(op->getOperand(0)));
  case IntOpKind::MinS:
  case IntOpKind::MaxS:
  case IntOpKind::MinU:
  case IntOpKind::MaxU:
    return std::min(recurse(op->getOperand(0)), recurse(op->getOperand(1)));
  default:
    return 0;
  }
}

//===----------------------------------------------------------------------===//
// Linear forms and relations
//===----------------------------------------------------------------------===//

namespace {
/// sum(coefficient * value) + constant, modulo 2^width.
struct LinearForm {
  llvm::SmallDenseMap<Value, APInt, 4> terms;
  APInt constant;
};
} // namespace

/// Adds `scale * value` to `form`.
static void accumulateLinear(Value value, const APInt &scale, LinearForm &form,
                             unsigned depth) {
  if (scale.isZero())
    return;
  if (std::optional<APInt> c = getSplatInt(value)) {
    form.constant += scale * *c;
    return;
  }
  Operation *op = value.getDefiningOp();
  if (depth < 16 && op) {
    if (auto add = dyn_cast<AddIOp>(op)) {
      accumulateLinear(add.getLhs(), scale, form, depth + 1);
      accumulateLinear(add.getRhs(), scale, form, depth + 1);
      return;
    }
    if (auto sub = dyn_cast<SubIOp>(op)) {
      accumulateLinear(sub.getLhs(), scale, form, depth + 1);
      accumulateLinear(sub.getRhs(), -scale, form, depth + 1);
      return;
    }
    if (auto neg = dyn_cast<NegIOp>(op)) {
      accumulateLinear(neg.getSource(), -scale, form, depth + 1);
      return;
    }
    if (auto mul = dyn_cast<MulIOp>(op)) {
      if (std::optional<APInt> c = getSplatInt(mul.getRhs())) {
        accumulateLinear(mul.getLhs(), scale * *c, form, depth + 1);
        return;
      }
      if (std::optional<APInt> c = getSplatInt(mul.getLhs())) {
        accumulateLinear(mul.getRhs(), scale * *c, form, depth + 1);
        return;
      }
    }
    if (auto shl = dyn_cast<ShLIOp>(op)) {
      std::optional<APInt> c = getSplatInt(shl.getRhs());
      if (c && c->ult(scale.getBitWidth())) {
        accumulateLinear(shl.getLhs(), scale.shl(c->getZExtValue()), form,
                         depth + 1);
        return;
      }
    }
  }
  auto [it, inserted] = form.terms.try_emplace(value, scale);
  if (!inserted)
    it->second += scale;
}

std::optional<APInt> IntegerFacts::getConstantDifference(Value a, Value b) {
  unsigned width = getIntWidth(a.getType());
  if (!width || a.getType() != b.getType())
    return std::nullopt;
  LinearForm form;
  form.constant = APInt(width, 0);
  accumulateLinear(a, APInt(width, 1), form, 0);
  accumulateLinear(b, APInt::getAllOnes(width), form, 0);
  for (auto &term : form.terms)
    if (!term.second.isZero())
      return std::nullopt;
  return form.constant;
}

/// The induction variable's loop when `value` is one.
static ForOp inductionLoopOf(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || arg.getArgNumber() != 0)
    return {};
  return dyn_cast_or_null<ForOp>(arg.getOwner()->getParentOp());
}

bool IntegerFacts::provesLess(Value a, Value b, bool isSigned, bool orEqual) {
  if (a == b)
    return orEqual;
  unsigned width = getIntWidth(a.getType());
  if (!width || a.getType() != b.getType())
    return false;
  ConstantRange ra = getRange(a), rb = getRange(b);
  if (!ra.isEmptySet() && !rb.isEmptySet()) {
    APInt aMax = isSigned ? ra.getSignedMax() : ra.getUnsignedMax();
    APInt bMin = isSigned ? rb.getSignedMin() : rb.getUnsignedMin();
    bool less = isSigned ? aMax.slt(bMin) : aMax.ult(bMin);
    bool lessEq = isSigned ? aMax.sle(bMin) : aMax.ule(bMin);
    if (orEqual ? lessEq : less)
      return true;
  }
  // a = x rem b: |a| < |b|.
  if (auto rem = a.getDefiningOp<RemIOp>(); rem && rem.getRhs() == b) {
    bool remSigned = rem.getSignedness() == Signedness::Signed;
    if (!remSigned && !isSigned)
      return true;
    if (remSigned && isSigned && !rb.isEmptySet() &&
        rb.getSignedMin().sgt(0))
      return true;
  }
  // The induction variable stays below the upper bound and, with a positive
  // step, at or above the lower bound.
  if (ForOp loop = inductionLoopOf(a);
      loop && loop.getUpperBound() == b && isSigned == !loop.getUnsignedCmp())
    return true;
  if (ForOp loop = inductionLoopOf(b);
      orEqual && loop && loop.getLowerBound() == a &&
      isSigned == !loop.getUnsignedCmp()) {
    ConstantRange step = getRange(loop.getStep());
    if (!step.isEmptySet() && (isSigned ? step.getSignedMin().sgt(0)
                                        : step.getUnsignedMin().ugt(0)))
      return true;
  }
  // min(b, y) <= b <= max(b, y).
  auto sameSign = [&](Signedness s) {
    return (s == Signedness::Signed) == isSigned;
  };
  if (orEqual) {
    if (auto min = a.getDefiningOp<MinIOp>();
        min && sameSign(min.getSignedness()) &&
        (min.getLhs() == b || min.getRhs() == b))
      return true;
    if (auto max = b.getDefiningOp<MaxIOp>();
        max && sameSign(max.getSignedness()) &&
        (max.getLhs() == a || max.getRhs() == a))
      return true;
  }
  // b - a is a known constant c modulo 2^width; the exact difference lies in
  // the range of b - a computed one bit wider, and is c or c - 2^width.
  if (std::optional<APInt> diff = getConstantDifference(b, a)) {
    if (ra.isEmptySet() || rb.isEmptySet())
      return false;
    ConstantRange wa = isSigned ? ra.signExtend(width + 1)
                                : ra.zeroExtend(width + 1);
    ConstantRange wb = isSigned ? rb.signExtend(width + 1)
                                : rb.zeroExtend(width + 1);
    ConstantRange exact = wb.sub(wa);
    APInt low = diff->zext(width + 1);
    APInt high = low - APInt::getOneBitSet(width + 1, width);
    bool anyCandidate = false;
    for (const APInt &candidate : {low, high}) {
      if (!exact.contains(candidate))
        continue;
      anyCandidate = true;
      if (orEqual ? candidate.isNegative() : candidate.isNonPositive())
        return false;
    }
    return anyCandidate;
  }
  return false;
}
