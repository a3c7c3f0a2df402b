//===- LinearLayout.h - layouts as linear maps over GF(2) -------*- C++ -*-===//
//
// Every dimension of a Tile IR tile is a power of two, so the way a tile is
// spread over the registers, lanes and warps of a CTA (or over the offsets of
// a shared memory buffer) is a linear map over GF(2): from the bits of the
// hardware indices to the bits of the row-major element index. Each input
// bit has a basis vector (its image); the image of an index is the XOR of
// the basis vectors of its set bits.
//
// A LinearLayout has named input dimensions ("register", "lane", "warp" for
// a distributed layout, "offset" for a shared memory layout) and named
// output dimensions ("dim0", "dim1", ... for a tile). Output coordinates are
// packed row-major over the output dimensions, the last one in the lowest
// bits, so the packed image of a distributed layout is the row-major element
// index of the tile.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_LAYOUT_LINEARLAYOUT_H
#define CUDA_TILE_LAYOUT_LINEARLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::cuda_tile {

/// The span over GF(2) of a set of bit vectors (up to 64 bits each). Each
/// inserted vector carries a combination mask (usually one bit naming it),
/// so that `solve` says which inserted vectors XOR to a target. Vectors are
/// kept in the order inserted: a vector already in the span is rejected, so
/// solutions use the earliest independent vectors.
class GF2Basis {
public:
  /// Adds `vector`, standing for the inputs in `combination`; returns false
  /// (and adds nothing) when it is already in the span.
  bool insert(uint64_t vector, uint64_t combination = 0);

  /// Whether `vector` is in the span.
  bool contains(uint64_t vector) const { return reduce(vector).first == 0; }

  /// The combination (XOR of the masks of accepted vectors) that gives
  /// `target`, or nullopt when `target` is outside the span.
  std::optional<uint64_t> solve(uint64_t target) const;

  /// The dimension of the span.
  unsigned rank() const { return numPivots; }

private:
  /// `vector` minus its component in the span, and the combination removed.
  std::pair<uint64_t, uint64_t> reduce(uint64_t vector) const;

  // pivotVector[b] is the kept vector whose highest set bit is b (0: none).
  std::array<uint64_t, 64> pivotVector{};
  std::array<uint64_t, 64> pivotCombination{};
  unsigned numPivots = 0;
};

/// A linear map over GF(2) from named input dimensions to named output
/// dimensions, every dimension a power of two (stored as its number of bits).
class LinearLayout {
public:
  /// A named input dimension and the image of each of its bits, packed over
  /// the output dimensions.
  struct InDim {
    std::string name;
    llvm::SmallVector<uint64_t> bases;
  };
  /// A named output dimension of 2^numBits coordinates.
  struct OutDim {
    std::string name;
    unsigned numBits = 0;
  };

  static constexpr llvm::StringLiteral kRegister = "register";
  static constexpr llvm::StringLiteral kLane = "lane";
  static constexpr llvm::StringLiteral kWarp = "warp";
  static constexpr llvm::StringLiteral kOffset = "offset";
  /// A warp has 32 lanes.
  static constexpr unsigned kLaneBits = 5;
  static constexpr unsigned kLanesPerWarp = 1u << kLaneBits;

  LinearLayout() = default;
  /// At most 64 input bits and 64 output bits in all; every basis must fit
  /// in the output bits.
  LinearLayout(llvm::SmallVector<InDim> inDims,
               llvm::SmallVector<OutDim> outDims);

  //===--------------------------------------------------------------------===//
  // Construction
  //===--------------------------------------------------------------------===//

  /// The name of output dimension `dim` of a tile: "dim0", "dim1", ...
  static std::string tileDimName(unsigned dim);

  /// The output dimensions of a tile of shape `shape` (powers of two).
  static llvm::SmallVector<OutDim> tileOutDims(llvm::ArrayRef<int64_t> shape);

  /// A distributed layout of a tile given by the coordinates of the image of
  /// every register, lane and warp bit (there must be exactly 5 lane bases).
  static LinearLayout
  distributed(llvm::ArrayRef<int64_t> shape,
              llvm::ArrayRef<llvm::SmallVector<int64_t>> registers,
              llvm::ArrayRef<llvm::SmallVector<int64_t>> lanes,
              llvm::ArrayRef<llvm::SmallVector<int64_t>> warps);

