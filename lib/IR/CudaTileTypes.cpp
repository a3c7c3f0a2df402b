//===- CudaTileTypes.cpp - cuda_tile type parsing, printing, verification -===//

#include "cuda_tile/IR/CudaTileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::cuda_tile;


//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

bool mlir::cuda_tile::isTileNumberType(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.isSignless() &&
           llvm::is_contained({1u, 4u, 8u, 16u, 32u, 64u}, intType.getWidth());
  return isa<Float16Type, BFloat16Type, Float32Type, FloatTF32Type,
             Float64Type, Float8E4M3FNType, Float8E5M2Type, Float8E8M0FNUType,
             Float4E2M1FNType>(type);
}

bool mlir::cuda_tile::isValidPointeeType(Type type) {
  return (isTileNumberType(type) && !type.isInteger(4)) ||
         isa<Float8E5M3FNUType>(type);
}

Type mlir::cuda_tile::getElementTypeOrSelf(Type type) {
  if (auto tile = dyn_cast<TileType>(type))
    return tile.getElementType();
  return type;
}

Type mlir::cuda_tile::getI1TileLike(Type type) {
  auto tile = dyn_cast<TileType>(type);
  if (!tile)
    return {};
  return TileType::get(tile.getShape(), IntegerType::get(type.getContext(), 1));
}

std::string mlir::cuda_tile::formatShape(ArrayRef<int64_t> shape,
                                         StringRef separator) {
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::interleave(shape, os, separator);
  return out;
}

/// Prints `dims` joined by `x`, with `?` for dynamic sizes.
static void printDims(AsmPrinter &printer, ArrayRef<int64_t> dims) {
  llvm::interleave(
      dims, printer.getStream(),
      [&](int64_t d) {
        if (ShapedType::isDynamic(d))
          printer << '?';
        else
          printer << d;
      },
      "x");
}

/// Prints `[a,b,c]` (no spaces) with `?` for dynamic entries.
static void printCompactList(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleave(
      values, printer.getStream(),
      [&](int64_t v) {
        if (ShapedType::isDynamic(v))
          printer << '?';
        else
          printer << v;
      },
      ",");
  printer << ']';
}

//===----------------------------------------------------------------------===//
// Short type spelling
//===----------------------------------------------------------------------===//

/// The mnemonics usable without the `!cuda_tile.` prefix.
static constexpr StringRef kTypeMnemonics[] = {
    "tile", "ptr", "tensor_view", "partition_view", "strided_view",
    "gather_scatter_view", "token", "f8E5M3FNU"};

static ParseResult parseMnemonicType(AsmParser &parser, StringRef keyword,
                                     Type &type);

ParseResult mlir::cuda_tile::parseCudaTileType(AsmParser &parser, Type &type) {
  // A full type (builtin or `!`-prefixed) first; otherwise a bare mnemonic.
  // As in the reference, anything that is neither reports "expected valid
  // keyword" and an unknown word "unknown type: <word>"; a full type that
  // fails reports its own error only.
  OptionalParseResult full = parser.parseOptionalType(type);
  if (full.has_value())
    return *full;
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  if (!llvm::is_contained(kTypeMnemonics, keyword))
    return parser.emitError(parser.getCurrentLocation(), "unknown type: ")
           << keyword;
  return parseMnemonicType(parser, keyword, type);
}

OptionalParseResult mlir::cuda_tile::parseOptionalCudaTileType(AsmParser &parser,
                                                               Type &type) {
  OptionalParseResult full = parser.parseOptionalType(type);
  if (full.has_value())
    return full;
  StringRef keyword;
  if (failed(parser.parseOptionalKeyword(&keyword, kTypeMnemonics)))
    return std::nullopt;
  return parseMnemonicType(parser, keyword, type);
}

