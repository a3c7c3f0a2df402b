//===- TranslateRegistration.cpp - -cudatile-to-ptx translation -----------===//

#include "cuda_tile/Conversion/Passes.h"
#include "cuda_tile/IR/CudaTileDialect.h"
#include "cuda_tile/Target/PTX/PTXTarget.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Tools/mlir-translate/Translation.h"

#include "llvm/Support/CommandLine.h"

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {
/// Command-line options of the PTX translations.
struct PTXFlags {
  llvm::cl::OptionCategory category{"cuda_tile PTX code generation"};
  llvm::cl::opt<std::string> gpuName{
      "gpu-name",
      llvm::cl::desc("Target GPU: sm_80, sm_86, sm_89, sm_90, sm_100 or "
                     "sm_120 (default sm_80)"),
      llvm::cl::init("sm_80"), llvm::cl::cat(category)};
  llvm::cl::opt<unsigned> numWarps{
      "num-warps",
      llvm::cl::desc("Warps per tile block (default: chosen from the tile "
                     "sizes)"),
      llvm::cl::init(0), llvm::cl::cat(category)};
  llvm::cl::opt<unsigned> optLevel{
      "O", llvm::cl::desc("Optimization level (-O0 to -O3, default -O3)"),
      llvm::cl::Prefix, llvm::cl::init(3), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> libdevice{
      "libdevice",
      llvm::cl::desc("Path of libdevice.10.bc (default: $CUDA_HOME or "
                     "/usr/local/cuda)"),
      llvm::cl::init(""), llvm::cl::cat(category)};
};

PTXFlags &flags() {
  static PTXFlags instance;
  return instance;
}

LogicalResult compile(Operation *op, llvm::raw_ostream &os, bool llvmIR) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    return op->emitError("expected a builtin module");
  PTXFlags &f = flags();
  CodegenPipelineOptions pipeline;
  pipeline.gpuName = f.gpuName;
  pipeline.numWarps = f.numWarps;
  PassManager pm(op->getContext());
  buildCudaTileToLLVMPipeline(pm, pipeline);
  if (failed(pm.run(module)))
    return failure();
  PTXOptions options;
  options.gpuName = f.gpuName;
  options.optLevel = f.optLevel;
  options.libdevicePath = f.libdevice;
  return translateToPTX(module, options, os, llvmIR);
}

void registerDialects(DialectRegistry &registry) {
  registry.insert<CudaTileDialect>();
  registerCodegenDialects(registry);
}
} // namespace

void mlir::cuda_tile::registerToPTXTranslation() {
  flags();
  static TranslateFromMLIRRegistration toPTX(
      "cudatile-to-ptx", "Compile cuda_tile kernels to PTX",
      [](Operation *op, llvm::raw_ostream &os) {
        return compile(op, os, /*llvmIR=*/false);
      },
      registerDialects);
  static TranslateFromMLIRRegistration toLLVMIR(
      "cudatile-to-llvmir",
      "Compile cuda_tile kernels to optimized NVPTX LLVM IR",
      [](Operation *op, llvm::raw_ostream &os) {
        return compile(op, os, /*llvmIR=*/true);
      },
      registerDialects);
}
