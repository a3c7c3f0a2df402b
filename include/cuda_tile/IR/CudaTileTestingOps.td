//===- CudaTileTestingOps.td - ops of the reference's testing build -*- tablegen -*-===//
//
// The reference registers these only in builds configured with
// -DCUDA_TILE_ENABLE_TESTING=ON, and its own tests are written with them. We
// define them always and register them on request (CudaTileDialect::
// registerTestingOps, the tools' --testing-ops), so that those tests run
// against the normal build. They are not part of the bytecode tables.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_IR_CUDATILETESTINGOPS_TD
#define CUDA_TILE_IR_CUDATILETESTINGOPS_TD

include "cuda_tile/IR/CudaTileOpBase.td"
include "cuda_tile/IR/CudaTileAttrs.td"

// A function with any argument and result types, which `return` ends with
// values: the reference's tests use it to take tiles as arguments.
def CudaTile_TestingFuncOp : CudaTile_Op<"testing$func", 0x3001, [
    IsolatedFromAbove, FunctionOpInterface, CallableOpInterface,
    AutomaticAllocationScope, OpAsmOpInterface, SingleBlock], "250.0"> {
  let summary = "a function for tests (reference testing builds only)";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let bytecodeBodyOp = 0;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl # [{
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
  }];
}

#endif // CUDA_TILE_IR_CUDATILETESTINGOPS_TD
