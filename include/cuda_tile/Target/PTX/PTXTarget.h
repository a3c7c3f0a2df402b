//===- PTXTarget.h - LLVM dialect -> LLVM IR -> PTX --------------*- C++ -*-===//
#ifndef CUDA_TILE_TARGET_PTX_PTXTARGET_H
#define CUDA_TILE_TARGET_PTX_PTXTARGET_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace llvm {
class Module;
class raw_ostream;
} // namespace llvm

namespace mlir::cuda_tile {

/// How PTX is produced from a module of llvm/nvvm ops.
struct PTXOptions {
  /// Target GPU, `sm_XX`.
  std::string gpuName = "sm_80";
  /// LLVM optimization level, 0 to 3 (also the code generation level).
  unsigned optLevel = 3;
  /// libdevice bitcode; empty: $CUDA_HOME, then /usr/local/cuda.
  std::string libdevicePath;
  /// Write .file / .loc directives from the ops' file locations (nvcc's
  /// -lineinfo), so that profilers map instructions to the source.
  bool lineInfo = false;
};

/// The PTX ISA version used for `gpuName` (e.g. 78 for 7.8), or 0 for an
/// unsupported GPU.
unsigned ptxVersionFor(StringRef gpuName);

/// Translates `module` (llvm and nvvm ops only) to LLVM IR, links libdevice
/// when functions of it are called, optimizes and writes the module as LLVM
/// IR (`emitLLVMIR`) or PTX to `os`. Errors are reported at `module`.
LogicalResult translateToPTX(mlir::ModuleOp module, const PTXOptions &options,
                             llvm::raw_ostream &os, bool emitLLVMIR = false);

/// Registers `-cudatile-to-ptx` and `-cudatile-to-llvmir` with the MLIR
/// translation registry (options: --gpu-name, --num-warps, -O0..-O3,
/// --libdevice, -lineinfo).
void registerToPTXTranslation();

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_TARGET_PTX_PTXTARGET_H
