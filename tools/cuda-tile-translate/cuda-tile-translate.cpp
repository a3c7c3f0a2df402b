//===- cuda-tile-translate.cpp - cuda_tile bytecode translator -------------===//
//
// mlir-translate for the cuda_tile bytecode:
//
//   cuda-tile-translate -mlir-to-cudatilebc [-bytecode-version=13.1] in.mlir -o out.tileirbc
//   cuda-tile-translate -mlir-to-cudatilebc -bytecode-version=13.1 in.tileirbc -o out.tileirbc
//   cuda-tile-translate -cudatilebc-to-mlir in.tileirbc
//   cuda-tile-translate --list-versions
//
// Input and output are files or `-` (stdin / stdout). A failed translation
// leaves no output file behind and writes nothing to stdout.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Bytecode/BytecodeReader.h"
#include "cuda_tile/Bytecode/BytecodeVersion.h"
#include "cuda_tile/Bytecode/BytecodeWriter.h"
#include "cuda_tile/IR/CudaTileDialect.h"
#include "cuda_tile/Target/PTX/PTXTarget.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {
/// Accepts only versions this build can write, refusing anything else while
/// the command line is read (before any input is parsed).
struct BytecodeVersionParser : llvm::cl::parser<std::string> {
  using llvm::cl::parser<std::string>::parser;
  bool parse(llvm::cl::Option &option, llvm::StringRef argName,
             llvm::StringRef arg, std::string &value) {
    std::optional<BytecodeVersion> version = BytecodeVersion::parse(arg);
    if (!version)
      return option.error("Invalid argument '" + arg + "'");
    if (!version->isSupported())
      return option.error("Invalid argument '" + arg +
                          "': the supported versions are [" +
                          BytecodeVersion::getOldest().str() + " - " +
                          BytecodeVersion::getCurrent().str() + "]");
    value = arg.str();
    return false;
  }
};
} // namespace

static llvm::cl::opt<std::string, false, BytecodeVersionParser> bytecodeVersion(
    "bytecode-version",
    llvm::cl::desc("Bytecode version written by -mlir-to-cudatilebc "
                   "(see --list-versions; default: the newest)"),
    llvm::cl::init(BytecodeVersion::getCurrent().str()));

static llvm::cl::opt<bool> listVersions(
    "list-versions",
    llvm::cl::desc("Print the supported bytecode versions and exit"));

static void printVersions(llvm::raw_ostream &os) {
  for (BytecodeVersion version : BytecodeVersion::getSupported()) {
    os << version;
    if (version == BytecodeVersion::getCurrent())
      os << " (default)";
    os << '\n';
  }
}

static void registerDialects(DialectRegistry &registry) {
  registry.insert<CudaTileDialect>();
}

static void registerTranslations() {
  // Text or bytecode in: bytecode of another version is migrated in one
  // step, as `python -m cuda_tile_bytecode migrate` does.
  static TranslateRegistration toBytecode(
      "mlir-to-cudatilebc",
      "Write a cuda_tile module (text, or bytecode of any version) as bytecode",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *context) -> LogicalResult {
        DialectRegistry registry;
        registerDialects(registry);
        context->appendDialectRegistry(registry);
        context->loadAllAvailableDialects();
        // The option parser refused anything else already.
        BytecodeVersion version = *BytecodeVersion::parse(bytecodeVersion);
        const llvm::MemoryBuffer *buffer =
            sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
        OwningOpRef<Operation *> module;
        if (isBytecode(buffer->getBuffer())) {
          module = readBytecode(buffer->getMemBufferRef(), context,
                                getBytecodeReaderConfigFromCLOptions());
        } else {
          Block block;
          if (failed(parseSourceFile(*sourceMgr, &block,
                                     ParserConfig(context))))
            return failure();
          if (!llvm::hasSingleElement(block))
            return emitError(UnknownLoc::get(context))
                   << "expected one top-level cuda_tile.module (or a builtin "
                      "module holding one), found "
                   << block.getOperations().size() << " operations";
          module = &block.front();
          module->remove();
        }
        if (!module)
          return failure();
        return writeBytecode(module.get(), os, version);
      });

  static TranslateToMLIRRegistration fromBytecode(
      "cudatilebc-to-mlir", "Read cuda_tile bytecode",
      [](llvm::StringRef input, MLIRContext *context) {
        return readBytecode(llvm::MemoryBufferRef(input, "<bytecode>"),
                            context, getBytecodeReaderConfigFromCLOptions());
      },
      registerDialects);
}

int main(int argc, char **argv) {
  // --list-versions needs no translation, which the driver would insist on.
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "--list-versions" || arg == "-list-versions") {
      printVersions(llvm::outs());
      return 0;
    }
  }
  registerTranslations();
  cuda_tile::registerToPTXTranslation();
  registerBytecodeReaderCLOptions();
  return failed(mlirTranslateMain(argc, argv,
                                  "cuda_tile bytecode translation driver"));
}
