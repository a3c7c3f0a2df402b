//===- CudaTileOps.td - the cuda_tile op roster ------------*- tablegen -*-===//
#ifndef CUDA_TILE_IR_CUDATILEOPS_TD
#define CUDA_TILE_IR_CUDATILEOPS_TD

include "cuda_tile/IR/CudaTileCoreOps.td"

#endif // CUDA_TILE_IR_CUDATILEOPS_TD
