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
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::cuda_tile {
// Ops named by traits of ops in another family.
class ReduceOp;
class ScanOp;

//===----------------------------------------------------------------------===//
// Custom assembly directives shared by several op families.
//===----------------------------------------------------------------------===//

/// `signed` / `unsigned` as a bare keyword.
ParseResult parseSignedness(OpAsmParser &parser, SignednessAttr &attr);
void printSignedness(OpAsmPrinter &printer, Operation *op,
                     SignednessAttr attr);

/// The index types of a view access after its view type: `, type` when all
/// are equal, else `, type, type, ...`; nothing without indices.
ParseResult parseViewIndexTypes(OpAsmParser &parser,
                                SmallVectorImpl<Type> &types,
                                ArrayRef<OpAsmParser::UnresolvedOperand> operands);
void printViewIndexTypes(OpAsmPrinter &printer, Operation *op, TypeRange types,
                         OperandRange operands);
/// At the end of a view access: indices written without their types are an
/// error there (where the reference reports it). Prints nothing.
ParseResult
parseIndexTypesGiven(OpAsmParser &parser,
                     ArrayRef<OpAsmParser::UnresolvedOperand> operands,
                     ArrayRef<Type> types);
inline void printIndexTypesGiven(OpAsmPrinter &, Operation *, OperandRange,
                                 TypeRange) {}

/// `value` typed by the tile of its shape and element type, as constant and
/// global hold their literals (dense elements of a tensor type become the
/// same elements of the tile type).
ElementsAttr tileTypedLiteral(ElementsAttr value);
} // namespace mlir::cuda_tile

#define GET_OP_CLASSES
#include "cuda_tile/IR/CudaTileCoreOps.h.inc"
#define GET_OP_CLASSES
#include "cuda_tile/IR/CudaTileArithOps.h.inc"
#define GET_OP_CLASSES
#include "cuda_tile/IR/CudaTileShapeOps.h.inc"
#define GET_OP_CLASSES
#include "cuda_tile/IR/CudaTileMemoryOps.h.inc"
#define GET_OP_CLASSES
#include "cuda_tile/IR/CudaTileTestingOps.h.inc"

#endif // CUDA_TILE_IR_CUDATILEOPS_H
