//===- CudaTileShapeOps.cpp - shape, data movement, reductions, MMA -------===//

#include "cuda_tile/IR/CudaTileOps.h"

#include "BoolNegation.h"
#include "RegionNesting.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The type of the elements attribute a constant of `tile` holds.
static RankedTensorType literalTypeOf(TileType tile) {
  return RankedTensorType::get(tile.getShape(), tile.getElementType());
}

/// `attr` (a folded operand) as a splat, or null.
static DenseElementsAttr getSplat(Attribute attr) {
  auto dense = dyn_cast_if_present<DenseElementsAttr>(attr);
  return dense && dense.isSplat() ? dense : DenseElementsAttr();
}

/// The splat `attr` re-shaped to the shape of `tile`.
static Attribute resizeSplatTo(DenseElementsAttr splat, Type tile) {
  return splat.resizeSplat(literalTypeOf(cast<TileType>(tile)));
}

/// The value of a constant rank-0 integer tile, if `attr` is one.
static std::optional<int64_t> getConstantIndex(Attribute attr) {
  auto dense = dyn_cast_if_present<DenseIntElementsAttr>(attr);
  if (!dense || !dense.isSplat())
    return std::nullopt;
  return dense.getSplatValue<APInt>().getSExtValue();
}

static std::optional<int64_t> getConstantIndex(Value value) {
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  return getConstantIndex(attr);
}

/// `(a, b, c)`, the shape notation of the mma diagnostics.
static std::string parenShape(ArrayRef<int64_t> shape) {
  return "(" + formatShape(shape) + ")";
}

/// Bits one element occupies in memory (tf32 is stored in 32 bits).
static int64_t storageBits(Type elementType) {
  if (isa<FloatTF32Type>(elementType))
    return 32;
  return elementType.getIntOrFloatBitWidth();
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  auto source = cast<TileType>(getSource().getType());
  auto result = cast<TileType>(getType());
  for (auto [from, to] : llvm::zip_equal(source.getShape(), result.getShape()))
    if (from != to && from != 1)
      return emitOpError("expects the shape of source tile to be compatible "
                         "with that of the result tile, but got: ")
             << formatShape(source.getShape()) << " and "
             << formatShape(result.getShape());
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSource().getType() == getType())
    return getSource();
  if (DenseElementsAttr splat = getSplat(adaptor.getSource()))
    return resizeSplatTo(splat, getType());
  // broadcast(broadcast(x)) == broadcast(x): every dimension of x is 1 or
  // already the final size.
  if (auto inner = getSource().getDefiningOp<BroadcastOp>()) {
    getSourceMutable().assign(inner.getSource());
    return getResult();
  }
  return {};
}

void BroadcastOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "bcast");
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  auto source = cast<TileType>(getSource().getType());
  auto result = cast<TileType>(getType());
  if (source.getNumElements() != result.getNumElements())
    return emitOpError("expected source tile and result tile to have the same "
                       "number of elements");
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSource().getType() == getType())
    return getSource();
  // Row-major order is kept, so any literal can simply be re-shaped.
  if (auto dense = dyn_cast_if_present<DenseElementsAttr>(adaptor.getSource()))
    return dense.reshape(literalTypeOf(cast<TileType>(getType())));
  if (auto inner = getSource().getDefiningOp<ReshapeOp>()) {
    if (inner.getSource().getType() == getType())
      return inner.getSource();
    getSourceMutable().assign(inner.getSource());
    return getResult();
  }
  return {};
}

void ReshapeOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "reshape");
}

//===----------------------------------------------------------------------===//
// PermuteOp
//===----------------------------------------------------------------------===//

LogicalResult PermuteOp::verify() {
  auto source = cast<TileType>(getSource().getType());
  int64_t rank = source.getRank();
  ArrayRef<int32_t> permutation = getPermutation();
  if (rank < 2)
    return emitOpError("expects at least rank 2, but got: ") << rank;
  if (static_cast<int64_t>(permutation.size()) != rank)
    return emitOpError("expect permutation size (")
           << permutation.size() << ") to equal the rank of the source ("
           << rank << ")";
  llvm::SmallSet<int32_t, 8> seen;
  for (int32_t dim : permutation)
    if (!seen.insert(dim).second)
      return emitOpError("expect permutation elements to be unique");
  for (auto [index, dim] : llvm::enumerate(permutation))
    if (dim < 0 || dim >= rank)
      return emitOpError("permutation element at index ")
             << index << " (" << dim << ") is out of bound [0, " << rank << ")";
  ArrayRef<int64_t> sourceShape = source.getShape();
  ArrayRef<int64_t> resultShape = cast<TileType>(getType()).getShape();
  for (auto [index, dim] : llvm::enumerate(permutation))
    if (resultShape[index] != sourceShape[dim])
      return emitOpError("result shape invalid at index ")
             << index << ", expected: " << sourceShape[dim]
             << ", but got: " << resultShape[index];
  return success();
}

