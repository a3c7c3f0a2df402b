//===- ToolCommandLine.cpp - --version and --help of the tools ------------===//

#include "cuda_tile/Support/ToolCommandLine.h"

#include "cuda_tile/Bytecode/BytecodeVersion.h"
#include "cuda_tile/IR/CudaTileDialect.h"

#include "mlir/IR/DialectRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace llvm;

StringRef mlir::cuda_tile::getProjectVersion() { return CUDA_TILE_VERSION; }

void mlir::cuda_tile::printToolVersion(raw_ostream &os, StringRef toolName) {
  os << toolName << " (cuda-tile) " << getProjectVersion() << "\n";
  os << "  bytecode versions: ";
  ListSeparator separator(", ");
  for (BytecodeVersion version : BytecodeVersion::getSupported())
    os << separator << version;
  os << " (written by default: " << BytecodeVersion::getCurrent() << ")\n";
  os << "  LLVM version: " << LLVM_VERSION_STRING << "\n";
}

void mlir::cuda_tile::setToolVersionPrinter(StringRef toolName) {
  cl::SetVersionPrinter([name = toolName.str()](raw_ostream &os) {
    printToolVersion(os, name);
  });
}

void mlir::cuda_tile::hideLibraryOptions(
    ArrayRef<const cl::OptionCategory *> toolCategories) {
  // Defined by CudaTileIR's static initializers, hence registered already.
  static constexpr StringLiteral kDialectOptions[] = {"Werr-hints",
                                                      "Wunsupported-hints"};
  for (auto &[name, option] : cl::getRegisteredOptions()) {
    if (is_contained(kDialectOptions, name))
      continue;
    // LLVM's "Generic Options" category (--help, --version, --print-options)
    // is not reachable through the API; it is recognized by its name.
    bool shown = any_of(option->Categories, [&](cl::OptionCategory *category) {
      return is_contained(toolCategories, category) ||
             category->getName() == "Generic Options";
    });
    if (!shown && option->getOptionHiddenFlag() == cl::NotHidden)
      option->setHiddenFlag(cl::Hidden);
  }
}

#ifdef CUDA_TILE_ENABLE_TESTING
static constexpr bool kTestingOpsByDefault = true;
#else
static constexpr bool kTestingOpsByDefault = false;
#endif

/// Set once registerTestingOpsCLOption ran: only the tools that call it have
/// the flag.
static cl::opt<bool> *testingOpsOption = nullptr;

void mlir::cuda_tile::registerTestingOpsCLOption() {
  static cl::opt<bool> option(
      "testing-ops",
      cl::desc("Register the ops of the reference's testing builds "
               "(cuda_tile.testing$func)"),
      cl::init(kTestingOpsByDefault), cl::Hidden);
  testingOpsOption = &option;
}

void mlir::cuda_tile::addTestingOpsIfRequested(mlir::DialectRegistry &registry) {
  if (!testingOpsOption || !*testingOpsOption)
    return;
  registry.addExtension(+[](mlir::MLIRContext *, CudaTileDialect *dialect) {
    dialect->registerTestingOps();
  });
}
