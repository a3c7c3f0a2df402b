//===- TensorMap.cpp - which ring copies TMA can make ---------------------===//
//
// A ring buffer filled by cp.async.bulk.tensor needs a tensor map, which the
// host encodes (cuTensorMapEncodeTiled) from what the kernel's arguments
// say about the view: base address, sizes and strides. This analysis
// decides whether a view's tiles can be such copies and describes the map
// for the PTX listing (docs/codegen.md, kernel ABI); the pipelining pass and
// the emitter both ask it, so they agree.
//
//===----------------------------------------------------------------------===//

#include "Codegen.h"
#include "cuda_tile/Codegen/CodegenDialect.h"
#include "cuda_tile/Layout/TensorCoreLayout.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::codegen;

namespace {

/// `value` through `assume`s and integer extensions.
Value throughAssumes(Value value) {
  for (int depth = 0; depth < 32; ++depth) {
    Operation *def = value.getDefiningOp();
    if (auto assume = dyn_cast_if_present<AssumeOp>(def))
      value = assume.getValue();
    else if (auto ext = dyn_cast_if_present<ExtIOp>(def))
      value = ext.getFrom();
    else
      break;
  }
  return value;
}

/// `value` under its `assume`s, and the most trailing zeros they assert (a
/// pointer's or tensor's base alignment).
std::pair<Value, unsigned> underAssumes(Value value) {
  unsigned zeros = 0;
  while (auto assume = value.getDefiningOp<AssumeOp>()) {
    zeros = std::max(zeros, getAssumedTrailingZeros(assume));
    value = assume.getValue();
  }
  return {value, zeros};
}

/// The entry argument number of `value` (through assumes), or -1.
int64_t entryArgument(Value value) {
  auto arg = dyn_cast<BlockArgument>(throughAssumes(value));
  if (!arg || !isa<EntryOp>(arg.getOwner()->getParentOp()))
    return -1;
  return arg.getArgNumber();
}

/// How the host computes the integer `value` from the kernel's arguments:
/// a constant, `%N` (entry argument N), or a product of such (`%5*64`);
/// empty when it cannot.
std::string describeInteger(Value value, unsigned depth = 0) {
  value = throughAssumes(value);
  if (std::optional<llvm::APInt> constant = getSplatInt(value))
    return std::to_string(constant->getSExtValue());
  int64_t arg = entryArgument(value);
  if (arg >= 0)
    return "%" + std::to_string(arg);
  auto mul = value.getDefiningOp<MulIOp>();
  if (!mul || depth > 8)
    return {};
  std::string lhs = describeInteger(mul.getLhs(), depth + 1);
  std::string rhs = describeInteger(mul.getRhs(), depth + 1);
  return lhs.empty() || rhs.empty() ? std::string() : lhs + "*" + rhs;
}

/// How the host finds one size or stride of the tensor: static, described
/// from the dynamic operand, or a size / stride of a tensor_view argument.
std::string reference(Value dynamic, int64_t staticValue, int64_t viewArg,
                      StringRef part, int64_t dim) {
  if (!ShapedType::isDynamic(staticValue))
    return std::to_string(staticValue);
  if (viewArg >= 0)
    return llvm::formatv("%{0}.{1}{2}", viewArg, part, dim).str();
  return describeInteger(dynamic);
}

} // namespace