/// Parses the body of the cuda_tile type named by `keyword` (already read).
static ParseResult parseMnemonicType(AsmParser &parser, StringRef keyword,
                                     Type &type) {
  type = llvm::StringSwitch<llvm::function_ref<Type()>>(keyword)
             .Case(TileType::getMnemonic(),
                   [&] { return TileType::parse(parser); })
             .Case(PointerType::getMnemonic(),
                   [&] { return PointerType::parse(parser); })
             .Case(TensorViewType::getMnemonic(),
                   [&] { return TensorViewType::parse(parser); })
             .Case(PartitionViewType::getMnemonic(),
                   [&] { return PartitionViewType::parse(parser); })
             .Case(StridedViewType::getMnemonic(),
                   [&] { return StridedViewType::parse(parser); })
             .Case(GatherScatterViewType::getMnemonic(),
                   [&] { return GatherScatterViewType::parse(parser); })
             .Case(Float8E5M3FNUType::getMnemonic(),
                   [&]() -> Type {
                     return Float8E5M3FNUType::get(parser.getContext());
                   })
             .Default([&]() -> Type {
               return TokenType::get(parser.getContext());
             })();
  return success(static_cast<bool>(type));
}

void mlir::cuda_tile::printCudaTileType(AsmPrinter &printer, Type type) {
  llvm::TypeSwitch<Type>(type)
      .Case<TileType, PointerType, TensorViewType, PartitionViewType,
            StridedViewType, GatherScatterViewType>([&](auto t) {
        printer << t.getMnemonic();
        t.print(printer);
      })
      .Case<TokenType, Float8E5M3FNUType>(
          [&](auto t) { printer << t.getMnemonic(); })
      .Default([&](Type t) { printer.printType(t); });
}

ParseResult
mlir::cuda_tile::parseCudaTileTypeList(AsmParser &parser,
                                       SmallVectorImpl<Type> &types) {
  do {
    Type type;
    if (parseCudaTileType(parser, type))
      return failure();
    types.push_back(type);
  } while (succeeded(parser.parseOptionalComma()));
  return success();
}

void mlir::cuda_tile::printCudaTileTypeList(AsmPrinter &printer,
                                            TypeRange types) {
  llvm::interleaveComma(types, printer.getStream(),
                        [&](Type t) { printCudaTileType(printer, t); });
}

//===----------------------------------------------------------------------===//
// TileType
//===----------------------------------------------------------------------===//

Type TileType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parseCudaTileType(parser, elementType) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); },
                    parser.getContext(), shape, elementType);
}

void TileType::print(AsmPrinter &printer) const {
  printer << '<';
  for (int64_t dim : getShape())
    printer << dim << 'x';
  printCudaTileType(printer, getElementType());
  printer << '>';
}

LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType) {
  // The element type is checked first by the ODS parameter constraint
  // (CudaTile_TileElementType) in verifyInvariants. Then, as the reference
  // orders them: f4 packs two elements a byte, so a tile with no even
  // dimension is refused before its dimensions are looked at; each dimension
  // in turn must be positive, a power of two and keep the count in bounds.
  if (isa<Float4E2M1FNType>(elementType) &&
      llvm::all_of(shape, [](int64_t d) { return d % 2 != 0; }))
    return emitError()
           << "F4E2M1FN tiles must have an even number of elements";
  int64_t count = 1;
  for (int64_t dim : shape) {
    if (dim <= 0)
      return emitError() << "all dimensions must be positive constants, got "
                         << formatShape(shape);
    if (!llvm::isPowerOf2_64(dim))
      return emitError() << "all dimensions must be powers of two, got "
                         << formatShape(shape);
    if (count > kMaxElements / dim)
      return emitError() << "tile would exceed the maximum of " << kMaxElements
                         << " elements";
    count *= dim;
  }
  return success();
}

TileType TileType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                             Type elementType) const {
  return TileType::get(shape ? *shape : getShape(), elementType);
}

//===----------------------------------------------------------------------===//
// TensorViewType
//===----------------------------------------------------------------------===//

