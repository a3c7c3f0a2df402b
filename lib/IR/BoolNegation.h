//===- BoolNegation.h - recognizing `xori %x, true` --------------*- C++ -*-===//
//
// The dialect has no `not`: a negated i1 is `xori %x, true`, which the if
// and select canonicalizations look through.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_LIB_IR_BOOLNEGATION_H
#define CUDA_TILE_LIB_IR_BOOLNEGATION_H

#include "mlir/IR/Value.h"

namespace mlir::cuda_tile {

/// `x` where `value` is `xori %x, true` (true on either side), or null.
Value getNegatedOperand(Value value);

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_LIB_IR_BOOLNEGATION_H
