//===- list-entries.cpp - a downstream user of the cuda_tile libraries ----===//
//
// Reads a cuda_tile module (text or bytecode), lists its entries with their
// argument types, and writes it as bytecode of the given version:
//
//   list-entries kernel.mlir out.tileirbc [13.1]
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Bytecode/BytecodeReader.h"
#include "cuda_tile/Bytecode/BytecodeVersion.h"
#include "cuda_tile/Bytecode/BytecodeWriter.h"
#include "cuda_tile/IR/CudaTileDialect.h"
#include "cuda_tile/IR/CudaTileOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

int main(int argc, char **argv) {
  if (argc < 3) {
    llvm::errs() << "usage: list-entries INPUT OUTPUT [VERSION]\n";
    return 2;
  }
  MLIRContext context;
  context.loadDialect<cuda_tile::CudaTileDialect>();

  auto buffer = llvm::MemoryBuffer::getFile(argv[1]);
  if (!buffer) {
    llvm::errs() << "cannot read " << argv[1] << "\n";
    return 1;
  }
  OwningOpRef<Operation *> module;
  if (cuda_tile::isBytecode((*buffer)->getBuffer())) {
    module = cuda_tile::readBytecode((*buffer)->getMemBufferRef(), &context);
  } else {
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
    Block block;
    if (succeeded(parseSourceFile(sourceMgr, &block, ParserConfig(&context))) &&
        !block.empty()) {
      module = &block.front();
      module->remove();
    }
  }
  if (!module)
    return 1;

  module->walk([](cuda_tile::EntryOp entry) {
    llvm::outs() << "entry @" << entry.getSymName() << "(";
    llvm::interleaveComma(entry.getArgumentTypes(), llvm::outs());
    llvm::outs() << ")\n";
  });

  cuda_tile::BytecodeVersion version = cuda_tile::BytecodeVersion::getCurrent();
  if (argc > 3) {
    std::optional<cuda_tile::BytecodeVersion> parsed =
        cuda_tile::BytecodeVersion::parse(argv[3]);
    if (!parsed) {
      llvm::errs() << "unknown bytecode version " << argv[3] << "\n";
      return 2;
    }
    version = *parsed;
  }
  std::error_code ec;
  llvm::raw_fd_ostream os(argv[2], ec, llvm::sys::fs::OF_None);
  if (ec || failed(cuda_tile::writeBytecode(module.get(), os, version)))
    return 1;
  llvm::outs() << "wrote bytecode " << version << "\n";
  return 0;
}