Type TensorViewType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape, strides;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parseCudaTileType(parser, elementType))
    return {};
  // A 0-d tensor_view has no strides; any other must spell them.
  if (shape.empty()) {
    if (succeeded(parser.parseOptionalComma())) {
      if (succeeded(parser.parseOptionalKeyword("strides")))
        parser.emitError(parser.getCurrentLocation(),
                         "strides must not be provided for 0-d tiles");
      else
        parser.emitError(parser.getCurrentLocation(),
                         "unexpected token after element type in 0-d "
                         "tensor_view");
      return {};
    }
  } else {
    if (failed(parser.parseOptionalComma())) {
      parser.emitError(parser.getCurrentLocation(), "expected 'strides'");
      return {};
    }
    if (parser.parseKeyword("strides") || parser.parseEqual() ||
        parser.parseCommaSeparatedList(
            AsmParser::Delimiter::Square, [&]() -> ParseResult {
              SMLoc entryLoc = parser.getCurrentLocation();
              if (succeeded(parser.parseOptionalQuestion())) {
                strides.push_back(ShapedType::kDynamic);
                return success();
              }
              int64_t stride;
              OptionalParseResult read = parser.parseOptionalInteger(stride);
              if (!read.has_value())
                return parser.emitError(
                    entryLoc, "expected either 64-bit integer or question mark");
              if (failed(*read))
                return failure();
              if (stride <= 0)
                return parser.emitError(
                           entryLoc, "expected strictly positive integer, got ")
                       << stride;
              strides.push_back(stride);
              return success();
            },
            // The reference's context, appended without a space.
            "strides array"))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); },
                    parser.getContext(), elementType, shape, strides);
}

void TensorViewType::print(AsmPrinter &printer) const {
  printer << '<';
  for (int64_t dim : getShape()) {
    if (ShapedType::isDynamic(dim))
      printer << '?';
    else
      printer << dim;
    printer << 'x';
  }
  printCudaTileType(printer, getElementType());
  if (!getShape().empty()) {
    printer << ", strides=";
    printCompactList(printer, getStrides());
  }
  printer << '>';
}

LogicalResult
TensorViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                       Type elementType, ArrayRef<int64_t> shape,
                       ArrayRef<int64_t> strides) {
  // The element type is checked by the ODS parameter constraint.
  if (shape.size() != strides.size())
    return emitError() << "expected shape and stride to be of same rank but "
                          "got shape of rank "
                       << shape.size() << " and stride of rank "
                       << strides.size();
  auto nonPositive = [](int64_t v) {
    return !ShapedType::isDynamic(v) && v <= 0;
  };
  auto listed = [](ArrayRef<int64_t> values) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << '[';
    llvm::interleaveComma(values, os, [&](int64_t v) {
      if (ShapedType::isDynamic(v))
        os << '?';
      else
        os << v;
    });
    os << ']';
    return text;
  };
  if (llvm::any_of(shape, nonPositive))
    return emitError()
           << "dimensions must have strictly positive constant sizes but got "
           << listed(shape);
  if (llvm::any_of(strides, nonPositive))
    return emitError()
           << "dimensions must have strictly positive constant strides but got "
           << listed(strides);
  return success();
}

size_t TensorViewType::getNumDynamicShape() const {
  return llvm::count_if(getShape(), ShapedType::isDynamic);
}

size_t TensorViewType::getNumDynamicStrides() const {
  return llvm::count_if(getStrides(), ShapedType::isDynamic);
}

//===----------------------------------------------------------------------===//
// Tiled views: partition_view, strided_view, gather_scatter_view
//===----------------------------------------------------------------------===//

namespace {
/// The pieces every tiled view spells the same way.
struct TiledViewParts {
  DenseI32ArrayAttr tileShape;
  SmallVector<int64_t> traversalStrides;
  PaddingValueAttr paddingValue;
  TensorViewType tensorView;
  SmallVector<int32_t> dimMap;
  std::optional<int32_t> sparseDim;
};
} // namespace

