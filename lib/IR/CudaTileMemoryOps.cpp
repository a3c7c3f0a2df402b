//===- CudaTileMemoryOps.cpp - views, loads, stores, atomics, tokens ------===//

#include "cuda_tile/IR/CudaTileOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// Type transforms used by the ops' TypesMatchWith constraints
//===----------------------------------------------------------------------===//

namespace mlir::cuda_tile {
/// The tile of pointers to the elements of `type`, with its shape.
static Type getPointerTileType(Type type) {
  auto tile = dyn_cast<TileType>(type);
  if (!tile || !isValidPointeeType(tile.getElementType()))
    return {};
  return TileType::get(tile.getShape(), PointerType::get(tile.getElementType()));
}

} // namespace mlir::cuda_tile

//===----------------------------------------------------------------------===//
// Tiled views: the facts loads, stores and shape queries need
//===----------------------------------------------------------------------===//

/// The tile shape of a partition, strided or gather/scatter view.
static ArrayRef<int32_t> getViewTileShape(Type view) {
  return llvm::TypeSwitch<Type, ArrayRef<int32_t>>(view)
      .Case<PartitionViewType, StridedViewType, GatherScatterViewType>(
          [](auto v) { return v.getTileShape().asArrayRef(); })
      .Default([](Type) { return ArrayRef<int32_t>(); });
}

/// The tensor_view a tiled view is built on.
static TensorViewType getViewTensorView(Type view) {
  return llvm::TypeSwitch<Type, TensorViewType>(view)
      .Case<PartitionViewType, StridedViewType, GatherScatterViewType>(
          [](auto v) { return v.getTensorView(); })
      .Default([](Type) { return TensorViewType(); });
}

/// The padding value of a tiled view, if it has one.
static PaddingValueAttr getViewPadding(Type view) {
  return llvm::TypeSwitch<Type, PaddingValueAttr>(view)
      .Case<PartitionViewType, StridedViewType, GatherScatterViewType>(
          [](auto v) { return v.getPaddingValue(); })
      .Default([](Type) { return PaddingValueAttr(); });
}

/// Number of index operands an access to `view` takes: one per tile
/// dimension.
static size_t getViewIndexRank(Type view) {
  return getViewTileShape(view).size();
}

/// The type of every tile loaded from or stored to `view`.
static TileType getViewTileType(Type view) {
  ArrayRef<int32_t> shape = getViewTileShape(view);
  SmallVector<int64_t> dims(shape.begin(), shape.end());
  return TileType::get(dims, getViewTensorView(view).getElementType());
}

/// Checks the index operand types of an access to `view` (their number is
/// checked separately). Partition and strided views take scalar indices, all
/// of one type; a gather/scatter view takes a rank-1 tile of indices at its
/// sparse dimension, as long as that dimension of the tile, and scalars of one
/// type elsewhere.
static LogicalResult
verifyViewIndices(Type view, TypeRange indexTypes,
                  function_ref<InFlightDiagnostic()> emitError) {
  if (indexTypes.empty())
    return success();
  if (auto gather = dyn_cast<GatherScatterViewType>(view)) {
    size_t sparseDim = gather.getSparseDim();
    if (sparseDim >= indexTypes.size())
      return emitError() << "gather/scatter dimension " << sparseDim
                         << " is out of range for index count "
                         << indexTypes.size();
    auto sparseIndex = cast<TileType>(indexTypes[sparseDim]);
    if (sparseIndex.getRank() != 1)
      return emitError()
             << "expected index at sparse_dim position " << sparseDim
             << " to be a 1D tensor for GatherScatterView, got rank "
             << sparseIndex.getRank();
    int64_t expected = gather.getTileShape()[sparseDim];
    if (sparseIndex.getDimSize(0) != expected)
      return emitError() << "expected gather/scatter index size ("
                         << sparseIndex.getDimSize(0)
                         << ") to match tile shape at gather/scatter dimension "
                         << sparseDim << " (" << expected << ")";
    Type scalarType;
    for (auto [i, type] : llvm::enumerate(indexTypes)) {
      if (i == sparseDim)
        continue;
      if (cast<TileType>(type).getRank() != 0)
        return emitError() << "expected index " << i
                           << " to be a scalar tile for GatherScatterView";
      if (!scalarType)
        scalarType = type;
      else if (type != scalarType)
        return emitError() << "expected scalar index " << i
                           << " to have the same type as other scalar indices ("
                           << scalarType << "), got " << type;
    }
    return success();
  }
  for (Type type : indexTypes)
    if (cast<TileType>(type).getRank() != 0)
      return emitError() << "expected index type to be a scalar tile, got "
                         << type;
  for (auto [i, type] : llvm::enumerate(indexTypes))
    if (type != indexTypes.front())
      return emitError() << "expected index type " << i
                         << " to be the same as other index types ("
                         << indexTypes.front() << "), got " << type;
  return success();
}

/// Index count, tile type and index types of a view load or store.
static LogicalResult verifyViewAccess(Operation *op, Type view,
                                      TypeRange indexTypes, Type tileType) {
  size_t rank = getViewIndexRank(view);
  if (indexTypes.size() != rank)
    return op->emitOpError("expected ")
           << rank << " index operands (based on view type), got "
           << indexTypes.size();
  TileType expected = getViewTileType(view);
  if (tileType != expected)
    return op->emitOpError("expected tile type to be ")
           << expected << " (based on view type), got " << tileType;
  return verifyViewIndices(view, indexTypes,
                           [op] { return op->emitOpError(); });
}

