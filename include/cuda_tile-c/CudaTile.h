/*===-- cuda_tile-c/CudaTile.h - C API of the cuda_tile toolchain --*- C -*-===*\
|*                                                                            *|
|* The cuda_tile dialect and the toolchain around it for C (and for bindings  *|
|* through C), following MLIR's C API conventions: the objects are MLIR's C   *|
|* API types, so MLIR's own C API works on them where a program links it. The *|
|* library does not need it: contexts, parsing, printing and destruction are  *|
|* here too. See docs/using-the-libraries.md, "C API".                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef CUDA_TILE_C_CUDATILE_H
#define CUDA_TILE_C_CUDATILE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The dialect handle: mlirGetDialectHandle__cuda_tile__(), to register the
/// dialect in a registry or load it into a context.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(CudaTile, cuda_tile);

/// Registers cuda_tile and the dialects the code generator produces (llvm,
/// nvvm, arith, ...) with their LLVM IR translations: what a context needs
/// before cudaTileCompileToPTX.
MLIR_CAPI_EXPORTED void cudaTileRegisterAllDialects(MlirDialectRegistry registry);

/// A new context with cuda_tile loaded and the code generator's dialects
/// registered; destroy it with cudaTileContextDestroy.
MLIR_CAPI_EXPORTED MlirContext cudaTileContextCreate(void);
MLIR_CAPI_EXPORTED void cudaTileContextDestroy(MlirContext context);

/// Parses cuda_tile text (with the tools' input limits) or bytecode (told by
/// its magic) into a builtin module holding the cuda_tile.module, owned by
/// the caller (destroy it with cudaTileOperationDestroy). `name` names the
/// input in diagnostics, which go to the context's handlers (stderr by
/// default). Returns a null operation on failure.
MLIR_CAPI_EXPORTED MlirOperation cudaTileParseModule(MlirContext context,
                                                     MlirStringRef source,
                                                     MlirStringRef name);

/// Prints `op` in the dialect's textual form through `callback`.
MLIR_CAPI_EXPORTED void cudaTileOperationPrint(MlirOperation op,
                                               MlirStringCallback callback,
                                               void *userData);

/// Destroys an operation the caller owns (a parsed or read module).
MLIR_CAPI_EXPORTED void cudaTileOperationDestroy(MlirOperation op);

/// Whether `data` starts with the cuda_tile bytecode magic.
MLIR_CAPI_EXPORTED bool cudaTileIsBytecode(MlirStringRef data);

/// Number of bytecode versions the reader accepts and the writer writes.
MLIR_CAPI_EXPORTED intptr_t cudaTileGetNumBytecodeVersions(void);

/// The `index`-th supported version as "major.minor" (oldest first), through
/// `callback`.
MLIR_CAPI_EXPORTED void cudaTileGetBytecodeVersion(intptr_t index,
                                                   MlirStringCallback callback,
                                                   void *userData);

/// Reads bytecode into a cuda_tile.module owned by the caller (destroy it
/// with cudaTileOperationDestroy). Returns a null operation after reporting why
/// through the context's diagnostic handlers.
MLIR_CAPI_EXPORTED MlirOperation cudaTileReadBytecode(MlirContext context,
                                                      MlirStringRef data);

/// Writes `module` (a cuda_tile.module, or a builtin module holding one) as
/// bytecode of `version` (one of cudaTileGetBytecodeVersion; empty: the
/// default) through `callback`, in one call once the whole file is written.
/// Fails with a diagnostic when the module cannot be written at that
/// version; the callback is then not called.
MLIR_CAPI_EXPORTED MlirLogicalResult
cudaTileWriteBytecode(MlirOperation module, MlirStringRef version,
                      MlirStringCallback callback, void *userData);

/// Runs the optimizer's -O`optLevel` pipeline (0 to 3, as cuda-tile-optimize)
/// on `module` (a cuda_tile.module or a builtin module), in place.
MLIR_CAPI_EXPORTED MlirLogicalResult cudaTileOptimize(MlirOperation module,
                                                      int optLevel);

/// Compiles the kernels of `module` (a cuda_tile.module or a builtin module)
/// to PTX for `gpuName` ("sm_80", "sm_90", ...) at LLVM optimization level 3
/// and hands the PTX text to `callback`. A copy is lowered: `module` stays as
/// it was. The code generator's dialects are added to the context. The PTX
/// lists what a launcher must provide (docs/codegen.md, "Kernel ABI"): the
/// dynamic shared memory and, on sm_90 and newer, the tensor maps of
/// kernels whose operands TMA copies.
MLIR_CAPI_EXPORTED MlirLogicalResult
cudaTileCompileToPTX(MlirOperation module, MlirStringRef gpuName,
                     MlirStringCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif // CUDA_TILE_C_CUDATILE_H
