//===- CudaTileArithOps.cpp - integer, float, math and conversion ops -----===//
//
// Custom assembly directives, verifiers and folders of the elementwise
// arithmetic family.
//
// Folding policy. A fold must never change what the program computes on the
// device:
//  * integer results wrap modulo 2^n; an op carrying an overflow assumption
//    (no_signed_wrap / no_unsigned_wrap / no_wrap) is folded only when the
//    constant result does not break that assumption;
//  * float arithmetic is folded only for the default rounding (nearest_even)
//    without flush_to_zero, and never when the result would be a NaN (whose
//    bit pattern is the hardware's choice);
//  * conversions of constants are folded only where the converted value is
//    exact (or, for ftoi, where the op's round-toward-zero is well defined).
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/IR/CudaTileOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>
#include <type_traits>

using namespace mlir;
using namespace mlir::cuda_tile;


//===----------------------------------------------------------------------===//
// Rounding modes
//===----------------------------------------------------------------------===//

/// Parses an optional `rounding<mode>`; without it the op gets
/// `defaultMode`. With `validate`, `mode` must be one of `allowed`; without,
/// any mode parses and the op's verifier refuses the others (divf, sqrt,
/// tanh and exp, as the reference parses them; 13.4's nearest_away, which
/// none of them takes, is unknown there). Errors point past the `>`.
static ParseResult parseRoundingModeFrom(OpAsmParser &parser,
                                         RoundingModeAttr &attr,
                                         ArrayRef<RoundingMode> allowed,
                                         RoundingMode defaultMode,
                                         bool validate = true) {
  if (failed(parser.parseOptionalKeyword("rounding"))) {
    attr = RoundingModeAttr::get(parser.getContext(), defaultMode);
    return success();
  }
  StringRef keyword;
  if (parser.parseLess() || parser.parseKeyword(&keyword) ||
      parser.parseGreater())
    return failure();
  std::optional<RoundingMode> mode = symbolizeRoundingMode(keyword);
  if (mode && !validate && *mode == RoundingMode::NearestAway)
    mode = std::nullopt;
  if (!mode || (validate && !llvm::is_contained(allowed, *mode))) {
    InFlightDiagnostic diag =
        parser.emitError(parser.getCurrentLocation(),
                         "expected rounding mode to be one of: ");
    // In the 13.3 reference's words: 13.4's nearest_away is accepted where
    // allowed but not listed.
    SmallVector<RoundingMode> listed;
    for (RoundingMode m : allowed)
      if (m != RoundingMode::NearestAway)
        listed.push_back(m);
    llvm::interleave(
        listed,
        [&](RoundingMode m) {
          diag << "'" << stringifyRoundingMode(m) << "'";
        },
        [&] { diag << ", "; });
    if (validate)
      diag << ", got: '" << keyword << "'";
    return diag;
  }
  attr = RoundingModeAttr::get(parser.getContext(), *mode);
  return success();
}

/// Prints `rounding<mode>` unless the mode is the op's default.
static void printRoundingModeUnless(OpAsmPrinter &printer,
                                    RoundingModeAttr attr,
                                    RoundingMode defaultMode) {
  if (attr && attr.getValue() != defaultMode)
    printer << "rounding<" << stringifyRoundingMode(attr.getValue()) << '>';
}

static constexpr RoundingMode kIEEEModes[] = {
    RoundingMode::NearestEven, RoundingMode::Zero, RoundingMode::NegativeInf,
    RoundingMode::PositiveInf};
// ftof's spellings; which of them a conversion takes is the verifier's table.
static constexpr RoundingMode kFToFModes[] = {
    RoundingMode::NearestEven, RoundingMode::Zero, RoundingMode::NegativeInf,
    RoundingMode::PositiveInf, RoundingMode::NearestAway};
static constexpr RoundingMode kDivFModes[] = {
    RoundingMode::NearestEven, RoundingMode::Zero, RoundingMode::NegativeInf,
    RoundingMode::PositiveInf, RoundingMode::Approx, RoundingMode::Full};
static constexpr RoundingMode kSqrtModes[] = {
    RoundingMode::NearestEven, RoundingMode::Zero, RoundingMode::NegativeInf,
    RoundingMode::PositiveInf, RoundingMode::Approx};
static constexpr RoundingMode kApproxModes[] = {RoundingMode::Approx,
                                                RoundingMode::Full};
static constexpr RoundingMode kIntegerModes[] = {
    RoundingMode::NearestIntToZero};
static constexpr RoundingMode kDivIModes[] = {
    RoundingMode::Zero, RoundingMode::NegativeInf, RoundingMode::PositiveInf};

static ParseResult parseIEEERoundingMode(OpAsmParser &parser,
                                         RoundingModeAttr &attr) {
  return parseRoundingModeFrom(parser, attr, kIEEEModes,
                               RoundingMode::NearestEven);
}
static void printIEEERoundingMode(OpAsmPrinter &printer, Operation *,
                                  RoundingModeAttr attr) {
  printRoundingModeUnless(printer, attr, RoundingMode::NearestEven);
}

static ParseResult parseFToFRoundingMode(OpAsmParser &parser,
                                         RoundingModeAttr &attr) {
  return parseRoundingModeFrom(parser, attr, kFToFModes,
                               RoundingMode::NearestEven);
}
static void printFToFRoundingMode(OpAsmPrinter &printer, Operation *,
                                  RoundingModeAttr attr) {
  printRoundingModeUnless(printer, attr, RoundingMode::NearestEven);
}

static ParseResult parseDivFOpRoundingMode(OpAsmParser &parser,
                                           RoundingModeAttr &attr) {
  return parseRoundingModeFrom(parser, attr, kDivFModes,
                               RoundingMode::NearestEven, /*validate=*/false);
}
static void printDivFOpRoundingMode(OpAsmPrinter &printer, Operation *,
                                    RoundingModeAttr attr) {
  printRoundingModeUnless(printer, attr, RoundingMode::NearestEven);
}

static ParseResult parseSqrtOpRoundingMode(OpAsmParser &parser,
                                           RoundingModeAttr &attr) {
  return parseRoundingModeFrom(parser, attr, kSqrtModes,
                               RoundingMode::NearestEven, /*validate=*/false);
}
static void printSqrtOpRoundingMode(OpAsmPrinter &printer, Operation *,
                                    RoundingModeAttr attr) {
  printRoundingModeUnless(printer, attr, RoundingMode::NearestEven);
}