static bool isIdentityPermutation(ArrayRef<int32_t> permutation) {
  for (auto [index, dim] : llvm::enumerate(permutation))
    if (dim != static_cast<int32_t>(index))
      return false;
  return true;
}

OpFoldResult PermuteOp::fold(FoldAdaptor adaptor) {
  if (isIdentityPermutation(getPermutation()))
    return getSource();
  if (DenseElementsAttr splat = getSplat(adaptor.getSource()))
    return resizeSplatTo(splat, getType());
  // permute(permute(x, p), q): result dimension i is x dimension p[q[i]].
  if (auto inner = getSource().getDefiningOp<PermuteOp>()) {
    ArrayRef<int32_t> first = inner.getPermutation();
    SmallVector<int32_t> composed;
    for (int32_t dim : getPermutation())
      composed.push_back(first[dim]);
    if (isIdentityPermutation(composed))
      return inner.getSource();
    getSourceMutable().assign(inner.getSource());
    setPermutation(composed);
    return getResult();
  }
  return {};
}

//===----------------------------------------------------------------------===//
// CatOp
//===----------------------------------------------------------------------===//

LogicalResult CatOp::verify() {
  int64_t dim = getDim();
  ArrayRef<int64_t> lhs = cast<TileType>(getLhs().getType()).getShape();
  ArrayRef<int64_t> rhs = cast<TileType>(getRhs().getType()).getShape();
  ArrayRef<int64_t> result = cast<TileType>(getType()).getShape();
  int64_t rank = lhs.size();
  if (dim < 0 || dim >= rank)
    return emitOpError("expect dim to be [0, ")
           << rank << "), but got: " << dim;
  if (lhs[dim] + rhs[dim] != result[dim])
    return emitOpError("invalid concat at position ")
           << dim << ", expected: " << lhs[dim] + rhs[dim]
           << " but got: " << result[dim];
  for (int64_t i = 0; i < rank; ++i) {
    if (i == dim)
      continue;
    if (lhs[i] != rhs[i])
      return emitOpError("expect lhs and rhs shapes to match at non-concat "
                         "position ")
             << i << ", expected: " << lhs[i] << " but got: " << rhs[i];
    if (lhs[i] != result[i])
      return emitOpError("expect lhs and result shapes to match at "
                         "non-concat position ")
             << i << ", expected: " << lhs[i] << " but got: " << result[i];
  }
  return success();
}

OpFoldResult CatOp::fold(FoldAdaptor adaptor) {
  // Two copies of the same splat make a larger splat.
  DenseElementsAttr lhs = getSplat(adaptor.getLhs());
  DenseElementsAttr rhs = getSplat(adaptor.getRhs());
  if (lhs && rhs &&
      lhs.getSplatValue<Attribute>() == rhs.getSplatValue<Attribute>())
    return resizeSplatTo(lhs, getType());

  // cat(extract(x)[.., 0, ..], extract(x)[.., 1, ..]) of the two halves of x
  // along the concatenated dimension is x itself.
  auto first = getLhs().getDefiningOp<ExtractOp>();
  auto second = getRhs().getDefiningOp<ExtractOp>();
  if (!first || !second || first.getSource() != second.getSource() ||
      first.getSource().getType() != getType())
    return {};
  uint64_t dim = getDim();
  if (dim >= first.getIndices().size() || dim >= second.getIndices().size())
    return {};
  if (getConstantIndex(first.getIndices()[dim]) != 0 ||
      getConstantIndex(second.getIndices()[dim]) != 1)
    return {};
  if (getLhs().getType() != getRhs().getType())
    return {};
  return first.getSource();
}

//===----------------------------------------------------------------------===//
// ExtractOp
//===----------------------------------------------------------------------===//

/// The checks `extract` and `insert` share: `whole` is cut into tiles of
/// `part`'s shape, one index per dimension picks one of them.
static LogicalResult verifyTileSlice(Operation *op, TileType whole,
                                     StringRef wholeName, TileType part,
                                     StringRef partName, size_t numIndices,
                                     StringRef elementTypeMismatch) {
  if (whole.getElementType() != part.getElementType())
    return op->emitOpError(elementTypeMismatch);
  for (int64_t i = 0, e = whole.getRank(); i < e; ++i)
    if (whole.getDimSize(i) % part.getDimSize(i) != 0)
      return op->emitOpError() << wholeName << " dimension " << i << " size ("
                               << whole.getDimSize(i)
                               << ") must be evenly divisible by " << partName
                               << " dimension " << i << " size ("
                               << part.getDimSize(i) << ")";
  if (static_cast<int64_t>(numIndices) != whole.getRank())
    return op->emitOpError("expected ")
           << whole.getRank() << " indices, but got " << numIndices;
  return success();
}