  /// The classic blocked layout: each thread holds a block of
  /// `sizePerThread` elements, `threadsPerWarp` (product 32) and
  /// `warpsPerCTA` such blocks tile the CTA's part, `order[0]` being the
  /// fastest varying dimension. Where the tile is larger than that, the
  /// registers wrap around (more registers); where it is smaller, lane and
  /// warp bits beyond it get zero bases (replication) and register bits
  /// beyond it are dropped.
  static LinearLayout blocked(llvm::ArrayRef<int64_t> shape,
                              llvm::ArrayRef<unsigned> sizePerThread,
                              llvm::ArrayRef<unsigned> threadsPerWarp,
                              llvm::ArrayRef<unsigned> warpsPerCTA,
                              llvm::ArrayRef<unsigned> order);

  /// The code generator's layout: runs of `runLength` consecutive elements
  /// dealt round-robin to the threads, so register k = c * V + j of thread
  /// t = 32 * warp + lane holds row-major element ((c * T + t) * V + j) mod N
  /// (T threads, N elements, V = runLength, a power of two with V * T <= N
  /// unless V is 1).
  static LinearLayout cyclic(llvm::ArrayRef<int64_t> shape, unsigned numWarps,
                             unsigned runLength = 1);

  /// The accumulator of mma.sync over a `[batch x] rows x cols` tile: output
  /// tiles of `instRows x instCols` (16x8, or 8x8 for f64) shared by the
  /// warps as MmaWarpGrid::choose arranges them (TensorCoreLayout.h):
  /// register `j * E + i` (E = instRows * instCols / 32) of lane `l` holds
  /// element `i` of the fragment of the j-th tile of the warp's block (row-
  /// major, columns fastest): row `l / 4 + 8 * (i / 2)`, column
  /// `2 * (l % 4) + i % 2` of the tile (16x8), or row `l / 4`, column
  /// `2 * (l % 4) + i` (8x8). `numWarps` must divide the number of tiles.
  /// `wholeRows` as MmaWarpGrid::choose takes it.
  static LinearLayout mmaAccumulator(llvm::ArrayRef<int64_t> shape,
                                     unsigned numWarps, unsigned instRows,
                                     unsigned instCols,
                                     bool wholeRows = false);

  /// Every thread holds the whole tile, register k holding element k.
  static LinearLayout replicated(llvm::ArrayRef<int64_t> shape,
                                 unsigned numWarps);

  /// The layout of the result of a reduction of `parent`'s tile along
  /// `dim`: that output dimension is dropped (the others are renamed dim0,
  /// dim1, ...), so the lanes and warps that spread `dim` become replicas,
  /// and registers that only walked along `dim` are removed.
  static LinearLayout sliced(const LinearLayout &parent, unsigned dim);

  /// `layout` seen through a broadcast from a tile of shape `source` (the
  /// layout's rank, each dimension the layout's size or 1): the coordinates
  /// of the dimensions of size 1 are dropped from every basis, so each
  /// register of each thread maps to the source element its element is a
  /// copy of.
  static LinearLayout collapsed(const LinearLayout &layout,
                                llvm::ArrayRef<int64_t> source);

  /// The row-major shared memory layout: offset -> element.
  static LinearLayout identity(llvm::ArrayRef<int64_t> shape,
                               llvm::StringRef inName = kOffset);

  /// A swizzled shared memory layout (offset -> element). Offsets walk the
  /// tile with `order[0]` fastest; in rank 2 and above, the element at row r
  /// (dimension order[1]) and column c (dimension order[0]) is stored at
  /// column c ^ (((r / perPhase) % maxPhase) * vec) of its row, keeping
  /// groups of `vec` elements together (the XOR wraps inside the row).
  static LinearLayout swizzledShared(llvm::ArrayRef<int64_t> shape,
                                     unsigned vec, unsigned perPhase,
                                     unsigned maxPhase,
                                     llvm::ArrayRef<unsigned> order);