//===----------------------------------------------------------------------===//
// Memory ordering and scope
//===----------------------------------------------------------------------===//

/// `weak` alone, or an ordering followed by a scope. A non-weak ordering
/// without a scope parses; the verifier reports the missing scope.
static ParseResult parseMemoryAttributes(OpAsmParser &parser,
                                         IntegerAttr &ordering,
                                         IntegerAttr &scope) {
  Builder &builder = parser.getBuilder();
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<MemoryOrdering> order = symbolizeMemoryOrdering(keyword);
  if (!order)
    return parser.emitError(loc, "invalid memory_ordering_semantics "
                                 "attribute specification. Got \"")
           << keyword
           << "\" but expect one of: weak, relaxed, acquire, release, acq_rel";
  ordering = builder.getI32IntegerAttr(static_cast<int32_t>(*order));

  loc = parser.getCurrentLocation();
  StringRef scopeKeyword;
  if (failed(parser.parseOptionalKeyword(&scopeKeyword)))
    return success();
  if (*order == MemoryOrdering::Weak)
    return parser.emitError(loc, "operation specifies weak memory ordering "
                                 "semantics, but then provides \"")
           << scopeKeyword << "\" scope, expected no memory scope.";
  std::optional<MemoryScope> memScope = symbolizeMemoryScope(scopeKeyword);
  if (!memScope)
    return parser.emitError(loc, "invalid memory_scope attribute "
                                 "specification. Got \"")
           << scopeKeyword << "\" but expect one of: tl_blk, device, sys";
  scope = builder.getI32IntegerAttr(static_cast<int32_t>(*memScope));
  return success();
}

static void printMemoryAttributes(OpAsmPrinter &printer, Operation *,
                                  IntegerAttr ordering, IntegerAttr scope) {
  printer << stringifyMemoryOrdering(
      static_cast<MemoryOrdering>(ordering.getInt()));
  if (scope)
    printer << ' '
            << stringifyMemoryScope(static_cast<MemoryScope>(scope.getInt()));
}

/// atomic_red_view_tko's ordering and scope. The scope may be left out
/// here (the verifier then requires it); unknown keywords get the
/// reference's messages.
static ParseResult parseAtomicRedViewAttributes(OpAsmParser &parser,
                                                IntegerAttr &ordering,
                                                IntegerAttr &scope) {
  Builder &builder = parser.getBuilder();
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<MemoryOrdering> order = symbolizeMemoryOrdering(keyword);
  if (!order)
    return parser.emitError(loc, "invalid memory_ordering_semantics: '")
           << keyword
           << "'; expected one of: weak, relaxed, acquire, release, acq_rel";
  ordering = builder.getI32IntegerAttr(static_cast<int32_t>(*order));
  loc = parser.getCurrentLocation();
  StringRef scopeKeyword;
  if (failed(parser.parseOptionalKeyword(&scopeKeyword)))
    return success();
  std::optional<MemoryScope> memScope = symbolizeMemoryScope(scopeKeyword);
  if (!memScope)
    return parser.emitError(loc, "invalid memory_scope: '")
           << scopeKeyword << "'; expected one of: tl_blk, device, sys";
  scope = builder.getI32IntegerAttr(static_cast<int32_t>(*memScope));
  return success();
}

static void printAtomicRedViewAttributes(OpAsmPrinter &printer, Operation *op,
                                         IntegerAttr ordering,
                                         IntegerAttr scope) {
  printMemoryAttributes(printer, op, ordering, scope);
}

/// `, mode` after atomic_red_view_tko's indices (the reference reports an
/// unknown mode at that comma).
static ParseResult parseAtomicRedViewMode(OpAsmParser &parser,
                                          IntegerAttr &mode) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseComma() || parser.parseKeyword(&keyword))
    return failure();
  std::optional<AtomicRMWMode> value = symbolizeAtomicRMWMode(keyword);
  if (!value)
    return parser.emitError(loc, "unknown atomic RMW mode: '")
           << keyword
           << "'; expected one of: and, or, xor, add, addf, max, min, umax, "
              "umin";
  mode = parser.getBuilder().getI32IntegerAttr(static_cast<int32_t>(*value));
  return success();
}

static void printAtomicRedViewMode(OpAsmPrinter &printer, Operation *,
                                   IntegerAttr mode) {
  printer << ", "
          << stringifyAtomicRMWMode(static_cast<AtomicRMWMode>(mode.getInt()));
}

/// ` inbounds = [true, false]` after a view access's indices. All-false is
/// absence: it parses to no attribute and prints nothing.
static ParseResult parseInbounds(OpAsmParser &parser, DenseBoolArrayAttr &inbounds) {
  if (failed(parser.parseOptionalKeyword("inbounds")))
    return success();
  if (parser.parseEqual())
    return failure();
  Attribute parsed = DenseBoolArrayAttr::parse(parser, Type());
  if (!parsed)
    return failure();
  auto values = cast<DenseBoolArrayAttr>(parsed);
  if (llvm::is_contained(values.asArrayRef(), true))
    inbounds = values;
  return success();
}

static void printInbounds(OpAsmPrinter &printer, Operation *,
                          DenseBoolArrayAttr inbounds) {
  if (!inbounds || !llvm::is_contained(inbounds.asArrayRef(), true))
    return;
  printer << " inbounds = ";
  inbounds.print(printer);
}

