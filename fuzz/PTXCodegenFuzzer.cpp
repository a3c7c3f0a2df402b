//===- PTXCodegenFuzzer.cpp - code generation on accepted modules ---------===//
//
// Each input is read as bytecode (when it has the magic) or parsed as text
// (after the tools' nesting pre-scan). Modules that are accepted go through
// the code generation pipeline (cuda_tile -> llvm + nvvm) and the PTX
// translation. The code generator may refuse a module with a diagnostic; it
// must not crash, and it must report an error whenever it fails.
//
// libdevice is never linked (its path is set to a file that does not exist):
// a module that needs it is refused with a diagnostic, which keeps runs
// hermetic and fast. The target follows the input's size (sm_80, sm_89 with
// fp8 mma.sync and 99 KiB a CTA, sm_90 with TMA, sm_90a with wgmma), and so
// do the pipeline's off-by-default options (size / 4, one bit each), so
// that every path of the generator is reached and an input always meets
// the same one.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "cuda_tile/Bytecode/BytecodeReader.h"
#include "cuda_tile/Conversion/Passes.h"
#include "cuda_tile/IR/CudaTileDialect.h"
#include "cuda_tile/IR/CudaTileOps.h"
#include "cuda_tile/IR/InputLimits.h"
#include "cuda_tile/Target/PTX/PTXTarget.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBufferRef.h"

using namespace mlir;
using namespace cuda_tile_fuzz;

static FuzzContext fuzzContext([](DialectRegistry &registry) {
  registry.insert<cuda_tile::CudaTileDialect>();
  cuda_tile::registerCodegenDialects(registry);
});

static OwningOpRef<ModuleOp> load(llvm::StringRef input, MLIRContext &context) {
  if (cuda_tile::isBytecode(input)) {
    OwningOpRef<Operation *> read = cuda_tile::readBytecode(
        llvm::MemoryBufferRef(input, "fuzz.tileirbc"), &context);
    if (!read)
      return nullptr;
    OwningOpRef<ModuleOp> module(ModuleOp::create(UnknownLoc::get(&context)));
    module->getBody()->push_back(read.release());
    return module;
  }
  if (cuda_tile::findExcessiveNesting(input))
    return nullptr;
  ParserConfig config(&context, /*verifyAfterParse=*/true);
  return parseSourceString<ModuleOp>(input, config, "fuzz.mlir");
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // MLIR's lexer reads the terminating null of its buffer; libFuzzer's data
  // has none.
  std::string copy(reinterpret_cast<const char *>(data), size);
  llvm::StringRef input(copy);
  MLIRContext &context = fuzzContext.next();
  OwningOpRef<ModuleOp> module = load(input, context);
  if (!module)
    return 0;

  // Count the errors reported from here on (the harness drops them).
  unsigned errors = 0;
  ScopedDiagnosticHandler counter(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      ++errors;
    return failure(); // let the harness's handler see it as well
  });

  static const char *const kTargets[] = {"sm_80", "sm_89", "sm_90", "sm_90a"};
  const char *target = kTargets[size % std::size(kTargets)];
  cuda_tile::CodegenPipelineOptions pipeline;
  pipeline.gpuName = target;
  size_t optionBits = size / std::size(kTargets);
  pipeline.mbarrierRelease = optionBits & 1;
  pipeline.tmaRefillAfter = optionBits & 2;
  pipeline.tmaStore = optionBits & 4;
  pipeline.refillFirst = optionBits & 8;
  pipeline.storeRuns = !(optionBits & 16);
  PassManager pm(&context);
  cuda_tile::buildCudaTileToLLVMPipeline(pm, pipeline);
  if (failed(pm.run(*module))) {
    if (!errors)
      fail("the code generation pipeline failed without an error");
    return 0;
  }
  cuda_tile::PTXOptions options;
  options.gpuName = target;
  options.optLevel = 1;
  options.libdevicePath = "/nonexistent/libdevice.10.bc";
  std::string ptx;
  llvm::raw_string_ostream os(ptx);
  if (failed(cuda_tile::translateToPTX(*module, options, os))) {
    if (!errors)
      fail("the PTX translation failed without an error");
    return 0;
  }
  if (ptx.empty())
    fail("the PTX translation succeeded without output");
  return 0;
}
