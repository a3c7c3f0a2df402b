//===- cuda-tile-optimize.cpp - the cuda_tile optimizer -------------------===//
//
// Reads a cuda_tile module (text or bytecode), runs the -O<n> pipeline of
// lib/Transforms/Optimizer.cpp and writes the result (text or bytecode). All
// the work is in runOptimizer(); this file only maps command-line options
// onto its config and plugs in the bytecode reader and writer.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Bytecode/BytecodeReader.h"
#include "cuda_tile/Bytecode/BytecodeWriter.h"
#include "cuda_tile/Support/ToolCommandLine.h"
#include "cuda_tile/Transforms/Optimizer.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"

using namespace mlir;
namespace cl = llvm::cl;

static cl::OptionCategory category("cuda-tile-optimize options");

static cl::opt<std::string> inputFile(cl::Positional, cl::init("-"),
                                      cl::desc("<input file, - for stdin>"),
                                      cl::cat(category));
static cl::opt<std::string> outputFile("o", cl::init(""),
                                       cl::desc("Output file (default: stdout)"),
                                       cl::value_desc("file"), cl::cat(category));
static cl::alias outputFileLong("output-file", cl::aliasopt(outputFile),
                                cl::desc("Alias for -o"), cl::cat(category));
static cl::opt<unsigned> optLevel("O", cl::Prefix, cl::init(3),
                                  cl::desc("Optimization level: -O0 .. -O3 "
                                           "(default 3)"),
                                  cl::cat(category));
static cl::alias optLevelLong("opt-level", cl::aliasopt(optLevel),
                              cl::desc("Alias for -O"), cl::cat(category));
static cl::opt<bool> fuseFMA("fuse-fma",
                             cl::desc("Fuse multiplies into adds (fma); "
                                      "changes rounding"),
                             cl::cat(category));
static cl::opt<int> loopSplitThreshold(
    "loop-split-threshold", cl::init(1),
    cl::desc("Threshold of loop splitting at -O3 (0: never split at a "
             "branch without a hint, -1: leave the pass out)"),
    cl::cat(category));
static cl::opt<std::string> pipelineBefore(
    "run-before-default-pipeline", cl::init(""),
    cl::desc("Passes to run on every entry before the default pipeline"),
    cl::value_desc("pipeline"), cl::cat(category));
static cl::alias pipelineBeforeShort("before",
                                     cl::aliasopt(pipelineBefore),
                                     cl::desc("Alias for "
                                              "--run-before-default-pipeline"),
                                     cl::cat(category));
static cl::opt<std::string> pipelineAfter(
    "run-after-default-pipeline", cl::init(""),
    cl::desc("Passes to run on every entry after the default pipeline"),
    cl::value_desc("pipeline"), cl::cat(category));
static cl::alias pipelineAfterShort("after", cl::aliasopt(pipelineAfter),
                                    cl::desc("Alias for "
                                             "--run-after-default-pipeline"),
                                    cl::cat(category));
static cl::opt<bool> enableMultithread("enable-multithread",
                                       cl::desc("Optimize entries in parallel"),
                                       cl::cat(category));
static cl::opt<bool> quiet("quiet",
                           cl::desc("Write nothing to stdout (-o still writes "
                                    "its file)"),
                           cl::cat(category));
static cl::alias quietShort("q", cl::aliasopt(quiet),
                            cl::desc("Alias for --quiet"), cl::cat(category));
static cl::opt<bool> verbose("verbose",
                             cl::desc("Print the pipeline, per-pass timing, "
                                      "statistics and op / token edge counts "
                                      "to stderr"),
                             cl::cat(category));
static cl::alias verboseShort("v", cl::aliasopt(verbose),
                              cl::desc("Alias for --verbose"),
                              cl::cat(category));
static cl::opt<bool> emitBytecode("emit-bytecode",
                                  cl::desc("Write bytecode instead of text"),
                                  cl::cat(category));
static cl::opt<std::string> bytecodeVersion(
    "bytecode-version", cl::init(""),
    cl::desc("Bytecode version to write (default: the newest)"),
    cl::value_desc("major.minor"), cl::cat(category));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cuda_tile::hideLibraryOptions({&category});
  cuda_tile::setToolVersionPrinter("cuda-tile-optimize");
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  registerTransformsPasses();
  cuda_tile::registerCudaTileOptimizerPipelines();
  cuda_tile::registerBytecodeReaderCLOptions();
  cl::ParseCommandLineOptions(argc, argv,
                              "cuda-tile-optimize: cuda_tile -> cuda_tile "
                              "optimizer\n");
  if (optLevel > 3) {
    llvm::errs() << "error: -O" << optLevel << " is not a level (0 to 3)\n";
    return 1;
  }
  if (!bytecodeVersion.empty() && !emitBytecode) {
    llvm::errs() << "error: -bytecode-version needs --emit-bytecode\n";
    return 1;
  }

  cuda_tile::OptimizerConfig config;
  config.inputFile = inputFile;
  config.outputFile = outputFile;
  config.quiet = quiet;
  config.verbose = verbose;
  config.enableMultithread = enableMultithread;
  config.emitBytecode = emitBytecode;
  config.bytecodeVersion = bytecodeVersion;
  config.options.optLevel = optLevel;
  config.options.fuseFMA = fuseFMA;
  config.options.loopSplitThreshold = loopSplitThreshold;
  config.options.pipelineBefore = pipelineBefore;
  config.options.pipelineAfter = pipelineAfter;

  config.bytecode.isBytecode = [](llvm::MemoryBufferRef buffer) {
    return cuda_tile::isBytecode(buffer.getBuffer());
  };
  config.bytecode.read = [](llvm::MemoryBufferRef buffer,
                            MLIRContext *context) -> OwningOpRef<ModuleOp> {
    OwningOpRef<Operation *> module = cuda_tile::readBytecode(
        buffer, context, cuda_tile::getBytecodeReaderConfigFromCLOptions());
    if (!module)
      return {};
    if (auto builtin = dyn_cast<ModuleOp>(module.get())) {
      (void)module.release();
      return OwningOpRef<ModuleOp>(builtin);
    }
    OwningOpRef<ModuleOp> wrapper = ModuleOp::create(UnknownLoc::get(context));
    wrapper->getBody()->push_back(module.release());
    return wrapper;
  };
  config.bytecode.write = [](Operation *module, llvm::raw_ostream &os,
                             llvm::StringRef version) -> LogicalResult {
    cuda_tile::BytecodeVersion target = cuda_tile::BytecodeVersion::getCurrent();
    if (!version.empty()) {
      std::optional<cuda_tile::BytecodeVersion> parsed =
          cuda_tile::BytecodeVersion::parse(version);
      if (!parsed)
        return emitError(module->getLoc())
               << "unknown bytecode version '" << version << "'";
      target = *parsed;
    }
    return cuda_tile::writeBytecode(module, os, target);
  };
  return cuda_tile::runOptimizer(config);
}