/// Orderings a plain load or store may use, and the scope rules: `weak`
/// takes no scope, every other ordering needs one.
static LogicalResult verifyMemoryModel(Operation *op, MemoryOrdering ordering,
                                       std::optional<MemoryScope> scope,
                                       bool isLoad) {
  MemoryOrdering synchronizing =
      isLoad ? MemoryOrdering::Acquire : MemoryOrdering::Release;
  StringRef kind = isLoad ? "load" : "store";
  if (ordering != MemoryOrdering::Weak && ordering != MemoryOrdering::Relaxed &&
      ordering != synchronizing)
    return op->emitOpError("expect one of: weak, relaxed, or ")
           << stringifyMemoryOrdering(synchronizing)
           << ", but got: " << stringifyMemoryOrdering(ordering);
  if (ordering == MemoryOrdering::Weak) {
    if (scope)
      return op->emitOpError("weak ") << kind << " must not have memory scope";
    return success();
  }
  if (!scope)
    return op->emitOpError("memory scope is required for ")
           << stringifyMemoryOrdering(ordering) << ' ' << kind;
  return success();
}

/// Orderings an atomic read-modify-write may use.
static LogicalResult verifyAtomicOrdering(Operation *op,
                                          MemoryOrdering ordering) {
  if (ordering == MemoryOrdering::Weak)
    return op->emitOpError("memory ordering semantics must be one of: "
                           "relaxed, acquire, release, acq_rel");
  return success();
}

static LogicalResult verifyHints(Operation *op,
                                 OptimizationHintsAttr hints) {
  if (hints && failed(hints.verifyForOp(op)))
    return failure();
  return success();
}

/// Element types an atomic mode applies to.
static LogicalResult verifyAtomicMode(Operation *op, AtomicRMWMode mode,
                                      Type elementType) {
  bool isWideInt = elementType.isInteger(32) || elementType.isInteger(64);
  bool isWideFloat = elementType.isF32() || elementType.isF64();
  switch (mode) {
  case AtomicRMWMode::AddF:
    if (!isWideFloat && !elementType.isF16() && !elementType.isBF16())
      return op->emitOpError(
          "'addf' works only with floats f16, bf16, f32, and f64");
    return success();
  case AtomicRMWMode::Xchg:
    if (!isWideInt && !isWideFloat)
      return op->emitOpError(
          "'xchg' works only with integers or float of 32 or 64 bitwidth");
    return success();
  default:
    if (!isWideInt)
      return op->emitOpError("'")
             << stringifyAtomicRMWMode(mode)
             << "' works only with integers i32 and i64";
    return success();
  }
}

/// The pointee type of a tile of pointers.
static Type getPointeeType(Value pointers) {
  return cast<PointerType>(cast<TileType>(pointers.getType()).getElementType())
      .getPointeeType();
}

//===----------------------------------------------------------------------===//
// MakeTensorViewOp
//===----------------------------------------------------------------------===//

namespace {
/// One entry of a written `shape = [...]` or `strides = [...]` list.
struct SizeEntry {
  std::optional<int64_t> value; // unset for an SSA value
  OpAsmParser::UnresolvedOperand operand;
  SMLoc loc;
};

/// A written size list and where its `[` is (diagnostics point there).
struct SizeList {
  SmallVector<SizeEntry> entries;
  SMLoc loc;
};
} // namespace

static ParseResult parseSizeList(OpAsmParser &parser, StringRef keyword,
                                 SizeList &list) {
  if (parser.parseKeyword(keyword) || parser.parseEqual())
    return failure();
  list.loc = parser.getCurrentLocation();
  SmallVectorImpl<SizeEntry> &entries = list.entries;
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
        SizeEntry entry;
        entry.loc = parser.getCurrentLocation();
        OptionalParseResult operand = parser.parseOptionalOperand(entry.operand);
        if (operand.has_value()) {
          if (failed(*operand))
            return failure();
          entries.push_back(entry);
          return success();
        }
        int64_t value = 0;
        OptionalParseResult integer = parser.parseOptionalInteger(value);
        if (!integer.has_value())
          return parser.emitError(parser.getCurrentLocation(),
                                  "expected either integer or SSA value");
        if (failed(*integer))
          return failure();
        entry.value = value;
        entries.push_back(entry);
        return success();
      });
}

/// Checks written sizes against the static sizes of the result type; errors
/// point at the list or at the entry, as the reference's do.
static ParseResult checkSizeList(OpAsmParser &parser, StringRef what,
                                 const SizeList &list,
                                 ArrayRef<int64_t> expected) {
  ArrayRef<SizeEntry> entries = list.entries;
  if (entries.size() != expected.size())
    return parser.emitError(list.loc, "expected ")
           << what << " declaration to contain " << expected.size()
           << " elements due to tensor_view type, but " << entries.size()
           << " were provided";
  auto describe = [](std::optional<int64_t> v) -> std::string {
    return v ? std::to_string(*v) : std::string("dynamic");
  };
  for (auto [i, entry, want] : llvm::enumerate(entries, expected)) {
    std::optional<int64_t> wanted;
    if (!ShapedType::isDynamic(want))
      wanted = want;
    if (entry.value != wanted)
      return parser.emitError(entry.loc, "input ")
             << what << " dimension " << i
             << " does not match tensor_view type (expected "
             << describe(wanted) << ", got " << describe(entry.value) << ")";
  }
  return success();
}

