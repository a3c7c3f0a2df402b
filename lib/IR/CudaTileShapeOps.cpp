//===- CudaTileShapeOps.cpp - shape, data movement, reductions, MMA -------===//

#include "cuda_tile/IR/CudaTileOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// ReduceOp / ScanOp
//===----------------------------------------------------------------------===//

/// Parses `%a, %b dim=N [reverse=B] identities=[...] : T, T -> R, R` and the
/// combiner region `(%x: t, %y: t, ...) { ... }`.
static ParseResult parseCombinerOp(OpAsmParser &parser, OperationState &result,
                                   bool hasReverse) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  if (parser.parseOperandList(operands))
    return failure();
  Builder &builder = parser.getBuilder();
  int32_t dim;
  if (parser.parseKeyword("dim") || parser.parseEqual() ||
      parser.parseInteger(dim))
    return failure();
  result.addAttribute("dim", builder.getI32IntegerAttr(dim));
  if (hasReverse) {
    bool reverse;
    if (parser.parseKeyword("reverse") || parser.parseEqual())
      return failure();
    if (succeeded(parser.parseOptionalKeyword("true")))
      reverse = true;
    else if (parser.parseKeyword("false"))
      return failure();
    else
      reverse = false;
    result.addAttribute("reverse", builder.getBoolAttr(reverse));
  }
  ArrayAttr identities;
  if (parser.parseKeyword("identities") || parser.parseEqual() ||
      parser.parseAttribute(identities))
    return failure();
  result.addAttribute("identities", identities);
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();

  SmallVector<Type> operandTypes, resultTypes;
  if (parser.parseColon() || parseCudaTileTypeList(parser, operandTypes) ||
      parser.parseArrow() || parseCudaTileTypeList(parser, resultTypes) ||
      parser.resolveOperands(operands, operandTypes, parser.getNameLoc(),
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
  return parser.parseRegion(*body, args);
}

static void printCombinerOp(OpAsmPrinter &printer, Operation *op,
                            Region &body, std::optional<bool> reverse,
                            ArrayAttr identities, int32_t dim) {
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
    printer.printRegionArgument(arg);
  });
  printer << ") ";
  printer.printRegion(body, /*printEntryBlockArgs=*/false);
}

/// Checks shared by reduce and scan; `reduced` tells whether results drop
/// dimension `dim`.
static LogicalResult verifyCombinerOp(Operation *op, ArrayAttr identities,
                                      int32_t dim, bool reduced) {
  if (op->getNumOperands() == 0)
    return op->emitOpError("expects at least one operand");
  if (op->getNumResults() != op->getNumOperands())
    return op->emitOpError("expects as many results as operands");
  if (identities.size() != op->getNumOperands())
    return op->emitOpError("expects one identity per operand, got ")
           << identities.size() << " identities for " << op->getNumOperands()
           << " operands";
  for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
    auto tile = cast<TileType>(operand.getType());
    if (dim >= tile.getRank())
      return op->emitOpError("expect dim to be in [0, ")
             << tile.getRank() << "), but got: " << dim;
    auto identity = dyn_cast<TypedAttr>(identities[i]);
    if (!identity || !isa<IntegerAttr, FloatAttr>(identity))
      return op->emitOpError("expects identity at index: ")
             << i << " to be an integer or float attribute";
    if (identity.getType() != tile.getElementType())
      return op->emitOpError("expect same type for operand at index: ")
             << i << " and identity at index: " << i
             << " but got: " << tile.getElementType() << " and "
             << identity.getType();
    SmallVector<int64_t> shape(tile.getShape());
    if (reduced)
      shape.erase(shape.begin() + dim);
    auto expected = TileType::get(shape, tile.getElementType());
    if (op->getResult(i).getType() != expected)
      return op->emitOpError("expects result #")
             << i << " to be " << expected << ", but got "
             << op->getResult(i).getType();
  }
  return success();
}

/// The combiner takes (lhs, rhs) rank-0 tiles per operand and yields one
/// rank-0 tile per operand.
static LogicalResult verifyCombinerRegion(Operation *op, Region &body) {
  Block &block = body.front();
  unsigned n = op->getNumOperands();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError("expects the combiner to take ")
           << 2 * n << " arguments, got " << block.getNumArguments();
  SmallVector<Type> scalarTypes;
  for (Value operand : op->getOperands())
    scalarTypes.push_back(TileType::getScalar(
        cast<TileType>(operand.getType()).getElementType()));
  for (unsigned i = 0; i < n; ++i)
    if (block.getArgument(2 * i).getType() != scalarTypes[i] ||
        block.getArgument(2 * i + 1).getType() != scalarTypes[i])
      return op->emitOpError("expects combiner arguments ")
             << 2 * i << " and " << 2 * i + 1 << " to be " << scalarTypes[i];
  auto yield = dyn_cast<YieldOp>(block.getTerminator());
  if (!yield)
    return op->emitOpError("expects the combiner to end with 'yield'");
  if (TypeRange(yield.getOperandTypes()) != TypeRange(scalarTypes))
    return yield.emitOpError("expects the combiner to yield one rank-0 tile "
                             "per operand");
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
  return verifyCombinerOp(*this, getIdentities(), getDim(), /*reduced=*/true);
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
  return verifyCombinerOp(*this, getIdentities(), getDim(), /*reduced=*/false);
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombinerRegion(*this, getBody());
}

#define GET_OP_CLASSES
#include "cuda_tile/IR/CudaTileShapeOps.cpp.inc"
