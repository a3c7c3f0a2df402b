//===- CodegenDialect.cpp - the cuda_tile_codegen dialect -----------------===//

#include "cuda_tile/Codegen/CodegenDialect.h"
#include "cuda_tile/IR/CudaTileDialect.h"
#include "cuda_tile/IR/CudaTileOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::codegen;

#include "cuda_tile/Codegen/CodegenDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "cuda_tile/Codegen/CodegenAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "cuda_tile/Codegen/CodegenTypes.cpp.inc"

#define GET_OP_CLASSES
#include "cuda_tile/Codegen/CodegenOps.cpp.inc"

void CudaTileCodegenDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "cuda_tile/Codegen/CodegenAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "cuda_tile/Codegen/CodegenTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "cuda_tile/Codegen/CodegenOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Rings of operand buffers
//===----------------------------------------------------------------------===//

Type RingType::parse(AsmParser &parser) {
  int64_t stages = 0;
  Type tile;
  bool transposed = false;
  if (parser.parseLess() || parser.parseInteger(stages) ||
      parser.parseComma() || parser.parseType(tile))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("transposed"))
      return {};
    transposed = true;
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), stages, tile, transposed);
}

void RingType::print(AsmPrinter &printer) const {
  printer << "<" << getStages() << ", " << getTile();
  if (getTransposed())
    printer << ", transposed";
  printer << ">";
}

/// The bits an element of a ring buffer occupies: tf32 values take the 32
/// of an f32.
static unsigned storedBits(Type elem) {
  return isa<FloatTF32Type>(elem) ? 32 : elem.getIntOrFloatBitWidth();
}

LogicalResult RingType::verify(function_ref<InFlightDiagnostic()> emitError,
                               int64_t stages, Type tile, bool transposed) {
  if (stages < 1)
    return emitError() << "a ring has at least one buffer, not " << stages;
  auto tileType = dyn_cast<TileType>(tile);
  if (!tileType || tileType.getRank() < 2 ||
      !isa<IntegerType, FloatType>(tileType.getElementType()))
    return emitError() << "a ring buffer holds a tile of rank 2 or more with "
                          "integer or float elements, not "
                       << tile;
  unsigned bits = storedBits(tileType.getElementType());
  ArrayRef<int64_t> shape = tileType.getShape();
  int64_t row = transposed ? shape[shape.size() - 2] : shape.back();
  if (bits % 8 != 0 || row * bits / 8 < 16)
    return emitError() << "a ring buffer's rows (the "
                       << (transposed ? "second-to-last" : "innermost")
                       << " dimension) are 16 bytes or more of whole bytes, "
                          "not "
                       << tile;
  return success();
}

LogicalResult
MBarriersType::verify(function_ref<InFlightDiagnostic()> emitError,
                      int64_t stages) {
  if (stages < 1)
    return emitError() << "there is at least one mbarrier, not " << stages;
  return success();
}

int64_t RingType::getRowElems() const {
  ArrayRef<int64_t> shape = cast<TileType>(getTile()).getShape();
  return getTransposed() ? shape[shape.size() - 2] : shape.back();
}

int64_t RingType::getSlotBytes() const {
  auto tile = cast<TileType>(getTile());
  return tile.getNumElements() * (storedBits(tile.getElementType()) / 8);
}

/// Checks that operand `name` of `op` is a scalar tile of `width`-bit
/// integers.
static LogicalResult verifyScalarInteger(Operation *op, Value value,
                                         StringRef name, unsigned width) {
  auto type = dyn_cast<TileType>(value.getType());
  if (!type || type.getRank() != 0 || !type.getElementType().isInteger(width))
    return op->emitOpError(name)
           << " must be a tile<i" << width << ">, not " << value.getType();
  return success();
}

static LogicalResult verifySlot(Operation *op, Value slot) {
  return verifyScalarInteger(op, slot, "slot", 32);
}

/// Checks that `barriers`, where an alloc_mbarriers gives them, expect the
/// arrivals `op` makes or waits for: one per warp (ring_release and
/// ring_acquire) or one per phase (the copies' stages).
static LogicalResult verifyArrivals(Operation *op, Value barriers,
                                    bool perWarp) {
  auto alloc = barriers.getDefiningOp<AllocMBarriersOp>();
  if (!alloc || alloc.getPerWarp() == perWarp)
    return success();
  return op->emitOpError(perWarp ? "needs per_warp barriers"
                                 : "needs barriers without per_warp");
}

