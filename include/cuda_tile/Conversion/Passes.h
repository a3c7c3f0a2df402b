//===- Passes.h - cuda_tile code generation passes --------------*- C++ -*-===//
#ifndef CUDA_TILE_CONVERSION_PASSES_H
#define CUDA_TILE_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include <string>

namespace mlir {
class DialectRegistry;
namespace cuda_tile {

#define GEN_PASS_DECL
#include "cuda_tile/Conversion/Passes.h.inc"

/// Options shared by the code generation pipeline.
struct CodegenPipelineOptions {
  /// Target GPU, `sm_XX`.
  std::string gpuName = "sm_80";
  /// Warps per tile block; 0 lets the layout analysis choose.
  unsigned numWarps = 0;
  /// TMA copies of matmul operands where a tensor map describes the view
  /// (sm_90+; the kernel ABI then has tensor maps).
  bool tma = true;
  /// Buffers per operand ring; 0 lets -cudatile-pipeline-operands choose.
  unsigned numStages = 0;
  /// -cudatile-pipeline-operands' round-rings-in-place option.
  bool roundRingsInPlace = true;
  /// -cudatile-pipeline-operands' refill-first option.
  bool refillFirst = false;
  /// -cudatile-pipeline-operands' tma-refill-after option.
  bool tmaRefillAfter = false;
  /// -cudatile-pipeline-operands' mbarrier-release option.
  bool mbarrierRelease = false;
  /// -cudatile-pipeline-operands' pair-k-steps option.
  bool pairKSteps = true;
  /// -cudatile-pipeline-operands' pair-mma-sync-k-steps option.
  unsigned pairMmaSyncSteps = 0;
  /// `sequential` or `tree` (the convert pass's reduction-order option).
  std::string reductionOrder = "tree";
  /// ``, `passed`, `missed` or `all` (the convert pass's remarks option).
  std::string remarks;
  /// The convert pass's store-runs option.
  bool storeRuns = true;
  /// The convert pass's tma-store option.
  bool tmaStore = false;
};

/// On an LLVM function or global of the code generator's output whose name
/// had to be changed into a PTX identifier (codegen::ptxSymbolName): the
/// cuda_tile entry's or global's own name. translateToPTX lists these renames
/// as comments at the top of the PTX.
inline constexpr llvm::StringLiteral kSourceNameAttr = "cuda_tile.source_name";
/// On a kernel (llvm.func): the bytes of dynamic shared memory it must be
/// launched with; the PTX lists them in a comment (the kernel ABI).
inline constexpr llvm::StringLiteral kDynamicSharedBytesAttr =
    "cuda_tile.dynamic_shared_bytes";

/// On a kernel (llvm.func): the tensor maps (strings, codegen::TensorMapPlan
/// descriptions) its last parameters take, in order; the PTX lists them in a
/// comment (the kernel ABI).
inline constexpr llvm::StringLiteral kTensorMapsAttr = "cuda_tile.tensor_maps";

/// cuda_tile -> (arith, cf, scf, vector, math, nvvm, llvm) -> llvm + nvvm.
void buildCudaTileToLLVMPipeline(OpPassManager &pm,
                                 const CodegenPipelineOptions &options);

/// Registers the dialects, interfaces and translations the code generator
/// produces, so that its output can be parsed, printed and translated, and
/// cuda_tile_codegen, whose layouts its input may carry.
void registerCodegenDialects(DialectRegistry &registry);

#define GEN_PASS_REGISTRATION
#include "cuda_tile/Conversion/Passes.h.inc"

} // namespace cuda_tile
} // namespace mlir

#endif // CUDA_TILE_CONVERSION_PASSES_H