LogicalResult ExtractOp::verify() {
  auto source = cast<TileType>(getSource().getType());
  auto result = cast<TileType>(getType());
  if (failed(verifyTileSlice(*this, source, "source", result, "result",
                             getIndices().size(),
                             "source and result element type do not match")))
    return failure();
  // Constant indices outside the grid of slices are warned about, not
  // refused (the code may be unreachable).
  for (auto [i, index] : llvm::enumerate(getIndices())) {
    auto constant = index.getDefiningOp<ConstantOp>();
    auto value = constant ? dyn_cast<DenseIntElementsAttr>(constant.getValue())
                          : DenseIntElementsAttr();
    if (!value || !value.isSplat())
      continue;
    int64_t at = value.getSplatValue<APInt>().getSExtValue();
    int64_t last = source.getDimSize(i) / result.getDimSize(i) - 1;
    if (at < 0)
      mlir::emitWarning(getLoc())
          << "extract index " << i << " has negative value " << at
          << ", which may cause undefined behavior";
    if (at > last)
      mlir::emitWarning(getLoc())
          << "extract index " << i << " value " << at
          << " may be out of bounds (max valid index: " << last << ")";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// InsertOp
//===----------------------------------------------------------------------===//

LogicalResult InsertOp::verify() {
  return verifyTileSlice(*this, cast<TileType>(getDestination().getType()),
                         "destination", cast<TileType>(getSource().getType()),
                         "source", getIndices().size(),
                         "source and destination element type do not match");
}

OpFoldResult ExtractOp::fold(FoldAdaptor adaptor) {
  // A slice as large as the source can only be the source.
  if (getSource().getType() == getType())
    return getSource();
  if (DenseElementsAttr splat = getSplat(adaptor.getSource()))
    return resizeSplatTo(splat, getType());

  // Extracting exactly one operand of a cat yields that operand.
  auto cat = getSource().getDefiningOp<CatOp>();
  if (!cat)
    return {};
  uint64_t dim = cat.getDim();
  if (dim >= adaptor.getIndices().size())
    return {};
  std::optional<int64_t> index = getConstantIndex(adaptor.getIndices()[dim]);
  if (!index)
    return {};
  int64_t size = cast<TileType>(getType()).getDimSize(dim);
  int64_t lhsSize = cast<TileType>(cat.getLhs().getType()).getDimSize(dim);
  if (*index == 0 && cat.getLhs().getType() == getType())
    return cat.getLhs();
  if (*index * size == lhsSize && cat.getRhs().getType() == getType())
    return cat.getRhs();
  return {};
}

namespace {
/// A slice of a cat that lies within one of its operands is a slice of that
/// operand: extract(cat(a, b))[.., k, ..] -> extract(a)[.., k, ..] or
/// extract(b)[.., k - size(a) / size, ..].
struct ExtractOfCat : public OpRewritePattern<ExtractOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ExtractOp op,
                                PatternRewriter &rewriter) const override {
    auto cat = op.getSource().getDefiningOp<CatOp>();
    if (!cat)
      return failure();
    uint64_t dim = cat.getDim();
    if (dim >= op.getIndices().size())
      return failure();
    std::optional<int64_t> index = getConstantIndex(op.getIndices()[dim]);
    if (!index || *index < 0)
      return failure();
    int64_t size = cast<TileType>(op.getType()).getDimSize(dim);
    int64_t lhsSize = cast<TileType>(cat.getLhs().getType()).getDimSize(dim);
    int64_t rhsSize = cast<TileType>(cat.getRhs().getType()).getDimSize(dim);
    // Both operands must be cut into whole slices.
    if (lhsSize % size != 0 || rhsSize % size != 0)
      return failure();
    int64_t lhsSlices = lhsSize / size;
    SmallVector<Value> indices(op.getIndices());
    Value source = cat.getLhs();
    if (*index >= lhsSlices) {
      source = cat.getRhs();
      auto i32 = rewriter.getI32Type();
      auto value = DenseElementsAttr::get(
          RankedTensorType::get({}, i32),
          rewriter.getIntegerAttr(i32, *index - lhsSlices));
      indices[dim] = ConstantOp::create(rewriter, op.getLoc(), value);
    }
    rewriter.replaceOpWithNewOp<ExtractOp>(op, op.getType(), source, indices);
    return success();
  }
};
} // namespace

void ExtractOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<ExtractOfCat>(context);
}

//===----------------------------------------------------------------------===//
// IotaOp
//===----------------------------------------------------------------------===//

