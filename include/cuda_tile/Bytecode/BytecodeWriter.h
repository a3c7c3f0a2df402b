//===- BytecodeWriter.h - cuda_tile bytecode writer --------------*- C++ -*-===//
#ifndef CUDA_TILE_BYTECODE_BYTECODEWRITER_H
#define CUDA_TILE_BYTECODE_BYTECODEWRITER_H

#include "cuda_tile/Bytecode/BytecodeVersion.h"

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace mlir::cuda_tile {

/// Writes `module` as cuda_tile bytecode of `version` to `os`.
///
/// `module` is a `cuda_tile.module`, or a `builtin.module` whose body holds
/// exactly one `cuda_tile.module`; it must verify. Constructs that `version`
/// cannot express (ops, operands, attributes, types, global flags and
/// locations newer than it or without an encoding) are reported as error
/// diagnostics at the location of what uses them, and the function fails.
/// Nothing is written to `os` unless writing succeeds.
LogicalResult writeBytecode(Operation *module, llvm::raw_ostream &os,
                            BytecodeVersion version =
                                BytecodeVersion::getCurrent());

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_BYTECODE_BYTECODEWRITER_H
