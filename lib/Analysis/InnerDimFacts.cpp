//===- InnerDimFacts.cpp - runs along a tile's innermost dimension --------===//

#include "cuda_tile/Analysis/InnerDimFacts.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::cuda_tile;

/// Divisibility beyond this many zero bits is not told apart (a constant 0,
/// iota's first element).
static constexpr unsigned kMaxZeros = 62;

unsigned InnerDimInfo::zerosAt(int64_t group, unsigned stepZeros) const {
  if (contiguity == 1 || group >= contiguity)
    return divisibilityZeros;
  // Groups of `group` inside a contiguous group start `group` steps apart.
  return std::min(divisibilityZeros, llvm::Log2_64(group) + stepZeros);
}

/// The size of the innermost dimension of a tile, 1 for rank 0.
static int64_t innerSize(Type type) {
  auto tile = dyn_cast<TileType>(type);
  if (!tile || tile.getRank() == 0)
    return 1;
  return tile.getShape().back();
}

/// log2 of the bytes a pointer tile's pointee takes; nullopt for sub-byte
/// pointees, which no pointer steps through one at a time.
static std::optional<unsigned> pointeeZeros(Type type) {
  auto tile = dyn_cast<TileType>(type);
  auto pointer = tile ? dyn_cast<PointerType>(tile.getElementType())
                      : PointerType();
  if (!pointer)
    return std::nullopt;
  Type pointee = pointer.getPointeeType();
  if (!pointee.isIntOrFloat() || pointee.getIntOrFloatBitWidth() % 8 != 0)
    return std::nullopt;
  unsigned bytes = pointee.getIntOrFloatBitWidth() / 8;
  if (!llvm::isPowerOf2_32(bytes))
    return std::nullopt;
  return llvm::Log2_32(bytes);
}

/// `a + b` where both step by `1 << stepZeros` per contiguous element.
static InnerDimInfo addInfos(const InnerDimInfo &a, const InnerDimInfo &b,
                             unsigned stepZeros) {
  InnerDimInfo sum;
  if (a.contiguity > 1 && b.contiguity > 1) {
    // Both step: the sum steps by two.
    sum.divisibilityZeros = std::min(a.zerosAt(1, stepZeros),
                                     b.zerosAt(1, stepZeros));
    return sum;
  }
  const InnerDimInfo &stepping = a.contiguity > 1 ? a : b;
  const InnerDimInfo &other = a.contiguity > 1 ? b : a;
  if (stepping.contiguity > 1) {
    // Steps where the other side holds still.
    sum.contiguity = std::min(stepping.contiguity, other.constancy);
    sum.divisibilityZeros =
        std::min(stepping.zerosAt(sum.contiguity, stepZeros),
                 other.divisibilityZeros);
    return sum;
  }
  sum.constancy = std::min(a.constancy, b.constancy);
  sum.divisibilityZeros = std::min(a.divisibilityZeros, b.divisibilityZeros);
  return sum;
}

/// `stepping < fixed` (or `>=`) holds still over aligned groups of the
/// returned size: `stepping` goes through the multiples of the group and
/// `fixed`, a multiple of it, is not crossed inside one.
static int64_t comparisonConstancy(const InnerDimInfo &stepping,
                                   const InnerDimInfo &fixed) {
  int64_t group = std::min(stepping.contiguity, fixed.constancy);
  while (group > 1 && (stepping.zerosAt(group, 0) < llvm::Log2_64(group) ||
                       fixed.divisibilityZeros < llvm::Log2_64(group)))
    group /= 2;
  return group;
}

InnerDimInfo InnerDimFacts::get(Value value, unsigned depth) {
  auto it = infos.find(value);
  if (it != infos.end())
    return it->second;
  InnerDimInfo info = compute(value, depth);
  infos[value] = info;
  return info;
}

