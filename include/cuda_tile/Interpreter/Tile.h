//===- Tile.h - runtime tiles of the cuda_tile interpreter ------*- C++ -*-===//
//
// The value representation of the interpreter: element kinds and tiles held
// as contiguous typed storage, so that operations run as loops over whole
// tiles.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_INTERPRETER_TILE_H
#define CUDA_TILE_INTERPRETER_TILE_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>

namespace mlir::cuda_tile::interp {

/// Every element type a tile can hold.
enum class ElemKind : uint8_t {
  I1,
  I4,
  I8,
  I16,
  I32,
  I64,
  F16,
  BF16,
  F32,
  TF32,
  F64,
  F8E4M3FN,
  F8E5M2,
  F8E8M0FNU,
  F4E2M1FN,
  /// 13.4's unsigned 8-bit float: no arithmetic takes it (not a float kind
  /// for isFloatKind), ftof converts it.
  F8E5M3FNU,
  Ptr,
};

/// The kind of an MLIR element type (a pointer type maps to `Ptr`); none for
/// types a tile cannot hold.
std::optional<ElemKind> getElemKind(Type type);
/// The kind named by the spelling used in types and on the command line
/// (`i32`, `bf16`, `f8E4M3FN`, ...); `ptr` is not accepted.
std::optional<ElemKind> parseElemKind(llvm::StringRef name);
/// The spelling of a kind, as in MLIR types.
llvm::StringRef getElemKindName(ElemKind kind);

/// Bytes one element occupies in a tile. Sub-byte kinds (i1, i4, f4E2M1FN)
/// take a byte each, holding the value's bits zero-extended; tf32 is held in
/// the layout of an f32.
unsigned getTileBytes(ElemKind kind);
/// The bit width of the kind's values (i1: 1, tf32: 19 bits of content but
/// 32 of storage, reported as 32; pointers: 64).
unsigned getBitWidth(ElemKind kind);
/// Bits one element occupies in memory: like the tile storage, except that
/// f4E2M1FN is packed two to a byte and i1 takes a byte.
unsigned getMemoryBits(ElemKind kind);
/// Bits an element contributes to `pack` / takes from `unpack`.
unsigned getPackBits(ElemKind kind);

inline bool isIntKind(ElemKind k) { return k <= ElemKind::I64; }
inline bool isFloatKind(ElemKind k) {
  return k >= ElemKind::F16 && k <= ElemKind::F4E2M1FN;
}

/// The host memory held by the interpreter's tiles and buffers, counted
/// process-wide against a limit (none by default; `cuda-tile-run` sets it
/// from --max-memory). Storage is counted from its allocation to its release.
/// The interpreter reserves what an op, a constant or a buffer needs before
/// allocating it, so that running out is a located error instead of the host
/// allocator ending the process.
class HostMemoryBudget {
public:
  static void setLimit(uint64_t bytes);
  static uint64_t getLimit();
  static uint64_t getUsed();
  /// Whether `bytes` more would stay within the limit now.
  static bool fits(uint64_t bytes);
  /// Counts `bytes` more unless the total would exceed the limit.
  [[nodiscard]] static bool reserve(uint64_t bytes);
  /// Counts `bytes` more whatever the limit (storage already checked for).
  static void add(uint64_t bytes);
  static void release(uint64_t bytes);
  /// "N bytes would exceed the memory limit of L bytes (U bytes in use; ...)".
  static std::string describeExhaustion(uint64_t bytes);
};

/// A tile value: a shape, an element kind and row-major storage. Tiles are
/// immutable once built, so copies share their storage.
class Tile {
public:
  Tile() = default;
  /// A fresh tile with uninitialised storage.
  static Tile alloc(ElemKind kind, llvm::ArrayRef<int64_t> shape);
  /// A fresh tile filled with zero bytes.
  static Tile zeros(ElemKind kind, llvm::ArrayRef<int64_t> shape);
  /// A rank-0 tile holding `bits` (the element's storage bits).
  static Tile scalar(ElemKind kind, uint64_t bits);

  /// The same elements with another shape of the same size.
  Tile reshaped(llvm::ArrayRef<int64_t> shape) const;

  ElemKind getKind() const { return kind; }
  llvm::ArrayRef<int64_t> getShape() const { return shape; }
  int64_t getRank() const { return shape.size(); }
  int64_t size() const { return numElements; }
  size_t getByteSize() const { return numElements * getTileBytes(kind); }
  bool isNull() const { return !storage; }

  uint8_t *bytes() const { return storage.get(); }
  template <typename T> T *as() const {
    return reinterpret_cast<T *>(storage.get());
  }

  /// Storage bits of element `i`, zero-extended.
  uint64_t getBits(int64_t i) const;
  void setBits(int64_t i, uint64_t bits) const;
  /// Integer element `i` read as signed (sign-extended from its width) or
  /// unsigned (zero-extended).
  int64_t getSigned(int64_t i) const;
  uint64_t getUnsigned(int64_t i) const;
  /// Float element `i` as a double (exact for every float kind).
  double getDouble(int64_t i) const;

private:
  ElemKind kind = ElemKind::I32;
  llvm::SmallVector<int64_t, 4> shape;
  int64_t numElements = 0;
  std::shared_ptr<uint8_t[]> storage;
};

/// Row-major strides (in elements) of `shape`.
llvm::SmallVector<int64_t, 4> getRowMajorStrides(llvm::ArrayRef<int64_t> shape);
/// Number of elements of `shape`.
int64_t getNumElements(llvm::ArrayRef<int64_t> shape);

} // namespace mlir::cuda_tile::interp

#endif // CUDA_TILE_INTERPRETER_TILE_H