LogicalResult AsyncLoadOp::verify() {
  if (failed(verifySlot(*this, getSlot())))
    return failure();
  if (getBarriers() &&
      failed(verifyArrivals(*this, getBarriers(), /*perWarp=*/false)))
    return failure();
  auto ringTile = cast<TileType>(getRing().getType().getTile());
  auto viewTile = dyn_cast<TileType>(getViewTile());
  if (getBarriers() &&
      getBarriers().getType().getStages() < getRing().getType().getStages())
    return emitOpError("needs a barrier for every buffer of the ring");
  if (getPredicate() &&
      failed(verifyScalarInteger(*this, getPredicate(), "predicate", 1)))
    return failure();
  if (!viewTile || viewTile.getElementType() != ringTile.getElementType() ||
      viewTile.getNumElements() != ringTile.getNumElements())
    return emitOpError("loads a tile of the ring's element type and element "
                       "count, not ")
           << getViewTile();
  return success();
}

/// Checks that the barriers of an async op come with a slot (and, where
/// `wantsParity`, a parity), both scalar tile<i32>, and that neither comes
/// without them.
static LogicalResult verifyBarrierOperands(Operation *op, Value barriers,
                                           Value slot, Value parity,
                                           bool wantsParity,
                                           bool perWarp = false) {
  if (!barriers) {
    if (slot || parity)
      return op->emitOpError("takes a slot and parity only with barriers");
    return success();
  }
  if (failed(verifyArrivals(op, barriers, perWarp)))
    return failure();
  if (!slot || (wantsParity && !parity))
    return op->emitOpError(wantsParity ? "barriers need a slot and a parity"
                                       : "barriers need a slot");
  if (failed(verifySlot(op, slot)))
    return failure();
  if (!parity)
    return success();
  return verifyScalarInteger(op, parity, "parity", 32);
}

LogicalResult AsyncCommitOp::verify() {
  return verifyBarrierOperands(*this, getBarriers(), getSlot(), Value(),
                               /*wantsParity=*/false);
}

LogicalResult AsyncWaitOp::verify() {
  if (getReleased() && !getBarriers())
    return emitOpError("is released only with barriers");
  return verifyBarrierOperands(*this, getBarriers(), getSlot(), getParity(),
                               /*wantsParity=*/true);
}

LogicalResult RingReleaseOp::verify() {
  if (getPredicate()) {
    if (!getBarriers())
      return emitOpError("takes a predicate only with barriers");
    if (failed(verifyScalarInteger(*this, getPredicate(), "predicate", 1)))
      return failure();
  }
  return verifyBarrierOperands(*this, getBarriers(), getSlot(), Value(),
                               /*wantsParity=*/false, /*perWarp=*/true);
}

LogicalResult RingAcquireOp::verify() {
  return verifyBarrierOperands(*this, getBarriers(), getSlot(), getParity(),
                               /*wantsParity=*/true, /*perWarp=*/true);
}

LogicalResult RingRoundOp::verify() {
  if (failed(verifySlot(*this, getSlot())))
    return failure();
  if (getRings().empty())
    return emitOpError("needs at least one ring");
  if (getModes().size() != getRings().size())
    return emitOpError("needs one rounding mode per ring, not ")
           << getModes().size() << " for " << getRings().size();
  Type tf32 = FloatTF32Type::get(getContext());
  for (auto [ring, mode] : llvm::zip(getRings(), getModes())) {
    auto type = cast<RingType>(ring.getType());
    Type elem = cast<TileType>(type.getTile()).getElementType();
    if (!elem.isF32())
      return emitOpError("rounds rings of f32 tiles, not ") << type;
    RoundingMode value = cast<RoundingModeAttr>(mode).getValue();
    if (!llvm::is_contained(FToFOp::getAllowedRoundingModes(elem, tf32),
                            value))
      return emitOpError("rounds f32 to tf32 as ftof may: not ")
             << stringifyRoundingMode(value);
  }
  return success();
}

