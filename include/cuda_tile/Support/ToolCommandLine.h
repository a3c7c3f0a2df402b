//===- ToolCommandLine.h - --version and --help of the tools -----*- C++ -*-===//
//
// What every tool prints for --version and which options its --help lists
// (docs/architecture.md, "Tools").
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_SUPPORT_TOOLCOMMANDLINE_H
#define CUDA_TILE_SUPPORT_TOOLCOMMANDLINE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class raw_ostream;
namespace cl {
class OptionCategory;
} // namespace cl
} // namespace llvm

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::cuda_tile {

/// The project's version, `major.minor.patch` (CMake's PROJECT_VERSION).
llvm::StringRef getProjectVersion();

/// Prints the version block of `toolName`: the project version, the bytecode
/// versions this build reads and writes (and the one it writes by default)
/// and the LLVM version it was built against.
void printToolVersion(llvm::raw_ostream &os, llvm::StringRef toolName);

/// Makes --version of a tool built on llvm::cl print printToolVersion().
void setToolVersionPrinter(llvm::StringRef toolName);

/// Hides from --help every option registered so far, except LLVM's generic
/// ones (--help, --version, ...), those of `toolCategories` and the dialect's
/// own (--Werr-hints, --Wunsupported-hints). Called first in main(), before
/// MLIR and the tool register theirs, it hides the options of LLVM's static
/// initializers: every backend's flags (Hexagon, AMDGPU, Wasm...), Polly,
/// instrumentation. --help-hidden still lists them and they still work.
void hideLibraryOptions(
    llvm::ArrayRef<const llvm::cl::OptionCategory *> toolCategories = {});

/// Registers the hidden --testing-ops flag: the tool then knows the ops of the
/// reference's testing builds (testing$func), which the reference's tests are
/// written with. On by default in builds configured with
/// -DCUDA_TILE_ENABLE_TESTING=ON, as the reference's tools are.
void registerTestingOpsCLOption();

/// Makes `registry`'s cuda_tile dialect register the testing ops when the
/// command line asked for them.
void addTestingOpsIfRequested(DialectRegistry &registry);

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_SUPPORT_TOOLCOMMANDLINE_H