ParseResult MakeTensorViewOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  OpAsmParser::UnresolvedOperand base;
  SizeList shape, strides;
  if (parser.parseOperand(base) || parser.parseComma() ||
      parseSizeList(parser, "shape", shape) || parser.parseComma() ||
      parseSizeList(parser, "strides", strides) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();

  SmallVector<OpAsmParser::UnresolvedOperand> dynShape, dynStrides;
  for (const SizeEntry &entry : shape.entries)
    if (!entry.value)
      dynShape.push_back(entry.operand);
  for (const SizeEntry &entry : strides.entries)
    if (!entry.value)
      dynStrides.push_back(entry.operand);

  // `index-type -> tensor_view<...>` with dynamic sizes, else the view type
  // alone; checked and resolved in the reference's order.
  Type indexType;
  if (!dynShape.empty() || !dynStrides.empty())
    if (parseCudaTileType(parser, indexType) || parser.parseArrow())
      return failure();
  Type viewType;
  if (parseCudaTileType(parser, viewType))
    return failure();
  // The reference reports a wrong result type where the next token starts.
  auto tensorView = dyn_cast<TensorViewType>(viewType);
  if (!tensorView)
    return parser.emitError(parser.getCurrentLocation(),
                            "expected 'tensor_view' type, but got ")
           << viewType;
  Type baseType = TileType::getScalar(
      PointerType::get(tensorView.getElementType()));
  if (parser.resolveOperand(base, baseType, result.operands) ||
      checkSizeList(parser, "shape", shape, tensorView.getShape()) ||
      checkSizeList(parser, "stride", strides, tensorView.getStrides()))
    return failure();
  if (indexType &&
      (parser.resolveOperands(dynShape, indexType, result.operands) ||
       parser.resolveOperands(dynStrides, indexType, result.operands)))
    return failure();
  result.getOrAddProperties<Properties>().operandSegmentSizes = {
      1, static_cast<int32_t>(dynShape.size()),
      static_cast<int32_t>(dynStrides.size())};
  result.addTypes(tensorView);
  return success();
}

/// Prints `[a, %b, c]`, taking a value for each dynamic entry in order.
static void printSizeList(OpAsmPrinter &printer, ArrayRef<int64_t> sizes,
                          OperandRange::iterator &dynamic,
                          OperandRange::iterator end) {
  printer << '[';
  llvm::interleaveComma(sizes, printer, [&](int64_t size) {
    if (!ShapedType::isDynamic(size))
      printer << size;
    else if (dynamic != end)
      printer << *dynamic++;
    else
      printer << '?';
  });
  printer << ']';
}

void MakeTensorViewOp::print(OpAsmPrinter &printer) {
  TensorViewType type = getResult().getType();
  printer << ' ' << getBase() << ", shape = ";
  OperandRange shapeValues = getDynamicShape();
  OperandRange::iterator it = shapeValues.begin();
  printSizeList(printer, type.getShape(), it, shapeValues.end());
  printer << ", strides = ";
  OperandRange strideValues = getDynamicStrides();
  it = strideValues.begin();
  printSizeList(printer, type.getStrides(), it, strideValues.end());
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getOperandSegmentSizesAttrName()});
  printer << " : ";
  SmallVector<Type> indexTypes(getDynamicShape().getTypes());
  llvm::append_range(indexTypes, getDynamicStrides().getTypes());
  if (!indexTypes.empty()) {
    if (llvm::all_equal(indexTypes))
      printCudaTileType(printer, indexTypes.front());
    else
      printCudaTileTypeList(printer, indexTypes);
    printer << " -> ";
  }
  printCudaTileType(printer, type);
}

LogicalResult MakeTensorViewOp::verify() {
  TensorViewType type = getResult().getType();
  Type pointee = getPointeeType(getBase());
  if (pointee != type.getElementType())
    return emitOpError("expected pointer to ")
           << type.getElementType()
           << " to build tensor_view of this type, got " << pointee;
  if (getDynamicShape().size() != type.getNumDynamicShape())
    return emitOpError("expected ")
           << type.getNumDynamicShape() << " dynamic shape operands, got "
           << getDynamicShape().size();
  if (getDynamicStrides().size() != type.getNumDynamicStrides())
    return emitOpError("expected ")
           << type.getNumDynamicStrides() << " dynamic stride operands, got "
           << getDynamicStrides().size();
  // The dynamic sizes and strides share one integer type (the first's).
  Type common;
  for (auto [kind, values] : {std::pair{"shape", getDynamicShape()},
                              std::pair{"stride", getDynamicStrides()}})
    for (auto [i, value] : llvm::enumerate(values)) {
      if (!common)
        common = value.getType();
      else if (value.getType() != common)
        return emitOpError("expected dynamic ")
               << kind << " index " << i
               << " to be of the same type as the other dynamic values ("
               << common << "), got " << value.getType();
    }
  // Packed 4-bit elements need a contiguous dimension holding whole bytes.
  if (isa<Float4E2M1FNType>(type.getElementType()) && type.getRank() > 0) {
    bool maybeContiguous = false;
    for (auto [size, stride] : llvm::zip(type.getShape(), type.getStrides())) {
      if (ShapedType::isDynamic(stride)) {
        maybeContiguous = true;
        continue;
      }
      if (stride != 1)
        continue;
      maybeContiguous = true;
      if (!ShapedType::isDynamic(size) && size % 2 != 0)
        return emitOpError("F4E2M1FN view dimensions with stride = 1 must "
                           "have an even size");
    }
    if (!maybeContiguous)
      return emitOpError(
          "F4E2M1FN views must have at least one dimension with stride = 1");
  }
  return success();
}

void MakeTensorViewOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "tview");
}

//===----------------------------------------------------------------------===//
// make_partition_view, make_strided_view, make_gather_scatter_view
//===----------------------------------------------------------------------===//

/// `%tensor_view : <view type>`; the operand's type is the tensor_view the
/// view type embeds.
template <typename ViewType>
static ParseResult parseMakeTiledView(OpAsmParser &parser,
                                      OperationState &result,
                                      StringRef expectedName) {
  OpAsmParser::UnresolvedOperand source;
  Type type;
  if (parser.parseOperand(source) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parseCudaTileType(parser, type))
    return failure();
  auto view = dyn_cast<ViewType>(type);
  if (!view)
    return parser.emitError(typeLoc, "expected '")
           << expectedName << "' type, but got " << type;
  if (parser.resolveOperand(source, view.getTensorView(), result.operands))
    return failure();
  result.addTypes(view);
  return success();
}

static void printMakeTiledView(OpAsmPrinter &printer, Operation *op) {
  printer << ' ' << op->getOperand(0);
  printer.printOptionalAttrDict(op->getAttrs());
  printer << " : ";
  printCudaTileType(printer, op->getResult(0).getType());
}

static LogicalResult verifyMakeTiledView(Operation *op) {
  Type source = op->getOperand(0).getType();
  TensorViewType embedded = getViewTensorView(op->getResult(0).getType());
  if (source != embedded)
    return op->emitOpError("expected the type of the provided tensor_view "
                           "value (")
           << source << ") to be the same as the view's tensor_view type ("
           << embedded << ")";
  return success();
}

ParseResult MakePartitionViewOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  return parseMakeTiledView<PartitionViewType>(parser, result,
                                               "partition_view");
}
void MakePartitionViewOp::print(OpAsmPrinter &printer) {
  printMakeTiledView(printer, *this);
}
LogicalResult MakePartitionViewOp::verify() {
  return verifyMakeTiledView(*this);
}

ParseResult MakeStridedViewOp::parse(OpAsmParser &parser,
                                     OperationState &result) {
  return parseMakeTiledView<StridedViewType>(parser, result, "strided_view");
}
void MakeStridedViewOp::print(OpAsmPrinter &printer) {
  printMakeTiledView(printer, *this);
}
LogicalResult MakeStridedViewOp::verify() { return verifyMakeTiledView(*this); }

ParseResult MakeGatherScatterViewOp::parse(OpAsmParser &parser,
                                           OperationState &result) {
  return parseMakeTiledView<GatherScatterViewType>(parser, result,
                                                   "gather_scatter_view");
}
void MakeGatherScatterViewOp::print(OpAsmPrinter &printer) {
  printMakeTiledView(printer, *this);
}
LogicalResult MakeGatherScatterViewOp::verify() {
  return verifyMakeTiledView(*this);
}

//===----------------------------------------------------------------------===//
// get_tensor_shape, get_index_space_shape
//===----------------------------------------------------------------------===//

/// `%src : <type> -> <result type>`: one result per dimension, all of the
/// one written type. As in the reference, no attribute dictionary.
static ParseResult
parseShapeQuery(OpAsmParser &parser, OperationState &result,
                function_ref<std::optional<size_t>(Type)> getRank,
                StringRef expected) {
  OpAsmParser::UnresolvedOperand source;
  Type sourceType, resultType;
  if (parser.parseOperand(source) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parseCudaTileType(parser, sourceType) || parser.parseArrow() ||
      parseCudaTileType(parser, resultType))
    return failure();
  std::optional<size_t> rank = getRank(sourceType);
  if (!rank)
    return parser.emitError(typeLoc, "expected ")
           << expected << ", got " << sourceType;
  if (parser.resolveOperand(source, sourceType, result.operands))
    return failure();
  result.types.append(*rank, resultType);
  return success();
}

/// The first result's type stands for all (the reference's form, which
/// drops discardable attributes).
static void printShapeQuery(OpAsmPrinter &printer, Operation *op) {
  printer << ' ' << op->getOperand(0) << " : ";
  printCudaTileType(printer, op->getOperand(0).getType());
  printer << " -> ";
  // A rank-0 source has no results; some type must still be written for the
  // text to parse back.
  TypeRange types = op->getResultTypes();
  printCudaTileType(printer,
                    types.empty() ? TileType::getScalar(IntegerType::get(
                                        op->getContext(), 32))
                                  : types.front());
}

ParseResult GetTensorShapeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  return parseShapeQuery(
      parser, result,
      [](Type type) -> std::optional<size_t> {
        if (auto view = dyn_cast<TensorViewType>(type))
          return view.getRank();
        return std::nullopt;
      },
      "tensor_view");
}

void GetTensorShapeOp::print(OpAsmPrinter &printer) {
  printShapeQuery(printer, *this);
}

LogicalResult GetTensorShapeOp::verify() {
  int64_t rank = getSrc().getType().getRank();
  if (static_cast<int64_t>(getNumResults()) != rank)
    return emitOpError("expected ")
           << rank << " results due to tensor rank, but got "
           << getNumResults();
  return success();
}

