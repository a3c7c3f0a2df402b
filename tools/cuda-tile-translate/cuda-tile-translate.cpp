//===- cuda-tile-translate.cpp - cuda_tile bytecode translator -------------===//
//
// mlir-translate for the cuda_tile bytecode:
//
//   cuda-tile-translate -mlir-to-cudatilebc [-bytecode-version=13.1] in.mlir -o out.tileirbc
//   cuda-tile-translate -mlir-to-cudatilebc -bytecode-version=13.1 in.tileirbc -o out.tileirbc
//   cuda-tile-translate -cudatilebc-to-mlir in.tileirbc
//   cuda-tile-translate --list-versions
//
// Input and output are files or `-` (stdin / stdout). The output is written
// only when every translation succeeded, through writeToolOutput (ToolIO.h):
// a failed translation leaves the -o file as it was and writes nothing to
// stdout. The options are mlir-translate's.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Bytecode/BytecodeReader.h"
#include "cuda_tile/Bytecode/BytecodeVersion.h"
#include "cuda_tile/Bytecode/BytecodeWriter.h"
#include "cuda_tile/IR/CudaTileDialect.h"
#include "cuda_tile/IR/InputLimits.h"
#include "cuda_tile/Support/ToolCommandLine.h"
#include "cuda_tile/Support/ToolIO.h"
#include "cuda_tile/Target/PTX/PTXTarget.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/AsmState.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/Timing.h"
#include "mlir/Support/ToolUtilities.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;
using namespace mlir::cuda_tile;

static llvm::cl::OptionCategory category("cuda-tile-translate options");

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
                          BytecodeVersion::getNewest().str() + "]");
    value = arg.str();
    return false;
  }
};
} // namespace

static llvm::cl::opt<std::string, false, BytecodeVersionParser> bytecodeVersion(
    "bytecode-version",
    llvm::cl::desc("Bytecode version written by -mlir-to-cudatilebc "
                   "(see --list-versions; default: 13.3)"),
    llvm::cl::init(BytecodeVersion::getCurrent().str()),
    llvm::cl::cat(category));

static llvm::cl::opt<bool> listVersions(
    "list-versions",
    llvm::cl::desc("Print the supported bytecode versions and exit"),
    llvm::cl::cat(category));

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
  addTestingOpsIfRequested(registry);
}

static llvm::cl::opt<bool> roundTripGenericForm(
    "generic-form",
    llvm::cl::desc("-test-cudatile-roundtrip prints the generic op form"),
    llvm::cl::cat(category));

/// The module of the main input (text, or bytecode of any version), or null
/// after reporting why there is none.
static OwningOpRef<Operation *>
parseInputModule(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                 MLIRContext *context) {
  DialectRegistry registry;
  registerDialects(registry);
  context->appendDialectRegistry(registry);
  context->loadAllAvailableDialects();
  const llvm::MemoryBuffer *buffer =
      sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
  if (isBytecode(buffer->getBuffer()))
    return readBytecode(buffer->getMemBufferRef(), context,
                        getBytecodeReaderConfigFromCLOptions());
  Block block;
  if (failed(
          parseSourceWithinLimits(*sourceMgr, &block, ParserConfig(context))))
    return nullptr;
  if (!llvm::hasSingleElement(block)) {
    emitError(UnknownLoc::get(context))
        << "expected one top-level cuda_tile.module (or a builtin module "
           "holding one), found "
        << block.getOperations().size() << " operations";
    return nullptr;
  }
  OwningOpRef<Operation *> module = &block.front();
  module.get()->remove();
  return module;
}

