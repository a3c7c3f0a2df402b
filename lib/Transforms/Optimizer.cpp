//===- Optimizer.cpp - the cuda-tile-optimize pipelines and driver --------===//

#include "cuda_tile/Transforms/Optimizer.h"

#include "TransformUtils.h"
#include "cuda_tile/IR/CudaTileOps.h"
#include "cuda_tile/IR/InputLimits.h"
#include "cuda_tile/Support/ToolIO.h"
#include "cuda_tile/Transforms/Passes.h"

#include "mlir/IR/AsmState.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/Timing.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/SourceMgr.h"

#include <mutex>

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// Pipelines
//===----------------------------------------------------------------------===//

void mlir::cuda_tile::buildDefaultEntryPipeline(
    OpPassManager &pm, const OptimizerOptions &options) {
  if (options.fuseFMA)
    pm.addPass(createFuseFMAPass());
  if (options.optLevel >= 1) {
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
  }
  if (options.optLevel >= 3)
    pm.addPass(createSimplifyIntegersPass());
  if (options.optLevel >= 2)
    pm.addPass(createCudaTileLICMPass());
  if (options.optLevel >= 3) {
    if (options.loopSplitThreshold >= 0) {
      LoopSplitPassOptions split;
      split.splitThreshold = options.loopSplitThreshold;
      pm.addPass(createLoopSplitPass(split));
      // The split bounds and the resolved branches leave integer work.
      pm.addPass(createSimplifyIntegersPass());
    }
    pm.addPass(createEliminateRedundantTokensPass());
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
  }
}

/// Adds the text pipeline `text` (passes to run on an entry) to `pm`.
static LogicalResult addTextPipeline(OpPassManager &pm, StringRef text,
                                     StringRef which,
                                     llvm::raw_ostream &errorStream) {
  if (text.trim().empty())
    return success();
  std::string message;
  llvm::raw_string_ostream os(message);
  if (succeeded(parsePassPipeline(text, pm, os)))
    return success();
  errorStream << "error: cannot parse the " << which << " pipeline '" << text
              << "'";
  if (!message.empty())
    errorStream << ": " << StringRef(message).trim();
  errorStream << "\n";
  return failure();
}

/// Adds the before-text, the default pipeline and the after-text to `pm`, a
/// pass manager on entries.
static LogicalResult buildEntryPipeline(OpPassManager &entryPM,
                                        const OptimizerOptions &options,
                                        llvm::raw_ostream &errorStream) {
  if (failed(addTextPipeline(entryPM, options.pipelineBefore, "before",
                             errorStream)))
    return failure();
  buildDefaultEntryPipeline(entryPM, options);
  return addTextPipeline(entryPM, options.pipelineAfter, "after",
                         errorStream);
}

LogicalResult
mlir::cuda_tile::buildOptimizerPipeline(OpPassManager &pm,
                                        const OptimizerOptions &options,
                                        llvm::raw_ostream &errorStream) {
  // Entries inside modules, and entries written at the top level.
  if (failed(buildEntryPipeline(
          pm.nest<cuda_tile::ModuleOp>().nest<EntryOp>(), options,
          errorStream)))
    return failure();
  return buildEntryPipeline(pm.nest<EntryOp>(), options, errorStream);
}

void mlir::cuda_tile::registerCudaTileOptimizerPipelines() {
  registerCudaTilePasses();
  for (int level = 0; level <= 3; ++level) {
    static const char *const names[] = {"cuda-tile-O0", "cuda-tile-O1",
                                        "cuda-tile-O2", "cuda-tile-O3"};
    PassPipelineRegistration<>(
        names[level],
        "The default pipeline of cuda-tile-optimize at this level, on every "
        "cuda_tile.entry",
        [level](OpPassManager &pm) {
          OptimizerOptions options;
          options.optLevel = level;
          buildDefaultEntryPipeline(
              pm.nest<cuda_tile::ModuleOp>().nest<EntryOp>(), options);
          buildDefaultEntryPipeline(pm.nest<EntryOp>(), options);
        });
  }
}

//===----------------------------------------------------------------------===//
// Verbose report: what each pass did to each entry
//===----------------------------------------------------------------------===//

