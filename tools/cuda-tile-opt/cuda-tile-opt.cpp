//===- cuda-tile-opt.cpp - the cuda_tile optimizer driver -----------------===//
//
// mlir-opt for cuda_tile: the dialect plus MLIR's generic passes. The input
// may also be cuda_tile bytecode (recognized by its magic): it is read with
// the bytecode reader and handed to the usual pipeline as text, with its
// locations.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Bytecode/BytecodeReader.h"
#include "cuda_tile/Conversion/Passes.h"
#include "cuda_tile/IR/CudaTileDialect.h"
#include "cuda_tile/IR/InputLimits.h"
#include "cuda_tile/Support/ToolCommandLine.h"
#include "cuda_tile/Support/ToolIO.h"
#include "cuda_tile/Transforms/Optimizer.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;

/// Replaces a bytecode `input` by its textual form. Returns null after the
/// reader reported why it cannot be read.
static std::unique_ptr<llvm::MemoryBuffer>
bytecodeToText(const llvm::MemoryBuffer &input, DialectRegistry &registry) {
  MLIRContext context(registry);
  // Errors as the other tools print them: `file:0:0: error: ...`.
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<Operation *> module =
      cuda_tile::readBytecode(input.getMemBufferRef(), &context,
                              cuda_tile::getBytecodeReaderConfigFromCLOptions());
  if (!module)
    return nullptr;
  std::string text;
  llvm::raw_string_ostream os(text);
  // Generic form with every location, so that parsing it back gives the
  // same IR whatever the printing flags of this run are.
  OpPrintingFlags flags;
  flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  flags.printGenericOpForm();
  module->print(os, flags);
  return llvm::MemoryBuffer::getMemBufferCopy(text,
                                              input.getBufferIdentifier());
}

int main(int argc, char **argv) {
  // Before MLIR registers its options, which --help lists.
  cuda_tile::hideLibraryOptions();
  cuda_tile::setToolVersionPrinter("cuda-tile-opt");
  registerTransformsPasses();
  cuda_tile::registerCudaTileOptimizerPipelines();
  DialectRegistry registry;
  registry.insert<cuda_tile::CudaTileDialect>();
  cuda_tile::registerCudaTileConversionPasses();
  cuda_tile::registerCodegenDialects(registry);
  cuda_tile::registerBytecodeReaderCLOptions();
  cuda_tile::registerTestingOpsCLOption();
  auto [inputFilename, outputFilename] = registerAndParseCLIOptions(
      argc, argv, "cuda_tile optimizer driver\n", registry);
  cuda_tile::addTestingOpsIfRequested(registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return asMainReturnCode(
        MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> read =
      cuda_tile::readToolInput(inputFilename);
  if (!read) {
    llvm::errs() << "error: " << llvm::toString(read.takeError()) << "\n";
    return 1;
  }
  std::unique_ptr<llvm::MemoryBuffer> input = std::move(*read);
  if (cuda_tile::isBytecode(input->getBuffer())) {
    input = bytecodeToText(*input, registry);
    if (!input)
      return 1;
  } else if (failed(cuda_tile::checkTextNesting(input->getMemBufferRef(),
                                                llvm::errs()))) {
    // Deeper nesting could overflow the parser's stack (docs/fuzzing.md).
    return 1;
  }
  // The -o file is written only once the whole run succeeded (ToolIO.h).
  std::string output;
  llvm::raw_string_ostream outputStream(output);
  if (failed(MlirOptMain(outputStream, std::move(input), registry, config)))
    return 1;
  if (llvm::Error error = cuda_tile::writeToolOutput(outputFilename, output)) {
    llvm::errs() << "error: " << llvm::toString(std::move(error)) << "\n";
    return 1;
  }
  return 0;
}
