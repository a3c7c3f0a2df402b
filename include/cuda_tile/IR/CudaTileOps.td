//===- CudaTileOps.td - the whole cuda_tile op roster ------*- tablegen -*-===//
//
// Every op family, for documentation and the bytecode tables. The C++ of each
// family is generated from its own file.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_IR_CUDATILEOPS_TD
#define CUDA_TILE_IR_CUDATILEOPS_TD

include "cuda_tile/IR/CudaTileCoreOps.td"
include "cuda_tile/IR/CudaTileArithOps.td"
include "cuda_tile/IR/CudaTileShapeOps.td"
include "cuda_tile/IR/CudaTileMemoryOps.td"

#endif // CUDA_TILE_IR_CUDATILEOPS_TD