  //===--------------------------------------------------------------------===//
  // Dimensions
  //===--------------------------------------------------------------------===//

  llvm::ArrayRef<InDim> getInDims() const { return inDims; }
  llvm::ArrayRef<OutDim> getOutDims() const { return outDims; }
  /// The index of input dimension `name`, or nullopt.
  std::optional<unsigned> findInDim(llvm::StringRef name) const;
  bool hasInDim(llvm::StringRef name) const {
    return findInDim(name).has_value();
  }
  /// The number of bits of input dimension `name` (0 when absent).
  unsigned getInDimBits(llvm::StringRef name) const;
  /// The bases of input dimension `name` (empty when absent).
  llvm::ArrayRef<uint64_t> getBases(llvm::StringRef name) const;
  unsigned getTotalInBits() const;
  unsigned getTotalOutBits() const;
  /// The output sizes (the tile shape for a tile layout).
  llvm::SmallVector<int64_t> getOutShape() const;
  /// The position of the lowest bit of output dimension `dim` in a packed
  /// output.
  unsigned getOutDimShift(unsigned dim) const;

  unsigned getNumRegisters() const { return 1u << getInDimBits(kRegister); }
  unsigned getNumLanes() const { return 1u << getInDimBits(kLane); }
  unsigned getNumWarps() const { return 1u << getInDimBits(kWarp); }
  /// Whether this has exactly the inputs register, lane (5 bits) and warp,
  /// in this order.
  bool isDistributed() const;

  //===--------------------------------------------------------------------===//
  // Evaluation
  //===--------------------------------------------------------------------===//

  /// The packed image of one index per input dimension (in order).
  uint64_t apply(llvm::ArrayRef<uint64_t> inputs) const;
  /// The element index held by register `reg` of lane `lane` of warp `warp`
  /// (for a distributed layout).
  uint64_t apply(uint64_t reg, uint64_t lane, uint64_t warp) const;
  /// The coordinate of each output dimension of a packed output.
  llvm::SmallVector<uint64_t> unpackOutput(uint64_t packed) const;
  /// The packed output of one coordinate per output dimension.
  uint64_t packOutput(llvm::ArrayRef<uint64_t> coordinates) const;

  //===--------------------------------------------------------------------===//
  // Properties
  //===--------------------------------------------------------------------===//

  /// Whether the non-zero bases are linearly independent: apart from the
  /// replication of zero bases, every output is reached at most once.
  bool isInjective() const;
  /// Whether every output is reached.
  bool isSurjective() const;
  /// Whether every output is reached exactly once.
  bool isBijective() const;
  /// The input bits of `name` whose basis is zero: flipping them gives the
  /// same output (replicas). Bit i of the mask is input bit i.
  uint64_t getFreeBits(llvm::StringRef name) const;
  /// How many consecutive elements along output dimension `dim` a thread
  /// holds in its first consecutive registers (the first k register bases
  /// are 1, 2, 4, ... along `dim`).
  unsigned contiguousElementsPerThread(unsigned dim) const;

  //===--------------------------------------------------------------------===//
  // Algebra
  //===--------------------------------------------------------------------===//

  /// x -> outer(this(x)); the output dimensions of this must be the input
  /// dimensions of `outer` (same names, sizes and order).
  LinearLayout compose(const LinearLayout &outer) const;

  /// A right inverse of a surjective layout: for each output, the input
  /// that reaches it using the earliest input bits (registers before lanes
  /// before warps, low bits first), so this(invert()(y)) == y. For a
  /// bijective layout this is the inverse. Input and output dimensions
  /// swap roles.
  LinearLayout invert() const;

  bool operator==(const LinearLayout &other) const;
  bool operator!=(const LinearLayout &other) const { return !(*this == other); }

  /// Prints the bases of each input dimension as output coordinates:
  /// `register=[[0,1],[0,2]], lane=[[1,0],...], warp=[]`.
  void print(llvm::raw_ostream &os) const;
  std::string str() const;

private:
  llvm::SmallVector<InDim> inDims;
  llvm::SmallVector<OutDim> outDims;
};

llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                              const LinearLayout &layout);

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_LAYOUT_LINEARLAYOUT_H