LogicalResult IotaOp::verify() {
  auto result = cast<TileType>(getType());
  if (result.getRank() != 1)
    return emitOpError("expects result type to be 1-d tile");
  // The last value, n - 1, must be representable as an unsigned number.
  uint64_t count = result.getDimSize(0);
  unsigned width = result.getElementType().getIntOrFloatBitWidth();
  if (width < 64 && count > (uint64_t(1) << width))
    return emitOpError("the number of elements ")
           << count << " exceeds the maximum value of element type "
           << result.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// SelectOp
//===----------------------------------------------------------------------===//

LogicalResult SelectOp::verify() {
  if (isa<Float4E2M1FNType>(cast<TileType>(getType()).getElementType()))
    return emitOpError("cannot operate on sub-byte type F4E2M1FN");
  return success();
}

/// Whether `attr` is a splat integer constant (i1 included) of `value`.
static bool isSplatInt(Attribute attr, uint64_t value) {
  auto dense = dyn_cast_if_present<DenseIntElementsAttr>(attr);
  return dense && dense.isSplat() &&
         dense.getSplatValue<APInt>() == value;
}

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  Value cond = getCond(), onTrue = getValIfTrue(), onFalse = getValIfFalse();
  if (onTrue == onFalse)
    return onTrue;
  if (DenseElementsAttr splat = getSplat(adaptor.getCond()))
    return splat.getSplatValue<bool>() ? onTrue : onFalse;

  // Everything constant: the elements are chosen one by one.
  auto condValues = dyn_cast_if_present<DenseElementsAttr>(adaptor.getCond());
  auto trueValues =
      dyn_cast_if_present<DenseElementsAttr>(adaptor.getValIfTrue());
  auto falseValues =
      dyn_cast_if_present<DenseElementsAttr>(adaptor.getValIfFalse());
  if (condValues && trueValues && falseValues) {
    SmallVector<Attribute> chosen;
    chosen.reserve(trueValues.getNumElements());
    for (auto [c, t, f] : llvm::zip_equal(condValues.getValues<bool>(),
                                          trueValues.getValues<Attribute>(),
                                          falseValues.getValues<Attribute>()))
      chosen.push_back(c ? t : f);
    return DenseElementsAttr::get(trueValues.getType(), chosen);
  }

  // select %c, true, false is %c.
  if (cast<TileType>(getType()).getElementType().isInteger(1) &&
      isSplatInt(adaptor.getValIfTrue(), 1) &&
      isSplatInt(adaptor.getValIfFalse(), 0))
    return cond;

  // select (cmpi equal %a, %b), %a, %b is %b (where they differ the
  // comparison chose %b, where they are equal both are); not_equal: %a.
  if (auto compare = cond.getDefiningOp<CmpIOp>()) {
    ComparisonPredicate predicate = compare.getComparisonPredicate();
    bool sameValues =
        (compare.getLhs() == onTrue && compare.getRhs() == onFalse) ||
        (compare.getLhs() == onFalse && compare.getRhs() == onTrue);
    if (sameValues && predicate == ComparisonPredicate::Equal)
      return onFalse;
    if (sameValues && predicate == ComparisonPredicate::NotEqual)
      return onTrue;
  }

  // In place: select (xori %c, true), %a, %b -> select %c, %b, %a.
  if (Value notNegated = getNegatedOperand(cond)) {
    getCondMutable().assign(notNegated);
    getValIfTrueMutable().assign(onFalse);
    getValIfFalseMutable().assign(onTrue);
    return getResult();
  }

  // In place: an inner select on the same condition in either arm takes
  // that arm's side: select %c, (select %c, %a, %b), %d -> select %c, %a, %d.
  if (auto inner = onTrue.getDefiningOp<SelectOp>();
      inner && inner.getCond() == cond) {
    getValIfTrueMutable().assign(inner.getValIfTrue());
    return getResult();
  }
  if (auto inner = onFalse.getDefiningOp<SelectOp>();
      inner && inner.getCond() == cond) {
    getValIfFalseMutable().assign(inner.getValIfFalse());
    return getResult();
  }
  return {};
}

namespace {
/// Selects between integer constants 0 and 1 are the condition, widened:
///   select %c, 1, 0 -> exti %c unsigned
///   select %c, 0, 1 -> exti (xori %c, true) unsigned
/// and, on i1, select %c, false, true -> xori %c, true.
struct SelectOfZeroAndOne : OpRewritePattern<SelectOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<TileType>(op.getType());
    auto element = dyn_cast<IntegerType>(type.getElementType());
    Attribute onTrue, onFalse;
    if (!element ||
        !matchPattern(op.getValIfTrue(), m_Constant(&onTrue)) ||
        !matchPattern(op.getValIfFalse(), m_Constant(&onFalse)))
      return failure();
    bool widened = isSplatInt(onTrue, 1) && isSplatInt(onFalse, 0);
    bool negated = isSplatInt(onTrue, 0) && isSplatInt(onFalse, 1);
    if (!negated && (!widened || element.getWidth() == 1))
      return failure();
    Value cond = op.getCond();
    if (negated) {
      auto condType = cast<TileType>(cond.getType());
      auto literalType =
          RankedTensorType::get(condType.getShape(), rewriter.getI1Type());
      Value allTrue = ConstantOp::create(
          rewriter, op.getLoc(), DenseElementsAttr::get(literalType, true));
      cond = XOrIOp::create(rewriter, op.getLoc(), cond, allTrue);
    }
    if (element.getWidth() == 1)
      rewriter.replaceOp(op, cond);
    else
      rewriter.replaceOpWithNewOp<ExtIOp>(op, type, cond,
                                          Signedness::Unsigned);
    return success();
  }
};
} // namespace

void SelectOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<SelectOfZeroAndOne>(context);
}

//===----------------------------------------------------------------------===//
// PackOp / UnpackOp
//===----------------------------------------------------------------------===//