static ParseResult parseApproxRoundingMode(OpAsmParser &parser,
                                           RoundingModeAttr &attr) {
  return parseRoundingModeFrom(parser, attr, kApproxModes, RoundingMode::Full,
                               /*validate=*/false);
}
static void printApproxRoundingMode(OpAsmPrinter &printer, Operation *,
                                    RoundingModeAttr attr) {
  printRoundingModeUnless(printer, attr, RoundingMode::Full);
}

static ParseResult parseIntegerRoundingMode(OpAsmParser &parser,
                                            RoundingModeAttr &attr) {
  return parseRoundingModeFrom(parser, attr, kIntegerModes,
                               RoundingMode::NearestIntToZero);
}
static void printIntegerRoundingMode(OpAsmPrinter &printer, Operation *,
                                     RoundingModeAttr attr) {
  printRoundingModeUnless(printer, attr, RoundingMode::NearestIntToZero);
}

//===----------------------------------------------------------------------===//
// Comparison keywords
//===----------------------------------------------------------------------===//

/// Parses a bare keyword naming a case of an enum; `what` and `choices` make
/// up the diagnostic for anything else.
template <typename AttrT, typename SymbolizeFn>
static ParseResult parseEnumKeyword(OpAsmParser &parser, AttrT &attr,
                                    SymbolizeFn symbolize, StringRef what,
                                    StringRef choices) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  auto fail = [&]() -> ParseResult {
    return parser.emitError(loc, "expected '")
           << what << "' to be one of: {" << choices << "}";
  };
  if (parser.parseKeyword(&keyword))
    return fail();
  auto value = symbolize(keyword);
  if (!value)
    return fail();
  attr = AttrT::get(parser.getContext(), *value);
  return success();
}

static ParseResult parseComparisonPredicate(OpAsmParser &parser,
                                            ComparisonPredicateAttr &attr) {
  return parseEnumKeyword(
      parser, attr,
      [](StringRef s) { return symbolizeComparisonPredicate(s); },
      "comparison_predicate",
      "'equal', 'not_equal', 'less_than', 'less_than_or_equal', "
      "'greater_than', 'greater_than_or_equal'");
}
static void printComparisonPredicate(OpAsmPrinter &printer, Operation *,
                                     ComparisonPredicateAttr attr) {
  printer << stringifyComparisonPredicate(attr.getValue());
}

static ParseResult parseComparisonOrdering(OpAsmParser &parser,
                                           ComparisonOrderingAttr &attr) {
  return parseEnumKeyword(
      parser, attr, [](StringRef s) { return symbolizeComparisonOrdering(s); },
      "comparison_ordering", "'ordered', 'unordered'");
}
static void printComparisonOrdering(OpAsmPrinter &printer, Operation *,
                                    ComparisonOrderingAttr attr) {
  printer << stringifyComparisonOrdering(attr.getValue());
}

//===----------------------------------------------------------------------===//
// Shared verifiers
//===----------------------------------------------------------------------===//

static Type elementTypeOf(Value value) {
  return cast<TileType>(value.getType()).getElementType();
}

/// The comma-separated mode names of `modes`, as verifiers list them.
static std::string listModes(ArrayRef<RoundingMode> modes) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(
      modes, os, [&](RoundingMode m) { os << stringifyRoundingMode(m); },
      ", ");
  return text;
}

/// Rejects rounding modes outside `allowed` (reachable through the generic
/// form only: the custom syntax refuses them while parsing).
static LogicalResult verifyRoundingIn(Operation *op, RoundingMode mode,
                                      ArrayRef<RoundingMode> allowed) {
  if (llvm::is_contained(allowed, mode))
    return success();
  return op->emitOpError("invalid rounding mode specified, expect one of [")
         << listModes(allowed) << "]";
}

/// A modifier (`name`) that only f32 tiles take.
static LogicalResult verifyF32Only(Operation *op, bool present, StringRef name,
                                   Type elementType) {
  if (!present || elementType.isF32())
    return success();
  return op->emitOpError()
         << name << " modifier only supported for f32 data type, but got: "
         << elementType;
}

/// addf, subf, mulf, fma: IEEE rounding and flush_to_zero on f32 only.
template <typename OpT>
static LogicalResult verifyIEEEFloatOp(OpT op) {
  if (failed(verifyRoundingIn(op, op.getRoundingMode(), kIEEEModes)))
    return failure();
  return verifyF32Only(op, op.getFlushToZero(), "flush_to_zero",
                       elementTypeOf(op.getResult()));
}

LogicalResult AddFOp::verify() { return verifyIEEEFloatOp(*this); }
LogicalResult SubFOp::verify() { return verifyIEEEFloatOp(*this); }
LogicalResult MulFOp::verify() { return verifyIEEEFloatOp(*this); }
LogicalResult FmaOp::verify() { return verifyIEEEFloatOp(*this); }

/// divf and sqrt: `approx` (and for divf `full`) as well as flush_to_zero
/// need f32.
template <typename OpT>
static LogicalResult verifyDivSqrtModifiers(OpT op,
                                            ArrayRef<RoundingMode> allowed) {
  RoundingMode mode = op.getRoundingMode();
  if (failed(verifyRoundingIn(op, mode, allowed)))
    return failure();
  Type elementType = elementTypeOf(op.getResult());
  if (failed(verifyF32Only(op, op.getFlushToZero(), "flush_to_zero",
                           elementType)) ||
      failed(verifyF32Only(op, mode == RoundingMode::Approx, "approx",
                           elementType)) ||
      failed(verifyF32Only(op, mode == RoundingMode::Full, "full",
                           elementType)))
    return failure();
  return success();
}

LogicalResult DivFOp::verify() {
  return verifyDivSqrtModifiers(*this, kDivFModes);
}
LogicalResult SqrtOp::verify() {
  return verifyDivSqrtModifiers(*this, kSqrtModes);
}

template <typename OpT>
static LogicalResult verifyFlushToZeroOnly(OpT op) {
  return verifyF32Only(op, op.getFlushToZero(), "flush_to_zero",
                       elementTypeOf(op.getResult()));
}

LogicalResult MaxFOp::verify() { return verifyFlushToZeroOnly(*this); }
LogicalResult MinFOp::verify() { return verifyFlushToZeroOnly(*this); }
LogicalResult Exp2Op::verify() { return verifyFlushToZeroOnly(*this); }
LogicalResult RsqrtOp::verify() { return verifyFlushToZeroOnly(*this); }