namespace {
/// Counts ops and token edges of each entry before and after every pass.
/// Every entry runs the same sequence of passes, so the n-th pass run on an
/// entry is the n-th pass of the pipeline.
class ChangeCounter : public PassInstrumentation {
public:
  struct Change {
    std::string pass;
    unsigned opsBefore = 0, opsAfter = 0;
    unsigned loopOpsBefore = 0, loopOpsAfter = 0;
    unsigned edgesBefore = 0, edgesAfter = 0;
  };

  void runBeforePass(Pass *pass, Operation *op) override {
    if (!isa<EntryOp>(op))
      return;
    auto [ops, loopOps] = countOps(op);
    unsigned edges = countTokenEdges(op);
    std::lock_guard<std::mutex> lock(mutex);
    Change change{pass->getArgument().str()};
    change.opsBefore = ops;
    change.loopOpsBefore = loopOps;
    change.edgesBefore = edges;
    pending[{pass, op}] = change;
  }
  void runAfterPass(Pass *pass, Operation *op) override { finish(pass, op); }
  void runAfterPassFailed(Pass *pass, Operation *op) override {
    finish(pass, op);
  }

  /// One line per pass of the pipeline: totals over all entries.
  void print(llvm::raw_ostream &os) const {
    std::lock_guard<std::mutex> lock(mutex);
    std::vector<Change> totals;
    for (const auto &entry : perEntry) {
      for (auto [i, c] : llvm::enumerate(entry.second)) {
        if (totals.size() <= i)
          totals.push_back(Change{c.pass});
        totals[i].opsBefore += c.opsBefore;
        totals[i].opsAfter += c.opsAfter;
        totals[i].loopOpsBefore += c.loopOpsBefore;
        totals[i].loopOpsAfter += c.loopOpsAfter;
        totals[i].edgesBefore += c.edgesBefore;
        totals[i].edgesAfter += c.edgesAfter;
      }
    }
    os << "===-------------------------------------------------------------"
          "-----------===\n"
       << "  Ops, ops inside loops and token edges of all entries, before -> "
          "after\n"
       << "===-------------------------------------------------------------"
          "-----------===\n";
    for (const Change &c : totals)
      os << llvm::formatv("  {0,-27} ops {1,5} -> {2,-5} in loops {3,4} -> "
                          "{4,-4} token edges {5,4} -> {6}\n",
                          c.pass, c.opsBefore, c.opsAfter, c.loopOpsBefore,
                          c.loopOpsAfter, c.edgesBefore, c.edgesAfter);
  }

private:
  /// Ops below `root`, and how many of them are inside a loop body.
  static std::pair<unsigned, unsigned> countOps(Operation *root) {
    unsigned count = 0, inLoops = 0;
    root->walk([&](Operation *op) {
      if (op == root)
        return;
      ++count;
      for (Operation *p = op->getParentOp(); p && p != root;
           p = p->getParentOp())
        if (isa<ForOp, LoopOp>(p)) {
          ++inLoops;
          break;
        }
    });
    return {count, inLoops};
  }

  void finish(Pass *pass, Operation *op) {
    if (!isa<EntryOp>(op))
      return;
    auto [ops, loopOps] = countOps(op);
    unsigned edges = countTokenEdges(op);
    std::lock_guard<std::mutex> lock(mutex);
    auto it = pending.find({pass, op});
    if (it == pending.end())
      return;
    Change change = it->second;
    pending.erase(it);
    change.opsAfter = ops;
    change.loopOpsAfter = loopOps;
    change.edgesAfter = edges;
    perEntry[op].push_back(change);
  }

  mutable std::mutex mutex;
  DenseMap<std::pair<Pass *, Operation *>, Change> pending;
  llvm::MapVector<Operation *, std::vector<Change>> perEntry;
};
} // namespace

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

/// The cuda_tile.module ops at the top of `module`.
static SmallVector<cuda_tile::ModuleOp>
topLevelModules(mlir::ModuleOp module) {
  return llvm::to_vector(module.getBody()->getOps<cuda_tile::ModuleOp>());
}