/// Shared by pack and unpack: both sides are rank-1, hold the same number of
/// bytes and differ in element width.
static LogicalResult verifyPacking(Operation *op, TileType source,
                                   TileType result) {
  if (source.getRank() != 1 || result.getRank() != 1)
    return op->emitOpError("expects source and result to be rank-1 tiles");
  int64_t sourceBits =
      source.getNumElements() * storageBits(source.getElementType());
  int64_t resultBits =
      result.getNumElements() * storageBits(result.getElementType());
  // (Widths as the types declare them, tf32's 19 bits included.)
  if (source.getElementType().getIntOrFloatBitWidth() ==
      result.getElementType().getIntOrFloatBitWidth())
    return op->emitOpError(
        "expects source and result to have different element type widths");
  if (sourceBits % 8 != 0)
    return op->emitOpError("expects source tile to be byte-aligned");
  if (resultBits % 8 != 0)
    return op->emitOpError("expects result tile to be byte-aligned");
  if (sourceBits != resultBits)
    return op->emitOpError("expects source and result to have the same size "
                           "in bytes, but got source tile size ")
           << sourceBits / 8 << " bytes and result tile size " << resultBits / 8
           << " bytes";
  return success();
}

LogicalResult PackOp::verify() {
  return verifyPacking(*this, cast<TileType>(getSource().getType()),
                       cast<TileType>(getType()));
}

LogicalResult UnpackOp::verify() {
  return verifyPacking(*this, cast<TileType>(getSource().getType()),
                       cast<TileType>(getType()));
}

//===----------------------------------------------------------------------===//
// MmaFOp / MmaIOp / MmaFScaledOp
//===----------------------------------------------------------------------===//

/// Checks lhs (B)xMxK, rhs (B)xKxN and acc (B)xMxN.
static LogicalResult verifyMmaShapes(Operation *op, TileType lhs, TileType rhs,
                                     TileType acc) {
  if (lhs.getRank() != 2 && lhs.getRank() != 3)
    return op->emitOpError("operands must be 2D or 3D tiles");
  ArrayRef<int64_t> a = lhs.getShape(), b = rhs.getShape(), c = acc.getShape();
  int batched = lhs.getRank() == 3 ? 1 : 0;
  if (batched) {
    if (a[0] != b[0])
      return op->emitOpError("shape error: dim 0 of lhs (")
             << a[0] << ") and dim 0 of rhs (" << b[0]
             << ") must match, but got lhs shape " << parenShape(a)
             << " and rhs shape " << parenShape(b);
    if (a[0] != c[0])
      return op->emitOpError("shape error: dim 0 of lhs (")
             << a[0] << ") and dim 0 of acc (" << c[0]
             << ") must match, but got lhs shape " << parenShape(a)
             << " and acc shape " << parenShape(c);
  }
  int row = batched, col = batched + 1;
  if (a[col] != b[row])
    return op->emitOpError(" shape error: dim ")
           << col << " of lhs (" << a[col] << ") and dim " << row << " of rhs ("
           << b[row] << ") must match, but got lhs shape " << parenShape(a)
           << " and rhs shape " << parenShape(b);
  if (a[row] != c[row])
    return op->emitOpError(" shape error: dim ")
           << row << " of lhs (" << a[row] << ") and dim " << row << " of acc ("
           << c[row] << ") must match, but got lhs shape " << parenShape(a)
           << " and acc shape " << parenShape(c);
  if (b[col] != c[col])
    return op->emitOpError(" shape error: dim ")
           << col << " of rhs (" << b[col] << ") and dim " << col << " of acc ("
           << c[col] << ") must match, but got rhs shape " << parenShape(b)
           << " and acc shape " << parenShape(c);
  return success();
}

LogicalResult MmaFOp::verify() {
  auto lhs = cast<TileType>(getLhs().getType());
  auto acc = cast<TileType>(getAcc().getType());
  if (failed(
          verifyMmaShapes(*this, lhs, cast<TileType>(getRhs().getType()), acc)))
    return failure();

  // Accumulator types each input type supports.
  Type input = lhs.getElementType();
  MLIRContext *ctx = getContext();
  SmallVector<Type, 2> allowed;
  if (isa<Float8E4M3FNType, Float8E5M2Type, Float16Type>(input))
    allowed = {Float16Type::get(ctx), Float32Type::get(ctx)};
  else if (isa<BFloat16Type, FloatTF32Type, Float32Type>(input))
    allowed = {Float32Type::get(ctx)};
  else
    allowed = {Float64Type::get(ctx)};
  if (llvm::is_contained(allowed, acc.getElementType()))
    return success();
  InFlightDiagnostic diag =
      emitOpError("unsupported combination of element types. Input type ")
      << input << " expects accumulator/result type to be one of {";
  llvm::interleave(
      allowed, [&](Type type) { diag << type; }, [&] { diag << ", "; });
  return diag << "}, but got " << acc.getElementType();
}