/// exp and tanh: `full` (default) or the f32-only `approx`.
template <typename OpT>
static LogicalResult verifyApproxMathOp(OpT op) {
  RoundingMode mode = op.getRoundingMode();
  if (failed(verifyRoundingIn(op, mode, kApproxModes)))
    return failure();
  return verifyF32Only(op, mode == RoundingMode::Approx, "approx",
                       elementTypeOf(op.getResult()));
}

LogicalResult ExpOp::verify() { return verifyApproxMathOp(*this); }
/// As in the reference, a tanh rounding mode other than `full` or `approx` is
/// reported but does not fail verification: tools exit 0 and print the op.
LogicalResult TanHOp::verify() {
  RoundingMode mode = getRoundingMode();
  (void)verifyRoundingIn(*this, mode, kApproxModes);
  return verifyF32Only(*this, mode == RoundingMode::Approx, "approx",
                       elementTypeOf(getResult()));
}

LogicalResult DivIOp::verify() {
  if (failed(verifyRoundingIn(*this, getRounding(), kDivIModes)))
    return failure();
  if (getRounding() == RoundingMode::NegativeInf &&
      getSignedness() == Signedness::Unsigned)
    return emitOpError(
        "rounding mode 'negative_inf' is not allowed with 'unsigned' flag");
  return success();
}

LogicalResult NegIOp::verify() {
  if (getOverflow() == IntegerOverflow::NoUnsignedWrap)
    return emitOpError("'no_unsigned_wrap' overflow flag is not supported");
  return success();
}

//===----------------------------------------------------------------------===//
// Conversion verifiers
//===----------------------------------------------------------------------===//

LogicalResult BitcastOp::verify() {
  unsigned fromWidth = elementTypeOf(getSource()).getIntOrFloatBitWidth();
  unsigned toWidth = elementTypeOf(getResult()).getIntOrFloatBitWidth();
  if (fromWidth == toWidth)
    return success();
  return emitOpError("types must be equal width, cannot convert ")
         << getSource().getType() << " of width " << fromWidth << " to type "
         << getResult().getType() << " of width " << toWidth;
}

LogicalResult ExtIOp::verify() {
  if (elementTypeOf(getTo()).getIntOrFloatBitWidth() <=
      elementTypeOf(getFrom()).getIntOrFloatBitWidth())
    return emitOpError("extending to smaller or identical integer");
  return success();
}

LogicalResult TruncIOp::verify() {
  if (elementTypeOf(getTo()).getIntOrFloatBitWidth() >=
      elementTypeOf(getFrom()).getIntOrFloatBitWidth())
    return emitOpError("truncating to larger or identical integer");
  return success();
}

LogicalResult IToFOp::verify() {
  if (isa<Float8E8M0FNUType>(elementTypeOf(getTo())))
    return emitOpError("integer to f8E8M0FNU conversion is not supported, "
                       "please first convert to another float type");
  if (getRoundingMode() != RoundingMode::NearestEven)
    return emitOpError(
        "invalid rounding mode specified. Only 'nearest_even' is supported");
  return success();
}

LogicalResult FToIOp::verify() {
  if (getRoundingMode() != RoundingMode::NearestIntToZero)
    return emitOpError("invalid rounding mode specified. Only "
                       "'nearest_int_to_zero' is supported");
  return success();
}

namespace {
constexpr RoundingMode kNearestEvenOnly[] = {RoundingMode::NearestEven};
constexpr RoundingMode kNearestOrZero[] = {RoundingMode::NearestEven,
                                          RoundingMode::Zero};
constexpr RoundingMode kToF8E8M0FNU[] = {RoundingMode::Zero,
                                        RoundingMode::PositiveInf};
constexpr RoundingMode kExactWidening[] = {
    RoundingMode::NearestEven, RoundingMode::Zero, RoundingMode::NegativeInf,
    RoundingMode::PositiveInf, RoundingMode::NearestAway};
constexpr RoundingMode kF64ToF32[] = {
    RoundingMode::NearestEven, RoundingMode::Zero, RoundingMode::NegativeInf,
    RoundingMode::PositiveInf};
constexpr RoundingMode kF32ToTF32[] = {RoundingMode::NearestEven,
                                      RoundingMode::Zero,
                                      RoundingMode::NearestAway};

/// Whether every value of `from` is exactly a value of `to`. APFloat compares
/// normal exponent ranges and precisions, so f8E8M0FNU's 2^-127 (an f32
/// subnormal) does not make it widen to f32, as in the 13.4 table.
/// f8E5M3FNU, which has no APFloat semantics, widens into formats with 4
/// significant bits and normal exponents -14 to 16.
bool isExactWidening(Type from, Type to) {
  if (isa<Float8E5M3FNUType>(to))
    return false;
  const llvm::fltSemantics &target = cast<FloatType>(to).getFloatSemantics();
  if (isa<Float8E5M3FNUType>(from))
    return llvm::APFloat::semanticsPrecision(target) >= 4 &&
           llvm::APFloat::semanticsMinExponent(target) <= -14 &&
           llvm::APFloat::semanticsMaxExponent(target) >= 16;
  return llvm::APFloat::isRepresentableBy(
      cast<FloatType>(from).getFloatSemantics(), target);
}
} // namespace

ArrayRef<RoundingMode> FToFOp::getAllowedRoundingModes(Type from, Type to) {
  // The 13.4 table; the first row that matches applies.
  if (isa<Float8E8M0FNUType>(to))
    return kToF8E8M0FNU;
  if (isa<Float8E4M3FNType, Float8E5M2Type, Float4E2M1FNType,
          Float8E5M3FNUType>(to))
    return kNearestEvenOnly;
  if (isExactWidening(from, to))
    return kExactWidening;
  if (from.isF64() && to.isF32())
    return kF64ToF32;
  if (from.isF32() && isa<FloatTF32Type>(to))
    return kF32ToTF32;
  return kNearestOrZero;
}

bool FToFOp::isRoundingModeIn13_3() {
  // 13.3 took nearest_even everywhere but to f8E8M0FNU.
  if (isa<Float8E8M0FNUType>(elementTypeOf(getTo())))
    return true;
  return getRoundingMode() == RoundingMode::NearestEven;
}