ParseResult GetIndexSpaceShapeOp::parse(OpAsmParser &parser,
                                        OperationState &result) {
  return parseShapeQuery(
      parser, result,
      [](Type type) -> std::optional<size_t> {
        if (!isa<PartitionViewType, StridedViewType, GatherScatterViewType>(
                type))
          return std::nullopt;
        return getViewIndexRank(type);
      },
      "tile view");
}

void GetIndexSpaceShapeOp::print(OpAsmPrinter &printer) {
  printShapeQuery(printer, *this);
}

LogicalResult GetIndexSpaceShapeOp::verify() {
  size_t rank = getViewIndexRank(getSrc().getType());
  if (getNumResults() != rank)
    return emitOpError("expected ")
           << rank << " results due to view index space rank, but got "
           << getNumResults();
  return success();
}

//===----------------------------------------------------------------------===//
// View loads and stores
//===----------------------------------------------------------------------===//

/// `inbounds`, when present, has one element per index.
static LogicalResult verifyInbounds(Operation *op,
                                    DenseBoolArrayAttr inbounds,
                                    size_t numIndices) {
  if (inbounds && static_cast<size_t>(inbounds.size()) != numIndices)
    return op->emitOpError("expected one inbounds value per index (")
           << numIndices << "), but got " << inbounds.size();
  return success();
}

LogicalResult LoadViewTkoOp::verify() {
  if (failed(verifyMemoryModel(*this, getMemoryOrderingSemantics(),
                               getMemoryScope(), /*isLoad=*/true)) ||
      failed(verifyViewAccess(*this, getView().getType(),
                              getIndex().getTypes(), getTile().getType())) ||
      failed(verifyInbounds(*this, getInboundsAttr(), getIndex().size())))
    return failure();
  return verifyHints(*this, getOptimizationHintsAttr());
}

LogicalResult StoreViewTkoOp::verify() {
  if (failed(verifyMemoryModel(*this, getMemoryOrderingSemantics(),
                               getMemoryScope(), /*isLoad=*/false)) ||
      failed(verifyViewAccess(*this, getView().getType(),
                              getIndex().getTypes(), getTile().getType())) ||
      failed(verifyInbounds(*this, getInboundsAttr(), getIndex().size())))
    return failure();
  return verifyHints(*this, getOptimizationHintsAttr());
}

//===----------------------------------------------------------------------===//
// Pointer loads and stores
//===----------------------------------------------------------------------===//

LogicalResult LoadPtrTkoOp::verify() {
  if (failed(verifyMemoryModel(*this, getMemoryOrderingSemantics(),
                               getMemoryScope(), /*isLoad=*/true)))
    return failure();
  return verifyHints(*this, getOptimizationHintsAttr());
}

/// True when `type` is a tile of i1, the only type a mask can have.
static bool isBoolTile(Type type) {
  auto tile = dyn_cast<TileType>(type);
  return tile && tile.getElementType().isInteger(1);
}