LogicalResult MmaIOp::verify() {
  return verifyMmaShapes(*this, cast<TileType>(getLhs().getType()),
                         cast<TileType>(getRhs().getType()),
                         cast<TileType>(getAcc().getType()));
}

LogicalResult MmaFScaledOp::verify() {
  auto lhs = cast<TileType>(getLhs().getType());
  auto rhs = cast<TileType>(getRhs().getType());
  auto lhsScale = cast<TileType>(getLhsScale().getType());
  auto rhsScale = cast<TileType>(getRhsScale().getType());
  if (failed(
          verifyMmaShapes(*this, lhs, rhs, cast<TileType>(getAcc().getType()))))
    return failure();

  // Scales: lhs_scale is (B)xMx(K/V), rhs_scale is (B)x(K/V)xN.
  ArrayRef<int64_t> a = lhs.getShape(), b = rhs.getShape(),
                    sa = lhsScale.getShape(), sb = rhsScale.getShape();
  auto mismatch = [&](StringRef x, int dimX, ArrayRef<int64_t> shapeX,
                      StringRef y, int dimY, ArrayRef<int64_t> shapeY) {
    return emitOpError("shape error: dim ")
           << dimX << " of " << x << " (" << shapeX[dimX] << ") and dim "
           << dimY << " of " << y << " (" << shapeY[dimY]
           << ") must match, but got " << x << " shape " << parenShape(shapeX)
           << " and " << y << " shape " << parenShape(shapeY);
  };
  int batched = lhs.getRank() == 3 ? 1 : 0;
  int row = batched, col = batched + 1;
  if (batched) {
    if (a[0] != sa[0])
      return mismatch("lhs", 0, a, "lhs_scale", 0, sa);
    if (b[0] != sb[0])
      return mismatch("rhs", 0, b, "rhs_scale", 0, sb);
  }
  if (a[row] != sa[row])
    return mismatch("lhs", row, a, "lhs_scale", row, sa);
  if (b[col] != sb[col])
    return mismatch("rhs", col, b, "rhs_scale", col, sb);
  if (sa[col] != sb[row])
    return mismatch("lhs_scale", col, sa, "rhs_scale", row, sb);

  Type input = lhs.getElementType();
  Type scale = lhsScale.getElementType();
  bool fp4 = isa<Float4E2M1FNType>(input);
  if (isa<Float8E4M3FNType>(scale) && !fp4)
    return emitOpError("unsupported combination of element types. Scale type ")
           << scale << " expects lhs and rhs element types to be "
           << Float4E2M1FNType::get(getContext()) << ", but got " << input;

  // Each scale covers a block of V consecutive K values.
  int64_t k = a[col], scaleK = sa[col];
  if (k % scaleK != 0)
    return emitOpError("shape error: dim ")
           << col << " of lhs_scale (" << scaleK << ") must be a divisor of dim "
           << col << " of lhs (" << k << "), but got lhs_scale shape "
           << parenShape(sa) << " and lhs shape " << parenShape(a);
  int64_t block = k / scaleK;
  if (!fp4) {
    if (block != 32)
      return emitOpError("shape error: f8 element type requires block scale "
                         "factor of lhs_scale and rhs_scale to be 32, but got ")
             << block;
  } else if (isa<Float8E8M0FNUType>(scale)) {
    if (block != 16 && block != 32)
      return emitOpError("shape error: f4E2M1FN element type with f8E8M0FNU "
                         "scales requires block scale factor of lhs_scale and "
                         "rhs_scale to be 16 or 32, but got ")
             << block;
  } else if (block != 16) {
    return emitOpError("shape error: f4E2M1FN element type with f8E4M3FN "
                       "scales requires block scale factor of lhs_scale and "
                       "rhs_scale to be 16, but got ")
           << block;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp / ScanOp
//===----------------------------------------------------------------------===//

/// Parses `%a, %b dim=N [reverse=B] identities=[...] : T, T -> R, R` and the
/// combiner region `(%x: t, %y: t, ...) { ... }`.
static ParseResult parseCombinerOp(OpAsmParser &parser, OperationState &result,
                                   bool hasReverse) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SMLoc operandsLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands))
    return failure();
  Builder &builder = parser.getBuilder();
  // An i32 attribute, as ODS parses it (`dim=1 : i64` stops at the `:`).
  IntegerAttr dim;
  if (parser.parseKeyword("dim") || parser.parseEqual() ||
      parser.parseAttribute(dim, builder.getI32Type()))
    return failure();
  result.addAttribute("dim", dim);
  if (hasReverse) {
    // Any attribute that is an i1 integer (`true`, `1`), as ODS parses it.
    BoolAttr reverse;
    if (parser.parseKeyword("reverse") || parser.parseEqual() ||
        parser.parseAttribute(reverse, builder.getI1Type()))
      return failure();
    result.addAttribute("reverse", reverse);
  }
  // With the none type, as ODS parses an ArrayAttr (a bare literal then
  // fails as not valid for that type).
  ArrayAttr identities;
  if (parser.parseKeyword("identities") || parser.parseEqual() ||
      parser.parseAttribute(identities, builder.getNoneType()))
    return failure();
  result.addAttribute("identities", identities);
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();

  SmallVector<Type> operandTypes, resultTypes;
  if (parser.parseColon() || parseCudaTileTypeList(parser, operandTypes) ||
      parser.parseArrow() || parseCudaTileTypeList(parser, resultTypes) ||
      parser.resolveOperands(operands, operandTypes, operandsLoc,
                             result.operands))
    return failure();
  result.addTypes(resultTypes);

  SmallVector<OpAsmParser::Argument> args;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
            OpAsmParser::Argument arg;
            if (parser.parseArgument(arg) || parser.parseColon() ||
                parseCudaTileType(parser, arg.type))
              return failure();
            args.push_back(arg);
            return success();
          }))
    return failure();
  Region *body = result.addRegion();
  return parseNestedRegion(parser, *body, args);
}