LogicalResult FToFOp::verify() {
  if (getFrom().getType() == getTo().getType())
    return emitOpError("converting tiles must not be a no-op");
  Type from = elementTypeOf(getFrom()), to = elementTypeOf(getTo());
  ArrayRef<RoundingMode> allowed = getAllowedRoundingModes(from, to);
  if (llvm::is_contained(allowed, getRoundingMode()))
    return success();
  if (isa<Float8E8M0FNUType>(to))
    return emitOpError("invalid rounding mode specified for conversion to "
                       "f8E8M0FNU. Only 'zero' and 'positive_inf' are "
                       "supported");
  if (allowed.size() == 1)
    return emitOpError(
        "invalid rounding mode specified. Only 'nearest_even' is supported");
  InFlightDiagnostic diag = emitOpError("invalid rounding mode '")
                            << stringifyRoundingMode(getRoundingMode())
                            << "' for a conversion from " << from << " to "
                            << to << "; it takes ";
  llvm::interleave(
      allowed, diag,
      [&](RoundingMode mode) {
        diag << "'" << stringifyRoundingMode(mode) << "'";
      },
      ", ");
  return diag;
}

//===----------------------------------------------------------------------===//
// Folding helpers
//===----------------------------------------------------------------------===//

namespace {

/// The type of the literal a fold of a `tile` result produces: a tensor with
/// the tile's shape and `elementType` (the tile's own by default).
RankedTensorType literalTypeFor(Type tile, Type elementType = {}) {
  auto tileType = cast<TileType>(tile);
  return RankedTensorType::get(tileType.getShape(),
                               elementType ? elementType
                                           : tileType.getElementType());
}

/// Whether a `constant` may hold elements of `type` (which the dialect's
/// constant materializer has to produce for every folded literal).
bool isMaterializable(Type elementType) {
  if (auto integer = dyn_cast<IntegerType>(elementType))
    return integer.getWidth() != 4;
  return isa<FloatType>(elementType);
}

template <typename T>
bool holds(DenseElementsAttr attr) {
  if constexpr (std::is_same_v<T, APInt>)
    return isa<IntegerType>(attr.getElementType());
  else
    return isa<FloatType>(attr.getElementType());
}

/// Maps `fn` over the elements of a constant operand; no fold if the operand
/// is not constant or `fn` declines (returns nullopt) for any element.
template <typename InT, typename OutT, typename Fn>
Attribute foldElementwise(Attribute operand, RankedTensorType resultType,
                          Fn &&fn) {
  auto dense = dyn_cast_if_present<DenseElementsAttr>(operand);
  if (!dense || !holds<InT>(dense) ||
      !isMaterializable(resultType.getElementType()))
    return {};
  if (dense.isSplat()) {
    std::optional<OutT> value = fn(dense.getSplatValue<InT>());
    if (!value)
      return {};
    return DenseElementsAttr::get(resultType, ArrayRef<OutT>(*value));
  }
  SmallVector<OutT> values;
  values.reserve(dense.getNumElements());
  for (InT element : dense.getValues<InT>()) {
    std::optional<OutT> value = fn(element);
    if (!value)
      return {};
    values.push_back(std::move(*value));
  }
  return DenseElementsAttr::get(resultType, values);
}

/// Two-operand version of foldElementwise; splat and non-splat operands may
/// be mixed.
template <typename InT, typename OutT, typename Fn>
Attribute foldElementwise(Attribute lhs, Attribute rhs,
                          RankedTensorType resultType, Fn &&fn) {
  auto lhsDense = dyn_cast_if_present<DenseElementsAttr>(lhs);
  auto rhsDense = dyn_cast_if_present<DenseElementsAttr>(rhs);
  if (!lhsDense || !rhsDense || !holds<InT>(lhsDense) ||
      !holds<InT>(rhsDense) ||
      lhsDense.getNumElements() != rhsDense.getNumElements() ||
      !isMaterializable(resultType.getElementType()))
    return {};
  if (lhsDense.isSplat() && rhsDense.isSplat()) {
    std::optional<OutT> value =
        fn(lhsDense.getSplatValue<InT>(), rhsDense.getSplatValue<InT>());
    if (!value)
      return {};
    return DenseElementsAttr::get(resultType, ArrayRef<OutT>(*value));
  }
  SmallVector<OutT> values;
  values.reserve(lhsDense.getNumElements());
  for (auto [a, b] : llvm::zip_equal(lhsDense.getValues<InT>(),
                                     rhsDense.getValues<InT>())) {
    std::optional<OutT> value = fn(a, b);
    if (!value)
      return {};
    values.push_back(std::move(*value));
  }
  return DenseElementsAttr::get(resultType, values);
}

/// The value of a splat integer constant.
std::optional<APInt> splatInt(Attribute attr) {
  auto dense = dyn_cast_if_present<DenseIntElementsAttr>(attr);
  if (!dense || !dense.isSplat())
    return std::nullopt;
  return dense.getSplatValue<APInt>();
}

bool isSplatZero(Attribute attr) {
  std::optional<APInt> value = splatInt(attr);
  return value && value->isZero();
}

bool isSplatOne(Attribute attr) {
  std::optional<APInt> value = splatInt(attr);
  return value && value->isOne();
}

bool isSplatAllOnes(Attribute attr) {
  std::optional<APInt> value = splatInt(attr);
  return value && value->isAllOnes();
}

/// The value of a splat float constant.
std::optional<APFloat> splatFloat(Attribute attr) {
  auto dense = dyn_cast_if_present<DenseFPElementsAttr>(attr);
  if (!dense || !dense.isSplat())
    return std::nullopt;
  return dense.getSplatValue<APFloat>();
}

/// A splat literal of integer `value` for a `tile` result.
Attribute splatLiteral(Type tile, const APInt &value) {
  return DenseElementsAttr::get(literalTypeFor(tile), ArrayRef<APInt>(value));
}

bool assumesNoSignedWrap(IntegerOverflow flags) {
  return flags == IntegerOverflow::NoSignedWrap ||
         flags == IntegerOverflow::NoWrap;
}

bool assumesNoUnsignedWrap(IntegerOverflow flags) {
  return flags == IntegerOverflow::NoUnsignedWrap ||
         flags == IntegerOverflow::NoWrap;
}

/// The wrapped result, unless it breaks an assumption in `flags`.
std::optional<APInt> checkOverflow(APInt result, bool signedOverflow,
                                   bool unsignedOverflow,
                                   IntegerOverflow flags) {
  if ((signedOverflow && assumesNoSignedWrap(flags)) ||
      (unsignedOverflow && assumesNoUnsignedWrap(flags)))
    return std::nullopt;
  return result;
}

/// Float arithmetic folds reproduce the device only with the IEEE default
/// rounding and subnormals kept.
bool foldsLikeDevice(RoundingMode mode, bool flushToZero) {
  return mode == RoundingMode::NearestEven && !flushToZero;
}

/// A float result that may become a literal (NaN bit patterns are left to the
/// device).
std::optional<APFloat> nonNaN(const APFloat &value) {
  if (value.isNaN())
    return std::nullopt;
  return value;
}

constexpr APFloat::roundingMode kNearestEven = APFloat::rmNearestTiesToEven;

} // namespace

