//===- CudaTileTestingOps.cpp - ops of the reference's testing builds -----===//

#include "cuda_tile/IR/CudaTileOps.h"

#include "FunctionSyntax.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::cuda_tile;

void CudaTileDialect::registerTestingOps() {
  // Every context a registry is applied to runs its extensions again.
  if (getContext()->isOperationRegistered(TestingFuncOp::getOperationName()))
    return;
  addOperations<
#define GET_OP_LIST
#include "cuda_tile/IR/CudaTileTestingOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// TestingFuncOp
//===----------------------------------------------------------------------===//

ParseResult TestingFuncOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseFunctionOp(parser, result, getSymNameAttrName(result.name),
                         getFunctionTypeAttrName(result.name),
                         getArgAttrsAttrName(result.name),
                         [] { return success(); });
}

void TestingFuncOp::print(OpAsmPrinter &printer) {
  printFunctionOp(printer, *this, [] {},
                  {getSymNameAttrName(), getFunctionTypeAttrName(),
                   getArgAttrsAttrName(), getResAttrsAttrName()});
}

LogicalResult TestingFuncOp::verify() {
  return verifySymbolName(*this, getSymName());
}

LogicalResult TestingFuncOp::verifyRegions() {
  return verifyBodyNesting(getBody());
}

#define GET_OP_CLASSES
#include "cuda_tile/IR/CudaTileTestingOps.cpp.inc"
