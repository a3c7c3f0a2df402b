//===- Exec.h - execution state shared by the op implementations -*- C++ -*-===//
#ifndef CUDA_TILE_LIB_INTERPRETER_EXEC_H
#define CUDA_TILE_LIB_INTERPRETER_EXEC_H

#include "Numeric.h"

#include "cuda_tile/IR/CudaTileOps.h"
#include "cuda_tile/Interpreter/Interpreter.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"

#include <atomic>
#include <mutex>

namespace mlir::cuda_tile::interp {

/// A tensor_view or one of the tiled views built on it.
struct ViewData {
  enum Kind { Tensor, Partition, Strided, Gather };
  Kind kind = Tensor;
  ElemKind elem = ElemKind::F32;
  uint64_t base = 0;
  /// The tensor: sizes and strides in elements.
  llvm::SmallVector<int64_t, 4> shape, strides;
  /// Tiled views.
  llvm::SmallVector<int64_t, 4> tileShape;
  llvm::SmallVector<int32_t, 4> dimMap;
  llvm::SmallVector<int64_t, 4> traversalStrides;
  int32_t sparseDim = -1;
  std::optional<PaddingValue> padding;
};

/// The runtime value of an SSA value.
struct RtValue {
  enum Kind : uint8_t { None, TileV, ViewV, TokenV };
  Kind kind = None;
  Tile tile;
  std::shared_ptr<const ViewData> view;

  static RtValue ofTile(Tile t) {
    RtValue v;
    v.kind = TileV;
    v.tile = std::move(t);
    return v;
  }
  static RtValue ofView(std::shared_ptr<const ViewData> view) {
    RtValue v;
    v.kind = ViewV;
    v.view = std::move(view);
    return v;
  }
  static RtValue token() {
    RtValue v;
    v.kind = TokenV;
    return v;
  }
};

/// How a region's execution ended.
enum class SignalKind { None, Yield, Continue, Break, Return };
struct Signal {
  SignalKind kind = SignalKind::None;
  llvm::SmallVector<RtValue, 4> values;
};

/// Everything about a run that tile blocks share; read-only while they run
/// except for the output stream and the abort flag.
class Program {
public:
  Program(EntryOp entry, DeviceMemory &memory, const RunOptions &options)
      : entry(entry), memory(memory), options(options) {}

  /// Numbers values, materialises constants, allocates globals.
  LogicalResult prepare(std::string &error);

  EntryOp entry;
  DeviceMemory &memory;
  RunOptions options;
  llvm::DenseMap<Value, unsigned> slots;
  unsigned numSlots = 0;
  llvm::DenseMap<Operation *, Tile> constants;
  llvm::StringMap<uint64_t> globals;
  /// Combiner regions whose ops all work lane-wise: reduce and scan run them
  /// once per step over all lanes at a time.
  llvm::DenseMap<Operation *, bool> laneWiseCombiners;

  bool threaded = false;
  std::mutex outputMutex;
  /// Ops that already printed their warning in this run.
  llvm::DenseSet<Operation *> warned;
  std::atomic<bool> aborted{false};
  /// Operations executed so far, counted only under RunOptions::maxSteps.
  std::atomic<uint64_t> steps{0};
};

/// The state of one tile block.
class BlockExec {
public:
  explicit BlockExec(Program &program);

  /// Runs the entry for tile block `id`.
  LogicalResult run(std::array<int32_t, 3> id, llvm::ArrayRef<RtValue> args);

  Program &prog;
  std::array<int32_t, 3> blockId = {0, 0, 0};
  std::vector<RtValue> slots;
  std::string error;

  const RtValue &get(Value v) const { return slots[prog.slots.lookup(v)]; }
  const Tile &tile(Value v) const { return get(v).tile; }
  void set(Value v, RtValue r) { slots[prog.slots.lookup(v)] = std::move(r); }
  void setTile(Value v, Tile t) { set(v, RtValue::ofTile(std::move(t))); }

  /// Records `message` as the run's error, located at `op`; returns failure.
  LogicalResult fail(Operation *op, const llvm::Twine &message);
  /// Prints `message` as a warning at `op`, once per op and run.
  void warnOnce(Operation *op, const llvm::Twine &message);

