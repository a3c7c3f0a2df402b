//===- BytecodeReaderFuzzer.cpp - the bytecode reader on any input --------===//
//
// Reads each input eagerly (readBytecode) and lazily (BytecodeFile), prints
// what is accepted, and checks that the two APIs agree:
//
//  * readBytecode accepts a file exactly when BytecodeFile::open accepts it,
//    every function loads and the module verifies;
//  * what the lazy API reports (version, producer, function table) matches
//    the header and the eager module;
//  * any subset of the functions of an accepted file verifies on its own
//    (the odd-numbered ones are loaded, in reverse order).
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "cuda_tile/Bytecode/BytecodeReader.h"
#include "cuda_tile/IR/CudaTileDialect.h"
#include "cuda_tile/IR/CudaTileOps.h"

#include "mlir/IR/Verifier.h"
#include "llvm/Support/MemoryBufferRef.h"

using namespace mlir;
using namespace cuda_tile_fuzz;

static FuzzContext fuzzContext([](DialectRegistry &registry) {
  registry.insert<cuda_tile::CudaTileDialect>();
});

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext &context = fuzzContext.next();
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  llvm::MemoryBufferRef buffer(bytes, "fuzz.tileirbc");

  // Eager.
  OwningOpRef<Operation *> eager = cuda_tile::readBytecode(buffer, &context);
  std::string eagerText;
  if (eager) {
    if (!isa<cuda_tile::ModuleOp>(*eager))
      fail("readBytecode returned something else than a cuda_tile.module");
    eagerText = print(*eager, /*generic=*/true, /*debugInfo=*/true);
    (void)print(*eager, /*generic=*/false, /*debugInfo=*/true);
  }

  // Lazy.
  std::unique_ptr<cuda_tile::BytecodeFile> file =
      cuda_tile::BytecodeFile::open(buffer, &context);
  if (!file) {
    if (eager)
      fail("readBytecode accepted a file that BytecodeFile::open rejects");
    return 0;
  }
  std::optional<cuda_tile::BytecodeVersion> header =
      cuda_tile::getBytecodeVersion(bytes);
  if (!cuda_tile::isBytecode(bytes) || !header ||
      *header != file->getVersion() || !file->getVersion().isSupported())
    fail("BytecodeFile::open accepted a file without a supported header");
  (void)file->getProducer();
  llvm::ArrayRef<cuda_tile::BytecodeFile::FunctionInfo> functions =
      file->getFunctions();
  for (auto [i, info] : llvm::enumerate(functions)) {
    if (info.bodyOffset > size || info.bodyLength > size - info.bodyOffset)
      fail("a function body lies outside the buffer");
    std::optional<size_t> found = file->lookupFunction(info.name);
    if (!found || functions[*found].name != info.name || *found > i)
      fail("lookupFunction does not find the first function of a name");
  }
  if (file->loadFunction(functions.size(), cuda_tile::ModuleOp()))
    fail("loadFunction accepted an index past the function table");

  // Every function, in order: what readBytecode does.
  OwningOpRef<cuda_tile::ModuleOp> all = file->createModule();
  bool allLoaded = true;
  for (size_t i = 0; i < functions.size() && allLoaded; ++i)
    allLoaded = static_cast<bool>(file->loadFunction(i, *all));
  bool allVerify = allLoaded && succeeded(verify(*all));
  if (allVerify != static_cast<bool>(eager))
    fail(eager ? "readBytecode accepted a file whose functions the lazy API "
                 "cannot load or verify"
               : "the lazy API loaded and verified a file readBytecode "
                 "rejects");
  if (!eager)
    return 0;
  expectEqual("the lazy and the eager module differ", eagerText,
              print(all->getOperation(), /*generic=*/true,
                    /*debugInfo=*/true));

  // A subset, loaded in reverse order, verifies on its own.
  OwningOpRef<cuda_tile::ModuleOp> subset = file->createModule();
  for (size_t i = functions.size(); i > 0; --i) {
    if ((i - 1) % 2 == 0)
      continue;
    cuda_tile::EntryOp entry = file->loadFunction(i - 1, *subset);
    if (!entry)
      fail("a function of an accepted file does not load a second time");
    if (entry.getSymName() != functions[i - 1].name)
      fail("loadFunction gave the function another name than the table");
  }
  if (failed(verify(*subset)))
    fail("a subset of the functions of an accepted file does not verify");
  return 0;
}
