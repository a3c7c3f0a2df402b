//===- LinearLayout.cpp - layouts as linear maps over GF(2) ---------------===//
//
// Construction, evaluation and algebra of LinearLayout. Bases are packed
// output vectors (last output dimension in the lowest bits); inputs are
// flattened, where needed, with the first input dimension in the lowest bits.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Layout/LinearLayout.h"
#include "cuda_tile/Layout/TensorCoreLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cassert>

using namespace mlir::cuda_tile;
using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// GF2Basis
//===----------------------------------------------------------------------===//

std::pair<uint64_t, uint64_t> GF2Basis::reduce(uint64_t vector) const {
  uint64_t combination = 0;
  // Walk the set bits from the top; a pivot clears its bit and may set lower
  // ones only.
  for (uint64_t high = vector; high != 0;) {
    unsigned bit = 63 - llvm::countl_zero(high);
    if (pivotVector[bit] != 0) {
      vector ^= pivotVector[bit];
      combination ^= pivotCombination[bit];
    }
    high = vector & ((uint64_t(1) << bit) - 1);
  }
  return {vector, combination};
}

bool GF2Basis::insert(uint64_t vector, uint64_t combination) {
  auto [rest, removed] = reduce(vector);
  if (rest == 0)
    return false;
  unsigned bit = 63 - llvm::countl_zero(rest);
  pivotVector[bit] = rest;
  pivotCombination[bit] = combination ^ removed;
  ++numPivots;
  return true;
}

