//===- CudaTileDialect.cpp - cuda_tile dialect registration ---------------===//

#include "cuda_tile/IR/CudaTileDialect.h"
#include "cuda_tile/IR/CudaTileOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#include "cuda_tile/IR/CudaTileDialect.cpp.inc"

namespace {
/// Gives debug-info attributes readable aliases (`#di_file`, ...).
struct CudaTileOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    return llvm::TypeSwitch<Attribute, AliasResult>(attr)
        .Case<DIFileAttr, DICompileUnitAttr, DISubprogramAttr,
              DILexicalBlockAttr>([&](auto a) {
          os << a.getMnemonic();
          return AliasResult::OverridableAlias;
        })
        .Default([](Attribute) { return AliasResult::NoAlias; });
  }
};
} // namespace

void CudaTileDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "cuda_tile/IR/CudaTileCoreOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "cuda_tile/IR/CudaTileArithOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "cuda_tile/IR/CudaTileShapeOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "cuda_tile/IR/CudaTileMemoryOps.cpp.inc"
      >();
  addInterfaces<CudaTileOpAsmInterface>();
}

std::optional<Dialect::ParseOpHook>
CudaTileDialect::getParseOperationHook(StringRef opName) const {
  if (opName != "cuda_tile.fpowf")
    return std::nullopt;
  return ParseOpHook([](OpAsmParser &parser, OperationState &state) {
    // The op built is `pow`; only the spelling differs (same opcode 0x54).
    state.name = OperationName(PowOp::getOperationName(), state.getContext());
    return PowOp::parse(parser, state);
  });
}

Operation *CudaTileDialect::materializeConstant(OpBuilder &builder,
                                                Attribute value, Type type,
                                                Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  auto tile = dyn_cast<TileType>(type);
  if (!elements || !tile)
    return nullptr;
  if (elements.getShapedType().getShape() != tile.getShape() ||
      elements.getElementType() != tile.getElementType())
    return nullptr;
  return ConstantOp::create(builder, loc, tileTypedLiteral(elements));
}