ParseResult LoadPtrTkoOp::parse(OpAsmParser &parser, OperationState &result) {
  Properties &props = result.getOrAddProperties<Properties>();
  Builder &builder = parser.getBuilder();
  // The ordering as ODS parses an enum: one of its keywords, or a string.
  SMLoc orderingLoc = parser.getCurrentLocation();
  StringRef keyword;
  if (failed(parser.parseOptionalKeyword(
          &keyword, {"weak", "relaxed", "acquire", "release", "acq_rel"}))) {
    StringAttr string;
    OptionalParseResult parsed =
        parser.parseOptionalAttribute(string, builder.getNoneType());
    if (!parsed.has_value())
      return parser.emitError(orderingLoc,
                              "expected string or keyword containing one of "
                              "the following enum values for attribute "
                              "'memory_ordering_semantics' [weak, relaxed, "
                              "acquire, release, acq_rel]");
    if (failed(*parsed))
      return failure();
    keyword = string.getValue();
  }
  std::optional<MemoryOrdering> ordering = symbolizeMemoryOrdering(keyword);
  if (!ordering)
    return parser.emitError(orderingLoc,
                            "invalid memory_ordering_semantics attribute "
                            "specification: \"")
           << keyword << '"';
  props.memory_ordering_semantics =
      builder.getI32IntegerAttr(static_cast<int32_t>(*ordering));
  // An optional enum: only its keywords.
  StringRef scope;
  if (succeeded(parser.parseOptionalKeyword(&scope, {"tl_blk", "device",
                                                     "sys"})))
    props.memory_scope = builder.getI32IntegerAttr(
        static_cast<int32_t>(*symbolizeMemoryScope(scope)));

  OpAsmParser::UnresolvedOperand source;
  SmallVector<OpAsmParser::UnresolvedOperand, 2> extras;
  std::optional<OpAsmParser::UnresolvedOperand> namedPadding, token;
  SMLoc operandsLoc = parser.getCurrentLocation();
  if (parser.parseOperand(source))
    return failure();
  // At most a mask and a padding value. As in the reference's generated
  // parser, a comma not followed by an operand ends the list (the `:` is then
  // missing where anything else follows), and so does a third operand.
  while (extras.size() < 2 && succeeded(parser.parseOptionalComma())) {
    if (extras.empty() && succeeded(parser.parseOptionalKeyword("padding"))) {
      namedPadding.emplace();
      if (parser.parseEqual() || parser.parseOperand(*namedPadding))
        return failure();
      break;
    }
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult parsed = parser.parseOptionalOperand(operand);
    if (!parsed.has_value())
      break;
    if (failed(*parsed))
      return failure();
    extras.push_back(operand);
  }
  if (succeeded(parser.parseOptionalKeyword("token"))) {
    token.emplace();
    if (parser.parseEqual() || parser.parseOperand(*token))
      return failure();
  }
  if (succeeded(parser.parseOptionalKeyword("optimization_hints"))) {
    OptimizationHintsAttr hints;
    if (parser.parseEqual() ||
        parser.parseCustomAttributeWithFallback(hints, Type{}))
      return failure();
    props.optimization_hints = hints;
  }
  SMLoc attrLoc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDict(result.attributes) ||
      failed(verifyInherentAttrs(result.name, result.attributes, [&]() {
        return parser.emitError(attrLoc)
               << "'" << result.name.getStringRef() << "' op ";
      })))
    return failure();

  Type sourceType, resultType, tokenType;
  SmallVector<Type, 2> extraTypes;
  if (parser.parseColon() || parseCudaTileType(parser, sourceType))
    return failure();
  while (succeeded(parser.parseOptionalComma()))
    if (parseCudaTileType(parser, extraTypes.emplace_back()))
      return failure();
  if (parser.parseArrow() || parseCudaTileType(parser, resultType) ||
      parser.parseComma() || parseCudaTileType(parser, tokenType))
    return failure();
  size_t extraCount = extras.size() + (namedPadding ? 1 : 0);
  if (extraTypes.size() != extraCount)
    return parser.emitError(operandsLoc)
           << extraCount << " operand(s) after the pointers but "
           << extraTypes.size() << " type(s) for them";

  // A lone positional operand is the padding value when its type can only be
  // the result's, never a mask's.
  bool hasMask = extras.size() == 2 ||
                 (extras.size() == 1 &&
                  (isBoolTile(extraTypes[0]) || extraTypes[0] != resultType));
  bool hasPadding = namedPadding || extras.size() == 2 ||
                    (extras.size() == 1 && !hasMask);
  std::array<int32_t, 4> segments = {1, hasMask ? 1 : 0, hasPadding ? 1 : 0,
                                     token ? 1 : 0};
  llvm::copy(segments, props.operandSegmentSizes.begin());
  result.addTypes({resultType, tokenType});

  if (parser.resolveOperand(source, sourceType, result.operands))
    return failure();
  for (auto [operand, type] : llvm::zip(extras, extraTypes))
    if (parser.resolveOperand(operand, type, result.operands))
      return failure();
  if (namedPadding &&
      parser.resolveOperand(*namedPadding, extraTypes[0], result.operands))
    return failure();
  if (token && parser.resolveOperand(*token, TokenType::get(builder.getContext()),
                                     result.operands))
    return failure();
  return success();
}

void LoadPtrTkoOp::print(OpAsmPrinter &printer) {
  printer << ' ' << stringifyMemoryOrdering(getMemoryOrderingSemantics());
  if (std::optional<MemoryScope> scope = getMemoryScope())
    printer << ' ' << stringifyMemoryScope(*scope);
  printer << ' ' << getSource();
  if (getMask())
    printer << ", " << getMask();
  if (getPaddingValue())
    printer << (getMask() ? ", " : ", padding=") << getPaddingValue();
  if (getToken())
    printer << " token=" << getToken();
  if (OptimizationHintsAttr hints = getOptimizationHintsAttr()) {
    printer << " optimization_hints = ";
    printer.printStrippedAttrOrType(hints);
  }
  printer.printOptionalAttrDict(
      (*this)->getAttrs(),
      {"operandSegmentSizes", getMemoryOrderingSemanticsAttrName(),
       getMemoryScopeAttrName(), getOptimizationHintsAttrName()});
  printer << " : ";
  printCudaTileType(printer, getSource().getType());
  for (Value extra : {getMask(), getPaddingValue()}) {
    if (!extra)
      continue;
    printer << ", ";
    printCudaTileType(printer, extra.getType());
  }
  printer << " -> ";
  printCudaTileType(printer, getResult().getType());
  printer << ", ";
  printCudaTileType(printer, getResultToken().getType());
}

LogicalResult StorePtrTkoOp::verify() {
  if (failed(verifyMemoryModel(*this, getMemoryOrderingSemantics(),
                               getMemoryScope(), /*isLoad=*/false)))
    return failure();
  return verifyHints(*this, getOptimizationHintsAttr());
}

//===----------------------------------------------------------------------===//
// AllocaOp
//===----------------------------------------------------------------------===//

/// Bytes one element of `type` occupies in memory.
/// The natural size alloca's alignment must reach, as the reference counts
/// it: whole bytes of the type's bits, rounded down (tf32: 19 bits, 2 bytes;
/// the code generator aligns to the storage size anyway), i1 one byte.
static uint64_t getNaturalSize(Type type) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return APFloat::getSizeInBits(floatType.getFloatSemantics()) / 8;
  if (type.isInteger(1))
    return 1;
  return type.getIntOrFloatBitWidth() / 8;
}