static void registerTranslations() {
  // The option parser refused any other version already.
  auto getVersion = [] { return *BytecodeVersion::parse(bytecodeVersion); };
  // The input module (text or bytecode) as bytecode of --bytecode-version.
  auto writeInput = [getVersion](
                        const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                        llvm::raw_ostream &os,
                        MLIRContext *context) -> LogicalResult {
    OwningOpRef<Operation *> module = parseInputModule(sourceMgr, context);
    if (!module)
      return failure();
    return writeBytecode(module.get(), os, getVersion());
  };

  // Text or bytecode in: bytecode of another version is migrated in one
  // step, as `python -m cuda_tile_bytecode migrate` does.
  static TranslateRegistration toBytecode(
      "mlir-to-cudatilebc",
      "Write a cuda_tile module (text, or bytecode of any version) as bytecode",
      writeInput);

  // The reference's test translation: the module written as bytecode of
  // --bytecode-version, read back and printed.
  static TranslateRegistration roundTrip(
      "test-cudatile-roundtrip",
      "Write a cuda_tile module as bytecode, read it back and print it",
      [writeInput](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                   llvm::raw_ostream &os,
                   MLIRContext *context) -> LogicalResult {
        std::string bytes;
        llvm::raw_string_ostream bytesStream(bytes);
        if (failed(writeInput(sourceMgr, bytesStream, context)))
          return failure();
        OwningOpRef<Operation *> readBack =
            readBytecode(llvm::MemoryBufferRef(bytes, "roundtrip"), context,
                         getBytecodeReaderConfigFromCLOptions());
        if (!readBack)
          return failure();
        OpPrintingFlags flags;
        if (roundTripGenericForm)
          flags.printGenericOpForm();
        readBack->print(os, flags);
        os << '\n';
        return success();
      });

  static TranslateToMLIRRegistration fromBytecode(
      "cudatilebc-to-mlir", "Read cuda_tile bytecode",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         MLIRContext *context) {
        // The buffer keeps the input's name, which the reader's errors give.
        const llvm::MemoryBuffer *buffer =
            sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
        // A module that does not verify is reported with the failing op
        // printed, as the reference's translate reports it.
        context->printOpOnDiagnostic(true);
        return readBytecode(buffer->getMemBufferRef(), context,
                            getBytecodeReaderConfigFromCLOptions());
      },
      registerDialects);
}

static llvm::cl::opt<std::string> inputFilename(llvm::cl::Positional,
                                                llvm::cl::desc("<input file>"),
                                                llvm::cl::init("-"),
                                                llvm::cl::cat(category));
static llvm::cl::opt<std::string>
    outputFilename("o", llvm::cl::desc("Output filename"),
                   llvm::cl::value_desc("filename"), llvm::cl::init("-"),
                   llvm::cl::cat(category));
static llvm::cl::opt<bool> allowUnregisteredDialects(
    "allow-unregistered-dialect",
    llvm::cl::desc("Allow operations of unregistered dialects"),
    llvm::cl::cat(category));
static llvm::cl::opt<std::string> inputSplitMarker(
    "split-input-file", llvm::cl::ValueOptional,
    llvm::cl::desc("Split the input at the given marker (default \"// -----\") "
                   "and translate each chunk on its own"),
    llvm::cl::init(""), llvm::cl::cat(category));
static llvm::cl::opt<std::string> outputSplitMarker(
    "output-split-marker",
    llvm::cl::desc("Marker written between the outputs of the chunks"),
    llvm::cl::init(""), llvm::cl::cat(category));
static llvm::cl::opt<SourceMgrDiagnosticVerifierHandler::Level>
    verifyDiagnostics(
        "verify-diagnostics", llvm::cl::ValueOptional,
        llvm::cl::desc("Check the diagnostics against the expected-* comments "
                       "of the input"),
        llvm::cl::values(
            clEnumValN(SourceMgrDiagnosticVerifierHandler::Level::All, "all",
                       "Check every diagnostic"),
            clEnumValN(SourceMgrDiagnosticVerifierHandler::Level::All, "",
                       "Check every diagnostic"),
            clEnumValN(SourceMgrDiagnosticVerifierHandler::Level::OnlyExpected,
                       "only-expected", "Check the expected diagnostics only")),
        llvm::cl::cat(category));
static llvm::cl::opt<bool> errorDiagnosticsOnly(
    "error-diagnostics-only",
    llvm::cl::desc("Print errors only, not warnings, remarks or notes"),
    llvm::cl::cat(category));

