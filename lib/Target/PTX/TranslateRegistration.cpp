//===- TranslateRegistration.cpp - -cudatile-to-ptx translation -----------===//

#include "cuda_tile/Bytecode/BytecodeReader.h"
#include "cuda_tile/Conversion/Passes.h"
#include "cuda_tile/IR/CudaTileDialect.h"
#include "cuda_tile/IR/InputLimits.h"
#include "cuda_tile/Target/PTX/PTXTarget.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Tools/mlir-translate/Translation.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {
/// Command-line options of the PTX translations.
struct PTXFlags {
  llvm::cl::OptionCategory category{"cuda_tile PTX code generation"};
  llvm::cl::opt<std::string> gpuName{
      "gpu-name",
      llvm::cl::desc("Target GPU: sm_80, sm_86, sm_89, sm_90, sm_90a "
                     "(wgmma), sm_100 or sm_120 (default sm_80)"),
      llvm::cl::init("sm_80"), llvm::cl::cat(category)};
  llvm::cl::opt<unsigned> numWarps{
      "num-warps",
      llvm::cl::desc("Warps per tile block (default: chosen from the tile "
                     "sizes)"),
      llvm::cl::init(0), llvm::cl::cat(category)};
  llvm::cl::opt<bool> tma{
      "tma",
      llvm::cl::desc("Copy matmul operands with TMA where a tensor map "
                     "describes their view (sm_90 and newer; the kernel then "
                     "takes tensor maps: docs/codegen.md, kernel ABI; "
                     "default true)"),
      llvm::cl::init(true), llvm::cl::cat(category)};
  llvm::cl::opt<unsigned> numStages{
      "num-stages",
      llvm::cl::desc("Buffers per matmul operand ring in pipelined loops "
                     "(default: chosen from the operand sizes)"),
      llvm::cl::init(0), llvm::cl::cat(category)};
  llvm::cl::opt<bool> roundRingsInPlace{
      "round-rings-in-place",
      llvm::cl::desc("Round the f32 operands of tf32 matmuls that cp.async "
                     "copies into rings once, in shared memory, rather than "
                     "each register as it is read (default true)"),
      llvm::cl::init(true), llvm::cl::cat(category)};
  llvm::cl::opt<bool> refillFirst{
      "refill-first",
      llvm::cl::desc("Start the cp.async refills of a loop with one matmul "
                     "before it rather than after it"),
      llvm::cl::init(false), llvm::cl::cat(category)};
  llvm::cl::opt<bool> tmaRefillAfter{
      "tma-refill-after",
      llvm::cl::desc("Refill the TMA rings of a loop with one matmul after "
                     "it, into the buffer the previous iteration read "
                     "(sm_90 and newer)"),
      llvm::cl::init(false), llvm::cl::cat(category)};
  llvm::cl::opt<bool> mbarrierRelease{
      "mbarrier-release",
      llvm::cl::desc("Release the buffers of TMA rings through per-warp "
                     "mbarriers that only the refill waits for, rather than "
                     "a CTA barrier each iteration (sm_90 and newer)"),
      llvm::cl::init(false), llvm::cl::cat(category)};
  llvm::cl::opt<bool> pairKSteps{
      "pair-k-steps",
      llvm::cl::desc("Give each stage of a GEMM loop two iterations where "
                     "its K step is under 128 bytes (wgmma; mma.sync from "
                     "cp.async rings: --pair-mma-sync-k-steps; default "
                     "true)"),
      llvm::cl::init(true), llvm::cl::cat(category)};
  llvm::cl::opt<unsigned> pairMmaSyncSteps{
      "pair-mma-sync-k-steps",
      llvm::cl::desc("Buffers per ring of mma.sync GEMM loops with paired K "
                     "steps (0, the default: two where cp.async fills "
                     "16-bit rings and an SM keeps its CTAs, else unpaired)"),
      llvm::cl::init(0), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> reductionOrder{
      "reduction-order",
      llvm::cl::desc("How reduce combines: tree (default; warp shuffles) "
                     "or sequential (the interpreter's order, bit for bit)"),
      llvm::cl::init("tree"), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> remarks{
      "remarks",
      llvm::cl::desc("Report, at each op, the optimizations applied "
                     "(passed), not applied and why (missed), or both (all)"),
      llvm::cl::init(""), llvm::cl::cat(category)};
  llvm::cl::opt<bool> storeRuns{
      "store-runs",
      llvm::cl::desc("Store matmul results to global memory in 16-byte "
                     "runs, regrouped through shared memory where it costs "
                     "no occupancy (default true)"),
      llvm::cl::init(true), llvm::cl::cat(category)};
  llvm::cl::opt<bool> tmaStore{
      "tma-store",
      llvm::cl::desc("Store a kernel's last matmul result with TMA where a "
                     "tensor map describes its view (sm_90 and newer)"),
      llvm::cl::init(false), llvm::cl::cat(category)};
  llvm::cl::opt<unsigned> optLevel{
      "O", llvm::cl::desc("Optimization level (-O0 to -O3, default -O3)"),
      llvm::cl::Prefix, llvm::cl::init(3), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> libdevice{
      "libdevice",
      llvm::cl::desc("Path of libdevice.10.bc (default: $CUDA_HOME or "
                     "/usr/local/cuda)"),
      llvm::cl::init(""), llvm::cl::cat(category)};
  llvm::cl::opt<bool> lineInfo{
      "lineinfo",
      llvm::cl::desc("Write .file / .loc line information from the ops' "
                     "locations (the cuda_tile text, or the debug-info "
                     "locations of the module), as nvcc -lineinfo"),
      llvm::cl::cat(category)};
};

PTXFlags &flags() {
  static PTXFlags instance;
  return instance;
}

LogicalResult compile(Operation *op, llvm::raw_ostream &os, bool llvmIR) {
  auto module = dyn_cast<mlir::ModuleOp>(op);
  if (!module)
    return op->emitError("expected a builtin module");
  PTXFlags &f = flags();
  CodegenPipelineOptions pipeline;
  pipeline.gpuName = f.gpuName;
  pipeline.numWarps = f.numWarps;
  pipeline.tma = f.tma;
  pipeline.numStages = f.numStages;
  pipeline.refillFirst = f.refillFirst;
  pipeline.roundRingsInPlace = f.roundRingsInPlace;
  pipeline.mbarrierRelease = f.mbarrierRelease;
  pipeline.tmaRefillAfter = f.tmaRefillAfter;
  pipeline.pairKSteps = f.pairKSteps;
  pipeline.pairMmaSyncSteps = f.pairMmaSyncSteps;
  pipeline.reductionOrder = f.reductionOrder;
  pipeline.remarks = f.remarks;
  pipeline.storeRuns = f.storeRuns;
  pipeline.tmaStore = f.tmaStore;
  PassManager pm(op->getContext());
  buildCudaTileToLLVMPipeline(pm, pipeline);
  if (failed(pm.run(module)))
    return failure();
  PTXOptions options;
  options.gpuName = f.gpuName;
  options.optLevel = f.optLevel;
  options.libdevicePath = f.libdevice;
  options.lineInfo = f.lineInfo;
  return translateToPTX(module, options, os, llvmIR);
}

void registerDialects(DialectRegistry &registry) {
  registry.insert<CudaTileDialect>();
  registerCodegenDialects(registry);
}

/// Reads the input, text or bytecode (recognized by its magic), into a
/// builtin module holding the cuda_tile module(s).
OwningOpRef<mlir::ModuleOp> readInput(llvm::SourceMgr &sourceMgr,
                                MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  if (!isBytecode(buffer->getBuffer()))
    return parseSourceWithinLimits(sourceMgr, ParserConfig(context));
  OwningOpRef<Operation *> read =
      readBytecode(buffer->getMemBufferRef(), context,
                   getBytecodeReaderConfigFromCLOptions());
  if (!read)
    return nullptr;
  Location loc = FileLineColLoc::get(
      context, buffer->getBufferIdentifier(), /*line=*/0, /*column=*/0);
  OwningOpRef<mlir::ModuleOp> module(mlir::ModuleOp::create(loc));
  module->getBody()->push_back(read.release());
  return module;
}

TranslateFunction makeTranslation(bool llvmIR) {
  return [llvmIR](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                  llvm::raw_ostream &os, MLIRContext *context) {
    DialectRegistry registry;
    registerDialects(registry);
    context->appendDialectRegistry(registry);
    context->loadAllAvailableDialects();
    OwningOpRef<mlir::ModuleOp> module = readInput(*sourceMgr, context);
    if (!module)
      return failure();
    return compile(module.get(), os, llvmIR);
  };
}
} // namespace

void mlir::cuda_tile::registerToPTXTranslation() {
  flags();
  static TranslateRegistration toPTX(
      "cudatile-to-ptx",
      "Compile cuda_tile kernels (text or bytecode) to PTX",
      makeTranslation(/*llvmIR=*/false));
  static TranslateRegistration toLLVMIR(
      "cudatile-to-llvmir",
      "Compile cuda_tile kernels (text or bytecode) to optimized NVPTX LLVM "
      "IR",
      makeTranslation(/*llvmIR=*/true));
}
