//===- RegionNesting.h - depth-limited region parsing ------------*- C++ -*-===//
//
// The custom parsers of the region-holding ops parse their regions through
// parseNestedRegion, which counts the regions being parsed on this thread and
// refuses to go deeper than kMaxRegionNestingDepth (InputLimits.h): deeply
// nested input gets a diagnostic instead of overflowing the stack.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_LIB_IR_REGIONNESTING_H
#define CUDA_TILE_LIB_IR_REGIONNESTING_H

#include "mlir/IR/OpImplementation.h"

namespace mlir::cuda_tile {

ParseResult parseNestedRegion(OpAsmParser &parser, Region &region,
                              ArrayRef<OpAsmParser::Argument> arguments = {});

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_LIB_IR_REGIONNESTING_H