//===----------------------------------------------------------------------===//
// Integer folders
//===----------------------------------------------------------------------===//

OpFoldResult AddIOp::fold(FoldAdaptor adaptor) {
  if (isSplatZero(adaptor.getRhs()))
    return getLhs();
  if (isSplatZero(adaptor.getLhs()))
    return getRhs();
  IntegerOverflow flags = getOverflow();
  return foldElementwise<APInt, APInt>(
      adaptor.getLhs(), adaptor.getRhs(), literalTypeFor(getType()),
      [&](const APInt &a, const APInt &b) {
        bool signedOverflow = false, unsignedOverflow = false;
        APInt result = a.sadd_ov(b, signedOverflow);
        (void)a.uadd_ov(b, unsignedOverflow);
        return checkOverflow(result, signedOverflow, unsignedOverflow, flags);
      });
}

OpFoldResult SubIOp::fold(FoldAdaptor adaptor) {
  if (isSplatZero(adaptor.getRhs()))
    return getLhs();
  if (getLhs() == getRhs())
    return splatLiteral(getType(),
                        APInt::getZero(getType().getElementTypeBitWidth()));
  IntegerOverflow flags = getOverflow();
  return foldElementwise<APInt, APInt>(
      adaptor.getLhs(), adaptor.getRhs(), literalTypeFor(getType()),
      [&](const APInt &a, const APInt &b) {
        bool signedOverflow = false, unsignedOverflow = false;
        APInt result = a.ssub_ov(b, signedOverflow);
        (void)a.usub_ov(b, unsignedOverflow);
        return checkOverflow(result, signedOverflow, unsignedOverflow, flags);
      });
}

OpFoldResult MulIOp::fold(FoldAdaptor adaptor) {
  if (isSplatZero(adaptor.getRhs()))
    return adaptor.getRhs();
  if (isSplatZero(adaptor.getLhs()))
    return adaptor.getLhs();
  if (isSplatOne(adaptor.getRhs()))
    return getLhs();
  if (isSplatOne(adaptor.getLhs()))
    return getRhs();
  IntegerOverflow flags = getOverflow();
  return foldElementwise<APInt, APInt>(
      adaptor.getLhs(), adaptor.getRhs(), literalTypeFor(getType()),
      [&](const APInt &a, const APInt &b) {
        bool signedOverflow = false, unsignedOverflow = false;
        APInt result = a.smul_ov(b, signedOverflow);
        (void)a.umul_ov(b, unsignedOverflow);
        return checkOverflow(result, signedOverflow, unsignedOverflow, flags);
      });
}

OpFoldResult ShLIOp::fold(FoldAdaptor adaptor) {
  if (isSplatZero(adaptor.getRhs()))
    return getLhs();
  IntegerOverflow flags = getOverflow();
  return foldElementwise<APInt, APInt>(
      adaptor.getLhs(), adaptor.getRhs(), literalTypeFor(getType()),
      [&](const APInt &a, const APInt &amount) -> std::optional<APInt> {
        // Shifting by the width or more has no defined result.
        if (amount.uge(a.getBitWidth()))
          return std::nullopt;
        bool signedOverflow = false, unsignedOverflow = false;
        APInt result = a.sshl_ov(amount, signedOverflow);
        (void)a.ushl_ov(amount, unsignedOverflow);
        return checkOverflow(result, signedOverflow, unsignedOverflow, flags);
      });
}

OpFoldResult ShRIOp::fold(FoldAdaptor adaptor) {
  if (isSplatZero(adaptor.getRhs()))
    return getLhs();
  bool isSigned = getSignedness() == Signedness::Signed;
  return foldElementwise<APInt, APInt>(
      adaptor.getLhs(), adaptor.getRhs(), literalTypeFor(getType()),
      [&](const APInt &a, const APInt &amount) -> std::optional<APInt> {
        if (amount.uge(a.getBitWidth()))
          return std::nullopt;
        return isSigned ? a.ashr(amount) : a.lshr(amount);
      });
}

OpFoldResult AndIOp::fold(FoldAdaptor adaptor) {
  if (isSplatZero(adaptor.getRhs()))
    return adaptor.getRhs();
  if (isSplatZero(adaptor.getLhs()))
    return adaptor.getLhs();
  if (isSplatAllOnes(adaptor.getRhs()))
    return getLhs();
  if (isSplatAllOnes(adaptor.getLhs()))
    return getRhs();
  if (getLhs() == getRhs())
    return getLhs();
  return foldElementwise<APInt, APInt>(
      adaptor.getLhs(), adaptor.getRhs(), literalTypeFor(getType()),
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a & b;
      });
}

OpFoldResult OrIOp::fold(FoldAdaptor adaptor) {
  if (isSplatZero(adaptor.getRhs()))
    return getLhs();
  if (isSplatZero(adaptor.getLhs()))
    return getRhs();
  if (isSplatAllOnes(adaptor.getRhs()))
    return adaptor.getRhs();
  if (isSplatAllOnes(adaptor.getLhs()))
    return adaptor.getLhs();
  if (getLhs() == getRhs())
    return getLhs();
  return foldElementwise<APInt, APInt>(
      adaptor.getLhs(), adaptor.getRhs(), literalTypeFor(getType()),
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a | b;
      });
}

OpFoldResult XOrIOp::fold(FoldAdaptor adaptor) {
  if (isSplatZero(adaptor.getRhs()))
    return getLhs();
  if (isSplatZero(adaptor.getLhs()))
    return getRhs();
  if (getLhs() == getRhs())
    return splatLiteral(getType(),
                        APInt::getZero(getType().getElementTypeBitWidth()));
  return foldElementwise<APInt, APInt>(
      adaptor.getLhs(), adaptor.getRhs(), literalTypeFor(getType()),
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a ^ b;
      });
}