InnerDimInfo InnerDimFacts::compute(Value value, unsigned depth) {
  InnerDimInfo unknown;
  int64_t size = innerSize(value.getType());
  // Every element's zeros, where the integer analysis knows them; pointers
  // are aligned to their pointee (accessed with that alignment).
  if (getIntWidth(value.getType()))
    unknown.divisibilityZeros = integers.getKnownTrailingZeros(value);
  else if (std::optional<unsigned> zeros = pointeeZeros(value.getType()))
    unknown.divisibilityZeros = *zeros;
  Operation *op = value.getDefiningOp();
  if (!op || depth > depthLimit)
    return unknown;
  auto operand = [&](unsigned i) { return get(op->getOperand(i), depth + 1); };

  return llvm::TypeSwitch<Operation *, InnerDimInfo>(op)
      .Case([&](ConstantOp constant) {
        auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
        if (dense && dense.isSplat()) {
          InnerDimInfo info = unknown;
          info.constancy = size;
          if (auto ints = dyn_cast<DenseIntElementsAttr>(dense)) {
            const APInt &splat = *ints.getValues<APInt>().begin();
            info.divisibilityZeros =
                splat.isZero() ? kMaxZeros
                               : std::min(kMaxZeros, splat.countr_zero());
          }
          return info;
        }
        return unknown;
      })
      .Case([&](IotaOp) {
        InnerDimInfo info;
        info.contiguity = size;
        info.divisibilityZeros = kMaxZeros;
        return info;
      })
      .Case([&](AssumeOp assume) {
        InnerDimInfo info = operand(0);
        if (info.contiguity == 1)
          info.divisibilityZeros = std::max(info.divisibilityZeros,
                                            getAssumedTrailingZeros(assume));
        return info;
      })
      .Case([&](BroadcastOp) {
        Value source = op->getOperand(0);
        InnerDimInfo info = operand(0);
        if (innerSize(source.getType()) == size)
          return info;
        // The innermost dimension is the broadcast one: one value along it.
        InnerDimInfo spread;
        spread.constancy = size;
        spread.divisibilityZeros = info.zerosAt(1, 0);
        return spread;
      })
      .Case([&](ReshapeOp) {
        auto source = cast<TileType>(op->getOperand(0).getType());
        InnerDimInfo info = operand(0);
        // Row-major: an unchanged innermost dimension keeps its elements.
        if (source.getRank() > 0 && source.getShape().back() == size)
          return info;
        InnerDimInfo reshaped;
        if (size == 1 || source.getNumElements() == 1)
          reshaped.divisibilityZeros = info.zerosAt(1, 0);
        return reshaped;
      })
      .Case([&](ExtIOp) { return operand(0); })
      .Case([&](TruncIOp trunc) {
        InnerDimInfo info = operand(0);
        info.divisibilityZeros = std::min(info.divisibilityZeros,
                                          getIntWidth(trunc.getType()));
        return info;
      })
      .Case([&](AddIOp) { return addInfos(operand(0), operand(1), 0); })
      .Case([&](SubIOp) {
        InnerDimInfo lhs = operand(0), rhs = operand(1);
        if (rhs.contiguity > 1)
          return unknown;
        return addInfos(lhs, rhs, 0);
      })
      .Case([&](MulIOp mul) {
        InnerDimInfo lhs = operand(0), rhs = operand(1);
        for (bool swapped : {false, true}) {
          Value factor = mul->getOperand(swapped ? 0 : 1);
          const InnerDimInfo &other = swapped ? rhs : lhs;
          if (std::optional<APInt> splat = getSplatInt(factor);
              splat && splat->isOne())
            return other;
        }
        InnerDimInfo product;
        product.constancy = std::min(lhs.constancy, rhs.constancy);
        product.divisibilityZeros =
            std::min(kMaxZeros, lhs.zerosAt(1, 0) + rhs.zerosAt(1, 0));
        product.divisibilityZeros =
            std::max(product.divisibilityZeros, unknown.divisibilityZeros);
        return product;
      })
      .Case([&](OffsetOp offset) {
        std::optional<unsigned> stepZeros = pointeeZeros(offset.getType());
        if (!stepZeros)
          return unknown;
        // Offsets count elements: scaled to bytes.
        InnerDimInfo scaled = operand(1);
        scaled.divisibilityZeros =
            std::min(kMaxZeros, scaled.divisibilityZeros + *stepZeros);
        return addInfos(operand(0), scaled, *stepZeros);
      })
      .Case([&](CmpIOp cmp) {
        InnerDimInfo lhs = operand(0), rhs = operand(1);
        InnerDimInfo result;
        if (lhs.contiguity == 1 && rhs.contiguity == 1) {
          result.constancy = std::min(lhs.constancy, rhs.constancy);
          return result;
        }
        // A stepping side below a fixed multiple of the group changes only
        // at group boundaries for < and >= (and their mirror images).
        ComparisonPredicate predicate = cmp.getComparisonPredicate();
        if (lhs.contiguity > 1 && rhs.contiguity == 1 &&
            (predicate == ComparisonPredicate::LessThan ||
             predicate == ComparisonPredicate::GreaterThanOrEqual))
          result.constancy = comparisonConstancy(lhs, rhs);
        if (rhs.contiguity > 1 && lhs.contiguity == 1 &&
            (predicate == ComparisonPredicate::GreaterThan ||
             predicate == ComparisonPredicate::LessThanOrEqual))
          result.constancy = comparisonConstancy(rhs, lhs);
        return result;
      })
      .Case<AndIOp, OrIOp, XOrIOp>([&](Operation *) {
        InnerDimInfo lhs = operand(0), rhs = operand(1);
        InnerDimInfo result = unknown;
        if (lhs.contiguity == 1 && rhs.contiguity == 1)
          result.constancy = std::min(lhs.constancy, rhs.constancy);
        return result;
      })
      .Case([&](SelectOp) {
        InnerDimInfo cond = operand(0), onTrue = operand(1),
                     onFalse = operand(2);
        InnerDimInfo result = unknown;
        if (onTrue.contiguity == 1 && onFalse.contiguity == 1) {
          result.constancy = std::min(
              {cond.constancy, onTrue.constancy, onFalse.constancy});
          result.divisibilityZeros =
              std::max(unknown.divisibilityZeros,
                       std::min(onTrue.divisibilityZeros,
                                onFalse.divisibilityZeros));
        }
        return result;
      })
      .Default([&](Operation *) { return unknown; });
}

int64_t InnerDimFacts::vectorElements(Value pointers, Value mask,
                                      int64_t maxElems) {
  std::optional<unsigned> stepZeros = pointeeZeros(pointers.getType());
  if (!stepZeros)
    return 1;
  InnerDimInfo ptrs = get(pointers);
  int64_t maskConstancy = mask ? get(mask).constancy : maxElems;
  int64_t elems = int64_t(1) << llvm::Log2_64(std::max<int64_t>(maxElems, 1));
  for (; elems > 1; elems /= 2) {
    if (ptrs.contiguity >= elems && maskConstancy >= elems &&
        ptrs.zerosAt(elems, *stepZeros) >=
            llvm::Log2_64(elems) + *stepZeros)
      return elems;
  }
  return 1;
}
