//===- CudaTileAttrs.cpp - cuda_tile attributes ---------------------------===//

#include "cuda_tile/IR/CudaTileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#include "cuda_tile/IR/CudaTileEnums.cpp.inc"
#include "cuda_tile/IR/CudaTileAttrInterfaces.cpp.inc"

//===----------------------------------------------------------------------===//
// Hint-checking options, shared by every tool that links the dialect.
//===----------------------------------------------------------------------===//

static llvm::cl::opt<bool> warnUnsupportedHints(
    "Wunsupported-hints",
    llvm::cl::desc("Warn about unknown architectures, unknown hint keys and "
                   "invalid hint values in optimization_hints"),
    llvm::cl::init(false));

static llvm::cl::opt<bool> errorOnHintWarnings(
    "Werr-hints",
    llvm::cl::desc("Treat optimization_hints warnings as errors"),
    llvm::cl::init(false));

//===----------------------------------------------------------------------===//
// Assumption predicates
//===----------------------------------------------------------------------===//

namespace {
/// What an assumption predicate constrains.
struct ConstrainedValue {
  TileType tile;
  TensorViewType view;
  bool isIntegerTile() const {
    return tile && isa<IntegerType>(tile.getElementType());
  }
  bool isPointerTile() const {
    return tile && isa<PointerType>(tile.getElementType());
  }
};
} // namespace

static ConstrainedValue classify(Value value) {
  return {dyn_cast<TileType>(value.getType()),
          dyn_cast<TensorViewType>(value.getType())};
}

Attribute DivByAttr::parse(AsmParser &parser, Type) {
  uint64_t divisor;
  std::optional<int64_t> every, along;
  if (parser.parseLess() || parser.parseInteger(divisor))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    int64_t e, a;
    if (parser.parseKeyword("every") || parser.parseInteger(e) ||
        parser.parseKeyword("along") || parser.parseInteger(a))
      return {};
    every = e;
    along = a;
  }
  if (parser.parseGreater())
    return {};
  return DivByAttr::get(parser.getContext(), divisor, every, along);
}

void DivByAttr::print(AsmPrinter &printer) const {
  printer << '<' << getDivisor();
  if (getEvery())
    printer << ", every " << *getEvery() << " along " << *getAlong();
  printer << '>';
}

LogicalResult
DivByAttr::verifyWithValue(Value value,
                           function_ref<InFlightDiagnostic()> emitError) const {
  // The checks run in the reference's order: the divisor first, then the
  // constrained value, then every/along.
  if (!llvm::isPowerOf2_64(getDivisor()))
    return emitError() << "'cuda_tile.div_by' divisor must be a power of 2";
  if (getEvery().has_value() != getAlong().has_value())
    return emitError() << "'cuda_tile.div_by' 'every'/'along' must be used "
                          "in combination";
  if (getDivisor() > (uint64_t(1) << 62))
    return emitError() << "'cuda_tile.div_by' divisor is too large";
  ConstrainedValue target = classify(value);
  if (target.view) {
    if (getEvery())
      return emitError() << "'cuda_tile.div_by' 'every'/'along' cannot be "
                            "used if the constrained value is a tensor_view";
    return success();
  }
  if (!target.tile)
    return emitError() << "'cuda_tile.div_by' is valid only for tile of "
                          "integer/pointer or tensor_view values";
  if (target.tile.getRank() == 0 && getEvery())
    return emitError() << "'cuda_tile.div_by' 'every'/'along' cannot be used "
                          "if the constrained value is a 0D tile";
  if (!target.isIntegerTile() && !target.isPointerTile())
    return emitError() << "'cuda_tile.div_by' is valid only for tile of "
                          "integer/pointer or tensor_view values";
  if (!getEvery())
    return success();
  int64_t rank = target.tile.getRank();
  if (*getAlong() < 0 || *getAlong() >= rank)
    return emitError() << "'cuda_tile.div_by' every_dim (" << *getAlong()
                       << ") must be >= 0 and < tile rank (" << rank << ")";
  int64_t size = target.tile.getDimSize(*getAlong());
  if (*getEvery() < 0 || *getEvery() > size)
    return emitError() << "expected 'cuda_tile.div_by' every_dim to be within "
                          "0 and the size of the respective dimension ("
                       << size << ")";
  return success();
}

