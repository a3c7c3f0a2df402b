//===- CudaTileMemoryOps.td --------------------------------------*- tablegen -*-===//
#ifndef CUDA_TILE_IR_CUDATILEMEMORYOPS_TD
#define CUDA_TILE_IR_CUDATILEMEMORYOPS_TD

include "cuda_tile/IR/CudaTileOpBase.td"

#endif