  /// Runs the ops of `block` with its arguments bound to `args`. A region
  /// terminator (or the end of the block) ends it; `signal` tells which.
  LogicalResult runBlock(Block &block, llvm::ArrayRef<RtValue> args,
                         Signal &signal);
  LogicalResult execOp(Operation &op, Signal &signal);

  //===--------------------------------------------------------------------===//
  // Memory
  //===--------------------------------------------------------------------===//

  /// Host storage of `bytes` bytes at `address`, or null when they are not
  /// all inside one live buffer.
  uint8_t *translate(uint64_t address, uint64_t bytes) {
    Buffer *b = cached;
    if (!b || address - b->base >= b->size ||
        b->size - (address - b->base) < bytes ||
        !b->live.load(std::memory_order_relaxed)) {
      b = prog.memory.lookup(address);
      if (!b || !b->live.load() || address - b->base >= b->size ||
          b->size - (address - b->base) < bytes)
        return nullptr;
      cached = b;
    }
    return b->data.get() + (address - b->base);
  }
  /// Like translate, but reports misses, misaligned addresses (to `align`
  /// bytes) and writes to read-only buffers as errors at `op`. The message
  /// describes the access as `what` followed by the element index `index` of
  /// a tile of `shape` (built only on failure).
  uint8_t *access(Operation *op, uint64_t address, uint64_t bytes,
                  uint64_t align, bool write, const char *what,
                  llvm::ArrayRef<int64_t> shape, int64_t index) {
    if ((align <= 1 || address % align == 0)) {
      uint8_t *p = translate(address, bytes);
      if (p && (!write || !cached->readOnly))
        return p;
    }
    return reportAccess(op, address, bytes, align, write,
                        what + (" " + formatIndexOf(shape, index)));
  }
  uint8_t *reportAccess(Operation *op, uint64_t address, uint64_t bytes,
                        uint64_t align, bool write, const std::string &what);
  static std::string formatIndexOf(llvm::ArrayRef<int64_t> shape, int64_t i);

  /// Allocations made by alloca, released when their block ends.
  llvm::SmallVector<uint64_t, 4> allocas;

private:
  Buffer *cached = nullptr;
};

/// Outcome of an op family's dispatcher.
enum class ExecStatus { Ok, Failed, Unhandled };
inline ExecStatus toStatus(LogicalResult r) {
  return succeeded(r) ? ExecStatus::Ok : ExecStatus::Failed;
}

ExecStatus execArithOp(BlockExec &ex, Operation &op);
ExecStatus execShapeOp(BlockExec &ex, Operation &op, Signal &signal);
ExecStatus execMemoryOp(BlockExec &ex, Operation &op);

/// True for the ops a combiner region may hold to run over many lanes at a
/// time (elementwise ops, whose implementations broadcast operands of one
/// element, constants and yield).
bool isLaneWiseOp(Operation &op);

/// `[i, j, ...]` for element `linear` of a tile of `shape`.
std::string formatIndex(llvm::ArrayRef<int64_t> shape, int64_t linear);
/// `file:line:col` of a location, looking through names, call sites, fused
/// locations and the dialect's debug locations.
std::string formatLocation(Location loc);
/// A tile from an elements attribute (constants, globals, identities).
FailureOr<Tile> materializeElements(ElementsAttr attr, ElemKind kind,
                                    llvm::ArrayRef<int64_t> shape,
                                    std::string &error);
/// A rank-0 tile from an integer or float attribute of element kind `kind`.
FailureOr<Tile> materializeScalarAttr(Attribute attr, ElemKind kind,
                                      std::string &error);
/// The element kind of a tile-typed value.
ElemKind kindOf(Type tileType);

/// Memory images: the bytes elements occupy in global memory (i1 as a byte
/// 0/1, f4E2M1FN packed two to a byte, low nibble first) and back.
void encodeToMemory(const Tile &tile, uint8_t *dst);
void decodeFromMemory(const uint8_t *src, Tile &tile);
/// Bytes `count` elements of `kind` take in memory.
uint64_t getMemoryBytes(ElemKind kind, uint64_t count);

} // namespace mlir::cuda_tile::interp

#endif // CUDA_TILE_LIB_INTERPRETER_EXEC_H
