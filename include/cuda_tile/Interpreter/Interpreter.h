//===- Interpreter.h - CPU interpreter for cuda_tile kernels ----*- C++ -*-===//
//
// Executes the entries of a cuda_tile module on the host, exactly as the
// specification defines each operation: tile blocks of a grid (one after the
// other, or on several threads), global memory as checked buffers, and every
// operation as a loop over whole tiles.
//
// The semantics chosen where the specification leaves a result open are
// listed in docs/cuda-tile-run.md.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_INTERPRETER_INTERPRETER_H
#define CUDA_TILE_INTERPRETER_INTERPRETER_H

#include "cuda_tile/IR/CudaTileOps.h"
#include "cuda_tile/Interpreter/Tile.h"

#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <shared_mutex>
#include <string>
#include <vector>

namespace mlir::cuda_tile::interp {

//===----------------------------------------------------------------------===//
// Global memory
//===----------------------------------------------------------------------===//

/// One allocation of the simulated global memory. Addresses are virtual:
/// every buffer gets a range of its own, separated from the others by
/// unmapped guard space, so that stray accesses are caught and reported.
struct Buffer {
  std::string name;
  uint64_t base = 0;
  uint64_t size = 0;
  std::unique_ptr<uint8_t[]> data;
  bool readOnly = false;
  /// Cleared when an allocation ends (alloca at the end of its block); the
  /// record itself stays so that late accesses are reported by name.
  std::atomic<bool> live{true};
};

/// The simulated global memory: named buffers at virtual addresses.
/// Allocation and lookup are thread-safe.
class DeviceMemory {
public:
  /// The largest buffer handed out (64 GiB).
  static constexpr uint64_t kMaxBufferBytes = uint64_t(1) << 36;

  DeviceMemory();
  ~DeviceMemory();

  /// A zero-filled buffer of `size` bytes aligned to `alignment` (a power of
  /// two); returns its address, or 0 when it is larger than kMaxBufferBytes,
  /// would exceed the HostMemoryBudget or the host cannot provide the memory.
  uint64_t allocate(llvm::StringRef name, uint64_t size, uint64_t alignment,
                    bool readOnly = false);
  /// Ends the allocation at `base`; its storage is freed.
  void release(uint64_t base);
  /// The buffer whose range holds `address` (live or not), or null.
  Buffer *lookup(uint64_t address) const;
  /// The live buffer at `base`, or null.
  Buffer *getBuffer(uint64_t base) const;
  /// A one-line account of why `bytes` bytes at `address` are not all inside
  /// one live buffer: past the end of which buffer, in which gap, and so on.
  std::string describeMiss(uint64_t address, uint64_t bytes) const;

private:
  mutable std::shared_mutex mutex;
  std::map<uint64_t, Buffer *> byBase;
  std::vector<std::unique_ptr<Buffer>> buffers;
  uint64_t nextBase;
};

//===----------------------------------------------------------------------===//
// Running an entry
//===----------------------------------------------------------------------===//

/// A value bound to one entry argument.
struct ArgValue {
  enum Kind { Pointer, TileValue, Token, TensorView };
  Kind kind = Token;
  /// Pointer and tensor_view arguments: the address of element 0.
  uint64_t address = 0;
  /// tensor_view arguments: sizes and strides, in elements.
  std::vector<int64_t> shape, strides;
  /// Tile arguments (rank-0 scalars or whole tiles).
  Tile tile;

  static ArgValue pointer(uint64_t address) {
    ArgValue v;
    v.kind = Pointer;
    v.address = address;
    return v;
  }
  static ArgValue value(Tile tile) {
    ArgValue v;
    v.kind = TileValue;
    v.tile = std::move(tile);
    return v;
  }
  static ArgValue token() { return ArgValue(); }
  static ArgValue tensorView(uint64_t address, std::vector<int64_t> shape,
                             std::vector<int64_t> strides) {
    ArgValue v;
    v.kind = TensorView;
    v.address = address;
    v.shape = std::move(shape);
    v.strides = std::move(strides);
    return v;
  }
};

struct RunOptions {
  /// Tile blocks along x, y and z.
  std::array<int64_t, 3> grid = {1, 1, 1};
  /// Worker threads; 1 runs the tile blocks one after the other in the order
  /// x fastest, then y, then z.
  unsigned threads = 1;
  /// Where print_tko writes.
  llvm::raw_ostream *out = nullptr;
  /// Where warnings go (an `assume` that does not hold); none when null.
  llvm::raw_ostream *warnings = nullptr;
  /// Stop the run on an `assume` that does not hold instead of warning once
  /// per op and going on (the interpreter never relies on assumed facts).
  bool strictAssume = false;
  /// Operations the whole run may execute, over all tile blocks (terminators
  /// included); the run fails at the first one beyond. 0: no limit.
  uint64_t maxSteps = 0;
  /// Called after each tile block finished, with the number finished so far
  /// and the grid's total (from worker threads too, one call at a time).
  std::function<void(int64_t done, int64_t total)> onBlockDone;
};

/// The default HostMemoryBudget limit of `cuda-tile-run`: half of the
/// machine's physical memory (4 GiB where it cannot be determined).
uint64_t getDefaultMemoryLimit();

/// Runs `entry` with `args` over the grid of `options`, with the module's
/// globals allocated in `memory`. On failure (a failed assert, an invalid
/// memory access, undefined behaviour detected, an unsupported construct)
/// returns failure and sets `error` to a single-line message naming the
/// operation's location.
LogicalResult runEntry(EntryOp entry, llvm::ArrayRef<ArgValue> args,
                       const RunOptions &options, DeviceMemory &memory,
                       std::string &error);

//===----------------------------------------------------------------------===//
// Loading modules and the command-line driver
//===----------------------------------------------------------------------===//

/// The names entry arguments have in the text (`%alpha` is "alpha"), per
/// entry; bytecode keeps no names.
using ArgumentNames = llvm::DenseMap<Operation *, std::vector<std::string>>;

/// Parses `buffer` (MLIR text or bytecode, told by its magic) into a
/// cuda_tile module; with `argNames`, also records the entries' argument
/// names. Diagnostics go to llvm::errs(); returns null on failure.
OwningOpRef<ModuleOp> loadModule(std::unique_ptr<llvm::MemoryBuffer> buffer,
                                 MLIRContext *context,
                                 ArgumentNames *argNames = nullptr);

/// The whole `cuda-tile-run` tool; returns the process exit code (0: success,
/// 1: the kernel failed at run time, 2: bad command line or input).
int runCommandLine(int argc, char **argv);

} // namespace mlir::cuda_tile::interp

#endif // CUDA_TILE_INTERPRETER_INTERPRETER_H
