//===- TextParserFuzzer.cpp - the text parser and verifier on any input ---===//
//
// Parses each input as cuda_tile text (in an implicit builtin module, as
// cuda-tile-opt does) after the nesting pre-scan that the tools apply
// (checkTextNesting), with verification. What is accepted must print, and the
// printed text must parse back to the same text, in the custom and in the
// generic form, with locations. What is accepted must also survive the
// bytecode writer: if it writes the module, the reader must read it back.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "cuda_tile/Bytecode/BytecodeReader.h"
#include "cuda_tile/Bytecode/BytecodeWriter.h"
#include "cuda_tile/IR/CudaTileDialect.h"
#include "cuda_tile/IR/CudaTileOps.h"
#include "cuda_tile/IR/InputLimits.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBufferRef.h"

using namespace mlir;
using namespace cuda_tile_fuzz;

static FuzzContext fuzzContext([](DialectRegistry &registry) {
  registry.insert<cuda_tile::CudaTileDialect>();
});

static OwningOpRef<ModuleOp> parse(llvm::StringRef text, MLIRContext &context) {
  ParserConfig config(&context, /*verifyAfterParse=*/true);
  return parseSourceString<ModuleOp>(text, config, "fuzz.mlir");
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // MLIR's lexer reads the terminating null of its buffer (files and
  // strings have one); libFuzzer's data does not.
  std::string copy(reinterpret_cast<const char *>(data), size);
  llvm::StringRef text(copy);
  // The tools refuse deeper input before parsing it.
  if (cuda_tile::findExcessiveNesting(text))
    return 0;
  MLIRContext &context = fuzzContext.next();
  OwningOpRef<ModuleOp> module = parse(text, context);
  if (!module)
    return 0;
  // MLIR's own builtin.module accepts `@""` and prints it as
  // `@<<INVALID EMPTY SYMBOL>>`, which does not parse (an upstream
  // limitation; the dialect's symbols are checked by their verifiers).
  bool emptyBuiltinName = false;
  module->walk([&](ModuleOp nested) {
    if (std::optional<llvm::StringRef> name = nested.getSymName())
      emptyBuiltinName |= name->empty();
  });
  if (emptyBuiltinName)
    return 0;

  if (printsUnreadableHints(*module))
    return 0;

  // Custom form: print, parse, print again. Hint values print without their
  // type (an explicit `: i32` reads back as i64), so with hints the text is
  // compared from its second round trip on.
  std::string custom = print(*module, /*generic=*/false, /*debugInfo=*/true);
  OwningOpRef<ModuleOp> reparsed = parse(custom, context);
  if (!reparsed)
    fail("the printed form of a valid module does not parse", custom);
  if (reparsesAsOtherAttributes(*module)) {
    custom = print(*reparsed, /*generic=*/false, /*debugInfo=*/true);
    module = std::move(reparsed);
    reparsed = parse(custom, context);
    if (!reparsed)
      fail("the reprinted form of a valid module does not parse", custom);
  }
  expectEqual("printing the reparsed module gives other text", custom,
              print(*reparsed, /*generic=*/false, /*debugInfo=*/true));

  // Generic form: the same module.
  std::string generic = print(*module, /*generic=*/true, /*debugInfo=*/true);
  OwningOpRef<ModuleOp> fromGeneric = parse(generic, context);
  if (!fromGeneric)
    fail("the generic form of a valid module does not parse", generic);
  expectEqual("the generic form parses to another module", custom,
              print(*fromGeneric, /*generic=*/false, /*debugInfo=*/true));

  // The bytecode writer may refuse (named locations, ops of a later
  // version, several modules), but what it writes must read back.
  auto tileModules = module->getBody()->getOps<cuda_tile::ModuleOp>();
  if (!llvm::hasSingleElement(tileModules))
    return 0;
  for (cuda_tile::BytecodeVersion version :
       cuda_tile::BytecodeVersion::getSupported()) {
    std::string bytes;
    llvm::raw_string_ostream os(bytes);
    if (failed(cuda_tile::writeBytecode(*module, os, version))) {
      if (!bytes.empty())
        fail("the bytecode writer failed but wrote something");
      continue;
    }
    if (!cuda_tile::readBytecode(llvm::MemoryBufferRef(bytes, "written"),
                                 &context))
      fail("the bytecode reader rejects what the writer wrote", custom);
  }
  return 0;
}
