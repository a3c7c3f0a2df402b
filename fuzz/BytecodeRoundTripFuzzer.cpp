//===- BytecodeRoundTripFuzzer.cpp - read, write, read again --------------===//
//
// Differential round trip of the bytecode: whatever the reader accepts
//
//  * writes at the file's version and at the newest version,
//  * writes the same bytes when written twice,
//  * reads back to the same module (compared as generic text with
//    locations), and
//  * writes the same bytes again from the module read back (a fixed point).
//
// The generic text of the module (what cuda-tile-opt makes of bytecode input)
// must also parse back to the same module.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "cuda_tile/Bytecode/BytecodeReader.h"
#include "cuda_tile/Bytecode/BytecodeWriter.h"
#include "cuda_tile/IR/CudaTileDialect.h"
#include "cuda_tile/IR/CudaTileOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBufferRef.h"

using namespace mlir;
using namespace cuda_tile_fuzz;

static FuzzContext fuzzContext([](DialectRegistry &registry) {
  registry.insert<cuda_tile::CudaTileDialect>();
});

static std::string write(Operation *module, cuda_tile::BytecodeVersion version,
                         llvm::StringRef what, llvm::StringRef text) {
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  if (failed(cuda_tile::writeBytecode(module, os, version)))
    fail(("the writer refuses " + what + " at " + version.str()).str(), text);
  return bytes;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext &context = fuzzContext.next();
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  // Round trips are exact for what the reference writer writes; the lenient
  // extras (docs/bytecode.md) are normalised by design and not checked here.
  cuda_tile::BytecodeReaderConfig strict;
  strict.strict = true;
  OwningOpRef<Operation *> module = cuda_tile::readBytecode(
      llvm::MemoryBufferRef(input, "fuzz"), &context, strict);
  if (!module)
    return 0;
  std::string text = print(*module, /*generic=*/true, /*debugInfo=*/true);

  cuda_tile::BytecodeVersion fileVersion = *cuda_tile::getBytecodeVersion(input);
  for (cuda_tile::BytecodeVersion version :
       {fileVersion, cuda_tile::BytecodeVersion::getCurrent()}) {
    std::string first = write(*module, version, "a module it read", text);
    std::string second = write(*module, version, "a module it read", text);
    expectEqual("writing the same module twice gives other bytes", first,
                second);
    OwningOpRef<Operation *> again = cuda_tile::readBytecode(
        llvm::MemoryBufferRef(first, "written"), &context);
    if (!again)
      fail(("the reader rejects what the writer wrote at " + version.str())
               .c_str(),
           text);
    expectEqual("reading the written bytes gives another module", text,
                print(*again, /*generic=*/true, /*debugInfo=*/true));
    expectEqual("writing the module read back gives other bytes", first,
                write(*again, version, "a module it wrote", text));
  }

  if (printsUnreadableHints(*module))
    return 0;

  // cuda-tile-opt hands bytecode input to the MLIR pipeline as this text.
  ParserConfig config(&context, /*verifyAfterParse=*/true);
  OwningOpRef<ModuleOp> parsed =
      parseSourceString<ModuleOp>(text, config, "generic.mlir");
  if (!parsed)
    fail("the generic text of a module read from bytecode does not parse",
         text);
  auto tileModules = parsed->getBody()->getOps<cuda_tile::ModuleOp>();
  if (!llvm::hasSingleElement(tileModules))
    fail("the generic text does not hold one cuda_tile.module", text);
  // Detached, it prints as a top-level op, as the module read did.
  OwningOpRef<Operation *> tileModule = (*tileModules.begin()).getOperation();
  tileModule->remove();
  std::string reprinted =
      print(*tileModule, /*generic=*/true, /*debugInfo=*/true);
  if (!reparsesAsOtherAttributes(*module)) {
    expectEqual("the generic text parses to another module", text,
                reprinted);
    return 0;
  }
  // Hint values lose their type in text, unsplatted i1 constants their
  // storage; the second round trip is exact.
  OwningOpRef<ModuleOp> again =
      parseSourceString<ModuleOp>(reprinted, config, "generic2.mlir");
  if (!again)
    fail("the reprinted generic text does not parse", reprinted);
  OwningOpRef<Operation *> againModule =
      (*again->getBody()->getOps<cuda_tile::ModuleOp>().begin())
          .getOperation();
  againModule->remove();
  expectEqual("the generic text is not stable from its second round trip",
              reprinted,
              print(*againModule, /*generic=*/true, /*debugInfo=*/true));
  return 0;
}