FailureOr<TensorMapPlan> TensorMapPlan::of(Value view, TileType viewTile,
                                           RingType ring,
                                           const Target &target,
                                           IntegerFacts &facts,
                                           std::string &whyNot) {
  auto fail = [&](const Twine &why) -> FailureOr<TensorMapPlan> {
    whyNot = why.str();
    return failure();
  };
  if (!target.hasTma())
    return fail("TMA needs sm_90 or newer");
  // The view: a partition or strided view with zero padding.
  ArrayRef<int32_t> dimMap;
  ArrayRef<int32_t> tileShape;
  SmallVector<int64_t> steps;
  PaddingValueAttr padding;
  Type viewType = view.getType();
  if (auto p = dyn_cast<PartitionViewType>(viewType)) {
    dimMap = p.getDimMap();
    tileShape = p.getTileShape().asArrayRef();
    steps.assign(tileShape.begin(), tileShape.end());
    padding = p.getPaddingValue();
  } else if (auto s = dyn_cast<StridedViewType>(viewType)) {
    dimMap = s.getDimMap();
    tileShape = s.getTileShape().asArrayRef();
    steps.assign(s.getTraversalStrides().begin(),
                 s.getTraversalStrides().end());
    padding = s.getPaddingValue();
  } else {
    return fail("the view is not a partition or strided view");
  }
  if (padding && padding.getValue() != PaddingValue::Zero)
    return fail("the view pads with a value other than zero");
  TensorViewType tv = tensorViewOf(viewType);
  int64_t rank = tv.getRank();
  if (rank > 5)
    return fail("the tensor has more than 5 dimensions");
  SmallVector<int64_t> tensorDimOf(rank);
  for (int64_t d = 0; d < rank; ++d)
    tensorDimOf[d] = dimMap.empty() ? d : dimMap[d];

  // The buffer's rows run along one dimension of the view tile, contiguous
  // in memory; the other dimension of its matrix gives the rows.
  ArrayRef<int64_t> ringShape = cast<TileType>(ring.getTile()).getShape();
  ArrayRef<int64_t> shape = viewTile.getShape();
  int64_t tileRows = ringShape[ringShape.size() - 2];
  int64_t tileCols = ringShape.back();
  bool transposed = ring.getTransposed();
  int64_t rowElems = ring.getRowElems();
  int64_t lines = transposed ? tileCols : tileRows;
  if (viewTile.getNumElements() != rowElems * lines)
    return fail("the tile holds more than one matrix");
  int64_t rowDim = walkingDimension(shape, rowElems, transposed ? tileCols : 1);
  int64_t lineDim =
      walkingDimension(shape, lines, transposed ? 1 : tileCols);
  if (rowDim < 0 || lineDim < 0 || rowDim == lineDim)
    return fail("the tile's rows are not one dimension of the view");
  if (tv.getStrides()[tensorDimOf[rowDim]] != 1)
    return fail("the buffer's rows are not contiguous in memory");
  if (lines > 256)
    return fail("a box has at most 256 rows");

  // Where the host finds the tensor's base, sizes and strides.
  TensorMapPlan plan;
  Type elem = tv.getElementType();
  plan.elementBytes = KernelEmitter::storageBytes(elem);
  int64_t viewArg = -1;
  std::string base;
  SmallVector<Value> dynShape, dynStrides;
  Operation *viewDef = view.getDefiningOp();
  if (!isa_and_present<MakePartitionViewOp, MakeStridedViewOp>(viewDef))
    return fail("the view is not made in the kernel");
  // (The base's alignment may be asserted on the tensor view or on the
  // pointer it is made from.)
  auto [source, baseZeros] = underAssumes(viewDef->getOperand(0));
  if (auto make = source.getDefiningOp<MakeTensorViewOp>()) {
    int64_t arg = entryArgument(make.getBase());
    if (arg < 0)
      return fail("the tensor's base is not a kernel argument");
    base = "%" + std::to_string(arg);
    baseZeros = std::max(baseZeros, underAssumes(make.getBase()).second);
    dynShape.assign(make.getDynamicShape().begin(),
                    make.getDynamicShape().end());
    dynStrides.assign(make.getDynamicStrides().begin(),
                      make.getDynamicStrides().end());
  } else if (auto arg = dyn_cast<BlockArgument>(source);
             arg && isa<EntryOp>(arg.getOwner()->getParentOp())) {
    viewArg = arg.getArgNumber();
    base = "%" + std::to_string(viewArg);
  } else {
    return fail("the view's tensor is neither a kernel argument nor made "
                "from kernel arguments");
  }
  if (baseZeros < 4)
    return fail("the tensor's base is not asserted 16-byte aligned "
                "(assume div_by<16>)");
  SmallVector<std::string> sizes, strides;
  SmallVector<unsigned> strideZeros;
  unsigned nextShape = 0, nextStride = 0;
  unsigned elemZeros = llvm::Log2_64(plan.elementBytes);
  // A size or stride: its description, and its dynamic operand (null when
  // static or a tensor_view argument's).
  auto describe = [&](int64_t value, ArrayRef<Value> dynamics, unsigned &next,
                      StringRef part, int64_t t) {
    Value dynamic = ShapedType::isDynamic(value) && viewArg < 0
                        ? dynamics[next++]
                        : Value();
    return std::make_pair(reference(dynamic, value, viewArg, part, t),
                          dynamic);
  };
  for (int64_t t = 0; t < rank; ++t) {
    int64_t stride = tv.getStrides()[t];
    std::string size =
        describe(tv.getShape()[t], dynShape, nextShape, "shape", t).first;
    auto [strideRef, dynStride] =
        describe(stride, dynStrides, nextStride, "stride", t);
    if (size.empty() || strideRef.empty())
      return fail("a size or stride of the tensor is computed in the kernel "
                  "from more than products of its arguments");
    sizes.push_back(size);
    strides.push_back(strideRef);
    unsigned zeros = !ShapedType::isDynamic(stride)
                         ? llvm::countr_zero(uint64_t(stride))
                     : dynStride ? facts.getKnownTrailingZeros(dynStride)
                                 : 0;
    strideZeros.push_back(zeros + elemZeros);
  }

  // The map's dimensions: the rows' first, then the lines', then the rest.
  plan.tileDimOf.push_back(rowDim);
  plan.tileDimOf.push_back(lineDim);
  for (int64_t d = 0; d < rank; ++d)
    if (d != rowDim && d != lineDim)
      plan.tileDimOf.push_back(d);
  for (int64_t i = 1; i < rank; ++i)
    if (strideZeros[tensorDimOf[plan.tileDimOf[i]]] < 4)
      return fail("a stride of the tensor is not asserted a multiple of 16 "
                  "bytes");

  // One copy per column block of the buffer, with its swizzle (the
  // OperandSwizzle on a start aligned to the swizzle's period).
  int64_t rowBytes = rowElems * plan.elementBytes;
  TmaBoxLayout boxes =
      TmaBoxLayout::of(OperandSwizzle::forTile(lines, rowBytes));
  if (ring.getSlotBytes() % boxes.period() != 0 ||
      boxes.boxStride % boxes.period() != 0)
    return fail("the ring's buffers do not start on the swizzle's period");
  plan.swizzleBytes = boxes.swizzleBytes;
  plan.blocks = boxes.boxes;
  plan.blockStride = boxes.boxStride;
  plan.blockElems = boxes.boxRowBytes / plan.elementBytes;
  plan.boxBytes = boxes.boxRowBytes * lines;
  plan.steps.assign(rank, 0);
  SmallVector<int64_t> box;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t d = plan.tileDimOf[i];
    plan.steps[i] = steps[d];
    box.push_back(i == 0 ? plan.blockElems : shape[d]);
  }

  std::string text;
  llvm::raw_string_ostream os(text);
  auto list = [&](auto &&item) {
    for (int64_t i = 0; i < rank; ++i)
      os << (i ? "," : "") << item(i);
  };
  os << "base=" << base << " elem=" << plan.elementBytes << " dims=";
  list([&](int64_t i) { return sizes[tensorDimOf[plan.tileDimOf[i]]]; });
  os << " strides=";
  for (int64_t i = 1; i < rank; ++i)
    os << (i > 1 ? "," : "") << strides[tensorDimOf[plan.tileDimOf[i]]];
  os << " box=";
  list([&](int64_t i) { return std::to_string(box[i]); });
  os << " swizzle=" << plan.swizzleBytes;
  plan.description = text;
  return plan;
}