OpFoldResult MaxIOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs())
    return getLhs();
  bool isSigned = getSignedness() == Signedness::Signed;
  return foldElementwise<APInt, APInt>(
      adaptor.getLhs(), adaptor.getRhs(), literalTypeFor(getType()),
      [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return isSigned ? llvm::APIntOps::smax(a, b) : llvm::APIntOps::umax(a, b);
      });
}

OpFoldResult MinIOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs())
    return getLhs();
  bool isSigned = getSignedness() == Signedness::Signed;
  return foldElementwise<APInt, APInt>(
      adaptor.getLhs(), adaptor.getRhs(), literalTypeFor(getType()),
      [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return isSigned ? llvm::APIntOps::smin(a, b) : llvm::APIntOps::umin(a, b);
      });
}

OpFoldResult DivIOp::fold(FoldAdaptor adaptor) {
  bool isSigned = getSignedness() == Signedness::Signed;
  // x / 1 -> x; for signed i1 the all-ones literal is -1, not 1.
  if (std::optional<APInt> divisor = splatInt(adaptor.getRhs())) {
    if (isSigned ? (divisor->getBitWidth() > 1 && divisor->isOne())
                 : divisor->isOne())
      return getLhs();
  }
  RoundingMode mode = getRounding();
  APInt::Rounding rounding = mode == RoundingMode::NegativeInf
                                 ? APInt::Rounding::DOWN
                             : mode == RoundingMode::PositiveInf
                                 ? APInt::Rounding::UP
                                 : APInt::Rounding::TOWARD_ZERO;
  return foldElementwise<APInt, APInt>(
      adaptor.getLhs(), adaptor.getRhs(), literalTypeFor(getType()),
      [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        if (b.isZero())
          return std::nullopt;
        if (!isSigned)
          return llvm::APIntOps::RoundingUDiv(a, b, rounding);
        // The one signed quotient that does not fit.
        if (a.isMinSignedValue() && b.isAllOnes())
          return std::nullopt;
        return llvm::APIntOps::RoundingSDiv(a, b, rounding);
      });
}

OpFoldResult RemIOp::fold(FoldAdaptor adaptor) {
  bool isSigned = getSignedness() == Signedness::Signed;
  return foldElementwise<APInt, APInt>(
      adaptor.getLhs(), adaptor.getRhs(), literalTypeFor(getType()),
      [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        if (b.isZero())
          return std::nullopt;
        return isSigned ? a.srem(b) : a.urem(b);
      });
}

OpFoldResult NegIOp::fold(FoldAdaptor adaptor) {
  // -(-x) -> x.
  if (auto inner = getSource().getDefiningOp<NegIOp>())
    return inner.getSource();
  IntegerOverflow flags = getOverflow();
  return foldElementwise<APInt, APInt>(
      adaptor.getSource(), literalTypeFor(getType()),
      [&](const APInt &a) {
        APInt result = -a;
        return checkOverflow(result, a.isMinSignedValue(), !a.isZero(), flags);
      });
}

OpFoldResult AbsIOp::fold(FoldAdaptor adaptor) {
  return foldElementwise<APInt, APInt>(
      adaptor.getSource(), literalTypeFor(getType()),
      [](const APInt &a) -> std::optional<APInt> {
        // |min| does not fit; leave it to the device.
        if (a.isMinSignedValue() && a.getBitWidth() > 1)
          return std::nullopt;
        return a.abs();
      });
}

/// Evaluates an integer comparison.
static bool compareInts(ComparisonPredicate predicate, bool isSigned,
                        const APInt &a, const APInt &b) {
  switch (predicate) {
  case ComparisonPredicate::Equal:
    return a == b;
  case ComparisonPredicate::NotEqual:
    return a != b;
  case ComparisonPredicate::LessThan:
    return isSigned ? a.slt(b) : a.ult(b);
  case ComparisonPredicate::LessThanOrEqual:
    return isSigned ? a.sle(b) : a.ule(b);
  case ComparisonPredicate::GreaterThan:
    return isSigned ? a.sgt(b) : a.ugt(b);
  case ComparisonPredicate::GreaterThanOrEqual:
    return isSigned ? a.sge(b) : a.uge(b);
  }
  llvm_unreachable("unknown comparison predicate");
}

OpFoldResult CmpIOp::fold(FoldAdaptor adaptor) {
  ComparisonPredicate predicate = getComparisonPredicate();
  if (getLhs() == getRhs()) {
    bool holdsForEqual = predicate == ComparisonPredicate::Equal ||
                         predicate == ComparisonPredicate::LessThanOrEqual ||
                         predicate == ComparisonPredicate::GreaterThanOrEqual;
    return splatLiteral(getType(), APInt(1, holdsForEqual));
  }
  bool isSigned = getSignedness() == Signedness::Signed;
  return foldElementwise<APInt, APInt>(
      adaptor.getLhs(), adaptor.getRhs(), literalTypeFor(getType()),
      [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return APInt(1, compareInts(predicate, isSigned, a, b));
      });
}

//===----------------------------------------------------------------------===//
// Float folders
//===----------------------------------------------------------------------===//

/// Folds `lhs op rhs` elementwise with `apply`, one of APFloat's arithmetic
/// members, at round-to-nearest-even; NaN results are left unfolded.
static OpFoldResult
foldFloatBinary(Attribute lhs, Attribute rhs, Type type,
                APFloat::opStatus (APFloat::*apply)(const APFloat &,
                                                    APFloat::roundingMode)) {
  return foldElementwise<APFloat, APFloat>(
      lhs, rhs, literalTypeFor(type),
      [apply](const APFloat &a, const APFloat &b) {
        APFloat result = a;
        (result.*apply)(b, kNearestEven);
        return nonNaN(result);
      });
}

OpFoldResult AddFOp::fold(FoldAdaptor adaptor) {
  if (!foldsLikeDevice(getRoundingMode(), getFlushToZero()))
    return {};
  // x + (-0.0) == x for every x under round-to-nearest.
  if (std::optional<APFloat> rhs = splatFloat(adaptor.getRhs()))
    if (rhs->isZero() && rhs->isNegative())
      return getLhs();
  return foldFloatBinary(adaptor.getLhs(), adaptor.getRhs(), getType(),
                         &APFloat::add);
}

namespace {
/// addf(c, mulf(...)) -> addf(mulf(...), c): the product goes first, as the
/// reference orders it, where fuse-fma looks for it. (Addition commutes, so
/// the result is the same.)
struct ProductFirst : OpRewritePattern<AddFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddFOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getRhs().getDefiningOp<MulFOp>() ||
        op.getLhs().getDefiningOp<MulFOp>())
      return failure();
    rewriter.modifyOpInPlace(op, [&] {
      Value lhs = op.getLhs();
      op.getLhsMutable().assign(op.getRhs());
      op.getRhsMutable().assign(lhs);
    });
    return success();
  }
};
} // namespace

void AddFOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<ProductFirst>(context);
}

OpFoldResult SubFOp::fold(FoldAdaptor adaptor) {
  if (!foldsLikeDevice(getRoundingMode(), getFlushToZero()))
    return {};
  // x - (+0.0) == x for every x under round-to-nearest.
  if (std::optional<APFloat> rhs = splatFloat(adaptor.getRhs()))
    if (rhs->isPosZero())
      return getLhs();
  return foldFloatBinary(adaptor.getLhs(), adaptor.getRhs(), getType(),
                         &APFloat::subtract);
}

OpFoldResult MulFOp::fold(FoldAdaptor adaptor) {
  if (!foldsLikeDevice(getRoundingMode(), getFlushToZero()))
    return {};
  // x * 1.0 == x.
  if (std::optional<APFloat> rhs = splatFloat(adaptor.getRhs()))
    if (rhs->isExactlyValue(1.0))
      return getLhs();
  if (std::optional<APFloat> lhs = splatFloat(adaptor.getLhs()))
    if (lhs->isExactlyValue(1.0))
      return getRhs();
  return foldFloatBinary(adaptor.getLhs(), adaptor.getRhs(), getType(),
                         &APFloat::multiply);
}

OpFoldResult DivFOp::fold(FoldAdaptor adaptor) {
  if (!foldsLikeDevice(getRoundingMode(), getFlushToZero()))
    return {};
  // x / 1.0 == x.
  if (std::optional<APFloat> rhs = splatFloat(adaptor.getRhs()))
    if (rhs->isExactlyValue(1.0))
      return getLhs();
  return foldFloatBinary(adaptor.getLhs(), adaptor.getRhs(), getType(),
                         &APFloat::divide);
}

OpFoldResult FmaOp::fold(FoldAdaptor adaptor) {
  if (!foldsLikeDevice(getRoundingMode(), getFlushToZero()))
    return {};
  auto lhs = dyn_cast_if_present<DenseFPElementsAttr>(adaptor.getLhs());
  auto rhs = dyn_cast_if_present<DenseFPElementsAttr>(adaptor.getRhs());
  auto acc = dyn_cast_if_present<DenseFPElementsAttr>(adaptor.getAcc());
  if (!lhs || !rhs || !acc)
    return {};
  RankedTensorType type = literalTypeFor(getType());
  SmallVector<APFloat> values;
  values.reserve(type.getNumElements());
  for (auto [a, b, c] : llvm::zip_equal(lhs.getValues<APFloat>(),
                                        rhs.getValues<APFloat>(),
                                        acc.getValues<APFloat>())) {
    APFloat result = a;
    result.fusedMultiplyAdd(b, c, kNearestEven);
    if (result.isNaN())
      return {};
    values.push_back(result);
  }
  return DenseElementsAttr::get(type, values);
}

/// maxf / minf of two constants; nullopt where the device's choice is not
/// pinned down (NaN results, zeros of opposite sign).
static std::optional<APFloat> foldMinMax(const APFloat &a, const APFloat &b,
                                         bool propagateNaN, bool wantMax) {
  if (a.isNaN() || b.isNaN()) {
    if (propagateNaN || (a.isNaN() && b.isNaN()))
      return std::nullopt;
    return a.isNaN() ? b : a;
  }
  if (a.isZero() && b.isZero() && a.isNegative() != b.isNegative())
    return std::nullopt;
  bool aIsLess = a.compare(b) == APFloat::cmpLessThan;
  return (aIsLess == wantMax) ? b : a;
}

OpFoldResult MaxFOp::fold(FoldAdaptor adaptor) {
  if (getFlushToZero())
    return {};
  if (getLhs() == getRhs())
    return getLhs();
  bool propagateNaN = getPropagateNan();
  return foldElementwise<APFloat, APFloat>(
      adaptor.getLhs(), adaptor.getRhs(), literalTypeFor(getType()),
      [&](const APFloat &a, const APFloat &b) {
        return foldMinMax(a, b, propagateNaN, /*wantMax=*/true);
      });
}

OpFoldResult MinFOp::fold(FoldAdaptor adaptor) {
  if (getFlushToZero())
    return {};
  if (getLhs() == getRhs())
    return getLhs();
  bool propagateNaN = getPropagateNan();
  return foldElementwise<APFloat, APFloat>(
      adaptor.getLhs(), adaptor.getRhs(), literalTypeFor(getType()),
      [&](const APFloat &a, const APFloat &b) {
        return foldMinMax(a, b, propagateNaN, /*wantMax=*/false);
      });
}

OpFoldResult NegFOp::fold(FoldAdaptor adaptor) {
  // -(-x) -> x: sign flips are exact.
  if (auto inner = getSource().getDefiningOp<NegFOp>())
    return inner.getSource();
  return foldElementwise<APFloat, APFloat>(
      adaptor.getSource(), literalTypeFor(getType()),
      [](const APFloat &a) -> std::optional<APFloat> { return -a; });
}

OpFoldResult AbsFOp::fold(FoldAdaptor adaptor) {
  if (getSource().getDefiningOp<AbsFOp>())
    return getSource();
  return foldElementwise<APFloat, APFloat>(
      adaptor.getSource(), literalTypeFor(getType()),
      [](const APFloat &a) -> std::optional<APFloat> { return abs(a); });
}

/// Rounds constants to integral values; always exact.
static Attribute foldRoundToIntegral(Attribute operand, Type type,
                                     APFloat::roundingMode mode) {
  return foldElementwise<APFloat, APFloat>(
      operand, literalTypeFor(type), [&](const APFloat &a) {
        APFloat result = a;
        result.roundToIntegral(mode);
        return nonNaN(result);
      });
}

OpFoldResult CeilOp::fold(FoldAdaptor adaptor) {
  return foldRoundToIntegral(adaptor.getSource(), getType(),
                             APFloat::rmTowardPositive);
}

OpFoldResult FloorOp::fold(FoldAdaptor adaptor) {
  return foldRoundToIntegral(adaptor.getSource(), getType(),
                             APFloat::rmTowardNegative);
}

