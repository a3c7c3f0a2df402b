//===- CudaTileOps.h - cuda_tile operations -----------------------*- C++ -*-===//
#ifndef CUDA_TILE_IR_CUDATILEOPS_H
#define CUDA_TILE_IR_CUDATILEOPS_H

#include "cuda_tile/IR/CudaTileDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "cuda_tile/IR/CudaTileOps.h.inc"

#endif // CUDA_TILE_IR_CUDATILEOPS_H