static void printCombinerOp(OpAsmPrinter &printer, Operation *op, Region &body,
                            std::optional<bool> reverse, ArrayAttr identities,
                            int32_t dim) {
  printer << ' ';
  printer.printOperands(op->getOperands());
  printer << " dim=" << dim;
  if (reverse)
    printer << " reverse=" << (*reverse ? "true" : "false");
  printer << " identities=";
  printer.printAttribute(identities);
  printer.printOptionalAttrDict(op->getAttrs(),
                                {"dim", "reverse", "identities"});
  printer << " : ";
  printCudaTileTypeList(printer, op->getOperandTypes());
  printer << " -> ";
  printCudaTileTypeList(printer, op->getResultTypes());
  // The region's arguments start a new line, after a trailing space.
  printer << ' ';
  printer.printNewline();
  printer << '(';
  llvm::interleaveComma(body.getArguments(), printer, [&](BlockArgument arg) {
    printer << arg << ": ";
    printCudaTileType(printer, arg.getType());
  });
  printer << ") ";
  printer.printRegion(body, /*printEntryBlockArgs=*/false);
}

/// f16 and bf16 identities are accepted for each other's operands.
static bool isCompatibleIdentityType(Type identity, Type element) {
  if (identity == element)
    return true;
  return (identity.isF16() && element.isBF16()) ||
         (identity.isBF16() && element.isF16());
}

/// Checks shared by reduce and scan, in the reference's order; scan's
/// results (`sameResults`) have their operands' types. (The inferred result
/// types are checked after the region's ops, by InferTypeOpInterface.)
static LogicalResult verifyCombinerOp(Operation *op, ArrayAttr identities,
                                      int32_t dim, bool sameResults) {
  unsigned numOperands = op->getNumOperands();
  if (numOperands == 0)
    return op->emitOpError("expect at least 1 operand");
  if (op->getNumResults() != numOperands)
    return op->emitOpError("expect same number of operands and results");

  if (identities.size() != numOperands)
    return op->emitOpError("expect identities to match the number of operands "
                           "but got: ")
           << numOperands << " operands and " << identities.size()
           << " identities";
  for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
    Type element = cast<TileType>(operand.getType()).getElementType();
    // (Any typed attribute is compared by its type, a string's being none.)
    auto identity = dyn_cast<TypedAttr>(identities[i]);
    if (!identity)
      return op->emitOpError("expects identity at index: ")
             << i << " to be an integer or float attribute";
    if (!isCompatibleIdentityType(identity.getType(), element))
      return op->emitOpError("expect same type for operand at index: ")
             << i << " and identity at index: " << i << " but got: " << element
             << " and " << identity.getType();
    if (!isa<IntegerAttr, FloatAttr>(identity))
      return op->emitOpError("expects identity at index: ")
             << i << " to be an integer or float attribute";
  }

  int64_t rank = cast<TileType>(op->getOperand(0).getType()).getRank();
  if (dim >= rank)
    return op->emitOpError("dimension (")
           << dim << ") is out of bound [0, " << rank << ")";
  if (sameResults)
    for (auto [i, operand, result] :
         llvm::enumerate(op->getOperands(), op->getResults()))
      if (operand.getType() != result.getType())
        return op->emitOpError("expect same type for operand at index: ")
               << i << " and result at index: " << i;
  return success();
}

/// Whether `op` may appear in a combiner: pure as the reference's traits
/// make it. Its integer ops with overflow flags and remi are Pure there
/// (ours do not speculate what overflows or divides by zero), its assume
/// is not.
static bool isPureInCombiner(Operation *op) {
  if (isa<AssumeOp>(op))
    return false;
  if (isa<AddIOp, SubIOp, MulIOp, NegIOp, ShLIOp, TruncIOp, RemIOp>(op))
    return true;
  return isPure(op);
}