/// Parses `tile=(AxB)`.
static ParseResult parseTileShape(AsmParser &parser, TiledViewParts &parts) {
  SmallVector<int64_t> dims;
  if (parser.parseKeyword("tile") || parser.parseEqual())
    return failure();
  SMLoc dimsLoc = parser.getCurrentLocation();
  if (parser.parseLParen() ||
      parser.parseDimensionList(dims, /*allowDynamic=*/false,
                                /*withTrailingX=*/false) ||
      parser.parseRParen())
    return failure();
  for (auto [i, d] : llvm::enumerate(dims))
    if (d <= 0 || d > std::numeric_limits<int32_t>::max())
      return parser.emitError(dimsLoc, "tile dimension ")
             << i << " exceeds i32 limitations (got " << d
             << ", expected strictly positive and less than or equal to "
             << std::numeric_limits<int32_t>::max() << ")";
  SmallVector<int32_t> dims32(dims.begin(), dims.end());
  parts.tileShape = DenseI32ArrayAttr::get(parser.getContext(), dims32);
  return success();
}

/// The view whose syntax is parsed: the parts between the tile shape and the
/// tensor_view, and after it, differ.
enum class TiledViewKind { Partition, Strided, GatherScatter };

/// Parses a tiled view in the reference's fixed order, so that malformed
/// text fails where and as the reference's does: `<tile=(AxB), `, then
/// `traversal_strides=[...], ` (strided_view), optionally `padding_value = v,
/// `, the tensor_view, then `, dim_map=[...]` (optional, not in
/// gather_scatter_view) or `, sparse_dim=N` (gather_scatter_view), and `>`.
static ParseResult parseTiledView(AsmParser &parser, TiledViewKind kind,
                                  TiledViewParts &parts) {
  if (parser.parseLess() || parseTileShape(parser, parts) ||
      parser.parseComma())
    return failure();
  auto parseI32List = [&](SmallVectorImpl<int32_t> &values,
                          StringRef context) {
    return parser.parseCommaSeparatedList(
        AsmParser::Delimiter::Square,
        [&]() { return parser.parseInteger(values.emplace_back()); }, context);
  };
  if (kind == TiledViewKind::Strided) {
    SmallVector<int32_t> strides;
    if (parser.parseKeyword("traversal_strides") || parser.parseEqual() ||
        parseI32List(strides, "") || parser.parseComma())
      return failure();
    parts.traversalStrides.assign(strides.begin(), strides.end());
  }
  if (succeeded(parser.parseOptionalKeyword("padding_value"))) {
    StringRef keyword;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseEqual() || parser.parseKeyword(&keyword))
      return failure();
    std::optional<PaddingValue> value = symbolizePaddingValue(keyword);
    if (!value)
      return parser.emitError(loc, "invalid padding_value attribute "
                                   "specification. Got \"")
             << keyword
             << "\" but expect one of: zero, neg_zero, nan, pos_inf, neg_inf";
    parts.paddingValue = PaddingValueAttr::get(parser.getContext(), *value);
    if (parser.parseComma())
      return failure();
  }
  Type type;
  if (parseCudaTileType(parser, type))
    return failure();
  parts.tensorView = dyn_cast<TensorViewType>(type);
  if (!parts.tensorView)
    return parser.emitError(parser.getCurrentLocation(),
                            "expected 'tensor_view' type, but got ")
           << type;
  if (kind == TiledViewKind::GatherScatter) {
    uint32_t sparseDim;
    if (parser.parseComma() || parser.parseKeyword("sparse_dim") ||
        parser.parseEqual() || parser.parseInteger(sparseDim))
      return failure();
    parts.sparseDim = static_cast<int32_t>(sparseDim);
  } else if (succeeded(parser.parseOptionalComma())) {
    // The reference's context, appended without a space.
    if (parser.parseKeyword("dim_map") || parser.parseEqual() ||
        parseI32List(parts.dimMap, "dim map"))
      return failure();
  } else {
    for (int32_t i = 0, e = parts.tileShape.size(); i < e; ++i)
      parts.dimMap.push_back(i);
  }
  return parser.parseGreater();
}