std::optional<uint64_t> GF2Basis::solve(uint64_t target) const {
  auto [rest, combination] = reduce(target);
  if (rest != 0)
    return std::nullopt;
  return combination;
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static unsigned log2Exact(int64_t value) {
  assert(value > 0 && llvm::isPowerOf2_64(value) && "expected a power of two");
  return llvm::Log2_64(value);
}

static uint64_t lowMask(unsigned bits) {
  return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
}

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

LinearLayout::LinearLayout(SmallVector<InDim> inDims,
                           SmallVector<OutDim> outDims)
    : inDims(std::move(inDims)), outDims(std::move(outDims)) {
  assert(getTotalInBits() <= 64 && getTotalOutBits() <= 64 &&
         "at most 64 input and output bits");
#ifndef NDEBUG
  uint64_t outMask = lowMask(getTotalOutBits());
  for (const InDim &in : this->inDims)
    for (uint64_t basis : in.bases)
      assert((basis & ~outMask) == 0 && "basis outside the output");
#endif
}

std::string LinearLayout::tileDimName(unsigned dim) {
  return "dim" + std::to_string(dim);
}

SmallVector<LinearLayout::OutDim>
LinearLayout::tileOutDims(ArrayRef<int64_t> shape) {
  SmallVector<OutDim> dims;
  for (auto [index, size] : llvm::enumerate(shape))
    dims.push_back({tileDimName(index), log2Exact(size)});
  return dims;
}

namespace {
/// Packs per-dimension unit vectors of a tile; coordinates at or beyond a
/// dimension's size give zero (the coordinate is taken modulo the size).
struct TilePacker {
  explicit TilePacker(ArrayRef<int64_t> shape) {
    unsigned shift = 0;
    bits.resize(shape.size());
    shifts.resize(shape.size());
    for (int dim = shape.size() - 1; dim >= 0; --dim) {
      bits[dim] = log2Exact(shape[dim]);
      shifts[dim] = shift;
      shift += bits[dim];
    }
  }
  /// The packed image of coordinate 2^bit along `dim`.
  uint64_t unit(unsigned dim, unsigned bit) const {
    return bit < bits[dim] ? uint64_t(1) << (shifts[dim] + bit) : 0;
  }
  uint64_t pack(ArrayRef<int64_t> coordinates) const {
    assert(coordinates.size() == bits.size() && "coordinate rank mismatch");
    uint64_t packed = 0;
    for (auto [dim, coordinate] : llvm::enumerate(coordinates))
      packed |= (uint64_t(coordinate) & lowMask(bits[dim])) << shifts[dim];
    return packed;
  }
  SmallVector<unsigned> bits, shifts;
};
} // namespace

LinearLayout LinearLayout::distributed(ArrayRef<int64_t> shape,
                                       ArrayRef<SmallVector<int64_t>> registers,
                                       ArrayRef<SmallVector<int64_t>> lanes,
                                       ArrayRef<SmallVector<int64_t>> warps) {
  assert(lanes.size() == kLaneBits && "a warp has 32 lanes");
  TilePacker packer(shape);
  auto packAll = [&](ArrayRef<SmallVector<int64_t>> coordinates) {
    SmallVector<uint64_t> bases;
    for (const SmallVector<int64_t> &c : coordinates)
      bases.push_back(packer.pack(c));
    return bases;
  };
  return LinearLayout({{kRegister.str(), packAll(registers)},
                       {kLane.str(), packAll(lanes)},
                       {kWarp.str(), packAll(warps)}},
                      tileOutDims(shape));
}

LinearLayout LinearLayout::blocked(ArrayRef<int64_t> shape,
                                   ArrayRef<unsigned> sizePerThread,
                                   ArrayRef<unsigned> threadsPerWarp,
                                   ArrayRef<unsigned> warpsPerCTA,
                                   ArrayRef<unsigned> order) {
  unsigned rank = shape.size();
  assert(sizePerThread.size() == rank && threadsPerWarp.size() == rank &&
         warpsPerCTA.size() == rank && order.size() == rank &&
         "blocked layout parameters must have the tile's rank");
  TilePacker packer(shape);
  // covered[d]: how many bits of dimension d the bases so far walk.
  SmallVector<unsigned> covered(rank, 0);
  SmallVector<uint64_t> registers, lanes, warps;
  auto assign = [&](ArrayRef<unsigned> sizes, SmallVector<uint64_t> &bases,
                    bool dropOutside) {
    for (unsigned dim : order) {
      for (unsigned i = 0, e = log2Exact(sizes[dim]); i < e; ++i) {
        uint64_t basis = packer.unit(dim, covered[dim]++);
        // A register beyond the tile would only repeat an element.
        if (basis != 0 || !dropOutside)
          bases.push_back(basis);
      }
    }
  };
  assign(sizePerThread, registers, /*dropOutside=*/true);
  assign(threadsPerWarp, lanes, /*dropOutside=*/false);
  assign(warpsPerCTA, warps, /*dropOutside=*/false);
  assert(lanes.size() == kLaneBits && "threadsPerWarp must multiply to 32");
  // The rest of the tile: the CTA's block repeats in more registers.
  for (unsigned dim : order)
    while (covered[dim] < packer.bits[dim])
      registers.push_back(packer.unit(dim, covered[dim]++));
  return LinearLayout({{kRegister.str(), std::move(registers)},
                       {kLane.str(), std::move(lanes)},
                       {kWarp.str(), std::move(warps)}},
                      tileOutDims(shape));
}

LinearLayout LinearLayout::cyclic(ArrayRef<int64_t> shape, unsigned numWarps,
                                  unsigned runLength) {
  SmallVector<OutDim> outs = tileOutDims(shape);
  unsigned elementBits = 0;
  for (const OutDim &out : outs)
    elementBits += out.numBits;
  unsigned warpBits = log2Exact(numWarps);
  unsigned runBits = log2Exact(runLength);
  assert((runBits == 0 || runBits + kLaneBits + warpBits <= elementBits) &&
         "runs longer than one element need a tile covering the CTA");
  // Thread t's bit i is element bit runBits + i (zero past the tile: modulo
  // N); the low register bits walk a run.
  auto flatUnit = [&](unsigned bit) {
    return bit < elementBits ? uint64_t(1) << bit : 0;
  };
  SmallVector<uint64_t> registers, lanes, warps;
  for (unsigned i = 0; i < runBits; ++i)
    registers.push_back(flatUnit(i));
  for (unsigned i = 0; i < kLaneBits; ++i)
    lanes.push_back(flatUnit(runBits + i));
  for (unsigned i = 0; i < warpBits; ++i)
    warps.push_back(flatUnit(runBits + kLaneBits + i));
  for (unsigned bit = runBits + kLaneBits + warpBits; bit < elementBits; ++bit)
    registers.push_back(flatUnit(bit));
  return LinearLayout({{kRegister.str(), std::move(registers)},
                       {kLane.str(), std::move(lanes)},
                       {kWarp.str(), std::move(warps)}},
                      std::move(outs));
}

LinearLayout LinearLayout::mmaAccumulator(ArrayRef<int64_t> shape,
                                          unsigned numWarps, unsigned instRows,
                                          unsigned instCols, bool wholeRows) {
  assert((shape.size() == 2 || shape.size() == 3) && instCols == 8 &&
         (instRows == 16 || instRows == 8) && "an mma.sync accumulator");
  int64_t batch = shape.size() == 3 ? shape[0] : 1;
  int64_t rows = shape[shape.size() - 2], cols = shape.back();
  int64_t tilesM = rows / instRows, tilesN = cols / instCols;
  MmaWarpGrid grid = MmaWarpGrid::choose(batch, tilesM, tilesN, numWarps,
                                         instRows, instCols, wholeRows);
  assert(grid.numWarps() == int64_t(numWarps) &&
         "the warps divide the output tiles");
  int64_t blockB = batch / grid.batchWarps, blockM = tilesM / grid.rowWarps,
          blockN = tilesN / grid.colWarps;
  unsigned fragmentBits = log2Exact(instRows * instCols / kLanesPerWarp);
  // Row-major index of fragment element i of the warp's j-th tile in lane
  // `lane`; every field is a power of two, so each input bit moves one
  // index bit.
  auto index = [&](int64_t warp, int64_t j, int64_t i,
                   int64_t lane) -> uint64_t {
    int64_t wn = warp % grid.colWarps, wm = warp / grid.colWarps % grid.rowWarps;
    int64_t wb = warp / (grid.colWarps * grid.rowWarps);
    int64_t jn = j % blockN, jm = j / blockN % blockM, jb = j / (blockN * blockM);
    int64_t b = wb * blockB + jb, mt = wm * blockM + jm, nt = wn * blockN + jn;
    int64_t row = mt * instRows + lane / 4 + (instRows == 16 ? 8 * (i / 2) : 0);
    int64_t col = nt * instCols + 2 * (lane % 4) + (instRows == 16 ? i % 2 : i);
    return uint64_t((b * rows + row) * cols + col);
  };
  SmallVector<uint64_t> registers, lanes, warps;
  for (unsigned bit = 0; bit < fragmentBits; ++bit)
    registers.push_back(index(0, 0, int64_t(1) << bit, 0));
  for (int64_t j = 1; j < blockB * blockM * blockN; j *= 2)
    registers.push_back(index(0, j, 0, 0));
  for (unsigned bit = 0; bit < kLaneBits; ++bit)
    lanes.push_back(index(0, 0, 0, int64_t(1) << bit));
  for (int64_t warp = 1; warp < numWarps; warp *= 2)
    warps.push_back(index(warp, 0, 0, 0));
  return LinearLayout({{kRegister.str(), std::move(registers)},
                       {kLane.str(), std::move(lanes)},
                       {kWarp.str(), std::move(warps)}},
                      tileOutDims(shape));
}

/// Bases mapping input bit i to output bit i for every bit of `outs`.
static SmallVector<uint64_t>
unitBases(ArrayRef<LinearLayout::OutDim> outs) {
  unsigned elementBits = 0;
  for (const LinearLayout::OutDim &out : outs)
    elementBits += out.numBits;
  SmallVector<uint64_t> bases;
  for (unsigned bit = 0; bit < elementBits; ++bit)
    bases.push_back(uint64_t(1) << bit);
  return bases;
}

LinearLayout LinearLayout::replicated(ArrayRef<int64_t> shape,
                                      unsigned numWarps) {
  SmallVector<OutDim> outs = tileOutDims(shape);
  SmallVector<uint64_t> registers = unitBases(outs);
  return LinearLayout(
      {{kRegister.str(), std::move(registers)},
       {kLane.str(), SmallVector<uint64_t>(kLaneBits, 0)},
       {kWarp.str(), SmallVector<uint64_t>(log2Exact(numWarps), 0)}},
      std::move(outs));
}

LinearLayout LinearLayout::sliced(const LinearLayout &parent, unsigned dim) {
  ArrayRef<OutDim> parentOuts = parent.getOutDims();
  assert(dim < parentOuts.size() && "slicing a dimension the tile lacks");
  unsigned shift = parent.getOutDimShift(dim);
  unsigned bits = parentOuts[dim].numBits;
  // Dimensions after `dim` keep their low bits; those before move down.
  auto drop = [&](uint64_t basis) {
    return (basis & lowMask(shift)) | ((basis >> (shift + bits)) << shift);
  };
  SmallVector<InDim> ins;
  for (const InDim &in : parent.getInDims()) {
    InDim slicedIn{in.name, {}};
    for (uint64_t basis : in.bases) {
      uint64_t image = drop(basis);
      if (image == 0 && in.name == kRegister)
        continue;
      slicedIn.bases.push_back(image);
    }
    ins.push_back(std::move(slicedIn));
  }
  SmallVector<OutDim> outs;
  for (auto [index, out] : llvm::enumerate(parentOuts))
    if (index != dim)
      outs.push_back({tileDimName(outs.size()), out.numBits});
  return LinearLayout(std::move(ins), std::move(outs));
}

LinearLayout LinearLayout::collapsed(const LinearLayout &layout,
                                     ArrayRef<int64_t> source) {
  assert(source.size() == layout.getOutDims().size() &&
         "a broadcast keeps the rank");
  TilePacker packer(source);
  SmallVector<InDim> ins;
  for (const InDim &in : layout.getInDims()) {
    InDim seen{in.name, {}};
    for (uint64_t basis : in.bases) {
      SmallVector<uint64_t> coordinates = layout.unpackOutput(basis);
      SmallVector<int64_t> kept;
      for (auto [dim, coordinate] : llvm::enumerate(coordinates)) {
        assert((source[dim] == 1 ||
                packer.bits[dim] == layout.getOutDims()[dim].numBits) &&
               "a broadcast dimension has size 1");
        kept.push_back(source[dim] == 1 ? 0 : int64_t(coordinate));
      }
      seen.bases.push_back(packer.pack(kept));
    }
    ins.push_back(std::move(seen));
  }
  return LinearLayout(std::move(ins), tileOutDims(source));
}

LinearLayout LinearLayout::identity(ArrayRef<int64_t> shape, StringRef inName) {
  SmallVector<OutDim> outs = tileOutDims(shape);
  SmallVector<uint64_t> bases = unitBases(outs);
  return LinearLayout({{inName.str(), std::move(bases)}}, std::move(outs));
}

LinearLayout LinearLayout::swizzledShared(ArrayRef<int64_t> shape, unsigned vec,
                                          unsigned perPhase, unsigned maxPhase,
                                          ArrayRef<unsigned> order) {
  assert(order.size() == shape.size() && "order must have the tile's rank");
  TilePacker packer(shape);
  unsigned vecBits = log2Exact(vec);
  unsigned perPhaseBits = log2Exact(perPhase);
  unsigned maxPhaseBits = log2Exact(maxPhase);
  SmallVector<uint64_t> bases;
  for (auto [position, dim] : llvm::enumerate(order)) {
    for (unsigned bit = 0; bit < packer.bits[dim]; ++bit) {
      uint64_t basis = packer.unit(dim, bit);
      // Row bit `bit` flips phase bit (bit - perPhaseBits) of the columns.
      if (position == 1 && bit >= perPhaseBits &&
          bit - perPhaseBits < maxPhaseBits) {
        unsigned column = order[0];
        uint64_t flip = uint64_t(1) << (bit - perPhaseBits + vecBits);
        basis ^= (flip & lowMask(packer.bits[column])) << packer.shifts[column];
      }
      bases.push_back(basis);
    }
  }
  return LinearLayout({{kOffset.str(), std::move(bases)}}, tileOutDims(shape));
}

//===----------------------------------------------------------------------===//
// Dimensions
//===----------------------------------------------------------------------===//

std::optional<unsigned> LinearLayout::findInDim(StringRef name) const {
  for (auto [index, in] : llvm::enumerate(inDims))
    if (in.name == name)
      return index;
  return std::nullopt;
}

unsigned LinearLayout::getInDimBits(StringRef name) const {
  return getBases(name).size();
}

ArrayRef<uint64_t> LinearLayout::getBases(StringRef name) const {
  if (std::optional<unsigned> index = findInDim(name))
    return inDims[*index].bases;
  return {};
}

unsigned LinearLayout::getTotalInBits() const {
  unsigned total = 0;
  for (const InDim &in : inDims)
    total += in.bases.size();
  return total;
}

unsigned LinearLayout::getTotalOutBits() const {
  unsigned total = 0;
  for (const OutDim &out : outDims)
    total += out.numBits;
  return total;
}

SmallVector<int64_t> LinearLayout::getOutShape() const {
  SmallVector<int64_t> shape;
  for (const OutDim &out : outDims)
    shape.push_back(int64_t(1) << out.numBits);
  return shape;
}

unsigned LinearLayout::getOutDimShift(unsigned dim) const {
  unsigned shift = 0;
  for (unsigned later = dim + 1; later < outDims.size(); ++later)
    shift += outDims[later].numBits;
  return shift;
}

bool LinearLayout::isDistributed() const {
  return inDims.size() == 3 && inDims[0].name == kRegister &&
         inDims[1].name == kLane && inDims[1].bases.size() == kLaneBits &&
         inDims[2].name == kWarp;
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

uint64_t LinearLayout::apply(ArrayRef<uint64_t> inputs) const {
  assert(inputs.size() == inDims.size() && "one index per input dimension");
  uint64_t image = 0;
  for (auto [in, index] : llvm::zip_equal(inDims, inputs)) {
    assert((index >> in.bases.size()) == 0 && "index out of range");
    for (uint64_t bits = index; bits != 0; bits &= bits - 1)
      image ^= in.bases[llvm::countr_zero(bits)];
  }
  return image;
}

uint64_t LinearLayout::apply(uint64_t reg, uint64_t lane, uint64_t warp) const {
  assert(isDistributed() && "apply(reg, lane, warp) needs a distributed "
                            "layout");
  uint64_t image = 0;
  for (auto [in, index] : llvm::zip_equal(inDims, std::array{reg, lane, warp}))
    for (uint64_t bits = index; bits != 0; bits &= bits - 1)
      image ^= in.bases[llvm::countr_zero(bits)];
  return image;
}

SmallVector<uint64_t> LinearLayout::unpackOutput(uint64_t packed) const {
  SmallVector<uint64_t> coordinates(outDims.size());
  for (int dim = outDims.size() - 1; dim >= 0; --dim) {
    coordinates[dim] = packed & lowMask(outDims[dim].numBits);
    packed >>= outDims[dim].numBits;
  }
  return coordinates;
}

uint64_t LinearLayout::packOutput(ArrayRef<uint64_t> coordinates) const {
  assert(coordinates.size() == outDims.size() && "one coordinate per output");
  uint64_t packed = 0;
  for (auto [out, coordinate] : llvm::zip_equal(outDims, coordinates)) {
    assert((coordinate >> out.numBits) == 0 && "coordinate out of range");
    packed = (packed << out.numBits) | coordinate;
  }
  return packed;
}

//===----------------------------------------------------------------------===//
// Properties
//===----------------------------------------------------------------------===//

bool LinearLayout::isInjective() const {
  GF2Basis span;
  for (const InDim &in : inDims)
    for (uint64_t basis : in.bases)
      if (basis != 0 && !span.insert(basis))
        return false;
  return true;
}

bool LinearLayout::isSurjective() const {
  GF2Basis span;
  for (const InDim &in : inDims)
    for (uint64_t basis : in.bases)
      span.insert(basis);
  return span.rank() == getTotalOutBits();
}

bool LinearLayout::isBijective() const {
  return getTotalInBits() == getTotalOutBits() && isSurjective();
}

uint64_t LinearLayout::getFreeBits(StringRef name) const {
  uint64_t mask = 0;
  for (auto [bit, basis] : llvm::enumerate(getBases(name)))
    if (basis == 0)
      mask |= uint64_t(1) << bit;
  return mask;
}

unsigned LinearLayout::contiguousElementsPerThread(unsigned dim) const {
  assert(dim < outDims.size() && "no such output dimension");
  ArrayRef<uint64_t> registers = getBases(kRegister);
  unsigned shift = getOutDimShift(dim);
  unsigned count = 0;
  while (count < registers.size() && count < outDims[dim].numBits &&
         registers[count] == uint64_t(1) << (shift + count))
    ++count;
  return 1u << count;
}

//===----------------------------------------------------------------------===//
// Algebra
//===----------------------------------------------------------------------===//

LinearLayout LinearLayout::compose(const LinearLayout &outer) const {
  assert(outDims.size() == outer.inDims.size() &&
         "composed layouts must chain");
  for (auto [out, in] : llvm::zip_equal(outDims, outer.inDims)) {
    (void)out;
    (void)in;
    assert(out.name == in.name && out.numBits == in.bases.size() &&
           "composed layouts must chain");
  }
  SmallVector<InDim> ins;
  for (const InDim &in : inDims) {
    InDim composed{in.name, {}};
    for (uint64_t basis : in.bases)
      composed.bases.push_back(outer.apply(unpackOutput(basis)));
    ins.push_back(std::move(composed));
  }
  return LinearLayout(std::move(ins), SmallVector<OutDim>(outer.outDims.begin(),
                                                          outer.outDims.end()));
}

LinearLayout LinearLayout::invert() const {
  // Flattened input bit j (first dimension lowest) is tagged 1 << j.
  GF2Basis span;
  unsigned flatBit = 0;
  for (const InDim &in : inDims)
    for (uint64_t basis : in.bases)
      span.insert(basis, uint64_t(1) << flatBit++);
  assert(span.rank() == getTotalOutBits() &&
         "only a surjective layout has a right inverse");

  // The inverse outputs the inputs of this, packed last dimension lowest.
  SmallVector<OutDim> inverseOuts;
  SmallVector<unsigned> flatShift, packedShift(inDims.size());
  unsigned flat = 0;
  for (const InDim &in : inDims) {
    inverseOuts.push_back({in.name, unsigned(in.bases.size())});
    flatShift.push_back(flat);
    flat += in.bases.size();
  }
  unsigned packed = 0;
  for (int dim = inDims.size() - 1; dim >= 0; --dim) {
    packedShift[dim] = packed;
    packed += inDims[dim].bases.size();
  }
  auto repack = [&](uint64_t flatMask) {
    uint64_t result = 0;
    for (auto [dim, in] : llvm::enumerate(inDims))
      result |= ((flatMask >> flatShift[dim]) & lowMask(in.bases.size()))
                << packedShift[dim];
    return result;
  };

  SmallVector<InDim> inverseIns;
  for (auto [dim, out] : llvm::enumerate(outDims)) {
    InDim inverseIn{out.name, {}};
    unsigned shift = getOutDimShift(dim);
    for (unsigned bit = 0; bit < out.numBits; ++bit) {
      std::optional<uint64_t> source = span.solve(uint64_t(1) << (shift + bit));
      inverseIn.bases.push_back(source ? repack(*source) : 0);
    }
    inverseIns.push_back(std::move(inverseIn));
  }
  return LinearLayout(std::move(inverseIns), std::move(inverseOuts));
}

bool LinearLayout::operator==(const LinearLayout &other) const {
  if (inDims.size() != other.inDims.size() ||
      outDims.size() != other.outDims.size())
    return false;
  for (auto [a, b] : llvm::zip_equal(inDims, other.inDims))
    if (a.name != b.name || a.bases != b.bases)
      return false;
  for (auto [a, b] : llvm::zip_equal(outDims, other.outDims))
    if (a.name != b.name || a.numBits != b.numBits)
      return false;
  return true;
}

void LinearLayout::print(llvm::raw_ostream &os) const {
  llvm::interleave(
      inDims, os,
      [&](const InDim &in) {
        os << in.name << "=[";
        llvm::interleave(
            in.bases, os,
            [&](uint64_t basis) {
              os << '[';
              llvm::interleave(unpackOutput(basis), os, ",");
              os << ']';
            },
            ",");
        os << ']';
      },
      ", ");
}

std::string LinearLayout::str() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  print(os);
  return text;
}

llvm::raw_ostream &mlir::cuda_tile::operator<<(llvm::raw_ostream &os,
                                               const LinearLayout &layout) {
  layout.print(os);
  return os;
}