/// The combiner takes (current, accumulated) rank-0 tiles per operand and
/// yields one rank-0 tile per operand.
static LogicalResult verifyCombinerRegion(Operation *op, Region &body) {
  Block &block = body.front();
  unsigned n = op->getNumOperands();
  if (block.empty())
    return op->emitOpError("expect non-empty block");
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError("expect ")
           << 2 * n << " block arguments but got: " << block.getNumArguments();
  for (auto [i, type] : llvm::enumerate(block.getArgumentTypes())) {
    auto tile = dyn_cast<TileType>(type);
    if (!tile || tile.getRank() != 0)
      return op->emitOpError("expect 0-rank tile type at index: ")
             << i << " but got: " << type;
  }
  for (unsigned i = 0; i < n; ++i) {
    Type current =
        cuda_tile::getElementTypeOrSelf(block.getArgument(2 * i).getType());
    Type accumulated =
        cuda_tile::getElementTypeOrSelf(block.getArgument(2 * i + 1).getType());
    if (current != accumulated)
      return op->emitOpError("expect same element type for block argument at "
                             "index: ")
             << 2 * i << " and " << 2 * i + 1 << " but got: " << current
             << " and " << accumulated;
    Type element = cuda_tile::getElementTypeOrSelf(op->getOperand(i).getType());
    if (element != current)
      return op->emitOpError("expect same type for operand at index: ")
             << i << " and block argument at index: " << 2 * i
             << " but got: " << element << " and " << current;
  }
  auto yield = dyn_cast<YieldOp>(block.back());
  if (!yield)
    return op->emitOpError("expects the combiner to end with 'yield'");
  if (yield.getNumOperands() != n)
    return op->emitOpError("expect number of terminators operands (")
           << yield.getNumOperands() << ") to match number of operands (" << n
           << ")";
  for (unsigned i = 0; i < n; ++i) {
    Type element = cuda_tile::getElementTypeOrSelf(op->getOperand(i).getType());
    Type yielded = yield.getOperand(i).getType();
    if (!isa<TileType>(yielded))
      return op->emitOpError("expected TileType for operand and terminator "
                             "types but got: ")
             << op->getOperand(i).getType() << " and " << yielded;
    if (cuda_tile::getElementTypeOrSelf(yielded) != element)
      return op->emitOpError("expect same type for operand at index: ")
             << i << " and terminator argument at index: " << i
             << " but got: " << element << " and "
             << cuda_tile::getElementTypeOrSelf(yielded);
    if (yielded != TileType::getScalar(element))
      return op->emitOpError("expect terminator argument at index: ")
             << i << " to be a 0-rank tile but got: " << yielded;
  }
  for (Operation &inner : block.without_terminator())
    if (!isPureInCombiner(&inner))
      return inner.emitOpError("only pure operations are allowed inside '")
             << op->getName() << "'";
  return success();
}

ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseCombinerOp(parser, result, /*hasReverse=*/false);
}

void ReduceOp::print(OpAsmPrinter &printer) {
  printCombinerOp(printer, *this, getBody(), std::nullopt, getIdentities(),
                  getDim());
}

LogicalResult ReduceOp::verify() {
  return verifyCombinerOp(*this, getIdentities(), getDim(),
                          /*sameResults=*/false);
}

/// Each operand's type without dimension `dim` (all of them where `dim` is
/// past the rank: the verifier reports that).
LogicalResult ReduceOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  if (adaptor.getOperands().empty())
    return failure();
  uint64_t dim = adaptor.getDim();
  for (Value operand : adaptor.getOperands()) {
    auto tile = cast<TileType>(operand.getType());
    SmallVector<int64_t> shape;
    for (auto [i, size] : llvm::enumerate(tile.getShape()))
      if (i != dim)
        shape.push_back(size);
    types.push_back(TileType::get(shape, tile.getElementType()));
  }
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombinerRegion(*this, getBody());
}

void ReduceOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  if (getNumResults())
    setNameFn(getResult(0), "reduce");
}

void ReduceOp::getAsmBlockArgumentNames(Region &region,
                                        OpAsmSetValueNameFn setNameFn) {
  if (region.empty())
    return;
  unsigned n = getNumOperands();
  for (unsigned i = 0; i < n && 2 * i + 1 < region.getNumArguments(); ++i) {
    std::string suffix = n > 1 ? std::to_string(i) : std::string();
    setNameFn(region.getArgument(2 * i), "reduce_lhs" + suffix);
    setNameFn(region.getArgument(2 * i + 1), "reduce_rhs" + suffix);
  }
}

ParseResult ScanOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseCombinerOp(parser, result, /*hasReverse=*/true);
}

void ScanOp::print(OpAsmPrinter &printer) {
  printCombinerOp(printer, *this, getBody(), getReverse(), getIdentities(),
                  getDim());
}

LogicalResult ScanOp::verify() {
  return verifyCombinerOp(*this, getIdentities(), getDim(),
                          /*sameResults=*/true);
}

/// The operands' types.
LogicalResult ScanOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  if (adaptor.getOperands().empty())
    return failure();
  llvm::append_range(types, adaptor.getOperands().getTypes());
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombinerRegion(*this, getBody());
}

#define GET_OP_CLASSES
#include "cuda_tile/IR/CudaTileShapeOps.cpp.inc"