static bool isIdentityDimMap(ArrayRef<int32_t> dimMap) {
  for (auto [i, d] : llvm::enumerate(dimMap))
    if (d != static_cast<int32_t>(i))
      return false;
  return true;
}

static void printTileShape(AsmPrinter &printer, DenseI32ArrayAttr tileShape) {
  printer << "<tile=(";
  llvm::interleave(tileShape.asArrayRef(), printer.getStream(), "x");
  printer << ')';
}

static void printPadding(AsmPrinter &printer, PaddingValueAttr padding) {
  if (padding)
    printer << ", padding_value = " << stringifyPaddingValue(padding.getValue());
}

static void printTensorViewAndDimMap(AsmPrinter &printer, TensorViewType view,
                                     ArrayRef<int32_t> dimMap) {
  printer << ", ";
  printCudaTileType(printer, view);
  if (!isIdentityDimMap(dimMap)) {
    printer << ", dim_map=[";
    llvm::interleaveComma(dimMap, printer.getStream());
    printer << ']';
  }
}

/// The checks shared by all tiled views.
static LogicalResult
verifyTiledView(function_ref<InFlightDiagnostic()> emitError,
                DenseI32ArrayAttr tileShape, TensorViewType tensorView,
                ArrayRef<int32_t> dimMap, PaddingValueAttr paddingValue) {
  ArrayRef<int32_t> tile = tileShape.asArrayRef();
  int64_t rank = tensorView.getRank();
  // In the reference's order: shape presence, ranks, dim_map length, the
  // tile dimensions, the mapping, then the tile as a tile type.
  if (tile.empty())
    return emitError() << "0-dimension tile shape is not supported";
  if (static_cast<int64_t>(tile.size()) != rank)
    return emitError() << "expected tensor_view rank and tile rank to match, "
                          "got tensor_view of rank "
                       << rank << " and tiles of rank " << tile.size();
  if (dimMap.size() != tile.size())
    return emitError() << "expected dim_map to map exactly all " << tile.size()
                       << " dimensions of the tile, got " << dimMap.size()
                       << " mappings";
  SmallVector<int64_t> dims(tile.begin(), tile.end());
  if (llvm::any_of(tile, [](int32_t d) { return d <= 0; }))
    return emitError()
           << "tile shape dimensions must have positive length but got ["
           << formatShape(dims) << "]";
  if (llvm::any_of(tile, [](int32_t d) {
        return !llvm::isPowerOf2_32(static_cast<uint32_t>(d));
      }))
    return emitError()
           << "tile shape dimensions must have power of two length but got ["
           << formatShape(dims) << "]";
  SmallVector<int64_t> seenAt(rank, -1);
  for (auto [tileDim, target] : llvm::enumerate(dimMap)) {
    if (target < 0)
      return emitError() << "target dimension must not be negative, got "
                         << target;
    if (target >= rank)
      return emitError() << "target dimension is outside of tensor view "
                            "dimensions, expected strictly less than "
                         << rank << ", got " << target;
    if (seenAt[target] >= 0)
      return emitError() << "target dimension " << target
                         << " mapped at least twice (for tile dimensions "
                         << seenAt[target] << " and " << tileDim << ")";
    seenAt[target] = tileDim;
  }
  if (failed(TileType::verify(emitError, dims, tensorView.getElementType())))
    return failure();
  if (paddingValue && paddingValue.getValue() != PaddingValue::Zero &&
      !isTileFloatType(tensorView.getElementType()))
    return emitError() << "padding_value "
                       << stringifyPaddingValue(paddingValue.getValue())
                       << " can only be used with floating point element "
                          "types, got "
                       << tensorView.getElementType();
  return success();
}

Type PartitionViewType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  TiledViewParts parts;
  if (parseTiledView(parser, TiledViewKind::Partition, parts))
    return {};
  return getChecked([&] { return parser.emitError(loc); },
                    parser.getContext(), parts.tileShape, parts.tensorView,
                    parts.dimMap, parts.paddingValue);
}

