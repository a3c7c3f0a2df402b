//===- FunctionSyntax.h - what entry and testing$func share ------*- C++ -*-===//
//
// The dialect's two function ops (entry, and the testing function the
// reference's tests are written with) have one syntax and one bound on the
// nesting of their bodies.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_LIB_IR_FUNCTIONSYNTAX_H
#define CUDA_TILE_LIB_IR_FUNCTIONSYNTAX_H

#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::cuda_tile {

/// Parses `@name(%arg: type {attrs}, ...) [-> type | -> (types)]`, then
/// `parseAfterSignature`, `attributes {...}`, the body (ended with an implicit
/// `return`) and a trailing attribute dictionary.
ParseResult parseFunctionOp(
    OpAsmParser &parser, OperationState &result, StringAttr symNameAttrName,
    StringAttr functionTypeAttrName, StringAttr argAttrsAttrName,
    llvm::function_ref<ParseResult()> parseAfterSignature);

/// Prints what parseFunctionOp parses; `printAfterSignature` prints between
/// the signature and the body, and the trailing dictionary leaves out
/// `elidedAttrs` (the inherent attributes printed otherwise).
void printFunctionOp(OpAsmPrinter &printer, FunctionOpInterface op,
                     llvm::function_ref<void()> printAfterSignature,
                     ArrayRef<StringRef> elidedAttrs);

/// `@""` parses, but an empty symbol prints as `@<<INVALID EMPTY SYMBOL>>`,
/// which does not: the dialect's symbols must have a name.
LogicalResult verifySymbolName(Operation *op, StringRef name);

/// Fails, on the first op whose own regions would nest deeper than
/// kMaxRegionNestingDepth, for IR that did not come through the parsers'
/// bound (generic form, built in memory).
LogicalResult verifyBodyNesting(Region &body);

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_LIB_IR_FUNCTIONSYNTAX_H
