//===- ConversionPlan.h - moving a tile between two layouts -----*- C++ -*-===//
//
// Given the layout a tile is held in (source) and the layout it is needed in
// (destination), both distributed over the same CTA, a ConversionPlan says
// how every thread obtains each destination register, using the cheapest of
// three mechanisms:
//
//  * register permutation: every thread already holds what it needs;
//  * warp shuffles: data only moves between lanes of one warp (shfl.sync);
//  * shared memory: owners store the source registers, barrier, every thread
//    loads its destination registers, through a swizzled layout chosen so
//    that the warp-wide accesses are free of bank conflicts.
//
// The plan is plain data (per register, per thread) so that a code generator
// can emit it and a CPU model can execute it.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_LAYOUT_CONVERSIONPLAN_H
#define CUDA_TILE_LAYOUT_CONVERSIONPLAN_H

#include "cuda_tile/Layout/LinearLayout.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace mlir::cuda_tile {

enum class ConversionKind {
  /// Destination register r of every thread is a source register of the
  /// same thread, the same for all threads.
  RegisterPermutation,
  /// Destination registers come from other lanes of the same warp.
  WarpShuffle,
  /// Through a shared memory buffer: store, barrier, load.
  SharedMemory,
};

llvm::StringRef stringifyConversionKind(ConversionKind kind);

/// One warp-wide shfl.sync (or, when `local`, a register move in every
/// thread). Tables are indexed by thread = 32 * warp + lane. Each thread
/// offers one of its source registers, reads the value offered by one lane
/// of its warp and keeps it in one of its destination registers; a register
/// that differs between threads is picked with selects.
struct ShuffleStep {
  /// Every thread reads its own lane: no shuffle is needed.
  bool local = false;
  /// The source register each thread offers.
  llvm::SmallVector<unsigned> sendRegister;
  /// The lane of its own warp each thread reads from.
  llvm::SmallVector<unsigned> srcLane;
  /// The destination register the value read goes to, or -1 when this step
  /// brings the thread nothing.
  llvm::SmallVector<int> dstRegister;

  /// Whether every thread offers the same register.
  bool hasUniformSendRegister() const;
  /// Whether every thread keeps the value in the same register.
  bool hasUniformDstRegister() const;
};

/// How one tile moves from a source to a destination layout.
struct ConversionPlan {
  ConversionKind kind = ConversionKind::RegisterPermutation;
  unsigned elementBytes = 0;
  unsigned numWarps = 0;
  unsigned numSrcRegisters = 0;
  unsigned numDstRegisters = 0;

  /// RegisterPermutation: destination register r is source register
  /// registerSource[r], in every thread.
  llvm::SmallVector<unsigned> registerSource;

  /// WarpShuffle: the steps, in order; every destination register of every
  /// thread is written by exactly one of them.
  llvm::SmallVector<ShuffleStep> shuffleSteps;

  /// SharedMemory: the buffer's layout (offset in elements -> element).
  LinearLayout sharedLayout;
  /// SharedMemory: the buffer size in bytes.
  unsigned sharedBytes = 0;
  /// SharedMemory: how many consecutive registers one store (load)
  /// instruction moves as a vector of consecutive, aligned bytes.
  unsigned storeVectorElements = 1;
  unsigned loadVectorElements = 1;
  /// SharedMemory: the byte offset thread t stores source register r to, at
  /// [t * numSrcRegisters + r]; -1 where the register is a replica that
  /// another thread or register stores.
  llvm::SmallVector<int64_t> storeOffsets;
  /// SharedMemory: the byte offset thread t loads destination register r
  /// from, at [t * numDstRegisters + r].
  llvm::SmallVector<int64_t> loadOffsets;
  /// SharedMemory: the bank conflict degree of every warp-wide store (load):
  /// the most distinct 4-byte words one bank serves in one phase of the
  /// access (accesses of 8 and 16 bytes per lane are served 16 and 8 lanes
  /// at a time); 1 means conflict-free.
  unsigned storeConflictWays = 1;
  unsigned loadConflictWays = 1;

  /// The number of shfl.sync instructions per warp (non-local steps, counted
  /// once per element whatever its width).
  unsigned getNumShuffles() const;
  bool isConflictFree() const {
    return storeConflictWays == 1 && loadConflictWays == 1;
  }
};

/// Which mechanisms a plan may use; the cheapest allowed one is chosen.
struct ConversionOptions {
  bool allowRegisterPermutation = true;
  bool allowWarpShuffle = true;
};

/// Plans the conversion of a tile of `elementBytes`-byte elements (1, 2, 4 or
/// 8) from `src` to `dst`. Both must be distributed layouts of the same tile
/// over the same number of warps, and every element `dst` places must be held
/// somewhere under `src`; otherwise returns nullopt.
std::optional<ConversionPlan> planConversion(const LinearLayout &src,
                                             const LinearLayout &dst,
                                             unsigned elementBytes,
                                             ConversionOptions options = {});

/// A conversion to the code generator's cyclic layout done in parts, for a
/// tile whose buffer would be too large: each part fixes some element index
/// bits (`partElementBits`), each the image of one source register bit
/// (`partRegisterBits`, ascending) and of no other basis, so part p is held
/// by the source registers whose part bits spell p. `plan` converts one part
/// (the source without those register bits, on `partShape`) to the cyclic
/// layout of `partShape`; it is the same for every part.
struct PartedConversion {
  llvm::SmallVector<unsigned> partRegisterBits;
  llvm::SmallVector<unsigned> partElementBits;
  llvm::SmallVector<int64_t> partShape;
  ConversionPlan plan;

  unsigned getNumParts() const { return 1u << partRegisterBits.size(); }
  /// The source register that register `reg` of `part` is.
  unsigned sourceRegister(unsigned part, unsigned reg) const;
  /// The whole tile's row-major index of the part's element `index`.
  uint64_t elementOf(unsigned part, uint64_t index) const;
};

/// Plans moving a tile from `src` to LinearLayout::cyclic with runs of
/// `runLength` through a shared buffer of at most `maxSharedBytes`, in as
/// few parts as fit (element bits below a run are never split, so a run of
/// the part is a run of the tile). nullopt when no split fits, when a part
/// would not cover the CTA with runs, or when the plan is not through
/// shared memory.
std::optional<PartedConversion>
planPartedConversion(const LinearLayout &src, unsigned elementBytes,
                     unsigned runLength, int64_t maxSharedBytes);

/// A table of byte offsets (thread t, register r at [t * numRegisters + r])
/// that is linear over XOR: offset(t, r) = registers[r] ^ the XOR of
/// threadBits[i] over the set bits i of t.
struct XorOffsets {
  llvm::SmallVector<int64_t> threadBits;
  llvm::SmallVector<int64_t> registers;
};

/// The XOR-linear form of `table`, or nullopt when it has none (or holds
/// -1 entries).
std::optional<XorOffsets> xorOffsetsOf(llvm::ArrayRef<int64_t> table,
                                       unsigned numThreads,
                                       unsigned numRegisters);

/// Where every thread already holds what `dst` places in its registers, in
/// the same registers of `src` in every thread (a register permutation,
/// replicas allowed): for each register of `dst`, its register of `src`;
/// nullopt otherwise.
std::optional<llvm::SmallVector<unsigned>>
registerPermutationOf(const LinearLayout &src, const LinearLayout &dst);

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_LAYOUT_CONVERSIONPLAN_H