LogicalResult AllocaOp::verify() {
  uint64_t alignment = getAlignment();
  if (!llvm::isPowerOf2_64(alignment))
    return emitOpError("'alignment' must be power of two");
  Type pointee = getPointeeType(getResult());
  uint64_t natural = getNaturalSize(pointee);
  if (alignment < natural)
    return emitOpError("'alignment' (")
           << alignment << ") must be at least the natural size (" << natural
           << " bytes) for element type " << pointee;
  return success();
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

/// Whether the optional `mask` has the shape of `values` (the atomics check
/// it in their verifiers, in the reference's order among their checks).
static bool maskFits(Value mask, Value values) {
  return !mask || cast<TileType>(mask.getType()).getShape() ==
                      cast<TileType>(values.getType()).getShape();
}

LogicalResult AtomicCASTkoOp::verify() {
  Type pointee = getPointeeType(getPointers());
  Type element = getVal().getType().getElementType();
  if (pointee != element)
    return emitOpError("expected pointee type (")
           << pointee << ") to match element type of 'val' (" << element
           << ")";
  if (!element.isInteger(32) && !element.isInteger(64) && !element.isF32() &&
      !element.isF64())
    return emitOpError("expect only float or integer types with 32 or 64 bit");
  if (!maskFits(getMask(), getVal()))
    return emitOpError("failed to verify that all of {pointers, val, cmp and "
                       "mask} have same shape");
  return verifyAtomicOrdering(*this, getMemoryOrderingSemantics());
}

LogicalResult AtomicRMWTkoOp::verify() {
  Type pointee = getPointeeType(getPointers());
  Type element = getArg().getType().getElementType();
  if (pointee != element)
    return emitOpError("expected pointee type (")
           << pointee << ") to match element type of 'arg' (" << element
           << ")";
  if (!maskFits(getMask(), getArg()))
    return emitOpError(
        "failed to verify that all of {pointers, arg, mask} have same shape");
  if (failed(verifyAtomicMode(*this, getMode(), element)))
    return failure();
  return verifyAtomicOrdering(*this, getMemoryOrderingSemantics());
}

LogicalResult AtomicRedViewTkoOp::verify() {
  Type view = getView().getType();
  if (isa<GatherScatterViewType>(view))
    return emitOpError(
        "gather_scatter_view is not supported; use partition_view instead");
  if (getViewPadding(view))
    return emitOpError(
        "views with padding_value are not supported for atomic reductions");
  if (getMemoryOrderingSemantics() != MemoryOrdering::Relaxed)
    return emitOpError("only 'relaxed' memory ordering is supported for "
                       "view-based atomic reductions");
  if (getMemoryScope() == MemoryScope::System)
    return emitOpError("memory scope 'sys' is not supported for view-based "
                       "atomic reductions; use 'tl_blk' or 'device' for TMA "
                       "compatibility");
  if (getMode() == AtomicRMWMode::Xchg)
    return emitOpError("atomic_red_view_tko op cannot use xchg operation");

  size_t rank = getViewIndexRank(view);
  if (getIndex().size() != rank)
    return emitOpError("expected ")
           << rank << " index operand(s) for view with tile rank " << rank
           << ", got " << getIndex().size();
  for (auto [i, type] : llvm::enumerate(getIndex().getTypes())) {
    auto tile = cast<TileType>(type);
    if (tile.getRank() != 0)
      return emitOpError("index operand ")
             << i << " must be a scalar tile (rank 0), got shape "
             << formatShape(tile.getShape());
  }

  TileType expected = getViewTileType(view);
  TileType value = getValue().getType();
  if (expected.getElementType() != value.getElementType())
    return emitOpError("view element type (")
           << expected.getElementType() << ") must match value element type ("
           << value.getElementType() << ")";
  if (expected.getShape() != value.getShape())
    return emitOpError("view tile shape ")
           << formatShape(expected.getShape()) << " must match value shape "
           << formatShape(value.getShape())
           << " for element-wise atomic operations";
  return verifyAtomicMode(*this, getMode(), value.getElementType());
}

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

LogicalResult JoinTokensOp::verify() {
  if (getTokens().size() < 2)
    return emitOpError("expect two or more tokens");
  return success();
}

//===----------------------------------------------------------------------===//
// PrintTkoOp
//===----------------------------------------------------------------------===//

/// Counts the conversions of a printf-style format as the reference does: a
/// `%` starts one that ends at the next conversion character (or `%`; `%%`
/// alone is a literal percent sign). Fails on a `%` that none ends.
static FailureOr<unsigned> countFormatConversions(StringRef format) {
  unsigned count = 0;
  for (size_t pos = 0, end = format.size(); pos < end; ++pos) {
    if (format[pos] != '%')
      continue;
    size_t close = format.find_first_of("diuoxXeEfFgGaAcsSpn%", pos + 1);
    if (close == StringRef::npos)
      return failure();
    if (close == pos + 1 && format[close] == '%') {
      ++pos;
      continue;
    }
    ++count;
  }
  return count;
}

LogicalResult PrintTkoOp::verify() {
  FailureOr<unsigned> expected = countFormatConversions(getStr());
  if (failed(expected))
    return emitOpError("found unterminated format expression");
  if (*expected != getArgs().size())
    return emitOpError("incorrect number of operands: expected ")
           << *expected << ", found " << getArgs().size();
  return success();
}

#define GET_OP_CLASSES
#include "cuda_tile/IR/CudaTileMemoryOps.cpp.inc"