LogicalResult SameElementsAttr::verifyWithValue(
    Value value, function_ref<InFlightDiagnostic()> emitError) const {
  ConstrainedValue target = classify(value);
  if (!target.isIntegerTile() && !target.isPointerTile())
    return emitError() << "'cuda_tile.same_elements' is valid only for tile "
                          "of integer/pointer values";
  ArrayRef<int64_t> values = getValues().asArrayRef();
  if (static_cast<int64_t>(values.size()) != target.tile.getRank())
    return emitError() << "expected number of values in "
                          "'cuda_tile.same_elements' ("
                       << values.size()
                       << ") to match rank of constrained tile ("
                       << target.tile.getRank() << ")";
  for (auto [i, v] : llvm::enumerate(values)) {
    int64_t size = target.tile.getDimSize(i);
    if (v < 0 || v > size)
      return emitError() << "expected 'cuda_tile.same_elements' value " << i
                         << " to be within 0 and the size of the respective "
                            "dimension ("
                         << size << ")";
  }
  return success();
}

LogicalResult
BoundedAttr::verifyWithValue(Value value,
                             function_ref<InFlightDiagnostic()> emitError) const {
  ConstrainedValue target = classify(value);
  if (!target.isIntegerTile())
    return emitError()
           << "'cuda_tile.bounded' is valid only for tile of integer values";
  unsigned width = target.tile.getElementType().getIntOrFloatBitWidth();
  int64_t minValue = llvm::minIntN(width), maxValue = llvm::maxIntN(width);
  auto inRange = [&](int64_t v) { return v >= minValue && v <= maxValue; };
  if (getLb() && !inRange(*getLb()))
    return emitError() << "'cuda_tile.bounded' expects lower bound to be "
                          "within ["
                       << minValue << ", " << maxValue << "]";
  if (getUb() && !inRange(*getUb()))
    return emitError() << "'cuda_tile.bounded' expects upper bound to be "
                          "within ["
                       << minValue << ", " << maxValue << "]";
  if (getLb() && getUb() && *getLb() > *getUb())
    return emitError() << "'cuda_tile.bounded' expects lower bound to be "
                          "less than or equal to upper bound";
  return success();
}

//===----------------------------------------------------------------------===//
// OptimizationHintsAttr
//===----------------------------------------------------------------------===//

Attribute OptimizationHintsAttr::parse(AsmParser &parser, Type) {
  SmallVector<NamedAttribute> entries;
  if (parser.parseLess())
    return {};
  if (failed(parser.parseOptionalGreater())) {
    llvm::StringSet<> seen;
    auto parseEntry = [&]() -> ParseResult {
      std::string key;
      SMLoc keyLoc = parser.getCurrentLocation();
      if (parser.parseKeywordOrString(&key) || parser.parseEqual())
        return failure();
      // Dictionary keys are non-empty and unique (DictionaryAttr::get does
      // not check).
      if (key.empty())
        return parser.emitError(keyLoc)
               << "expected a non-empty key in optimization_hints";
      Attribute value;
      if (parser.parseAttribute(value))
        return failure();
      // (Both reported after the value, where the reference reports them.)
      if (!seen.insert(key).second)
        return parser.emitError(parser.getCurrentLocation())
               << "duplicate optimization_hints key `" << key << "`";
      if (!isa<DictionaryAttr>(value))
        return parser.emitError(parser.getCurrentLocation())
               << "expected dictionary attribute for optimization_hints "
                  "entry `"
               << key << "` got value=" << value;
      entries.emplace_back(StringAttr::get(parser.getContext(), key), value);
      return success();
    };
    if (parser.parseCommaSeparatedList(parseEntry) || parser.parseGreater())
      return {};
  }
  return OptimizationHintsAttr::get(
      parser.getContext(), DictionaryAttr::get(parser.getContext(), entries));
}

/// Printed as the reference prints hints, even where that text does not
/// parse back: names bare (also those that are no identifiers, such as
/// `größe` or `needs space`) and values without their type (also dense
/// elements, whose literal needs one).
void OptimizationHintsAttr::print(AsmPrinter &printer) const {
  printer << '<';
  llvm::interleaveComma(getValue(), printer.getStream(),
                        [&](NamedAttribute arch) {
                          printer << arch.getName().getValue() << " = {";
                          auto hints = cast<DictionaryAttr>(arch.getValue());
                          llvm::interleaveComma(
                              hints, printer.getStream(),
                              [&](NamedAttribute hint) {
                                printer << hint.getName().getValue() << " = ";
                                printer.printAttributeWithoutType(
                                    hint.getValue());
                              });
                          printer << '}';
                        });
  printer << '>';
}

LogicalResult
OptimizationHintsAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              DictionaryAttr value) {
  for (NamedAttribute arch : value)
    if (!isa<DictionaryAttr>(arch.getValue()))
      return emitError() << "expected dictionary attribute for "
                            "optimization_hints entry `"
                         << arch.getName().getValue()
                         << "` got value=" << arch.getValue();
  return success();
}