OpFoldResult CmpFOp::fold(FoldAdaptor adaptor) {
  ComparisonPredicate predicate = getComparisonPredicate();
  bool unorderedHolds = getComparisonOrdering() == ComparisonOrdering::Unordered;
  return foldElementwise<APFloat, APInt>(
      adaptor.getLhs(), adaptor.getRhs(), literalTypeFor(getType()),
      [&](const APFloat &a, const APFloat &b) -> std::optional<APInt> {
        APFloat::cmpResult order = a.compare(b);
        bool result = false;
        switch (order) {
        case APFloat::cmpUnordered:
          result = unorderedHolds;
          break;
        case APFloat::cmpEqual:
          result = predicate == ComparisonPredicate::Equal ||
                   predicate == ComparisonPredicate::LessThanOrEqual ||
                   predicate == ComparisonPredicate::GreaterThanOrEqual;
          break;
        case APFloat::cmpLessThan:
          result = predicate == ComparisonPredicate::NotEqual ||
                   predicate == ComparisonPredicate::LessThan ||
                   predicate == ComparisonPredicate::LessThanOrEqual;
          break;
        case APFloat::cmpGreaterThan:
          result = predicate == ComparisonPredicate::NotEqual ||
                   predicate == ComparisonPredicate::GreaterThan ||
                   predicate == ComparisonPredicate::GreaterThanOrEqual;
          break;
        }
        return APInt(1, result);
      });
}

//===----------------------------------------------------------------------===//
// Conversion folders
//===----------------------------------------------------------------------===//

OpFoldResult ExtIOp::fold(FoldAdaptor adaptor) {
  bool isSigned = getSignedness() == Signedness::Signed;
  unsigned width = getType().getElementTypeBitWidth();
  return foldElementwise<APInt, APInt>(
      adaptor.getFrom(), literalTypeFor(getType()),
      [&](const APInt &a) -> std::optional<APInt> {
        return isSigned ? a.sext(width) : a.zext(width);
      });
}

OpFoldResult TruncIOp::fold(FoldAdaptor adaptor) {
  // trunci(exti(x)) back to the type of x is x.
  if (auto ext = getFrom().getDefiningOp<ExtIOp>())
    if (ext.getFrom().getType() == getType())
      return ext.getFrom();
  IntegerOverflow flags = getOverflow();
  unsigned width = getType().getElementTypeBitWidth();
  return foldElementwise<APInt, APInt>(
      adaptor.getFrom(), literalTypeFor(getType()), [&](const APInt &a) {
        return checkOverflow(a.trunc(width), !a.isSignedIntN(width),
                             !a.isIntN(width), flags);
      });
}

OpFoldResult IToFOp::fold(FoldAdaptor adaptor) {
  if (getRoundingMode() != RoundingMode::NearestEven)
    return {};
  bool isSigned = getSignedness() == Signedness::Signed;
  auto floatType = cast<FloatType>(getType().getElementType());
  return foldElementwise<APInt, APFloat>(
      adaptor.getFrom(), literalTypeFor(getType()),
      [&](const APInt &a) -> std::optional<APFloat> {
        APFloat result(floatType.getFloatSemantics());
        if (result.convertFromAPInt(a, isSigned, kNearestEven) !=
            APFloat::opOK)
          return std::nullopt;
        return result;
      });
}

OpFoldResult FToIOp::fold(FoldAdaptor adaptor) {
  if (getRoundingMode() != RoundingMode::NearestIntToZero)
    return {};
  bool isUnsigned = getSignedness() == Signedness::Unsigned;
  unsigned width = getType().getElementTypeBitWidth();
  return foldElementwise<APFloat, APInt>(
      adaptor.getFrom(), literalTypeFor(getType()),
      [&](const APFloat &a) -> std::optional<APInt> {
        // Round toward zero is the op's definition; NaN, infinities and
        // values out of range have no defined result.
        APSInt result(width, isUnsigned);
        bool isExact = false;
        if (a.convertToInteger(result, APFloat::rmTowardZero, &isExact) &
            APFloat::opInvalidOp)
          return std::nullopt;
        return APInt(result);
      });
}

OpFoldResult FToFOp::fold(FoldAdaptor adaptor) {
  // f8E5M3FNU has no literals to fold into.
  auto floatType = dyn_cast<FloatType>(getType().getElementType());
  if (!floatType)
    return {};
  return foldElementwise<APFloat, APFloat>(
      adaptor.getFrom(), literalTypeFor(getType()),
      [&](const APFloat &a) -> std::optional<APFloat> {
        if (a.isNaN())
          return std::nullopt;
        // Only exact conversions: then the rounding mode does not matter.
        APFloat result = a;
        bool losesInfo = false;
        if (result.convert(floatType.getFloatSemantics(), kNearestEven,
                           &losesInfo) != APFloat::opOK ||
            losesInfo || result.isNaN())
          return std::nullopt;
        return result;
      });
}

OpFoldResult BitcastOp::fold(FoldAdaptor adaptor) {
  if (getSource().getType() == getType())
    return getSource();
  if (auto inner = getSource().getDefiningOp<BitcastOp>())
    if (inner.getSource().getType() == getType())
      return inner.getSource();
  auto dense = dyn_cast_if_present<DenseElementsAttr>(adaptor.getSource());
  Type toElement = getType().getElementType();
  // Reinterpret whole bytes only (the literal storage of narrower types is
  // padded).
  if (!dense || toElement.getIntOrFloatBitWidth() % 8 != 0 ||
      !isMaterializable(toElement))
    return {};
  return dense.bitcast(toElement);
}

OpFoldResult IntToPtrOp::fold(FoldAdaptor) {
  // int_to_ptr(ptr_to_int(p)) -> p when the pointer type comes back.
  if (auto toInt = getSource().getDefiningOp<PtrToIntOp>())
    if (toInt.getSource().getType() == getType())
      return toInt.getSource();
  return {};
}

OpFoldResult PtrToIntOp::fold(FoldAdaptor) {
  // ptr_to_int(int_to_ptr(i)) -> i: the address round-trips unchanged.
  if (auto toPtr = getSource().getDefiningOp<IntToPtrOp>())
    return toPtr.getSource();
  return {};
}

OpFoldResult PtrToPtrOp::fold(FoldAdaptor) {
  if (getSource().getType() == getType())
    return getSource();
  if (auto inner = getSource().getDefiningOp<PtrToPtrOp>())
    if (inner.getSource().getType() == getType())
      return inner.getSource();
  return {};
}

#define GET_OP_CLASSES
#include "cuda_tile/IR/CudaTileArithOps.cpp.inc"
