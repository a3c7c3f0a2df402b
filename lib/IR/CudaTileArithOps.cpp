//===- CudaTileArithOps.cpp ------------------------------------------------===//

#include "cuda_tile/IR/CudaTileOps.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#define GET_OP_CLASSES
#include "cuda_tile/IR/CudaTileArithOps.cpp.inc"