/// Runs the requested translations one after the other on one chunk of the
/// input, the last one writing to `os`.
static LogicalResult
translateChunk(llvm::ArrayRef<const Translation *> translations,
               std::unique_ptr<llvm::MemoryBuffer> chunk, llvm::raw_ostream &os,
               TimingScope &timing) {
  // Parsers need a null-terminated buffer, which a split chunk is not.
  if (!chunk->getBuffer().ends_with('\0'))
    chunk = llvm::MemoryBuffer::getMemBufferCopy(chunk->getBuffer(),
                                                 chunk->getBufferIdentifier());
  std::string intermediate;
  for (auto [index, translation] : llvm::enumerate(translations)) {
    bool last = index + 1 == translations.size();
    std::string produced;
    llvm::raw_string_ostream producedStream(produced);
    llvm::raw_ostream &out = last ? os : producedStream;
    TimingScope translationTiming = timing.nest(translation->getDescription());

    MLIRContext context;
    context.allowUnregisteredDialects(allowUnregisteredDialects);
    // A failing op is named by its location, not printed whole.
    context.printOpOnDiagnostic(false);
    auto sourceMgr = std::make_shared<llvm::SourceMgr>();
    sourceMgr->AddNewSourceBuffer(std::move(chunk), llvm::SMLoc());
    if (verifyDiagnostics.getNumOccurrences()) {
      // The translation is expected to fail; only the diagnostics count.
      SourceMgrDiagnosticVerifierHandler handler(*sourceMgr, &context,
                                                 verifyDiagnostics);
      (void)(*translation)(sourceMgr, out, &context);
      if (failed(handler.verify()))
        return failure();
    } else {
      SourceMgrDiagnosticHandler handler(*sourceMgr, &context);
      std::optional<ScopedDiagnosticHandler> errorsOnly;
      if (errorDiagnosticsOnly)
        errorsOnly.emplace(&context, [](Diagnostic &diagnostic) {
          return success(diagnostic.getSeverity() != DiagnosticSeverity::Error);
        });
      if (failed((*translation)(sourceMgr, out, &context)))
        return failure();
    }
    if (!last) {
      intermediate = std::move(produced);
      chunk = llvm::MemoryBuffer::getMemBuffer(intermediate, "<translated>");
    }
  }
  return success();
}

static LogicalResult runTranslations(int argc, char **argv) {
  llvm::cl::list<const Translation *, bool, TranslationParser> translations(
      "", llvm::cl::desc("Translations to perform"), llvm::cl::Required,
      llvm::cl::cat(category));
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerTranslationCLOptions();
  registerDefaultTimingManagerCLOptions();
  llvm::cl::ParseCommandLineOptions(argc, argv,
                                    "cuda_tile bytecode translation driver");
  if (inputSplitMarker.getNumOccurrences() && inputSplitMarker.empty())
    inputSplitMarker = kDefaultSplitMarker;

  DefaultTimingManager timingManager;
  applyDefaultTimingManagerCLOptions(timingManager);
  TimingScope timing = timingManager.getRootScope();

  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> input =
      readToolInput(inputFilename);
  if (!input) {
    llvm::errs() << "error: " << llvm::toString(input.takeError()) << "\n";
    return failure();
  }
  std::string output;
  llvm::raw_string_ostream outputStream(output);
  auto translate = [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
                       llvm::raw_ostream &os) {
    return translateChunk(translations, std::move(chunk), os, timing);
  };
  if (failed(splitAndProcessBuffer(std::move(*input), translate, outputStream,
                                   inputSplitMarker, outputSplitMarker)))
    return failure();
  if (llvm::Error error = writeToolOutput(outputFilename, output)) {
    llvm::errs() << "error: " << llvm::toString(std::move(error)) << "\n";
    return failure();
  }
  return success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  hideLibraryOptions({&category});
  setToolVersionPrinter("cuda-tile-translate");
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
  registerTestingOpsCLOption();
  return failed(runTranslations(argc, argv));
}