LogicalResult RingTileOp::verify() {
  if (failed(verifySlot(*this, getSlot())))
    return failure();
  auto ringTile = cast<TileType>(getRing().getType().getTile());
  if (std::optional<RoundingMode> mode = getRounding()) {
    Type tf32 = FloatTF32Type::get(getContext());
    if (!ringTile.getElementType().isF32() ||
        getTile().getType() != TileType::get(ringTile.getShape(), tf32))
      return emitOpError("with a rounding mode reads a ring of f32 tiles as "
                         "the tf32 tile of their shape");
    if (!llvm::is_contained(FToFOp::getAllowedRoundingModes(
                                ringTile.getElementType(), tf32),
                            *mode))
      return emitOpError("rounds f32 to tf32 as ftof may: not ")
             << stringifyRoundingMode(*mode);
  }
  // Else the ring's tile, or its first part along K as the matmuls read
  // it (a lhs's last dimension, a rhs's second-to-last); a ring of f32 may
  // be read as tf32 (the values' high 19 bits: exact after a ring_round).
  auto tile = cast<TileType>(getTile().getType());
  bool asTf32 = !getRounding() && ringTile.getElementType().isF32() &&
                isa<FloatTF32Type>(tile.getElementType());
  auto leadingAlong = [&](int64_t dim) {
    ArrayRef<int64_t> part = tile.getShape(), whole = ringTile.getShape();
    if (getRounding() ||
        (tile.getElementType() != ringTile.getElementType() && !asTf32) ||
        part.size() != whole.size() || dim < 0)
      return false;
    for (int64_t d = 0, e = part.size(); d < e; ++d)
      if (d == dim ? whole[d] % part[d] != 0 : part[d] != whole[d])
        return false;
    return true;
  };
  if (!getRounding() && tile != ringTile &&
      !(asTf32 && tile.getShape() == ringTile.getShape()) &&
      !leadingAlong(tile.getRank() - 1) && !leadingAlong(tile.getRank() - 2))
    return emitOpError("result must be the ring's tile type ")
           << ringTile << " or its first part along K";
  for (OpOperand &use : getTile().getUses()) {
    Operation *user = use.getOwner();
    if (!isa<MmaFOp, MmaIOp>(user) || use.getOperandNumber() > 1)
      return emitOpError("is only read as the lhs or rhs of an mmaf or mmai");
    if (tile.getShape() != ringTile.getShape() &&
        !leadingAlong(tile.getRank() - 1 - use.getOperandNumber()))
      return emitOpError("reads part of its buffer along another "
                         "dimension than the matmul's K");
  }
  return success();
}

LogicalResult
codegen::verifyThreadCount(int64_t threads,
                           function_ref<InFlightDiagnostic()> emitError) {
  if (threads >= 32 && threads <= 1024 && threads % 32 == 0 &&
      llvm::isPowerOf2_64(threads / 32))
    return success();
  return emitError() << "a tile block runs as 32 times a power of two "
                        "threads, at most 1024; not "
                     << threads;
}

LogicalResult
DistributedLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              int64_t threads, int64_t runs) {
  if (failed(verifyThreadCount(threads, emitError)))
    return failure();
  if (runs < 1 || !llvm::isPowerOf2_64(runs))
    return emitError() << "runs must be a power of two, not " << runs;
  return success();
}

LogicalResult MmaLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                    int64_t threads, int64_t batch,
                                    int64_t rows, int64_t cols,
                                    int64_t instrRows, int64_t instrCols,
                                    bool wholeRows) {
  if (failed(verifyThreadCount(threads, emitError)))
    return failure();
  if (!((instrRows == 16 || instrRows == 8) && instrCols == 8))
    return emitError() << "mma.sync's output tiles are 16x8 or 8x8, not "
                       << instrRows << "x" << instrCols;
  if (batch < 1 || rows < 1 || cols < 1 || rows % instrRows ||
      cols % instrCols)
    return emitError() << "a " << batch << "x" << rows << "x" << cols
                       << " accumulator is not made of " << instrRows << "x"
                       << instrCols << " tiles";
  int64_t tiles = batch * (rows / instrRows) * (cols / instrCols);
  if (tiles % (threads / 32) != 0)
    return emitError() << "the " << threads / 32 << " warps do not divide the "
                       << tiles << " output tiles";
  return success();
}

LogicalResult
SliceLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        int64_t dim, MmaLayoutAttr parent) {
  if (dim != 0 && dim != 1)
    return emitError() << "a slice drops the accumulator's rows (dim = 0) or "
                          "columns (dim = 1), not dimension "
                       << dim;
  if (!parent)
    return emitError() << "a slice needs its parent mma layout";
  return success();
}

int64_t SliceLayoutAttr::getNumElements() const {
  MmaLayoutAttr parent = getParent();
  return parent.getBatch() *
         (getDim() == 1 ? parent.getRows() : parent.getCols());
}

