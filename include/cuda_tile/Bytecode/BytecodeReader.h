//===- BytecodeReader.h - cuda_tile bytecode reader --------------*- C++ -*-===//
//
// Reading cuda_tile bytecode, eagerly (readBytecode) or one function at a time
// (BytecodeFile). Malformed input never crashes the reader: every problem is
// reported as an error diagnostic naming the byte offset where it was found,
// in the wording of the reference reader where the reference reports it.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_BYTECODE_BYTECODEREADER_H
#define CUDA_TILE_BYTECODE_BYTECODEREADER_H

#include "cuda_tile/Bytecode/BytecodeVersion.h"

#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
class Operation;
} // namespace mlir

namespace mlir::cuda_tile {
class ModuleOp;
class EntryOp;

/// How strictly files are read. By default the reader accepts everything the
/// reference reader accepts, including files other writers produce (section
/// ends without padding, any padding byte, trailing bytes in records, bools
/// other than 0 and 1, a producer section in files below 13.3).
struct BytecodeReaderConfig {
  /// Refuse those files too, naming the rule: only what the reference writer
  /// produces is read (`-strict-bytecode`).
  bool strict = false;
};

/// Registers `-strict-bytecode` for tools built on cl::opt.
void registerBytecodeReaderCLOptions();
/// The configuration the registered command-line options select (the
/// default one when they were not registered).
BytecodeReaderConfig getBytecodeReaderConfigFromCLOptions();

/// Whether `buffer` starts with the cuda_tile bytecode magic ("\x7FTileIR\0").
bool isBytecode(llvm::StringRef buffer);

/// The version in the header of `buffer`, or std::nullopt when the buffer has
/// no complete header. The version need not be supported.
std::optional<BytecodeVersion> getBytecodeVersion(llvm::StringRef buffer);

/// Reads a whole bytecode file into a verified `cuda_tile.module` (named
/// `@kernels`: the bytecode does not store module names). Returns null after
/// reporting diagnostics when the input is malformed or does not verify.
OwningOpRef<Operation *> readBytecode(llvm::MemoryBufferRef buffer,
                                      MLIRContext *context,
                                      const BytecodeReaderConfig &config = {});

/// Lazy access to a bytecode file: the header, the section layout and the
/// function table are read by open(); function bodies only when loaded. The
/// buffer must outlive the BytecodeFile.
class BytecodeFile {
public:
  struct FunctionInfo {
    std::string name;
    bool isKernel = false;
    bool hasOptimizationHints = false;
    bool hasDebugInfo = false;
    /// Where the body lies in the buffer (absolute offset and length).
    uint64_t bodyOffset = 0;
    uint64_t bodyLength = 0;
  };

  /// Reads the file structure. Returns null after reporting diagnostics when
  /// it is malformed.
  static std::unique_ptr<BytecodeFile>
  open(llvm::MemoryBufferRef buffer, MLIRContext *context,
       const BytecodeReaderConfig &config = {});
  ~BytecodeFile();

  BytecodeVersion getVersion() const;
  /// The module `producer` string (13.3 files), if any.
  std::optional<llvm::StringRef> getProducer() const;
  /// The functions in file order.
  llvm::ArrayRef<FunctionInfo> getFunctions() const;
  /// Index of the function named `name`, if any.
  std::optional<size_t> lookupFunction(llvm::StringRef name) const;

  /// Creates the module with its attributes and globals but no functions.
  OwningOpRef<ModuleOp> createModule();

  /// Parses function `index` and appends it to `module` (which createModule
  /// made). The function is not verified; verify the module when done.
  /// Returns null after reporting diagnostics when the body is malformed.
  EntryOp loadFunction(size_t index, ModuleOp module);

private:
  struct Impl;
  explicit BytecodeFile(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_BYTECODE_BYTECODEREADER_H
