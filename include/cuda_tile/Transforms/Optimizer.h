//===- Optimizer.h - the cuda-tile-optimize pipelines and driver -*- C++ -*-===//
//
// The optimization levels of cuda-tile-optimize as pass pipelines, and the
// driver that reads a module, runs them and writes the result. The tool is a
// thin main over runOptimizer(); bytecode input and output are plugged in
// through OptimizerBytecodeHooks so that this library does not depend on the
// bytecode library.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_TRANSFORMS_OPTIMIZER_H
#define CUDA_TILE_TRANSFORMS_OPTIMIZER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>

namespace mlir::cuda_tile {

/// What the default pipeline does.
struct OptimizerOptions {
  /// 0: nothing; 1: canonicalize + CSE; 2: + LICM; 3: + integer
  /// simplification, loop splitting and redundant token elimination.
  int optLevel = 3;
  /// Run fuse-fma first (changes rounding, so never implied by a level).
  bool fuseFMA = false;
  /// Threshold of loop-split at -O3; a negative value leaves the pass out.
  int loopSplitThreshold = 1;
  /// Textual pass pipelines run on every entry before / after the default
  /// pipeline (e.g. "canonicalize,cse"); empty for none.
  std::string pipelineBefore;
  std::string pipelineAfter;
};

/// Adds the default pipeline of `options` (not the user's text pipelines) to
/// a pass manager that runs on cuda_tile.entry ops.
void buildDefaultEntryPipeline(OpPassManager &entryPM,
                               const OptimizerOptions &options);

/// Adds everything cuda-tile-optimize runs to `pm`, a pass manager on
/// builtin.module: the before-text, the default pipeline and the after-text,
/// nested on every cuda_tile.module / cuda_tile.entry. Fails, with an error
/// naming the text on `errorStream`, when a text pipeline does not parse.
LogicalResult buildOptimizerPipeline(OpPassManager &pm,
                                     const OptimizerOptions &options,
                                     llvm::raw_ostream &errorStream);

/// Registers the passes and the named pipelines `cuda-tile-O0` ..
/// `cuda-tile-O3` (for cuda-tile-opt).
void registerCudaTileOptimizerPipelines();

/// Hooks for bytecode, filled in by the tool when the bytecode library is
/// linked. A hook left empty means "not supported".
struct OptimizerBytecodeHooks {
  /// Whether a buffer holds cuda_tile bytecode (checked before text parsing).
  std::function<bool(llvm::MemoryBufferRef)> isBytecode;
  /// Reads bytecode into a builtin module holding one cuda_tile.module;
  /// reports problems as diagnostics and returns null on failure.
  std::function<OwningOpRef<mlir::ModuleOp>(llvm::MemoryBufferRef,
                                            MLIRContext *)>
      read;
  /// Writes a cuda_tile.module as bytecode of `version` (empty: the
  /// writer's default); reports problems as diagnostics.
  std::function<LogicalResult(Operation *cudaTileModule, llvm::raw_ostream &,
                              llvm::StringRef version)>
      write;
};

/// Everything one run of cuda-tile-optimize needs.
struct OptimizerConfig {
  /// Input file name, "-" for standard input.
  std::string inputFile = "-";
  /// Output file name; empty or "-" for standard output.
  std::string outputFile;
  /// Print nothing to standard output (a file named by outputFile is still
  /// written).
  bool quiet = false;
  /// Print the pipeline, per-pass timing, statistics and op / token counts
  /// to standard error.
  bool verbose = false;
  bool enableMultithread = false;
  /// Write bytecode instead of text.
  bool emitBytecode = false;
  std::string bytecodeVersion;
  OptimizerOptions options;
  OptimizerBytecodeHooks bytecode;
};

/// Reads, optimizes and writes one input; diagnostics go to standard error.
/// Returns the process exit code. No output file is created unless the
/// whole run succeeds.
int runOptimizer(const OptimizerConfig &config);

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_TRANSFORMS_OPTIMIZER_H
