//===- CodegenDialect.h - the cuda_tile_codegen dialect ---------*- C++ -*-===//
//
// The code generator's decisions as attributes on cuda_tile ops: the CTA size
// of each entry and the layout of each tile (CodegenAttrs.td); and the ops
// its passes add before lowering: rings of shared-memory operand buffers
// filled asynchronously (CodegenOps.td).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_CODEGEN_CODEGENDIALECT_H
#define CUDA_TILE_CODEGEN_CODEGENDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"

#include "cuda_tile/Codegen/CodegenDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "cuda_tile/Codegen/CodegenAttrs.h.inc"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

// (ring_tile's rounding mode is the cuda_tile dialect's.)
#include "cuda_tile/IR/CudaTileDialect.h"

#define GET_TYPEDEF_CLASSES
#include "cuda_tile/Codegen/CodegenTypes.h.inc"

#define GET_OP_CLASSES
#include "cuda_tile/Codegen/CodegenOps.h.inc"

namespace mlir::cuda_tile::codegen {

/// Checks that `threads` is a CTA size the code generator runs: 32 times a
/// power of two, at most 1024.
LogicalResult verifyThreadCount(int64_t threads,
                                function_ref<InFlightDiagnostic()> emitError);

/// The layout `cuda_tile_codegen.layout` gives result `index` of `op`: a
/// UniformLayoutAttr or DistributedLayoutAttr, or null when there is none.
Attribute getResultLayout(Operation *op, unsigned index);

/// Records `layouts` (one per result of `op`; null for results that are not
/// tiles) as `op`'s `cuda_tile_codegen.layout`.
void setResultLayouts(Operation *op, ArrayRef<Attribute> layouts);

} // namespace mlir::cuda_tile::codegen

#endif // CUDA_TILE_CODEGEN_CODEGENDIALECT_H
