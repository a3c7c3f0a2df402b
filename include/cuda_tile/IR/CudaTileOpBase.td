//===- CudaTileOpBase.td - what every op family includes ---*- tablegen -*-===//
#ifndef CUDA_TILE_IR_CUDATILEOPBASE_TD
#define CUDA_TILE_IR_CUDATILEOPBASE_TD

include "cuda_tile/IR/CudaTileTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Argument wrapper recording the bytecode version that introduced an operand
// or attribute newer than its op.
class CudaTile_Since<Constraint constraint, string version, string desc = "">
    : Arg<constraint, desc>, CudaTileVersioned<version>;

#endif // CUDA_TILE_IR_CUDATILEOPBASE_TD
