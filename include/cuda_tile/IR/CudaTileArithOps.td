//===- CudaTileArithOps.td --------------------------------------*- tablegen -*-===//
#ifndef CUDA_TILE_IR_CUDATILEARITHOPS_TD
#define CUDA_TILE_IR_CUDATILEARITHOPS_TD

include "cuda_tile/IR/CudaTileOpBase.td"

#endif