static bool isLayout(Attribute attr) {
  return isa<UniformLayoutAttr, DistributedLayoutAttr, MmaLayoutAttr,
             SliceLayoutAttr>(attr);
}

Attribute codegen::getResultLayout(Operation *op, unsigned index) {
  Attribute attr = op->getAttr(
      CudaTileCodegenDialect::LayoutAttrHelper::getNameStr());
  if (auto array = dyn_cast_if_present<ArrayAttr>(attr))
    attr = index < array.size() ? array[index] : Attribute();
  else if (index != 0)
    return {};
  return attr && isLayout(attr) ? attr : Attribute();
}

void codegen::setResultLayouts(Operation *op, ArrayRef<Attribute> layouts) {
  MLIRContext *ctx = op->getContext();
  StringRef name = CudaTileCodegenDialect::LayoutAttrHelper::getNameStr();
  if (layouts.size() == 1) {
    op->setAttr(name, layouts.front());
    return;
  }
  SmallVector<Attribute> entries;
  for (Attribute layout : layouts)
    entries.push_back(layout ? layout : UnitAttr::get(ctx));
  op->setAttr(name, ArrayAttr::get(ctx, entries));
}

/// Checks one result's layout against its type: one-element tiles are
/// uniform, larger ones distributed with runs dividing their slots, and
/// results that are not tiles have none (`unit`).
static LogicalResult verifyResultLayout(Operation *op, unsigned index,
                                        Attribute layout) {
  Type type = op->getResult(index).getType();
  auto tile = dyn_cast<TileType>(type);
  auto fail = [&]() {
    return op->emitOpError("result #")
           << index << " of type " << type << " cannot have layout "
           << layout << ": ";
  };
  if (!tile) {
    if (isa<UnitAttr>(layout))
      return success();
    return fail() << "only tiles have layouts (`unit` marks other results)";
  }
  int64_t elements = 1;
  for (int64_t size : tile.getShape())
    elements *= size;
  if (elements == 1) {
    if (isa<UniformLayoutAttr>(layout))
      return success();
    return fail() << "a tile of one element is uniform";
  }
  if (auto mma = dyn_cast<MmaLayoutAttr>(layout)) {
    if (mma.getBatch() * mma.getRows() * mma.getCols() == elements)
      return success();
    return fail() << "it holds " << elements << " elements, not "
                  << mma.getBatch() * mma.getRows() * mma.getCols();
  }
  if (auto slice = dyn_cast<SliceLayoutAttr>(layout)) {
    if (slice.getNumElements() == elements)
      return success();
    return fail() << "it holds " << elements << " elements, not "
                  << slice.getNumElements();
  }
  auto distributed = dyn_cast<DistributedLayoutAttr>(layout);
  if (!distributed)
    return fail() << "a tile of " << elements << " elements is distributed";
  int64_t slots = std::max<int64_t>(1, elements / distributed.getThreads());
  if (slots % distributed.getRuns() != 0)
    return fail() << "each thread holds " << slots
                  << " element(s), which runs of "
                  << distributed.getRuns() << " do not divide";
  return success();
}

LogicalResult
CudaTileCodegenDialect::verifyOperationAttribute(Operation *op,
                                                 NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == ThreadsAttrHelper::getNameStr()) {
    if (!isa<EntryOp>(op))
      return op->emitOpError("'") << name << "' belongs on a cuda_tile.entry";
    auto threads = dyn_cast<IntegerAttr>(attr.getValue());
    if (!threads)
      return op->emitOpError("'") << name << "' must be an integer";
    return verifyThreadCount(threads.getInt(), [&] {
      return op->emitOpError("'") << name << "': ";
    });
  }
  if (name == LayoutAttrHelper::getNameStr()) {
    unsigned numResults = op->getNumResults();
    Attribute value = attr.getValue();
    if (numResults == 1)
      return verifyResultLayout(op, 0, value);
    auto array = dyn_cast<ArrayAttr>(value);
    if (!array || array.size() != numResults)
      return op->emitOpError("'")
             << name << "' of an op with " << numResults
             << " results must be an array of " << numResults
             << " layouts (`unit` for results that are not tiles)";
    for (unsigned i = 0; i < numResults; ++i)
      if (failed(verifyResultLayout(op, i, array[i])))
        return failure();
    return success();
  }
  return op->emitOpError("unknown code generation attribute '")
         << name << "'";
}