int mlir::cuda_tile::runOptimizer(const OptimizerConfig &config) {
  DialectRegistry registry;
  registry.insert<CudaTileDialect>();
  MLIRContext context(registry, config.enableMultithread
                                    ? MLIRContext::Threading::ENABLED
                                    : MLIRContext::Threading::DISABLED);
  context.loadDialect<CudaTileDialect>();
  llvm::raw_ostream &errs = llvm::errs();

  if (config.emitBytecode && !config.bytecode.write) {
    errs << "error: this build of cuda-tile-optimize cannot write bytecode\n";
    return 1;
  }

  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> read =
      readToolInput(config.inputFile);
  if (!read) {
    errs << "error: " << llvm::toString(read.takeError()) << "\n";
    return 1;
  }
  std::unique_ptr<llvm::MemoryBuffer> input = std::move(*read);

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context, errs);
  OwningOpRef<mlir::ModuleOp> module;
  if (config.bytecode.isBytecode &&
      config.bytecode.isBytecode(input->getMemBufferRef())) {
    if (!config.bytecode.read) {
      errs << "error: '" << config.inputFile
           << "' is bytecode, which this build cannot read\n";
      return 1;
    }
    module = config.bytecode.read(input->getMemBufferRef(), &context);
  } else {
    sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
    module = parseSourceWithinLimits(sourceMgr, ParserConfig(&context));
  }
  if (!module)
    return 1;
  SmallVector<cuda_tile::ModuleOp> modules = topLevelModules(*module);
  if (modules.empty() && module->getBody()->getOps<EntryOp>().empty()) {
    emitError(module->getLoc())
        << "the input holds no cuda_tile.module or cuda_tile.entry";
    return 1;
  }

  PassManager pm(&context, mlir::ModuleOp::getOperationName());
  if (failed(applyPassManagerCLOptions(pm)))
    return 1;
  if (failed(buildOptimizerPipeline(pm, config.options, errs)))
    return 1;

  DefaultTimingManager timing;
  ChangeCounter *counter = nullptr;
  if (config.verbose) {
    std::string text;
    llvm::raw_string_ostream os(text);
    pm.printAsTextualPipeline(os);
    errs << "Pipeline: " << text << "\n";
    timing.setEnabled(true);
    timing.setOutput(
        createOutputStrategy(DefaultTimingManager::OutputFormat::Text, errs));
    auto owned = std::make_unique<ChangeCounter>();
    counter = owned.get();
    pm.addInstrumentation(std::move(owned));
  } else {
    applyDefaultTimingPassManagerCLOptions(pm);
  }
  LogicalResult result = success();
  {
    TimingScope scope = timing.getRootScope();
    if (config.verbose)
      pm.enableTiming(scope);
    result = pm.run(*module);
  }
  if (config.verbose) {
    timing.print();
    timing.setEnabled(false);
    if (counter)
      counter->print(errs);
  }
  if (failed(result)) {
    errs << "error: optimizing '" << config.inputFile << "' failed\n";
    return 1;
  }

  // Produce the whole output before touching the output file.
  bool toStdout = config.outputFile.empty() || config.outputFile == "-";
  if (toStdout && config.quiet)
    return 0;
  std::string output;
  llvm::raw_string_ostream os(output);
  if (config.emitBytecode) {
    if (modules.size() != 1) {
      emitError(module->getLoc())
          << "bytecode holds one cuda_tile.module, the input has "
          << modules.size();
      return 1;
    }
    if (failed(config.bytecode.write(modules.front(), os,
                                     config.bytecodeVersion)))
      return 1;
  } else if (module->getOperation()->getAttrDictionary().empty() &&
             !module->getSymName()) {
    // Print the ops of the implicit module at the top level, as written.
    SmallVector<Operation *> ops;
    for (Operation &op : *module->getBody())
      ops.push_back(&op);
    for (Operation *op : ops) {
      op->remove();
      OwningOpRef<Operation *> owned(op);
      op->print(os, OpPrintingFlags());
      os << "\n";
    }
  } else {
    module->print(os, OpPrintingFlags());
    os << "\n";
  }

  if (llvm::Error error =
          writeToolOutput(toStdout ? "-" : config.outputFile, output)) {
    errs << "error: " << llvm::toString(std::move(error)) << "\n";
    return 1;
  }
  return 0;
}