void PartitionViewType::print(AsmPrinter &printer) const {
  printTileShape(printer, getTileShape());
  printPadding(printer, getPaddingValue());
  printTensorViewAndDimMap(printer, getTensorView(), getDimMap());
  printer << '>';
}

LogicalResult
PartitionViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                          DenseI32ArrayAttr tileShape,
                          TensorViewType tensorView, ArrayRef<int32_t> dimMap,
                          PaddingValueAttr paddingValue) {
  return verifyTiledView(emitError, tileShape, tensorView, dimMap,
                         paddingValue);
}

Type StridedViewType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  TiledViewParts parts;
  if (parseTiledView(parser, TiledViewKind::Strided, parts))
    return {};
  return getChecked([&] { return parser.emitError(loc); },
                    parser.getContext(), parts.tileShape,
                    parts.traversalStrides, parts.tensorView, parts.dimMap,
                    parts.paddingValue);
}

void StridedViewType::print(AsmPrinter &printer) const {
  printTileShape(printer, getTileShape());
  printer << ", traversal_strides=";
  printCompactList(printer, getTraversalStrides());
  printPadding(printer, getPaddingValue());
  printTensorViewAndDimMap(printer, getTensorView(), getDimMap());
  printer << '>';
}

LogicalResult
StridedViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                        DenseI32ArrayAttr tileShape,
                        ArrayRef<int64_t> traversalStrides,
                        TensorViewType tensorView, ArrayRef<int32_t> dimMap,
                        PaddingValueAttr paddingValue) {
  // The checks every tiled view shares come first, as in the reference.
  if (failed(verifyTiledView(emitError, tileShape, tensorView, dimMap,
                             paddingValue)))
    return failure();
  if (traversalStrides.size() != tileShape.asArrayRef().size())
    return emitError() << "expected " << tileShape.asArrayRef().size()
                       << " traversal strides, got " << traversalStrides.size();
  if (llvm::any_of(traversalStrides, [](int64_t s) { return s <= 0; })) {
    InFlightDiagnostic diag = emitError();
    diag << "traversal strides must be strictly positive but got [";
    llvm::interleaveComma(traversalStrides, diag);
    return diag << "]";
  }
  return success();
}

Type GatherScatterViewType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  TiledViewParts parts;
  if (parseTiledView(parser, TiledViewKind::GatherScatter, parts))
    return {};
  return getChecked([&] { return parser.emitError(loc); },
                    parser.getContext(), parts.tileShape, parts.tensorView,
                    *parts.sparseDim, parts.paddingValue);
}

void GatherScatterViewType::print(AsmPrinter &printer) const {
  printTileShape(printer, getTileShape());
  printPadding(printer, getPaddingValue());
  printer << ", ";
  printCudaTileType(printer, getTensorView());
  printer << ", sparse_dim=" << getSparseDim() << '>';
}

LogicalResult
GatherScatterViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                              DenseI32ArrayAttr tileShape,
                              TensorViewType tensorView, int32_t sparseDim,
                              PaddingValueAttr paddingValue) {
  SmallVector<int32_t> identity;
  for (int32_t i = 0, e = tensorView.getRank(); i < e; ++i)
    identity.push_back(i);
  if (failed(verifyTiledView(emitError, tileShape, tensorView, identity,
                             paddingValue)))
    return failure();
  if (sparseDim < 0 || sparseDim >= tensorView.getRank())
    return emitError() << "gather dimension is outside of tensor view "
                          "dimensions, expected strictly less than "
                       << tensorView.getRank() << ", got " << sparseDim;
  return success();
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

#define GET_TYPEDEF_CLASSES
#include "cuda_tile/IR/CudaTileTypes.cpp.inc"

void CudaTileDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "cuda_tile/IR/CudaTileTypes.cpp.inc"
      >();
}