Attribute OptimizationHintsAttr::lookup(StringRef arch, StringRef key) const {
  for (StringRef name : {arch, StringRef("default")})
    if (auto hints = dyn_cast_or_null<DictionaryAttr>(getValue().get(name)))
      if (Attribute value = hints.get(key))
        return value;
  return {};
}

/// Architectures the hints may name, besides `default`.
static constexpr StringLiteral kKnownArchitectures[] = {
    "sm_80", "sm_86", "sm_87", "sm_88",  "sm_89",  "sm_90",
    "sm_100", "sm_103", "sm_110", "sm_120", "sm_121"};

/// The hint keys that apply to an op, by the op's name.
static ArrayRef<StringLiteral> knownHintKeys(StringRef opName) {
  static constexpr StringLiteral entryKeys[] = {
      "num_cta_in_cga", "occupancy", "num_worker_warps_per_cta"};
  static constexpr StringLiteral viewKeys[] = {"allow_tma", "latency"};
  static constexpr StringLiteral pointerKeys[] = {"latency"};
  if (opName == "cuda_tile.entry")
    return entryKeys;
  if (opName == "cuda_tile.load_view_tko" ||
      opName == "cuda_tile.store_view_tko")
    return viewKeys;
  if (opName == "cuda_tile.load_ptr_tko" || opName == "cuda_tile.store_ptr_tko")
    return pointerKeys;
  return {};
}

/// Architectures that run one CTA per cluster (no CGA of several CTAs).
static constexpr StringLiteral kSingleCTAArchitectures[] = {
    "sm_80", "sm_86", "sm_87", "sm_88", "sm_89"};

/// Returns a description of what is wrong with `value` for hint `key`, or an
/// empty string when it is acceptable. Wording and limits are the reference's.
static std::string checkHintValue(StringRef arch, StringRef key,
                                  Attribute value) {
  std::string where = (arch + "." + key).str();
  if (key == "allow_tma")
    return isa<BoolAttr>(value) ? "" : "boolean value expected for " + where;
  auto intAttr = dyn_cast<IntegerAttr>(value);
  if (!intAttr)
    return "integer value expected for " + where;
  int64_t v = intAttr.getValue().getSExtValue();
  if (key == "num_cta_in_cga") {
    if (llvm::any_of(kSingleCTAArchitectures,
                     [&](StringRef single) { return arch.starts_with(single); }) &&
        v != 1)
      return "expected 1 for " + where;
    if (v <= 0 || v > 16 || !llvm::isPowerOf2_64(v))
      return "expected power-of-two \u2264 16 for " + where;
  } else if (key == "num_worker_warps_per_cta") {
    if (v <= 0 || v > 32 || !llvm::isPowerOf2_64(v))
      return "expected power-of-two \u2264 32 for " + where;
  } else if (key == "latency") {
    if (v < 1 || v > 10)
      return "integer value in the range [1, 10] is expected for " + where;
  } else if (key == "occupancy") {
    if (v < 1 || v > 32)
      return "integer value in the range [1, 32] is expected for " + where;
  }
  return {};
}

LogicalResult OptimizationHintsAttr::verifyForOp(Operation *op) const {
  if (!warnUnsupportedHints)
    return success();
  ArrayRef<StringLiteral> keys = knownHintKeys(op->getName().getStringRef());
  bool clean = true;
  // Warnings carry only the location: attaching the op would print it, and
  // printing re-runs this verifier.
  auto warn = [&](const Twine &message) {
    mlir::emitWarning(op->getLoc(), message);
    clean = false;
  };
  for (NamedAttribute arch : getValue()) {
    StringRef archName = arch.getName().getValue();
    if (archName != "default" &&
        !llvm::is_contained(kKnownArchitectures, archName)) {
      warn("unknown hint key " + archName);
      continue;
    }
    for (NamedAttribute hint : cast<DictionaryAttr>(arch.getValue())) {
      StringRef key = hint.getName().getValue();
      if (!llvm::is_contained(keys, key)) {
        warn(key + " is not known hint for current Operation");
        continue;
      }
      std::string problem = checkHintValue(archName, key, hint.getValue());
      if (!problem.empty())
        warn(problem);
    }
  }
  if (!clean && errorOnHintWarnings)
    return op->emitOpError("Optimization hints verification failed");
  return success();
}

//===----------------------------------------------------------------------===//
// Debug info
//===----------------------------------------------------------------------===//

bool DILocalScopeAttr::classof(Attribute attr) {
  return isa<DISubprogramAttr, DILexicalBlockAttr>(attr);
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

#define GET_ATTRDEF_CLASSES
#include "cuda_tile/IR/CudaTileAttrs.cpp.inc"

void CudaTileDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "cuda_tile/IR/CudaTileAttrs.cpp.inc"
      >();
}
