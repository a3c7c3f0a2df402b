//===- CudaTileShapeOps.td - shape, data movement, reductions, MMA -*- tablegen -*-===//
#ifndef CUDA_TILE_IR_CUDATILESHAPEOPS_TD
#define CUDA_TILE_IR_CUDATILESHAPEOPS_TD

include "cuda_tile/IR/CudaTileOpBase.td"

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

class CudaTile_CombinerOp<string mnemonic, int opc, list<Trait> traits = []>
    : CudaTile_Op<mnemonic, opc, !listconcat(traits, [
        RecursiveMemoryEffects, SameOperandsShape, OpAsmOpInterface])> {
  let results = (outs Variadic<CudaTile_AnyTile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def CudaTile_ReduceOp : CudaTile_CombinerOp<"reduce", 0x58> {
  let summary = "folds tiles along one dimension with a combiner region";
  let arguments = (ins Variadic<CudaTile_AnyTile>:$operands,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim,
                       ArrayAttr:$identities);
  let extraClassDeclaration = CudaTile_DefaultDialectDecl # [{
    void getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn);
    void getAsmBlockArgumentNames(::mlir::Region &region,
                                  ::mlir::OpAsmSetValueNameFn setNameFn);
  }];
}

def CudaTile_ScanOp : CudaTile_CombinerOp<"scan", 0x5E> {
  let summary = "prefix combination of tiles along one dimension";
  let arguments = (ins Variadic<CudaTile_AnyTile>:$operands,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim,
                       BoolAttr:$reverse,
                       ArrayAttr:$identities);
  let extraClassDeclaration = CudaTile_DefaultDialectDecl;
}

#endif // CUDA_TILE_IR_CUDATILESHAPEOPS_TD
